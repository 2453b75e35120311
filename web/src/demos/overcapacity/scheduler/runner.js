// Where the demo's heavy calls run, and which executor runs them: the pool of workers (pool.js: one
// per core, sharing the trials of every sweep and capacity call, and one more slot for single
// stores, so that a long sweep never holds up the "inside one store" view), or the page thread if
// workers are unavailable (page-thread.js: short steps, each a task of its own). Requests carry
// ids; only the newest sweep, store and capacity request are ever answered. pause() stops a sweep
// between pieces (the demo is off-screen; on the page thread its stream is kept) and resume() goes
// on from there.
import { createPool, poolSize } from './pool.js';
import { createHold, newBudget } from './pacing.js';
import { later, confirmPaused, runSweepHere, runStoreHere, runCapacityHere } from './page-thread.js';
import { compiledModule, coreChunk } from '../../../lib/core-entry.js';

export { nextStepWork } from './pacing.js';

// The served chapter's build (build.mjs defines it) has the core in a chunk of its own that a worker
// can import: its workers take the core's code from there, not a copy of their own. (Written out in
// full so the bundler folds it; node has no import.meta.env.)
const CORE_CHUNK = import.meta.env ? import.meta.env.LINATTN_CORE_CHUNK : undefined;

/** A worker, told first what it loads its core from (worker.js's init message): the page's own
 *  compiled module where the page has it (the custom elements' build), else its own loader; and
 *  in the served chapter the address of the page's core chunk. */
function spawnWorker(la) {
  // Written out literally so that the bundler finds and bundles the worker.
  const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  try {
    worker.postMessage({
      type: 'init',
      wasmModule: compiledModule(la),
      coreUrl: CORE_CHUNK ? coreChunk.url : undefined,
    });
  } catch (err) {
    worker.terminate(); // (a module this browser cannot post: the page thread computes)
    throw err;
  }
  return worker;
}

/**
 * @param la the main thread's core (merges the pool's pieces; computes itself only when workers
 *           fail)
 * @param on ( sweep(id, result), store(id, result), error(id, kind, message), mode(name),
 *             paused() (optional: once, after pause(), when no sweep step runs any more),
 *             capacity(id, result, done) (optional: the capacity panel's numbers, one d and key
 *             geometry at a time) )
 * @param {{ workers?: number }} [options] the pool's size (default: poolSize(), from the browser)
 */
export function createRunner(la, on, { workers = poolSize() } = {}) {
  const r = {
    ...{ la, on, workers, mode: 'worker', nextId: 1, pool: null, destroyed: false, timers: new Set() },
    ...{ sweepJob: null, storeJob: null, storePending: null, capacityJob: null, capacityWaits: false },
    ...{ paused: false, parked: null, hold: createHold(), storeInProgress: null },
    budgets: { sweep: newBudget(), store: newBudget() },
    storeEnded: () => sendWaitingStore(r),
  };
  const send = (kind, job, run) => {
    const p = thePool(r); // (first, so that a fall-back does not also start this job)
    r[kind] = job;
    if (p) p[kind === 'sweepJob' ? 'sweep' : 'capacity'](job);
    else run(r, job);
    return job.id;
  };
  return {
    get mode() {
      return r.mode;
    },
    /** How many workers share the sweeps (0 on the page thread). */
    get workers() {
      return r.mode === 'worker' ? workers : 0;
    },
    /** Starts a sweep (phases cheapest first) and forgets any older one; returns its id. */
    sweep: (params, phases) => send('sweepJob', { id: r.nextId++, params, phases, done: false }, runSweepHere),
    /** While `wait` is true (the curve above is computing) the capacity panel takes no new step. */
    capacityWait(wait) {
      r.capacityWaits = wait;
      r.pool?.capacityWait(wait);
    },
    /** Starts the capacity panel's measurements (forgetting older ones); returns its id. */
    capacity: (params) => send('capacityJob', { id: r.nextId++, params, done: false }, runCapacityHere),
    /** Asks for one store; while one is in flight only the newest request waits. Returns its id. */
    store(params) {
      const job = { id: r.nextId++, params };
      if (r.storeJob) r.storePending = job;
      else sendStore(r, job);
      return job.id;
    },
    /** The reader is dragging: start no new sweep or capacity piece for `ms` milliseconds (the ones
     *  already running finish). Work sharing the CPU with the page's frames would slow them down. */
    hold(ms) {
      r.hold.hold(ms);
      r.pool?.hold(ms);
    },
    /** Takes no new sweep piece until resume() (the ones running finish; then on.paused()). */
    pause: () => pause(r),
    /** Goes on with the sweep where pause() stopped it. */
    resume: () => resume(r),
    get paused() {
      return r.paused;
    },
    /** Forgets the store request `id`, waiting or in flight (its answer will not be told); the one
     *  waiting behind it is sent. */
    cancelStore(id) {
      if (r.storePending?.id === id) r.storePending = null;
      if (r.storeJob?.id !== id) return;
      r.storeJob = null;
      sendWaitingStore(r);
    },
    destroy: () => destroy(r),
  };
}

