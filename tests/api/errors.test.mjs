// Structured errors: every entry point refuses bad input with a LinattnError (a RangeError: a bad
// value) or a LinattnTypeError (a TypeError: a wrong type) whose `field` names the argument, so a
// caller can point at the right input without reading the message.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLinattn, LinattnError, LinattnTypeError } from '../../wasm/index.mjs';

const la = await createLinattn();
const llama3 = { layers: [{ kind: 'attention', count: 32, kvHeads: 8, headDim: 128 }], params: 8e9 };
const hybrid = {
  layers: [
    { kind: 'attention', count: 4, kvHeads: 8, headDim: 128 },
    { kind: 'mla', count: 2, latentDim: 576 },
    { kind: 'linear', count: 20, heads: 32, keyDim: 128, valueDim: 128 },
  ],
};
const seq = { q: [1, 0], k: [0, 1], v: [1], T: 1, dk: 2, dv: 1 };

// [what, call, class, field, the message (word for word, or a pattern)]
const refusals = [
  // la.memory and its methods
  [
    'memory dk',
    () => la.memory({ dk: 0, dv: 2 }),
    LinattnError,
    'dk',
    'dk must be a whole number from 1 to 1024 (got 0)',
  ],
  ['memory dv', () => la.memory({ dk: 2, dv: 2.5 }), LinattnError, 'dv', /^dv must be a whole number/],
  [
    'memory featureMap',
    () => la.memory({ dk: 2, dv: 2, featureMap: 'relu' }),
    LinattnError,
    'featureMap',
    /^featureMap must be 'identity' or 'elu1'/,
  ],
  [
    'memory rule',
    () => la.memory({ dk: 2, dv: 2, rule: 'erase' }),
    LinattnError,
    'rule',
    "rule must be 'add' or 'delta' (got 'erase')",
  ],
  ['memory beta', () => la.memory({ dk: 2, dv: 2, beta: 3 }), LinattnError, 'beta', /^beta must be/],
  ['memory dk type', () => la.memory({ dk: '2', dv: 2 }), LinattnTypeError, 'dk', 'dk must be a number (got string)'],
  ['memory dv missing', () => la.memory({ dk: 2 }), LinattnTypeError, 'dv', 'dv is required'],
  [
    'memory unknown option',
    () => la.memory({ dk: 2, dv: 2, colour: 1 }),
    LinattnTypeError,
    'colour',
    /colour is not an option/,
  ],
  ['memory options type', () => la.memory(7), LinattnTypeError, null, 'memory options must be an object'],
  // attention
  [
    'softmax T',
    () => la.softmaxAttention({ ...seq, T: 0 }),
    LinattnError,
    'T',
    /^T must be a whole number from 1 to 4096/,
  ],
  [
    'softmax v length',
    () => la.softmaxAttention({ ...seq, v: [1, 2] }),
    LinattnError,
    'v',
    'v must have 1 numbers (got 2)',
  ],
  [
    'softmax q entry',
    () => la.softmaxAttention({ ...seq, q: [1, NaN] }),
    LinattnError,
    'q[1]',
    /^q\[1\] must be a finite number/,
  ],
  [
    'softmax k entry type',
    () => la.softmaxAttention({ ...seq, k: [1, '0'] }),
    LinattnTypeError,
    'k[1]',
    'k[1] must be a number (got string)',
  ],
  [
    'softmax work',
    () => la.softmaxAttention({ q: [], k: [], v: [], T: 4096, dk: 4, dv: 4 }),
    LinattnError,
    'T',
    /^T\*T\*\(dk\+dv\) must be at most/,
  ],
  [
    'linear form',
    () => la.linearAttention({ ...seq, form: 'chunked' }),
    LinattnError,
    'form',
    /^form must be 'parallel' or 'recurrent'/,
  ],
  [
    'linear featureMap',
    () => la.linearAttention({ ...seq, featureMap: 'x' }),
    LinattnError,
    'featureMap',
    /^featureMap must be/,
  ],
  [
    'linear normalize type',
    () => la.linearAttention({ ...seq, normalize: 1 }),
    LinattnTypeError,
    'normalize',
    'normalize must be true or false (got number)',
  ],
  [
    'linear denominator',
    () => la.linearAttention({ q: [-1e-6, 0], k: [1, 0], v: [1], T: 1, dk: 2, dv: 1, featureMap: 'identity' }),
    LinattnError,
    'q',
    /^cannot normalize/,
  ],
  // sweeps and stores
  [
    'sweep d',
    () => la.interferenceSweep({ d: 0, nMax: 4 }),
    LinattnError,
    'd',
    /^d must be a whole number from 1 to 512/,
  ],
  [
    'sweep trials',
    () => la.interferenceSweep({ d: 4, nMax: 4, trials: 1e6 }),
    LinattnError,
    'trials',
    /^trials must be/,
  ],
  ['sweep seed', () => la.interferenceSweep({ d: 4, nMax: 4, seed: 1.5 }), LinattnError, 'seed', /^seed must be/],
  ['sweep ns entry', () => la.interferenceSweep({ d: 4, ns: [1, 0] }), LinattnError, 'ns[1]', /^ns\[1\] must be/],
  ['sweep nMax', () => la.interferenceSweep({ d: 4, nMax: Infinity }), LinattnError, 'nMax', /^nMax must be/],
  ['sweep ns type', () => la.interferenceSweep({ d: 4, ns: 'all' }), LinattnTypeError, 'ns', /^ns must be an array/],
  [
    'sweep stream beta',
    () => la.interferenceSweepStream({ d: 4, nMax: 4, beta: -1 }),
    LinattnError,
    'beta',
    /^beta must be/,
  ],
  ['checkSweep d', () => la.checkSweep({ d: 1e4, nMax: 4 }), LinattnError, 'd', /^d must be/],
  [
    'store n',
    () => la.interferenceStore({ d: 4, n: 0 }),
    LinattnError,
    'n',
    /^n must be a whole number from 1 to 1024/,
  ],
  ['store trial', () => la.interferenceStore({ d: 4, n: 4, trial: -1 }), LinattnError, 'trial', /^trial must be/],
  // the KV calculator
  [
    'kv tokens',
    () => la.kvMemory(llama3, { tokens: -1 }),
    LinattnError,
    'tokens',
    'tokens must be a whole number from 0 to 10000000000 (got -1)',
  ],
  ['kv sessions', () => la.kvMemory(llama3, { tokens: 1, sessions: 0 }), LinattnError, 'sessions', /^sessions must be/],
  [
    'kv kvDtype',
    () => la.kvMemory(llama3, { tokens: 1, kvDtype: 'fp64' }),
    LinattnError,
    'kvDtype',
    /^kvDtype must be one of/,
  ],
  [
    'kv stateDtype',
    () => la.kvMemory(llama3, { tokens: 1, stateDtype: 'x' }),
    LinattnError,
    'stateDtype',
    /^stateDtype must be one of/,
  ],
  [
    'kv layer heads',
    () => la.kvMemory({ layers: [...hybrid.layers.slice(0, 2), { ...hybrid.layers[2], heads: 0 }] }, { tokens: 1 }),
    LinattnError,
    'model.layers[2].heads',
    'model.layers[2].heads must be a whole number from 1 to 4096 (got 0)',
  ],
  [
    'kv layer kind',
    () => la.kvMemory({ layers: [{ kind: 'rnn', count: 1 }] }, { tokens: 1 }),
    LinattnError,
    'model.layers[0].kind',
    /^model\.layers\[0\]\.kind must be 'attention', 'mla', 'linear' or 'ssm'/,
  ],
  [
    'kv layer missing field',
    () => la.kvMemory({ layers: [{ kind: 'mla', count: 1 }] }, { tokens: 1 }),
    LinattnError,
    'model.layers[0].latentDim',
    /^model\.layers\[0\]\.latentDim must be/,
  ],
  [
    'kv layer field type',
    () => la.kvMemory({ layers: [{ kind: 'attention', count: 'two', kvHeads: 1, headDim: 1 }] }, { tokens: 1 }),
    LinattnTypeError,
    'model.layers[0].count',
    /count must be a number/,
  ],
  [
    'kv layer unknown field',
    () => la.kvMemory({ layers: [{ kind: 'mla', count: 1, latentDim: 1, heads: 1, size: 3 }] }, { tokens: 1 }),
    LinattnTypeError,
    'model.layers[0].size',
    /size is not an option/,
  ],
  [
    'kv no layers',
    () => la.kvMemory({ layers: [] }, { tokens: 1 }),
    LinattnError,
    'model.layers',
    'model.layers must hold from 1 to 64 layer groups (got 0)',
  ],
  [
    'kv layers type',
    () => la.kvMemory({ layers: 'x' }, { tokens: 1 }),
    LinattnTypeError,
    'model.layers',
    /must be an array/,
  ],
  [
    'kv params',
    () => la.kvMemory({ ...llama3, params: -1 }, { tokens: 1 }),
    LinattnError,
    'model.params',
    /^model\.params must be a finite number/,
  ],
  [
    'kv too large',
    () =>
      la.kvMemory(
        { layers: [{ kind: 'attention', count: 10000, kvHeads: 4096, headDim: 65536 }] },
        { tokens: 1e10, sessions: 1e6, kvDtype: 'fp32' },
      ),
    LinattnError,
    null,
    /2\^63/,
  ],
  [
    'crossover stateBytes',
    () => la.kvCrossover(llama3, { stateBytes: -1 }),
    LinattnError,
    'stateBytes',
    /^stateBytes must be a whole number/,
  ],
  [
    'crossover stateBytes big',
    () => la.kvCrossover(llama3, { stateBytes: 1n << 63n }),
    LinattnError,
    'stateBytes',
    'stateBytes must be from 0 to 2^63 - 1',
  ],
  [
    'crossover stateBytes type',
    () => la.kvCrossover(llama3, { stateBytes: '10' }),
    LinattnTypeError,
    'stateBytes',
    /must be a number or a BigInt/,
  ],
  [
    'crossover kvDtype',
    () => la.kvCrossover(llama3, { stateBytes: 10n, kvDtype: 'int2' }),
    LinattnError,
    'kvDtype',
    /^kvDtype must be one of/,
  ],
  [
    'crossover model',
    () => la.kvCrossover({ layers: [{ kind: 'attention', count: 1, kvHeads: 1, headDim: 0 }] }, { stateBytes: 10n }),
    LinattnError,
    'model.layers[0].headDim',
    /headDim must be/,
  ],
  [
    'capacity gpuBytes',
    () => la.kvCapacity(llama3, { tokens: 1, gpuBytes: -1 }),
    LinattnError,
    'gpuBytes',
    /^gpuBytes must be/,
  ],
  [
    'capacity weightDtype',
    () => la.kvCapacity(llama3, { tokens: 1, gpuBytes: 1e9, weightDtype: 'fp64' }),
    LinattnError,
    'weightDtype',
    /^weightDtype must be one of/,
  ],
  [
    'capacity tokens first',
    () => la.kvCapacity(llama3, { tokens: 0.5, gpuBytes: -1 }),
    LinattnError,
    'tokens',
    /^tokens must be/,
  ],
  [
    'capacity gpuBytes missing',
    () => la.kvCapacity(llama3, { tokens: 1 }),
    LinattnTypeError,
    'gpuBytes',
    'gpuBytes is required',
  ],
  // helpers
  ['randomNormals count', () => la.randomNormals(1, -1), LinattnError, 'count', /^count must be/],
  ['randomNormals seed', () => la.randomNormals(-1, 1), LinattnError, 'seed', /^seed must be/],
  ['compare a', () => la.compare([1, 2], [1]), LinattnError, 'a', 'a must have 1 numbers (got 2)'],
  ['compare b empty', () => la.compare([], []), LinattnError, 'b', /^b\.length must be/],
  ['compare b type', () => la.compare([1], new BigInt64Array(1)), LinattnTypeError, 'b', /BigInt/],
  ['storageNumbers n', () => la.storageNumbers({ dk: 2, dv: 2, n: -1 }), LinattnError, 'n', /^n must be/],
];

