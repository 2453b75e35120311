// The JavaScript API against the real WebAssembly module (wasm/index.mjs + build/wasm/).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLinattn } from '../../wasm/index.mjs';

const la = await createLinattn();

function close(got, expected, tol, what = '') {
  assert.equal(got.length, expected.length, `${what}: length`);
  for (let i = 0; i < expected.length; i++) {
    const err = Math.abs(got[i] - expected[i]) / Math.max(1, Math.abs(expected[i]));
    assert.ok(err <= tol, `${what}[${i}]: got ${got[i]}, expected ${expected[i]} (rel diff ${err})`);
  }
}

test('the worked example: S after each write and the four reads of the chapter', () => {
  const m = la.memory({ dk: 2, dv: 2 });
  try {
    assert.deepEqual([...m.write([1, 0], [3, 1])], [3, 1, 0, 0]);
    assert.deepEqual([...m.state()], [3, 1, 0, 0]);
    m.write([0, 1], [-2, 4]);
    assert.deepEqual([...m.state()], [3, 1, -2, 4]);
    assert.deepEqual([...m.read([1, 0])], [3, 1]);
    assert.deepEqual([...m.read([0, 1])], [-2, 4]);
    close(m.write(new Float64Array([0.8, 0.6]), [0, -5]), [0, -4, 0, -3], 1e-15, 'stamp 3');
    close(m.state(), [3, -3, -2, 1], 1e-15, 'S');
    close(m.read([1, 0]), [3, -3], 1e-15, 'k1 read');
    close(m.read([0.8, 0.6]), [1.2, -1.8], 1e-15, 'k3 read');
    const t = m.readTerms([1, 0]);
    close(t.coefficients, [1, 0, 0.8], 1e-15, 'coefficients');
    close(t.terms, [3, 1, 0, 0, 0, -4], 1e-15, 'terms');
    assert.equal(m.count, 3);
    assert.equal(m.dk, 2);
    m.reset();
    assert.equal(m.count, 0);
  } finally {
    m.delete();
  }
});

test('elu+1 features with the normalizer: z = sum phi(k), read divided by phi(q).z + 1e-6', () => {
  const m = la.memory({ dk: 2, dv: 2, featureMap: 'elu1', normalize: true });
  m.write([1, 0], [3, 1]);
  m.write([0, 1], [-2, 4]);
  close(m.normalizer(), [3, 3], 1e-15, 'z');
  close(m.features([1, 0]), [2, 1], 1e-15, 'phi');
  close(m.read([1, 0]), [7 / (9 + 1e-6), 21 / (9 + 1e-6)], 1e-15, 'read');
  m.delete();
});

test('the delta rule replaces the value stored under a key', () => {
  const m = la.memory({ dk: 2, dv: 2, rule: 'delta', beta: 1 });
  m.write([1, 0], [3, 1]);
  m.write([1, 0], [5, -2]);
  close(m.read([1, 0]), [5, -2], 1e-15, 'read');
  m.delete();
});

test('linear attention: parallel and recurrent forms agree to 1e-12; softmax rows are averages', () => {
  const T = 24,
    dk = 6,
    dv = 3;
  const x = la.randomNormals(11, T * (2 * dk + dv));
  const q = x.subarray(0, T * dk),
    k = x.subarray(T * dk, 2 * T * dk),
    v = x.subarray(2 * T * dk);
  const par = la.linearAttention({ q, k, v, T, dk, dv, form: 'parallel' });
  const rec = la.linearAttention({ q, k, v, T, dk, dv, form: 'recurrent' });
  close(par, rec, 1e-12, 'parallel vs recurrent');
  const sm = la.softmaxAttention({ q, k, v, T, dk, dv });
  close(sm.subarray(0, dv), v.subarray(0, dv), 1e-15, 'first row attends only to itself');
  // Every row t is the average of v_1..v_t weighted by exp(q_t . k_i / sqrt(dk)), computed here
  // independently of the core, and so lies between the smallest and largest of those values.
  for (let t = 0; t < T; t++) {
    const scores = [];
    for (let i = 0; i <= t; i++) {
      let dot = 0;
      for (let j = 0; j < dk; j++) dot += q[t * dk + j] * k[i * dk + j];
      scores.push(dot / Math.sqrt(dk));
    }
    const top = Math.max(...scores);
    const w = scores.map((x) => Math.exp(x - top));
    const total = w.reduce((a, b) => a + b, 0);
    const row = sm.subarray(t * dv, (t + 1) * dv);
    for (let j = 0; j < dv; j++) {
      const column = w.map((_, i) => v[i * dv + j]);
      const average = w.reduce((a, wi, i) => a + wi * column[i], 0) / total;
      close([row[j]], [average], 1e-12, `row ${t}, column ${j}`);
      assert.ok(row[j] >= Math.min(...column) - 1e-12 && row[j] <= Math.max(...column) + 1e-12, `row ${t}: an average`);
    }
  }
});

