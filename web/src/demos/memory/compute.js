// Every figure the memory demo shows, asked of the core (la.kvMemory, la.kvCapacity,
// la.kvCrossover): computeMemory(la, state, previous) is the demo's one call from state to results.
// Choosing where to sample the curve is the UI's business; the bytes are not.

import { CUSTOM_ID, coreModel, hasGrowingLayers, hasLinearLayers, linearized, twinOf } from './models.js';
import { findPreset } from './presets.js';
import { MAX_TOKENS, MIN_TOKENS, gpuBytes } from './state.js';

export { MAX_TOKENS, MIN_TOKENS };
export const SAMPLE_COUNT = 60;

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

/** 60 log-spaced context lengths from 1K to 10M, plus any sliding-window size in that range so
 *  the curve bends where the cache stops growing. A chunked layer holds only the chunk in
 *  progress (a saw tooth), so past the chunk each length moves to the chunk boundary nearest it,
 *  where every chunk is full: the line joins the teeth's tops. Sorted, distinct, whole. */
export function sampleTokens(model) {
  const set = new Set();
  const chunk = Math.max(0, ...model.layers.map((g) => (g.kind === 'attention' ? g.chunk || 0 : 0)));
  for (let i = 0; i < SAMPLE_COUNT; i++) {
    const t = Math.round(10 ** (3 + (4 * i) / (SAMPLE_COUNT - 1)));
    set.add(chunk > 0 && t > chunk ? Math.min(MAX_TOKENS, Math.round(t / chunk) * chunk) : t);
  }
  for (const g of model.layers) {
    const cap = g.kind === 'attention' ? g.window || g.chunk : 0;
    if (cap >= MIN_TOKENS && cap <= MAX_TOKENS) set.add(cap);
  }
  return [...set].sort((a, b) => a - b);
}

/** la.kvCapacity's answer, or null when the model's weights are not known (the core refuses,
 *  naming model.params, rather than fit a model as if it weighed nothing). */
function capacityOf(la, core, opts) {
  try {
    return la.kvCapacity(core, opts);
  } catch (e) {
    if (e?.field === 'model.params') return null;
    throw e;
  }
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
  const opts = { tokens: s.tokens, sessions: s.sessions, kvDtype: s.kvDtype, stateDtype: s.stateDtype };
  const now = la.kvMemory(core, opts);
  const capacity = capacityOf(la, core, { ...opts, gpuBytes: s.gpuBytes, weightDtype: s.weightDtype, tp: s.tp ?? 1 });

  // The flat line: the model's own fixed state when it has linear layers, otherwise the state the
  // same model would keep with every attention layer made linear.
  let reference = null;
  if (hasLinearLayers(core)) reference = { kind: 'own', model: core };
  else if (twin) reference = { kind: 'twin', model: coreModel(linearized(core, twin)) };

  const originalCore = original ? coreModel(original) : null;
  // The per-session state, the crossover and the curve do not depend on the reader's context
  // length: moving the slider reuses them (one core call fewer per frame of a drag, and the curve's
  // 60-odd).
  const key = JSON.stringify([core, reference?.model, originalCore, s.sessions, s.kvDtype, s.stateDtype]);
  const kept = previous?.samplesKey === key ? previous : null;

  const refNow = reference ? (reference.kind === 'own' ? now : la.kvMemory(reference.model, opts)) : null;
  let refPerSession = null;
  let crossover = null;
  if (kept) ({ refPerSession, crossover } = kept);
  else if (reference) {
    refPerSession = la.kvMemory(reference.model, {
      tokens: 1,
      sessions: 1,
      kvDtype: s.kvDtype,
      stateDtype: s.stateDtype,
    }).stateBytes;
    if (hasGrowingLayers(core) && refPerSession > 0n) {
      // The model itself was accepted by kvMemory above; should the crossover alone fail, the
      // reader sees its message in that one row instead of losing the whole picture.
      try {
        crossover = la.kvCrossover(core, { stateBytes: refPerSession, kvDtype: s.kvDtype });
      } catch (e) {
        crossover = { error: e?.message ? e.message : String(e) };
      }
    }
  }

  const originalNow = originalCore ? la.kvMemory(originalCore, opts) : null;

  let samples = kept ? kept.samples : null;
  if (!samples) {
    samples = sampleTokens(core).map((tokens) => {
      const o = { ...opts, tokens };
      const m = la.kvMemory(core, o);
      const row = { tokens, kvBytes: m.kvBytes, stateBytes: m.stateBytes, totalBytes: m.totalBytes };
      if (reference) {
        row.refBytes = reference.kind === 'own' ? m.stateBytes : la.kvMemory(reference.model, o).stateBytes;
      }
      if (originalCore) row.originalBytes = la.kvMemory(originalCore, o).totalBytes;
      return row;
    });
  }

  return {
    now,
    capacity,
    reference: reference?.kind,
    refNow,
    refPerSession,
    crossover,
    originalNow,
    samples,
    samplesKey: key,
    growing: hasGrowingLayers(core),
  };
}
