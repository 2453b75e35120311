// The calls that cross into the core once for many queries: the KV calculator's curves
// (la.kvMemoryCurve, la.kvCapacityCurve), the memory figure's view (la.kvView) and a memory's runs
// of writes and reads (writeAndRead, readRows). Each must give, bit for bit, what the one-query
// calls give, refuse what they refuse with the field named, and keep what the core holds bounded:
// a model is converted once while in use, again when it changes, and freed when it falls out of use.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createLinattn } from '../../wasm/index.mjs';
import { computeMemory, sampleTokens } from '../../web/src/demos/memory/compute.js';
import { DEFAULTS } from '../../web/src/demos/memory/state.js';

const la = await createLinattn();
const presets = JSON.parse(readFileSync(new URL('../../content/presets/models.json', import.meta.url), 'utf8')).presets;
const modelOf = (p) => ({ layers: p.layers, params: p.params ?? 0 });
const TOKENS = [1, 1000, 4096, 32768, 131072, 1e6, 1e7, 1e10];

const refusedWith = (f, field, message) => {
  assert.throws(f, (e) => {
    assert.equal(e.field, field, `field of: ${e.message}`);
    if (message) assert.match(e.message, message);
    return true;
  });
};

test('kvMemoryCurve and kvCapacityCurve give every preset, context and format what kvMemory and kvCapacity give one at a time', () => {
  for (const p of presets) {
    const model = modelOf(p);
    for (const kvDtype of ['bf16', 'fp8', 'int4']) {
      const q = { sessions: 3, kvDtype, stateDtype: 'fp32' };
      const curve = la.kvMemoryCurve(model, { ...q, tokens: TOKENS });
      const cq = { ...q, gpuBytes: 2 * 80e9, weightDtype: 'fp8', tp: 2 };
      const cap = la.kvCapacityCurve(model, { ...cq, tokens: TOKENS });
      TOKENS.forEach((tokens, i) => {
        const one = la.kvMemory(model, { ...q, tokens });
        for (const [k, v] of Object.entries(one)) assert.equal(curve[k][i], v, `${p.id} ${kvDtype} ${tokens} ${k}`);
        const c = la.kvCapacity(model, { ...cq, tokens });
        for (const [k, v] of Object.entries(c)) {
          assert.equal(typeof v === 'boolean' ? cap[k][i] === 1 : cap[k][i], v, `${p.id} ${tokens} ${k}`);
        }
      });
      assert.deepEqual(Array.from(curve.tokens), TOKENS);
    }
  }
});

// The memory figure's update as it was made before la.kvView: one call per number.
function oneByOne(s, core, ref, original, curve) {
  const opts = { tokens: s.tokens, sessions: s.sessions, kvDtype: s.kvDtype, stateDtype: s.stateDtype };
  const out = {
    now: la.kvMemory(core, opts),
    capacity: la.kvCapacity(core, { ...opts, gpuBytes: s.gpuBytes, weightDtype: s.weightDtype, tp: s.tp }),
    refNow: ref ? la.kvMemory(ref, opts) : null,
    refPerSession: ref ? la.kvMemory(ref, { ...opts, tokens: 1, sessions: 1 }).stateBytes : null,
    originalNow: original ? la.kvMemory(original, opts) : null,
  };
  out.crossover =
    ref && out.refPerSession > 0n ? la.kvCrossover(core, { stateBytes: out.refPerSession, kvDtype: s.kvDtype }) : null;
  out.rows = curve.map((tokens) => [ref, original, core].map((m) => (m ? la.kvMemory(m, { ...opts, tokens }) : null)));
  return out;
}

test('kvView gives what the one-query calls give: the model, its capacity, the flat line, the original, the crossover and the curve', () => {
  const twin = { layers: [{ kind: 'linear', count: 40, heads: 16, keyDim: 128, valueDim: 128 }] };
  const s = {
    tokens: 200000,
    sessions: 4,
    kvDtype: 'fp8',
    stateDtype: 'bf16',
    gpuBytes: 4 * 80e9,
    weightDtype: 'bf16',
    tp: 4,
  };
  for (const p of presets) {
    const core = modelOf(p);
    const curve = sampleTokens(core);
    const v = la.kvView(core, { ...s, reference: twin, original: modelOf(presets[0]), curve, crossover: true });
    const o = oneByOne(s, core, twin, modelOf(presets[0]), curve);
    for (const k of ['now', 'capacity', 'refNow', 'refPerSession', 'originalNow', 'crossover']) {
      assert.deepEqual(v[k], o[k], `${p.id}: ${k}`);
    }
    o.rows.forEach(([ref, orig, mine], i) => {
      for (const [name, c, one] of [
        ['curve', v.curve, mine],
        ['refCurve', v.refCurve, ref],
        ['originalCurve', v.originalCurve, orig],
      ]) {
        for (const [k, x] of Object.entries(one)) assert.equal(c[k][i], x, `${p.id} ${name}[${i}].${k}`);
      }
    });
  }
  const bare = la.kvView(modelOf(presets[0]), { tokens: 1000, gpuBytes: 80e9 });
  assert.deepEqual(
    [bare.refNow, bare.refPerSession, bare.crossover, bare.originalNow, bare.curve],
    [null, null, null, null, null],
  );
});

