// Linear-attention and other recurrent layers, each with its fixed state per sequence:
//   qwen3_next, qwen3_5   Gated DeltaNet: linear_num_value_heads x key x value; conv over q, k, v
//                         (configuration_qwen3_next.py); full_attention_interval or layer_types
//   kimi_linear           Kimi Delta Attention: num_heads x head_dim x head_dim, 3 short convs;
//                         linear_attn_config.full_attn_layers are 1-based MLA layers
//   minimax               lightning attention: heads x head_dim x head_dim (attn_type_list 0)
//   rwkv                  RWKV-4 (configuration_rwkv.py): 3 x attention_hidden_size numbers
//                         (numerator, denominator, max) + 2 token-shift vectors of hidden_size
//   rwkv5, rwkv6, rwkv7   heads x head_size x head_size (heads = attention_hidden_size / head_size,
//                         or hidden_size / head_dim) + 2 token-shift vectors of hidden_size
//   lfm2                  'conv' layers: a short convolution only, (conv_L_cache - 1) x hidden_size
//                         (configuration_lfm2.py); 'full_attention' layers
// Token shifts and LFM2's convolutions are a state of fixed size: they are shown as an SSM group
// whose state is exactly those numbers, or as the convolution term (kernel 2 = one past input).

import { attention, configError, grouped, headDim, isObject, LIMITS, reader, within } from './fields.mjs';
import { indexSet, layerTypes } from './layers.mjs';
import { latent } from './mla.mjs';

function gatedDeltaNet(r) {
  const kHeads = r.dim('linear_num_key_heads', LIMITS.linearHeads);
  const vHeads = r.dim('linear_num_value_heads', LIMITS.linearHeads);
  const kDim = r.dim('linear_key_head_dim', LIMITS.headDim);
  const vDim = r.dim('linear_value_head_dim', LIMITS.headDim);
  const channels = within(
    r,
    2 * kHeads * kDim + vHeads * vDim,
    LIMITS.convChannels,
    ['linear_num_key_heads', 'linear_key_head_dim'],
    'The convolution channels',
  );
  return {
    kind: 'linear',
    heads: vHeads,
    keyDim: kDim,
    valueDim: vDim,
    convKernel: r.dim('linear_conv_kernel_dim', LIMITS.convKernel),
    convChannels: channels,
  };
}

export function qwenHybrid(r) {
  const L = r.layers();
  let labels = layerTypes(r, L, ['linear_attention', 'full_attention']);
  if (labels === null) {
    const every = r.dim('full_attention_interval', LIMITS.layers);
    labels = Array.from({ length: L }, (_, i) => ((i + 1) % every ? 'linear_attention' : 'full_attention'));
  }
  return { labels, shapes: { linear_attention: [gatedDeltaNet(r)], full_attention: [attention(r)] } };
}

export function kimiLinear(r) {
  const L = r.layers();
  if (!isObject(r.raw('linear_attn_config'))) {
    throw configError(TypeError, r.path('linear_attn_config'), `${r.path('linear_attn_config')} is missing`);
  }
  const lin = reader(r.raw('linear_attn_config'), r.path('linear_attn_config'), r.notes);
  const full = indexSet(lin, 'full_attn_layers', L, 1); // 1-based: layer 27 is the last of 27
  const labels = Array.from({ length: L }, (_, i) => (full.has(i) ? 'mla' : 'kda'));
  const heads = lin.dim('num_heads', LIMITS.linearHeads);
  const hd = lin.dim('head_dim', LIMITS.headDim);
  const kda = {
    kind: 'linear',
    heads,
    keyDim: hd,
    valueDim: hd,
    convKernel: lin.dim('short_conv_kernel_size', LIMITS.convKernel),
    convChannels: 3 * heads * hd,
  };
  r.notes.push('Kimi Delta Attention: 3 short convolutions (q, k, v) of num_heads x head_dim channels each.');
  return { labels, shapes: { kda: [kda], mla: [latent(r)] } };
}

