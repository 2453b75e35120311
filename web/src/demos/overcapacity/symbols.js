// What the overcapacity figure shows for each linked symbol of the chapter's math
// (web/src/hosts/chapter/linked/): symbols(state, sweep, i, root) -> { name: { text, element } }, from
// the sweep's numbers at N (index i, -1 while N has none yet). Formatting only; the elements are
// the parts that carry data-symbol (controls.js: d and N; chart-drag.js: the N marker;
// render-chart.js: the N = d line; render-readout.js: the sentence).
import { energyTimes, formatCos, formatInt, formatRatio } from './format.js';

/**
 * @param {typeof import('./state.js').DEFAULTS} state
 * @param {any} sweep the sweep held for the state (la.interferenceSweep's result) or null
 * @param {number} i N's index in the sweep, -1 when it has none yet
 * @param {HTMLElement} root the demo's root
 * @returns {Record<string, import('../types').LinkedSymbol>}
 */
export function overcapacitySymbols(state, sweep, i, root) {
  // Every part that stands for a symbol: a control and the chart's marker (N: the slider and the
  // draggable marker; d: its select and the N = d line).
  const parts = (name) => [...root.querySelectorAll(`[data-symbol~="${name}"]`)];
  const ready = sweep && i >= 0;
  const pending = `computing the curve for d = ${formatInt(state.d)}\u2026`;
  return {
    N: {
      text: ready
        ? `N = ${formatInt(state.n)} stored associations: reads come back with mean cosine ${formatCos(sweep.cosineMean[i])}`
        : `N = ${formatInt(state.n)} stored associations (${pending})`,
      element: parts('N')[0] ?? null,
      elements: parts('N'),
    },
    d: {
      text: ready
        ? `d = ${formatInt(state.d)}: the state is ${formatInt(state.d)} \u00d7 ${formatInt(state.d)}, ${formatInt(sweep.stateNumbers[i])} numbers`
        : `d = ${formatInt(state.d)} (${pending})`,
      element: parts('d')[0] ?? null,
      elements: parts('d'),
    },
    crosstalk: {
      text: ready
        ? `crosstalk at N = ${formatInt(state.n)}: ${energyTimes(sweep.crosstalkMean[i])} the target\u2019s energy (theory (N \u2212 1)/d = ${formatRatio(sweep.theoryCrosstalk[i])})`
        : `crosstalk at N = ${formatInt(state.n)}: ${pending}`,
      element: parts('crosstalk')[0] ?? null,
      elements: parts('crosstalk'),
    },
  };
}
