// The demo's requests of the core (the job registry): which sweep results it holds (a few settings'
// worth, newest last), the sweep and the store it is waiting for, and the store it shows. The work
// itself runs in the scheduler (scheduler/runner.js: workers, or the page thread; scheduler/core-work.js
// says which calls and in what order); this is the only file of the demo that talks to it.
// Nothing here draws: the results are plain data (results()), and one callback, changed(what),
// says which part of them changed; index.js draws from them in the next frame.
import { coalesceFrames } from '../../lib/frame.js';
import { createRunner } from './scheduler/runner.js';
import { runStore, storeIsCheap, storeIsQuick, sweepPhases } from './scheduler/core-work.js';
import { KEY_LABELS } from './format.js';
import { DEFAULTS, sweepKey, storeKey, capacityKey, ruleOptions } from './state.js';

const SWEEP_CACHE_SIZE = 6;
/** How long the N slider must rest before a sweep streaming in takes its next step. */
const SWEEP_HOLD_MS = 300;
/** How long the N slider must rest before a large store is requested. */
const STORE_SETTLE_MS = 120;
/** How long a settings slider (β, the forget gate, the delta step, the tolerance) must rest before
 *  the sweep and capacity numbers of its value are asked for. */
const SETTINGS_SETTLE_MS = 250;

const storeLabel = (s) => `trial 1 of seed ${s.seed}, ${KEY_LABELS[s.keys]}, softmax \u03b2 = ${s.beta}`;

/** The capacity panel's request of a state (every d and key geometry; see core-work.js). */
const capacityParams = (s) => ({
  measure: s.measure,
  level: s.level,
  trials: s.trials,
  seed: s.seed,
  ...ruleOptions(s),
});

/**
 * @param la the core (stores small enough to compute inside a frame run here)
 * @param getState () => the demo's current state
 * @param changed (what) => void, once per change of the results, `what` naming the part:
 *   'sweep' a result for the current settings arrived; 'store' the store slice (the store shown, or
 *   the note on the one to come) changed; 'capacity' the capacity panel's numbers for the current
 *   settings grew; 'refused' the core refused the sweep (its message in `error`; go back to
 *   `fallback`); 'error' a store or capacity call failed (`error`); 'rested' the sweep and capacity
 *   numbers a settings slider held back have been asked for (`waiting` is false again); 'mode'
 *   workers or the page thread; 'paused' the sweep has stopped after pause().
 */
