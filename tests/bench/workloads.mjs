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
  // The calls one drag update of a figure makes, at its largest settings, `updates` times (the
  // core's side only: WebAssembly against native; no plain-JS version). The ledger: one
  // la.ledgerView of d = 3 (its largest), 8 associations (its most), elu1 with the normalizer, all
  // written, the query the first key. The memory figure: one la.kvView of the preset with the most
  // layer groups, its all-linear twin as the flat line and the next-largest preset as the
  // original, the whole curve (60 context lengths, the figure's three columns) and the crossover.
  ledgerUpdate: { d: 3, associations: 8, seed: 11, updates: 2000 },
  memoryUpdate: { updates: 200, tokens: 1e6, sessions: 64, gpuBytes: 8 * 80e9, tp: 8 },
};
// The curves' columns the memory figure asks for (web/src/demos/memory/compute.js CURVE_FIELDS;
// tests/demos/memory-demo.test.mjs holds them equal), and their bits (wasm/core/kv_batch.hpp,
// curve_fields: the k-th field of a KV result is bit k) for the native side.
export const MEMORY_CURVE_FIELDS = ['kvBytes', 'stateBytes', 'totalBytes'];
const MEMORY_CURVE_BITS = (1 << 3) | (1 << 7) | (1 << 9);
/** Workloads with no plain-JavaScript version (the bench runs them natively and as WebAssembly). */
export const CORE_ONLY = ['ledgerUpdate', 'memoryUpdate'];
const LEDGER_UPDATE_MEMORY = { featureMap: 'elu1', normalize: true };
const UPDATE_MODEL = 'update:';

/** The memory figure's models for memoryUpdate: { core, reference, original } (see WORKLOADS). */
export function updateModels(presets) {
  const byGroups = [...presets].sort((a, b) => b.layers.length - a.layers.length || a.id.localeCompare(b.id));
  const [core, original] = byGroups.map((p) => ({ layers: p.layers, params: p.params ?? 0 }));
  const count = core.layers.reduce((n, g) => n + g.count, 0);
  const reference = { layers: [{ kind: 'linear', count, heads: 32, keyDim: 128, valueDim: 128 }], params: 0 };
  return { core, reference, original };
}
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
    `ledgerupdate ${Object.values(WORKLOADS.ledgerUpdate).join(' ')}`,
    `memoryupdate ${Object.values(WORKLOADS.memoryUpdate).join(' ')} ${MEMORY_CURVE_BITS}`,
  ];
  const update = Object.entries(updateModels(presets)).map(([role, m]) => ({ ...m, id: UPDATE_MODEL + role }));
  for (const p of [...presets, ...update]) {
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
    kvMemoryCurve: la.kvMemoryCurve,
    kvCapacityCurve: la.kvCapacityCurve,
    kvCrossover: la.kvCrossover,
    ledgerView: la.ledgerView,
    kvView: la.kvView,
  }),
  js: () => ({
    sweep: (w) => js.interferenceSweep({ ...w, keys: 'random' }),
    normals: js.randomNormals,
    memory: (opts) => new js.Memory(opts),
    kvMemoryCurve: js.kvMemoryCurve,
    kvCapacityCurve: js.kvCapacityCurve,
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
    const keys = x.slice(0, writes * d);
    const values = x.slice(writes * d);
    return () => {
      let finals, stepSum;
      for (let round = 0; round < rounds; round++) {
        finals = [];
        stepSum = 0;
        for (const cfg of LEDGER_CONFIGS) {
          const mem = I.memory({ dk: d, dv: d, ...cfg });
          // One call for the run of writes, each read back right after it; one for the reads.
          const reads = mem.writeAndRead(keys, values);
          for (let i = 0; i < reads.length; i++) stepSum += reads[i];
          finals.push(mem.readRows(keys));
          mem.delete?.();
        }
      }
      return { stepSum, finalReads: finals.flatMap((f) => Array.from(f)) };
    };
  }
  if (name === 'kv') {
    const KV_FIELDS = ['kvBytesPerToken', 'kvBytes', 'stateBytes', 'totalBytes', 'perSessionBytes'];
    const CAPACITY_FIELDS = ['weightBytes', 'freeBytes', 'sessionsThatFit', 'longestContext'];
    const q = WORKLOADS.kv;
    const tokens = Float64Array.from(contextLengths());
    const models = presets.map((p) => ({ layers: p.layers, params: p.params ?? 0 }));
    // Each call's options, made once (as a figure keeps its settings), not on every rep.
    const queries = models.flatMap((model) =>
      q.dtypes.map((kvDtype) => {
        const query = { tokens, kvDtype, stateDtype: 'bf16' };
        return {
          model,
          memory: { ...query, sessions: q.sessions },
          capacity: { ...query, sessions: q.capacitySessions, gpuBytes: q.gpuBytes, weightDtype: 'bf16' },
          crossover: { stateBytes: q.stateBytes, kvDtype },
        };
      }),
    );
    return () => {
      const sum = new Checksum();
      let calls = 0;
      // The byte counts bench_native.cpp sums too (a refused curve or call counts 1).
      const add = (f, fields) => {
        try {
          const r = f();
          for (const k of fields) sum.add(r[k]);
        } catch {
          sum.add(1n);
        }
        calls++;
      };
      for (const c of queries) {
        add(() => I.kvMemoryCurve(c.model, c.memory), KV_FIELDS);
        add(() => I.kvCapacityCurve(c.model, c.capacity), CAPACITY_FIELDS);
        add(() => ({ x: I.kvCrossover(c.model, c.crossover) }), ['x']);
      }
      return { checksum: sum.value(), calls };
    };
  }
  if (name === 'ledgerUpdate') {
    const { d, associations: n, seed, updates } = WORKLOADS.ledgerUpdate;
    const x = I.normals(seed, 2 * n * d);
    const row = (i) => Array.from(x.subarray(i * d, (i + 1) * d));
    const opts = {
      dk: d,
      dv: d,
      ...LEDGER_UPDATE_MEMORY,
      keys: Array.from({ length: n }, (_, i) => row(i)),
      values: Array.from({ length: n }, (_, i) => row(n + i)),
      step: n,
      query: row(0),
      queryIndex: 0,
    };
    return () => {
      let view;
      for (let u = 0; u < updates; u++) view = I.ledgerView(opts);
      return { state: Array.from(view.state), angles: Array.from(view.angles), read: Array.from(view.query.read) };
    };
  }
  if (name === 'memoryUpdate') {
    const w = WORKLOADS.memoryUpdate;
    const { core, reference, original } = updateModels(presets);
    const opts = {
      tokens: w.tokens,
      sessions: w.sessions,
      kvDtype: 'fp8',
      stateDtype: 'bf16',
      gpuBytes: w.gpuBytes,
      weightDtype: 'bf16',
      tp: w.tp,
      reference,
      original,
      curve: contextLengths(),
      crossover: true,
      curveFields: MEMORY_CURVE_FIELDS,
    };
    return () => {
      let view;
      for (let u = 0; u < w.updates; u++) view = I.kvView(core, opts);
      return { checksum: viewChecksum(view) };
    };
  }
  throw new Error(`unknown workload ${name}`);
}

