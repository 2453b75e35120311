// The page-thread executor: where workers are unavailable (a sandboxed frame), the sweep, the store
// and the capacity panel run on the page thread in short steps, each step a task of its own and
// each given a budget of the core's work (pacing.js: the frame budget) so that no task comes near
// 50 ms. One step loop (`loop`) serves all three. The runner's record `r` says which request is
// current ({ sweepJob, storeJob, storePending, capacityJob }), whether it is paused or held, and
// hears from here only through on.* and r.storeEnded().
import { mainThreadPhases, sweepResults, storeSteps, capacityResults } from './core-work.js';
import { budgeted, FIRST_STEP_WORK } from './pacing.js';
import { workTimer } from '../../../lib/work-timing.js';

const timed = workTimer('overcapacity'); // la-overcapacity:main-step, one per step on the page thread

/** Runs `fn` in a task of its own, `ms` from now, unless the runner is destroyed meanwhile. */
export function later(r, fn, ms = 0) {
  const t = setTimeout(() => {
    r.timers.delete(t);
    if (!r.destroyed) fn();
  }, ms);
  r.timers.add(t);
}

/** Says paused, if the runner is. */
export const confirmPaused = (r) => r.paused && r.on.paused?.();

/** Whether a step of `kind` waits instead of running now: while paused (a sweep's step parks
 *  until resume(); a capacity step looks again later), while the curve comes first (capacity),
 *  and while the reader drags (hold). Stores never wait: the reader is looking at one. */
function waits(r, step, kind) {
  if (kind === 'store') return false;
  if (r.paused && kind === 'sweep') {
    const before = r.parked;
    r.parked = step;
    if (before && before !== step) before(); // a superseded sweep's step: it frees its stream
    confirmPaused(r);
    return true;
  }
  if (r.paused || (kind === 'capacity' && r.capacityWaits)) {
    later(r, step, 250); // off-screen, or the curve first: look again later
    return true;
  }
  const held = r.hold.left();
  if (held > 0) later(r, step, held);
  return held > 0;
}

/** The step loop: each task runs `step()` (true: more to do) while `wanted()`, unless it waits
 *  (`waits`); `fail(err)` when a step throws; `end()` once, when it stops. */
function loop(r, kind, { wanted, step, fail, end = () => {} }) {
  const run = () => {
    if (!wanted()) {
      end();
      return;
    }
    if (waits(r, run, kind)) return;
    let more = false;
    try {
      more = step();
    } catch (err) {
      fail(err);
    }
    if (more) later(r, run);
    else end();
  };
  later(r, run);
}

/** The sweep: short steps of the core's stream; a result only when a step finished a trial (or a
 *  preview). */
export function runSweepHere(r, job) {
  const budget = r.budgets.sweep;
  // Other settings (d, the rule) cost other times per unit of the cost model: start small again.
  budget.work = Math.min(budget.work, FIRST_STEP_WORK);
  const results = sweepResults(r.la, job.params, mainThreadPhases(job.phases, job.params.d), budget);
  job.results = results;
  loop(r, 'sweep', {
    wanted: () => r.sweepJob === job && !job.done,
    step() {
      const next = budgeted(budget, timed, 'main-step', () => results.next());
      if (next.done) job.done = true;
      else if (next.value) {
        if (next.value.complete) job.done = true;
        r.on.sweep(job.id, next.value);
      }
      return !job.done;
    },
    fail(err) {
      job.done = true;
      results.return();
      r.on.error(job.id, 'sweep', err.message);
    },
    end: () => results.return(),
  });
}

/** The store: short steps of the core's stream (a d = 256 store is 100-300 ms in one call). A newer
 *  request replaces it between steps. */
export function runStoreHere(r, job) {
  const budget = r.budgets.store;
  budget.work = Math.min(budget.work, FIRST_STEP_WORK);
  let steps = null;
  loop(r, 'store', {
    wanted: () => r.storeJob === job && !r.storePending,
    step() {
      if (!steps) {
        r.storeInProgress?.free(); // (a store this one replaced, if its last step has not run)
        steps = r.storeInProgress = storeSteps(r.la, job.params);
      }
      const result = budgeted(budget, timed, 'main-store-step', (work) => {
        const out = steps.step(work);
        budget.did = steps.did;
        return out;
      });
      if (!result) return true;
      r.storeJob = null;
      r.on.store(job.id, result);
      return false;
    },
    fail(err) {
      r.storeJob = null;
      r.on.error(job.id, 'store', err.message);
    },
    end() {
      steps?.free();
      if (r.storeInProgress === steps) r.storeInProgress = null;
      steps = null;
      if (r.storeJob === job) r.storeJob = null;
      r.storeEnded();
    },
  });
}

/** The capacity panel: one trial of one (d, key geometry) per task, each call's numbers merged by
 *  the core when its last trial is in. */
export function runCapacityHere(r, job) {
  const results = capacityResults(r.la, job.params, true);
  loop(r, 'capacity', {
    wanted: () => r.capacityJob === job,
    step() {
      const { value, done } = results.next();
      if (done) job.done = true;
      if (done || value) r.on.capacity?.(job.id, done ? null : value, done);
      return !done;
    },
    fail(err) {
      job.done = true;
      r.on.error(job.id, 'capacity', err.message);
    },
  });
}
