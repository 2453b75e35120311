// The demo's requests of the core: which sweep results it holds (a few settings' worth, newest
// last), the sweep and the store it is waiting for, and the store it shows. What to ask for next is
// the queue's (scheduler/queue.js, pure); when is pacing's (scheduler/pacing.js: the rest of a
// settings slider, the N slider's drag); where the work runs is the runner's (scheduler/runner.js:
// workers, or the page thread). compute-store.js holds the store's part. Nothing here draws: the
// results are plain data (results()), and one callback, changed(what), says which part of them
// changed; index.js draws from them in the next frame.
import { createRunner } from './scheduler/runner.js';
import { sweepPhases } from './scheduler/core-work.js';
import { sweepNeed } from './scheduler/queue.js';
import { createRestTimer, createDragHold } from './scheduler/pacing.js';
import { sweepKey, capacityKey } from './state.js';
import { capacityParams } from './requests.js';
import { keepSweep } from './answers.js';

/** Sweep results held here, not in the demo's state (the compute alone, as its tests run it). */
function heldHere() {
  let sweeps = new Map();
  return {
    sweeps: () => sweeps,
    answer: (key, value) => {
      sweeps = keepSweep(sweeps, key, value);
    },
    forget: (key) => {
      sweeps = new Map(sweeps);
      sweeps.delete(key);
    },
  };
}
import { ensureStore, onStore, onStoreError, failWith } from './compute-store.js';

/**
 * @param la the core (stores small enough to compute inside a frame run here)
 * @param getState () => the demo's current state
 * @param held where the sweep results live (answers.js): the demo's state (index.js: `sweeps` in
 *   reduce.js, written by answer actions), or a Map of its own (heldHere, for tests alone)
 * @param changed (what) => void, once per change of the results, `what` naming the part:
 *   'sweep' a result for the current settings arrived; 'store' the store slice (the store shown, or
 *   the note on the one to come) changed; 'capacity' the capacity panel's numbers for the current
 *   settings grew; 'refused' the core refused the sweep (its message in `error`; go back to the
 *   settings before); 'error' a store or capacity call failed (`error`); 'rested' the sweep and
 *   capacity numbers a settings slider held back have been asked for (`waiting` is false again);
 *   'mode' workers or the page thread; 'paused' the sweep has stopped after pause().
 */
export function createCompute(la, getState, changed, held = heldHere()) {
  /** @type {any} compute-store.js reads and writes it too */
  const c = {
    ...{ la, getState, changed, held, requested: null, capacity: null, error: null },
    ...{ store: null, slice: { shown: null, note: null }, wanted: null, storeRequests: new Map() },
    ...{ storeTimer: 0, storeHeld: false, resting: false },
  };
  c.runner = createRunner(la, {
    sweep: (id, result) => onSweep(c, id, result),
    store: (id, result) => onStore(c, id, result),
    error: (id, kind, message) => onError(c, id, kind, message),
    mode: () => changed('mode'),
    paused: () => changed('paused'),
    capacity: (id, result, done) => onCapacity(c, id, result, done),
  });
  c.rest = createRestTimer(() => rest(c));
  c.ensureSweep = () => ensureSweep(c);
  c.ensureCapacity = () => ensureCapacity(c);
  const dragHold = createDragHold((ms) => c.runner.hold(ms));
  const compute = {
    get mode() {
      return c.runner.mode;
    },
    /** The store slice: { shown: { result, label } | null, note: null | { kind: 'pending', n } |
     *  { kind: 'waiting' | 'settings', n } } (a new object whenever it changes). */
    get store() {
      return c.slice;
    },
    /** The last failure reported ({ kind: 'sweep' | 'store' | 'capacity', message }) or null. */
    get error() {
      return c.error;
    },
    /** Everything the figure draws of the results for `state`, as plain data. */
    results: (state = getState()) => ({
      ...{ entry: compute.current(state), capacity: compute.capacity(state) },
      ...{ store: c.slice, mode: c.runner.mode, waiting: c.resting },
    }),
    /** The result held for these settings ({ sweep, complete }), or null. */
    current: (state = getState()) => held.sweeps().get(sweepKey(state)) || null,
    /** Asks for the sweep of the current settings unless it is held or on its way. */
    ensureSweep: c.ensureSweep,
    /** The capacity panel's numbers held for the current settings ({ results, complete }) or null. */
    capacity: (state = getState()) => (c.capacity?.key === capacityKey(state) ? c.capacity : null),
    /** Asks for the capacity panel's numbers unless they are held or on their way. */
    ensureCapacity: c.ensureCapacity,
    /** Asks for the store at the current N: at once when small; when large, once the N slider
     *  rests, or once a settings slider rests (rest()) while one moves. */
    ensureStore: (now = false) => ensureStore(c, now),
    /** A settings slider moved: see whenRested below. */
    whenRested: () => whenRested(c),
    /** The pointer still moves on the settings slider, its value unchanged: the rest counts anew. */
    stillSliding: () => c.resting && c.rest.again(),
    /** The settings slider has rested: asks for what whenRested() held back (nothing if it held none). */
    rest: () => rest(c),
    /** True while the sweep and capacity numbers wait for a settings slider to rest (whenRested). */
    get waiting() {
      return c.resting;
    },
    /** The reader is dragging N: a sweep streaming in waits (from its next step on) until the
     *  slider has rested (pacing.js SWEEP_HOLD_MS), so the drag's frames come first. */
    holdForDrag: () => void dragHold(),
    pause: () => c.runner.pause(),
    resume: () => c.runner.resume(),
    get paused() {
      return c.runner.paused;
    },
    destroy() {
      clearTimeout(c.storeTimer);
      c.rest.stop();
      c.runner.destroy();
    },
  };
  return compute;
}

