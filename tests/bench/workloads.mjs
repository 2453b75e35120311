// The benchmark's workloads, defined once and run by every implementation: native C++ (the spec
// text below is piped to build/native/linattn_bench), the WebAssembly core (`la`, in Node and in
// Chromium) and the plain-JavaScript baseline (baseline.mjs). Runs in Node and in the browser.
import * as js from './baseline.mjs';

export const WORKLOADS = {
  sweep64: { d: 64, nMax: 256, trials: 32, seed: 1, beta: 8 },
  sweep256: { d: 256, nMax: 1024, trials: 4, seed: 1, beta: 8 },
  // `rounds` times: a fresh d x d memory per write rule, each key read back right after its write,
  // then every key read once more (the ledger demo's replay, at a larger size).
  ledger: { d: 32, writes: 256, seed: 7, rounds: 10 },
  // Every preset x every context length x three KV dtypes: kvMemory and kvCapacity; and kvCrossover
  // per preset and dtype. `tokens` is filled in from the memory demo's 60 log-spaced samples.
  kv: { sessions: 1, gpuBytes: 80e9, capacitySessions: 8, stateBytes: 64 * 2 ** 20, dtypes: ['bf16', 'fp8', 'int4'] },
};
const LEDGER_CONFIGS = [
  { featureMap: 'identity', normalize: false, rule: 'add', beta: 1, unitKeys: false },
  { featureMap: 'elu1', normalize: true, rule: 'delta', beta: 0.5, unitKeys: true },
];

/** 60 log-spaced context lengths from 1K to 10M (as web/src/demos/memory/compute.js samples). */
export function contextLengths() {
  const set = new Set();
  for (let i = 0; i < 60; i++) set.add(Math.round(10 ** (3 + (4 * i) / 59)));
  return [...set].sort((a, b) => a - b);
}

