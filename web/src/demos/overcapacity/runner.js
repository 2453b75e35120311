// Where the demo's heavy calls run: two workers (one for sweeps, one for single stores, so a long
// sweep never holds up the "inside one store" view), or the main thread if workers are unavailable.
// Requests carry ids; only the newest sweep and the newest store are ever answered. pause() stops a
// sweep between steps (the demo is off-screen; its stream is kept) and resume() goes on from there.
import { mainThreadPhases, sweepResults, runStore, capacityResults } from './jobs.js';
import { workTimer } from '../../lib/work-timing.js';

const timed = workTimer('overcapacity'); // la-overcapacity:main-step, one per step on the page thread

function spawnWorker() {
  // Written out literally so that the bundler finds and bundles the worker.
  return new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
}

/**
 * @param la the main thread's core (used only when workers fail)
 * @param on ( sweep(id, result), store(id, result), error(id, kind, message), mode(name),
 *             paused() (optional: once, after pause(), when no sweep step runs any more),
 *             capacity(id, result, done) (optional: the capacity panel's numbers, one d and key
 *             geometry at a time) )
 */
export function createRunner(la, on) {
  let mode = 'worker';
  let nextId = 1;
  let sweepJob = null; // { id, params, phases, done }
  let storeJob = null; // in flight: { id, params }
  let storePending = null;
  let sweepWorker = null;
  let storeWorker = null;
  let capacityWorker = null;
  let capacityJob = null; // { id, params }
  let capacityWaits = false; // the page's curve is computing: capacity takes no new step
  let capacityPausedSent = false;
  /** The capacity worker steps only while the demo is on screen and no sweep is streaming. */
  function syncCapacity() {
    const want = paused || capacityWaits;
    if (!capacityWorker || want === capacityPausedSent) return;
    capacityPausedSent = want;
    capacityWorker.postMessage({ type: want ? 'pause' : 'resume' });
  }
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

  function fallBack() {
    if (mode === 'main') return;
    mode = 'main';
    for (const w of [sweepWorker, storeWorker, capacityWorker]) if (w) w.terminate();
    sweepWorker = storeWorker = capacityWorker = null;
    on.mode('main');
    if (capacityJob) runCapacityHere(capacityJob);
    if (sweepJob && !sweepJob.done) runSweepHere(sweepJob);
    const s = storeJob || storePending;
    storeJob = storePending = null;
    if (s) sendStore(s);
  }

  function makeWorker(kind) {
    let w;
    try {
      w = spawnWorker();
    } catch {
      return null;
    }
    let ready = false;
    w.addEventListener('message', ({ data }) => {
      if (destroyed) return;
      if (data.type === 'ready') {
        ready = true;
        return;
      }
      if (data.type === 'fatal') {
        fallBack();
        return;
      }
      if (kind === 'sweep') onSweepMessage(data);
      else if (kind === 'capacity') onCapacityMessage(data);
      else onStoreMessage(data);
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
      if (kind === 'capacity') {
        capacityWorker = null;
        if (capacityJob) on.error(capacityJob.id, 'capacity', 'The computation stopped unexpectedly.');
        capacityJob = null;
      } else if (kind === 'sweep') {
        sweepWorker = null;
        if (sweepJob && !sweepJob.done) {
          sweepJob.done = true;
          on.error(sweepJob.id, 'sweep', 'The computation stopped unexpectedly.');
        }
      } else {
        storeWorker = null;
        if (storeJob) on.error(storeJob.id, 'store', 'The computation stopped unexpectedly.');
        storeJob = null;
        if (storePending) {
          const p = storePending;
          storePending = null;
          sendStore(p);
        }
      }
    });
    return w;
  }

  function onSweepMessage(data) {
    if (!sweepJob || data.id !== sweepJob.id) return;
    if (data.type === 'paused') {
      confirmPaused();
      return;
    }
    if (data.type === 'error') {
      sweepJob.done = true;
      on.error(data.id, 'sweep', data.message);
    } else if (data.type === 'sweep') {
      if (data.result.complete) sweepJob.done = true;
      on.sweep(data.id, data.result);
    }
  }

  function onCapacityMessage(data) {
    if (!capacityJob || data.id !== capacityJob.id) return;
    if (data.type === 'error') {
      capacityJob = null;
      on.error(data.id, 'capacity', data.message);
    } else if (data.type === 'capacity') {
      if (data.done) capacityJob = null;
      on.capacity?.(data.id, data.result, data.done);
    }
  }

  // Without workers: one (d, key geometry) per task.
  function runCapacityHere(job) {
    const results = capacityResults(la, job.params);
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
        if (done) capacityJob = null;
        on.capacity?.(job.id, done ? null : value, done);
        if (!done) later(step);
      } catch (err) {
        capacityJob = null;
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

  // Without workers: one result (a preview or a step of trials) per task, so the page can paint
  // and take input between them.
  function runSweepHere(job) {
    const results = sweepResults(la, job.params, mainThreadPhases(job.phases, job.params.d));
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
        const next = results.next();
        timed('main-step', t0);
        if (next.done || /** @type {{ complete: boolean }} */ (next.value).complete) job.done = true;
        if (!next.done) on.sweep(job.id, next.value);
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
      if (!storeWorker) storeWorker = makeWorker('store');
      if (storeWorker) {
        storeWorker.postMessage({ type: 'store', id: job.id, params: job.params });
        return;
      }
      fallBack();
      return;
    }
    later(() => {
      if (storeJob !== job) return;
      storeJob = null;
      try {
        on.store(job.id, runStore(la, job.params));
      } catch (err) {
        on.error(job.id, 'store', err.message);
      }
      if (storePending) {
        const p = storePending;
        storePending = null;
        sendStore(p);
      }
    });
  }

  return {
    get mode() {
      return mode;
    },

    /** Starts a sweep (phases cheapest first) and forgets any older one; returns its id. */
    sweep(params, phases) {
      const job = { id: nextId++, params, phases, done: false };
      const previous = sweepJob;
      sweepJob = job;
      if (mode === 'worker') {
        // A worker busy with an older sweep cannot be interrupted: replace it.
        if (sweepWorker && previous && !previous.done) {
          sweepWorker.terminate();
          sweepWorker = null;
        }
        if (!sweepWorker) sweepWorker = makeWorker('sweep');
        if (sweepWorker) {
          if (paused) sweepWorker.postMessage({ type: 'pause' }); // a fresh worker: not even a first step
          sweepWorker.postMessage({ type: 'sweep', id: job.id, params, phases });
          return job.id;
        }
        fallBack();
        return job.id;
      }
      runSweepHere(job);
      return job.id;
    },

    /** While `wait` is true (the curve above is computing) the capacity panel takes no new step. */
    capacityWait(wait) {
      capacityWaits = wait;
      syncCapacity();
    },

    /** Starts the capacity panel's measurements (forgetting older ones); returns its id. */
    capacity(params) {
      const job = { id: nextId++, params };
      capacityJob = job;
      if (mode === 'worker') {
        if (!capacityWorker) {
          capacityWorker = makeWorker('capacity');
          capacityPausedSent = false;
        }
        if (capacityWorker) {
          syncCapacity();
          capacityWorker.postMessage({ type: 'capacity', id: job.id, params });
          return job.id;
        }
        fallBack();
        return job.id;
      }
      runCapacityHere(job);
      return job.id;
    },

    /** Asks for one store; while one is in flight only the newest request waits. Returns its id. */
    store(params) {
      const job = { id: nextId++, params };
      if (storeJob) storePending = job;
      else sendStore(job);
      return job.id;
    },

    /** The reader is dragging: start no new sweep step for `ms` milliseconds (the step already
     *  running finishes). A sweep sharing the CPU with the page's frames would slow them down. */
    hold(ms) {
      holdUntil = Math.max(holdUntil, performance.now() + ms);
      if (mode === 'worker' && sweepWorker && sweepJob && !sweepJob.done) sweepWorker.postMessage({ type: 'hold', ms });
      if (mode === 'worker' && capacityWorker && capacityJob) capacityWorker.postMessage({ type: 'hold', ms });
    },

    /** Takes no new sweep step until resume() (the one running finishes; then on.paused()). */
    pause() {
      if (paused || destroyed) return;
      paused = true;
      syncCapacity();
      const active = sweepJob && !sweepJob.done;
      if (mode === 'worker' && sweepWorker && active) sweepWorker.postMessage({ type: 'pause' });
      else if (!active) confirmPaused();
      // (main-thread mode: the next step parks itself and confirms)
    },

    /** Goes on with the sweep where pause() stopped it. */
    resume() {
      if (!paused || destroyed) return;
      paused = false;
      if (sweepWorker) sweepWorker.postMessage({ type: 'resume' });
      syncCapacity();
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
      for (const t of timers) clearTimeout(t);
      for (const w of [sweepWorker, storeWorker, capacityWorker]) if (w) w.terminate();
      sweepWorker = storeWorker = capacityWorker = null;
      capacityJob = null;
    },
  };
}
