// The spotlight's own module (wasm/spotlight.mjs) through its real .wasm: the numbers of the native suite (tests/core/spotlight.test.cpp),
// the shape of the result, a refusal naming each option, and no leak over 1,000 calls.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLinattn, LinattnError, LinattnTypeError } from '../../wasm/index.mjs';
import { createSpotlight, LinattnError as SpotlightError } from '../../wasm/spotlight.mjs';

const sp = await createSpotlight();
const MAPS = ['softmax', 'elu1', 'relu', 'taylor2', 'random'];
const sum = (xs) => xs.reduce((a, b) => a + b, 0);

test('the default spotlight gives the native suite golden values (to 1e-9 relative)', () => {
  // [target weight, effective tokens, read cosine] per read, as tests/core/spotlight.test.cpp.
  const golden = {
    softmax: [0.9909827530971459, 1.0182785708436608, 0.99999880078503334],
    elu1: [0.037491182689397225, 31.31272305189442, 0.55187445760370835],
    relu: [0.075962955263696286, 25.235896618452436, 0.63662725542382015],
    taylor2: [0.56897772345353426, 3.0308078784511525, 0.99254802526199437],
    random: [0.42757287308775133, 4.8472217716951889, 0.96038779969015931],
  };
  const r = sp.spotlight();
  assert.deepEqual(
    r.reads.map((x) => x.map),
    MAPS,
  );
  assert.equal(r.n, 32);
  assert.equal(r.d, 16);
  assert.equal(r.target, 0);
  for (const read of r.reads) {
    const got = [read.targetWeight, read.effectiveTokens, read.readCosine];
    got.forEach((x, i) => {
      const want = golden[read.map][i];
      assert.ok(Math.abs(x - want) <= 1e-9 * Math.abs(want), `${read.map}[${i}]: ${x} vs ${want}`);
    });
  }
  // Same options by name, written out: the same result.
  const same = sp.spotlight({ n: 32, d: 16, features: 64, beta: 8, cosine: 0, noise: 0.1, seed: 1, target: 0 });
  assert.deepEqual([...same.reads[4].weights], [...r.reads[4].weights]);
});

test('every read: n weights summing to 1 (1e-12), the target weight among them, 1 <= effective tokens <= n', () => {
  for (const [n, cosine, beta] of [
    [1, 0, 8],
    [7, 0.9, 1],
    [64, 0.5, 40],
    [300, 0.99, 8],
  ]) {
    const r = sp.spotlight({ n, cosine, beta, d: 8, target: n - 1, noise: 0.2 });
    assert.equal(r.scores.length, n);
    assert.ok(r.queryCosine > 0.9 && r.queryCosine <= 1, `query cosine ${r.queryCosine}`);
    for (const read of r.reads) {
      const at = `n ${n}, cosine ${cosine}, beta ${beta}, ${read.map}`;
      assert.ok(read.weights instanceof Float64Array && read.weights.length === n, at);
      if (read.empty) continue;
      assert.ok(Math.abs(sum(read.weights) - 1) < 1e-12, `${at}: weights sum to ${sum(read.weights)}`);
      assert.equal(read.targetWeight, read.weights[n - 1], at);
      assert.ok(read.effectiveTokens >= 1 - 1e-12 && read.effectiveTokens <= n + 1e-9, at);
      assert.ok(Math.abs(read.readCosine) <= 1 + 1e-12, at);
    }
  }
});

test('softmax at beta 200 puts > 0.99 on the target; every linear map puts less', () => {
  const r = sp.spotlight({ n: 64, d: 16, beta: 200, cosine: 0.5, target: 20 });
  assert.ok(r.reads[0].targetWeight > 0.99, `softmax: ${r.reads[0].targetWeight}`);
  for (const read of r.reads.slice(1)) assert.ok(read.targetWeight < r.reads[0].targetWeight, read.map);
});

