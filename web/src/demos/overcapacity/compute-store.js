// The store the demo shows ("inside one store"): the one at the slider's N, computed on the page
// when cheap, else asked of the runner at once (quick), once the N slider rests (large:
// pacing.js STORE_SETTLE_MS), or once a settings slider rests. scheduler/queue.js storeNeed says
// which. `c` is compute.js's record; the store slice ({ shown, note }) is what the figure draws.
import { runStore, storeIsCheap, storeIsQuick } from './scheduler/core-work.js';
import { storeNeed } from './scheduler/queue.js';
import { STORE_SETTLE_MS } from './scheduler/pacing.js';
import { KEY_LABELS } from './format.js';
import { sweepKey, storeKey } from './state.js';
import { storeParams } from './requests.js';

const storeLabel = (s) => `trial 1 of seed ${s.seed}, ${KEY_LABELS[s.keys]}, softmax \u03b2 = ${s.beta}`;

/** The last failure: 'refused' for the sweep (go back to the settings before), else 'error'. */
export function failWith(c, kind, message) {
  c.error = { kind, message };
  c.changed(kind === 'sweep' ? 'refused' : 'error');
}

/** The store slice changes: the store shown (unchanged unless given) and the note on the next. */
function noteStore(c, note, shown = c.slice.shown) {
  c.slice = { shown, note };
  c.changed('store');
}

/** A store to show; `pending` ({ n, waiting }, or null) the store the slider's N waits for. */
function show(c, key, result, label, pending = null) {
  c.store = { key, result, label };
  const note = pending && { kind: pending.waiting ? 'waiting' : 'pending', n: pending.n };
  noteStore(c, note, { result, label });
}

/** Forgets the store asked for (or waiting to be): its timer, its request, the worker's work. */
function dropWanted(c) {
  clearTimeout(c.storeTimer);
  c.runner.cancelStores();
  c.storeRequests.clear();
  c.wanted = null;
  c.storeHeld = false;
}

/** Asks for the store at the current N (`now`: without the N slider's settle time). */
export function ensureStore(c, now = false) {
  const state = c.getState();
  const key = storeKey(state);
  const cost = { cheap: storeIsCheap(state.d, state.n, state), quick: storeIsQuick(state.d, state.n, state) };
  const shown = c.store?.key === key;
  const need = storeNeed({ shown, asked: c.wanted?.key === key, resting: c.resting, now }, cost);
  if (need === 'shown') {
    // Back at the store shown before the one asked for came: that one is nobody's now.
    if (c.wanted || c.storeHeld) {
      dropWanted(c);
      noteStore(c, null); // (its heading loses the note)
    }
  } else if (need === 'here') {
    dropWanted(c);
    try {
      show(c, key, runStore(c.la, storeParams(state)), storeLabel(state));
    } catch (err) {
      failWith(c, 'store', err.message);
    }
  } else if (need !== 'asked') askLater(c, state, key, need);
}

/** A large store takes a worker from 10 ms to over a second: it is asked for once the slider
 *  rests, so a fast drag does not keep a second core busy with stores nobody will see. */
function askLater(c, state, key, need) {
  const wanted = { key, n: state.n, id: 0, label: storeLabel(state) };
  c.wanted = wanted;
  clearTimeout(c.storeTimer);
  if (need === 'held') {
    // A settings slider is still moving (whenRested): the store of where it stops is asked for
    // with its sweep, at rest(). None starts mid-drag, on a core the drag's frames share.
    c.runner.cancelStores();
    c.storeRequests.clear();
    if (!c.storeHeld) noteStore(c, { kind: 'settings', n: state.n });
    c.storeHeld = true;
    return;
  }
  c.storeHeld = false;
  const params = storeParams(state);
  const ask = () => {
    if (c.wanted !== wanted) return;
    wanted.id = c.runner.store(params);
    c.storeRequests.set(wanted.id, wanted);
    noteStore(c, { kind: 'pending', n: wanted.n }); // said to compute once asked for, not before
  };
  if (need === 'ask') ask();
  else {
    noteStore(c, { kind: 'waiting', n: state.n });
    c.storeTimer = setTimeout(ask, STORE_SETTLE_MS);
  }
}

/** The runner's answer to a store asked for. */
export function onStore(c, id, result) {
  const request = c.storeRequests.get(id);
  c.storeRequests.delete(id);
  const wanted = c.wanted;
  if (!request || !wanted) return;
  if (request === wanted) {
    c.wanted = null;
    show(c, wanted.key, result, wanted.label);
  } else if (request.key.startsWith(`${sweepKey(c.getState())}|`)) {
    // An older store of the same settings is worth showing while the newest one computes (or
    // waits for the slider to rest).
    show(c, request.key, result, request.label, { n: wanted.n, waiting: !wanted.id });
  }
}

/** The runner's error for a store asked for. */
export function onStoreError(c, id, message) {
  const request = c.storeRequests.get(id);
  c.storeRequests.delete(id);
  if (request && request === c.wanted) {
    c.wanted = null;
    failWith(c, 'store', message);
  }
}
