// The work the demo asks of the core, shared by worker.js and the main-thread fallback.
// Nothing here computes a number the reader sees: it chooses which N to ask for and in what order,
// calls the core, and repackages its Float64Arrays for postMessage.
import { DIMS, KEYS, HEATMAP_MAX_N } from '../sweep.js';

/** Sweeps whose work estimate (trials · N² · (N + d), the core's own cost model) is above this
 *  get a quick one-trial preview on a coarse grid of N before the full sweep (about 0.03 s in
 *  WebAssembly at this size). */
const PREVIEW_ABOVE_WORK = 2 ** 24;
/** A one-trial preview itself above this gets an even quicker one, up to N = d, first. */
const SPLIT_PREVIEW_ABOVE_WORK = 2 ** 28;

const work = (trials, nMax, d) => trials * nMax * nMax * (nMax + d);

/**
 * What one store costs, in the core's own units (StoreStream's totalWork, wasm/core/store.cpp, less
 * drawing the keys): reading every association back, about 5 n d apiece, and for any rule but the
 * plain sum (the delta rule, a forget gate) writing each one with a d × d correction, 3 d² apiece.
 * `rule`: { rule, gate } as the state has them.
 */
export function storeCost(d, n, rule = {}) {
  const plain = (rule.rule ?? 'add') === 'add' && (rule.gate ?? 1) === 1;
  return n * d * (5 * n + (plain ? 0 : 3 * d));
}

/** Stores that cost at most this take under a millisecond of WebAssembly (the plain rule at
 *  d = 256, N = 16: 0.7 ms in Node): computed on the main thread, inside the frame. A dearer one
 *  goes to a worker and is drawn in the next frame: at N = 32 (1.9 ms) the store alone took a
 *  quarter of a drag frame's 8 ms, and the delta rule's store at d = 256, N = 32
 *  costs four times that. */
export const MAIN_THREAD_STORE_MAX = 5 * 2 ** 16;
/** Up to this cost a store takes a worker tens of milliseconds: asked for at once; dearer ones
 *  (up to seconds) only once the slider rests. */
export const QUICK_STORE_MAX = 5 * 2 ** 22;

export function storeIsCheap(d, n, rule) {
  return storeCost(d, n, rule) <= MAIN_THREAD_STORE_MAX;
}

export function storeIsQuick(d, n, rule) {
  return storeCost(d, n, rule) <= QUICK_STORE_MAX;
}

/** About 40 integers from 1 to nMax, dense enough to sketch the curve on both axis scales:
 *  powers of two, multiples of nMax/32, nMax itself, and `extra` (the current N). */
export function coarseNs(nMax, extra) {
  const set = new Set([nMax]);
  for (let p = 1; p <= nMax; p *= 2) set.add(p);
  const step = Math.max(1, Math.floor(nMax / 32));
  for (let k = step; k <= nMax; k += step) set.add(k);
  if (Number.isInteger(extra) && extra >= 1 && extra <= nMax) set.add(extra);
  return [...set].sort((a, b) => a - b);
}

/** Each step of the full sweep runs about this much work (the core's cost model; about 0.2 s in
 *  WebAssembly), at least one trial: a d = 256 sweep shows its curve after its first trial and
 *  firms up trial by trial, instead of after all of them. */
const STEP_WORK = 2 ** 28;

/** Trials per step of the full sweep for these settings. */
export function trialsPerStep(d) {
  return Math.max(1, Math.floor(STEP_WORK / work(1, 4 * d, d)));
}

/** Without workers (a sandboxed frame, a strict host) the steps run on the page thread, each in its
 *  own task: this much work is about 12 ms (the chart drawn after it takes more), so a task stays
 *  under 50 ms and the page keeps taking input. One trial is the smallest step (at d = 128 and 256
 *  a single trial is more than that: those still run one trial per task). */
const MAIN_THREAD_STEP_WORK = 2 ** 24;

/** `phases` for the page thread: the full sweep in steps of at most MAIN_THREAD_STEP_WORK (never larger
 *  than the step asked for). */
export function mainThreadPhases(phases, d) {
  const perStep = Math.max(1, Math.floor(MAIN_THREAD_STEP_WORK / work(1, 4 * d, d)));
  return phases.map((p) => (p.name === 'full' ? { ...p, step: Math.min(p.step ?? p.trials, p.trials, perStep) } : p));
}

