// The overcapacity demo's store requests (web/src/demos/overcapacity/compute.js) against the real
// core, in Node (no workers: the page-thread path): when a store is computed at once, asked of a
// worker at once, or asked for only once the slider rests, and what the figure is told meanwhile.
// "Computing N = …" must be said only of a store that has been asked for. The compute says what
// changed (changed('store')) and holds the store slice ({ shown, note }); `storeCalls` reads each
// change as the event it is: a store shown ('store', with the note on the one to come as
// `pending`), one asked for ('storePending', n) or one that waits for the slider ('storeWaiting', n).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLinattn } from '../../wasm/index.mjs';
import { createCompute } from '../../web/src/demos/overcapacity/compute.js';
import { DEFAULTS } from '../../web/src/demos/overcapacity/state.js';

const la = await createLinattn();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A changed(what) for createCompute that reads every change of the store slice as an event and
 * hands it to `note(name, result, label, pending)` (`pending`: the note on the store to come as
 * { n, waiting }, or null), and every other `what` to `other(what)`. `jobs()` is the compute.
 */
function storeCalls(jobs, note, other = () => {}) {
  let shown = null;
  return (what) => {
    if (what !== 'store') return other(what);
    const slice = jobs().store;
    const n = slice.note;
    if (slice.shown !== shown || !n) {
      shown = slice.shown;
      note('store', shown.result, shown.label, n && { n: n.n, waiting: n.kind !== 'pending' });
    } else note(n.kind === 'pending' ? 'storePending' : 'storeWaiting', n.n);
  };
}

/** A compute for `state`, and what it told the figure of its stores (the names, with their numbers),
 *  in order. (In Node the runner also reports that it runs on the page thread: `mode`.) */
function setUp(state) {
  const calls = [];
  const on = storeCalls(
    () => jobs,
    (name, ...args) => calls.push([name, ...args.filter((a) => typeof a === 'number')]),
  );
  const jobs = createCompute(la, () => state, on);
  return { jobs, calls, names: () => calls.map((c) => c[0]) };
}

test('a large store waits until the slider rests, and the figure is told it waits, not that it computes', async () => {
  const { jobs, calls, names } = setUp({ ...DEFAULTS, d: 256, n: 600 });
  try {
    jobs.ensureStore();
    assert.deepEqual(calls, [['storeWaiting', 600]], 'during a drag nothing computes N = 600 yet');
    await sleep(400); // the slider has rested: the store is asked for
    assert.ok(names().includes('storePending'), JSON.stringify(calls));
    assert.deepEqual(
      calls.find((c) => c[0] === 'storePending'),
      ['storePending', 600],
    );
  } finally {
    jobs.destroy();
  }
});

test('a quick store is asked for at once and said to compute; a cheap one is drawn at once', () => {
  const quick = setUp({ ...DEFAULTS, d: 256, n: 64 });
  try {
    quick.jobs.ensureStore();
    assert.deepEqual(quick.calls, [['storePending', 64]]);
  } finally {
    quick.jobs.destroy();
  }
  const cheap = setUp({ ...DEFAULTS, d: 256, n: 8 });
  try {
    cheap.jobs.ensureStore();
    assert.deepEqual(cheap.names(), ['store']);
  } finally {
    cheap.jobs.destroy();
  }
});

test('an older store that arrives while the slider moves on is shown with the note that the slider’s N waits', async () => {
  const state = { ...DEFAULTS, d: 256, n: 64 };
  const shown = [];
  const on = storeCalls(
    () => jobs,
    (name, ...args) => name === 'store' && shown.push({ n: args[0].n, pending: args[2] }),
  );
  const jobs = createCompute(la, () => state, on);
  try {
    jobs.ensureStore(); // N = 64: asked for at once
    state.n = 600; // the drag goes on past what is asked for at once
    jobs.ensureStore();
    await until(() => shown.length > 0, 60000); // an event awaited: a loaded machine may take seconds
    assert.deepEqual(shown[0], { n: 64, pending: { n: 600, waiting: true } }, JSON.stringify(shown));
  } finally {
    jobs.destroy();
  }
});

/** The core, with the β of every sweep call and the forget gate of every capacity call noted. */
function spiedCore() {
  const asked = { sweep: [], capacity: [] };
  const core = {}; // (the core's object is frozen: a Proxy of it may not return other functions)
  for (const name of Object.keys(la)) {
    const fn = la[name];
    core[name] =
      typeof fn !== 'function'
        ? fn
        : (...args) => {
            if (/^interferenceSweep/.test(name)) asked.sweep.push(args[0].beta);
            if (/^capacity/.test(name)) asked.capacity.push(args[0].gate ?? 1);
            return fn.apply(la, args);
          };
  }
  return { core, asked };
}
const until = async (test, ms = 5000) => {
  for (const t0 = Date.now(); !test() && Date.now() - t0 < ms; ) await sleep(20);
};

