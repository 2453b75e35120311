// Model shapes for the memory demo: the "every attention layer made linear" variant, layer
// descriptions and the custom model's editor drafts (the presets are data: presets.js).
// This file only rearranges layer groups; every byte count comes from the core.

import { readField } from '../../lib/number-field.js';
import { echo } from '../../lib/numbers.js';
import { groupDigits } from './format.js';

export const CUSTOM_ID = 'custom';

/** Layer groups a model may have: the core's limit (model.layers: 1..64 in wasm/core/kv_memory.cpp),
 *  read from la.limits.maxLayerGroups when the core exposes it. tests/demos/memory-editor.test.mjs
 *  checks this number against the core's answer. */
export const MAX_LAYER_GROUPS = 64;

/** Only what the core's Model type has: { layers, params? } (a deep copy; the editor's
 *  `queryHeads`, which only the all-linear twin reads, is left out). */
export function coreModel(model) {
  const out = {
    layers: model.layers.map((g) => {
      const { queryHeads: _q, ...core } = g;
      return core;
    }),
  };
  if (model.params !== undefined && model.params !== null) out.params = model.params;
  return out;
}

const isFixed = (g) => g.kind === 'linear' || g.kind === 'ssm';
export const hasGrowingLayers = (model) => model.layers.some((g) => !isFixed(g));
export const hasLinearLayers = (model) => model.layers.some(isFixed);

/** The heading a preset is listed under in the preset menu. */
export function presetCategory(p) {
  if (p.id.startsWith('one-head')) return "The chapter's own";
  const lin = hasLinearLayers(p);
  const grow = hasGrowingLayers(p);
  if (lin && !grow) return 'Recurrent (no attention layers)';
  if (lin) return 'Hybrids: linear + attention layers';
  if (p.layers.some((g) => g.kind === 'mla')) return 'Latent attention (MLA)';
  // By the attention alone: "dense" would say the wrong thing of a mixture-of-experts model.
  if (p.layers.some((g) => g.window !== undefined || g.chunk !== undefined))
    return 'Windowed or chunked attention (some layers or all)';
  return 'Full softmax attention';
}

/** The one rule for the all-linear twin, as the page states it. */
export const TWIN_RULE =
  'The all-linear twin follows one rule for presets, imported configs and custom models: every attention or ' +
  'MLA layer becomes a linear-attention layer keeping one head_dim × head_dim state per query head.';

/** The all-linear shape of a model by TWIN_RULE: { heads: query heads, keyDim = valueDim = head_dim }.
 *  Presets write it down as `linearTwin` (their query heads: MLA models have no KV heads to count);
 *  custom and imported models carry it too, or give `queryHeads` on their first attention group.
 *  Older links without either fall back to the KV heads (named by twinNote). */
export function twinOf(model) {
  const g = model.layers.find((l) => l.kind === 'attention');
  if (g?.queryHeads !== undefined) return { heads: g.queryHeads, keyDim: g.headDim, valueDim: g.headDim };
  if (model.linearTwin) return { ...model.linearTwin };
  if (!g) return null;
  return { heads: g.kvHeads, keyDim: g.headDim, valueDim: g.headDim };
}

/** True when a model gives no query heads, so its twin falls back to the KV heads (old links). */
export function twinFromKvHeads(model) {
  const g = model.layers.find((l) => l.kind === 'attention');
  return Boolean(g) && g.queryHeads === undefined && !model.linearTwin;
}

/** A copy of a model's layers (and params, twin, trained context) to start the custom editor from.
 *  The twin's query heads go onto the attention groups of its head_dim (the editor shows them);
 *  a model without attention groups (MLA only) keeps its `linearTwin`. */
