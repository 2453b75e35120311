// The pool executor: workers that share the overcapacity demo's sweeps and capacity calls, one
// per core the browser reports but one, which stays with the page so that drags keep their frames
// (navigator.hardwareConcurrency − 1, at most MAX_WORKERS; one where one or two cores are
// reported: on 2 cores two busy workers stretched the page's tasks past 50 ms while a reader
// dragged N at d = 256). The page hands out the work a piece at a time (queue.js says which) and
// each worker answers one piece (pool-answers.js merges them: the curve firms up as trials
// arrive, in any order, and the last merge is bit for bit the single-worker sweep). A piece running
// when a newer request supersedes it is not waited for: its worker is replaced.
// One more slot, started with the first store, computes single stores ("inside one store") on its
// own, so that a long sweep never holds one up; its answers go straight back to the runner, which
// keeps at most one store in flight.
import { capacityCalls } from './core-work.js';
import { spawnSlot } from './slot.js';
import { sweepRecord, capacityRecord, nextPiece } from './queue.js';
import { createHold } from './pacing.js';
import { answerPiece, answerStore, fail } from './pool-answers.js';

/** The most workers a pool starts, whatever the machine reports. */
export const MAX_WORKERS = 8;

/** How many workers for this browser: its hardwareConcurrency less the page's core, 1 to MAX_WORKERS. */
export function poolSize(nav = globalThis.navigator) {
  const n = Number(nav?.hardwareConcurrency);
  return Number.isInteger(n) && n > 2 ? Math.min(n - 1, MAX_WORKERS) : 1;
}

/**
 * @param la the page's core (merges the pieces; computes no trial itself)
 * @param {{ size: number, spawn: () => Worker, paused?: boolean, capacityWait?: boolean }} options
 *        (paused, capacityWait: the runner's state when the pool starts)
 * @param on ( sweep(id, result), capacity(id, result, done), store(id, result),
 *             error(id, kind, message), paused() (once per pause(), when no sweep piece runs any
 *             more), unavailable() (a worker could not start or load the core: the pool has stopped) )
 */
export function createPool(la, { size, spawn, paused = false, capacityWait = false }, on) {
  /** @type {any} pool-answers.js reads it too */
  const pool = {
    ...{ la, size, spawn, on, slots: [], storeSlot: null, dead: false, sweep: null, cap: null },
    ...{ paused, pausedSaid: paused, capacityWaits: capacityWait, hold: createHold(), holdTimer: 0 },
    timers: new Set(),
  };
  pool.events = slotEvents(pool);
  return {
    size,
    /** Starts the workers; false when they cannot start (then on.unavailable() has been called). */
    start: () => start(pool),
    /** A sweep request { id, params, phases } (core-work.js sweepPhases), replacing any older one. */
    sweep(job) {
      pool.sweep = sweepRecord(job, size);
      dropStale(pool, true);
      pump(pool);
    },
    /** The capacity panel's request { id, params }, replacing any older one. */
    capacity(job) {
      pool.cap = capacityRecord(job.id, capacityCalls(la, job.params));
      dropStale(pool);
      pump(pool);
    },
    capacityWait(wait) {
      pool.capacityWaits = wait;
      pump(pool);
    },
    /** One store { id, params } on the store slot (started now if it is not yet); false when it
     *  cannot start (then on.unavailable() has been called). Stores are neither paused nor held:
     *  the runner asks for one only when the reader is to see it. */
    store: (job) => sendStore(pool, job),
    hold: (ms) => pool.hold.hold(ms),
    pause() {
      pool.paused = true;
      pool.pausedSaid = false;
      confirmPaused(pool);
    },
    resume() {
      pool.paused = false;
      pump(pool);
    },
    /** Whether the current sweep has pieces left to hand out or running. */
    get sweepActive() {
      return Boolean(pool.sweep && !pool.sweep.done);
    },
    destroy: () => stop(pool),
  };
}

/** What the pool's slots tell it: every slot is the pool's while it is in `slots` or is the store
 *  slot and the pool is alive. */