export function minimax(r) {
  const L = r.layers();
  let labels = layerTypes(r, L, ['linear_attention', 'full_attention']);
  if (labels === null) {
    const list = r.list('attn_type_list');
    if (list.length !== L) {
      throw configError(
        RangeError,
        r.path('attn_type_list'),
        `${r.path('attn_type_list')} has ${grouped(list.length)} entries but num_hidden_layers is ${grouped(L)}`,
      );
    }
    labels = list.map((t, i) => {
      if (t !== 0 && t !== 1) {
        throw configError(
          RangeError,
          `${r.path('attn_type_list')}[${i}]`,
          `${r.path('attn_type_list')}[${i}] must be 0 (lightning) or 1 (softmax)`,
        );
      }
      return t === 1 ? 'full_attention' : 'linear_attention';
    });
  }
  const hd = headDim(r);
  r.notes.push(
    'Lightning (linear) attention layers: num_attention_heads x head_dim x head_dim state each; no convolution.',
  );
  const lin = { kind: 'linear', heads: r.dim('num_attention_heads', LIMITS.linearHeads), keyDim: hd, valueDim: hd };
  return {
    labels,
    shapes: {
      linear_attention: [lin],
      full_attention: [{ kind: 'attention', kvHeads: attention(r).kvHeads, headDim: hd }],
    },
  };
}

function tokenShift(r) {
  return within(r, 2 * r.dim('hidden_size'), LIMITS.convChannels, ['hidden_size'], 'The token-shift width');
}

export function rwkv(r, type) {
  const L = r.layers();
  const shift = { convKernel: 2, convChannels: tokenShift(r) };
  if (type === 'rwkv') {
    const width = r.has('attention_hidden_size')
      ? r.dim('attention_hidden_size', LIMITS.ssmHeads)
      : r.dim('hidden_size', LIMITS.ssmHeads);
    r.notes.push(
      'RWKV-4: 3 numbers per attention_hidden_size channel (numerator, denominator, maximum) and 2 token-shift vectors of hidden_size per layer.',
    );
    return {
      labels: Array(L).fill('rwkv'),
      shapes: { rwkv: [{ kind: 'ssm', heads: width, headDim: 1, stateDim: 3, ...shift }] },
    };
  }
  let size;
  let heads;
  if (type === 'rwkv7') {
    // flash-linear-attention's configs say head_dim; vLLM's RWKV7Config says head_size.
    size = r.dim(r.has('head_dim') || !r.has('head_size') ? 'head_dim' : 'head_size', LIMITS.headDim);
    const width = r.has('num_heads') ? null : r.dim('hidden_size');
    if (width !== null && width % size)
      throw configError(
        RangeError,
        r.path('head_dim'),
        `hidden_size ${grouped(width)} is not a multiple of ${r.path('head_dim')} ${grouped(size)}`,
      );
    heads =
      width === null
        ? r.dim('num_heads', LIMITS.linearHeads)
        : within(r, width / size, LIMITS.linearHeads, ['hidden_size', 'head_dim'], 'The head count');
  } else {
    size = r.dim('head_size', LIMITS.headDim);
    const width = r.has('attention_hidden_size') ? r.dim('attention_hidden_size') : r.dim('hidden_size');
    if (width % size)
      throw configError(
        RangeError,
        r.path('head_size'),
        `attention_hidden_size ${grouped(width)} is not a multiple of ${r.path('head_size')} ${grouped(size)}`,
      );
    heads = within(r, width / size, LIMITS.linearHeads, ['attention_hidden_size', 'head_size'], 'The head count');
  }
  r.notes.push(
    'RWKV: heads x head size x head size state per layer, and 2 token-shift vectors of hidden_size (shown as a convolution of width 2).',
  );
  return {
    labels: Array(L).fill('rwkv'),
    shapes: { rwkv: [{ kind: 'linear', heads, keyDim: size, valueDim: size, ...shift }] },
  };
}

export function lfm2(r) {
  const L = r.layers();
  let labels = layerTypes(r, L, ['conv', 'full_attention']);
  if (labels === null) {
    const full = r.has('full_attn_idxs')
      ? indexSet(r, 'full_attn_idxs', L)
      : new Set(Array.from({ length: L }, (_, i) => i));
    labels = Array.from({ length: L }, (_, i) => (full.has(i) ? 'full_attention' : 'conv'));
  }
  const kernel = r.dim('conv_L_cache', LIMITS.convKernel);
  const hidden = r.dim('hidden_size', LIMITS.ssmHeads);
  // A conv-only layer: its (conv_L_cache - 1) x hidden_size past inputs as an SSM state of that size.
  const conv = { kind: 'ssm', heads: hidden, headDim: 1, stateDim: Math.max(1, kernel - 1) };
  if (labels.includes('conv')) {
    r.notes.push(
      `LFM2 conv layers keep only a short convolution: (conv_L_cache - 1) x hidden_size = ${grouped(conv.stateDim * hidden)} numbers each, shown as their fixed state.`,
    );
  }
  return { labels, shapes: { conv: [conv], full_attention: [attention(r)] } };
}
