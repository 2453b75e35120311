// Where the demo's heavy calls run: a pool of workers, one per core, that share the trials of every
// sweep and capacity call (pool.js), and one more slot of the pool for single stores, so that a long
// sweep never holds up the "inside one store" view; or the page thread if workers are unavailable
// (a sandboxed frame), in short steps: one step loop (`loop`) serves the sweep, the store and the
// capacity panel, each step a task of its own. Requests carry ids; only the newest sweep, store and capacity
// request are ever answered. pause() stops a sweep between pieces (the demo is off-screen; on the
// page thread its stream is kept) and resume() goes on from there.
import { mainThreadPhases, sweepResults, storeSteps, capacityResults } from './core-work.js';
import { createPool, poolSize } from './pool.js';
import { workTimer } from '../../../lib/work-timing.js';

const timed = workTimer('overcapacity'); // la-overcapacity:main-step, one per step on the page thread

/** Page-thread steps aim at this many milliseconds of the core's work each (the chart drawn after
 *  a step takes more), so that no task comes near 50 ms. */
const MAIN_THREAD_STEP_MS = 12;
/** The first page-thread step's work, in the core's cost units (about 1 ms); later steps scale it
 *  by how long the last one took. */
const FIRST_STEP_WORK = 2 ** 18;

/** The next step's budget after a step given `work` units did `did` of them in `ms`: the rate it
 *  ran at, aimed at MAIN_THREAD_STEP_MS, and at most twice the last budget. A step that stopped
 *  early at the end of a trial did less than its budget: dividing the budget by its time would
 *  take the core for faster than it is (the next step, a trial's start, then ran 40-70 ms). */
export function nextStepWork(work, did, ms) {
  const rate = Math.max(did, 1) / Math.max(ms, 0.5);
  return Math.min(2 ** 30, Math.max(2 ** 12, Math.min(2 * work, rate * MAIN_THREAD_STEP_MS)));
}

