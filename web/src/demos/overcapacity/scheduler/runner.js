// Where the demo's heavy calls run: a pool of workers, one per core, that share the trials of every
// sweep and capacity call (pool.js), and one more worker for single stores, so that a long sweep
// never holds up the "inside one store" view; or the page thread if workers are unavailable (a
// sandboxed frame), in short steps. Requests carry ids; only the newest sweep, store and capacity
// request are ever answered. pause() stops a sweep between pieces (the demo is off-screen; on the
// page thread its stream is kept) and resume() goes on from there.
import { mainThreadPhases, sweepResults, storeSteps, capacityResults } from './jobs.js';
import { createPool, poolSize, readyWatchdog } from './pool.js';
import { workTimer } from '../../../lib/work-timing.js';

const timed = workTimer('overcapacity'); // la-overcapacity:main-step, one per step on the page thread

/** Page-thread steps aim at this many milliseconds of the core's work each (the chart drawn after
 *  a step takes more), so that no task comes near 50 ms (issue 21). */
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
  let storePending = null;
  let storeWorker = null;
  let capacityJob = null; // { id, params, done }
  let capacityWaits = false; // the page's curve is computing: capacity takes no new step
  let destroyed = false;
  const timers = new Set();

  let paused = false;
  let parked = null; // main-thread mode: the step a pause stopped, run again on resume
  const confirmPaused = () => {
    if (paused) on.paused?.();
  };

  let holdUntil = 0; // main-thread mode: no sweep step starts before this (performance.now())
  function later(fn, ms = 0) {
    const t = setTimeout(() => {
      timers.delete(t);
      if (!destroyed) fn();
    }, ms);
    timers.add(t);
  }

  // The pool's answers, with the runner's own record of what is finished (for a fall-back).
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
        error(id, kind, message) {
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
    if (storeWorker) storeWorker.terminate();
    storeWorker = null;
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

  function makeStoreWorker() {
    let w;
    try {
      w = spawnWorker();
    } catch {
      return null;
    }
    let ready = false;
    // As the pool's workers: one that never loads hands its stores to the page thread.
    const loaded = readyWatchdog(timers, () => {
      if (!destroyed && !ready && storeWorker === w) fallBack();
    });
    w.addEventListener('message', ({ data }) => {
      if (destroyed) return;
      if (data.type === 'ready') {
        ready = true;
        loaded();
        return;
      }
      if (data.type === 'fatal') {
        fallBack();
        return;
      }
      onStoreMessage(data);
    });
    w.addEventListener('error', (event) => {
      event.preventDefault();
      if (destroyed) return;
      if (!ready) {
        fallBack();
        return;
      }
      // A crash after loading: answer the job in flight with the error and start afresh.
      w.terminate();
      storeWorker = null;
      if (storeJob) on.error(storeJob.id, 'store', 'The computation stopped unexpectedly.');
      storeJob = null;
      if (storePending) {
        const p = storePending;
        storePending = null;
        sendStore(p);
      }
    });
    return w;
  }

  // Without workers: one trial of one (d, key geometry) per task, each call's numbers merged by the
  // core when its last trial is in.
  function runCapacityHere(job) {
    const results = capacityResults(la, job.params, true);
    const step = () => {
      if (capacityJob !== job) return;
      if (paused || capacityWaits) {
        later(step, 250); // off-screen, or the curve first: look again later
        return;
      }
      const held = holdUntil - performance.now();
      if (held > 0) {
        later(step, held);
        return;
      }
      try {
        const { value, done } = results.next();
        if (done) job.done = true;
        if (done || value) on.capacity?.(job.id, done ? null : value, done);
        if (!done) later(step);
      } catch (err) {
        job.done = true;
        on.error(job.id, 'capacity', err.message);
      }
    };
    later(step);
  }

  function onStoreMessage(data) {
    if (!storeJob || data.id !== storeJob.id) return;
    storeJob = null;
    if (data.type === 'error') on.error(data.id, 'store', data.message);
    else if (data.type === 'store') on.store(data.id, data.result);
    if (storePending) {
      const p = storePending;
      storePending = null;
      sendStore(p);
    }
  }

  // Without workers: short steps of the core's stream, each its own task, so the page can paint and
  // take input between them; a result only when a step finished a trial (or a preview). The work
  // per step follows how long the last one took (MAIN_THREAD_STEP_MS).
  const budget = { work: FIRST_STEP_WORK, did: 0 }; // did: what the last step did (jobs.js)
  function runSweepHere(job) {
    // Other settings (d, the rule) cost other times per unit of the cost model: start small again.
    budget.work = Math.min(budget.work, FIRST_STEP_WORK);
    const results = sweepResults(la, job.params, mainThreadPhases(job.phases, job.params.d), budget);
    job.results = results;
    const step = () => {
      if (sweepJob !== job || job.done) {
        results.return();
        return;
      }
      if (paused) {
        const before = parked;
        parked = step;
        if (before && before !== step) before(); // a superseded sweep's step: it frees its stream
        confirmPaused();
        return;
      }
      const held = holdUntil - performance.now();
      if (held > 0) {
        later(step, held);
        return;
      }
      try {
        const t0 = performance.now();
        const work = budget.work;
        const next = results.next();
        timed('main-step', t0);
        const ms = performance.now() - t0;
        budget.work = nextStepWork(work, budget.did, ms);
        if (next.done) job.done = true;
        else if (next.value) {
          if (next.value.complete) job.done = true;
          on.sweep(job.id, next.value);
        }
        if (job.done) results.return();
        else later(step);
      } catch (err) {
        job.done = true;
        results.return();
        on.error(job.id, 'sweep', err.message);
      }
    };
    later(step);
  }

  function sendStore(job) {
    storeJob = job;
    if (mode === 'worker') {
      if (!storeWorker) storeWorker = makeStoreWorker();
      if (storeWorker) {
        storeWorker.postMessage({ type: 'store', id: job.id, params: job.params });
        return;
      }
      fallBack();
      return;
    }
    runStoreHere(job);
  }

  // Without workers: the store in short steps of the core's stream, each its own task (a d = 256
  // store is 100-300 ms in one call). A newer request replaces it between steps.
  const storeBudget = { work: FIRST_STEP_WORK };
  let storeInProgress = null; // the page thread's store in progress (freed by destroy())
  function runStoreHere(job) {
    storeBudget.work = Math.min(storeBudget.work, FIRST_STEP_WORK);
    let steps = null;
    const finish = () => {
      steps?.free();
      if (storeInProgress === steps) storeInProgress = null;
      steps = null;
      if (storeJob === job) storeJob = null;
      if (storePending && !storeJob) {
        const p = storePending;
        storePending = null;
        sendStore(p);
      }
    };
    const step = () => {
      if (storeJob !== job || storePending) {
        finish();
        return;
      }
      try {
        if (!steps) {
          storeInProgress?.free(); // (a store this one replaced, if its last step has not run)
          steps = storeInProgress = storeSteps(la, job.params);
        }
        const t0 = performance.now();
        const work = storeBudget.work;
        const result = steps.step(work);
        timed('main-store-step', t0);
        const ms = performance.now() - t0;
        storeBudget.work = nextStepWork(work, steps.did, ms);
        if (!result) {
          later(step);
          return;
        }
        storeJob = null;
        on.store(job.id, result);
      } catch (err) {
        storeJob = null;
        on.error(job.id, 'store', err.message);
      }
      finish();
    };
    later(step);
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

    /** The reader is dragging: start no new sweep piece for `ms` milliseconds (the ones already
     *  running finish). A sweep sharing the CPU with the page's frames would slow them down. */
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
      if (storeWorker) storeWorker.terminate();
      storeWorker = null;
      capacityJob = null;
    },
  };
}