test('state sizes: 2 n d for the cache, d x d, (1 + d + d^2) x d and m x d, in bytes of the dtype', () => {
  const r = sp.spotlight({ n: 100, d: 12, features: 256, dtype: 'fp32' });
  assert.deepEqual(
    r.reads.map((x) => [x.featureCount, x.stateNumbers, x.stateBytes]),
    [
      [0, 2400, 9600],
      [12, 144, 576],
      [12, 144, 576],
      [157, 1884, 7536],
      [256, 3072, 12288],
    ],
  );
  assert.equal(sp.spotlight({ n: 1, d: 3, dtype: 'int4' }).reads[1].stateBytes, 5); // 9 numbers of 4 bits
});

test('a bad value of each option is refused with a LinattnError naming it; a wrong type with a LinattnTypeError', () => {
  const bad = [
    [{ n: 0 }, 'n'],
    [{ n: 4097 }, 'n'],
    [{ n: 1.5 }, 'n'],
    [{ d: 1 }, 'd'],
    [{ d: 65 }, 'd'],
    [{ features: 0 }, 'features'],
    [{ features: 4097 }, 'features'],
    [{ beta: -1 }, 'beta'],
    [{ beta: Number.NaN }, 'beta'],
    [{ cosine: 1.5 }, 'cosine'],
    [{ cosine: -Infinity }, 'cosine'],
    [{ noise: 10.5 }, 'noise'],
    [{ seed: -1 }, 'seed'],
    [{ seed: 2 ** 32 }, 'seed'],
    [{ target: 32 }, 'target'],
    [{ n: 4, target: 4 }, 'target'],
    [{ dtype: 'fp64' }, 'dtype'],
    [{ n: 4096, d: 64 }, 'n'], // over the work budget
  ];
  for (const [opts, field] of bad) {
    assert.throws(
      () => sp.spotlight(opts),
      (e) => e instanceof LinattnError && e.field === field && e.message.startsWith(field),
      JSON.stringify(opts),
    );
  }
  for (const [opts, field] of [
    [{ n: '32' }, 'n'],
    [{ dtype: 16 }, 'dtype'],
    [{ m: 64 }, 'm'],
  ]) {
    assert.throws(
      () => sp.spotlight(opts),
      (e) => e instanceof LinattnTypeError && e.field === field,
    );
  }
  assert.throws(() => sp.spotlight(null), LinattnTypeError);
  assert.equal(sp.limits.maxSpotlightN, 4096);
  assert.equal(sp.limits.maxSpotlightDim, 64);
  assert.equal(sp.limits.maxSpotlightFeatures, 4096);
  assert.equal(sp.limits.maxSpotlightNoise, 10);
});

test('1,000 calls, refused ones among them, leave the heap and the memory as they were', () => {
  const call = (i) => {
    try {
      sp.spotlight({ n: 8 + (i % 40), d: 4 + (i % 12), features: 16 + i, cosine: (i % 10) / 10, seed: i });
      sp.spotlight({ n: 10, target: i % 3 === 0 ? 10 : 0 }); // every third one refused
    } catch (e) {
      if (!(e instanceof LinattnError)) throw e;
    }
  };
  for (let i = 0; i < 20; i++) call(i);
  const heap = sp.debug.heapBytesInUse(),
    memory = sp.debug.memoryBytes();
  for (let i = 0; i < 1000; i++) call(i);
  assert.equal(sp.debug.heapBytesInUse(), heap, 'heap bytes in use');
  assert.equal(sp.debug.memoryBytes(), memory, 'WebAssembly memory');
});

test('the spotlight is a module apart: the main one has neither its call nor its limits', async () => {
  const la = await createLinattn();
  assert.equal('spotlight' in la, false);
  assert.deepEqual(
    Object.keys(la.limits).filter((k) => k.includes('Spotlight')),
    [],
  );
  assert.deepEqual(Object.keys(sp).sort(), ['debug', 'limits', 'spotlight']);
  assert.equal(SpotlightError, LinattnError, 'the same error classes as the main API');
  // Its own memory: a spotlight call grows neither the main module's heap nor its memory.
  const heap = la.debug.heapBytesInUse(),
    memory = la.debug.memoryBytes();
  sp.spotlight({ n: 4096, d: 16, features: 256 });
  assert.equal(la.debug.heapBytesInUse(), heap);
  assert.equal(la.debug.memoryBytes(), memory);
  await assert.rejects(
    createSpotlight({ colour: 'red' }),
    (e) => e instanceof LinattnTypeError && e.field === 'colour',
  );
});
