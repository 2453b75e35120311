// The pool of workers that share the overcapacity demo's sweeps and capacity calls:
// one worker per core the browser reports but one, which stays with the page so that drags keep
// their frames (navigator.hardwareConcurrency − 1, at most MAX_WORKERS; one where one or two cores
// are reported: on 2 cores two busy workers stretched the page's tasks past 50 ms while a reader
// dragged N at d = 256). The page hands out the work a piece at a time and each worker
// answers one piece:
//   - a sweep request: its previews (one call each), then its full sweep in ranges of trials; every
//     range that arrives is merged with the others by the core (la.mergeSweepTrials, core-work.js
//     mergeSweepParts) and shown at once, so the curve firms up as trials arrive, in any order,
//     and the last merge is bit for bit the single-worker sweep;
//   - the capacity panel: each (d, key geometry) call split into ranges of trials, merged by the
//     core (la.mergeCapacityTrials) and posted in order of d as each call completes.
// Sweeps come first: no capacity piece starts while a sweep has pieces left or the page asks it
// to wait (capacityWait), while paused, or while the reader drags (hold). A piece running when a
// newer request supersedes it is not waited for: its worker is replaced.
// One more slot, started with the first store, computes single stores ("inside one store") on its
// own, so that a long sweep never holds one up; its answers go straight back to the runner, which
// keeps at most one store in flight.
import { mergeSweepParts, capacityCalls, capacityEntry } from './core-work.js';
import { spawnSlot } from './slot.js';

/** The most workers a pool starts, whatever the machine reports. */
export const MAX_WORKERS = 8;

/** How many workers for this browser: its hardwareConcurrency less the page's core, 1 to MAX_WORKERS. */
export function poolSize(nav = globalThis.navigator) {
  const n = Number(nav?.hardwareConcurrency);
  return Number.isInteger(n) && n > 2 ? Math.min(n - 1, MAX_WORKERS) : 1;
}

const FULL = Number.POSITIVE_INFINITY; // the rank of the full sweep's results (above every preview)

/**
 * @param la the page's core (merges the pieces; computes no trial itself)
 * @param {{ size: number, spawn: () => Worker, paused?: boolean, capacityWait?: boolean }} options
 *        (paused, capacityWait: the runner's state when the pool starts)
 * @param on ( sweep(id, result), capacity(id, result, done), store(id, result),
 *             error(id, kind, message), paused() (once per pause(), when no sweep piece runs any
 *             more), unavailable() (a worker could not start or load the core: the pool has stopped) )
 */
