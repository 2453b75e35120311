// The work the memory demo's state asks for (web/src/lib/demo-kit/): the figures of the candidate
// settings, one call into the core on the page thread (compute.js computeMemory: one la.kvView
// for the model at the reader's context, its capacity, the flat line, the curve, the crossover).
// The last good results go with it, so a change of the context alone reuses their curve. Pure.

/** The work's key for a candidate: each candidate is asked once, and answered once. */
export const keyOf = (candidate) => `computeMemory #${candidate.serial}`;

/**
 * @param {import('./reducer.js').DemoState} state
 * @returns {import('../../lib/demo-kit/work.js').Request[]}
 */
export function requests(state) {
  const c = state.candidate;
  if (!c) return [];
  return [{ key: keyOf(c), on: 'page', call: 'computeMemory', args: { state: c.memory, previous: state.results } }];
}
