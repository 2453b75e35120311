// modelFromConfig(config): a Hugging Face config.json (text or parsed object) -> the model object
// kvMemory takes ({ layers, params? }) plus name, modelType, maxContext and notes. This file maps
// config fields to layer groups; it computes no byte counts (the core does). Which layers grow is
// decided by the config's own layer pattern (layer_types, sliding_window_pattern,
// full_attention_interval, hybrid_override_pattern, attn_layer_period/offset, ...), read the way the
// reference implementations (Hugging Face transformers, the model makers' code) read it.
//
// Layer kinds produced (see wasm/index.d.mts, LayerGroup):
//   attention { count, kvHeads, headDim, window? , chunk? }   window: sliding; chunk: chunked attention
//   mla       { count, latentDim }                            one latent per layer and token
//   linear    { count, heads, keyDim, valueDim, convKernel?, convChannels? }
//   ssm       { count, heads, headDim, stateDim, convKernel, convChannels }   Mamba state
// Short-convolution state is (convKernel - 1) x convChannels numbers per layer and sequence.

import { LinattnError, LinattnTypeError } from './errors.mjs';

const MAX_TEXT = 8 * 1024 * 1024; // characters of config text
const MAX_LAYERS = 10000; // the core's limit on layers in all
const MAX_DIM = 1 << 24; // heads, widths, state sizes
const MAX_TOKENS = 2 ** 40; // windows, chunks, context lengths

/** The API's error for a config field, with `.field` naming the config key: a LinattnTypeError
 *  (a TypeError) for a wrong type or a missing field, a LinattnError (a RangeError) otherwise. */
function configError(Kind, field, message) {
  return Kind === TypeError ? new LinattnTypeError(message, field) : new LinattnError(message, field);
}

// Python's json module writes NaN and Infinity (Nemotron-H's time_step_limit has Infinity), which
// JSON does not allow: outside strings they are read as null, and the note says so.
function withoutNonFinite(text) {
  let out = '';
  let changed = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j;
      continue;
    }
    const m = /^(-?Infinity|NaN)(?![\w$])/.exec(text.slice(i, i + 10));
    if (m && !/[\w$.]/.test(text[i - 1] ?? ' ')) {
      out += 'null';
      i += m[0].length - 1;
      changed = true;
      continue;
    }
    out += c;
  }
  return changed ? out : null;
}

function parseConfig(config, notes) {
  if (typeof config === 'string') {
    if (config.length > MAX_TEXT) {
      throw configError(RangeError, 'config', `config text is too long (${config.length} characters)`);
    }
    let parsed;
    try {
      parsed = JSON.parse(config);
    } catch (e) {
      const relaxed = withoutNonFinite(config);
      try {
        if (relaxed === null) throw e;
        parsed = JSON.parse(relaxed);
        notes.push('The text has NaN or Infinity (written by Python, not JSON): read as null.');
      } catch {
        throw configError(TypeError, 'config', `config is not valid JSON (${e.message})`);
      }
    }
    return parseConfig(parsed, notes);
  }
  if (config === null || typeof config !== 'object' || Array.isArray(config)) {
    throw configError(
      TypeError,
      'config',
      'config must be a JSON object (the text of a config.json) or a parsed object',
    );
  }
  return config;
}

