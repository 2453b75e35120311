// The queue: what the pool computes next, as plain records and pure choices (no worker, no timer).
// A sweep request is its previews (one piece each) and then its full sweep in ranges of trials; the
// capacity panel is one call per (d, key geometry), each split into ranges of trials. Sweeps come
// first: no capacity piece is handed out while a sweep has pieces left, while the page asks it to
// wait (the curve first), while paused, or while the reader's drag holds the work.
// The take* functions advance the record they are given (the queue's own, nobody else's).

/** The rank of the full sweep's results (above every preview). */
export const FULL = Number.POSITIVE_INFINITY;

/** A sweep request { id, params, phases } as the pool's record, its trials in ranges small enough
 *  that each of `size` workers gets some and results keep arriving. */
export function sweepRecord(job, size) {
  const full = job.phases.find((p) => p.name === 'full') ?? null;
  const previews = job.phases.filter((p) => p.name !== 'full').map((phase, rank) => ({ phase, rank }));
  const step = full ? (full.step ?? full.trials) : 1;
  const chunk = full ? Math.max(1, Math.min(step, Math.ceil(full.trials / (2 * size)))) : 1;
  return { id: job.id, params: job.params, previews, full, chunk, shown: -1, next: 0, parts: [], done: false };
}

/** The capacity panel's request as the pool's record: `calls` the core's calls (core-work.js
 *  capacityCalls), opened one at a time. */
export const capacityRecord = (id, calls) => ({ id, calls, open: [], exhausted: false, done: false });

/** Whether the sweep still has trials to hand out. */
export const sweepHasTrials = (s) => Boolean(s && !s.done && s.next < (s.full?.trials ?? 0));

/** The sweep's next piece (a preview until the full sweep has shown, then a range of trials), or
 *  null when none is left to hand out. */
export function takeSweepPiece(s) {
  if (!s || s.done) return null;
  if (s.previews.length > 0 && s.shown < FULL) {
    const { phase, rank } = s.previews.shift();
    return { kind: 'sweep', job: s, rank, message: { type: 'preview', id: s.id, params: s.params, phase } };
  }
  if (!s.full || s.next >= s.full.trials) return null;
  const first = s.next;
  const count = Math.min(s.chunk, s.full.trials - first);
  s.next += count;
  const message = { type: 'trials', id: s.id, params: s.params, phase: s.full, first, count };
  return { kind: 'sweep', job: s, rank: FULL, message };
}

/** Opens the capacity panel's next call (its trials in ranges for `size` workers), or marks the
 *  calls exhausted; throws what the core throws. */
function openCall(c, size) {
  const got = c.calls.next();
  if (got.done) {
    c.exhausted = true;
    return null;
  }
  const trials = got.value.opts.trials;
  const call = { ...got.value, trials, next: 0, got: 0, parts: [], retry: [], chunk: Math.ceil(trials / size) };
  c.open.push(call);
  return call;
}

/**
 * The capacity panel's next piece: { task } (a range a sweep pre-empted first, then the open
 * call's next range, then a new call's), { done: true } once every call is handed out and merged
 * (the record is marked done), { error } when the core refused a call, or null (nothing to hand
 * out now: the pieces out are still running).
 */
export function takeCapacityPiece(c, size) {
  if (!c || c.done) return null;
  const piece = (call, first, count) => ({
    task: { kind: 'capacity', job: c, call, message: { type: 'capacity', id: c.id, opts: call.opts, first, count } },
  });
  const again = c.open.find((o) => o.retry.length > 0);
  if (again) {
    const { first, count } = again.retry.shift();
    return piece(again, first, count);
  }
  let call = c.open.find((o) => o.next < o.trials);
  if (!call && !c.exhausted) {
    try {
      call = openCall(c, size);
    } catch (err) {
      return { error: err.message };
    }
  }
  if (!call) {
    if (!c.exhausted || c.open.length > 0) return null;
    c.done = true;
    return { done: true };
  }
  const first = call.next;
  const count = Math.min(call.chunk, call.trials - first);
  call.next += count;
  return piece(call, first, count);
}

/**
 * What the pool hands out next, given its records and its pacing: { hold: ms } (the reader's drag
 * holds the work that long), a piece as takeSweepPiece / takeCapacityPiece give it, or null.
 * @param {{ sweep: any, cap: any }} records
 * @param {{ paused: boolean, held: number, capacityWaits: boolean, size: number }} pace `held`:
 *   the milliseconds the drag still holds (0 or less: none)
 */
export function nextPiece({ sweep, cap }, { paused, held, capacityWaits, size }) {
  if (paused) return null;
  if (held > 0) return { hold: held };
  const task = takeSweepPiece(sweep);
  if (task) return { task };
  if (capacityWaits || sweepHasTrials(sweep)) return null;
  return takeCapacityPiece(cap, size);
}

/** The closed capacity calls at the head of the line (every trial in), in order of d. */
export function closedCalls(c) {
  const out = [];
  while (c.open.length > 0 && c.open[0].got === c.open[0].trials) out.push(c.open.shift());
  return out;
}

// ---- the demo's own requests: given its state and what is held, what to ask for next -------------

/** The sweep's parameters of a state. */
export const sweepParams = (s) => ({
  d: s.d,
  trials: s.trials,
  seed: s.seed,
  keys: s.keys,
  beta: s.beta,
  ...{ rule: s.rule, gate: s.gate, step: s.step },
});

/**
 * What the sweep of `state` needs: 'held' (its complete result is held), 'asked' (on its way), or
 * { params, phases } to ask for: every phase (the previews first), or only the full sweep where a
 * sweep of these settings was left part-way (the reader went elsewhere and came back).
 * @param have the result held for these settings ({ sweep, complete }) or undefined
 * @param asked whether the request in flight is for these settings
 * @param phasesOf core-work.js sweepPhases
 */
export function sweepNeed(state, have, asked, phasesOf) {
  if (have?.complete) return 'held';
  if (asked) return 'asked';
  const params = sweepParams(state);
  const partial = have && have.sweep.phase === 'full';
  const phases = phasesOf(params, state.n).filter((p) => !partial || p.name === 'full');
  return { params, phases };
}

/**
 * What the store at `state`'s N needs: 'shown' (it is the one shown), 'asked' (on its way or
 * waiting), 'here' (cheap: computed on the page, in this frame), 'held' (a settings slider moves:
 * asked for when it rests), 'ask' (quick, or asked for `now`: at once) or 'wait' (large: once the N
 * slider rests).
 * @param {{ shown: boolean, asked: boolean, resting: boolean, now: boolean }} held
 * @param {{ cheap: boolean, quick: boolean }} cost core-work.js storeIsCheap, storeIsQuick
 */
export function storeNeed({ shown, asked, resting, now }, { cheap, quick }) {
  if (shown) return 'shown';
  if (asked) return 'asked';
  if (cheap) return 'here';
  if (resting) return 'held';
  return now || quick ? 'ask' : 'wait';
}
