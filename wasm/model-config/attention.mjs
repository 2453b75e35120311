// Decoders whose every layer is softmax attention, full or sliding: the generic reader (any
// model_type with the standard keys) and the families that differ from it only in which layers
// slide. Which layers slide, in the order transformers decides it:
//   layer_types                      given per layer (Gemma 3, gpt-oss, Cohere2, EXAONE 4, SmolLM3, ...)
//   sliding_window_pattern           layer i slides unless (i + 1) % pattern == 0 (configuration_gemma3.py,
//                                    configuration_cohere2.py, configuration_exaone4.py; "LLLG" strings too)
//   use_sliding_window               Qwen2-style: layers from max_window_layers on (configuration_qwen2.py,
//                                    qwen2_moe, qwen3, qwen3_moe, smollm3, mimo)
//   sliding_window alone             every layer (configuration_mistral.py, mixtral, phi3, phimoe, starcoder2)
// Llama 4's chunked attention and Mllama's cross-attention layers are read here too.

import { attention, configError, contextLimit, grouped, headDim, LIMITS, reader, within } from './fields.mjs';
import { checkLabels, checkLength, indexSet, layerTypes, slidingEvery } from './layers.mjs';

const KINDS = ['full_attention', 'sliding_attention'];

/** Which layers slide (labels from KINDS), per the rules above. */
export function slidingLabels(r, L) {
  const given = layerTypes(r, L, KINDS);
  if (given !== null) return given;
  if (r.known('sliding_window_pattern') && r.has('sliding_window')) {
    const pattern = r.value('sliding_window_pattern');
    if (typeof pattern === 'string' && /^[LG]+$/.test(pattern)) {
      return Array.from({ length: L }, (_, i) =>
        pattern[i % pattern.length] === 'L' ? 'sliding_attention' : 'full_attention',
      );
    }
    return slidingEvery(L, r.dim('sliding_window_pattern', LIMITS.layers));
  }
  if (r.known('use_sliding_window')) {
    // configuration_qwen2.py: the window is used only when use_sliding_window is true, and then
    // from layer max_window_layers on.
    const on = r.flag('use_sliding_window') && r.has('sliding_window');
    if (!on) {
      if (r.has('sliding_window')) r.notes.push('use_sliding_window is false: sliding_window is not used.');
      return Array(L).fill('full_attention');
    }
    const from = r.known('max_window_layers') ? r.dim('max_window_layers', LIMITS.layers) : 0;
    return Array.from({ length: L }, (_, i) => (i >= from ? 'sliding_attention' : 'full_attention'));
  }
  if (r.has('sliding_window')) {
    r.notes.push('sliding_window with no per-layer pattern: every layer slides (as Mistral, Mixtral, Phi-3 do).');
    return Array(L).fill('sliding_attention');
  }
  return Array(L).fill('full_attention');
}

/** Labels and shapes for full / sliding attention layers of one shape. */
export function windowed(r, L, att = attention(r)) {
  const labels = slidingLabels(r, L);
  const shapes = { full_attention: [att] };
  if (labels.includes('sliding_attention')) {
    if (!r.known('sliding_window')) {
      throw configError(
        TypeError,
        r.path('sliding_window'),
        `${r.path('sliding_window')} is missing but some layers slide`,
      );
    }
    shapes.sliding_attention = [{ ...att, window: r.tokens('sliding_window') }];
  }
  return { labels, shapes };
}

// Dense decoder-only parameters (embeddings, attention, gated MLP, norms): Llama, Mistral, Qwen2, Qwen3.
function denseParams(r, { qkvBias = false, qkNorm = false } = {}) {
  const need = ['vocab_size', 'hidden_size', 'intermediate_size', 'num_attention_heads'];
  if (!need.every((k) => r.has(k))) return undefined;
  const V = r.dim('vocab_size');
  const H = r.dim('hidden_size');
  const I = r.dim('intermediate_size');
  const heads = r.dim('num_attention_heads');
  const { kvHeads: kv, headDim: hd } = attention(r);
  const L = r.layers();
  const attn = H * heads * hd * 2 + H * kv * hd * 2 + (qkvBias ? heads * hd + 2 * kv * hd : 0) + (qkNorm ? 2 * hd : 0);
  const perLayer = attn + 3 * H * I + 2 * H;
  const tied = r.cfg.tie_word_embeddings === true;
  const n = V * H * (tied ? 1 : 2) + L * perLayer + H;
  const keys = ['vocab_size', 'hidden_size', 'intermediate_size', 'num_hidden_layers'];
  return within(r, n, LIMITS.params, keys, 'The parameter count worked out');
}

const DENSE = { llama: {}, mistral: {}, qwen2: { qkvBias: true }, qwen3: { qkNorm: true } };