function slotEvents(pool) {
  return {
    alive: (slot) => !pool.dead && (pool.slots.includes(slot) || slot === pool.storeSlot),
    answer(slot, data) {
      if (slot === pool.storeSlot) {
        if (slot.task?.id === data.id) slot.task = null; // (a newer store may be queued behind it)
        answerStore(pool, data);
        return;
      }
      const task = slot.task;
      slot.task = null;
      if (task) answerPiece(pool, task, data);
      pump(pool);
    },
    unavailable: () => unavailable(pool),
    crashed(slot) {
      // A crash after loading: answer its piece with the error and start a fresh worker.
      const task = slot.task;
      replace(pool, slot);
      const message = 'The computation stopped unexpectedly.';
      if (task?.kind === 'store') pool.on.error(task.id, 'store', message);
      if (task && task.job === pool.sweep && !pool.sweep.done) fail(pool, pool.sweep, 'sweep', message);
      if (task && task.job === pool.cap && !pool.cap.done) fail(pool, pool.cap, 'capacity', message);
      pump(pool);
    },
  };
}

const newSlot = (pool) => spawnSlot(pool.spawn, pool.timers, pool.events);

function replace(pool, slot) {
  slot.worker.terminate();
  const fresh = newSlot(pool);
  if (!fresh) {
    unavailable(pool);
    return;
  }
  if (slot === pool.storeSlot) pool.storeSlot = fresh;
  else pool.slots = pool.slots.map((s) => (s === slot ? fresh : s));
}

function unavailable(pool) {
  if (pool.dead) return;
  stop(pool);
  pool.on.unavailable();
}

function stop(pool) {
  pool.dead = true;
  clearTimeout(pool.holdTimer);
  for (const t of pool.timers) clearTimeout(t);
  for (const s of pool.slots) s.worker.terminate();
  pool.slots = [];
  pool.storeSlot?.worker.terminate();
  pool.storeSlot = null;
}

function confirmPaused(pool) {
  if (pool.paused && !pool.pausedSaid && !pool.slots.some((s) => s.task?.kind === 'sweep')) {
    pool.pausedSaid = true;
    pool.on.paused();
  }
}

/** Runs `fn` in a task of its own (after the current call has returned), unless the pool stopped. */
function later(pool, fn) {
  const t = setTimeout(() => {
    pool.timers.delete(t);
    if (!pool.dead) fn();
  }, 0);
  pool.timers.add(t);
}

/** The queue's next piece for the pool, with what it says done: a hold, the end of the capacity
 *  panel, a refused call. */
function nextTask(pool) {
  const { paused, capacityWaits, size } = pool;
  const next = nextPiece(pool, { paused, held: pool.hold.left(), capacityWaits, size });
  if (next?.hold) {
    clearTimeout(pool.holdTimer);
    pool.holdTimer = setTimeout(() => pump(pool), next.hold);
  } else if (next?.error) fail(pool, pool.cap, 'capacity', next.error);
  else if (next?.done) {
    const c = pool.cap;
    later(pool, () => pool.on.capacity(c.id, null, true)); // after capacity() has returned its id
  }
  return next?.task ?? null;
}

/** Hands a piece to every idle worker while the queue has one. */
function pump(pool) {
  if (pool.dead) return;
  for (const slot of pool.slots) {
    if (slot.task) continue;
    const task = nextTask(pool);
    if (!task) break;
    slot.task = task;
    slot.worker.postMessage(task.message);
  }
  confirmPaused(pool);
}

/** Replaces the workers busy with a piece of anything but the current requests; with
 *  `preempt`, also those busy with the capacity panel, whose pieces go back in the queue (a new
 *  curve comes first: its first trials should not wait for a capacity piece). */
function dropStale(pool, preempt = false) {
  for (const slot of pool.slots) {
    const t = slot.task;
    if (!t) continue;
    if (t.job !== pool.sweep && t.job !== pool.cap) {
      replace(pool, slot);
    } else if (preempt && t.kind === 'capacity') {
      t.call.retry.push({ first: t.message.first, count: t.message.count });
      replace(pool, slot);
    }
  }
}

function start(pool) {
  while (!pool.dead && pool.slots.length < pool.size) {
    const slot = newSlot(pool);
    if (!slot) {
      unavailable(pool);
      return false;
    }
    pool.slots.push(slot);
  }
  return !pool.dead;
}

function sendStore(pool, job) {
  if (pool.dead) return false;
  if (!pool.storeSlot) pool.storeSlot = newSlot(pool);
  if (!pool.storeSlot) {
    unavailable(pool);
    return false;
  }
  pool.storeSlot.task = { kind: 'store', id: job.id };
  pool.storeSlot.worker.postMessage({ type: 'store', id: job.id, params: job.params });
  return true;
}