export function createPool(la, { size, spawn, paused: startPaused = false, capacityWait = false }, on) {
  /** @type {{ worker: Worker, ready: boolean, task: any }[]} */
  let slots = [];
  let storeSlot = null; // the single stores' worker, started with the first one
  let dead = false;
  let sweep = null; // { id, params, previews, full, chunk, shown, next, parts, done }
  let cap = null; // { id, calls, open, exhausted, done }
  let paused = startPaused;
  let pausedSaid = startPaused; // the runner has said so already
  let capacityWaits = capacityWait;
  let holdUntil = 0;
  /** @type {ReturnType<typeof setTimeout> | 0} */
  let holdTimer = 0;
  const timers = new Set();

  function later(fn) {
    const t = setTimeout(() => {
      timers.delete(t);
      if (!dead) fn();
    }, 0);
    timers.add(t);
  }

  // Every slot is the pool's while it is in `slots` or is the store slot and the pool is alive.
  const slotEvents = {
    alive: (slot) => !dead && (slots.includes(slot) || slot === storeSlot),
    answer(slot, data) {
      if (slot === storeSlot) {
        if (slot.task?.id === data.id) slot.task = null; // (a newer store may be queued behind it)
        answerStore(data);
        return;
      }
      const task = slot.task;
      slot.task = null;
      if (task) answer(task, data);
      pump();
    },
    unavailable: () => unavailable(),
    crashed(slot) {
      // A crash after loading: answer its piece with the error and start a fresh worker.
      const task = slot.task;
      replace(slot);
      const message = 'The computation stopped unexpectedly.';
      if (task?.kind === 'store') on.error(task.id, 'store', message);
      if (task && task.job === sweep && !sweep.done) fail(sweep, 'sweep', message);
      if (task && task.job === cap && !cap.done) fail(cap, 'capacity', message);
      pump();
    },
  };
  const newSlot = () => spawnSlot(spawn, timers, slotEvents);

  function replace(slot) {
    slot.worker.terminate();
    const fresh = newSlot();
    if (!fresh) {
      unavailable();
      return;
    }
    if (slot === storeSlot) storeSlot = fresh;
    else slots = slots.map((s) => (s === slot ? fresh : s));
  }

  function unavailable() {
    if (dead) return;
    stop();
    on.unavailable();
  }

  function stop() {
    dead = true;
    clearTimeout(holdTimer);
    for (const t of timers) clearTimeout(t);
    for (const s of slots) s.worker.terminate();
    slots = [];
    storeSlot?.worker.terminate();
    storeSlot = null;
  }

  function fail(job, kind, message) {
    job.done = true;
    on.error(job.id, kind, message);
  }

  const sweepBusy = () => slots.some((s) => s.task?.kind === 'sweep');

  function confirmPaused() {
    if (paused && !pausedSaid && !sweepBusy()) {
      pausedSaid = true;
      on.paused();
    }
  }

  // ---- what to hand out next --------------------------------------------------------------------
  function nextSweepTask() {
    const s = sweep;
    if (!s || s.done) return null;
    if (s.previews.length > 0 && s.shown < FULL) {
      const { phase, rank } = s.previews.shift();
      return { kind: 'sweep', job: s, rank, message: { type: 'preview', id: s.id, params: s.params, phase } };
    }
    if (!s.full || s.next >= s.full.trials) return null;
    const first = s.next;
    const count = Math.min(s.chunk, s.full.trials - first);
    s.next += count;
    return {
      kind: 'sweep',
      job: s,
      rank: FULL,
      message: { type: 'trials', id: s.id, params: s.params, phase: s.full, first, count },
    };
  }

  function nextCapacityTask() {
    const c = cap;
    if (!c || c.done) return null;
    const again = c.open.find((o) => o.retry.length > 0); // pieces a sweep pre-empted
    if (again) {
      const { first, count } = again.retry.shift();
      return {
        kind: 'capacity',
        job: c,
        call: again,
        message: { type: 'capacity', id: c.id, opts: again.opts, first, count },
      };
    }
    let call = c.open.find((o) => o.next < o.trials);
    if (!call && !c.exhausted) {
      let got;
      try {
        got = c.calls.next();
      } catch (err) {
        fail(c, 'capacity', err.message);
        return null;
      }
      if (got.done) {
        c.exhausted = true;
      } else {
        const trials = got.value.opts.trials;
        call = { ...got.value, trials, next: 0, got: 0, parts: [], retry: [], chunk: Math.ceil(trials / size) };
        c.open.push(call);
      }
    }
    if (!call) {
      if (c.exhausted && c.open.length === 0) {
        c.done = true;
        later(() => on.capacity(c.id, null, true)); // after capacity() has returned its id
      }
      return null;
    }
    const first = call.next;
    const count = Math.min(call.chunk, call.trials - first);
    call.next += count;
    return { kind: 'capacity', job: c, call, message: { type: 'capacity', id: c.id, opts: call.opts, first, count } };
  }

  function nextTask() {
    if (paused) return null;
    const wait = holdUntil - performance.now();
    if (wait > 0) {
      clearTimeout(holdTimer);
      holdTimer = setTimeout(pump, wait);
      return null;
    }
    const sweepTask = nextSweepTask();
    if (sweepTask) return sweepTask;
    if (capacityWaits || (sweep && !sweep.done && sweep.next < (sweep.full?.trials ?? 0))) return null;
    return nextCapacityTask();
  }

  function pump() {
    if (dead) return;
    for (const slot of slots) {
      if (slot.task) continue;
      const task = nextTask();
      if (!task) break;
      slot.task = task;
      slot.worker.postMessage(task.message);
    }
    confirmPaused();
  }

  // ---- answers ----------------------------------------------------------------------------------
  function answer(task, data) {
    if (task.kind === 'sweep') answerSweep(task, data);
    else answerCapacity(task, data);
  }

  function answerStore(data) {
    if (data.type === 'error') on.error(data.id, 'store', data.message);
    else if (data.type === 'store') on.store(data.id, data.result);
  }

  function answerSweep(task, data) {
    const s = task.job;
    if (s !== sweep || s.done) return;
    if (data.type === 'error') {
      fail(s, 'sweep', data.message);
      return;
    }
    if (data.type === 'sweep') {
      if (task.rank <= s.shown) return; // a coarser preview after a finer one
      s.shown = task.rank;
      on.sweep(s.id, data.result);
      return;
    }
    s.parts.push(data.part);
    let result;
    try {
      result = mergeSweepParts(la, s.params, s.full, s.parts);
    } catch (err) {
      fail(s, 'sweep', err.message);
      return;
    }
    s.shown = FULL;
    if (result.complete) s.done = true;
    on.sweep(s.id, result);
  }

  function answerCapacity(task, data) {
    const c = task.job;
    if (c !== cap || c.done) return;
    if (data.type === 'error') {
      fail(c, 'capacity', data.message);
      return;
    }
    task.call.parts.push(data.part);
    task.call.got += data.part.count;
    while (c.open.length > 0 && c.open[0].got === c.open[0].trials) {
      const call = c.open.shift();
      let entry;
      try {
        entry = capacityEntry(call, la.mergeCapacityTrials(call.opts, call.parts));
      } catch (err) {
        fail(c, 'capacity', err.message);
        return;
      }
      on.capacity(c.id, entry, false);
    }
  }

  /** Replaces the workers busy with a piece of anything but the current requests; with
   *  `preempt`, also those busy with the capacity panel, whose pieces go back in the queue (a new
   *  curve comes first: its first trials should not wait for a capacity piece). */
  function dropStale(preempt = false) {
    for (const slot of slots) {
      const t = slot.task;
      if (!t) continue;
      if (t.job !== sweep && t.job !== cap) {
        replace(slot);
      } else if (preempt && t.kind === 'capacity') {
        t.call.retry.push({ first: t.message.first, count: t.message.count });
        replace(slot);
      }
    }
  }

  function start() {
    while (!dead && slots.length < size) {
      const slot = newSlot();
      if (!slot) {
        unavailable();
        return false;
      }
      slots.push(slot);
    }
    return !dead;
  }

  return {
    size,

    /** Starts the workers; false when they cannot start (then on.unavailable() has been called). */
    start,

    /** A sweep request { id, params, phases } (core-work.js sweepPhases), replacing any older one. */
    sweep(job) {
      const full = job.phases.find((p) => p.name === 'full') ?? null;
      const previews = job.phases.filter((p) => p.name !== 'full').map((phase, rank) => ({ phase, rank }));
      const step = full ? (full.step ?? full.trials) : 1;
      // Ranges of trials small enough that every worker gets some and results keep arriving.
      const chunk = full ? Math.max(1, Math.min(step, Math.ceil(full.trials / (2 * size)))) : 1;
      sweep = { id: job.id, params: job.params, previews, full, chunk, shown: -1, next: 0, parts: [], done: false };
      dropStale(true);
      pump();
    },

    /** The capacity panel's request { id, params }, replacing any older one. */
    capacity(job) {
      cap = { id: job.id, calls: capacityCalls(la, job.params), open: [], exhausted: false, done: false };
      dropStale();
      pump();
    },

    capacityWait(wait) {
      capacityWaits = wait;
      pump();
    },

    /** One store { id, params } on the store slot (started now if it is not yet); false when it
     *  cannot start (then on.unavailable() has been called). Stores are neither paused nor held:
     *  the runner asks for one only when the reader is to see it. */
    store(job) {
      if (dead) return false;
      if (!storeSlot) storeSlot = newSlot();
      if (!storeSlot) {
        unavailable();
        return false;
      }
      storeSlot.task = { kind: 'store', id: job.id };
      storeSlot.worker.postMessage({ type: 'store', id: job.id, params: job.params });
      return true;
    },

    hold(ms) {
      holdUntil = Math.max(holdUntil, performance.now() + ms);
    },

    pause() {
      paused = true;
      pausedSaid = false;
      confirmPaused();
    },

    resume() {
      paused = false;
      pump();
    },

    /** Whether the current sweep has pieces left to hand out or running. */
    get sweepActive() {
      return Boolean(sweep && !sweep.done);
    },

    destroy: stop,
  };
}
