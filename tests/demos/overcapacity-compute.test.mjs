// The overcapacity demo's work on the demo kit (reduce.js, requests.js, executors.js: createDemo
// with the demo's own executors) against the real core, in Node (no workers: the page-thread path):
// when a store is computed at once, asked of the pool at once, or asked for only once the slider
// rests, and what the figure is told meanwhile. "Computing N = …" must be said only of a store
// that has been asked for. (An older store shown while a newer one waits, which here would race
// the settle time: overcapacity-answers.test.mjs.) `storeEvents` reads each change of the store
// slice ({ shown, note }) as the event it is: a store shown ('store', with the note on the one to
// come as `pending`), one asked for ('storePending', n) or one that waits ('storeWaiting', n).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLinattn } from '../../wasm/index.mjs';
import { createDemo } from '../../web/src/lib/demo-kit/demo.js';
import { createReducer, initialState } from '../../web/src/demos/overcapacity/reduce.js';
import { requests } from '../../web/src/demos/overcapacity/requests.js';
import { createExecutors } from '../../web/src/demos/overcapacity/executors.js';
import { sweepKey } from '../../web/src/demos/overcapacity/state.js';

const la = await createLinattn();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
// Waits for `test` to hold, up to `ms` (generous: beside npm test's pool this process runs at idle
// priority and may wait seconds for a core; a condition that holds returns at once).
const until = async (test, ms = 120000) => {
  for (const t0 = Date.now(); !test() && Date.now() - t0 < ms; ) await sleep(20);
};

/** The events the store slices in `slices` tell, in order (see the header). */
function storeEvents(slices) {
  const out = [];
  let shown = null;
  for (const { shown: s, note } of slices) {
    if (s !== shown || !note) {
      shown = s;
      const label = s?.label.match(/\u03b2 = (\S+)/)?.[1];
      out.push(['store', s?.result.n, label, note && { n: note.n, waiting: note.kind !== 'pending' }]);
    } else out.push([note.kind === 'pending' ? 'storePending' : 'storeWaiting', note.n]);
  }
  return out;
}

/** The core, with the β of every sweep call, the forget gate of every capacity call and the N and
 *  β of every store noted. */
function spiedCore() {
  const asked = { sweep: [], capacity: [], store: [] };
  const core = {}; // (the core's object is frozen: a Proxy of it may not return other functions)
  for (const name of Object.keys(la)) {
    const fn = la[name];
    core[name] =
      typeof fn !== 'function'
        ? fn
        : (...args) => {
            if (/^interferenceSweep/.test(name)) asked.sweep.push(args[0].beta);
            if (/^capacity/.test(name)) asked.capacity.push(args[0].gate ?? 1);
            if (/^interferenceStore/.test(name)) asked.store.push({ n: args[0].n, beta: args[0].beta });
            return fn.apply(la, args);
          };
  }
  return { core, asked };
}

/** The demo's state and work for `settings` (no view), with every store slice it showed. */
function setUp(settings) {
  const { core, asked } = spiedCore();
  const checkSweep = (p) => core.checkSweep(p);
  const work = createExecutors(core, null, { mode: () => {}, paused: () => {} });
  const initial = initialState(settings, checkSweep);
  const slices = [initial.store];
  const demo = createDemo({
    ...{ initial, reduce: createReducer(checkSweep), requests, executors: work.executors, keep: 0 },
    view: () => {},
    changed: (next, prev) => next.store !== prev.store && slices.push(next.store),
  });
  const done = () => {
    demo.destroy();
    work.destroy();
  };
  return { demo, asked, calls: () => storeEvents(slices), done, state: () => demo.getState() };
}
const slide = (demo, changes) => demo.dispatch({ type: 'slide', changes });
const current = (state) => state.sweeps.get(sweepKey(state.settings));

test('a large store waits until the slider rests, and the figure is told it waits, not that it computes', async () => {
  const { calls, done } = setUp({ d: 256, n: 600 });
  try {
    assert.deepEqual(calls(), [['storeWaiting', 600]], 'during a drag nothing computes N = 600 yet');
    await until(() => calls().length > 1); // the slider has rested: the store is asked for
    assert.deepEqual(calls()[1], ['storePending', 600]);
  } finally {
    done();
  }
});