/** The pool's events, with the runner's own record of what is finished (for a fall-back to the
 *  page thread). */
function poolEvents(r) {
  const { on } = r;
  return {
    sweep(id, result) {
      if (r.sweepJob?.id === id && result.complete) r.sweepJob.done = true;
      on.sweep(id, result);
    },
    capacity(id, result, done) {
      if (r.capacityJob?.id === id && done) r.capacityJob.done = true;
      on.capacity?.(id, result, done);
    },
    store: (id, result) => storeAnswered(r, id, () => on.store(id, result)),
    error(id, kind, message) {
      if (kind === 'store') return storeAnswered(r, id, () => on.error(id, kind, message));
      if (kind === 'sweep' && r.sweepJob?.id === id) r.sweepJob.done = true;
      if (kind === 'capacity' && r.capacityJob?.id === id) r.capacityJob.done = true;
      on.error(id, kind, message);
    },
    paused: () => on.paused?.(),
    unavailable: () => fallBack(r),
  };
}

function startPool(r) {
  const options = { size: r.workers, spawn: () => spawnWorker(r.la), paused: r.paused, capacityWait: r.capacityWaits };
  r.pool = createPool(r.la, options, poolEvents(r));
  return r.pool.start();
}

/** Workers are unavailable: the page thread takes over what is unfinished. */
function fallBack(r) {
  if (r.mode === 'main') return;
  r.mode = 'main';
  r.pool?.destroy();
  r.pool = null;
  r.on.mode('main');
  if (r.capacityJob && !r.capacityJob.done) runCapacityHere(r, r.capacityJob);
  if (r.sweepJob && !r.sweepJob.done) runSweepHere(r, r.sweepJob);
  const s = r.storeJob || r.storePending;
  r.storeJob = r.storePending = null;
  if (s) sendStore(r, s);
}

/** The pool in worker mode (started on first use), or null once fallen back. */
function thePool(r) {
  if (r.mode !== 'worker') return null;
  if (!r.pool && !startPool(r)) return null;
  return r.pool;
}

// ---- stores: one in flight; of those asked for meanwhile only the newest waits ------------------
function sendStore(r, job) {
  const p = thePool(r); // (first, so that a fall-back does not also start this job)
  r.storeJob = job;
  if (p)
    p.store(job); // (if its worker cannot start, the fall-back sends it again, here)
  else runStoreHere(r, job);
}
function sendWaitingStore(r) {
  if (!r.storePending || r.storeJob) return;
  const p = r.storePending;
  r.storePending = null;
  sendStore(r, p);
}
/** A worker's answer to a store: told only for the one in flight (not a cancelled one). */
function storeAnswered(r, id, tell) {
  if (!r.storeJob || r.storeJob.id !== id) return;
  r.storeJob = null;
  tell();
  sendWaitingStore(r);
}

function pause(r) {
  if (r.paused || r.destroyed) return;
  r.paused = true;
  if (r.pool) r.pool.pause();
  else if (!(r.sweepJob && !r.sweepJob.done) || r.mode === 'worker') confirmPaused(r);
  // (page-thread mode: the next step parks itself and confirms)
}

function resume(r) {
  if (!r.paused || r.destroyed) return;
  r.paused = false;
  r.pool?.resume();
  const step = r.parked;
  r.parked = null;
  if (step) later(r, step);
}

function destroy(r) {
  r.destroyed = true;
  if (r.sweepJob?.results) r.sweepJob.results.return(); // the page thread's stream, if any
  r.storeInProgress?.free();
  r.storeInProgress = null;
  for (const t of r.timers) clearTimeout(t);
  r.pool?.destroy();
  r.pool = null;
  r.capacityJob = null;
}
