// modelFromConfig(config): a Hugging Face config.json (text or parsed object) -> the model object
// kvMemory takes ({ layers, params? } plus name, modelType, maxContext and notes). A reader, not a
// calculator: it maps config fields to layer groups and computes no byte counts (the core does).
//
// Which reader: the language model's model_type (text_config / language_config / llm_config of a
// vision-language wrapper, else the top level) picks a family below; a config with kv_lora_rank is
// MLA; any other decoder with the standard keys is read as attention in every layer (noted), unless
// it carries fields of a layer kind no reader here sizes (FOREIGN): then it is refused, naming them.
//
// Layer kinds produced (see wasm/index.d.mts, LayerGroup):
//   attention { count, kvHeads, headDim, window?, chunk? }   window: sliding; chunk: chunked attention
//   mla       { count, latentDim }                            one latent per layer and token
//   linear    { count, heads, keyDim, valueDim, convKernel?, convChannels? }
//   ssm       { count, heads, headDim, stateDim, convKernel?, convChannels? }   Mamba state
// Short-convolution state is (convKernel - 1) x convChannels numbers per layer and sequence.

import { decoder, legacy, llama4, mllama } from './attention.mjs';
import { defaultsFor } from './defaults.mjs';
import { configError, contextLimit, grouped, isObject, LIMITS, reader } from './fields.mjs';
import { gemma, recurrentGemma } from './gemma.mjs';
import { groupLayers } from './layers.mjs';
import { kimiLinear, lfm2, minimax, qwenHybrid, rwkv } from './linear.mjs';
import { mla } from './mla.mjs';
import { parseConfig } from './parse.mjs';
import { bamba, falconH1, graniteHybrid, jamba, mamba, mamba2, nemotronH, zamba2 } from './ssm.mjs';
import { countWeights } from './weights.mjs';
import { audioConnected, audioWeights, visionConnector, visionWeights } from './weights-towers.mjs';

const FAMILIES = {};
const add = (read, types) => {
  for (const t of types) FAMILIES[t] = read;
};
add(decoder, [
  'llama',
  'mistral',
  'mixtral',
  'qwen2',
  'qwen3',
  'qwen2_moe',
  'qwen3_moe',
  'phi3',
  'phimoe',
  'olmo',
  'olmo2',
  'olmoe',
  'cohere',
  'cohere2',
  'smollm3',
  'exaone4',
  'glm4_moe',
  'minimax_m2',
  'mimo',
  'starcoder2',
  'internlm2',
  'stablelm',
  'granite',
  'granitemoe',
  'gpt_oss',
  'ministral3',
  // vision-language wrappers: the language model in text_config (or, for Qwen2-VL, the top level)
  'llava',
  'llava_next',
  'llava_llama', // VILA and other LLaVA-style wrappers: the language model in llm_cfg
  'qwen2_vl',
  'qwen2_5_vl',
  'qwen3_vl',
  'qwen3_vl_moe',
  'qwen3_vl_text',
  'qwen3_vl_moe_text',
  'qwen2_5_vl_text',
  'qwen2_vl_text',
]);
add(legacy, ['gpt2', 'gptj', 'bloom', 'falcon', 'gpt_bigcode', 'phi-msft']);
add(gemma, ['gemma', 'gemma2', 'gemma3', 'gemma3_text', 'gemma4', 'gemma4_text', 'gemma3n', 'gemma3n_text']);
add(recurrentGemma, ['recurrent_gemma']);
add(mla, ['deepseek_v2', 'deepseek_v3', 'deepseek_v32', 'kimi_k2', 'glm_moe_dsa']);
add(qwenHybrid, ['qwen3_next', 'qwen3_5', 'qwen3_5_text', 'qwen3_5_moe', 'qwen3_5_moe_text']);
add(kimiLinear, ['kimi_linear']);
add(minimax, ['minimax', 'minimax_m1', 'minimax_text_01']);
add(rwkv, ['rwkv', 'rwkv5', 'rwkv6', 'rwkv7']);
add(lfm2, ['lfm2']);
add(mamba, ['mamba', 'falcon_mamba']);
add(mamba2, ['mamba2']);
add(nemotronH, ['nemotron_h']);
add(bamba, ['bamba']);
add(graniteHybrid, ['granitemoehybrid']);
add(zamba2, ['zamba2']);
add(falconH1, ['falcon_h1']);
add(jamba, ['jamba']);
add(llama4, ['llama4', 'llama4_text']);
add(mllama, ['mllama', 'mllama_text_model']);