export function createCompute(la, getState, changed) {
  const cache = new Map(); // sweepKey -> { sweep, complete }
  let requested = null; // { key, id } of the sweep in flight
  let store = null; // { key, result, label } shown
  let storeSlice = { shown: null, note: null }; // what the figure shows of it (a new object per change)
  let error = null; // { kind, message } of the last failure reported
  let storeWanted = null; // { key, n, id, label }
  const storeRequests = new Map(); // id -> a store request still unanswered
  /** @type {ReturnType<typeof setTimeout> | 0} */
  let storeTimer = 0;
  let storeHeld = false; // the store waits for a settings slider to rest (said once, not per frame)
  let heldAt = -Infinity;
  /** @type {ReturnType<typeof setTimeout> | 0} */
  let restTimer = 0;
  // The rest's timer starts in the frame after the slider's value was drawn: a value still being
  // drawn has not rested (at 4× CPU a frame of a β drag took 60–150 ms of the 250, and a sweep
  // started mid-drag, its workers spawned on the frames' thread).
  const restAfterFrame = coalesceFrames(() => {
    clearTimeout(restTimer);
    restTimer = setTimeout(() => compute.rest(), SETTINGS_SETTLE_MS);
  });
  const stopRest = () => {
    restAfterFrame.cancel();
    clearTimeout(restTimer);
  };
  let resting = false; // a settings slider moved: its sweep and capacity numbers wait for it to rest
  let capacity = null; // { key, id, results: [{ d, keys, ... }], complete }

  const runner = createRunner(la, {
    sweep: onSweep,
    store: onStore,
    error: onError,
    mode: () => changed('mode'),
    paused: () => changed('paused'),
    capacity: onCapacity,
  });
  /** The store slice changes: the store shown (unchanged unless given) and the note on the next. */
  function noteStore(note, shown = storeSlice.shown) {
    storeSlice = { shown, note };
    changed('store');
  }
  function fail(kind, message) {
    error = { kind, message };
    changed(kind === 'sweep' ? 'refused' : 'error');
  }

  const compute = {
    /** The settings before the latest sweep change (where a refused sweep goes back to). */
    fallback: { ...DEFAULTS },

    get mode() {
      return runner.mode;
    },

    /** The store slice: { shown: { result, label } | null, note: null | { kind: 'pending', n } |
     *  { kind: 'waiting' | 'settings', n } } (a new object whenever it changes). */
    get store() {
      return storeSlice;
    },

    /** The last failure reported ({ kind: 'sweep' | 'store' | 'capacity', message }) or null. */
    get error() {
      return error;
    },

    /** Everything the figure draws of the results for `state`, as plain data. */
    results(state = getState()) {
      return {
        entry: compute.current(state),
        capacity: compute.capacity(state),
        store: storeSlice,
        mode: runner.mode,
        waiting: resting,
      };
    },

    /** The result held for these settings ({ sweep, complete }), or null. */
    current(state = getState()) {
      return cache.get(sweepKey(state)) || null;
    },

    /** Asks for the sweep of the current settings unless it is held or on its way. */
    ensureSweep() {
      const state = getState();
      const key = sweepKey(state);
      const have = cache.get(key);
      if (have?.complete) {
        requested = null;
        runner.capacityWait(false);
        return;
      }
      if (requested && requested.key === key) return;
      const params = {
        d: state.d,
        trials: state.trials,
        seed: state.seed,
        keys: state.keys,
        beta: state.beta,
        ...ruleOptions(state),
      };
      // A sweep left part-way (the reader went elsewhere and came back) skips the previews.
      const partial = have && have.sweep.phase === 'full';
      const phases = sweepPhases(params, state.n).filter((p) => !partial || p.name === 'full');
      requested = { key, id: 0 };
      runner.capacityWait(true); // the curve first: two cores are all many readers have
      requested.id = runner.sweep(params, phases);
    },

    /** The capacity panel's numbers held for the current settings ({ results, complete }) or null. */
    capacity(state = getState()) {
      return capacity && capacity.key === capacityKey(state) ? capacity : null;
    },

    /** Asks for the capacity panel's numbers unless they are held or on their way. */
    ensureCapacity() {
      const state = getState();
      const key = capacityKey(state);
      if (capacity && capacity.key === key) return;
      capacity = { key, id: 0, results: [], complete: false };
      capacity.id = runner.capacity(capacityParams(state));
    },

    /** Asks for the store at the current N: at once when small; when large, once the N slider
     *  rests (STORE_SETTLE_MS), or once a settings slider rests (rest()) while one moves. */
    ensureStore(now = false) {
      const state = getState();
      const key = storeKey(state);
      if (store && store.key === key) {
        // Back at the store shown before the one asked for came: that one is nobody's now.
        if (storeWanted || storeHeld) {
          dropWanted();
          noteStore(null); // (its heading loses the note)
        }
        return;
      }
      if (storeWanted && storeWanted.key === key) return;
      const params = {
        d: state.d,
        n: state.n,
        seed: state.seed,
        keys: state.keys,
        beta: state.beta,
        ...ruleOptions(state),
      };
      if (storeIsCheap(state.d, state.n, state)) {
        dropWanted();
        try {
          show(key, runStore(la, params), storeLabel(state));
        } catch (err) {
          fail('store', err.message);
        }
        return;
      }
      // A large store takes a worker from 10 ms to over a second: ask for it once the slider rests,
      // so a fast drag does not keep a second core busy with stores nobody will see.
      const wanted = { key, n: state.n, id: 0, label: storeLabel(state) };
      storeWanted = wanted;
      clearTimeout(storeTimer);
      if (resting) {
        // A settings slider is still moving (whenRested): the store of where it stops is asked for
        // with its sweep, at rest(). None starts mid-drag, on a core the drag's frames share.
        runner.cancelStores();
        storeRequests.clear();
        if (!storeHeld) noteStore({ kind: 'settings', n: state.n });
        storeHeld = true;
        return;
      }
      storeHeld = false;
      const ask = () => {
        if (storeWanted !== wanted) return;
        wanted.id = runner.store(params);
        storeRequests.set(wanted.id, wanted);
        noteStore({ kind: 'pending', n: wanted.n }); // said to compute once asked for, not before
      };
      if (now || storeIsQuick(state.d, state.n, state)) ask();
      else {
        noteStore({ kind: 'waiting', n: state.n });
        storeTimer = setTimeout(ask, STORE_SETTLE_MS);
      }
    },

    /**
     * A settings slider moved (β, the forget gate, the delta step, the capacity panel's tolerance):
     * the sweep and the capacity numbers of where it stops are asked for once it has rested
     * SETTINGS_SETTLE_MS from the frame after this value's (stillSliding() counts anew), or at
     * rest() (the slider's change event). Numbers held for the new settings are used at once. A drag through ten values of β starts one sweep, not ten that each
     * throw the last one's workers away.
     */
    whenRested() {
      stopRest();
      const state = getState();
      const key = sweepKey(state);
      const sweepHeld = cache.get(key)?.complete || requested?.key === key;
      const capacityHeld = capacity?.key === capacityKey(state);
      resting = !(sweepHeld && capacityHeld);
      if (resting) restAfterFrame();
      else {
        compute.ensureSweep();
        compute.ensureCapacity();
      }
    },
    /** The pointer still moves on the settings slider, its value unchanged: the rest counts anew. */
    stillSliding() {
      if (!resting) return;
      clearTimeout(restTimer);
      restAfterFrame();
    },
    /** The settings slider has rested: asks for what whenRested() held back (nothing if it held none). */
    rest() {
      stopRest();
      if (!resting) return;
      resting = false;
      compute.ensureSweep();
      compute.ensureCapacity();
      if (storeHeld) {
        storeHeld = false;
        storeWanted = null;
        compute.ensureStore(true); // asked for now, not after the N slider's settle time
      }
      changed('rested');
    },
    /** True while the sweep and capacity numbers wait for a settings slider to rest (whenRested). */
    get waiting() {
      return resting;
    },

    /** The reader is dragging N: a sweep streaming in waits (from its next step on) until the
     *  slider has rested SWEEP_HOLD_MS, so the drag's frames come first. */
    holdForDrag() {
      const now = performance.now();
      if (now - heldAt <= SWEEP_HOLD_MS / 3) return;
      heldAt = now;
      runner.hold(SWEEP_HOLD_MS);
    },
    pause: () => runner.pause(),
    resume: () => runner.resume(),
    get paused() {
      return runner.paused;
    },

    destroy() {
      clearTimeout(storeTimer);
      stopRest();
      runner.destroy();
      cache.clear();
    },
  };

  function onSweep(id, result) {
    if (!requested || id !== requested.id) return;
    const key = requested.key;
    const had = cache.get(key);
    if (result.complete) {
      requested = null;
      runner.capacityWait(false);
    }
    // A restarted sweep does not show fewer trials than one seen before for the same settings.
    if (
      had &&
      had.sweep.phase === 'full' &&
      !result.complete &&
      (result.phase !== 'full' || result.trials <= had.sweep.trials)
    )
      return;
    cache.delete(key);
    cache.set(key, { sweep: result, complete: result.complete });
    while (cache.size > SWEEP_CACHE_SIZE) cache.delete(cache.keys().next().value);
    if (key === sweepKey(getState())) changed('sweep');
  }

  function onCapacity(id, result, done) {
    if (!capacity || id !== capacity.id) return;
    capacity = { ...capacity, results: result ? [...capacity.results, result] : capacity.results };
    if (done) capacity.complete = true;
    changed('capacity');
  }

  function onError(id, kind, message) {
    if (kind === 'capacity') {
      if (capacity && id === capacity.id) fail('capacity', message);
      return;
    }
    if (kind === 'sweep') {
      if (!requested || id !== requested.id) return;
      cache.delete(requested.key);
      requested = null;
      runner.capacityWait(false);
      fail('sweep', message);
      return;
    }
    const request = storeRequests.get(id);
    storeRequests.delete(id);
    if (request && request === storeWanted) {
      storeWanted = null;
      fail('store', message);
    }
  }

  function onStore(id, result) {
    const request = storeRequests.get(id);
    storeRequests.delete(id);
    const wanted = storeWanted;
    if (!request || !wanted) return;
    if (request === wanted) {
      storeWanted = null;
      show(wanted.key, result, wanted.label);
    } else if (request.key.startsWith(`${sweepKey(getState())}|`)) {
      // An older store of the same settings is worth showing while the newest one computes (or
      // waits for the slider to rest).
      show(request.key, result, request.label, { n: wanted.n, waiting: !wanted.id });
    }
  }

  /** Forgets the store asked for (or waiting to be): its timer, its request, the worker's work. */
  function dropWanted() {
    clearTimeout(storeTimer);
    runner.cancelStores();
    storeRequests.clear();
    storeWanted = null;
    storeHeld = false;
  }

  /** A store to show; `pending` ({ n, waiting }, or null) the store the slider's N waits for. */
  function show(key, result, label, pending = null) {
    store = { key, result, label };
    const note = pending && { kind: pending.waiting ? 'waiting' : 'pending', n: pending.n };
    noteStore(note, { result, label });
  }

  return compute;
}
