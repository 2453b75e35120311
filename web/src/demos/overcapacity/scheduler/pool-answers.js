// The pool's answers: each worker's piece merged with the others by the core (la.mergeSweepTrials
// through core-work.js mergeSweepParts; la.mergeCapacityTrials), and told to the runner only for
// the current requests. A sweep's previews are shown coarsest first; a capacity call is told when
// its last trial is in, in order of d.
import { mergeSweepParts, capacityEntry } from './core-work.js';
import { FULL, closedCalls } from './queue.js';

/** A worker's answer to a piece of the pool's current sweep or capacity panel (a superseded one
 *  is dropped). */
export function answerPiece(pool, task, data) {
  if (task.kind === 'sweep') answerSweep(pool, task, data);
  else answerCapacity(pool, task, data);
}

/** The store slot's answer: straight to the runner, which keeps at most one store in flight. */
export function answerStore(pool, data) {
  if (data.type === 'error') pool.on.error(data.id, 'store', data.message);
  else if (data.type === 'store') pool.on.store(data.id, data.result);
}

/** Ends `job` with an error. */
export function fail(pool, job, kind, message) {
  job.done = true;
  pool.on.error(job.id, kind, message);
}

function answerSweep(pool, task, data) {
  const s = task.job;
  if (s !== pool.sweep || s.done) return;
  if (data.type === 'error') {
    fail(pool, s, 'sweep', data.message);
    return;
  }
  if (data.type === 'sweep') {
    if (task.rank <= s.shown) return; // a coarser preview after a finer one
    s.shown = task.rank;
    pool.on.sweep(s.id, data.result);
    return;
  }
  s.parts.push(data.part);
  let result;
  try {
    result = mergeSweepParts(pool.la, s.params, s.full, s.parts);
  } catch (err) {
    fail(pool, s, 'sweep', err.message);
    return;
  }
  s.shown = FULL;
  if (result.complete) s.done = true;
  pool.on.sweep(s.id, result);
}

function answerCapacity(pool, task, data) {
  const c = task.job;
  if (c !== pool.cap || c.done) return;
  if (data.type === 'error') {
    fail(pool, c, 'capacity', data.message);
    return;
  }
  task.call.parts.push(data.part);
  task.call.got += data.part.count;
  for (const call of closedCalls(c)) {
    let entry;
    try {
      entry = capacityEntry(call, pool.la.mergeCapacityTrials(call.opts, call.parts));
    } catch (err) {
      fail(pool, c, 'capacity', err.message);
      return;
    }
    pool.on.capacity(c.id, entry, false);
  }
}