test('a settings slider that moves asks for no sweep until it rests, and the figure can say it waits', async () => {
  const { core, asked } = spiedCore();
  const state = { ...DEFAULTS, d: 16, n: 8 };
  let rested = 0;
  const jobs = createCompute(
    core,
    () => state,
    (what) => what === 'rested' && rested++,
  );
  try {
    jobs.ensureSweep();
    jobs.ensureCapacity();
    await until(() => jobs.current()?.complete);
    asked.sweep.length = 0;
    // A drag of β through three values, one per frame.
    for (const beta of [16, 32, 64]) {
      state.beta = beta;
      jobs.whenRested();
      assert.equal(jobs.waiting, true, 'the sweep of the new β waits for the slider');
      await sleep(20);
    }
    assert.deepEqual(asked.sweep, [], 'no sweep is asked for while the slider moves');
    await until(() => rested > 0);
    assert.equal(jobs.waiting, false);
    await until(() => jobs.current()?.complete);
    assert.ok(jobs.current()?.complete, 'the sweep of where the slider rested arrives');
    assert.deepEqual([...new Set(asked.sweep)], [64], 'only the β the slider rested at is swept');
  } finally {
    jobs.destroy();
  }
});

test('the end of a settings drag (its change event: rest()) asks at once; settings held need no wait', async () => {
  const { core, asked } = spiedCore();
  const state = { ...DEFAULTS, d: 16, n: 8 };
  const jobs = createCompute(
    core,
    () => state,
    () => {},
  );
  try {
    jobs.ensureSweep();
    jobs.ensureCapacity();
    await until(() => jobs.current()?.complete);
    state.gate = 0.9;
    jobs.whenRested();
    asked.capacity.length = 0;
    jobs.rest();
    assert.equal(jobs.waiting, false);
    await until(() => asked.capacity.length > 0 && jobs.current()?.complete);
    assert.ok(asked.capacity.includes(0.9), 'the capacity numbers of the new gate are asked for');
    // Back to the first settings: their sweep and capacity numbers are held (cache of six sweeps),
    // and the sweep is not asked for again.
    state.gate = 1;
    asked.sweep.length = 0;
    jobs.whenRested();
    assert.ok(jobs.current()?.complete, 'the sweep of gate 1 is still held');
    assert.deepEqual(asked.sweep, []);
  } finally {
    jobs.destroy();
  }
});

/** Every call the figure is told of its stores, with the N and β of each store shown. */
function storeSpy(state) {
  const calls = [];
  const on = storeCalls(
    () => jobs,
    (name, ...args) => {
      if (name === 'store') calls.push(['store', args[0].n, args[1].match(/\u03b2 = (\S+)/)?.[1], args[2]]);
      else calls.push([name, ...args.filter((a) => typeof a === 'number')]);
    },
  );
  const asked = [];
  const core = {};
  for (const name of Object.keys(la)) {
    const fn = la[name];
    core[name] =
      typeof fn !== 'function'
        ? fn
        : (...args) => {
            if (/^interferenceStore/.test(name)) asked.push({ n: args[0].n, beta: args[0].beta });
            return fn.apply(la, args);
          };
  }
  const jobs = createCompute(core, () => state, on);
  return { jobs, calls, asked };
}

test('a β slide asks for no large store while it moves, however long it holds a value; its rest asks at once', async () => {
  const state = { ...DEFAULTS, d: 256, n: 600 };
  const { jobs, calls, asked } = storeSpy(state);
  try {
    // Frames of a β drag (index.js: commit(sliding) → whenRested, then renderAll → ensureStore),
    // each value held longer than the N slider's settle time.
    for (const beta of [16, 32, 64]) {
      state.beta = beta;
      jobs.whenRested();
      jobs.ensureStore();
      await sleep(200);
    }
    assert.deepEqual(asked, [], 'no store computes while the settings slider moves');
    assert.deepEqual(calls, [['storeWaiting', 600]], 'the figure is told once that the store waits');
    jobs.rest(); // the slider's change event
    assert.deepEqual(calls.at(-1), ['storePending', 600], 'the store of where it rested is asked for at once');
    await until(() => calls.some((c) => c[0] === 'store'), 30000);
    assert.deepEqual(asked, [{ n: 600, beta: 64 }], 'only the store of where the slider rested computes');
    assert.deepEqual(calls.at(-1), ['store', 600, '64', null]);
  } finally {
    jobs.destroy();
  }
});

test('back at the N of the store shown, no store of an N the slider left is asked for or shown', async () => {
  const state = { ...DEFAULTS, d: 256, n: 64 };
  const { jobs, calls, asked } = storeSpy(state);
  try {
    jobs.ensureStore(); // quick: asked for at once
    await until(() => calls.some((c) => c[0] === 'store'));
    state.n = 600; // the drag passes a large N …
    jobs.ensureStore();
    state.n = 64; // … and comes back before the slider rests
    jobs.ensureStore();
    await sleep(400);
    assert.deepEqual(asked, [{ n: 64, beta: DEFAULTS.beta }], 'N = 600 is never asked for');
    assert.deepEqual(
      calls.at(-1),
      ['store', 64, String(DEFAULTS.beta), null],
      'the store shown is N = 64, with no note',
    );
  } finally {
    jobs.destroy();
  }
});
