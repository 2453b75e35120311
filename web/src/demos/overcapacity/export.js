// What the Embed panel saves of figure 4.3 (the demo's exportable(), web/src/lib/export.js and
// export-sheet.js make the files): the chart with a key to its six line styles and its band,
// every setting that changes its numbers (the update rule, gate and step too), and the
// sweep's numbers it plots, rounded as its table of plotted numbers shows them. Formatting only.
import { swatchMark } from '../../lib/plot/legend.js';
import { DEFAULTS } from './state.js';
import { indexOfN } from './sweep.js';
import { roundCos } from './format.js';

/** The sweep's series the table and the CSV show, in column order. */
export const SERIES = [
  'cosineMean',
  'cosineStd',
  'recallMean',
  'missMean',
  'theoryCosine',
  'softmaxCosineMean',
  'softmaxRecallMean',
];
const PLACES = 3; // render-table.js shows formatCos(x, 3)

/** The file name's settings: d and keys always, the others when they are not the defaults. */
function nameOf(state, entry) {
  const extra = Object.entries({ trials: state.trials, seed: state.seed, beta: state.beta })
    .filter(([k, v]) => v !== DEFAULTS[k])
    .map(([k, v]) => `${k}${v}`);
  if (state.scale !== DEFAULTS.scale) extra.push(state.scale);
  if (state.rule !== DEFAULTS.rule) extra.push(state.rule);
  if (state.gate !== DEFAULTS.gate) extra.push(`gate${state.gate}`);
  if (state.rule === 'delta' && state.step !== DEFAULTS.step) extra.push(`step${state.step}`);
  if (entry?.sweep && !entry.complete) extra.push(`${entry.sweep.trials}-of-${state.trials}-trials`);
  return [`overcapacity-d${state.d}-${state.keys}`, ...extra].join('-');
}

/** Every setting that changes the figure's numbers, as [label, value]. */
function settingsOf(state, entry) {
  const trials = entry?.sweep && !entry.complete ? `${entry.sweep.trials} of ${state.trials}` : state.trials;
  return [
    ['d', state.d],
    ['N shown', state.n],
    ['keys', state.keys],
    ['update rule', state.rule],
    ['forget gate', state.gate],
    ['delta step', state.rule === 'delta' ? state.step : 'not used'],
    ['softmax beta', state.beta],
    ['trials', trials],
    ['seed', state.seed],
    ['capacity measure', state.measure],
    ['tolerance', state.level],
  ];
}

/**
 * exportable() of the demo: `entry` the sweep held for `state` ({ sweep, complete } or null),
 * `root` the demo's root (its chart and legend).
 */
export function exportOf(entry, state, root) {
  const sweep = entry?.sweep ?? null;
  const columns = [
    'N (stored associations)',
    'mean cosine',
    'cosine std (over trials)',
    'top-1 recall (fraction of reads)',
    'wrong picks (fraction of reads)',
    'theory cosine (random unit keys)',
    `softmax cosine (beta ${state.beta})`,
    `softmax recall (beta ${state.beta}, fraction of reads)`,
  ];
  const rowAt = (i) => [sweep.ns[i], ...SERIES.map((k) => roundCos(sweep[k][i], PLACES))];
  const rows = sweep ? Array.from(sweep.ns, (_, i) => rowAt(i)) : [];
  const at = sweep ? indexOfN(sweep, state.n) : -1;
  const svg = /** @type {SVGSVGElement} */ (root.querySelector('.oc-chart > svg:not(.oc-marker-layer)'));
  // The chart's own key, in "Numbers" (the capacity panel has another).
  const legend = [...root.querySelectorAll('.oc-numbers > .oc-legend > li')].map((li) => ({
    label: li.textContent.trim(),
    mark: swatchMark(li),
  }));
  return {
    name: nameOf(state, entry),
    svg,
    legend,
    settings: settingsOf(state, entry),
    rows: { columns, rows },
    readerRow: sweep ? (at >= 0 ? rowAt(at) : [state.n]) : null,
  };
}
