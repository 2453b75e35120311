// Mamba layers and the hybrids built on them. A Mamba layer keeps a fixed state per sequence:
//   Mamba (v1)  intermediate_size channels x state_size (configuration_mamba.py; falcon_mamba,
//               Jamba), shown as that many heads of size 1 (how tensor parallelism splits them)
//   Mamba-2     heads x head_dim x state_size (configuration_mamba2.py; Nemotron-H, Bamba,
//               GraniteMoeHybrid, Zamba2, Falcon-H1)
// plus a short convolution of conv_kernel - 1 past inputs over its channels: d_inner for Mamba,
// d_inner + 2 x n_groups x state_size (x, B and C) for Mamba-2.

import { attention, configError, grouped, headDim, kvHeads, LIMITS, within } from './fields.mjs';
import { checkLabels, checkLength, indexSet, layerTypes } from './layers.mjs';

function mamba2Shape(r, k, inner, derivedHeads) {
  const heads = derivedHeads ?? r.dim(k.heads, LIMITS.ssmHeads);
  let hd;
  if (r.known(k.headDim) && r.value(k.headDim) !== 'auto') hd = r.dim(k.headDim, LIMITS.headDim);
  else {
    if (inner % heads !== 0) {
      throw configError(
        RangeError,
        r.path(k.headDim),
        `${r.path(k.headDim)} cannot be derived: ${grouped(inner)} / ${grouped(heads)} is not whole`,
      );
    }
    hd = inner / heads;
    r.notes.push(`${k.headDim} not given: d_inner / ${k.heads} = ${grouped(hd)}.`);
  }
  const state = r.dim(k.state, LIMITS.stateDim);
  const groups = r.dim(k.groups, LIMITS.ssmHeads, 1);
  const channels = within(
    r,
    inner + 2 * groups * state,
    LIMITS.convChannels,
    [k.groups, k.state],
    'The convolution channels',
  );
  return {
    kind: 'ssm',
    heads,
    headDim: hd,
    stateDim: state,
    convKernel: r.dim(k.kernel, LIMITS.convKernel),
    convChannels: channels,
  };
}

/** d_inner: given by `key`, else expand x hidden_size (noted). */
function inner(r, key, expandKey) {
  if (key && r.has(key)) return r.dim(key, LIMITS.convChannels);
  const n = r.dim(expandKey) * r.dim('hidden_size');
  r.notes.push(`d_inner = ${expandKey} x hidden_size = ${grouped(n)}.`);
  return within(r, n, LIMITS.convChannels, [expandKey, 'hidden_size'], 'd_inner');
}

function mamba1Shape(r, k) {
  const d = inner(r, k.inner, k.expand);
  return {
    kind: 'ssm',
    heads: within(r, d, LIMITS.ssmHeads, [k.inner ?? k.expand], 'd_inner'),
    headDim: 1,
    stateDim: r.dim(k.state, LIMITS.stateDim),
    convKernel: r.dim(k.kernel, LIMITS.convKernel),
    convChannels: d,
  };
}

export function mamba(r) {
  const L = r.layers();
  const ssm = mamba1Shape(r, {
    inner: 'intermediate_size',
    expand: 'expand',
    state: 'state_size',
    kernel: 'conv_kernel',
  });
  return { labels: Array(L).fill('mamba'), shapes: { mamba: [ssm] } };
}

export function mamba2(r) {
  const L = r.layers();
  const k = { heads: 'num_heads', headDim: 'head_dim', state: 'state_size', groups: 'n_groups', kernel: 'conv_kernel' };
  return { labels: Array(L).fill('mamba'), shapes: { mamba: [mamba2Shape(r, k, inner(r, null, 'expand'))] } };
}

