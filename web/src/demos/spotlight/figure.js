// Places the spotlight figure's parts and draws them: view(state, answers), called by the demo kit
// at most once per frame. The picture (one strip of weights per read) and its two sliders first,
// then the trade-off plot (beside the strips on a wide figure), then the Settings disclosure; a
// notice names refused settings and a sentence tells a screen reader what the picture shows. Reads
// only what the core answered.
import { h, setAttr, setProp, setText, uid } from '../../lib/dom.js';
import { legendList } from '../../lib/plot/legend.js';
import { createControls } from './controls.js';
import { summaryText } from './format.js';
import { createStrips } from './render-strips.js';
import { createTradeoff, tradeoffPoints } from './render-tradeoff.js';
import { FEATURE_SWEEP, featuresKey, readKey, sweepAt } from './state.js';

// From this width on, the trade-off plot stands beside the strips, in 3 : 2 columns COLUMN_GAP apart
// (spotlight.css .spot-wide says the same), so that the figure stays within a laptop's screen.
const WIDE = 880;
const COLUMN_GAP = 24;
/** The strips' and the plot's widths in a figure `width` wide. */
export function columnWidths(width) {
  if (width < WIDE) return { wide: false, strips: width, plot: width };
  const strips = Math.floor(((width - COLUMN_GAP) * 3) / 5);
  return { wide: true, strips, plot: width - COLUMN_GAP - strips };
}

/** The strips' key and the plot's; `sweepWords`: the text naming the random-features counts drawn. */
function createLegends() {
  const legend = legendList(
    [
      ['spot-target', 'weight on the target (marked \u25b2)', 'box'],
      ['spot-bars', 'weight on each other token; bar height \u221a weight, full strip = 1', 'box'],
    ],
    { class: 'spot-legend' },
  );
  const plotLegend = legendList(
    [
      ['spot-cache-line', 'softmax\u2019s KV cache at this N'],
      ['spot-sweep-line', `FAVOR+ at m = ${FEATURE_SWEEP.join(', ')}`],
    ],
    { class: 'spot-legend' },
  );
  return { legend, plotLegend, sweepWords: plotLegend.lastChild.lastChild };
}

/** Builds the figure into `root`; returns { el, strips, tradeoff, legend, view, shown, destroy }. */
export function createFigure(root, dispatch, limits) {
  const ids = {
    strips: uid('spot-strips'),
    sDesc: uid('spot-sdesc'),
    plot: uid('spot-plot'),
    pDesc: uid('spot-pdesc'),
  };
  const controls = createControls(dispatch, limits);
  const strips = createStrips(ids.strips, ids.sDesc);
  const tradeoff = createTradeoff(ids.plot, ids.pDesc);
  const notice = h('p', { class: 'spot-notice fig-notice', role: 'status', 'data-part': 'notice', hidden: true });
  const summary = h('p', { class: 'spot-summary fig-heard', 'aria-live': 'polite', 'data-part': 'summary' });
  const { legend, plotLegend, sweepWords } = createLegends();
  const picture = h('div', { class: 'spot-picture' }, strips.svg);
  const plotBox = h(
    'div',
    { class: 'spot-plot' },
    h('p', { class: 'spot-plot-title' }, 'Focus bought with state'),
    tradeoff.svg,
    plotLegend,
  );
  const el = h(
    'div',
    { class: 'la-spotlight fig-stack' },
    notice,
    controls.top,
    summary,
    h('div', { class: 'spot-body' }, h('div', { class: 'spot-main' }, picture, legend), plotBox),
    controls.settings,
  );
  root.append(el);
  /** The last result drawn: kept while a proposal waits, so the figure never blanks. */
  let shown = null;

  function view(state, answers) {
    const width = el.clientWidth || state.width || 640; // read before this draw writes anything
    const held = answers.get(readKey(state));
    if (held?.value) shown = { result: held.value, settings: state.settings };
    controls.sync(state.settings);
    setText(notice, state.notices.join(' '));
    setProp(notice, 'hidden', state.notices.length === 0);
    if (!shown) return;
    const { result, settings } = shown;
    const columns = columnWidths(width);
    el.classList.toggle('spot-wide', columns.wide);
    strips.update(result, settings, columns.strips);
    const sweep = sweepAt(settings)
      .map((m) => [m, answers.get(featuresKey(state, m))?.value])
      .filter(([, v]) => v);
    // Every point of the plot drawn for the settings in force: data-points="complete" (for tests).
    const complete = !state.pending && held?.value && sweep.length === sweepAt(settings).length;
    setAttr(el, 'data-points', complete ? 'complete' : 'partial');
    tradeoff.update(tradeoffPoints(result, settings, sweep), columns.plot);
    // The counts the sweep draws for these settings, named from the first frame: a legend that grew
    // as its points arrived wrapped to a second line and moved what lies below it.
    const counts = [...new Set([settings.features, ...sweepAt(settings)])].sort((a, b) => a - b);
    setText(sweepWords, `FAVOR+ at m = ${counts.join(', ')}`);
    const sentence = summaryText(result, settings);
    setText(summary, sentence);
    setText(strips.svg.querySelector('desc'), sentence);
    el.dataset.n = String(result.n);
  }

  return {
    el,
    strips,
    tradeoff,
    legend: [...legend.children, ...plotLegend.children],
    view,
    shown: () => shown,
    destroy: () => controls.destroy(),
  };
}
