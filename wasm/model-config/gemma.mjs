// Google's Gemma family: which layers slide, and RecurrentGemma's recurrent blocks.
//   gemma            every layer full attention (configuration_gemma.py)
//   gemma2           layer i slides when (i + 1) is odd (configuration_gemma2.py: pattern 2)
//   gemma3(_text)    layer_types, else sliding_window_pattern (default 6: 5 local, 1 global)
//                    (configuration_gemma3.py; the released text_config often leaves out the head
//                    counts, head_dim and max_position_embeddings: Gemma3TextConfig's defaults apply)
//   gemma4(_text), gemma3n(_text)   layer_types; full-attention layers use global_head_dim and
//                    num_global_key_value_heads where given; the last num_kv_shared_layers layers
//                    reuse earlier layers' caches and keep none of their own
//   recurrent_gemma  block_types repeated over the layers (configuration_recurrent_gemma.py):
//                    'recurrent' blocks keep the RG-LRU state (lru_width numbers) and a short
//                    convolution of conv1d_width over lru_width channels; 'attention' blocks keep a
//                    local window of attention_window_size tokens. head_dim is hidden_size /
//                    num_attention_heads (the class sets it so, whatever the file says).

import { attention, configError, grouped, headDim, kvHeads, LIMITS } from './fields.mjs';
import { checkLabels, cycle, layerTypes } from './layers.mjs';
import { windowed } from './attention.mjs';

export function gemma(r, type) {
  const L = r.layers();
  if (type === 'gemma') return { labels: Array(L).fill('full_attention'), shapes: { full_attention: [attention(r)] } };
  if (type === 'gemma2' && !r.has('layer_types')) {
    const att = attention(r);
    const labels = Array.from({ length: L }, (_, i) => ((i + 1) % 2 ? 'sliding_attention' : 'full_attention'));
    return {
      labels,
      shapes: { full_attention: [att], sliding_attention: [{ ...att, window: r.tokens('sliding_window') }] },
    };
  }
  if (type.startsWith('gemma4') || type.startsWith('gemma3n')) return gemma4(r, L);
  return windowed(r, L);
}

function gemma4(r, L) {
  const labels = layerTypes(r, L, ['full_attention', 'sliding_attention']);
  if (labels === null) throw configError(TypeError, r.path('layer_types'), `${r.path('layer_types')} is missing`);
  const local = { ...attention(r), window: r.tokens('sliding_window') };
  const global = {
    kind: 'attention',
    kvHeads: r.has('num_global_key_value_heads') ? r.dim('num_global_key_value_heads', LIMITS.kvHeads) : kvHeads(r),
    headDim: r.has('global_head_dim') ? r.dim('global_head_dim', LIMITS.headDim) : headDim(r),
  };
  if (r.flag('attention_k_eq_v')) {
    r.notes.push(
      'attention_k_eq_v: keys double as values in full-attention layers; both are counted, as caches store them.',
    );
  }
  const shared =
    r.has('num_kv_shared_layers') && r.raw('num_kv_shared_layers') !== 0 ? r.dim('num_kv_shared_layers', L) : 0;
  const own = labels.map((t, i) => (i >= L - shared ? 'shared' : t));
  if (shared > 0) {
    r.notes.push(
      `num_kv_shared_layers: the last ${grouped(shared)} layers reuse earlier layers' keys and values: not counted again.`,
    );
  }
  return { labels: own, shapes: { full_attention: [global], sliding_attention: [local], shared: [] } };
}

export function recurrentGemma(r) {
  const L = r.layers();
  const key = r.has('block_types') || !r.has('_block_types') ? 'block_types' : '_block_types';
  const blocks = checkLabels(r, key, r.list(key), ['recurrent', 'attention']);
  if (blocks.length === 0) throw configError(RangeError, r.path(key), `${r.path(key)} is empty`);
  const hidden = r.dim('hidden_size');
  const heads = r.dim('num_attention_heads');
  if (hidden % heads !== 0) {
    throw configError(
      RangeError,
      r.path('num_attention_heads'),
      `hidden_size ${grouped(hidden)} is not a multiple of ${r.path('num_attention_heads')} ${grouped(heads)}`,
    );
  }
  let width = hidden;
  if (r.has('lru_width')) width = r.dim('lru_width', LIMITS.ssmHeads);
  else r.notes.push(`lru_width absent: hidden_size = ${grouped(hidden)}, RecurrentGemmaConfig's rule.`);
  const att = {
    kind: 'attention',
    kvHeads: kvHeads(r),
    headDim: hidden / heads,
    window: r.tokens('attention_window_size'),
  };
  const lru = {
    kind: 'ssm',
    heads: width,
    headDim: 1,
    stateDim: 1,
    convKernel: r.dim('conv1d_width', LIMITS.convKernel),
    convChannels: width,
  };
  r.notes.push(
    'RG-LRU blocks: one state number per lru_width channel, and conv1d_width - 1 past inputs of each channel.',
  );
  return { labels: cycle(blocks, L), shapes: { recurrent: [lru], attention: [att] } };
}