// Field readers over one (possibly nested) config object; `at` is its path for messages.
function reader(cfg, at, notes) {
  const path = (key) => `${at}.${key}`;
  const has = (key) => cfg[key] !== undefined && cfg[key] !== null;
  function whole(key, max, fallback) {
    if (!has(key)) {
      if (fallback !== undefined) return fallback;
      throw configError(TypeError, path(key), `${path(key)} is missing`);
    }
    const v = cfg[key];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > max) {
      throw configError(
        RangeError,
        path(key),
        `${path(key)} must be a whole number from 1 to ${max.toLocaleString('en-US')} (got ${JSON.stringify(v)})`,
      );
    }
    return v;
  }
  return {
    cfg,
    at,
    has,
    path,
    layers: (key = 'num_hidden_layers') => whole(key, MAX_LAYERS),
    dim: (key, fallback) => whole(key, MAX_DIM, fallback),
    tokens: (key, fallback) => whole(key, MAX_TOKENS, fallback),
    list(key) {
      const v = cfg[key];
      if (!Array.isArray(v)) throw configError(TypeError, path(key), `${path(key)} must be a list`);
      return v;
    },
    string(key) {
      const v = cfg[key];
      if (typeof v !== 'string') throw configError(TypeError, path(key), `${path(key)} must be a string`);
      return v;
    },
    /** head_dim as given; hidden_size / num_attention_heads only when the config gives none. */
    headDim(keys = ['head_dim']) {
      for (const k of keys) if (has(k)) return this.dim(k);
      const hidden = this.dim('hidden_size');
      const heads = this.dim('num_attention_heads');
      if (hidden % heads !== 0) {
        throw configError(
          RangeError,
          path('head_dim'),
          `${path('head_dim')} is missing and hidden_size ${hidden} is not a multiple of num_attention_heads ${heads}`,
        );
      }
      notes.push(`${path(keys[0])} absent: taken as hidden_size / num_attention_heads = ${hidden / heads}.`);
      return hidden / heads;
    },
    kvHeads() {
      if (has('num_key_value_heads')) return this.dim('num_key_value_heads');
      notes.push(`${path('num_key_value_heads')} absent: every query head keeps its own key and value.`);
      return this.dim('num_attention_heads');
    },
  };
}

// One label per layer -> layer groups, merging equal shapes in order of first appearance.
function groupLayers(labels, shapes) {
  const groups = [];
  for (const label of labels) {
    for (const shape of shapes[label]) {
      const key = JSON.stringify(shape);
      const g = groups.find((x) => x.key === key);
      if (g) g.layer.count += 1;
      else groups.push({ key, layer: { kind: shape.kind, count: 1, ...shape } });
    }
  }
  return groups.map((g) => {
    const { kind, count, ...rest } = g.layer;
    return { kind, count, ...rest };
  });
}

function checkLength(r, key, list, layers) {
  if (list.length !== layers) {
    throw configError(
      RangeError,
      r.path(key),
      `${r.path(key)} has ${list.length} entries but num_hidden_layers is ${layers}`,
    );
  }
}

/** layer_types as given (each entry checked against `allowed`), or null when the config has none. */
function layerTypes(r, layers, allowed) {
  if (!r.has('layer_types')) return null;
  const list = r.list('layer_types');
  checkLength(r, 'layer_types', list, layers);
  list.forEach((t, i) => {
    if (!allowed.includes(t)) {
      throw configError(
        RangeError,
        `${r.path('layer_types')}[${i}]`,
        `${r.path('layer_types')}[${i}] is '${t}' (known here: ${allowed.join(', ')})`,
      );
    }
  });
  return list;
}

function fullAttention(r) {
  return { kind: 'attention', kvHeads: r.kvHeads(), headDim: r.headDim() };
}

// Dense decoder-only parameters (embeddings, attention, gated MLP, norms) for the llama family.
function denseParams(r, { qkvBias = false, qkNorm = false } = {}) {
  const need = ['vocab_size', 'hidden_size', 'intermediate_size', 'num_attention_heads'];
  if (!need.every((k) => r.has(k))) return undefined;
  const V = r.dim('vocab_size');
  const H = r.dim('hidden_size');
  const I = r.dim('intermediate_size');
  const heads = r.dim('num_attention_heads');
  const kv = r.kvHeads();
  const hd = r.headDim();
  const L = r.layers();
  const attn = H * heads * hd * 2 + H * kv * hd * 2 + (qkvBias ? heads * hd + 2 * kv * hd : 0) + (qkNorm ? 2 * hd : 0);
  const perLayer = attn + 3 * H * I + 2 * H;
  const tied = r.cfg.tie_word_embeddings === true;
  return V * H * (tied ? 1 : 2) + L * perLayer + H;
}

// ---- one reader per family --------------------------------------------------------------------