function ensureSweep(c) {
  const state = c.getState();
  const key = sweepKey(state);
  const need = sweepNeed(state, c.held.sweeps().get(key), c.requested?.key === key, sweepPhases);
  if (need === 'asked') return;
  if (need === 'held') {
    c.requested = null;
    c.runner.capacityWait(false);
    return;
  }
  c.requested = { key, id: 0 };
  c.runner.capacityWait(true); // the curve first: two cores are all many readers have
  c.requested.id = c.runner.sweep(need.params, need.phases);
}

function ensureCapacity(c) {
  const state = c.getState();
  const key = capacityKey(state);
  if (c.capacity && c.capacity.key === key) return;
  c.capacity = { key, id: 0, results: [], complete: false };
  c.capacity.id = c.runner.capacity(capacityParams(state));
}

/**
 * A settings slider moved (β, the forget gate, the delta step, the capacity panel's tolerance):
 * the sweep and the capacity numbers of where it stops are asked for once it has rested (pacing.js
 * createRestTimer; stillSliding() counts anew), or at rest() (the slider's change event). Numbers
 * held for the new settings are used at once. A drag through ten values of β starts one sweep,
 * not ten that each throw the last one's workers away.
 */
function whenRested(c) {
  c.rest.stop();
  const state = c.getState();
  const key = sweepKey(state);
  const sweepHeld = c.held.sweeps().get(key)?.complete || c.requested?.key === key;
  const capacityHeld = c.capacity?.key === capacityKey(state);
  c.resting = !(sweepHeld && capacityHeld);
  if (c.resting) c.rest.start();
  else {
    c.ensureSweep();
    c.ensureCapacity();
  }
}

function rest(c) {
  c.rest.stop();
  if (!c.resting) return;
  c.resting = false;
  c.ensureSweep();
  c.ensureCapacity();
  if (c.storeHeld) {
    c.storeHeld = false;
    c.wanted = null;
    ensureStore(c, true); // asked for now, not after the N slider's settle time
  }
  c.changed('rested');
}

function onSweep(c, id, result) {
  if (!c.requested || id !== c.requested.id) return;
  const key = c.requested.key;
  if (result.complete) {
    c.requested = null;
    c.runner.capacityWait(false);
  }
  const before = c.held.sweeps();
  c.held.answer(key, result); // (answers.js keepSweep: never fewer trials than seen)
  if (c.held.sweeps() === before) return;
  if (key === sweepKey(c.getState())) c.changed('sweep');
}

function onCapacity(c, id, result, done) {
  if (!c.capacity || id !== c.capacity.id) return;
  c.capacity = { ...c.capacity, results: result ? [...c.capacity.results, result] : c.capacity.results };
  if (done) c.capacity.complete = true;
  c.changed('capacity');
}

function onError(c, id, kind, message) {
  if (kind === 'capacity') {
    if (c.capacity && id === c.capacity.id) failWith(c, 'capacity', message);
    return;
  }
  if (kind === 'sweep') {
    if (!c.requested || id !== c.requested.id) return;
    c.held.forget(c.requested.key);
    c.requested = null;
    c.runner.capacityWait(false);
    failWith(c, 'sweep', message);
    return;
  }
  onStoreError(c, id, message);
}
