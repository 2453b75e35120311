// Splitting sweeps and capacity calls over workers: the core's per-trial records for a
// range of trials, merged in any arrival order, give bit for bit the single-run result; the
// stream's short steps ( the page thread without workers) give the same numbers; the pool
// (web/src/demos/overcapacity/scheduler/pool.js) with in-process workers ends at the same numbers too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLinattn } from '../../wasm/index.mjs';
import { createPool } from '../../web/src/demos/overcapacity/scheduler/pool.js';
import {
  runPreview,
  runSweepTrials,
  runCapacityTrials,
  sweepPhases,
  capacityResults,
} from '../../web/src/demos/overcapacity/scheduler/core-work.js';

const la = await createLinattn();

/** Every Float64Array of `a` equals `b`'s bit for bit (Object.is: -0 and NaN included). */
function assertBitIdentical(a, b, what) {
  const keys = Object.keys(a).filter((k) => a[k] instanceof Float64Array);
  assert.ok(keys.length > 0, `${what}: has series`);
  for (const k of keys) {
    assert.ok(b[k] instanceof Float64Array, `${what}: ${k} is a Float64Array`);
    assert.equal(b[k].length, a[k].length, `${what}: ${k} length`);
    const x = new BigUint64Array(a[k].buffer, a[k].byteOffset, a[k].length);
    const y = new BigUint64Array(b[k].buffer, b[k].byteOffset, b[k].length);
    for (let i = 0; i < x.length; i++) {
      if (x[i] !== y[i]) assert.fail(`${what}: ${k}[${i}] ${a[k][i]} != ${b[k][i]}`);
    }
  }
}

/** Splits 0..trials-1 into ranges of the given sizes (the last takes the rest). */
function ranges(trials, sizes) {
  const out = [];
  let first = 0;
  for (const size of sizes) {
    if (first >= trials) break;
    const count = Math.min(size, trials - first);
    out.push({ first, count });
    first += count;
  }
  if (first < trials) out.push({ first, count: trials - first });
  return out;
}

const SWEEPS = [
  { d: 16, nMax: 64, trials: 7, seed: 3 },
  { d: 24, ns: [1, 5, 24, 60, 96], trials: 6, seed: 11, keys: 'elu1', beta: 4 },
  { d: 12, nMax: 48, trials: 5, seed: 2, keys: 'orthogonal', rule: 'delta', gate: 0.9, step: 0.7 },
];
const SPLITS = [[1], [2], [3, 1], [4], [1, 1, 5]];

test('sweep: merged from ranges of trials in any order == one run, bit for bit, at several splits', () => {
  for (const opts of SWEEPS) {
    const whole = la.interferenceSweep(opts);
    for (const split of SPLITS) {
      const parts = ranges(opts.trials, split).map((r) => la.interferenceSweepTrials(opts, r));
      const label = `${JSON.stringify(opts)} split ${JSON.stringify(split)}`;
      assertBitIdentical(whole, la.mergeSweepTrials(opts, parts), label);
      assertBitIdentical(whole, la.mergeSweepTrials(opts, [...parts].reverse()), `${label}, reversed`);
      assert.equal(la.mergeSweepTrials(opts, parts).trials, opts.trials);
    }
  }
});

test('sweep: a partial merge is the mean over exactly the trials that arrived', () => {
  const opts = SWEEPS[0];
  const part = la.interferenceSweepTrials(opts, { first: 0, count: 3 });
  const partial = la.mergeSweepTrials(opts, [part]);
  assert.equal(partial.trials, 3);
  assertBitIdentical(la.interferenceSweep({ ...opts, trials: 3 }), partial, 'first three trials');
  assert.equal(part.records.length, 3 * 64 * 7, 'count x ns x 7 fields');
  const none = la.mergeSweepTrials(opts, []);
  assert.equal(none.trials, 0);
  assert.equal(none.cosineMean.length, 0);
});