function llamaLike(r, notes, type) {
  const L = r.layers();
  const att = fullAttention(r);
  const shapes = { full_attention: [att] };
  let labels = layerTypes(r, L, ['full_attention', 'sliding_attention']);
  const window = r.has('sliding_window') ? r.tokens('sliding_window') : undefined;
  if (labels === null) {
    if (type === 'mistral' || type === 'mixtral') {
      labels = Array(L).fill(window ? 'sliding_attention' : 'full_attention');
    } else if (type === 'qwen2' || type === 'qwen3') {
      // transformers: layers from max_window_layers on use the window when use_sliding_window is true.
      const on = r.cfg.use_sliding_window === true && window !== undefined;
      const from = on ? r.dim('max_window_layers', 0) : L;
      labels = Array.from({ length: L }, (_, i) => (on && i >= from ? 'sliding_attention' : 'full_attention'));
      if (!on && window !== undefined) notes.push('use_sliding_window is false: sliding_window is not used.');
    } else {
      labels = Array(L).fill('full_attention');
    }
  }
  if (labels.includes('sliding_attention')) {
    if (window === undefined) {
      throw configError(
        TypeError,
        r.path('sliding_window'),
        `${r.path('sliding_window')} is missing but some layers slide`,
      );
    }
    shapes.sliding_attention = [{ ...att, window }];
  }
  const dense = type !== 'mixtral';
  const params = dense ? denseParams(r, { qkvBias: type === 'qwen2', qkNorm: type === 'qwen3' }) : undefined;
  return { labels, shapes, params };
}

function gemma(r, notes, type) {
  const L = r.layers();
  const att = fullAttention(r);
  const window = r.tokens('sliding_window');
  let labels = layerTypes(r, L, ['full_attention', 'sliding_attention']);
  if (labels === null) {
    // transformers: layer i slides unless (i + 1) is a multiple of the pattern (Gemma 2: 2).
    let pattern = 2;
    if (type !== 'gemma2') {
      pattern = r.has('sliding_window_pattern') ? r.dim('sliding_window_pattern') : 6;
      if (!r.has('sliding_window_pattern'))
        notes.push('sliding_window_pattern absent: Gemma 3 default 6 (5 local : 1 global).');
    }
    labels = Array.from({ length: L }, (_, i) => ((i + 1) % pattern ? 'sliding_attention' : 'full_attention'));
  }
  return { labels, shapes: { full_attention: [att], sliding_attention: [{ ...att, window }] } };
}

function mla(r) {
  return { kind: 'mla', latentDim: r.dim('kv_lora_rank') + r.dim('qk_rope_head_dim') };
}

function deepseek(r, notes) {
  const L = r.layers();
  if (r.has('num_nextn_predict_layers') && r.cfg.num_nextn_predict_layers > 0) {
    notes.push('The multi-token-prediction layer(s) (num_nextn_predict_layers) are not counted.');
  }
  return { labels: Array(L).fill('mla'), shapes: { mla: [mla(r)] } };
}

// Gated DeltaNet (Qwen3-Next, Qwen3.5): value heads x key dim x value dim; conv over q, k and v.
function gatedDeltaNet(r) {
  const kHeads = r.dim('linear_num_key_heads');
  const vHeads = r.dim('linear_num_value_heads');
  const kDim = r.dim('linear_key_head_dim');
  const vDim = r.dim('linear_value_head_dim');
  return {
    kind: 'linear',
    heads: vHeads,
    keyDim: kDim,
    valueDim: vDim,
    convKernel: r.dim('linear_conv_kernel_dim'),
    convChannels: 2 * kHeads * kDim + vHeads * vDim,
  };
}

function qwenHybrid(r) {
  const L = r.layers();
  let labels = layerTypes(r, L, ['linear_attention', 'full_attention']);
  if (labels === null) {
    const every = r.dim('full_attention_interval');
    labels = Array.from({ length: L }, (_, i) => ((i + 1) % every ? 'linear_attention' : 'full_attention'));
  }
  return { labels, shapes: { linear_attention: [gatedDeltaNet(r)], full_attention: [fullAttention(r)] } };
}

