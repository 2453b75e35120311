// The work a state asks for (the demo kit's requests(state), pure), each { key, on, call, args }:
//   sweep|…     the sweep of the settings asked for (state.asked.sweep) unless its complete result
//               is held; one left part-way asks only for its full phase        on 'pool'
//   capacity|…  the capacity panel's numbers of state.asked.capacity unless held complete (or
//               refused)                                                          on 'pool'
//   store|…     each store asked for and not answered (store-pace.js): a cheap one on 'page',
//               a larger one on 'pool'
//   settle|…    the N slider's settle time before a large store is asked for    on 'timer'
//   rest|…      a settings slider's rest, while one moves (state.resting)         on 'rest'
// The settings asked for change when the reader's change is committed or a slider has rested
// (reduce.js): while a settings slider moves, the work asked for before it goes on.
import { sweepNeed } from './scheduler/queue.js';
import { sweepPhases } from './scheduler/core-work.js';
import { STORE_SETTLE_MS } from './scheduler/pacing.js';
import { sweepKey, capacityKey, ruleOptions } from './state.js';

export { storeParams } from './store-pace.js';

/** The capacity panel's parameters of a state (every d and key geometry; see core-work.js). */
export const capacityParams = (s) => ({
  measure: s.measure,
  level: s.level,
  trials: s.trials,
  seed: s.seed,
  ...ruleOptions(s),
});

/**
 * @param {import('./reduce.js').State} state
 * @returns {import('../../lib/demo-kit/work.js').Request[]} `call` 'sweep', 'capacity', 'store',
 *   'settle' or 'rest'
 */
export function requests(state) {
  /** @type {import('../../lib/demo-kit/work.js').Request[]} */
  const out = [];
  const { sweep, capacity } = state.asked;
  const sKey = sweepKey(sweep);
  const need = sweepNeed(sweep, state.sweeps.get(sKey), false, sweepPhases);
  if (need !== 'held') out.push({ key: `sweep|${sKey}`, on: 'pool', call: 'sweep', args: need });
  const cKey = capacityKey(capacity);
  const held = state.capacity?.key === cKey && (state.capacity.complete || state.capacity.failed);
  if (!held) out.push({ key: `capacity|${cKey}`, on: 'pool', call: 'capacity', args: capacityParams(capacity) });
  for (const r of state.storeAsked) out.push({ key: `store|${r.key}`, on: r.on, call: 'store', args: r.args });
  if (state.want?.phase === 'wait')
    out.push({ key: `settle|${state.want.key}`, on: 'timer', call: 'settle', args: STORE_SETTLE_MS });
  if (state.resting) out.push({ key: `rest|${state.restSeq}`, on: 'rest', call: 'rest' });
  return out;
}
