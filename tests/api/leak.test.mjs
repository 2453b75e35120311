// No leaks: long runs of every kind of call leave the WebAssembly heap where it started.
// la.debug.heapBytesInUse() is the allocator's count of bytes handed out and not yet freed
// (mallinfo().uordblks), so it is exact: the bound is 0 bytes after warm-up, not a tolerance.
// la.debug.memoryBytes() (the size of WebAssembly memory) must not grow either: the work here
// never needs more than the first warm-up did.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLinattn } from '../../wasm/index.mjs';

const la = await createLinattn();

const MODEL = {
  layers: [
    { kind: 'attention', count: 24, kvHeads: 8, headDim: 128, window: 4096 },
    { kind: 'attention', count: 8, kvHeads: 8, headDim: 128 },
    { kind: 'mla', count: 2, latentDim: 576 },
    { kind: 'linear', count: 4, heads: 8, keyDim: 64, valueDim: 64 },
  ],
  params: 8e9,
};

// Runs `work(i)` `times` times after `warm` warm-up runs; returns the heap and memory before/after.
function measure(work, times, warm = 20) {
  for (let i = 0; i < warm; i++) work(i);
  const heap = la.debug.heapBytesInUse(),
    memory = la.debug.memoryBytes();
  for (let i = 0; i < times; i++) work(i);
  return { heap, heapAfter: la.debug.heapBytesInUse(), memory, memoryAfter: la.debug.memoryBytes() };
}

function assertNoGrowth(what, m) {
  assert.equal(m.heapAfter, m.heap, `${what}: heap bytes in use went from ${m.heap} to ${m.heapAfter}`);
  assert.equal(m.memoryAfter, m.memory, `${what}: WebAssembly memory grew from ${m.memory} to ${m.memoryAfter} bytes`);
}

const refused = (f) => {
  try {
    f();
  } catch (e) {
    if (!(e instanceof Error)) throw e;
    return;
  }
  throw new Error('expected this call to be refused');
};

test('10,000 memories created, written, read (read, readTerms, features) and deleted leave the heap as it was', () => {
  const configs = [
    { dk: 2, dv: 2 },
    { dk: 8, dv: 4, featureMap: 'elu1', normalize: true },
    { dk: 16, dv: 16, rule: 'delta', beta: 0.5, unitKeys: true },
    { dk: 64, dv: 64, featureMap: 'elu1', rule: 'delta', unitKeys: true }, // delta needs β‖φ(k)‖² ≤ 2
  ];
  const m = measure((i) => {
    const cfg = configs[i % configs.length];
    const mem = la.memory(cfg);
    const k = la.randomNormals(i, cfg.dk),
      v = la.randomNormals(i + 1, cfg.dv);
    for (let w = 0; w < 3; w++) mem.write(k, v);
    mem.read(k);
    mem.readTerms(k);
    mem.features(v.length === k.length ? v : k);
    mem.state();
    mem.normalizer();
    refused(() => mem.write(k.subarray(1), v)); // wrong length, refused in the core
    refused(() => mem.read(new Array(cfg.dk).fill(NaN)));
    if (i % 7 === 0) mem.reset();
    mem.delete();
  }, 10000);
  assertNoGrowth('10,000 memories', m);
});

test('a memory kept through 20,000 writes and reset holds nothing afterwards', () => {
  const mem = la.memory({ dk: 8, dv: 8 });
  const k = la.randomNormals(1, 8),
    v = la.randomNormals(2, 8);
  const m = measure(
    (i) => {
      for (let w = 0; w < 2000; w++) mem.write(k, v);
      mem.readTerms(k);
      mem.reset();
      if (i === 0) mem.read(k);
    },
    10,
    1,
  );
  mem.delete();
  assertNoGrowth('writes + reset', m);
});

test('1,000 sweeps, sweep streams, stores and capacities, every rule (and refused ones), leave the heap as it was', () => {
  const m = measure((i) => {
    la.interferenceSweep({
      d: 16,
      ns: [1, 4, 8, 16, 24],
      trials: 2,
      seed: i,
      keys: ['random', 'orthogonal', 'elu1'][i % 3],
    });
    la.interferenceStore({ d: 16, n: 12, seed: i, trial: i % 4, beta: 4 });
    la.interferenceStore({ d: 16, n: 12, seed: i, rule: 'delta', gate: 0.9, step: 0.5 });
    la.interferenceSweep({ d: 8, ns: [2, 8], trials: 2, seed: i, rule: i % 2 ? 'delta' : 'add', gate: 0.8 });
    la.capacity({ dims: [4, 8], trials: 2, seed: i, measure: i % 2 ? 'recall' : 'cosine', rule: 'delta' });
    la.checkCapacity({ dims: [4, 8], trials: 2 });
    refused(() => la.capacity({ dims: [4, 0], trials: 2 }));
    refused(() => la.checkCapacity({ dims: [512, 512], trials: 256, nMax: 2048 }));
    refused(() => la.interferenceSweep({ d: 16, ns: [8, 4], trials: 2 }));
    refused(() => la.interferenceStore({ d: 16, n: 5000 }));
    const stream = la.interferenceSweepStream({ d: 8, ns: [2, 8, 20], trials: 3, seed: i });
    stream.next();
    refused(() => stream.next(-1));
    stream.next(5);
    stream.delete();
    refused(() => la.interferenceSweepStream({ d: 8, ns: [], trials: 3 }));
  }, 1000);
  assertNoGrowth('1,000 sweeps + streams + stores + capacities', m);
});

test('1,000 rounds of attention, KV calculator, compare, storage and random calls leave the heap as it was', () => {
  const T = 12,
    dk = 8,
    dv = 4;
  const q = la.randomNormals(1, T * dk),
    k = la.randomNormals(2, T * dk),
    v = la.randomNormals(3, T * dv);
  const m = measure((i) => {
    la.softmaxAttention({ T, dk, dv, q, k, v });
    la.linearAttention({ T, dk, dv, q, k, v, form: i % 2 ? 'parallel' : 'recurrent', featureMap: 'elu1' });
    refused(() => la.linearAttention({ T, dk, dv, q, k: k.subarray(1), v }));
    la.kvMemory(MODEL, { tokens: 1000 + i, sessions: 1 + (i % 5) });
    la.kvCrossover(MODEL, { stateBytes: 1e6 + i });
    la.kvCapacity(MODEL, { tokens: 8192, sessions: 4, gpuBytes: 80e9 });
    refused(() => la.kvMemory(MODEL, { tokens: -1 }));
    refused(() => la.kvMemory({ layers: [{ kind: 'attention,mla', count: 1 }] }, { tokens: 1 }));
    la.compare(q.subarray(0, dk), k.subarray(0, dk));
    la.storageNumbers({ dk, dv, n: i });
    la.randomNormals(i, 64);
    refused(() => la.memory({ dk: 2, dv: 2, featureMap: '<script>'.repeat(100) }));
  }, 1000);
  assertNoGrowth('1,000 rounds of the other calls', m);
});
