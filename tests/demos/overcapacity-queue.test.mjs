// The overcapacity demo's queue (web/src/demos/overcapacity/scheduler/queue.js), alone: what the
// pool hands out next and what the demo asks for next, as plain data, without workers or the core.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  FULL,
  sweepRecord,
  capacityRecord,
  takeSweepPiece,
  takeCapacityPiece,
  nextPiece,
  closedCalls,
  sweepNeed,
  storeNeed,
} from '../../web/src/demos/overcapacity/scheduler/queue.js';

const params = { d: 64, trials: 10, seed: 1, keys: 'random', beta: 8 };
const preview = (ns) => ({ name: 'preview', trials: 1, ns });
const full = { name: 'full', trials: 10, ns: null, step: 4 };

/** Capacity calls as core-work.js capacityCalls yields them, with `trials` each. */
function* calls(...trials) {
  for (const [i, t] of trials.entries())
    yield { d: 16 * 2 ** i, keys: 'random', opts: { dims: [16 * 2 ** i], trials: t } };
}

test('a sweep hands out its previews, cheapest first, then its trials in ranges every worker shares', () => {
  const s = sweepRecord({ id: 7, params, phases: [preview([1, 2]), preview([1, 2, 3]), full] }, 2);
  assert.equal(s.chunk, 3, 'ten trials for two workers: ranges of ceil(10 / 4) = 3, under the step of 4');
  const pieces = [];
  for (let p = takeSweepPiece(s); p; p = takeSweepPiece(s)) pieces.push(p.message);
  assert.deepEqual(
    pieces.map((m) => [m.type, m.first ?? m.phase.ns.length, m.count ?? 1]),
    [
      ['preview', 2, 1],
      ['preview', 3, 1],
      ['trials', 0, 3],
      ['trials', 3, 3],
      ['trials', 6, 3],
      ['trials', 9, 1],
    ],
  );
  assert.ok(pieces.every((m) => m.id === 7));
});

test('once the full sweep has shown, the previews left are skipped', () => {
  const s = sweepRecord({ id: 1, params, phases: [preview([1]), preview([1, 2]), full] }, 1);
  takeSweepPiece(s);
  s.shown = FULL;
  assert.equal(takeSweepPiece(s).message.type, 'trials');
});

test('the capacity panel waits while the sweep has trials, while the curve comes first, paused or held', () => {
  const sweep = sweepRecord({ id: 1, params, phases: [{ ...full, trials: 1 }] }, 1);
  const cap = capacityRecord(2, calls(4));
  const pace = { paused: false, held: 0, capacityWaits: false, size: 1 };
  assert.equal(nextPiece({ sweep, cap }, { ...pace, paused: true }), null);
  assert.deepEqual(nextPiece({ sweep, cap }, { ...pace, held: 120 }), { hold: 120 });
  assert.equal(nextPiece({ sweep, cap }, pace).task.kind, 'sweep');
  assert.equal(nextPiece({ sweep, cap }, { ...pace, capacityWaits: true }), null, 'the curve first');
  const { task } = nextPiece({ sweep, cap }, pace);
  assert.deepEqual([task.kind, task.message.first, task.message.count], ['capacity', 0, 4]);
});

test('capacity calls open one at a time, pre-empted ranges go out again first, and the panel ends once all are merged', () => {
  const c = capacityRecord(3, calls(4, 2));
  const first = takeCapacityPiece(c, 2).task; // trials 0-1 of the first call
  const second = takeCapacityPiece(c, 2).task; // trials 2-3
  assert.deepEqual([first.message.first, second.message.first, second.message.count], [0, 2, 2]);
  first.call.retry.push({ first: 0, count: 2 }); // a sweep pre-empted the first range
  assert.equal(takeCapacityPiece(c, 2).task.message.first, 0, 'the pre-empted range again');
  const next = takeCapacityPiece(c, 2).task;
  assert.deepEqual([next.message.opts.dims[0], next.message.count], [32, 1], 'the second call opened');
  takeCapacityPiece(c, 2);
  assert.equal(takeCapacityPiece(c, 2), null, 'all handed out, none merged yet: nothing now');
  for (const call of c.open) call.got = call.trials;
  assert.deepEqual(
    closedCalls(c).map((call) => call.d),
    [16, 32],
  );
  assert.deepEqual(takeCapacityPiece(c, 2), { done: true });
  assert.equal(c.done, true);
});

test("a call the core refuses ends the panel's queue with its message", () => {
  const refusing = (function* () {
    yield* [];
    throw new Error('over budget');
  })();
  assert.deepEqual(takeCapacityPiece(capacityRecord(4, refusing), 1), { error: 'over budget' });
});

test('a sweep is asked for unless held or on its way; one left part-way skips its previews', () => {
  const state = { ...params, n: 40, rule: 'add', gate: 1, step: 1 };
  const phasesOf = () => [preview([1]), full];
  assert.equal(sweepNeed(state, { complete: true }, false, phasesOf), 'held');
  assert.equal(sweepNeed(state, undefined, true, phasesOf), 'asked');
  const fresh = sweepNeed(state, undefined, false, phasesOf);
  assert.deepEqual(
    fresh.phases.map((p) => p.name),
    ['preview', 'full'],
  );
  assert.deepEqual(fresh.params, {
    d: 64,
    trials: 10,
    seed: 1,
    keys: 'random',
    beta: 8,
    rule: 'add',
    gate: 1,
    step: 1,
  });
  const partial = sweepNeed(state, { complete: false, sweep: { phase: 'full' } }, false, phasesOf);
  assert.deepEqual(
    partial.phases.map((p) => p.name),
    ['full'],
  );
});

test('a store: shown, on its way, computed here when cheap, held while a settings slider moves, else asked for or waited for', () => {
  const free = { shown: false, asked: false, resting: false, now: false };
  const large = { cheap: false, quick: false };
  assert.equal(storeNeed({ ...free, shown: true }, large), 'shown');
  assert.equal(storeNeed({ ...free, asked: true }, large), 'asked');
  assert.equal(storeNeed({ ...free, resting: true }, { cheap: true, quick: true }), 'here');
  assert.equal(storeNeed({ ...free, resting: true }, large), 'held');
  assert.equal(storeNeed(free, { cheap: false, quick: true }), 'ask');
  assert.equal(storeNeed({ ...free, now: true }, large), 'ask');
  assert.equal(storeNeed(free, large), 'wait');
});
