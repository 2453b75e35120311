// The overcapacity demo's requests and held answers (requests.js, answers.js), alone: what a state
// asks of the core given the answers it holds, and which sweep steps are kept, as plain data.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { requests, capacityParams, storeParams } from '../../web/src/demos/overcapacity/requests.js';
import { keepSweep, SWEEP_CACHE_SIZE } from '../../web/src/demos/overcapacity/answers.js';
import { DEFAULTS, sweepKey, capacityKey, storeKey } from '../../web/src/demos/overcapacity/state.js';
import { sweepPhases, storeIsCheap } from '../../web/src/demos/overcapacity/scheduler/core-work.js';
import { sweepParams } from '../../web/src/demos/overcapacity/scheduler/queue.js';
import { createReducer, initialState } from '../../web/src/demos/overcapacity/reduce.js';

const s = { ...DEFAULTS };
const reduce = createReducer(() => {});
const start = initialState(undefined, () => {});
/** The state once the kit has answered `key` with `value`. */
const answered = (state, key, value) => reduce(state, { type: 'answer', key, value, done: true });

test('a state with nothing held asks for its sweep, its capacity numbers and its store', () => {
  const out = requests(start);
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
  const full = { phase: 'full', trials: s.trials, complete: true };
  const [sweep, capacity, store] = requests(start).map((r) => r.key);
  let held = answered(start, sweep, full);
  held = answered(held, capacity, { results: [], complete: true });
  held = answered(held, store, { n: s.n });
  assert.deepEqual(requests(held), []);
  const partial = reduce(start, { type: 'answer', key: sweep, value: { ...full, trials: 1, complete: false } });
  assert.deepEqual(
    requests(partial)[0].args.phases.map((p) => p.name),
    ['full'],
  );
  // Another N: the store there is asked for; the sweep and capacity numbers do not depend on N.
  const moved = reduce(held, { type: 'n', n: s.n + 1 });
  assert.deepEqual(
    requests(moved).map((r) => r.call),
    ['store'],
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

test('the sweep answers live in the reducer state: a part-way sweep is held, then resumed by requests', () => {
  assert.equal(start.sweeps.size, 0);
  const key = sweepKey(start.settings);
  const answer = (value) => ({ type: 'answer', key: `sweep|${key}`, value, done: value.complete });
  const part = reduce(start, answer({ phase: 'full', trials: 2, complete: false }));
  assert.equal(part.sweeps.get(key).complete, false);
  assert.equal(part.settings, start.settings, 'an answer changes no setting');
  const resumed = requests(part).find((r) => r.call === 'sweep');
  assert.deepEqual(
    resumed.args.phases.map((p) => p.name),
    ['full'],
  );
  assert.equal(
    reduce(part, answer({ phase: 'full', trials: 1, complete: false })),
    part,
    'fewer trials: the same state',
  );
  const refused = reduce(part, { type: 'answer', key: `sweep|${key}`, error: new Error('no'), done: true });
  assert.equal(refused.sweeps.has(key), false, 'a refused sweep: its steps dropped');
});
