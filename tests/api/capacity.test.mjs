// Capacity and the update rules through the JavaScript API: la.capacity, and the update rules (rule, gate,
// step) of the sweep and the store. Tolerances are stated in each test's name or comment.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLinattn } from '../../wasm/index.mjs';

const la = await createLinattn();

test('additive random keys at tau = 0.9: capacity within 15% of 1 + 0.2346 d at d = 64 and 256', () => {
  const r = la.capacity({ dims: [64, 256], keys: 'random', measure: 'cosine', level: 0.9, trials: 16, seed: 1 });
  for (const key of ['dims', 'capacityMean', 'capacityStd', 'theory', 'nMax', 'capped']) {
    assert.ok(r[key] instanceof Float64Array && r[key].length === 2, key);
  }
  assert.deepEqual([...r.dims], [64, 256]);
  for (let i = 0; i < 2; i++) {
    const d = r.dims[i];
    const line = 1 + 0.2346 * d;
    assert.ok(Math.abs(r.capacityMean[i] / line - 1) < 0.15, `d = ${d}: ${r.capacityMean[i]} vs ${line}`);
    assert.ok(Math.abs(r.theory[i] - (1 + d * (1 / 0.81 - 1))) < 1e-9, `theory at d = ${d}`);
    assert.ok(r.capacityStd[i] > 0);
    assert.equal(r.capped[i], 0);
  }
});

test('orthonormal keys: exact read-back (cosine, level 1) holds for exactly N = d', () => {
  const r = la.capacity({ dims: [8, 32, 100], keys: 'orthogonal', measure: 'cosine', level: 1, trials: 3 });
  assert.deepEqual([...r.capacityMean], [8, 32, 100]);
  assert.deepEqual([...r.capacityStd], [0, 0, 0]);
  assert.deepEqual([...r.theory], [8, 32, 100]);
  // Top-1 recall is looser than exact read-back: it survives past d (no closed form: NaN).
  const t = la.capacity({ dims: [16], keys: 'orthogonal', measure: 'recall', level: 1, trials: 3 });
  assert.ok(t.capacityMean[0] >= 16);
  assert.ok(Number.isNaN(t.theory[0]));
});

test('delta rule, step 1: the newest association reads back exactly (cosine 1 to 1e-9) for any N', () => {
  for (const n of [1, 5, 40, 200, 1024]) {
    for (const keys of ['random', 'orthogonal', 'elu1']) {
      const s = la.interferenceStore({ d: 24, n, keys, rule: 'delta', step: 1, seed: 2 });
      assert.ok(Math.abs(s.ageCosine[0] - 1) < 1e-9, `${keys} N = ${n}: ${s.ageCosine[0]}`);
      assert.equal(s.ageRecalled[0], 1);
      assert.equal(s.ageCosine.length, n);
    }
  }
});

test('gate = 1 reproduces the ungated sweep, store and capacity bit for bit', () => {
  const opts = { d: 12, ns: [1, 6, 20], trials: 3, seed: 8, keys: 'elu1', beta: 3 };
  const a = la.interferenceSweep(opts);
  const b = la.interferenceSweep({ ...opts, rule: 'add', gate: 1, step: 1 });
  for (const [key, value] of Object.entries(a)) {
    if (value instanceof Float64Array) assert.deepEqual([...b[key]], [...value], key);
  }
  const s0 = la.interferenceStore({ d: 12, n: 20, seed: 8 });
  const s1 = la.interferenceStore({ d: 12, n: 20, seed: 8, gate: 1 });
  assert.deepEqual([...s1.cosine], [...s0.cosine]);
  const c0 = la.capacity({ dims: [8, 16], rule: 'delta', trials: 4 });
  const c1 = la.capacity({ dims: [8, 16], rule: 'delta', gate: 1, trials: 4 });
  assert.deepEqual([...c1.capacityMean], [...c0.capacityMean]);
});

test('orthonormal keys, gated additive rule: association i after m later writes reads alpha^m v_i (norm to 1e-12)', () => {
  const d = 20;
  for (const gate of [0.9, 0.5]) {
    const s = la.interferenceStore({ d, n: d, keys: 'orthogonal', rule: 'add', gate, seed: 4 });
    for (let m = 0; m < d; m++) {
      assert.ok(Math.abs(s.ageNorm[m] - gate ** m) < 1e-12, `gate ${gate}, m = ${m}: |read| ${s.ageNorm[m]}`);
      if (gate ** m > 1e-3) assert.ok(Math.abs(s.ageCosine[m] - 1) < 1e-12, `m = ${m}: cosine ${s.ageCosine[m]}`);
    }
  }
});