/** The phases of one sweep request, cheapest first; each result replaces the one before. The
 *  previews are separate calls of the core; the full sweep is one la.interferenceSweepStream whose
 *  every result already averages all the trials run so far (the core merges them, not this file). */
export function sweepPhases(params, currentN) {
  const { d, trials } = params;
  const nMax = 4 * d;
  const full = { name: 'full', trials, ns: null, step: Math.min(trials, trialsPerStep(d)) };
  if (work(trials, nMax, d) <= PREVIEW_ABOVE_WORK) return [full];
  const phases = [];
  if (work(1, nMax, d) > SPLIT_PREVIEW_ABOVE_WORK) {
    phases.push({ name: 'preview', trials: 1, ns: coarseNs(d, currentN) });
  }
  phases.push({ name: 'preview', trials: 1, ns: coarseNs(nMax, currentN) });
  phases.push(full);
  return phases;
}

/** A plain object of a result's Float64Arrays, with what the page needs to know about it. */
function pack(result, phase, complete) {
  const out = { phase: phase.name, trials: result.trials, trialsWanted: phase.trials, complete };
  for (const [name, value] of Object.entries(result)) {
    if (ArrayBuffer.isView(value)) out[name] = value;
  }
  return out;
}

/** The update rule's options of a request (absent in requests of older pages and links: the defaults). */
const rule = (p) => ({ rule: p.rule ?? 'add', gate: p.gate ?? 1, step: p.step ?? 1 });

/** The core's options for one phase of a sweep request (a preview's grid of N, or 1..4d). */
export function phaseOptions(params, phase) {
  return {
    d: params.d,
    trials: phase.trials,
    seed: params.seed,
    keys: params.keys,
    beta: params.beta,
    ...(phase.ns ? { ns: phase.ns } : { nMax: 4 * params.d }),
    ...rule(params),
  };
}

/** Runs one preview (a coarse grid of N, one trial) on the core: never the whole sweep. */
export function runPreview(la, params, phase) {
  return pack(la.interferenceSweep(phaseOptions(params, phase)), phase, false);
}

/** A pool worker's share of the full sweep: trials first..first+count-1, as the core's per-trial
 *  records (la.interferenceSweepTrials), for la.mergeSweepTrials on the page. */
export function runSweepTrials(la, params, phase, first, count) {
  return la.interferenceSweepTrials(phaseOptions(params, phase), { first, count });
}

/** The full sweep over the parts the pool has sent so far (any order): the core merges them, bit
 *  for bit the single-worker sweep once all are in. */
export function mergeSweepParts(la, params, phase, parts) {
  const result = la.mergeSweepTrials(phaseOptions(params, phase), parts);
  return pack(result, phase, result.trials === phase.trials);
}

/**
 * Every result of a sweep request, in order: one per preview, then one per step of the full sweep
 * (each over all the trials so far; the last one is complete). A generator, so that the worker (or
 * the main thread) can stop between steps; return() frees the core's stream.
 *
 * With `budget` ({ work }: units of the core's cost model, read before every step and adjustable
 * between them) every phase runs as a stream advanced by about that much work per step (each step
 * sets budget.did, the units it actually did), and a step that finishes no trial yields null: the page thread without workers keeps each task short
 * even where one trial is long (d = 128, 256). The numbers are the same either way.
 */
export function* sweepResults(la, params, phases, budget = null) {
  for (const phase of phases) {
    if (phase.name !== 'full' && !budget) {
      yield runPreview(la, params, phase);
      continue;
    }
    const stream = la.interferenceSweepStream(phaseOptions(params, phase));
    try {
      while (!stream.complete) {
        const most = phase.step ?? phase.trials;
        if (!budget) {
          yield pack(stream.next(most), phase, stream.complete);
        } else {
          const before = stream.workDone;
          const finished = stream.advance(Math.max(1, budget.work), most);
          budget.did = stream.workDone - before; // less than asked when a trial ended the step
          yield finished > 0 ? pack(stream.result(), phase, phase.name === 'full' && stream.complete) : null;
        }
      }
    } finally {
      stream.delete();
    }
  }
}

/** The core's options for one store: trial 0 of the sweep's keys. */
function storeOptions(params) {
  return {
    d: params.d,
    n: params.n,
    seed: params.seed,
    trial: 0,
    keys: params.keys,
    beta: params.beta,
    ...rule(params),
  };
}