test("the generator gives the native build's numbers (same golden values as the doctest suite)", () => {
  const x = la.randomNormals(7, 6);
  // tests/core/rng.test.cpp holds the same six numbers as exact hex floats.
  const golden = [
    0.9643618527255183, -1.0637531974798473, -0.3039301238656567, -1.0989693210013467, 0.30479435832638674,
    1.7083194561947417,
  ];
  assert.deepEqual([...x], golden);
});

test('interference at d = 64: measured cosine within 0.02 of theory at N = 64 and 256', () => {
  const r = la.interferenceSweep({ d: 64, ns: [1, 64, 96, 256], trials: 16, seed: 1 });
  assert.ok(Math.abs(r.cosineMean[1] - r.theoryCosine[1]) < 0.02, `N=64: ${r.cosineMean[1]} vs ${r.theoryCosine[1]}`);
  assert.ok(Math.abs(r.cosineMean[3] - r.theoryCosine[3]) < 0.02, `N=256: ${r.cosineMean[3]} vs ${r.theoryCosine[3]}`);
  assert.ok(Math.abs(r.theoryCosine[1] - 0.7099) < 1e-4);
  assert.ok(Math.abs(r.theoryCosine[3] - 0.4479) < 1e-4);
  assert.equal(r.cosineMean[0], 1);
  close([r.missMean[2]], [1 - r.recallMean[2]], 1e-15, 'miss = 1 - recall');
  assert.equal(r.stateNumbers[3], 4096);
  assert.equal(r.cacheNumbers[3], 256 * 128);
  for (const key of [
    'cosineStd',
    'relErrorMean',
    'crosstalkMean',
    'softmaxCosineMean',
    'softmaxRecallMean',
    'theoryCrosstalk',
  ]) {
    assert.ok(r[key] instanceof Float64Array && r[key].length === 4, key);
  }
});

test('a sweep stream: trials as they come, then bit for bit the one-call sweep; refused settings throw at once', () => {
  const opts = { d: 16, ns: [1, 8, 16, 40, 64], trials: 6, seed: 4, keys: 'elu1', beta: 2 };
  const whole = la.interferenceSweep(opts);
  assert.equal(whole.trials, 6);
  const s = la.interferenceSweepStream(opts);
  assert.equal(s.trials, 6);
  assert.equal(s.trialsDone, 0);
  const first = s.next();
  assert.equal(first.trials, 1);
  assert.deepEqual([...first.cosineMean], [...la.interferenceSweep({ ...opts, trials: 1 }).cosineMean]);
  assert.deepEqual([...first.cosineStd], [0, 0, 0, 0, 0]);
  assert.equal(s.next(2).trials, 3);
  assert.equal(s.complete, false);
  const last = s.next(50);
  assert.equal(s.complete, true);
  assert.equal(last.trials, 6);
  for (const [key, value] of Object.entries(whole)) {
    if (value instanceof Float64Array) assert.deepEqual([...last[key]], [...value], key);
  }
  assert.equal(s.next().trials, 6, 'nothing more to run');
  assert.throws(() => s.next(0), /trials must be a whole number from 1/);
  assert.throws(() => s.next('2'), /trials must be a number/);
  s.delete();
  assert.equal(s.deleted, true);
  assert.throws(() => s.next(), /deleted/);
  assert.throws(() => la.interferenceSweepStream({ d: 512, nMax: 2048, trials: 256 }), /at most/);
  assert.throws(() => la.interferenceSweepStream({ d: 4, ns: [3, 2] }), /ascending/);
});