export function customFrom(resolved) {
  const twin = resolved.twin;
  const custom = {
    layers: resolved.model.layers.map((g) =>
      g.kind === 'attention' && twin && g.queryHeads === undefined && g.headDim === twin.keyDim
        ? { ...g, queryHeads: twin.heads }
        : { ...g },
    ),
  };
  if (resolved.model.params !== undefined) custom.params = resolved.model.params;
  if (twin && !custom.layers.some((g) => g.queryHeads !== undefined)) custom.linearTwin = twin;
  const base = resolved.base ?? resolved.model;
  if (Number.isInteger(base.maxContext)) custom.maxContext = base.maxContext;
  return custom;
}

/** The same model with every attention and MLA group replaced by linear-attention layers with
 *  `twin` = { heads, keyDim, valueDim } per layer; linear groups stay as they are. Equal groups
 *  are merged so a hybrid becomes one linear group per distinct shape. */
export function linearized(model, twin) {
  const groups = [];
  for (const g of model.layers) {
    if (isFixed(g)) {
      groups.push({ ...g }); // linear and SSM layers stay as they are (with their convolution state)
      continue;
    }
    const lin = { kind: 'linear', count: g.count, heads: twin.heads, keyDim: twin.keyDim, valueDim: twin.valueDim };
    const same = groups.find(
      (h) =>
        h.kind === 'linear' &&
        h.convKernel === undefined &&
        h.heads === lin.heads &&
        h.keyDim === lin.keyDim &&
        h.valueDim === lin.valueDim,
    );
    if (same) same.count += lin.count;
    else groups.push(lin);
  }
  const out = { layers: groups };
  if (model.params !== undefined) out.params = model.params;
  return out;
}

/** One line per group, e.g. "32 × attention: 8 KV heads × 128, window 4,096". */
export function describeGroup(g) {
  const n = (x) => groupDigits(BigInt(Math.round(Number(x))));
  const conv = g.convKernel ? `, convolution state (${n(g.convKernel)} − 1) × ${n(g.convChannels)} channels` : '';
  if (g.kind === 'attention') {
    const w = g.window ? `, sliding window ${n(g.window)}` : g.chunk ? `, chunks of ${n(g.chunk)}` : '';
    return `${n(g.count)} × attention: ${n(g.kvHeads)} KV ${g.kvHeads === 1 ? 'head' : 'heads'} × head_dim ${n(g.headDim)}${w}`;
  }
  if (g.kind === 'mla') return `${n(g.count)} × MLA: latent ${n(g.latentDim)} per token`;
  if (g.kind === 'ssm')
    return `${n(g.count)} × SSM (Mamba): ${n(g.heads)} ${g.heads === 1 ? 'head' : 'heads'} × ${n(g.headDim)} × state ${n(g.stateDim)}${conv}`;
  return `${n(g.count)} × linear: ${n(g.heads)} ${g.heads === 1 ? 'head' : 'heads'} × ${n(g.keyDim)} × ${n(g.valueDim)} state${conv}`;
}

// ---- the custom model's editor ------------------------------------------------------------------

export const GROUP_FIELDS = {
  attention: [
    ['count', 'Layers'],
    ['kvHeads', 'KV heads'],
    ['headDim', 'head_dim'],
    ['queryHeads', 'Query heads (for the all-linear twin)'],
    ['window', 'Sliding window (blank: none)'],
    ['chunk', 'Chunk (blank: none)'],
  ],
  mla: [
    ['count', 'Layers'],
    ['latentDim', 'Latent width'],
  ],
  linear: [
    ['count', 'Layers'],
    ['heads', 'Heads'],
    ['keyDim', 'Key dim'],
    ['valueDim', 'Value dim'],
    ['convKernel', 'Convolution kernel (blank: none)'],
    ['convChannels', 'Convolution channels (blank: none)'],
  ],
  ssm: [
    ['count', 'Layers'],
    ['heads', 'Heads'],
    ['headDim', 'Head dim'],
    ['stateDim', 'State dim (d_state)'],
    ['convKernel', 'Convolution kernel (blank: none)'],
    ['convChannels', 'Convolution channels (blank: none)'],
  ],
};
/** Fields that may be left blank (absent from the model). */
export const OPTIONAL_FIELDS = new Set(['window', 'chunk', 'queryHeads', 'convKernel', 'convChannels']);
export const KIND_LABELS = {
  attention: 'Softmax attention',
  mla: 'Latent attention (MLA)',
  linear: 'Linear attention',
  ssm: 'State space (Mamba)',
};

