// Every figure the memory demo shows, asked of the core in one call per update (la.kvView: the
// model at the reader's query, its capacity, the flat line's model, the original, the curve and the
// crossover; wasm/core/kv_batch.hpp): computeMemory(la, state, previous) is the demo's one call from
// state to results. Choosing where to sample the curve is the UI's business; the bytes are not.

import { CUSTOM_ID, coreModel, hasGrowingLayers, hasLinearLayers, linearized, twinOf } from './models.js';
import { findPreset } from './presets.js';
import { MAX_TOKENS, MIN_TOKENS, gpuBytes } from './state.js';

export { MAX_TOKENS, MIN_TOKENS };
export const SAMPLE_COUNT = 60;
/** The curves' columns the chart and the table draw (rowsOf): only these cross from the core.
 *  @type {('kvBytes' | 'stateBytes' | 'totalBytes')[]} */
export const CURVE_FIELDS = ['kvBytes', 'stateBytes', 'totalBytes'];

/**
 * The model a state describes: { base (preset or custom), twin, canLinearize, model (what is
 * shown), original (the model before it was made linear, or null) }. Throws for an unknown preset.
 */
export function resolveModel(state) {
  const base = state.preset === CUSTOM_ID ? state.custom : findPreset(state.preset);
  if (!base) {
    throw new Error(state.preset === CUSTOM_ID ? 'No custom model was given.' : `Unknown preset “${state.preset}”.`);
  }
  const twin = twinOf(base);
  const canLinearize = Boolean(twin) && hasGrowingLayers(base);
  // The configured position limit (max_position_embeddings or the like; null: none given).
  const maxContext = Number.isInteger(base.maxContext) ? base.maxContext : null;
  if (state.linear && canLinearize)
    return { base, twin, canLinearize, maxContext, model: linearized(base, twin), original: base };
  return { base, twin, canLinearize, maxContext, model: base, original: null };
}

/**
 * Everything shown for `state`: computeAll's results plus `resolved` (resolveModel). `previous`:
 * the last results, whose curve, state per session and crossover are reused when only the context
 * length changed. Throws the core's (or the GPU budget's) Error on bad input, before anything is
 * kept.
 */
export function computeMemory(la, state, previous = null) {
  const resolved = resolveModel(state);
  const input = { ...state, gpuBytes: gpuBytes(state) };
  const twin = resolved.canLinearize ? resolved.twin : null;
  return { ...computeAll(la, input, resolved.model, twin, resolved.original, previous), resolved };
}

/** 60 log-spaced context lengths from 1K to 10M, plus any window or chunk size in that range so
 *  the curve bends where a window fills: the lengths the table lists. Sorted, distinct, whole. */
export function sampleTokens(model) {
  const set = new Set();
  for (let i = 0; i < SAMPLE_COUNT; i++) set.add(Math.round(10 ** (3 + (4 * i) / (SAMPLE_COUNT - 1))));
  for (const g of model.layers) {
    const cap = g.kind === 'attention' ? g.window || g.chunk : 0;
    if (cap >= MIN_TOKENS && cap <= MAX_TOKENS) set.add(cap);
  }
  return [...set].sort((a, b) => a - b);
}

/** The least step along the (log) context axis between two teeth drawn: a thousandth of its four
 *  decades, under a pixel of the widest figure. */
export const TOOTH_STEP = 4 / 1000;

/** Where to ask the core so that a line through the answers is the saw tooth of chunked layers:
 *  at each chunk boundary b (the chunk full) and b + 1 (a new chunk holding one token). Every
 *  boundary while a tooth is at least TOOTH_STEP wide; past that, teeth narrower than a pixel, one
 *  boundary per TOOTH_STEP, and the zigzag through them fills the band the teeth fill. */
export function toothTokens(models) {
  const chunks = new Set();
  for (const m of models)
    for (const g of m?.layers ?? []) if (g.kind === 'attention' && g.chunk > 0) chunks.add(g.chunk);
  const out = [];
  for (const c of chunks) {
    for (let k = Math.max(1, Math.ceil(MIN_TOKENS / c)); k * c < MAX_TOKENS; ) {
      const b = k * c;
      out.push(b, b + 1);
      k = Math.max(k + 1, Math.floor((b * 10 ** TOOTH_STEP) / c));
    }
  }
  return out;
}