test('a store stream: short pieces, then bit for bit the one-call store; refused settings throw at once', () => {
  for (const opts of [
    { d: 24, n: 70, seed: 3, trial: 2, keys: 'random', beta: 5 },
    { d: 16, n: 33, seed: 9, keys: 'orthogonal', rule: 'delta', gate: 0.9, step: 0.7 },
    { d: 8, n: 1, keys: 'elu1' },
  ]) {
    const whole = la.interferenceStore(opts);
    const s = la.interferenceStoreStream(opts);
    assert.equal(s.complete, false);
    assert.equal(s.progress, 0);
    assert.ok(s.totalWork > 0);
    assert.throws(
      () => s.result(),
      (err) => err.field === 'result' && /not complete/.test(err.message),
    );
    let calls = 0;
    let progress = 0;
    // About a fiftieth of the store a call: never the whole of it at once (the reads come back 16
    // associations a piece, so a call does at least that much).
    while (!s.advance(s.totalWork / 50)) {
      assert.ok(s.progress >= progress && s.progress < 1, `progress ${s.progress}`);
      progress = s.progress;
      calls++;
    }
    assert.ok(calls >= Math.ceil(opts.n / 16) - 1, `${calls} calls`);
    assert.equal(s.complete, true);
    assert.equal(s.progress, 1);
    const r = s.result();
    assert.equal(r.n, whole.n);
    for (const [key, value] of Object.entries(whole)) {
      if (value instanceof Float64Array) assert.deepEqual([...r[key]], [...value], `${key} (exact)`);
    }
    assert.equal(s.advance(1), true, 'nothing more to do');
    s.delete();
    assert.equal(s.deleted, true);
    assert.throws(() => s.advance(1), /deleted/);
  }
  assert.throws(() => la.interferenceStoreStream({ d: 8, n: 2000 }), /n must be a whole number from 1 to 1024/);
  assert.throws(() => la.interferenceStoreStream({ d: 8, n: 4, rule: 'delta', step: 3 }), /step/);
  assert.throws(() => la.interferenceStoreStream({ d: 8, n: 4, extra: 1 }), /extra/);
  const s = la.interferenceStoreStream({ d: 4, n: 4 });
  assert.throws(() => s.advance(0), /work must be/);
  assert.throws(() => s.advance('1'), /work must be a number/);
  s.delete();
});

test('orthonormal keys: zero crosstalk up to N = d, then not', () => {
  const r = la.interferenceSweep({ d: 8, nMax: 12, trials: 2, keys: 'orthogonal' });
  for (let i = 0; i < 8; i++) assert.ok(r.crosstalkMean[i] < 1e-24, `N=${i + 1}: ${r.crosstalkMean[i]}`);
  assert.ok(r.crosstalkMean[8] > 1e-4);
});

test('softmax at high beta keeps recall where the linear store fails', () => {
  const r = la.interferenceSweep({ d: 16, ns: [64], trials: 4, beta: 50 });
  assert.ok(r.softmaxRecallMean[0] > 0.99, `softmax recall ${r.softmaxRecallMean[0]}`);
  assert.ok(r.recallMean[0] < 0.9, `linear recall ${r.recallMean[0]}`);
});

test("a store shares the sweep's keys: its per-association means equal the sweep's (1 trial)", () => {
  const s = la.interferenceStore({ d: 16, n: 24, seed: 9 });
  const r = la.interferenceSweep({ d: 16, ns: [24], trials: 1, seed: 9 });
  const mean = s.cosine.reduce((a, b) => a + b, 0) / 24;
  close([r.cosineMean[0]], [mean], 1e-12, 'cosine');
  assert.equal(s.keyOverlap.length, 24 * 24);
});

const llama3 = { layers: [{ kind: 'attention', count: 32, kvHeads: 8, headDim: 128 }], params: 8.03e9 };

test('KV calculator: Llama-3-8B 128 KiB per token; BigInt beyond 2^53 stays exact', () => {
  const r = la.kvMemory(llama3, { tokens: 8192 });
  assert.equal(r.kvBytesPerToken, 131072n);
  assert.equal(r.kvBytes, 131072n * 8192n);
  const big = la.kvMemory(
    { layers: [{ kind: 'attention', count: 126, kvHeads: 8, headDim: 128 }] },
    { tokens: 1e7, sessions: 1e6 },
  );
  assert.equal(big.kvBytes, 5160960000000000000n);
  const hybrid = la.kvMemory(
    {
      layers: [
        { kind: 'linear', count: 20, heads: 32, keyDim: 128, valueDim: 128 },
        { kind: 'mla', count: 7, latentDim: 576 },
      ],
    },
    { tokens: 1e6, stateDtype: 'fp32' },
  );
  assert.equal(hybrid.stateBytes, 41943040n);
  assert.equal(hybrid.kvBytes, 576n * 7n * 2n * 1000000n);
  const windowed = la.kvMemory(
    { layers: [{ kind: 'attention', count: 32, kvHeads: 8, headDim: 128, window: 4096 }] },
    { tokens: 1e6, kvDtype: 'int4' },
  );
  assert.equal(windowed.kvBytes, 32n * 8n * 128n * 4096n);
});