export function nemotronH(r) {
  // Newer configs list layers_block_type (and may leave num_hidden_layers to its length, as
  // configuration_nemotron_h.py does); older ones spell the same as hybrid_override_pattern.
  if (r.has('layers_block_type')) {
    const kinds = checkLabels(r, 'layers_block_type', r.list('layers_block_type'), [
      'mamba',
      'attention',
      'moe',
      'mlp',
    ]);
    if (r.has('num_hidden_layers')) checkLength(r, 'layers_block_type', kinds, r.layers());
    else r.notes.push(`num_hidden_layers absent: the ${grouped(kinds.length)} entries of layers_block_type.`);
    const labels = kinds.map((k) => (k === 'moe' ? 'mlp' : k));
    return nemotronShapes(r, labels);
  }
  const L = r.layers();
  const pattern = r.string('hybrid_override_pattern');
  checkLength(r, 'hybrid_override_pattern', [...pattern], L, 'characters');
  const labels = [...pattern].map((c, i) => {
    if (c === 'M') return 'mamba';
    if (c === '*') return 'attention';
    if (c === '-' || c === 'E') return 'mlp';
    throw configError(
      RangeError,
      r.path('hybrid_override_pattern'),
      `${r.path('hybrid_override_pattern')}[${i}] is '${c}' (known: M Mamba-2, * attention, - MLP, E MoE)`,
    );
  });
  r.notes.push("hybrid_override_pattern: 'M' Mamba-2, '*' attention, '-'/'E' feed-forward layers (no cache).");
  return nemotronShapes(r, labels);
}

function nemotronShapes(r, labels) {
  const k = {
    heads: 'mamba_num_heads',
    headDim: 'mamba_head_dim',
    state: 'ssm_state_size',
    groups: 'n_groups',
    kernel: 'conv_kernel',
  };
  const d = r.dim('mamba_num_heads', LIMITS.ssmHeads) * r.dim('mamba_head_dim', LIMITS.headDim);
  const att = { kind: 'attention', kvHeads: kvHeads(r), headDim: headDim(r, ['head_dim', 'attention_head_dim']) };
  return { labels, shapes: { mamba: [mamba2Shape(r, k, d)], attention: [att], mlp: [] } };
}

// Bamba and GraniteMoeHybrid (configuration_bamba.py, configuration_granitemoehybrid.py): Mamba-2
// layers with mamba_d_head 'auto' = mamba_expand x hidden_size / mamba_n_heads.
const GRANITE = {
  heads: 'mamba_n_heads',
  headDim: 'mamba_d_head',
  state: 'mamba_d_state',
  groups: 'mamba_n_groups',
  kernel: 'mamba_d_conv',
};

export function bamba(r) {
  const L = r.layers();
  const at = r.has('attn_layer_indices') ? indexSet(r, 'attn_layer_indices', L) : new Set();
  const labels = Array.from({ length: L }, (_, i) => (at.has(i) ? 'attention' : 'mamba'));
  return {
    labels,
    shapes: { mamba: [mamba2Shape(r, GRANITE, inner(r, null, 'mamba_expand'))], attention: [attention(r)] },
  };
}

export function graniteHybrid(r) {
  const L = r.layers();
  const labels = layerTypes(r, L, ['mamba', 'attention']) ?? Array(L).fill('mamba');
  return {
    labels,
    shapes: { mamba: [mamba2Shape(r, GRANITE, inner(r, null, 'mamba_expand'))], attention: [attention(r)] },
  };
}