function kimiLinear(r, notes) {
  const L = r.layers();
  if (!r.has('linear_attn_config')) {
    throw configError(TypeError, r.path('linear_attn_config'), `${r.path('linear_attn_config')} is missing`);
  }
  const lin = reader(r.cfg.linear_attn_config, r.path('linear_attn_config'), notes);
  const full = lin.list('full_attn_layers');
  const labels = Array(L).fill('kda');
  for (const [j, n] of full.entries()) {
    // 1-based layer numbers (layer 27 is the last of 27).
    if (!Number.isInteger(n) || n < 1 || n > L) {
      throw configError(
        RangeError,
        `${lin.path('full_attn_layers')}[${j}]`,
        `${lin.path('full_attn_layers')}[${j}] must be a layer number from 1 to ${L} (got ${JSON.stringify(n)})`,
      );
    }
    labels[n - 1] = 'mla';
  }
  const heads = lin.dim('num_heads');
  const hd = lin.dim('head_dim');
  const kda = {
    kind: 'linear',
    heads,
    keyDim: hd,
    valueDim: hd,
    convKernel: lin.dim('short_conv_kernel_size'),
    convChannels: 3 * heads * hd,
  };
  notes.push('Kimi Delta Attention: 3 short convolutions (q, k, v) of num_heads x head_dim channels each.');
  return { labels, shapes: { kda: [kda], mla: [mla(r)] } };
}

function gptOss(r) {
  const L = r.layers();
  const labels = layerTypes(r, L, ['full_attention', 'sliding_attention']);
  if (labels === null) throw configError(TypeError, r.path('layer_types'), `${r.path('layer_types')} is missing`);
  const att = fullAttention(r);
  return {
    labels,
    shapes: { full_attention: [att], sliding_attention: [{ ...att, window: r.tokens('sliding_window') }] },
  };
}

// Mamba-2 state (heads x head_dim x d_state) and its conv over x, B and C.
function mamba2(r, { heads, headDim, state, groups, inner, kernel }) {
  return {
    kind: 'ssm',
    heads: r.dim(heads),
    headDim: r.dim(headDim),
    stateDim: r.dim(state),
    convKernel: r.dim(kernel),
    convChannels: inner + 2 * r.dim(groups, 1) * r.dim(state),
  };
}

function nemotronH(r, notes) {
  const L = r.layers();
  const pattern = r.string('hybrid_override_pattern');
  if (pattern.length !== L) {
    throw configError(
      RangeError,
      r.path('hybrid_override_pattern'),
      `${r.path('hybrid_override_pattern')} has ${pattern.length} characters but num_hidden_layers is ${L}`,
    );
  }
  const labels = [...pattern].map((c, i) => {
    if (c === 'M') return 'mamba';
    if (c === '*') return 'attention';
    if (c === '-' || c === 'E') return 'mlp';
    throw configError(
      RangeError,
      r.path('hybrid_override_pattern'),
      `${r.path('hybrid_override_pattern')}[${i}] is '${c}' (known: M mamba, * attention, - MLP, E MoE)`,
    );
  });
  notes.push("hybrid_override_pattern: 'M' Mamba-2, '*' attention, '-'/'E' feed-forward layers (no cache).");
  const heads = r.dim('mamba_num_heads');
  const hd = r.dim('mamba_head_dim');
  const att = { kind: 'attention', kvHeads: r.kvHeads(), headDim: r.headDim(['head_dim', 'attention_head_dim']) };
  const ssm = mamba2(r, {
    heads: 'mamba_num_heads',
    headDim: 'mamba_head_dim',
    state: 'ssm_state_size',
    groups: 'n_groups',
    inner: heads * hd,
    kernel: 'conv_kernel',
  });
  return { labels, shapes: { mamba: [ssm], attention: [att], mlp: [] } };
}