test("sweep stream: short steps (advance) give one run's numbers bit for bit", () => {
  for (const opts of SWEEPS) {
    const whole = la.interferenceSweep(opts);
    for (const work of [1, 500, 20000]) {
      const stream = la.interferenceSweepStream(opts);
      let finished = 0;
      let calls = 0;
      while (!stream.complete) {
        const got = stream.advance(work);
        assert.ok(got >= 0 && Number.isInteger(got));
        finished += got;
        calls += 1;
        assert.equal(stream.result().trials, finished, 'a half-done trial is not in the result');
      }
      assert.equal(finished, opts.trials);
      if (work === 1) assert.ok(calls > opts.trials * 10, `work 1: one association per call (${calls} calls)`);
      assertBitIdentical(whole, stream.result(), `${JSON.stringify(opts)} work ${work}`);
      stream.delete();
    }
  }
  // advance() then next(): next finishes the half-done trial first.
  const opts = SWEEPS[0];
  const stream = la.interferenceSweepStream(opts);
  assert.equal(stream.advance(100), 0);
  assert.equal(stream.next(2).trials, 2);
  while (!stream.complete) stream.next(3);
  assertBitIdentical(la.interferenceSweep(opts), stream.result(), 'advance then next');
  assert.ok(stream.trialWork === 64 * 64 * (64 + 16));
  stream.delete();
});

test('capacity: merged from ranges of trials in any order == one call, bit for bit', () => {
  const cases = [
    { dims: [8, 32], trials: 5 },
    { dims: [16], keys: 'orthogonal', level: 1, trials: 4 },
    { dims: [8, 12], keys: 'elu1', measure: 'recall', level: 0.8, trials: 6, rule: 'delta', gate: 0.95 },
  ];
  for (const opts of cases) {
    const whole = la.capacity(opts);
    assert.equal(whole.trials, opts.trials);
    for (const split of SPLITS) {
      const parts = ranges(opts.trials, split).map((r) => la.capacityTrials(opts, r));
      assert.equal(parts[0].capacities.length, parts[0].count * opts.dims.length);
      const label = `${JSON.stringify(opts)} split ${JSON.stringify(split)}`;
      assertBitIdentical(whole, la.mergeCapacityTrials(opts, parts), label);
      assertBitIdentical(whole, la.mergeCapacityTrials(opts, [...parts].reverse()), `${label}, reversed`);
    }
  }
});

test('merges refuse what no worker sends: overlaps, ranges outside the trials, wrong lengths, impossible values', () => {
  const opts = SWEEPS[0];
  const a = la.interferenceSweepTrials(opts, { first: 0, count: 2 });
  const refuses = (fn, field, message) =>
    assert.throws(fn, (err) => {
      assert.equal(err.name, field === 'type' ? 'LinattnTypeError' : 'LinattnError', err.message);
      if (field !== 'type') assert.equal(err.field, field);
      assert.match(err.message, message);
      return true;
    });
  refuses(() => la.mergeSweepTrials(opts, [a, a]), 'parts[1].first', /repeats trial 0/);
  refuses(() => la.mergeSweepTrials(opts, [{ ...a, first: 6 }]), 'parts[0].count', /first \+ count must be at most/);
  refuses(() => la.mergeSweepTrials(opts, [{ ...a, first: -1 }]), 'parts[0].first', /whole number/);
  refuses(() => la.mergeSweepTrials(opts, [{ ...a, count: 1.5 }]), 'parts[0].count', /whole number/);
  refuses(() => la.mergeSweepTrials(opts, [{ ...a, records: a.records.slice(1) }]), 'parts[0].records', /must hold/);
  const bad = a.records.slice();
  bad[3] = 2; // a recall of 2
  refuses(() => la.mergeSweepTrials(opts, [{ ...a, records: bad }]), 'parts[0].records', /records\[3\] = 2 .*recall/);
  bad[3] = Number.NaN;
  refuses(() => la.mergeSweepTrials(opts, [{ ...a, records: bad }]), 'parts[0].records', /recall/);
  refuses(() => la.mergeSweepTrials(opts, 'parts'), 'type', /parts must be an array/);
  refuses(() => la.mergeSweepTrials(opts, [{ ...a, extra: 1 }]), 'type', /not an option/);
  refuses(() => la.mergeSweepTrials(opts, [{ first: 0, count: 1 }]), 'type', /records must be/);
  refuses(() => la.interferenceSweepTrials(opts, { first: 0, count: 8 }), 'count', /from 1 to 7/);
  refuses(() => la.interferenceSweepTrials(opts, { first: 7, count: 1 }), 'first', /whole number from 0 to 6/);
  refuses(() => la.interferenceSweepTrials({ ...opts, d: 0 }, { first: 0, count: 1 }), 'd', /whole number/);
  const c = { dims: [8], trials: 3 };
  const p = la.capacityTrials(c, { first: 0, count: 3 });
  refuses(() => la.mergeCapacityTrials(c, [{ ...p, capacities: [1, 2, 33] }]), 'parts[0].capacities[2]', /0 to 32/);
  refuses(() => la.mergeCapacityTrials(c, [{ ...p, capacities: [1, 2.5, 3] }]), 'parts[0].capacities[1]', /whole/);
  refuses(() => la.mergeCapacityTrials(c, [p, p]), 'parts[1].first', /repeats/);
  const stream = la.interferenceSweepStream(opts);
  refuses(() => stream.advance(0), 'work', /work/);
  refuses(() => stream.advance(Number.NaN), 'work', /work/);
  refuses(() => stream.advance(10, 0), 'trials', /trials/);
  stream.delete();
});

