// The overcapacity demo's store requests (web/src/demos/overcapacity/compute.js) against the real
// core, in Node (no workers: the page-thread path): when a store is computed at once, asked of a
// worker at once, or asked for only once the slider rests, and what the figure is told meanwhile.
// "Computing N = …" must be said only of a store that has been asked for.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLinattn } from '../../wasm/index.mjs';
import { createCompute } from '../../web/src/demos/overcapacity/compute.js';
import { DEFAULTS } from '../../web/src/demos/overcapacity/state.js';

const la = await createLinattn();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A compute for `state`, and what it told the figure of its stores (the names, with their numbers),
 *  in order. (In Node the runner also reports that it runs on the page thread: `mode`.) */
function setUp(state) {
  const calls = [];
  const on = new Proxy(
    {},
    {
      get:
        (_, name) =>
        (...args) => {
          if (String(name).startsWith('store')) calls.push([name, ...args.filter((a) => typeof a === 'number')]);
        },
    },
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
  const on = new Proxy(
    {},
    {
      get:
        (_, name) =>
        (...args) =>
          name === 'store' && shown.push({ n: args[0].n, pendingN: args[2] }),
    },
  );
  const jobs = createCompute(la, () => state, on);
  try {
    jobs.ensureStore(); // N = 64: asked for at once
    state.n = 600; // the drag goes on past what is asked for at once
    jobs.ensureStore();
    for (let i = 0; i < 100 && !shown.length; i += 1) await sleep(10);
    assert.deepEqual(shown[0], { n: 64, pendingN: 'rest' }, JSON.stringify(shown));
  } finally {
    jobs.destroy();
  }
});
