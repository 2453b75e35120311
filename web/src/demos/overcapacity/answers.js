// The answers the demo holds (pure): sweep results by settings, a few settings' worth, the one
// used last kept longest, so going back to settings seen before draws their curve at once, and a
// sweep left part-way is resumed from its full phase (requests.js) rather than started anew; and
// the capacity panel's numbers of the settings asked for. The reducer (reduce.js) applies them.

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

/** The sweep results once the sweep of settings `key` answered `value` (the same Map when it is
 *  not kept) or was refused (`error`: its steps are dropped). */
export function sweepsAfter(cache, key, { value, error }) {
  if (!error) return keepSweep(cache, key, value);
  if (!cache.has(key)) return cache;
  const next = new Map(cache);
  next.delete(key);
  return next;
}

/**
 * The capacity panel's numbers once the call for settings `key` answered: `value` is every
 * (d, key geometry) measured so far ({ results, complete }); a refused call is held as `failed`
 * (not asked again until the settings change), with the numbers it gave before.
 * @param {{ key: string, results: any[], complete: boolean, failed?: boolean } | null} had
 */
export function capacityAfter(had, key, { value, error }) {
  if (!error) return { key, results: value.results, complete: value.complete };
  return { key, results: had?.key === key ? had.results : [], complete: false, failed: true };
}
