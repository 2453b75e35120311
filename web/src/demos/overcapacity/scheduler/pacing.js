// Pacing: when the demo's work may take the page's core. Nothing here says what is computed (the
// queue does) or where (the executors do); only how long a page-thread step may run (the frame
// budget), how long the reader's drag holds the work back, and when a settings slider has rested.
import { coalesceFrames } from '../../../lib/frame.js';

/** Page-thread steps aim at this many milliseconds of the core's work each (the chart drawn after
 *  a step takes more), so that no task comes near 50 ms. */
export const MAIN_THREAD_STEP_MS = 12;
/** The first page-thread step's work, in the core's cost units (about 1 ms); later steps scale it
 *  by how long the last one took. */
export const FIRST_STEP_WORK = 2 ** 18;
/** How long the N slider must rest before a sweep streaming in takes its next step. */
export const SWEEP_HOLD_MS = 300;
/** How long the N slider must rest before a large store is requested. */
export const STORE_SETTLE_MS = 120;
/** How long a settings slider (β, the forget gate, the delta step, the tolerance) must rest before
 *  the sweep and capacity numbers of its value are asked for. */
export const SETTINGS_SETTLE_MS = 250;

/** The next step's budget after a step given `work` units did `did` of them in `ms`: the rate it
 *  ran at, aimed at MAIN_THREAD_STEP_MS, and at most twice the last budget. A step that stopped
 *  early at the end of a trial did less than its budget: dividing the budget by its time would
 *  take the core for faster than it is (the next step, a trial's start, then ran 40-70 ms). */
export function nextStepWork(work, did, ms) {
  const rate = Math.max(did, 1) / Math.max(ms, 0.5);
  return Math.min(2 ** 30, Math.max(2 ** 12, Math.min(2 * work, rate * MAIN_THREAD_STEP_MS)));
}

/** A page-thread step's budget: { work, did } (did: the units the last step did), from
 *  FIRST_STEP_WORK. */
export const newBudget = () => ({ work: FIRST_STEP_WORK, did: 0 });

/** One step given `budget.work` units of the core's cost model, timed by `timed(name, t0)`; the
 *  next step's budget follows the rate this one ran at (`budget.did` the units it did). `now` is
 *  the clock (tests give their own). */
export function budgeted(budget, timed, name, fn, now = () => performance.now()) {
  const t0 = now();
  const work = budget.work;
  const out = fn(work);
  timed(name, t0);
  budget.work = nextStepWork(work, budget.did, now() - t0);
  return out;
}

/** A hold on new work while the reader drags: hold(ms) starts none before ms from now; left()
 *  is the milliseconds still held (0 or less: free). `now` is the clock (tests give their own). */
export function createHold(now = () => performance.now()) {
  let until = 0;
  return {
    hold(ms) {
      until = Math.max(until, now() + ms);
    },
    left: () => until - now(),
  };
}

/** The N slider's drag: each call holds the sweep SWEEP_HOLD_MS, but at most once per a third of
 *  it (a drag fires more events than that). `hold(ms)` is the executors' hold. */
export function createDragHold(hold, now = () => performance.now()) {
  let heldAt = Number.NEGATIVE_INFINITY;
  return () => {
    const t = now();
    if (t - heldAt <= SWEEP_HOLD_MS / 3) return false;
    heldAt = t;
    hold(SWEEP_HOLD_MS);
    return true;
  };
}

/**
 * A settings slider's rest: start() counts SETTINGS_SETTLE_MS from the frame after the value was
 * drawn (a value still being drawn has not rested: at 4× CPU a frame of a β drag took 60–150 ms of
 * the 250, and a sweep started mid-drag, its workers spawned on the frames' thread), then calls
 * onRest(); again() counts anew (the pointer still moves); stop() forgets it.
 * @param {() => void} onRest
 * @param {(fn: () => void) => (() => void) & { cancel(): void }} [frames] coalesceFrames, or a
 *   test's own
 */
export function createRestTimer(onRest, frames = coalesceFrames, ms = SETTINGS_SETTLE_MS) {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const afterFrame = frames(() => {
    clearTimeout(timer);
    timer = setTimeout(onRest, ms);
  });
  return {
    start: () => afterFrame(),
    again() {
      clearTimeout(timer);
      afterFrame();
    },
    stop() {
      afterFrame.cancel();
      clearTimeout(timer);
    },
  };
}