test('recall by age is the per-association result read from the newest write back', () => {
  const s = la.interferenceStore({ d: 8, n: 30, seed: 3, rule: 'delta', gate: 0.9, step: 0.8 });
  assert.deepEqual([...s.ageCosine], [...s.cosine].reverse());
  assert.deepEqual([...s.ageRecalled], [...s.recalled].reverse());
  assert.deepEqual([...s.ageNorm], [...s.norm].reverse());
});

// Computed by the native build (tests/core/update_rules.test.cpp holds the same numbers): the
// WebAssembly module must give exactly these.
test("the same seed gives the native build's numbers bit for bit (delta sweep, gated store, capacity)", () => {
  const r = la.interferenceSweep({ d: 16, ns: [1, 7, 24], trials: 3, seed: 5, rule: 'delta', gate: 0.9, step: 0.75 });
  assert.deepEqual([...r.cosineMean], GOLDEN.sweepCosine);
  assert.deepEqual([...r.recallMean], GOLDEN.sweepRecall);
  assert.deepEqual([...r.crosstalkMean], GOLDEN.sweepCrosstalk);
  const s = la.interferenceStore({ d: 16, n: 24, seed: 5, trial: 1, keys: 'random', rule: 'add', gate: 0.8 });
  assert.deepEqual(
    [0, 1, 5, 23].map((m) => s.ageCosine[m]),
    GOLDEN.storeAgeCosine,
  );
  const c = la.capacity({ dims: [8, 24], rule: 'delta', gate: 0.95, step: 1.5, level: 0.8, trials: 5, seed: 3 });
  assert.deepEqual([...c.capacityMean, ...c.capacityStd], GOLDEN.capacity);
});

test('capacity: determinism by (seed, trial), validation without compute, and refusals', () => {
  const a = la.capacity({ dims: [16], keys: 'elu1', level: 0.5, trials: 4, seed: 6 });
  const b = la.capacity({ dims: [16], keys: 'elu1', level: 0.5, trials: 4, seed: 6 });
  assert.deepEqual([...a.capacityMean], [...b.capacityMean]);
  assert.equal(la.checkCapacity({ dims: [8, 256], trials: 8 }), undefined);
  assert.throws(() => la.checkCapacity({ dims: [512, 512], trials: 256, nMax: 2048 }), /trials \* sum over dims/);
  assert.throws(() => la.capacity({ dims: [] }), /dims must hold/);
  assert.throws(() => la.capacity({ dims: [8], measure: 'top5' }), /measure must be/);
  assert.throws(() => la.capacity({ dims: [8], level: 0 }), /level must be/);
  assert.throws(() => la.capacity({ dims: [8], rule: 'delta', step: 3 }), /step must be/);
  assert.throws(() => la.capacity({ dims: [8], gate: 0 }), /gate must be/);
  assert.throws(() => la.capacity({ dims: [8], beta: 2 }), /capacity options.beta is not an option/);
  assert.throws(() => la.capacity({ dims: '8' }), TypeError);
  assert.throws(() => la.interferenceSweep({ d: 8, nMax: 4, rule: 'hebb' }), /rule must be 'add' or 'delta'/);
  assert.throws(() => la.checkSweep({ d: 8, nMax: 4, gate: 1.5 }), /gate must be/);
  assert.throws(() => la.interferenceStore({ d: 8, n: 4, step: '1' }), /step must be a number/);
  // Every refusal names its field, the ones checked past the range check too (0 for gate, step, level).
  const named = [
    [{ dims: [] }, 'dims'],
    [{ dims: [8], measure: 'top5' }, 'measure'],
    [{ dims: [8], level: 0 }, 'level'],
    [{ dims: [8], gate: 0 }, 'gate'],
    [{ dims: [8], rule: 'delta', step: 0 }, 'step'],
    [{ dims: [8], rule: 'hebb' }, 'rule'],
  ];
  for (const [opts, field] of named)
    assert.throws(
      () => la.capacity(opts),
      (e) => e.field === field,
      field,
    );
  assert.equal(la.limits.maxCapacityDims, 64);
});

const GOLDEN = {
  sweepCosine: [1, 0.83663950086755368, 0.41209459545362193],
  sweepRecall: [1, 1, 0.40277777777777773],
  sweepCrosstalk: [5.4871170730365935e-33, 0.34775975800672265, 6.9088030272632777],
  storeAgeCosine: [0.93927132817653591, 0.88116744183263251, 0.59167420806507343, -0.33630695016642009],
  capacity: [3.3999999999999999, 9, 0.89442719099991586, 3.4641016151377544],
};