/** The spec text bench_native.cpp reads: the same numbers as WORKLOADS, presets as layer lines. */
export function nativeSpec(presets) {
  const s = (w) => [w.d, w.nMax, w.trials, w.seed, w.beta].join(' ');
  const { ledger: l, kv } = WORKLOADS;
  const lines = [
    `sweep64 ${s(WORKLOADS.sweep64)}`,
    `sweep256 ${s(WORKLOADS.sweep256)}`,
    `ledger ${l.d} ${l.writes} ${l.seed} ${l.rounds}`,
    `tokens ${contextLengths().join(' ')}`,
    `kvquery ${kv.sessions} ${kv.gpuBytes} ${kv.capacitySessions} ${kv.stateBytes}`,
  ];
  for (const p of presets) {
    lines.push(`model ${p.id} ${p.params ?? 0} ${p.layers.length}`);
    for (const g of p.layers) {
      lines.push(
        [
          g.kind,
          g.count,
          g.kvHeads ?? 0,
          g.headDim ?? 0,
          g.window ?? 0,
          g.latentDim ?? 0,
          g.heads ?? 0,
          g.keyDim ?? 0,
          g.valueDim ?? 0,
          g.chunk ?? 0,
          g.stateDim ?? 0,
          g.convKernel ?? 0,
          g.convChannels ?? 0,
        ].join(' '),
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

const SWEEP_FIELDS = [
  'cosineMean',
  'cosineStd',
  'relErrorMean',
  'relErrorStd',
  'crosstalkMean',
  'crosstalkStd',
  'recallMean',
  'recallStd',
  'softmaxCosineMean',
  'softmaxCosineStd',
  'softmaxRecallMean',
  'softmaxRecallStd',
];

// Each implementation's side of a workload: `prepare` (untimed) returns inputs, `run` the result.
const impls = {
  wasm: (la) => ({
    sweep: (w) =>
      la.interferenceSweep({ d: w.d, nMax: w.nMax, trials: w.trials, seed: w.seed, keys: 'random', beta: w.beta }),
    normals: (seed, count) => la.randomNormals(seed, count),
    memory: (opts) => la.memory(opts),
    kvMemory: la.kvMemory,
    kvCapacity: la.kvCapacity,
    kvCrossover: la.kvCrossover,
  }),
  js: () => ({
    sweep: (w) => js.interferenceSweep({ ...w, keys: 'random' }),
    normals: js.randomNormals,
    memory: (opts) => new js.Memory(opts),
    kvMemory: js.kvMemory,
    kvCapacity: js.kvCapacity,
    kvCrossover: js.kvCrossover,
  }),
};

/**
 * Sets up workload `name` for implementation `impl` ('wasm' with `la`, or 'js'); returns a
 * function that runs it once and returns its result (plain arrays and strings, JSON-safe).
 */
export function prepare(name, impl, { la, presets } = {}) {
  const I = impls[impl](la);
  if (name === 'sweep64' || name === 'sweep256') {
    const w = WORKLOADS[name];
    return () => {
      const r = I.sweep(w);
      return Object.fromEntries(SWEEP_FIELDS.map((f) => [f, Array.from(r[f])]));
    };
  }
  if (name === 'ledger') {
    const { d, writes, seed, rounds } = WORKLOADS.ledger;
    const x = I.normals(seed, 2 * writes * d); // keys, then values, row by row
    const k = Array.from({ length: writes }, (_, i) => x.slice(i * d, (i + 1) * d));
    const v = Array.from({ length: writes }, (_, i) => x.slice((writes + i) * d, (writes + i + 1) * d));
    return () => {
      let finals, stepSum;
      for (let round = 0; round < rounds; round++) {
        finals = [];
        stepSum = 0;
        for (const cfg of LEDGER_CONFIGS) {
          const mem = I.memory({ dk: d, dv: d, ...cfg });
          for (let i = 0; i < writes; i++) {
            mem.write(k[i], v[i]);
            for (const y of mem.read(k[i])) stepSum += y;
          }
          for (let i = 0; i < writes; i++) finals.push(...mem.read(k[i]));
          mem.delete?.();
        }
      }
      return { stepSum, finalReads: finals };
    };
  }
  if (name === 'kv') {
    const KV_FIELDS = ['kvBytesPerToken', 'kvBytes', 'stateBytes', 'totalBytes', 'perSessionBytes'];
    const CAPACITY_FIELDS = ['weightBytes', 'freeBytes', 'sessionsThatFit', 'longestContext'];
    const q = WORKLOADS.kv;
    const tokens = contextLengths();
    const models = presets.map((p) => ({ layers: p.layers, params: p.params ?? 0 }));
    return () => {
      let sum = 0n,
        calls = 0;
      // The byte counts bench_native.cpp sums too (a refusal counts 1).
      const add = (f, fields) => {
        try {
          const r = f();
          for (const k of fields) sum += r[k];
        } catch {
          sum += 1n;
        }
        calls++;
      };
      for (const model of models) {
        for (const kvDtype of q.dtypes) {
          for (const t of tokens) {
            add(() => I.kvMemory(model, { tokens: t, sessions: q.sessions, kvDtype, stateDtype: 'bf16' }), KV_FIELDS);
            add(
              () =>
                I.kvCapacity(model, {
                  tokens: t,
                  sessions: q.capacitySessions,
                  kvDtype,
                  stateDtype: 'bf16',
                  gpuBytes: q.gpuBytes,
                  weightDtype: 'bf16',
                }),
              CAPACITY_FIELDS,
            );
          }
          add(() => ({ x: I.kvCrossover(model, { stateBytes: q.stateBytes, kvDtype }) }), ['x']);
        }
      }
      return { checksum: BigInt.asUintN(64, sum).toString(), calls };
    };
  }
  throw new Error(`unknown workload ${name}`);
}

/**
 * Largest difference between two results of a workload: max |a - b| over every number (0 when
 * equal; Infinity when a string or a length differs).
 */
export function maxDifference(a, b) {
  let worst = 0;
  for (const key of Object.keys(a)) {
    const x = a[key],
      y = b[key];
    if (Array.isArray(x)) {
      if (!Array.isArray(y) || x.length !== y.length) return Infinity;
      for (let i = 0; i < x.length; i++) {
        const e = Math.abs(x[i] - y[i]);
        if (!(e <= worst)) worst = Number.isNaN(e) ? Infinity : e;
      }
    } else if (typeof x === 'number') {
      const e = Math.abs(x - y) / Math.max(1, Math.abs(x));
      if (!(e <= worst)) worst = Number.isNaN(e) ? Infinity : e;
    } else if (x !== y) {
      return Infinity;
    }
  }
  return worst;
}
