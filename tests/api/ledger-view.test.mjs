// la.ledgerView (wasm/core/ledger.hpp): the ledger demo's whole view in one call. Each number must
// be, bit for bit, what the step-by-step la.memory / la.compare / la.storageNumbers calls it
// replaced give (the reference below is the demo's model before its one-call view, call for call); bad
// input is refused by name, and the demo's computeLedger gives the chapter's worked example.
import test from 'node:test';
import assert from 'node:assert/strict';
import { createLinattn, LinattnError } from '../../wasm/index.mjs';
import { computeLedger } from '../../web/src/demos/ledger/model.js';
import { exampleState } from '../../web/src/demos/ledger/state.js';

const la = await createLinattn();

/** The view from one la.memory call at a time (the demo's model.js before la.ledgerView). */
function stepByStep({ d, featureMap, normalize, keys, values, step, query, queryIndex }) {
  const mem = la.memory({ dk: d, dv: d, featureMap, normalize });
  try {
    const features = keys.map((k) => mem.features(k));
    const writes = [];
    for (let i = 0; i < step; i++) {
      const stamp = mem.write(keys[i], values[i]);
      writes.push({ stamp, state: mem.state() });
    }
    const state = mem.state();
    const normalizer = mem.normalizer();
    const reads = keys.slice(0, step).map((k, i) => {
      const read = mem.read(k);
      return { read, error: la.compare(read, values[i]).error };
    });
    let q = null;
    if (step > 0) {
      const t = mem.readTerms(query);
      q = { phiQ: mem.features(query), ...t, error: null };
      if (queryIndex >= 0 && queryIndex < step) q.error = la.compare(t.read, values[queryIndex]).error;
    }
    const n = keys.length;
    let overlaps = [];
    if (n > 0) {
      const m = la.memory({ dk: d, dv: n, featureMap });
      keys.forEach((k, i) =>
        m.write(
          k,
          Array.from({ length: n }, (_, j) => (i === j ? 1 : 0)),
        ),
      );
      overlaps = keys.map((k) => m.read(k));
      m.delete();
    }
    // In the feature space, like the overlaps beside them; a zero vector there has no direction.
    const phiQuery = mem.features(query);
    const noDirection = (x) => Array.from(x).every((c) => c === 0);
    const angles = features.map((f) =>
      noDirection(phiQuery) || noDirection(f) ? Number.NaN : la.compare(phiQuery, f).degrees,
    );
    return {
      features,
      writes,
      state,
      normalizer,
      reads,
      query: q,
      overlaps,
      angles,
      storage: la.storageNumbers({ dk: d, dv: d, n: step }),
    };
  } finally {
    mem.delete();
  }
}

/** Every number of a view as plain arrays, for deepEqual (which tells -0 from 0 and NaN apart). */
function plain(x) {
  if (ArrayBuffer.isView(x)) return Array.from(x);
  if (Array.isArray(x)) return x.map(plain);
  if (x && typeof x === 'object') return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, plain(v)]));
  return x;
}

function viewOf(c) {
  return la.ledgerView({
    dk: c.d,
    dv: c.d,
    featureMap: c.featureMap,
    normalize: c.normalize,
    keys: c.keys,
    values: c.values,
    step: c.step,
    query: c.query,
    queryIndex: c.queryIndex,
  });
}

// Random cases from the core's own generator: d 1..5, 0..8 associations, any step, stored or free
// queries, both feature maps, with and without the normalizer.
function cases() {
  const out = [];
  const normals = la.randomNormals(7, 20000);
  let at = 0;
  const next = () => Math.round(normals[at++] * 1000) / 100;
  for (let c = 0; c < 60; c++) {
    const d = 1 + (c % 5);
    const n = c % 9;
    const vec = () => Array.from({ length: d }, next);
    const keys = Array.from({ length: n }, () => {
      const k = vec();
      if (k.every((x) => x === 0)) k[0] = 1;
      return k;
    });
    const elu = c % 3 === 1;
    out.push({
      d,
      featureMap: elu ? 'elu1' : 'identity',
      normalize: elu || c % 4 === 0,
      keys,
      values: Array.from({ length: n }, vec),
      step: n === 0 ? 0 : c % (n + 1),
      queryIndex: n > 0 && c % 2 === 0 ? c % n : -1,
      query: null,
    });
    const last = out[out.length - 1];
    last.query = last.queryIndex >= 0 ? keys[last.queryIndex] : vec();
  }
  // A free query of zeros, under each map (φ(0) is 0 under the identity, (1, …, 1) under elu+1).
  for (const featureMap of ['identity', 'elu1'])
    out.push({
      d: 2,
      featureMap,
      normalize: featureMap === 'elu1',
      keys: [
        [1, 0],
        [0, 1],
      ],
      values: [
        [3, 1],
        [-2, 4],
      ],
      step: 2,
      queryIndex: -1,
      query: [0, 0],
    });
  return out;
}