function spawnWorker() {
  // Written out literally so that the bundler finds and bundles the worker.
  return new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
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
  let mode = 'worker';
  let nextId = 1;
  let sweepJob = null; // { id, params, phases, done }
  let storeJob = null; // in flight: { id, params }
  let storePending = null; // the newest store asked for while one is in flight
  let capacityJob = null; // { id, params, done }
  let capacityWaits = false; // the page's curve is computing: capacity takes no new step
  let destroyed = false;
  const timers = new Set();

  let paused = false;
  let parked = null; // main-thread mode: the sweep step a pause stopped, run again on resume
  const confirmPaused = () => {
    if (paused) on.paused?.();
  };

  let holdUntil = 0; // main-thread mode: no sweep or capacity step starts before this (performance.now())
  function later(fn, ms = 0) {
    const t = setTimeout(() => {
      timers.delete(t);
      if (!destroyed) fn();
    }, ms);
    timers.add(t);
  }

  // ---- workers: the pool's answers, with the runner's own record of what is finished (for a
  // fall-back to the page thread) ------------------------------------------------------------------
  let pool = null;
  function startPool() {
    pool = createPool(
      la,
      { size: workers, spawn: spawnWorker, paused, capacityWait: capacityWaits },
      {
        sweep(id, result) {
          if (sweepJob?.id === id && result.complete) sweepJob.done = true;
          on.sweep(id, result);
        },
        capacity(id, result, done) {
          if (capacityJob?.id === id && done) capacityJob.done = true;
          on.capacity?.(id, result, done);
        },
        store: (id, result) => storeAnswered(id, () => on.store(id, result)),
        error(id, kind, message) {
          if (kind === 'store') return storeAnswered(id, () => on.error(id, kind, message));
          if (kind === 'sweep' && sweepJob?.id === id) sweepJob.done = true;
          if (kind === 'capacity' && capacityJob?.id === id) capacityJob.done = true;
          on.error(id, kind, message);
        },
        paused: () => on.paused?.(),
        unavailable: () => fallBack(),
      },
    );
    return pool.start();
  }

  function fallBack() {
    if (mode === 'main') return;
    mode = 'main';
    pool?.destroy();
    pool = null;
    on.mode('main');
    if (capacityJob && !capacityJob.done) runCapacityHere(capacityJob);
    if (sweepJob && !sweepJob.done) runSweepHere(sweepJob);
    const s = storeJob || storePending;
    storeJob = storePending = null;
    if (s) sendStore(s);
  }

  /** The pool in worker mode (started on first use), or null once fallen back. */
  function thePool() {
    if (mode !== 'worker') return null;
    if (!pool && !startPool()) return null;
    return pool;
  }

  // ---- stores: one in flight; of those asked for meanwhile only the newest waits ----------------
  function sendStore(job) {
    const p = thePool(); // (first, so that a fall-back does not also start this job)
    storeJob = job;
    if (p)
      p.store(job); // (if its worker cannot start, the fall-back sends it again, here)
    else runStoreHere(job);
  }
  function sendWaitingStore() {
    if (!storePending || storeJob) return;
    const p = storePending;
    storePending = null;
    sendStore(p);
  }
  /** A worker's answer to a store: told only for the one in flight (not a cancelled one). */
  function storeAnswered(id, tell) {
    if (!storeJob || storeJob.id !== id) return;
    storeJob = null;
    tell();
    sendWaitingStore();
  }

  // ---- the page thread (no workers): one step per task ---------------------------------------------
  /** Whether a step of `kind` waits instead of running now: while paused (a sweep's step parks
   *  until resume(); a capacity step looks again later), while the curve comes first (capacity),
   *  and while the reader drags (hold()). Stores never wait: the reader is looking at one. */
  function waits(step, kind) {
    if (kind === 'store') return false;
    if (paused && kind === 'sweep') {
      const before = parked;
      parked = step;
      if (before && before !== step) before(); // a superseded sweep's step: it frees its stream
      confirmPaused();
      return true;
    }
    if (paused || (kind === 'capacity' && capacityWaits)) {
      later(step, 250); // off-screen, or the curve first: look again later
      return true;
    }
    const held = holdUntil - performance.now();
    if (held > 0) later(step, held);
    return held > 0;
  }

  /** The page thread's step loop: each task runs `step()` (true: more to do) while `wanted()`,
   *  unless it waits (`waits`); `fail(err)` when a step throws; `end()` once, when it stops. */
  function loop(kind, { wanted, step, fail, end = () => {} }) {
    const run = () => {
      if (!wanted()) {
        end();
        return;
      }
      if (waits(run, kind)) return;
      let more = false;
      try {
        more = step();
      } catch (err) {
        fail(err);
      }
      if (more) later(run);
      else end();
    };
    later(run);
  }

  /** One step given `budget.work` units of the core's cost model, timed (User Timing `name`); the
   *  next step's budget follows the rate this one ran at (`budget.did` the units it did). */
  function budgeted(budget, name, fn) {
    const t0 = performance.now();
    const work = budget.work;
    const out = fn(work);
    timed(name, t0);
    budget.work = nextStepWork(work, budget.did, performance.now() - t0);
    return out;
  }

  // The sweep: short steps of the core's stream; a result only when a step finished a trial (or a
  // preview).
  const budget = { work: FIRST_STEP_WORK, did: 0 }; // did: what the last step did (core-work.js)
  function runSweepHere(job) {
    // Other settings (d, the rule) cost other times per unit of the cost model: start small again.
    budget.work = Math.min(budget.work, FIRST_STEP_WORK);
    const results = sweepResults(la, job.params, mainThreadPhases(job.phases, job.params.d), budget);
    job.results = results;
    loop('sweep', {
      wanted: () => sweepJob === job && !job.done,
      step() {
        const next = budgeted(budget, 'main-step', () => results.next());
        if (next.done) job.done = true;
        else if (next.value) {
          if (next.value.complete) job.done = true;
          on.sweep(job.id, next.value);
        }
        return !job.done;
      },
      fail(err) {
        job.done = true;
        results.return();
        on.error(job.id, 'sweep', err.message);
      },
      end: () => results.return(),
    });
  }

  // The store: short steps of the core's stream (a d = 256 store is 100-300 ms in one call). A newer
  // request replaces it between steps.
  const storeBudget = { work: FIRST_STEP_WORK, did: 0 };
  let storeInProgress = null; // the page thread's store in progress (freed by destroy())
  function runStoreHere(job) {
    storeBudget.work = Math.min(storeBudget.work, FIRST_STEP_WORK);
    let steps = null;
    loop('store', {
      wanted: () => storeJob === job && !storePending,
      step() {
        if (!steps) {
          storeInProgress?.free(); // (a store this one replaced, if its last step has not run)
          steps = storeInProgress = storeSteps(la, job.params);
        }
        const result = budgeted(storeBudget, 'main-store-step', (work) => {
          const r = steps.step(work);
          storeBudget.did = steps.did;
          return r;
        });
        if (!result) return true;
        storeJob = null;
        on.store(job.id, result);
        return false;
      },
      fail(err) {
        storeJob = null;
        on.error(job.id, 'store', err.message);
      },
      end() {
        steps?.free();
        if (storeInProgress === steps) storeInProgress = null;
        steps = null;
        if (storeJob === job) storeJob = null;
        sendWaitingStore();
      },
    });
  }

  // The capacity panel: one trial of one (d, key geometry) per task, each call's numbers merged by
  // the core when its last trial is in.
  function runCapacityHere(job) {
    const results = capacityResults(la, job.params, true);
    loop('capacity', {
      wanted: () => capacityJob === job,
      step() {
        const { value, done } = results.next();
        if (done) job.done = true;
        if (done || value) on.capacity?.(job.id, done ? null : value, done);
        return !done;
      },
      fail(err) {
        job.done = true;
        on.error(job.id, 'capacity', err.message);
      },
    });
  }

  return {
    get mode() {
      return mode;
    },

    /** How many workers share the sweeps (0 on the page thread). */
    get workers() {
      return mode === 'worker' ? workers : 0;
    },

    /** Starts a sweep (phases cheapest first) and forgets any older one; returns its id. */
    sweep(params, phases) {
      const job = { id: nextId++, params, phases, done: false };
      const p = thePool(); // (first, so that a fall-back does not also start this job)
      sweepJob = job;
      if (p) p.sweep(job);
      else runSweepHere(job);
      return job.id;
    },

    /** While `wait` is true (the curve above is computing) the capacity panel takes no new step. */
    capacityWait(wait) {
      capacityWaits = wait;
      pool?.capacityWait(wait);
    },

    /** Starts the capacity panel's measurements (forgetting older ones); returns its id. */
    capacity(params) {
      const job = { id: nextId++, params, done: false };
      const p = thePool();
      capacityJob = job;
      if (p) p.capacity(job);
      else runCapacityHere(job);
      return job.id;
    },

    /** Asks for one store; while one is in flight only the newest request waits. Returns its id. */
    store(params) {
      const job = { id: nextId++, params };
      if (storeJob) storePending = job;
      else sendStore(job);
      return job.id;
    },

    /** The reader is dragging: start no new sweep or capacity piece for `ms` milliseconds (the ones
     *  already running finish). Work sharing the CPU with the page's frames would slow them down. */
    hold(ms) {
      holdUntil = Math.max(holdUntil, performance.now() + ms);
      pool?.hold(ms);
    },

    /** Takes no new sweep piece until resume() (the ones running finish; then on.paused()). */
    pause() {
      if (paused || destroyed) return;
      paused = true;
      if (pool) pool.pause();
      else if (!(sweepJob && !sweepJob.done) || mode === 'worker') confirmPaused();
      // (main-thread mode: the next step parks itself and confirms)
    },

    /** Goes on with the sweep where pause() stopped it. */
    resume() {
      if (!paused || destroyed) return;
      paused = false;
      pool?.resume();
      const step = parked;
      parked = null;
      if (step) later(step);
    },

    get paused() {
      return paused;
    },

    /** Forgets any store request in flight or waiting (e.g. after computing one on the spot). */
    cancelStores() {
      storePending = null;
      storeJob = null;
    },

    destroy() {
      destroyed = true;
      if (sweepJob?.results) sweepJob.results.return(); // the main thread's stream, if any
      storeInProgress?.free();
      storeInProgress = null;
      for (const t of timers) clearTimeout(t);
      pool?.destroy();
      pool = null;
      capacityJob = null;
    },
  };
}