/** The model_types modelFromConfig reads by name (others are read by their keys, or refused). */
export const SUPPORTED_MODEL_TYPES = Object.keys(FAMILIES);

// Fields that describe layers the generic reader would mis-size as plain attention.
const FOREIGN = {
  hybrid_override_pattern: 'a Mamba / attention pattern',
  layers_block_type: 'per-layer block kinds',
  block_types: 'recurrent blocks',
  _block_types: 'recurrent blocks',
  block_configs: 'a different shape in each layer',
  attn_layer_indices: 'attention among other kinds of layer',
  attn_layer_period: 'attention among other kinds of layer',
  attn_type_list: 'linear attention layers',
  linear_attn_config: 'linear attention layers',
  full_attention_interval: 'linear attention layers',
  linear_num_value_heads: 'linear attention layers',
  ssm_cfg: 'state-space layers',
  state_size: 'state-space layers',
  ssm_state_size: 'state-space layers',
  mamba_d_state: 'Mamba layers',
  compress_ratios: 'compressed attention layers',
  hybrid_layer_pattern: 'two kinds of attention layer',
  cross_attention_layers: 'cross-attention layers',
  conv_L_cache: 'convolution layers',
  attention_hidden_size: 'RWKV layers',
  head_size: 'RWKV layers',
  attention_chunk_size: 'chunked attention layers',
  swa_num_key_value_heads: 'sliding layers of another shape',
  num_kv_shared_layers: 'layers that share caches',
  is_encoder_decoder: 'an encoder-decoder (cross-attention to the encoder)',
  multi_query: 'key/value heads shared in a way this reader does not know',
  num_kv_heads: 'key/value heads shared in a way this reader does not know',
  multi_query_group_num: 'key/value heads shared in a way this reader does not know',
  n_head_kv: 'key/value heads shared in a way this reader does not know',
  num_attention_groups: 'key/value heads shared in a way this reader does not know',
  num_query_groups: 'key/value heads shared in a way this reader does not know',
  attn_config: 'attention settings kept in a block of its own',
};

function generic(r, type) {
  for (const [key, what] of Object.entries(FOREIGN)) {
    const v = r.raw(key);
    if (v === undefined || v === null || v === false || v === 0 || (Array.isArray(v) && v.length === 0)) continue;
    throw configError(
      RangeError,
      r.path(key),
      `model_type '${type}' is not one this reader knows by name, and ${r.path(key)} describes ${what}, which it cannot size`,
    );
  }
  if (!r.known('num_hidden_layers')) {
    throw configError(
      TypeError,
      r.path('num_hidden_layers'),
      `${r.path('num_hidden_layers')} is missing: model_type '${type}' is not one this reader knows by name, and a decoder is read from num_hidden_layers, num_attention_heads, num_key_value_heads and head_dim or hidden_size`,
    );
  }
  if (r.has('kv_lora_rank')) {
    r.notes.push(
      `model_type '${type}' is not known here by name: read as multi-head latent attention (it has kv_lora_rank).`,
    );
    return mla(r);
  }
  r.notes.push(
    `model_type '${type}' is not known here by name: read generically, as attention in every layer, from its standard keys.`,
  );
  return decoder(r, type);
}