test('every entry point: the right class, its built-in, the field, and the message word for word', () => {
  for (const [what, call, Class, field, message] of refusals) {
    let error;
    try {
      call();
    } catch (e) {
      error = e;
    }
    assert.ok(error instanceof Class, `${what}: threw ${error?.constructor?.name}: ${error?.message}`);
    assert.ok(error instanceof (Class === LinattnError ? RangeError : TypeError), `${what}: built-in`);
    assert.equal(error.name, Class.name, `${what}: name`);
    assert.equal(error.field, field, `${what}: field (message: ${error.message})`);
    if (typeof message === 'string') assert.equal(error.message, message, what);
    else assert.match(error.message, message, what);
  }
});

test("a memory's methods refuse with the field of the vector entry", () => {
  const m = la.memory({ dk: 2, dv: 2, unitKeys: true, rule: 'delta' });
  const cases = [
    [() => m.write([1], [1, 2]), 'k', 'k must have 2 numbers (got 1)'],
    [() => m.write([1, 0], [1, Infinity]), 'v[1]', /^v\[1\] must be a finite number/],
    [() => m.write([0, 0], [1, 2]), 'k', 'k must not be the zero vector when unitKeys is on'],
    [() => m.read([1, 2, 3]), 'q', 'q must have 2 numbers (got 3)'],
    [() => m.readTerms([1e7, 0]), 'q[0]', /^q\[0\] must be/],
    [() => m.features([NaN, 0]), 'x[0]', /^x\[0\] must be/],
  ];
  for (const [call, field, message] of cases) {
    assert.throws(call, (e) => {
      assert.ok(e instanceof LinattnError && e instanceof RangeError, String(e));
      assert.equal(e.field, field);
      if (typeof message === 'string') assert.equal(e.message, message);
      else assert.match(e.message, message);
      return true;
    });
  }
  m.delete();
  const d = la.memory({ dk: 2, dv: 1, rule: 'delta' });
  assert.throws(
    () => d.write([1000, 1000], [1]),
    (e) => e instanceof LinattnError && e.field === 'k' && /beta \|phi\(k\)\|\^2 <= 2/.test(e.message),
  );
  d.delete();
});

