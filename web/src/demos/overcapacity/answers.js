// The answers the demo holds (pure): sweep results by settings, a few settings' worth, the one
// used last kept longest, so going back to settings seen before draws their curve at once, and a
// sweep left part-way is resumed from its full phase (requests.js) rather than started anew.

/** How many settings' sweep results are held. */
export const SWEEP_CACHE_SIZE = 6;

/**
 * The sweep results held once `result` (one step of the sweep of settings `key`) has arrived: a new
 * Map, or `cache` itself when the step is not kept. A restarted sweep does not show fewer trials
 * than one seen before for the same settings: a full-phase result held is replaced only by a
 * complete one or one with more trials.
 * @param {Map<string, { sweep: any, complete: boolean }>} cache
 * @param {string} key
 * @param {{ phase: string, trials: number, complete: boolean }} result
 */
export function keepSweep(cache, key, result, size = SWEEP_CACHE_SIZE) {
  const had = cache.get(key);
  const fewer = result.phase !== 'full' || result.trials <= had?.sweep.trials;
  if (had && had.sweep.phase === 'full' && !result.complete && fewer) return cache;
  const next = new Map(cache);
  next.delete(key);
  next.set(key, { sweep: result, complete: result.complete });
  while (next.size > size) next.delete(next.keys().next().value);
  return next;
}
