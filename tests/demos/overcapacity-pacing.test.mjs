// The overcapacity demo's pacing (web/src/demos/overcapacity/scheduler/pacing.js), alone: the page
// thread's frame budget, the hold of a drag, and the rest of a settings slider.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  nextStepWork,
  budgeted,
  newBudget,
  createHold,
  createDragHold,
  createRestTimer,
  FIRST_STEP_WORK,
  SWEEP_HOLD_MS,
  SETTINGS_SETTLE_MS,
} from '../../web/src/demos/overcapacity/scheduler/pacing.js';

test("the page thread's next budget follows the rate of the work done, at most doubling", () => {
  // A step given 4 M units that did them in 24 ms: half as much next time (12 ms).
  assert.equal(nextStepWork(4e6, 4e6, 24), 2e6);
  // A step that ended at a trial's end after 1 M of its 4 M units in 3 ms: 4 M next, not 16 M.
  assert.equal(nextStepWork(4e6, 1e6, 3), 4e6);
  assert.equal(nextStepWork(1e6, 1e6, 1), 2e6);
  assert.equal(nextStepWork(4096, 1, 100), 4096);
  assert.equal(nextStepWork(2 ** 30, 2 ** 30, 0), 2 ** 30);
});

test('a budgeted step is timed under its name and sets the next budget from what it did', () => {
  // The step's clock is the test's: under npm test's load a real step of a few microseconds took
  // milliseconds, and the next budget fell below the first.
  let t = 100;
  const budget = newBudget();
  assert.deepEqual(budget, { work: FIRST_STEP_WORK, did: 0 });
  const timings = [];
  const out = budgeted(
    budget,
    (name, t0) => timings.push([name, t0]),
    'main-step',
    (work) => {
      budget.did = work / 2;
      t += 3;
      return work;
    },
    () => t,
  );
  assert.equal(out, FIRST_STEP_WORK);
  assert.deepEqual(timings, [['main-step', 100]]);
  // Half the budget in 3 ms: the rate aimed at the step's time, at most twice the last budget.
  assert.equal(budget.work, nextStepWork(FIRST_STEP_WORK, FIRST_STEP_WORK / 2, 3));
  assert.ok(budget.work > FIRST_STEP_WORK && budget.work <= 2 * FIRST_STEP_WORK, String(budget.work));
});

test('a hold keeps the latest end of the holds asked for', () => {
  let t = 1000;
  const h = createHold(() => t);
  assert.ok(h.left() <= 0);
  h.hold(300);
  h.hold(100);
  assert.equal(h.left(), 300);
  t = 1300;
  assert.equal(h.left(), 0);
});

test("a drag holds the sweep at most once per third of the hold's length", () => {
  let t = 0;
  const holds = [];
  const drag = createDragHold(
    (ms) => holds.push([t, ms]),
    () => t,
  );
  for (t = 0; t <= 300; t += 10) drag();
  assert.deepEqual(holds, [
    [0, SWEEP_HOLD_MS],
    [110, SWEEP_HOLD_MS],
    [220, SWEEP_HOLD_MS],
  ]);
});

test('a settings slider rests SETTINGS_SETTLE_MS after the frame of its value; again() counts anew, stop() forgets', (t) => {
  // The timers are node's mock timers, moved on by the test: under npm test's load a real 25 ms
  // sleep took longer than the 40 ms count, and the rest came early.
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const tick = (ms) => t.mock.timers.tick(ms);
  let rests = 0;
  // Frames run when the test says so.
  const frames = [];
  const frame = (fn) => Object.assign(() => frames.push(fn), { cancel: () => frames.splice(0) });
  const timer = createRestTimer(() => (rests += 1), frame, 40);
  timer.start();
  tick(60);
  assert.equal(rests, 0, 'the count starts in the frame after the value was drawn');
  frames.shift()();
  tick(25);
  timer.again();
  frames.shift()();
  tick(25);
  assert.equal(rests, 0, 'the pointer moved: the count started anew');
  tick(14);
  assert.equal(rests, 0, 'not before its 40 ms');
  tick(1);
  assert.equal(rests, 1, 'at its 40 ms');
  timer.start();
  frames.shift()();
  timer.stop();
  tick(60);
  assert.equal(rests, 1, 'stopped');
  assert.equal(SETTINGS_SETTLE_MS, 250);
});