// The language model of a vision-language wrapper, if the config nests one.
function nestedKey(root) {
  for (const key of ['text_config', 'language_config', 'llm_config', 'llm_cfg']) {
    if (root[key] === undefined || root[key] === null) continue;
    if (!isObject(root[key])) throw configError(TypeError, `config.${key}`, `config.${key} must be an object`);
    return key;
  }
  return null;
}

// Models that generate nothing token by token, so keep no cache that grows with the context.
const ENCODERS = new Set(
  'bert roberta distilbert albert electra deberta deberta-v2 xlm-roberta xlm-roberta-xl camembert mpnet modernbert nomic_bert ernie convbert funnel longformer megatron-bert data2vec-text esm vit clip clip_vision_model siglip siglip_vision_model wav2vec2 hubert'.split(
    ' ',
  ),
);
const ENCODER_DECODERS = new Set(
  't5 mt5 umt5 longt5 switch_transformers bart mbart pegasus pegasus_x marian whisper m2m_100 nllb-moe blenderbot blenderbot-small fsmt prophetnet led plbart seamless_m4t speech_to_text encoder-decoder'.split(
    ' ',
  ),
);
const DECODER_HEAD = /CausalLM|LMHeadModel|ForConditionalGeneration/;

/** Refuses a config that describes no decoder, saying why and naming the field that shows it. */
function requireDecoder(root, type) {
  if (ENCODERS.has(type)) {
    throw configError(
      RangeError,
      'config.model_type',
      `config.model_type '${type}' is an encoder: it keeps no cache that grows with the context, since it generates nothing token by token`,
    );
  }
  if (ENCODER_DECODERS.has(type) || root.is_encoder_decoder === true) {
    const byType = ENCODER_DECODERS.has(type);
    const field = byType ? 'config.model_type' : 'config.is_encoder_decoder';
    throw configError(
      RangeError,
      field,
      `${byType ? `config.model_type '${type}' is` : 'config.is_encoder_decoder is true: the model is'} an encoder-decoder, whose decoder also attends to the encoder's output; this reader sizes decoder-only models`,
    );
  }
  const arch = Array.isArray(root.architectures) ? root.architectures.join(' ') : '';
  if (root.is_decoder === false && !DECODER_HEAD.test(arch)) {
    throw configError(
      RangeError,
      'config.is_decoder',
      'config.is_decoder is false and no architecture generates text (…ForCausalLM): an encoder keeps no cache that grows',
    );
  }
}

/**
 * A Hugging Face config.json (text or parsed) -> { name, modelType, layers, params?, maxContext?,
 * notes }. Throws a TypeError/RangeError with `.field` naming the config field at fault.
 */
