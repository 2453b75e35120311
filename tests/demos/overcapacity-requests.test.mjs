// The overcapacity demo's requests and held answers (requests.js, answers.js), alone: what a state
// asks of the core given what is held, and which sweep steps are kept, as plain data.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { requests, capacityParams, storeParams } from '../../web/src/demos/overcapacity/requests.js';
import { keepSweep, SWEEP_CACHE_SIZE } from '../../web/src/demos/overcapacity/answers.js';
import { DEFAULTS, sweepKey, capacityKey, storeKey } from '../../web/src/demos/overcapacity/state.js';
import { sweepPhases, storeIsCheap } from '../../web/src/demos/overcapacity/scheduler/core-work.js';
import { sweepParams } from '../../web/src/demos/overcapacity/scheduler/queue.js';

const s = { ...DEFAULTS };

test('a state with nothing held asks for its sweep, its capacity numbers and its store', () => {
  const out = requests(s);
  assert.deepEqual(
    out.map((r) => [r.call, r.key]),
    [
      ['sweep', `sweep|${sweepKey(s)}`],
      ['capacity', `capacity|${capacityKey(s)}`],
      ['store', `store|${storeKey(s)}`],
    ],
  );
  assert.deepEqual(out[0].args, { params: sweepParams(s), phases: sweepPhases(sweepParams(s), s.n) });
  assert.equal(out[0].on, 'pool');
  assert.deepEqual(out[1].args, capacityParams(s));
  assert.equal(out[2].on, storeIsCheap(s.d, s.n, s) ? 'page' : 'pool');
  assert.deepEqual(out[2].args, storeParams(s));
});

test('what is held is not asked again; a sweep left part-way asks for its full phase only', () => {
  const complete = new Map([[sweepKey(s), { sweep: { phase: 'full', trials: s.trials }, complete: true }]]);
  const held = { sweeps: complete, capacity: { key: capacityKey(s), complete: true }, store: { key: storeKey(s) } };
  assert.deepEqual(requests(s, held), []);
  const partial = new Map([[sweepKey(s), { sweep: { phase: 'full', trials: 1 }, complete: false }]]);
  const [sweep, capacity] = requests(s, {
    ...held,
    sweeps: partial,
    capacity: { key: capacityKey(s), complete: false },
  });
  assert.deepEqual(
    sweep.args.phases.map((p) => p.name),
    ['full'],
  );
  assert.equal(capacity.call, 'capacity');
  // Another N: the store there is asked for; the sweep and capacity numbers do not depend on N's store.
  const moved = { ...s, n: s.n + 1 };
  assert.deepEqual(
    requests(moved, held).map((r) => r.call),
    sweepKey(moved) === sweepKey(s) ? ['store'] : ['sweep', 'store'],
  );
});

test('a sweep step is kept unless it would show fewer trials than a full-phase result held', () => {
  const empty = new Map();
  const preview = keepSweep(empty, 'a', { phase: 'coarse', trials: 1, complete: false });
  assert.notEqual(preview, empty);
  assert.equal(empty.size, 0, 'the Map given is not changed');
  const full8 = keepSweep(preview, 'a', { phase: 'full', trials: 8, complete: false });
  assert.equal(full8.get('a').sweep.trials, 8);
  // Resumed (restarted) sweep: its previews and its first, smaller steps are not shown.
  assert.equal(keepSweep(full8, 'a', { phase: 'coarse', trials: 1, complete: false }), full8);
  assert.equal(keepSweep(full8, 'a', { phase: 'full', trials: 4, complete: false }), full8);
  assert.equal(keepSweep(full8, 'a', { phase: 'full', trials: 12, complete: false }).get('a').sweep.trials, 12);
  assert.equal(keepSweep(full8, 'a', { phase: 'full', trials: 4, complete: true }).get('a').complete, true);
});

test('a few settings are held, the one used last kept longest', () => {
  let cache = new Map();
  for (let i = 0; i <= SWEEP_CACHE_SIZE; i++)
    cache = keepSweep(cache, `k${i}`, { phase: 'full', trials: 1, complete: true });
  assert.equal(cache.size, SWEEP_CACHE_SIZE);
  assert.equal(cache.has('k0'), false);
  cache = keepSweep(cache, 'k1', { phase: 'full', trials: 2, complete: true });
  cache = keepSweep(cache, 'k9', { phase: 'full', trials: 1, complete: true });
  assert.equal(cache.has('k1'), true, 'k1 was used last but one');
  assert.equal(cache.has('k2'), false);
});

test('the sweep answers live in the reducer state: a part-way sweep is held, then resumed by requests', async () => {
  const { createReducer, initialState } = await import('../../web/src/demos/overcapacity/reduce.js');
  const reduce = createReducer(() => {});
  const start = initialState(undefined, () => {});
  assert.equal(start.sweeps.size, 0);
  const key = sweepKey(start.settings);
  const part = reduce(start, {
    type: 'answer',
    call: 'sweep',
    key,
    value: { phase: 'full', trials: 2, complete: false },
  });
  assert.equal(part.sweeps.get(key).complete, false);
  assert.equal(part.settings, start.settings, 'an answer changes no setting');
  const resumed = requests(part.settings, { sweeps: part.sweeps }).find((r) => r.call === 'sweep');
  assert.deepEqual(
    resumed.args.phases.map((p) => p.name),
    ['full'],
  );
  const fewer = { type: 'answer', call: 'sweep', key, value: { phase: 'full', trials: 1, complete: false } };
  assert.equal(reduce(part, fewer), part, 'fewer trials than held: the same state');
  const gone = reduce(part, { type: 'forget', call: 'sweep', key });
  assert.equal(gone.sweeps.has(key), false);
  assert.equal(reduce(gone, { type: 'forget', call: 'sweep', key }), gone);
});