/** Every decoder with the standard keys (whatever its model_type): full or sliding attention. */
export function decoder(r, type) {
  const L = r.layers();
  const { labels, shapes } = windowed(r, L);
  const params = Object.hasOwn(DENSE, type) && r.at === 'config' ? denseParams(r, DENSE[type]) : undefined;
  return { labels, shapes, params };
}

/** Mllama's text model: cross_attention_layers attend to the image, cached once per image. */
export function mllama(r) {
  const L = r.layers();
  const cross = r.has('cross_attention_layers') ? indexSet(r, 'cross_attention_layers', L) : new Set();
  if (cross.size > 0) {
    r.notes.push(
      `cross_attention_layers: ${grouped(cross.size)} layers attend to the image's keys and values, cached once per image, not per token: not counted.`,
    );
  }
  const labels = Array.from({ length: L }, (_, i) => (cross.has(i) ? 'cross' : 'full_attention'));
  return { labels, shapes: { full_attention: [attention(r)], cross: [] } };
}

/** Llama 4: chunked attention on 3 of 4 layers (no_rope_layers 1), full attention (NoPE) on the rest. */
export function llama4(r) {
  const L = r.layers();
  const att = attention(r);
  let labels = layerTypes(r, L, ['chunked_attention', 'full_attention']);
  if (labels === null) {
    let rope;
    if (r.has('no_rope_layers') && r.list('no_rope_layers').length > 0) {
      rope = r.list('no_rope_layers');
      checkLength(r, 'no_rope_layers', rope, L);
      checkLabels(r, 'no_rope_layers', rope, [0, 1]);
    } else {
      // configuration_llama4.py: no_rope_layers[i] = 1 (RoPE, chunked) unless (i + 1) % 4 == 0.
      const every = r.dim('no_rope_layer_interval', LIMITS.layers, 4);
      rope = Array.from({ length: L }, (_, i) => ((i + 1) % every ? 1 : 0));
      r.notes.push(`no_rope_layers absent: every ${every}th layer is a global (NoPE) layer, the others chunked.`);
    }
    labels = rope.map((x) => (x ? 'chunked_attention' : 'full_attention'));
  }
  const shapes = { full_attention: [att] };
  if (labels.includes('chunked_attention')) {
    shapes.chunked_attention = [{ ...att, chunk: r.tokens('attention_chunk_size') }];
  }
  return { labels, shapes };
}

// GPT-2-era configs name the sizes as transformers' attribute_map does (configuration_gpt2.py,
// configuration_gptj.py, configuration_bloom.py, configuration_falcon.py,
// configuration_gpt_bigcode.py): n_layer, n_head, n_embd, n_positions.
const ALIASES = {
  num_hidden_layers: ['n_layer'],
  num_attention_heads: ['n_head'],
  hidden_size: ['n_embd', 'n_embed'], // n_embed: BLOOM's older files (configuration_bloom.py)
  max_position_embeddings: ['n_positions'],
};

/** Key and value heads: Falcon's new_decoder_architecture uses num_kv_heads; otherwise its
 *  multi_query (FalconConfig default true) and GPT-BigCode's (default true) mean one shared head. */
function legacyKvHeads(q, type, heads) {
  if (type === 'falcon' && q.flag('new_decoder_architecture')) {
    return q.has('num_kv_heads') ? q.dim('num_kv_heads', LIMITS.kvHeads) : heads;
  }
  const multi = q.raw('multi_query');
  if ((type === 'falcon' || type === 'gpt_bigcode') && multi !== false) {
    q.notes.push(
      `multi_query${multi === undefined ? ' (default true)' : ''}: one key/value head shared by every query head.`,
    );
    return 1;
  }
  return heads;
}

/** gpt2, gptj, bloom, falcon, gpt_bigcode: every layer full attention, read under the old names. */
export function legacy(r, type) {
  const cfg = { ...r.cfg };
  for (const [name, olds] of Object.entries(ALIASES)) {
    const old = olds.find((k) => cfg[k] !== undefined);
    if (cfg[name] === undefined && old !== undefined) cfg[name] = cfg[old];
    if (cfg[name] === undefined && name !== 'max_position_embeddings') {
      throw configError(
        TypeError,
        r.path(olds[0]),
        `${r.path(olds[0])} is missing: a ${type} config gives ${name} as ${olds[0]} (n_layer, n_head, n_embd)`,
      );
    }
  }
  const q = reader(cfg, r.at, r.notes, r.defaults);
  const L = q.layers();
  const heads = q.dim('num_attention_heads', LIMITS.kvHeads);
  const att = { kind: 'attention', kvHeads: legacyKvHeads(q, type, heads), headDim: headDim(q) };
  const maxContext = contextLimit(q, 'max_position_embeddings');
  return { labels: Array(L).fill('full_attention'), shapes: { full_attention: [att] }, maxContext };
}