export function modelFromConfig(config) {
  const notes = [];
  const root = parseConfig(config, notes);
  if (root.model_type === undefined || root.model_type === null) {
    throw configError(
      TypeError,
      'config.model_type',
      'config.model_type is missing: is this a Hugging Face config.json?',
    );
  }
  if (typeof root.model_type !== 'string') {
    throw configError(TypeError, 'config.model_type', 'config.model_type must be a string');
  }
  const modelType = root.model_type;
  requireDecoder(root, modelType);
  const key = nestedKey(root);
  const inner = key ? root[key] : root;
  const innerType = typeof inner.model_type === 'string' ? inner.model_type : null;
  // The nested model's own type when it is known here, else the wrapper's.
  const type = innerType && Object.hasOwn(FAMILIES, innerType) ? innerType : modelType;
  const top = reader(root, 'config', notes);
  const r = key
    ? reader(inner, `config.${key}`, notes, defaultsFor(innerType ?? modelType, modelType), top)
    : reader(root, 'config', notes, defaultsFor(modelType));
  if (key) notes.push(`Read from ${key} (the language model); a vision or audio tower keeps no cache.`);

  const read = Object.hasOwn(FAMILIES, type) ? FAMILIES[type] : generic;
  const { labels, shapes, params, maxContext } = read(r, type);
  const layers = groupLayers(labels, shapes);
  if (layers.length === 0) {
    throw configError(
      RangeError,
      r.path('num_hidden_layers'),
      'the config describes no layer that keeps a cache or a state',
    );
  }
  const model = { name: modelName(root), modelType, layers };
  let counted = params ?? countWeights(r, type, labels, shapes);
  if (counted !== undefined && counted <= LIMITS.params) {
    notes.push(
      'params: embeddings, attention or its recurrent/SSM stand-in, MLP or every expert, norms, worked out from the config.',
    );
    counted += towers(root, r.value('hidden_size'), modelType, key, notes);
    model.params = counted;
  } else {
    notes.push(
      'params: not worked out for this family; the sessions that fit need the parameter count, entered by hand.',
    );
  }
  if (maxContext !== undefined) {
    model.maxContext = maxContext;
    notes.push('maxContext: max_position_embeddings (n_positions).');
  }
  for (const k of ['max_position_embeddings', 'model_max_length']) {
    if (model.maxContext !== undefined) break;
    const limit = contextLimit(r, k);
    if (limit !== undefined) {
      model.maxContext = limit;
      notes.push(`maxContext: ${k}.`);
    }
  }
  model.notes = [...new Set(notes)];
  return model;
}

/** The vision and audio towers' parameters that can be worked out (noted), each else noted as not counted. */
function towers(root, H, modelType, key, notes) {
  const vision = isObject(root.vision_config) ? visionWeights(root.vision_config, H) : undefined;
  // Gemma3nConfig builds an audio tower of Gemma3nAudioConfig's defaults when audio_config is absent.
  const implied = modelType === 'gemma3n' && root.audio_config === undefined;
  const audioConfig = implied ? { model_type: 'gemma3n_audio' } : root.audio_config;
  const audio = isObject(audioConfig) ? audioWeights(audioConfig, H) : undefined;
  if (vision !== undefined) {
    notes.push(
      `params: with the vision tower of vision_config (${grouped(vision)} parameters, its connector included).`,
    );
  }
  if (audio !== undefined) {
    const of = implied ? "Gemma3nAudioConfig's defaults (audio_config absent)" : 'audio_config';
    const joined = audioConnected(audioConfig) ? 'its connector included' : 'the encoder only, no connector';
    notes.push(`params: with the audio tower of ${of} (${grouped(audio)} parameters, ${joined}).`);
  }
  const connector = vision === undefined ? visionConnector(root.vision_config, H) : undefined;
  if (connector !== undefined) {
    const arch = root.vision_config.architecture;
    const name = typeof arch === 'string' && arch.length < 80 ? arch : 'MobileNet-V5';
    notes.push(
      `params: the vision tower (${name}, named in vision_config, not shaped) is not counted; its embedder to the text model is (${grouped(connector)} parameters).`,
    );
  }
  const visionLeft = isObject(root.vision_config) && vision === undefined && connector === undefined;
  const audioLeft = isObject(root.audio_config) && audio === undefined;
  if (visionLeft || audioLeft) {
    const which =
      visionLeft && audioLeft ? 'vision and audio towers are' : visionLeft ? 'vision tower is' : 'audio tower is';
    notes.push(`params: the ${which} not counted (no shape this reader works out).`);
  } else if (key && vision === undefined && audio === undefined) {
    notes.push('params: the language model only; the wrapper describes no tower this reader works out.');
  }
  return (vision ?? 0) + (connector ?? 0) + (audio ?? 0);
}

function modelName(root) {
  if (typeof root._name_or_path === 'string' && root._name_or_path.length > 0 && root._name_or_path.length < 200) {
    return root._name_or_path;
  }
  const arch =
    Array.isArray(root.architectures) && typeof root.architectures[0] === 'string' ? root.architectures[0] : null;
  return arch ? `${arch} (${root.model_type})` : root.model_type;
}