function falconH1(r, notes) {
  const L = r.layers();
  const heads = r.dim('mamba_n_heads');
  let inner;
  if (r.has('mamba_d_ssm')) inner = r.dim('mamba_d_ssm');
  else {
    inner = r.dim('mamba_expand') * r.dim('hidden_size');
    notes.push(`mamba_d_ssm absent: mamba_expand x hidden_size = ${inner}.`);
  }
  let hd;
  if (r.cfg.mamba_d_head === 'auto' || !r.has('mamba_d_head')) {
    if (inner % heads !== 0)
      throw configError(
        RangeError,
        r.path('mamba_d_head'),
        `${r.path('mamba_d_head')} cannot be derived: ${inner} / ${heads} is not whole`,
      );
    hd = inner / heads;
    notes.push(`mamba_d_head not given: mamba_d_ssm / mamba_n_heads = ${hd}.`);
  } else hd = r.dim('mamba_d_head');
  const ssm = {
    kind: 'ssm',
    heads,
    headDim: hd,
    stateDim: r.dim('mamba_d_state'),
    convKernel: r.dim('mamba_d_conv'),
    convChannels: inner + 2 * r.dim('mamba_n_groups', 1) * r.dim('mamba_d_state'),
  };
  notes.push(
    'Falcon-H1: every layer runs attention and Mamba-2 side by side: one attention group and one SSM group of the same count.',
  );
  return { labels: Array(L).fill('hybrid'), shapes: { hybrid: [fullAttention(r), ssm] } };
}

function jamba(r, notes) {
  const L = r.layers();
  const period = r.dim('attn_layer_period');
  const offset = r.has('attn_layer_offset') ? r.cfg.attn_layer_offset : 0;
  if (!Number.isInteger(offset) || offset < 0 || offset >= period) {
    throw configError(
      RangeError,
      r.path('attn_layer_offset'),
      `${r.path('attn_layer_offset')} must be a whole number from 0 to attn_layer_period - 1 (got ${JSON.stringify(offset)})`,
    );
  }
  const labels = Array.from({ length: L }, (_, i) => (i % period === offset ? 'attention' : 'mamba'));
  const inner = r.dim('mamba_expand') * r.dim('hidden_size');
  notes.push(
    `Jamba's Mamba (version 1) layers keep d_inner x d_state = ${inner} x ${r.dim('mamba_d_state')} numbers: ${inner} SSM heads of size 1 (one per channel, as tensor parallelism splits them).`,
  );
  const ssm = {
    kind: 'ssm',
    heads: inner,
    headDim: 1,
    stateDim: r.dim('mamba_d_state'),
    convKernel: r.dim('mamba_d_conv'),
    convChannels: inner,
  };
  return { labels, shapes: { attention: [fullAttention(r)], mamba: [ssm] } };
}

function llama4(r, notes) {
  const L = r.layers();
  const att = fullAttention(r);
  let labels = layerTypes(r, L, ['chunked_attention', 'full_attention']);
  if (labels === null) {
    let rope;
    if (r.has('no_rope_layers') && r.list('no_rope_layers').length > 0) {
      rope = r.list('no_rope_layers');
      checkLength(r, 'no_rope_layers', rope, L);
    } else {
      // transformers: no_rope_layers[i] = 1 (RoPE, chunked) unless (i + 1) is a multiple of 4.
      const every = r.dim('no_rope_layer_interval', 4);
      rope = Array.from({ length: L }, (_, i) => ((i + 1) % every ? 1 : 0));
      notes.push(`no_rope_layers absent: every ${every}th layer is a global (NoPE) layer, the others chunked.`);
    }
    labels = rope.map((x) => (x ? 'chunked_attention' : 'full_attention'));
  }
  const shapes = { full_attention: [att] };
  if (labels.includes('chunked_attention'))
    shapes.chunked_attention = [{ ...att, chunk: r.tokens('attention_chunk_size') }];
  return { labels, shapes };
}