test('a sweep stream refuses a bad step with its field; a deleted object throws a plain Error', () => {
  const s = la.interferenceSweepStream({ d: 4, nMax: 4, trials: 2 });
  assert.throws(
    () => s.next(0),
    (e) => e instanceof LinattnError && e.field === 'trials',
  );
  assert.throws(
    () => s.next('1'),
    (e) => e instanceof LinattnTypeError && e.field === 'trials',
  );
  s.delete();
  assert.throws(
    () => s.next(),
    (e) => !(e instanceof LinattnError) && !(e instanceof LinattnTypeError) && /deleted/.test(e.message),
  );
});

test('a refused memory configuration leaves no handle behind and the module stays usable', () => {
  const before = la.debug.heapBytesInUse();
  for (let i = 0; i < 2000; i++) {
    assert.throws(() => la.memory({ dk: 2, dv: 2, rule: 'erase' }), LinattnError);
  }
  assert.ok(la.debug.heapBytesInUse() - before < 64 * 1024, 'refused handles were freed');
  const m = la.memory({ dk: 2, dv: 2 });
  m.write([1, 0], [3, 1]);
  assert.deepEqual([...m.read([1, 0])], [3, 1]);
  m.delete();
});

test('the classes are usable on their own: field defaults to null', () => {
  const e = new LinattnError('x must be 1');
  assert.equal(e.field, null);
  assert.ok(e instanceof RangeError && e instanceof Error);
  assert.equal(new LinattnTypeError('y', 'y').field, 'y');
});
