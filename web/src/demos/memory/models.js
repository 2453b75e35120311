// Model shapes for the memory demo: the "every attention layer made linear" variant, layer
// descriptions and the custom model's editor drafts (the presets are data: presets.js).
// This file only rearranges layer groups; every byte count comes from the core.

import { groupDigits } from './format.js';

export const CUSTOM_ID = 'custom';

/** Only what the core's Model type has: { layers, params? } (a deep copy). */
export function coreModel(model) {
  const out = { layers: model.layers.map((g) => ({ ...g })) };
  if (model.params !== undefined && model.params !== null) out.params = model.params;
  return out;
}

export const hasGrowingLayers = (model) => model.layers.some((g) => g.kind !== 'linear');
export const hasLinearLayers = (model) => model.layers.some((g) => g.kind === 'linear');

/** The heading a preset is listed under in the preset menu. */
export function presetCategory(p) {
  if (p.id.startsWith('one-head')) return "The chapter's own";
  const lin = hasLinearLayers(p);
  const grow = hasGrowingLayers(p);
  if (lin && !grow) return 'Recurrent (no attention layers)';
  if (lin) return 'Hybrids: linear + attention layers';
  if (p.layers.some((g) => g.kind === 'mla')) return 'Latent attention (MLA)';
  return 'Dense softmax attention';
}

/** The all-linear shape of a model: the preset's `linearTwin`, else one state per KV head of the
 *  first attention group (custom models). */
export function twinOf(model) {
  if (model.linearTwin) return model.linearTwin;
  const g = model.layers.find((l) => l.kind === 'attention');
  return g ? { heads: g.kvHeads, keyDim: g.headDim, valueDim: g.headDim } : null;
}

/** A copy of a model's layers (and params, twin) to start the custom editor from. */
export function customFrom(resolved) {
  const custom = { layers: resolved.model.layers.map((g) => ({ ...g })) };
  if (resolved.model.params !== undefined) custom.params = resolved.model.params;
  if (resolved.twin) custom.linearTwin = resolved.twin;
  return custom;
}

/** The same model with every attention and MLA group replaced by linear-attention layers with
 *  `twin` = { heads, keyDim, valueDim } per layer; linear groups stay as they are. Equal groups
 *  are merged so a hybrid becomes one linear group per distinct shape. */
export function linearized(model, twin) {
  const groups = [];
  for (const g of model.layers) {
    const lin =
      g.kind === 'linear'
        ? { kind: 'linear', count: g.count, heads: g.heads, keyDim: g.keyDim, valueDim: g.valueDim }
        : { kind: 'linear', count: g.count, heads: twin.heads, keyDim: twin.keyDim, valueDim: twin.valueDim };
    const same = groups.find((h) => h.heads === lin.heads && h.keyDim === lin.keyDim && h.valueDim === lin.valueDim);
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
  if (g.kind === 'attention') {
    const w = g.window ? `, sliding window ${n(g.window)}` : '';
    return `${n(g.count)} × attention: ${n(g.kvHeads)} KV ${g.kvHeads === 1 ? 'head' : 'heads'} × head_dim ${n(g.headDim)}${w}`;
  }
  if (g.kind === 'mla') return `${n(g.count)} × MLA: latent ${n(g.latentDim)} per token`;
  return `${n(g.count)} × linear: ${n(g.heads)} ${g.heads === 1 ? 'head' : 'heads'} × ${n(g.keyDim)} × ${n(g.valueDim)} state`;
}

// ---- the custom model's editor ------------------------------------------------------------------

export const GROUP_FIELDS = {
  attention: [
    ['count', 'Layers'],
    ['kvHeads', 'KV heads'],
    ['headDim', 'head_dim'],
    ['window', 'Sliding window (blank: none)'],
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
  ],
};
export const KIND_LABELS = {
  attention: 'Softmax attention',
  mla: 'Latent attention (MLA)',
  linear: 'Linear attention',
};

const DEFAULT_DRAFT = {
  kind: 'attention',
  count: '32',
  kvHeads: '8',
  headDim: '128',
  window: '',
  latentDim: '576',
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

/** Parses the drafts into a core Model. Returns { model } or { error, group, field } for text
 *  that is not a whole number; ranges (zero heads, negative or absurd sizes) are the core's job. */
export function modelFromDraft(draft, parseWhole) {
  const layers = [];
  for (let i = 0; i < draft.groups.length; i++) {
    const d = draft.groups[i];
    const g = { kind: d.kind };
    for (const [key, label] of GROUP_FIELDS[d.kind]) {
      const text = String(d[key] ?? '').trim();
      if (key === 'window' && text === '') continue;
      const v = parseWhole(text);
      if (Number.isNaN(v)) {
        return { error: `Layer group ${i + 1}, ${label}: “${text}” is not a whole number.`, group: i, field: key };
      }
      g[key] = v;
    }
    layers.push(g);
  }
  const model = { layers };
  const p = String(draft.params ?? '').trim();
  if (p !== '') {
    const m = /^(\d{1,7})(?:\.(\d{1,9}))?$/.exec(p);
    if (!m) return { error: `Parameters: “${p}” is not a number of billions (e.g. 8.03).`, group: -1, field: 'params' };
    model.params = Number(BigInt(m[1]) * 1000000000n + BigInt((m[2] || '').padEnd(9, '0')));
  }
  return { model };
}