// ---- the pool, with in-process workers --------------------------------------------------------
/** A stand-in for worker.js: answers each message after a random delay (so pieces arrive out of
 *  order), with the real core, through the same core-work.js functions. */
function fakeWorker(random) {
  const listeners = { message: [], error: [] };
  let alive = true;
  const emit = (data) => {
    if (alive) for (const fn of listeners.message) fn({ data });
  };
  setTimeout(() => emit({ type: 'ready' }), 0);
  return {
    addEventListener: (type, fn) => listeners[type].push(fn),
    terminate: () => {
      alive = false;
    },
    postMessage(m) {
      setTimeout(
        () => {
          const copy = structuredClone(m);
          if (copy.type === 'preview')
            emit({ type: 'sweep', id: copy.id, result: runPreview(la, copy.params, copy.phase) });
          if (copy.type === 'trials') {
            const part = runSweepTrials(la, copy.params, copy.phase, copy.first, copy.count);
            emit({ type: 'trials', id: copy.id, part: structuredClone(part) });
          }
          if (copy.type === 'capacity') {
            emit({
              type: 'capacity',
              id: copy.id,
              part: structuredClone(runCapacityTrials(la, copy.opts, copy.first, copy.count)),
            });
          }
        },
        Math.floor(random() * 8),
      );
    },
  };
}

function seeded(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function runPool(size, seed, job) {
  return new Promise((resolve, reject) => {
    const random = seeded(seed);
    const sweeps = [];
    const capacity = [];
    const pool = createPool(
      la,
      { size, spawn: () => fakeWorker(random) },
      {
        sweep: (_id, result) => {
          sweeps.push(result);
          if (result.complete && !job.capacity) resolve({ sweeps, pool });
        },
        capacity: (_id, result, done) => {
          if (result) capacity.push(result);
          if (done) resolve({ sweeps, capacity, pool });
        },
        error: (_id, kind, message) => reject(new Error(`${kind}: ${message}`)),
        paused: () => {},
        unavailable: () => reject(new Error('unavailable')),
      },
    );
    assert.equal(pool.start(), true);
    if (job.capacity) pool.capacity({ id: 1, params: job.capacity });
    else pool.sweep({ id: 1, params: job.params, phases: job.phases });
  }).then((r) => {
    r.pool.destroy();
    return r;
  });
}

test('the pool: 1, 2, 3 and 5 workers end at the single-run sweep bit for bit, streaming as trials arrive', async () => {
  const params = { d: 16, trials: 9, seed: 5, keys: 'random', beta: 8 };
  const phases = [{ name: 'preview', trials: 1, ns: [1, 8, 32, 64] }, ...sweepPhases(params, 8)];
  const whole = la.interferenceSweep({ ...params, nMax: 64 });
  for (const size of [1, 2, 3, 5]) {
    const { sweeps } = await runPool(size, size * 7 + 1, { params, phases });
    const last = sweeps.at(-1);
    assert.equal(last.complete, true);
    assert.equal(last.trials, 9);
    assertBitIdentical(whole, last, `${size} workers`);
    const full = sweeps.filter((r) => r.phase === 'full');
    assert.ok(full.length >= Math.min(size, 2), `${size} workers: partial results shown (${full.length})`);
    assert.deepEqual(
      full.map((r) => r.trials),
      [...full.map((r) => r.trials)].sort((a, b) => a - b),
      'ever more trials',
    );
  }
});

test('the pool: capacity calls split over 3 workers give the panel the one-thread numbers', async () => {
  const params = { measure: 'cosine', level: 0.9, trials: 3, seed: 1, rule: 'add', gate: 1, step: 1 };
  const expected = [...capacityResults(la, params)];
  const { capacity } = await runPool(3, 99, { capacity: params });
  assert.deepEqual(capacity, expected);
  const byTrial = [...capacityResults(la, params, true)].filter(Boolean);
  assert.deepEqual(byTrial, expected, 'the page thread, one trial per step');
});