test('kvView with curveFields gives those columns of every curve, the same numbers, and refuses a field it does not know', () => {
  const core = modelOf(presets[0]);
  const twin = { layers: [{ kind: 'linear', count: 40, heads: 16, keyDim: 128, valueDim: 128 }] };
  const s = { tokens: 200000, sessions: 4, gpuBytes: 4 * 80e9, tp: 4, reference: twin, original: modelOf(presets[1]) };
  const curve = sampleTokens(core);
  const all = la.kvView(core, { ...s, curve, crossover: true });
  // Given in any order, each once: the columns come in the result's order.
  const some = la.kvView(core, { ...s, curve, crossover: true, curveFields: ['totalBytes', 'kvBytes', 'totalBytes'] });
  for (const k of ['now', 'capacity', 'refNow', 'refPerSession', 'originalNow', 'crossover']) {
    assert.deepEqual(some[k], all[k], k);
  }
  for (const c of ['curve', 'refCurve', 'originalCurve']) {
    assert.deepEqual(Object.keys(some[c]), ['tokens', 'kvBytes', 'totalBytes'], c);
    assert.deepEqual(some[c].kvBytes, all[c].kvBytes, `${c}.kvBytes`);
    assert.deepEqual(some[c].totalBytes, all[c].totalBytes, `${c}.totalBytes`);
  }
  const every = ['kvBytesPerToken', 'growingBytesPerToken', 'cappedBytesPerToken', 'kvBytes', 'growingBytes'];
  every.push('cappedBytes', 'cappedFullTokens', 'stateBytes', 'convBytes', 'totalBytes', 'perSessionBytes');
  assert.deepEqual(la.kvView(core, { ...s, curve, curveFields: every }).curve, all.curve);
  assert.throws(() => la.kvView(core, { ...s, curve, curveFields: ['kvBytes', 'bytes'] }), {
    name: 'LinattnTypeError',
    field: 'curveFields[1]',
  });
  assert.throws(() => la.kvView(core, { ...s, curve, curveFields: 'kvBytes' }), {
    name: 'LinattnTypeError',
    field: 'curveFields',
  });
  assert.throws(() => la.kvView(core, { ...s, curve, curveFields: [] }), {
    name: 'LinattnError',
    field: 'curveFields',
  });
});

test('the memory figure shows, for every preset, linear or not, what the one-query calls give', () => {
  for (const p of presets) {
    for (const linear of [false, true]) {
      const state = { ...DEFAULTS, preset: p.id, linear, tokens: 65536, sessions: 2, kvDtype: 'fp8' };
      const r = computeMemory(la, state);
      const core = r.resolved.model;
      const strip = (m) => ({
        layers: m.layers.map(({ queryHeads: _q, ...g }) => g),
        ...(m.params == null ? {} : { params: m.params }),
      });
      assert.equal(r.samples.length, sampleTokens(core).length);
      const first = r.samples[0];
      const one = la.kvMemory(strip(core), {
        tokens: first.tokens,
        sessions: 2,
        kvDtype: 'fp8',
        stateDtype: state.stateDtype,
      });
      assert.deepEqual(
        [first.kvBytes, first.stateBytes, first.totalBytes],
        [one.kvBytes, one.stateBytes, one.totalBytes],
        p.id,
      );
      assert.deepEqual(
        r.now,
        la.kvMemory(strip(core), { tokens: 65536, sessions: 2, kvDtype: 'fp8', stateDtype: state.stateDtype }),
        p.id,
      );
    }
  }
});

test('a model is converted once while in use, again when it changes, and the core holds at most 16', () => {
  const model = { layers: [{ kind: 'attention', count: 2, kvHeads: 8, headDim: 128 }] };
  la.kvMemory(model, { tokens: 1000 });
  const held = la.kvModelsHeld();
  for (let i = 0; i < 100; i++) la.kvMemory(model, { tokens: 1000 + i });
  la.kvMemory(structuredClone(model), { tokens: 1000 }); // an equal copy: the same model
  assert.equal(la.kvModelsHeld(), held);
  const before = la.kvMemory(model, { tokens: 1000 }).kvBytes;
  model.layers[0].count = 4; // changed in place: converted again
  assert.equal(la.kvMemory(model, { tokens: 1000 }).kvBytes, 2n * before);
  for (let i = 1; i <= 40; i++) la.kvMemory({ layers: [{ kind: 'mla', count: i, latentDim: 512 }] }, { tokens: 10 });
  assert.equal(la.kvModelsHeld(), 16);
  la.debug.releaseModels();
  assert.equal(la.kvModelsHeld(), 0);
  assert.equal(la.kvMemory(model, { tokens: 1000 }).kvBytes, 2n * before); // converted again
});