// Zamba2 (configuration_zamba2.py): every layer is Mamba-2; 'hybrid' layers also run the shared
// attention block, each with its own cache: attention_head_dim = 2 x hidden_size / heads.
export function zamba2(r) {
  const L = r.layers();
  const key = r.has('layer_types') && !r.has('layers_block_type') ? 'layer_types' : 'layers_block_type';
  const types = checkLabels(r, key, r.list(key), ['mamba', 'hybrid']);
  checkLength(r, key, types, L);
  const hidden = r.dim('hidden_size');
  const heads = r.dim('num_attention_heads', LIMITS.kvHeads);
  const d = inner(r, null, 'mamba_expand');
  // Zyphra's first Zamba2 files give mamba_headdim and no n_mamba_heads: d_inner / mamba_headdim.
  const derived = !r.has('n_mamba_heads') && r.has('mamba_headdim') ? headsOf(r, d) : undefined;
  const mheads = derived ?? r.dim('n_mamba_heads', LIMITS.ssmHeads);
  const keys = {
    heads: 'n_mamba_heads',
    headDim: 'mamba_headdim',
    state: 'mamba_d_state',
    groups: 'mamba_ngroups',
    kernel: 'mamba_d_conv',
  };
  const ssm = mamba2Shape(r, keys, d, derived);
  if (!r.has('mamba_headdim') && d % mheads !== 0)
    throw configError(RangeError, r.path('n_mamba_heads'), 'mamba_headdim cannot be derived');
  const att = {
    kind: 'attention',
    kvHeads: kvHeads(r),
    headDim: within(
      r,
      Math.floor((2 * hidden) / heads),
      LIMITS.headDim,
      ['hidden_size', 'num_attention_heads'],
      'attention_head_dim',
    ),
  };
  r.notes.push(
    `Zamba2: ${grouped(types.filter((t) => t === 'hybrid').length)} hybrid layers add the shared attention block (head_dim 2 x hidden_size / num_attention_heads) to their Mamba-2 layer.`,
  );
  return { labels: types, shapes: { mamba: [ssm], hybrid: [ssm, att] } };
}

function headsOf(r, d) {
  const hd = r.dim('mamba_headdim', LIMITS.headDim);
  if (d % hd !== 0) {
    throw configError(
      RangeError,
      r.path('mamba_headdim'),
      `d_inner ${grouped(d)} is not a multiple of ${r.path('mamba_headdim')} ${grouped(hd)}`,
    );
  }
  r.notes.push(`n_mamba_heads not given: d_inner / mamba_headdim = ${grouped(d / hd)}.`);
  return within(r, d / hd, LIMITS.ssmHeads, ['mamba_headdim'], 'n_mamba_heads');
}

export function falconH1(r) {
  const L = r.layers();
  const d = inner(r, 'mamba_d_ssm', 'mamba_expand');
  const k = {
    heads: 'mamba_n_heads',
    headDim: 'mamba_d_head',
    state: 'mamba_d_state',
    groups: 'mamba_n_groups',
    kernel: 'mamba_d_conv',
  };
  const ssm = mamba2Shape(r, k, d);
  r.notes.push(
    'Falcon-H1: every layer runs attention and Mamba-2 side by side: one attention group and one SSM group of the same count.',
  );
  return { labels: Array(L).fill('hybrid'), shapes: { hybrid: [attention(r), ssm] } };
}

export function jamba(r) {
  const L = r.layers();
  const period = r.dim('attn_layer_period', LIMITS.layers);
  const offset = r.has('attn_layer_offset') ? r.raw('attn_layer_offset') : 0;
  if (!Number.isInteger(offset) || offset < 0 || offset >= period) {
    throw configError(
      RangeError,
      r.path('attn_layer_offset'),
      `${r.path('attn_layer_offset')} must be a whole number from 0 to attn_layer_period - 1 (got ${JSON.stringify(offset)})`,
    );
  }
  const labels = Array.from({ length: L }, (_, i) => (i % period === offset ? 'attention' : 'mamba'));
  const ssm = mamba1Shape(r, { expand: 'mamba_expand', state: 'mamba_d_state', kernel: 'mamba_d_conv' });
  r.notes.push(
    `Jamba's Mamba (version 1) layers keep d_inner x d_state numbers: ${grouped(ssm.heads)} SSM heads of size 1 (one per channel).`,
  );
  return { labels, shapes: { attention: [attention(r)], mamba: [ssm] } };
}
