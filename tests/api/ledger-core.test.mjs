// The ledger's own module (wasm/ledger.mjs): createLedgerCore() must give exactly what the main
// module's la.ledgerView gives (every number bit for bit, -0 and NaN included), refuse what it refuses
// with the same error (class, field, message), carry the same limits, and free what it makes.
import test from 'node:test';
import assert from 'node:assert/strict';
import { createLinattn } from '../../wasm/index.mjs';
import { createLedgerCore, LinattnError } from '../../wasm/ledger.mjs';
import { computeLedger } from '../../web/src/demos/ledger/model.js';
import { exampleState } from '../../web/src/demos/ledger/state.js';

const la = await createLinattn();
const core = await createLedgerCore();

// Both answers, or both errors as { name, field, message }: deepStrictEqual compares typed arrays
// entry by entry with Object.is (0 and -0 differ, NaN equals NaN).
function outcome(api, opts) {
  try {
    return { view: api.ledgerView(opts) };
  } catch (e) {
    return { error: { name: e.name, field: e.field, message: e.message, ledger: e instanceof LinattnError } };
  }
}
const same = (opts, what = JSON.stringify(opts)) => {
  const mine = outcome(core, opts);
  assert.deepStrictEqual(mine, outcome(la, opts), what);
  return mine;
};

test('the same limits as the main module', () => {
  assert.deepStrictEqual({ ...core.limits }, { ...la.limits });
  assert.ok(Object.isFrozen(core.limits) && Object.isFrozen(core));
});

test("the worked example through the demo's computeLedger: the same view as the main module's, to the last bit", () => {
  for (const featureMap of ['identity', 'elu1'])
    for (const query of [0, 1, 2, -1]) {
      const state = { ...exampleState(), featureMap, query };
      assert.deepStrictEqual(computeLedger(core, state), computeLedger(la, state), JSON.stringify(state));
    }
  const view = computeLedger(core, exampleState());
  assert.deepEqual(Array.from(view.S), [3, -3, -2, 1]);
  assert.deepEqual(view.anglesFromQuery, [0, 90, 36.86989764584401]);
});

test('the same views on 80 random cases (any d, step, stored or free query, both maps and rules)', () => {
  const normals = la.randomNormals(11, 20000);
  let at = 0;
  const next = () => Math.round(normals[at++] * 1000) / 100;
  for (let c = 0; c < 80; c++) {
    const d = 1 + (c % 6);
    const n = c % 10;
    const vec = () => Array.from({ length: d }, next);
    const keys = Array.from({ length: n }, vec);
    const queryIndex = n > 0 && c % 2 === 0 ? c % n : -1;
    const opts = {
      dk: d,
      dv: d,
      featureMap: c % 3 === 1 ? 'elu1' : 'identity',
      normalize: c % 4 === 0,
      rule: c % 5 === 2 ? 'delta' : 'add',
      beta: 0.5,
      unitKeys: c % 7 === 3,
      keys,
      values: Array.from({ length: n }, vec),
      step: n === 0 ? 0 : c % (n + 1),
      query: queryIndex >= 0 ? keys[queryIndex] : vec(),
      queryIndex,
    };
    same(opts);
  }
});

test('the same refusals, field by field, and the module stays usable and flat', () => {
  const good = { dk: 2, dv: 2, keys: [[1, 0]], values: [[3, 1]], step: 1, query: [1, 0] };
  const patches = [
    [{ dk: 0 }, 'dk'],
    [{ dk: 2.5 }, 'dk'],
    [{ dv: 1e9 }, 'dv'],
    [{ featureMap: 'relu' }, 'featureMap'],
    [{ rule: 'hebb' }, 'rule'],
    [{ dk: 0, featureMap: 'relu' }, 'dk'],
    [{ beta: 7, rule: 'delta' }, 'beta'],
    [{ keys: [[1, 0, 0]] }, 'keys[0]'],
    [{ values: [[1]] }, 'values[0]'],
    [{ values: [] }, 'values'],
    [{ keys: [[1, Number.NaN]] }, 'keys[0][1]'],
    [{ values: [[1, 1e300]] }, 'values[0][1]'],
    [{ step: 2 }, 'step'],
    [{ step: -1 }, 'step'],
    [{ query: [1] }, 'query'],
    [{ queryIndex: 1 }, 'queryIndex'],
    [
      { keys: Array.from({ length: 65 }, () => [1, 0]), values: Array.from({ length: 65 }, () => [1, 0]) },
      'associations',
    ],
    [{ keys: 'no' }, 'keys'],
    [{ extra: 1 }, 'extra'],
  ];
  const before = core.debug.heapBytesInUse();
  for (const [patch, field] of patches) {
    const { error } = same({ ...good, ...patch });
    assert.equal(error?.field, field, `${JSON.stringify(patch)} -> ${field}`);
  }
  for (let i = 0; i < 200; i++) core.ledgerView(good);
  assert.equal(core.debug.heapBytesInUse(), before, 'bytes in use after refusals and 200 views');
  assert.deepEqual(Array.from(core.ledgerView(good).reads[0].read), [3, 1]);
});

test('the module is a fraction of the main one: only what the ledger reaches', async () => {
  const { readFileSync } = await import('node:fs');
  const { gzipSync } = await import('node:zlib');
  const gz = (name) =>
    gzipSync(readFileSync(new URL(`../../build/wasm/${name}`, import.meta.url)), { level: 9 }).length;
  const ledger = gz('linattn-ledger.wasm');
  const main = gz('linattn.wasm');
  console.log(`# wasm gzip: the ledger's ${(ledger / 1024).toFixed(1)} KB, the main ${(main / 1024).toFixed(1)} KB`);
  assert.ok(ledger < main / 2, `${ledger} B against ${main} B`);
});