test('a quick store is asked for at once and said to compute; a cheap one is drawn at once', () => {
  const quick = setUp({ d: 256, n: 64 });
  try {
    assert.deepEqual(quick.calls(), [['storePending', 64]]);
  } finally {
    quick.done();
  }
  const cheap = setUp({ d: 256, n: 8 });
  try {
    assert.deepEqual(
      cheap.calls().map((c) => c[0]),
      ['store', 'store'],
      'nothing shown, then the store at N = 8 (computed before the first paint)',
    );
    assert.equal(cheap.calls()[1][1], 8);
  } finally {
    cheap.done();
  }
});

test('a settings slider that moves asks for no sweep until it rests, and the figure can say it waits', async () => {
  const { demo, asked, state, done } = setUp({ d: 16, n: 8 });
  try {
    await until(() => current(state())?.complete && state().capacity?.complete);
    asked.sweep.length = 0;
    // A drag of β through three values, one per frame.
    for (const beta of [16, 32, 64]) {
      slide(demo, { beta });
      assert.equal(state().resting, true, 'the sweep of the new β waits for the slider');
      await sleep(20);
    }
    assert.deepEqual(asked.sweep, [], 'no sweep is asked for while the slider moves');
    await until(() => !state().resting);
    assert.equal(state().resting, false);
    await until(() => current(state())?.complete);
    assert.ok(current(state())?.complete, 'the sweep of where the slider rested arrives');
    assert.deepEqual([...new Set(asked.sweep)], [64], 'only the β the slider rested at is swept');
  } finally {
    done();
  }
});

test('the end of a settings drag (its change event: rest) asks at once; settings held need no wait', async () => {
  const { demo, asked, state, done } = setUp({ d: 16, n: 8 });
  try {
    await until(() => current(state())?.complete && state().capacity?.complete);
    slide(demo, { gate: 0.9 });
    assert.equal(state().resting, true);
    asked.capacity.length = 0;
    demo.dispatch({ type: 'rest' });
    assert.equal(state().resting, false);
    await until(() => asked.capacity.length > 0 && current(state())?.complete);
    assert.ok(asked.capacity.includes(0.9), 'the capacity numbers of the new gate are asked for');
    // Back to the first settings: their sweep is held (cache of six sweeps), and it is not asked
    // for again.
    asked.sweep.length = 0;
    slide(demo, { gate: 1 });
    assert.ok(current(state())?.complete, 'the sweep of gate 1 is still held');
    assert.deepEqual(asked.sweep, []);
  } finally {
    done();
  }
});

test('a β slide asks for no large store while it moves, however long it holds a value; its rest asks at once', async () => {
  const { demo, asked, calls, done } = setUp({ d: 256, n: 600 });
  try {
    for (const beta of [16, 32, 64]) {
      slide(demo, { beta }); // each value held longer than the N slider's settle time
      await sleep(200);
    }
    assert.deepEqual(asked.store, [], 'no store computes while the settings slider moves');
    assert.deepEqual(calls(), [
      ['storeWaiting', 600],
      ['storeWaiting', 600],
    ]); // (for the N slider, then for the settings slider: said once)
    assert.equal(demo.getState().store.note.kind, 'settings');
    demo.dispatch({ type: 'rest' }); // the slider's change event
    assert.deepEqual(calls().at(-1), ['storePending', 600], 'the store of where it rested is asked for at once');
    await until(() => calls().at(-1)[0] === 'store');
    assert.deepEqual(asked.store, [{ n: 600, beta: 64 }], 'only the store of where the slider rested computes');
    assert.deepEqual(calls().at(-1), ['store', 600, '64', null]);
  } finally {
    done();
  }
});

test('back at the N of the store shown, no store of an N the slider left is asked for or shown', async () => {
  const { demo, asked, calls, done } = setUp({ d: 256, n: 64 });
  try {
    await until(() => calls().some((c) => c[0] === 'store'));
    demo.dispatch({ type: 'n', n: 600 }); // the drag passes a large N …
    demo.dispatch({ type: 'n', n: 64 }); // … and comes back before the slider rests
    await sleep(400);
    assert.deepEqual(asked.store, [{ n: 64, beta: 8 }], 'N = 600 is never asked for');
    assert.deepEqual(calls().at(-1), ['store', 64, '8', null], 'the store shown is N = 64, with no note');
  } finally {
    done();
  }
});
