// The overcapacity demo's work plan (web/src/demos/overcapacity/scheduler/core-work.js) against the real core, without
// a browser: which phases a sweep request runs, that every step is one the core accepts, and that
// the streamed full sweep ends exactly where one call of la.interferenceSweep does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLinattn } from '../../wasm/index.mjs';
import { DIMS } from '../../web/src/demos/overcapacity/sweep.js';
import {
  storeCost,
  storeIsCheap,
  storeIsQuick,
  sweepPhases,
  sweepResults,
  trialsPerStep,
} from '../../web/src/demos/overcapacity/scheduler/core-work.js';

const la = await createLinattn();

/** The largest trial count the core's budget allows at d (what the demo's trials field accepts). */
function maxTrials(d) {
  let t = 1;
  while (t < la.limits.maxSweepTrials) {
    try {
      la.checkSweep({ d, nMax: 4 * d, trials: t + 1 });
    } catch {
      break;
    }
    t += 1;
  }
  return t;
}

test('every phase of every sweep the demo can ask for is one the core accepts, full sweep last', () => {
  for (const d of DIMS) {
    for (const trials of [1, 2, 8, maxTrials(d)]) {
      const phases = sweepPhases({ d, trials, seed: 1, keys: 'random', beta: 8 }, d);
      const full = phases.at(-1);
      assert.equal(full.name, 'full', `d = ${d}, ${trials} trials: the full sweep comes last`);
      assert.equal(full.trials, trials);
      assert.ok(
        Number.isInteger(full.step) && full.step >= 1 && full.step <= trials && full.step <= la.limits.maxSweepTrials,
        `d = ${d}, ${trials} trials: step ${full.step}`,
      );
      for (const p of phases.slice(0, -1)) {
        assert.equal(p.name, 'preview');
        la.checkSweep({ d, ns: p.ns, trials: p.trials }); // throws if the core would refuse it
      }
    }
  }
  assert.equal(trialsPerStep(256), 1, 'd = 256: one trial per step (about a second each)');
  assert.ok(trialsPerStep(8) > 256, 'd = 8: a whole sweep in one step');
});

test('the streamed sweep posts one result per step, over ever more trials, ending bit for bit at interferenceSweep', () => {
  const params = { d: 32, trials: 5, seed: 7, keys: 'elu1', beta: 4 };
  const phases = [{ name: 'full', trials: 5, ns: null, step: 2 }];
  const results = [...sweepResults(la, params, phases)];
  assert.deepEqual(
    results.map((r) => r.trials),
    [2, 4, 5],
  );
  assert.deepEqual(
    results.map((r) => r.complete),
    [false, false, true],
  );
  const whole = la.interferenceSweep({ ...params, nMax: 128 });
  const last = results.at(-1);
  for (const [key, value] of Object.entries(whole)) {
    if (value instanceof Float64Array) assert.deepEqual([...last[key]], [...value], key);
  }
});

test("a sweep stopped between steps frees the core's stream", () => {
  const params = { d: 16, trials: 6, seed: 1, keys: 'random', beta: 8 };
  const phases = sweepPhases(params, 16);
  const heap = la.debug.heapBytesInUse();
  for (let i = 0; i < 50; i += 1) {
    const it = sweepResults(la, params, [{ name: 'full', trials: 6, ns: null, step: 1 }]);
    it.next();
    it.next();
    it.return(); // what the worker does when a newer request supersedes this one
  }
  assert.equal(la.debug.heapBytesInUse(), heap);
  assert.equal([...sweepResults(la, params, phases)].at(-1).trials, 6);
});

test('with a budget, each step reports the work it did: less than its budget when a trial ended it', () => {
  const params = { d: 16, trials: 3, seed: 2, keys: 'random', beta: 8 };
  const budget = { work: 2 ** 40, did: 0 }; // far more than a trial: every step ends at a trial's end
  const it = sweepResults(la, params, [{ name: 'full', trials: 3, ns: null, step: 1 }], budget);
  const stream = la.interferenceSweepStream({ ...params, nMax: 64 });
  assert.equal(stream.workDone, 0);
  stream.advance(2 ** 40, 1);
  const trialWork = stream.workDone; // one trial's cost
  stream.delete();
  for (let t = 1; t <= 3; t += 1) {
    const { value } = it.next();
    assert.equal(value.trials, t);
    assert.equal(budget.did, trialWork, `step ${t} did one trial's work, not its budget`);
  }
  assert.ok(trialWork > 0 && trialWork < 2 ** 40);
});