const DEFAULT_DRAFT = {
  kind: 'attention',
  count: '32',
  kvHeads: '8',
  headDim: '128',
  queryHeads: '32',
  window: '',
  chunk: '',
  latentDim: '576',
  stateDim: '128',
  convKernel: '',
  convChannels: '',
  heads: '32',
  keyDim: '128',
  valueDim: '128',
};

/** Editor drafts (strings, as typed) from a model. */
export function draftFromModel(model) {
  return {
    groups: model.layers.map((g) => {
      const d = { ...DEFAULT_DRAFT, kind: g.kind };
      for (const [key] of GROUP_FIELDS[g.kind]) d[key] = g[key] === undefined ? '' : String(g[key]);
      return d;
    }),
    params: model.params === undefined ? '' : billionsText(model.params),
  };
}

export function newGroupDraft() {
  return { ...DEFAULT_DRAFT };
}

/** 8030000000 -> "8.03" (for the editor's "parameters (billions)" box). */
function billionsText(params) {
  const s = BigInt(Math.round(params)).toString().padStart(10, '0');
  const whole = s.slice(0, -9).replace(/^0+(?=\d)/, '');
  const frac = s.slice(-9).replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : whole;
}

/** What the parameter count's field accepts: a bare number under 10⁶ is billions, from 10⁶ up a
 *  count; suffixes B, M, T; never 0 (a model of no weights). */
const PARAMS_FIELD = { label: 'Parameters', min: 0, max: 1e16, zero: false, unit: 'params', unitName: 'parameters' };

/** Parses the drafts into a core Model. Returns { model } or { error, group, field } for text
 *  that is not a whole number; ranges (zero heads, negative or absurd sizes) are the core's job. */
export function modelFromDraft(draft, parseWhole) {
  const layers = [];
  for (let i = 0; i < draft.groups.length; i++) {
    const d = draft.groups[i];
    const g = { kind: d.kind };
    for (const [key, label] of GROUP_FIELDS[d.kind]) {
      const text = String(d[key] ?? '').trim();
      if (OPTIONAL_FIELDS.has(key) && text === '') continue;
      const v = parseWhole(text);
      if (Number.isNaN(v)) {
        return { error: `Layer group ${i + 1}, ${label}: ${echo(text)} is not a whole number.`, group: i, field: key };
      }
      g[key] = v;
    }
    layers.push(g);
  }
  const model = { layers };
  const p = String(draft.params ?? '').trim();
  if (p !== '') {
    // The page's number field: 8.03 (billions), 8B, 8.03e9 or 8,030,000,000 (a count), 350M.
    const read = readField(p, PARAMS_FIELD);
    if (read.error) return { error: read.error, group: -1, field: 'params' };
    model.params = Math.round(read.value);
  }
  return { model };
}

/** The core's refusal of the custom editor's model in the editor's words: its field
 *  ('model.layers[2].kvHeads', 'model.params') said as "Layer group 3, KV heads (kvHeads)", and the
 *  input to mark. Returns { message, group, key } (key 'params': the parameter count; null: none). */
export function editorRefusal(error, model) {
  const message = error?.message ? error.message : String(error);
  const where = typeof error?.field === 'string' ? error.field : '';
  const m = /^model\.layers\[(\d+)\]\.(\w+)$/.exec(where);
  if (m) {
    const kind = model?.layers?.[Number(m[1])]?.kind;
    const field = GROUP_FIELDS[kind]?.find(([key]) => key === m[2]);
    const words = `Layer group ${Number(m[1]) + 1}, ${field ? field[1] : m[2]} (${m[2]})`;
    return { message: message.replace(where, words), group: Number(m[1]), key: m[2] };
  }
  return { message, group: -1, key: where === 'model.params' ? 'params' : null };
}