test('KV crossover and GPU capacity', () => {
  assert.equal(la.kvCrossover(llama3, { stateBytes: 131072 * 10 }), 11n);
  assert.equal(
    la.kvCrossover(
      { layers: [{ kind: 'attention', count: 1, kvHeads: 1, headDim: 1, window: 8 }] },
      { stateBytes: 1000n },
    ),
    -1n,
  );
  const c = la.kvCapacity({ ...llama3, params: 8e9 }, { tokens: 8192, sessions: 4, gpuBytes: 80e9 });
  assert.equal(c.weightBytes, 16000000000n);
  assert.equal(c.sessionsThatFit, 59n);
  assert.equal(c.longestContext, 122070n);
});

// Each bad call: [what, call, pattern the Error message must match]
const badCalls = [
  ['dk 0', () => la.memory({ dk: 0, dv: 2 }), /dk must be a whole number from 1 to 1024/],
  ['dk huge', () => la.memory({ dk: 1e9, dv: 2 }), /dk must be/],
  ['dv NaN', () => la.memory({ dk: 2, dv: NaN }), /dv must be/],
  ['dk string', () => la.memory({ dk: '2', dv: 2 }), /dk must be a number/],
  ['unknown option', () => la.memory({ dk: 2, dv: 2, colour: 1 }), /colour is not an option/],
  ['feature map', () => la.memory({ dk: 2, dv: 2, featureMap: 'relu' }), /featureMap must be/],
  ['rule', () => la.memory({ dk: 2, dv: 2, rule: 'erase' }), /rule must be/],
  ['beta 0', () => la.memory({ dk: 2, dv: 2, rule: 'delta', beta: 0 }), /beta must be/],
  ['sweep d', () => la.interferenceSweep({ d: -1, nMax: 4 }), /d must be/],
  ['sweep ns order', () => la.interferenceSweep({ d: 4, ns: [3, 2] }), /ascending/],
  ['sweep trials', () => la.interferenceSweep({ d: 4, nMax: 4, trials: 1e6 }), /trials must be/],
  ['sweep seed', () => la.interferenceSweep({ d: 4, nMax: 4, seed: 1.5 }), /seed must be/],
  ['sweep keys', () => la.interferenceSweep({ d: 4, nMax: 4, keys: '<script>' }), /keys must be/],
  ['sweep too much work', () => la.interferenceSweep({ d: 512, nMax: 2048, trials: 256 }), /at most/],
  ['sweep nMax', () => la.interferenceSweep({ d: 4, nMax: Infinity }), /nMax must be/],
  ['store n', () => la.interferenceStore({ d: 4, n: 0 }), /n must be/],
  ['attention T', () => la.softmaxAttention({ q: [], k: [], v: [], T: 0, dk: 1, dv: 1 }), /T must be/],
  ['attention lengths', () => la.softmaxAttention({ q: [1], k: [1], v: [1, 2], T: 1, dk: 1, dv: 1 }), /v must have 1/],
  [
    'attention form',
    () => la.linearAttention({ q: [1], k: [1], v: [1], T: 1, dk: 1, dv: 1, form: 'x' }),
    /form must be/,
  ],
  ['kv no layers', () => la.kvMemory({ layers: [] }, { tokens: 1 }), /model.layers must hold/],
  ['kv layers not array', () => la.kvMemory({ layers: 'x' }, { tokens: 1 }), /must be an array/],
  [
    'kv zero heads',
    () => la.kvMemory({ layers: [{ kind: 'attention', count: 1, kvHeads: 0, headDim: 1 }] }, { tokens: 1 }),
    /kvHeads must be/,
  ],
  [
    'kv negative dim',
    () => la.kvMemory({ layers: [{ kind: 'mla', count: 1, latentDim: -5 }] }, { tokens: 1 }),
    /latentDim must be/,
  ],
  ['kv kind', () => la.kvMemory({ layers: [{ kind: 'rnn', count: 1 }] }, { tokens: 1 }), /kind must be/],
  [
    'kv text field',
    () => la.kvMemory({ layers: [{ kind: 'attention', count: 'two', kvHeads: 1, headDim: 1 }] }, { tokens: 1 }),
    /count must be a number/,
  ],
  ['kv tokens', () => la.kvMemory(llama3, { tokens: -1 }), /tokens must be/],
  ['kv dtype', () => la.kvMemory(llama3, { tokens: 1, kvDtype: 'fp64' }), /kvDtype must be/],
  [
    'kv absurd',
    () =>
      la.kvMemory(
        { layers: [{ kind: 'attention', count: 10000, kvHeads: 4096, headDim: 65536 }] },
        { tokens: 1e10, sessions: 1e6, kvDtype: 'fp32' },
      ),
    /2\^63/,
  ],
  ['capacity gpu', () => la.kvCapacity(llama3, { tokens: 1, gpuBytes: -1 }), /gpuBytes must be/],
  ['crossover state', () => la.kvCrossover(llama3, { stateBytes: -1 }), /stateBytes/],
  ['normals count', () => la.randomNormals(1, -1), /count must be/],
];