test('the batched calls refuse what the one-query calls refuse, naming the field', () => {
  const model = modelOf(presets[0]);
  refusedWith(
    () => la.kvMemoryCurve(model, { tokens: [1000, 2.5] }),
    'tokens[1]',
    /^tokens\[1\] must be a whole number/,
  );
  refusedWith(() => la.kvCapacityCurve(model, { tokens: [-1], gpuBytes: 1e9 }), 'tokens[0]');
  refusedWith(() => la.kvMemoryCurve(model, { tokens: new Float64Array(4097) }), 'tokens', /at most 4096/);
  refusedWith(() => la.kvMemoryCurve(model, { tokens: [1], kvDtype: 'fp7' }), 'kvDtype', /\(got 'fp7'\)/);
  refusedWith(() => la.kvView(model, { tokens: 1, gpuBytes: 1, weightDtype: 'q4' }), 'weightDtype', /\(got 'q4'\)/);
  refusedWith(
    () => la.kvView(model, { tokens: 1, gpuBytes: 1, reference: { layers: [{ kind: 'linear', count: 0 }] } }),
    'reference.layers[0].count',
  );
  refusedWith(() => la.kvView(model, { tokens: 1, gpuBytes: 1, original: { layers: [] } }), 'original.layers');
  refusedWith(() => la.kvView(model, { tokens: 1, gpuBytes: 1, curve: [5, 1e11] }), 'tokens[1]');
  assert.throws(() => la.kvView(model, { tokens: 1, gpuBytes: 1, crossover: 1 }), {
    name: 'LinattnTypeError',
    field: 'crossover',
  });
  assert.throws(() => la.kvMemoryCurve(model, { tokens: ['1'] }), { name: 'LinattnTypeError', field: 'tokens[0]' });
});

test('writeAndRead and readRows give, bit for bit, the writes and reads made one at a time, and name a refused row', () => {
  const d = 6,
    n = 40;
  const x = la.randomNormals(3, 2 * n * d);
  const keys = x.subarray(0, n * d),
    values = x.subarray(n * d);
  for (const cfg of [{}, { featureMap: 'elu1', normalize: true, rule: 'delta', beta: 0.5, unitKeys: true }]) {
    const a = la.memory({ dk: d, dv: d, ...cfg }),
      b = la.memory({ dk: d, dv: d, ...cfg });
    const reads = a.writeAndRead(keys, values),
      finals = a.readRows(keys);
    for (let i = 0; i < n; i++) {
      const k = keys.subarray(i * d, (i + 1) * d);
      b.write(k, values.subarray(i * d, (i + 1) * d));
      assert.deepEqual(reads.subarray(i * d, (i + 1) * d), b.read(k), `read after write ${i}`);
    }
    for (let i = 0; i < n; i++)
      assert.deepEqual(finals.subarray(i * d, (i + 1) * d), b.read(keys.subarray(i * d, (i + 1) * d)));
    assert.deepEqual(a.state(), b.state());
    const bad = keys.slice();
    bad[3 * d + 2] = Infinity;
    refusedWith(() => a.writeAndRead(bad, values), 'keys[3][2]', /^keys\[3\]\[2\] must be a finite number/);
    refusedWith(() => a.writeAndRead(keys, values.subarray(d)), 'values', /as many rows as keys/);
    refusedWith(() => a.readRows(keys.subarray(1)), 'queries', /whole rows of 6/);
    a.delete();
    b.delete();
  }
});

test('20 models in turn through 2,000 views and curves leave the heap as it was', () => {
  const models = Array.from({ length: 20 }, (_, i) => ({
    layers: [{ kind: 'attention', count: i + 1, kvHeads: 4, headDim: 64, window: 4096 }],
    params: 1e9,
  }));
  const work = (i) => {
    la.kvView(models[i % 20], {
      tokens: 5000,
      gpuBytes: 80e9,
      reference: models[(i + 3) % 20],
      curve: [1000, 1e6],
      crossover: true,
    });
    la.kvCapacityCurve(models[(i + 7) % 20], { tokens: [10, 1e5], gpuBytes: 1e9 });
    try {
      la.kvMemoryCurve(models[i % 20], { tokens: [1, -1] });
    } catch {}
  };
  for (let i = 0; i < 100; i++) work(i);
  const heap = la.debug.heapBytesInUse(),
    memory = la.debug.memoryBytes();
  for (let i = 0; i < 2000; i++) work(i);
  // Models are converted and freed all along (20 in turn, 16 kept), so the allocator may place a
  // block a few bytes differently at the end; one leaked block a round would be 16,000 bytes or more.
  const grown = la.debug.heapBytesInUse() - heap;
  assert.ok(grown <= 64, `heap bytes in use grew by ${grown} over 2,000 rounds`);
  assert.equal(la.debug.memoryBytes(), memory);
});