/** What the page keeps of a store; the n × n overlap only when it will be drawn. */
function packStore(r, params) {
  return {
    n: r.n,
    keyOverlap: params.n <= HEATMAP_MAX_N ? r.keyOverlap : null,
    cosine: r.cosine,
    recalled: r.recalled,
    softmaxCosine: r.softmaxCosine,
    softmaxRecalled: r.softmaxRecalled,
    ageCosine: r.ageCosine,
    ageNorm: r.ageNorm,
  };
}

/** One store in one call (a worker, or a store small enough for the frame). */
export function runStore(la, params) {
  return packStore(la.interferenceStore(storeOptions(params)), params);
}

/**
 * One store in short steps (the page thread without workers): each call of the returned
 * step(work) does about `work` units of the core's cost and returns the store once it is complete,
 * else null (`did`: the units that step actually did); the numbers are bit for bit runStore's.
 * free() releases the core's stream.
 */
export function storeSteps(la, params) {
  const stream = la.interferenceStoreStream(storeOptions(params));
  return {
    did: 0,
    step(work) {
      const before = stream.workDone;
      const complete = stream.advance(work);
      this.did = stream.workDone - before;
      return complete ? packStore(stream.result(), params) : null;
    },
    free() {
      stream.delete();
    },
  };
}

/** The most trials (up to `trials`) la.checkCapacity accepts for one d, or 0: the core's budget. */
function capacityTrials(la, opts) {
  let lo = 0;
  let hi = opts.trials;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    try {
      la.checkCapacity({ ...opts, trials: mid });
      lo = mid;
    } catch (err) {
      if (err.field) throw err; // a bad setting, not the budget
      hi = mid - 1;
    }
  }
  return lo;
}

/**
 * The capacity panel's calls, one per (d, key geometry), smallest d first: { d, keys, opts } with
 * opts for la.capacity. Where the whole of `trials` is over the core's budget at a d, opts.trials
 * is fewer (the most the core accepts); a d where not even one fits is left out.
 */
export function* capacityCalls(la, params) {
  for (const d of DIMS) {
    for (const keys of KEYS) {
      const opts = {
        dims: [d],
        keys,
        measure: params.measure,
        level: params.level,
        trials: params.trials,
        seed: params.seed,
        ...rule(params),
      };
      const trials = capacityTrials(la, opts);
      if (trials >= 1) yield { d, keys, opts: { ...opts, trials } };
    }
  }
}

/** One capacity call's line for the panel: { d, keys, trials, capacityMean, capacityStd, theory,
 *  nMax, capped } (plain numbers of the core's Float64Arrays). */
export function capacityEntry(call, r) {
  return {
    d: call.d,
    keys: call.keys,
    trials: call.opts.trials,
    capacityMean: r.capacityMean[0],
    capacityStd: r.capacityStd[0],
    theory: r.theory[0],
    nMax: r.nMax[0],
    capped: r.capped[0],
  };
}

/** A pool worker's share of one capacity call: trials first..first+count-1 (la.capacityTrials). */
export function runCapacityTrials(la, opts, first, count) {
  return la.capacityTrials(opts, { first, count });
}

/**
 * The capacity panel's numbers on one thread, one entry per (d, key geometry) as capacityEntry
 * gives. With `byTrial` (the page thread without workers) each trial is its own step, yielding
 * null until the call's last trial, whose step merges them (la.mergeCapacityTrials: the same
 * numbers as one la.capacity call).
 */
export function* capacityResults(la, params, byTrial = false) {
  for (const call of capacityCalls(la, params)) {
    if (!byTrial) {
      yield capacityEntry(call, la.capacity(call.opts));
      continue;
    }
    const parts = [];
    for (let t = 0; t < call.opts.trials; t += 1) {
      parts.push(runCapacityTrials(la, call.opts, t, 1));
      if (t + 1 < call.opts.trials) yield null;
    }
    yield capacityEntry(call, la.mergeCapacityTrials(call.opts, parts));
  }
}

/** The ArrayBuffers of a result, for a zero-copy postMessage. */
export function transferList(obj) {
  const list = [];
  for (const v of Object.values(obj)) {
    if (ArrayBuffer.isView(v) && !list.includes(v.buffer)) list.push(v.buffer);
  }
  return list;
}