test('every bad input throws an Error naming the argument, and the module stays usable', () => {
  const m = la.memory({ dk: 2, dv: 2 });
  const memoryBad = [
    ['short key', () => m.write([1], [1, 2]), /k must have 2 numbers \(got 1\)/],
    ['NaN value', () => m.write([1, 0], [NaN, 1]), /v\[0\] must be a finite number/],
    ['Infinity', () => m.read([Infinity, 0]), /q\[0\] must be/],
    ['huge', () => m.write([1e300, 0], [1, 1]), /k\[0\]/],
    ['string entry', () => m.write(['1', 0], [1, 1]), /k\[0\] must be a number/],
    ['not an array', () => m.read('12'), /q must be an array/],
    ['BigInt array', () => m.read(new BigInt64Array(2)), /BigInt/],
    ['undefined', () => m.write(undefined, [1, 1]), /k must be an array/],
  ];
  for (const [what, call, pattern] of [...badCalls, ...memoryBad]) {
    assert.throws(call, (e) => e instanceof Error && pattern.test(e.message), what);
  }
  assert.equal(m.count, 0, 'refused writes change nothing');
  m.write([1, 0], [3, 1]);
  assert.deepEqual([...m.read([1, 0])], [3, 1]);
  m.delete();
  assert.throws(() => m.read([1, 0]), /deleted/);
});

test('20,000 refused calls in a row do not exhaust the module', () => {
  const m = la.memory({ dk: 2, dv: 2 });
  for (let i = 0; i < 20000; i++) {
    try {
      m.write([NaN, 0], [1, 1]);
    } catch {
      /* expected */
    }
    try {
      la.kvMemory({ layers: [{ kind: 'x', count: 1 }] }, { tokens: 1 });
    } catch {
      /* expected */
    }
  }
  m.write([1, 0], [3, 1]);
  assert.deepEqual([...m.read([1, 0])], [3, 1]);
  m.delete();
});

test("compare and storageNumbers: the ledger demo's verdicts and receipts counter", () => {
  const c = la.compare([3, -3], [3, 1]);
  assert.equal(c.error, 4);
  assert.ok(Math.abs(la.compare([1, 0], [0.8, 0.6]).degrees - 36.86989764584402) < 1e-9);
  assert.deepEqual(la.storageNumbers({ dk: 2, dv: 2, n: 3 }), { cache: 12, state: 4 });
  assert.throws(() => la.compare([1, 2], [1]), /a must have 1 numbers/);
  assert.throws(() => la.storageNumbers({ dk: 0, dv: 2, n: 1 }), /dk must be/);
});

test('checkSweep refuses what interferenceSweep would refuse, at once', () => {
  assert.doesNotThrow(() => la.checkSweep({ d: 256, nMax: 1024, trials: 32 }));
  const t0 = performance.now();
  assert.throws(
    () => la.checkSweep({ d: 256, nMax: 1024, trials: 256 }),
    /trials \* N\^2 \* \(N \+ d\) must be at most/,
  );
  // The sweep refused would take minutes; a refusal under npm test's load takes well under 5 s.
  assert.ok(performance.now() - t0 < 5000, 'no sweep was computed');
  assert.throws(() => la.checkSweep({ d: 0, nMax: 4 }), /d must be/);
});

test('the delta rule refuses keys it would diverge on, and stays finite with unit keys', () => {
  const m = la.memory({ dk: 2, dv: 1, rule: 'delta' });
  assert.throws(
    () => m.write([1000, 1000], [1]),
    /beta \|phi\(k\)\|\^2 <= 2 \(got .*\): below 2 it converges, at 2 the state only stays bounded/,
  );
  assert.equal(m.count, 0);
  m.delete();
  const u = la.memory({ dk: 2, dv: 1, rule: 'delta', unitKeys: true });
  for (let i = 0; i < 200; i++) u.write([1000, 1000 - i], [1]);
  assert.ok(u.state().every(Number.isFinite));
  u.delete();
});