test('ledgerView gives, bit for bit, what the step-by-step memory calls give (60 random cases)', () => {
  for (const c of cases()) {
    assert.deepEqual(plain(viewOf(c)), plain(stepByStep(c)), JSON.stringify(c));
  }
});

test('the angle column is taken in the space of the overlap beside it: φ(k), and none for a zero query', () => {
  // elu+1: k1 = (1, 0) and k2 = (0, 1) map to (2, 1) and (1, 2), overlap 4 and 36.87°, not 90°.
  const elu = computeLedger(la, { ...exampleState(), featureMap: 'elu1' });
  assert.equal(elu.overlaps[0][1], 4);
  assert.ok(Math.abs(elu.anglesFromQuery[1] - 36.86989764584401) < 1e-9, `${elu.anglesFromQuery}`);
  // a free query of zeros has no direction under the identity map: no angle to any key
  const zero = computeLedger(la, { ...exampleState(), query: -1, freeQuery: [0, 0] });
  assert.deepEqual(zero.anglesFromQuery, [Number.NaN, Number.NaN, Number.NaN]);
});

test('the worked example through computeLedger: S, the reads and the query, to the last digit', () => {
  // k1 = (1, 0) -> (3, 1), k2 = (0, 1) -> (-2, 4), k3 = (0.8, 0.6) -> (0, -5), all three written:
  // S = k1 v1^T + k2 v2^T + k3 v3^T = [[3, -3], [-2, 1]]; k3 overlaps k1 and k2, so every read is off.
  const view = computeLedger(la, exampleState());
  assert.deepEqual(Array.from(view.S), [3, -3, -2, 1]);
  assert.deepEqual(Array.from(view.writes[2].stamp), [0, -4, 0, -3]);
  assert.deepEqual(
    view.reads.map((r) => [Array.from(r.read), r.error, r.exact]),
    [
      [[3, -3], 4, false],
      [[-2, 1], 3, false],
      [[1.2000000000000004, -1.8000000000000003], 3.417601498127012, false],
    ],
  );
  // the query is k1 (association 0): its read term by term, and its error against v1
  assert.deepEqual(Array.from(view.query.coefficients), [1, 0, 0.8]);
  assert.deepEqual(Array.from(view.query.read), [3, -3]);
  assert.equal(view.query.error, 4);
  assert.deepEqual(view.anglesFromQuery, [0, 90, 36.86989764584401]);
  assert.deepEqual(view.numbers, { receipts: 12, ledger: 4 });
  assert.equal(view.count, 3);
  assert.equal(view.ledgerLength, 4);
});

test('ledgerView refuses bad input by name and stays usable', () => {
  const good = { dk: 2, dv: 2, keys: [[1, 0]], values: [[3, 1]], step: 1, query: [1, 0] };
  const refuses = (patch, field) => {
    assert.throws(
      () => la.ledgerView({ ...good, ...patch }),
      (e) => e instanceof LinattnError && e.field === field,
      `${JSON.stringify(patch)} -> ${field}`,
    );
  };
  refuses({ dk: 0 }, 'dk');
  refuses({ dk: 2.5 }, 'dk');
  refuses({ dv: 1e9 }, 'dv');
  refuses({ featureMap: 'relu' }, 'featureMap');
  refuses({ keys: [[1, 0, 0]] }, 'keys[0]');
  refuses({ values: [[1]] }, 'values[0]');
  refuses({ values: [] }, 'values');
  refuses({ keys: [[1, Number.NaN]] }, 'keys[0][1]');
  refuses({ values: [[1, 1e300]] }, 'values[0][1]');
  refuses({ step: 2 }, 'step');
  refuses({ step: -1 }, 'step');
  refuses({ query: [1] }, 'query');
  refuses({ queryIndex: 1 }, 'queryIndex');
  refuses(
    { keys: Array.from({ length: 65 }, () => [1, 0]), values: Array.from({ length: 65 }, () => [1, 0]) },
    'associations',
  );
  assert.throws(
    () => la.ledgerView({ ...good, keys: 'no' }),
    (e) => e.name === 'LinattnTypeError' && e.field === 'keys',
  );
  assert.throws(
    () => la.ledgerView({ ...good, extra: 1 }),
    (e) => e.name === 'LinattnTypeError' && e.field === 'extra',
  );
  assert.equal(la.limits.maxLedgerAssociations, 64);
  // after every refusal the module still computes, and frees what it made
  const before = la.debug.heapBytesInUse();
  for (let i = 0; i < 200; i++) la.ledgerView(good);
  assert.equal(la.debug.heapBytesInUse(), before);
  assert.deepEqual(Array.from(la.ledgerView(good).reads[0].read), [3, 1]);
});
