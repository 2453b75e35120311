// The work a state asks of the core, named (pure): the sweep of its settings, the capacity panel's
// numbers and the store at its N, each { key, on, call, args } as the demo kit names a request.
// What is held already (`held`: the answers, see answers.js) is not asked again: a complete sweep,
// complete capacity numbers, the store shown. A sweep left part-way asks only for its full phase.
// Where it runs: the sweep and the capacity numbers on the pool (or the page thread the runner
// falls back to), a store cheap enough for one frame on the page, a larger one on the pool.
import { sweepNeed } from './scheduler/queue.js';
import { sweepPhases, storeIsCheap } from './scheduler/core-work.js';
import { sweepKey, capacityKey, storeKey, ruleOptions } from './state.js';

/** The capacity panel's parameters of a state (every d and key geometry; see core-work.js). */
export const capacityParams = (s) => ({
  measure: s.measure,
  level: s.level,
  trials: s.trials,
  seed: s.seed,
  ...ruleOptions(s),
});

/** The store's parameters of a state (trial 1 of its seed at its N). */
export const storeParams = (s) => ({ d: s.d, n: s.n, seed: s.seed, keys: s.keys, beta: s.beta, ...ruleOptions(s) });

/**
 * @param s the settings
 * @param {{ sweeps?: Map<string, { sweep: any, complete: boolean }>,
 *   capacity?: { key: string, complete: boolean } | null, store?: { key: string } | null }} held
 * @returns {{ key: string, on: string, call: string, args: any }[]} `on` 'page' or 'pool'; `call`
 *   'sweep', 'capacity' or 'store'
 */
export function requests(s, held = {}) {
  /** @type {{ key: string, on: string, call: string, args: any }[]} */
  const out = [];
  const sKey = sweepKey(s);
  const need = sweepNeed(s, held.sweeps?.get(sKey), false, sweepPhases);
  if (need !== 'held') out.push({ key: `sweep|${sKey}`, on: 'pool', call: 'sweep', args: need });
  const cKey = capacityKey(s);
  if (!(held.capacity?.key === cKey && held.capacity.complete))
    out.push({ key: `capacity|${cKey}`, on: 'pool', call: 'capacity', args: capacityParams(s) });
  const nKey = storeKey(s);
  if (held.store?.key !== nKey) {
    const on = storeIsCheap(s.d, s.n, s) ? 'page' : 'pool';
    out.push({ key: `store|${nKey}`, on, call: 'store', args: storeParams(s) });
  }
  return out;
}