function minimax(r, notes) {
  const L = r.layers();
  let labels = layerTypes(r, L, ['linear_attention', 'full_attention']);
  if (labels === null) {
    const list = r.list('attn_type_list');
    checkLength(r, 'attn_type_list', list, L);
    labels = list.map((t, i) => {
      if (t !== 0 && t !== 1)
        throw configError(
          RangeError,
          `${r.path('attn_type_list')}[${i}]`,
          `${r.path('attn_type_list')}[${i}] must be 0 (lightning) or 1 (softmax)`,
        );
      return t === 1 ? 'full_attention' : 'linear_attention';
    });
  }
  const hd = r.headDim();
  notes.push(
    'Lightning (linear) attention layers: num_attention_heads x head_dim x head_dim state each; no convolution.',
  );
  return {
    labels,
    shapes: {
      linear_attention: [{ kind: 'linear', heads: r.dim('num_attention_heads'), keyDim: hd, valueDim: hd }],
      full_attention: [{ kind: 'attention', kvHeads: r.kvHeads(), headDim: hd }],
    },
  };
}

const FAMILIES = {
  llama: llamaLike,
  mistral: llamaLike,
  mixtral: llamaLike,
  qwen2: llamaLike,
  qwen3: llamaLike,
  gemma2: gemma,
  gemma3: gemma,
  gemma3_text: gemma,
  deepseek_v2: deepseek,
  deepseek_v3: deepseek,
  qwen3_next: qwenHybrid,
  qwen3_5: qwenHybrid,
  qwen3_5_text: qwenHybrid,
  qwen3_5_moe: qwenHybrid,
  qwen3_5_moe_text: qwenHybrid,
  kimi_linear: kimiLinear,
  gpt_oss: gptOss,
  nemotron_h: nemotronH,
  falcon_h1: falconH1,
  jamba: jamba,
  llama4: llama4,
  llama4_text: llama4,
  minimax: minimax,
  minimax_m1: minimax,
  minimax_text_01: minimax,
};

/** The model_types modelFromConfig reads. */
export const SUPPORTED_MODEL_TYPES = Object.keys(FAMILIES);

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
  if (typeof root.model_type !== 'string')
    throw configError(TypeError, 'config.model_type', 'config.model_type must be a string');
  const modelType = root.model_type;
  if (!Object.hasOwn(FAMILIES, modelType)) {
    throw configError(
      RangeError,
      'config.model_type',
      `model_type '${modelType}' is not supported (supported: ${SUPPORTED_MODEL_TYPES.join(', ')})`,
    );
  }
  // Multimodal wrappers (Gemma 3, Llama 4, Qwen3.5) keep the language model in text_config.
  const nested = root.text_config !== undefined && root.text_config !== null;
  if (nested && (typeof root.text_config !== 'object' || Array.isArray(root.text_config))) {
    throw configError(TypeError, 'config.text_config', 'config.text_config must be an object');
  }
  const r = reader(nested ? root.text_config : root, nested ? 'config.text_config' : 'config', notes);
  if (nested) notes.push('Read from text_config (the language model); vision layers are not counted.');

  const { labels, shapes, params } = FAMILIES[modelType](r, notes, modelType);
  const layers = groupLayers(labels, shapes);
  if (layers.length === 0)
    throw configError(
      RangeError,
      r.path('num_hidden_layers'),
      'the config describes no layer that keeps a cache or a state',
    );

  const model = { name: modelName(root), modelType, layers };
  if (params !== undefined) {
    model.params = params;
    notes.push('params: embeddings + attention + MLP + norms, worked out from the config (dense model).');
  } else {
    notes.push(
      'params: not given by config.json (mixture-of-experts or hybrid); weights are not counted unless you enter them.',
    );
  }
  for (const key of ['max_position_embeddings', 'model_max_length']) {
    if (r.has(key)) {
      model.maxContext = r.tokens(key);
      notes.push(`maxContext: ${key}.`);
      break;
    }
  }
  model.notes = notes;
  return model;
}

function modelName(root) {
  if (typeof root._name_or_path === 'string' && root._name_or_path.length > 0 && root._name_or_path.length < 200) {
    return root._name_or_path;
  }
  const arch =
    Array.isArray(root.architectures) && typeof root.architectures[0] === 'string' ? root.architectures[0] : null;
  return arch ? `${arch} (${root.model_type})` : root.model_type;
}