/**
 * model: the model the reader picked (core format + optional extras); twin: { heads, keyDim,
 * valueDim } for its all-linear variant or null; original: the model before linearization (or null);
 * previous: the last results (computeAll's), whose curve, state per session and crossover are
 * reused when only the context changed.
 * Throws the core's Error on bad input, before anything is kept.
 */
export function computeAll(la, s, model, twin, original, previous = null) {
  const core = coreModel(model);

  // The flat line: the model's own fixed state when it has linear layers, otherwise the state the
  // same model would keep with every attention layer made linear.
  let reference = null;
  if (hasLinearLayers(core)) reference = { kind: 'own', model: core };
  else if (twin) reference = { kind: 'twin', model: coreModel(linearized(core, twin)) };

  const originalCore = original ? coreModel(original) : null;
  // The per-session state, the crossover and the curve do not depend on the reader's context
  // length: moving the slider reuses them (the call then asks for no curve, 60-odd queries fewer).
  const key = JSON.stringify([core, reference?.model, originalCore, s.sessions, s.kvDtype, s.stateDtype]);
  const kept = previous?.samplesKey === key ? previous : null;

  // Where the curve is asked: the table's samples, and the chunk boundaries of a saw tooth.
  const sampled = new Set(kept ? [] : sampleTokens(core));
  const teeth = kept ? [] : toothTokens([core, originalCore]).filter((t) => !sampled.has(t));
  const asked = [...sampled, ...teeth].sort((a, b) => a - b);

  // One crossing into the core for the whole update; the models stay converted in the core while
  // they are in use (la's model cache), so a drag converts none of them again.
  const view = la.kvView(core, {
    tokens: s.tokens,
    sessions: s.sessions,
    kvDtype: s.kvDtype,
    stateDtype: s.stateDtype,
    gpuBytes: s.gpuBytes,
    weightDtype: s.weightDtype,
    tp: s.tp ?? 1,
    reference: reference ? reference.model : null,
    original: originalCore,
    curve: kept ? [] : asked,
    curveFields: CURVE_FIELDS,
    // A crossover only where the cache grows; should it alone fail, the reader sees its message in
    // that one row instead of losing the whole picture (view.crossover is then { error }).
    crossover: !kept && reference !== null && hasGrowingLayers(core),
  });
  const { now, capacity } = view;
  const own = reference?.kind === 'own';
  const refNow = reference ? (own ? now : view.refNow) : null;
  let refPerSession = null;
  let crossover = null;
  if (kept) ({ refPerSession, crossover } = kept);
  else if (reference) ({ refPerSession, crossover } = view);

  let samples = kept ? kept.samples : null;
  let curve = kept ? kept.curve : null;
  if (!kept) {
    // The line drawn: the samples, and the teeth of any chunked layers (the model's or the
    // original's), asked of the core in the same call.
    curve = rowsOf(view, reference, own);
    samples = teeth.length ? curve.filter((r) => sampled.has(r.tokens)) : curve;
  }

  return {
    now,
    capacity,
    reference: reference?.kind,
    refNow,
    refPerSession,
    crossover,
    originalNow: view.originalNow,
    samples,
    curve,
    samplesKey: key,
    growing: hasGrowingLayers(core),
  };
}

// The curve's columns as the rows the chart and the table read.
function rowsOf(view, reference, own) {
  const { curve, refCurve, originalCurve } = view;
  return Array.from(curve.tokens, (tokens, i) => {
    const row = { tokens, kvBytes: curve.kvBytes[i], stateBytes: curve.stateBytes[i], totalBytes: curve.totalBytes[i] };
    if (reference) row.refBytes = own ? curve.stateBytes[i] : refCurve.stateBytes[i];
    if (originalCurve) row.originalBytes = originalCurve.totalBytes[i];
    return row;
  });
}