test("the page thread's next budget follows the rate of the work done, at most doubling", async () => {
  const { nextStepWork } = await import('../../web/src/demos/overcapacity/scheduler/runner.js');
  // A step given 4 M units that did them in 24 ms: half as much next time (12 ms).
  assert.equal(nextStepWork(4e6, 4e6, 24), 2e6);
  // A step that ended at a trial's end after 1 M of its 4 M units in 3 ms: the core ran at 1/3 M
  // units per ms, so 4 M next (12 ms); dividing the budget by the time would have said 16 M.
  assert.equal(nextStepWork(4e6, 1e6, 3), 4e6);
  // A fast step never more than doubles the budget; the bounds hold.
  assert.equal(nextStepWork(1e6, 1e6, 1), 2e6);
  assert.equal(nextStepWork(4096, 1, 100), 4096);
  assert.equal(nextStepWork(2 ** 30, 2 ** 30, 0), 2 ** 30);
});

test('the store stream reports the work done: progress × totalWork, all of it at the end', () => {
  const ss = la.interferenceStoreStream({ d: 32, n: 70, seed: 3 });
  let steps = 0;
  while (!ss.advance(ss.totalWork / 7)) {
    steps += 1;
    assert.ok(Math.abs(ss.workDone - ss.progress * ss.totalWork) <= 1e-9 * ss.totalWork);
  }
  assert.ok(steps >= 3, `several pieces (${steps})`);
  assert.ok(Math.abs(ss.workDone - ss.totalWork) <= 1e-9 * ss.totalWork, 'all the work');
  ss.delete();
});

// The runner without workers (node has no Worker: the main-thread fallback, one step per task).
const { createRunner } = await import('../../web/src/demos/overcapacity/scheduler/runner.js');