/** A wrapping 64-bit sum of byte counts (BigInt, or BigUint64Array columns read as 32-bit halves,
 *  which makes no BigInt per entry), as a decimal string: the checksum bench_native.cpp prints. */
class Checksum {
  #lo = 0;
  #hi = 0;
  #big = 0n;
  #buffer = null; // the last column's buffer and its words as halves: a curve's columns share one
  #halves = null;
  add(x) {
    if (typeof x === 'bigint') {
      this.#big += x;
      return;
    }
    if (x.buffer !== this.#buffer) {
      this.#buffer = x.buffer;
      this.#halves = new Uint32Array(x.buffer);
    }
    const halves = this.#halves;
    const end = (x.byteOffset >> 2) + 2 * x.length;
    for (let i = x.byteOffset >> 2; i < end; i += 2) {
      this.#lo += halves[i];
      this.#hi += halves[i + 1];
    }
    if (this.#hi > 2 ** 52 || this.#lo > 2 ** 52) this.#fold();
  }
  #fold() {
    this.#big += BigInt(this.#lo) + (BigInt(this.#hi) << 32n);
    this.#lo = 0;
    this.#hi = 0;
  }
  value() {
    this.#fold();
    return BigInt.asUintN(64, this.#big).toString();
  }
}

// The memory figure's view (la.kvView) summed as bench_native.cpp sums its KvView.
function viewChecksum(v) {
  const sum = new Checksum();
  for (const r of [v.now, v.capacity, v.refNow, v.originalNow]) {
    for (const x of Object.values(r)) sum.add(typeof x === 'boolean' ? BigInt(x) : x);
  }
  sum.add(v.refPerSession);
  sum.add(BigInt.asUintN(64, v.crossover));
  for (const c of [v.curve, v.refCurve, v.originalCurve]) {
    for (const [k, col] of Object.entries(c)) if (k !== 'tokens') sum.add(col);
  }
  return sum.value();
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