/** A runner whose events are recorded; until(fn) resolves once fn(events) holds. */
function recordedRunner() {
  const events = [];
  let check = null;
  const note = (e) => {
    events.push(e);
    check?.();
  };
  const runner = createRunner(la, {
    sweep: (id, result) => note({ type: 'sweep', id, trials: result.trials, complete: result.complete, result }),
    store: (id) => note({ type: 'store', id }),
    error: (id, kind, message) => note({ type: 'error', id, kind, message }),
    mode: (m) => note({ type: 'mode', mode: m }),
    paused: () => note({ type: 'paused' }),
  });
  const until = (fn, ms = 20000) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out: ${JSON.stringify(events.map((e) => e.type))}`)), ms);
      check = () => {
        if (fn(events)) {
          clearTimeout(timer);
          check = null;
          resolve();
        }
      };
      check();
    });
  return { runner, events, until };
}

const sweeps = (events, id) => events.filter((e) => e.type === 'sweep' && e.id === id);
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

test('pause() stops a sweep between steps and resume() goes on from the same trial to the same end', async () => {
  const params = { d: 16, trials: 5, seed: 3, keys: 'random', beta: 8 };
  const { runner, events, until } = recordedRunner();
  const id = runner.sweep(params, [{ name: 'full', trials: 5, ns: null, step: 1 }]);
  assert.equal(runner.mode, 'main', 'no Worker here: the main thread computes');
  await until((ev) => sweeps(ev, id).length >= 2);
  runner.pause();
  assert.equal(runner.paused, true);
  await until((ev) => ev.some((e) => e.type === 'paused'));
  const atPause = sweeps(events, id).length;
  for (let i = 0; i < 20; i += 1) await nextTask(); // twenty tasks: a running sweep would take a step in each
  assert.equal(sweeps(events, id).length, atPause, 'no step while paused');
  runner.resume();
  await until((ev) => sweeps(ev, id).some((e) => e.complete));
  assert.deepEqual(
    sweeps(events, id).map((e) => e.trials),
    [1, 2, 3, 4, 5],
    'one trial per step, none redone',
  );
  const whole = la.interferenceSweep({ ...params, nMax: 64 });
  assert.deepEqual([...sweeps(events, id).at(-1).result.cosineMean], [...whole.cosineMean]);
  runner.destroy();
});

test('paused with no sweep running, pause() says so at once; a sweep asked for meanwhile waits for resume()', async () => {
  const { runner, events, until } = recordedRunner();
  runner.pause();
  assert.equal(events.filter((e) => e.type === 'paused').length, 1);
  const id = runner.sweep({ d: 8, trials: 2, seed: 1, keys: 'random', beta: 8 }, [
    { name: 'full', trials: 2, ns: null, step: 1 },
  ]);
  for (let i = 0; i < 10; i += 1) await nextTask();
  assert.equal(sweeps(events, id).length, 0, 'not even a first step while paused');
  runner.resume();
  await until((ev) => sweeps(ev, id).some((e) => e.complete));
  runner.destroy();
});

test("a sweep superseded while paused frees the core's stream", async () => {
  const heap = la.debug.heapBytesInUse();
  const { runner, events, until } = recordedRunner();
  const phases = [{ name: 'full', trials: 6, ns: null, step: 1 }];
  const first = runner.sweep({ d: 16, trials: 6, seed: 1, keys: 'random', beta: 8 }, phases);
  await until((ev) => sweeps(ev, first).length >= 1);
  runner.pause();
  await until((ev) => ev.some((e) => e.type === 'paused'));
  const second = runner.sweep({ d: 16, trials: 6, seed: 2, keys: 'random', beta: 8 }, phases);
  for (let i = 0; i < 10; i += 1) await nextTask();
  runner.resume();
  await until((ev) => sweeps(ev, second).some((e) => e.complete));
  assert.ok(
    sweeps(events, first).every((e) => !e.complete),
    'the first sweep stopped for good',
  );
  runner.destroy();
  assert.equal(la.debug.heapBytesInUse(), heap);
});

test("a store's cost is the core's own (StoreStream's totalWork): the delta rule and a gate cost d² per association more", () => {
  for (const d of [16, 64, 256]) {
    for (const n of [1, 7, 32, 100]) {
      for (const rule of [
        { rule: 'add', gate: 1, step: 1 },
        { rule: 'add', gate: 0.9, step: 1 },
        { rule: 'delta', gate: 1, step: 1 },
      ]) {
        const stream = la.interferenceStoreStream({ d, n, seed: 1, trial: 0, keys: 'random', beta: 8, ...rule });
        const core = stream.totalWork;
        stream.delete();
        const page = storeCost(d, n, rule);
        // The page leaves out only drawing the keys (24 n d for random keys and their values) and
        // the n² of the reads.
        assert.ok(
          page <= core && core - page <= 24 * n * d + n * n,
          `d = ${d}, n = ${n}, ${rule.rule} (gate ${rule.gate}): page ${page}, core ${core}`,
        );
      }
    }
  }
});

test('a store is computed inside the frame only where it takes under a millisecond of WebAssembly', () => {
  const add = { rule: 'add', gate: 1, step: 1 };
  const delta = { rule: 'delta', gate: 1, step: 1 };
  // The plain rule: n² d at most 2^16 (N = 16 at d = 256, about 0.7 ms in Node's WebAssembly;
  // N = 32 took 1.9 ms and pushed a drag's frame past its 8 ms), 64 at d = 16.
  assert.ok(storeIsCheap(256, 16, add) && !storeIsCheap(256, 17, add));
  assert.ok(storeIsCheap(16, 64, add) && !storeIsCheap(16, 65, add));
  assert.ok(storeIsQuick(256, 128, add) && !storeIsQuick(256, 129, add));
  // The delta rule writes each association with a d × d correction (3 d² n more in the core's
  // cost): at d = 256 only N = 1 stays in the frame (N = 6 took 2.0 ms, N = 32 8 ms).
  assert.ok(storeIsCheap(256, 1, delta) && !storeIsCheap(256, 2, delta));
  assert.ok(storeIsCheap(16, 59, delta) && !storeIsCheap(16, 60, delta));
  assert.equal(storeIsCheap(256, 1, { rule: 'add', gate: 0.5, step: 1 }), true);
  assert.equal(storeIsCheap(256, 2, { rule: 'add', gate: 0.5, step: 1 }), false);
});
