// The capacity panel: for d = 8 … 256, the largest N whose reads still meet the reader's
// tolerance (mean cosine ≥ τ, or top-1 recall ≥ r %), per key geometry, with its spread over trials,
// the random-key theory line and N = d. Every number is la.capacity's (computed in the worker, one
// d and key geometry at a time, core-work.js capacityResults); this file draws them and owns the
// tolerance control, whose events dispatch the demo's actions.
import { s as svgEl, h, uid, setText, setAttr, setProp } from '../../lib/dom.js';
import { legendList } from '../../lib/plot/legend.js';
import { plotArea } from '../../lib/plot/plot-area.js';
import { axis } from '../../lib/plot/axis.js';
import { linearScale } from '../../lib/plot/scale.js';
import { formatInt, formatCos, KEY_LABELS } from './format.js';
import { DIMS, KEYS, MEASURES, levelRange } from './state.js';

const HEIGHT = 240;
const M = { top: 12, right: 16, bottom: 40, left: 52 };
const D_MAX = DIMS[DIMS.length - 1];
const KEY_CLASS = { random: 'oc-c-random', orthogonal: 'oc-c-orth', elu1: 'oc-c-elu1' };

/** The tolerance in words: "mean cosine ≥ 0.90" or "top-1 recall ≥ 95%". */
export function toleranceText(measure, level) {
  return measure === 'recall'
    ? `top-1 recall \u2265 ${Math.round(level * 100)}%`
    : `mean cosine \u2265 ${formatCos(level)}`;
}

/** A point's capacity in words: "at least 1,024" when cut off at 4d (a lower bound), else "5.6". */
const heldWords = (r) => (r.capped > 0 ? `at least ${formatInt(r.capacityMean)}` : formatCos(r.capacityMean, 1));

/** What the completed random-key points show about d, for the chapter's additive rule only (a
 *  forget gate or the delta rule bounds capacity differently): a line under a cosine tolerance
 *  (theory 1 + d(1/τ² − 1)), faster than d under recall, up to the 4d searched. */
function growthWords(state, random) {
  if (state.rule !== 'add' || state.gate !== 1) return '.';
  if (state.measure === 'cosine') return ': capacity grows in proportion to d.';
  const cut = random.find((r) => r.capped > 0);
  return (
    ': under a recall tolerance capacity grows faster than d' +
    (cut ? `, and from d = ${formatInt(cut.d)} the points reach N = 4d, the most searched (drawn \u2265).` : '.')
  );
}

/** The panel's sentence for the points measured so far. */
function capacityWords(results, state, complete, waiting) {
  const tol = toleranceText(state.measure, state.level);
  const random = results.filter((r) => r.keys === 'random');
  const elu = results.filter((r) => r.keys === 'elu1');
  const big = random[random.length - 1];
  const small = random[0];
  let text = waiting ? `Capacity at ${tol}: measured once the slider rests.` : `Capacity at ${tol}: computing\u2026`;
  // The sentence says only what the points measured so far show: one point is not a trend, and
  // the claim about d waits for the whole range (at d = 8 and 16 the ratio is still settling).
  if (big && big === small) {
    text = `At ${tol}, random keys hold ${heldWords(small)} associations at d = ${formatInt(small.d)}; larger d are being measured\u2026`;
  } else if (big) {
    text =
      `At ${tol}, random keys hold ${heldWords(small)} associations at d = ${formatInt(small.d)} ` +
      `and ${heldWords(big)} at d = ${formatInt(big.d)}` +
      (complete ? growthWords(state, random) : ' so far.');
    const e = elu.find((r) => r.d === big.d);
    if (e) text += ` elu+1 keys (all positive, overlapping) hold only ${heldWords(e)} at d = ${formatInt(e.d)}.`;
  }
  return text;
}

/** The longest the sentence gets: every d measured, each cut off at N = 4d, the largest N searched. */
const WIDEST = [
  { keys: 'random', d: DIMS[0], capacityMean: 4 * DIMS[0], capped: 1 },
  { keys: 'random', d: D_MAX, capacityMean: 4 * D_MAX, capped: 1 },
  { keys: 'elu1', d: D_MAX, capacityMean: 4 * D_MAX, capped: 1 },
];

/** The tolerance control: a measure and a level, dispatching the demo's actions. */
function buildTolerance(panel, on) {
  const row = panel.appendChild(h('div', { class: 'oc-capacity-controls' }));
  const mId = uid('oc-measure');
  const mBox = row.appendChild(h('div', { class: 'oc-field' }));
  mBox.appendChild(h('label', { for: mId, class: 'fig-note', text: 'Tolerance on' }));
  const measure = mBox.appendChild(h('select', { id: mId, 'data-part': 'measure' }));
  measure.appendChild(h('option', { value: 'cosine', text: 'mean cosine \u03c4' }));
  measure.appendChild(h('option', { value: 'recall', text: 'top-1 recall r' }));
  const lId = uid('oc-level');
  const lBox = row.appendChild(h('div', { class: 'oc-field oc-field-wide' }));
  const lLabel = lBox.appendChild(h('label', { for: lId, class: 'fig-note', text: 'Tolerance' }));
  const lRow = lBox.appendChild(h('div', { class: 'oc-range-row' }));
  const level = lRow.appendChild(h('input', { id: lId, type: 'range', 'data-part': 'level' }));
  const lOut = lRow.appendChild(h('output', { for: lId, class: 'oc-out', 'data-field': 'level' }));
  const listen = (el, type, fn) => el.addEventListener(type, fn, { signal: on.signal });
  listen(measure, 'change', () => {
    if (MEASURES.includes(measure.value)) on.dispatch({ type: 'propose', changes: { measure: measure.value } });
  });
  // The slider works in hundredths so that its values are exact (0.9, not 0.9000000000000001).
  listen(level, 'input', () => on.dispatch({ type: 'slide', changes: { level: Number(level.value) / 100 } }));
  listen(level, 'change', () => on.dispatch({ type: 'rest' }));
  return { measure, level, lLabel, lOut };
}

/** Shows the tolerance of `state` on its control. Written only when it changes: a select's value
 *  written by script, even the same one, has Chromium's autofill look the form over (a
 *  FormControlDidChange task, about 2.5 ms, on every frame of a drag of β or the tolerance). */
function showTolerance({ measure, level, lLabel, lOut }, state) {
  setProp(measure, 'value', state.measure);
  const { min, max, step } = levelRange(state.measure);
  setAttr(level, 'min', Math.round(min * 100));
  setAttr(level, 'max', Math.round(max * 100));
  setAttr(level, 'step', Math.round(step * 100));
  const v = String(Math.round(state.level * 100));
  setProp(level, 'value', v);
  const recall = state.measure === 'recall';
  setText(lLabel, recall ? 'Tolerance: top-1 recall r at least' : 'Tolerance: mean cosine \u03c4 at least');
  setText(lOut, recall ? `${v}%` : formatCos(state.level));
  setAttr(level, 'aria-valuetext', toleranceText(state.measure, state.level));
}

/** The panel's legend: each key geometry, the theory line, N = d. */
function buildLegend(panel) {
  const entries = [
    ...KEYS.map((k) => [`oc-line ${KEY_CLASS[k]}`, `measured, ${KEY_LABELS[k]} (bars: \u00b1 one std over trials)`]),
    ['oc-line oc-c-theory', 'theory for random keys, N \u2264 1 + d(1/\u03c4\u00b2 \u2212 1)'],
    ['oc-dline', 'N = d: exact recall of orthonormal keys ends here'],
  ];
  panel.appendChild(legendList(entries, { class: 'oc-legend', 'aria-label': 'Legend of the capacity panel' }));
}

/** The panel's elements: heading, tolerance control, chart, legend, sentence and status. */
function buildPanel(parent, on) {
  const panel = parent.appendChild(h('section', { class: 'oc-capacity', 'data-part': 'capacity' }));
  const headId = uid('oc-cap-head');
  panel.setAttribute('aria-labelledby', headId);
  panel.appendChild(
    h('p', { id: headId, class: 'oc-capacity-head', text: 'How many associations fit: capacity against d' }),
  );
  const tolerance = buildTolerance(panel, on);
  const wrap = panel.appendChild(h('div', { class: 'oc-capacity-chart' }));
  const ids = { titleId: uid('oc-cap-title'), descId: uid('oc-cap-desc') };
  const frame = plotArea({ height: HEIGHT, margin: M, title: 'Capacity N against the state size d', ...ids });
  wrap.appendChild(frame.svg);
  const xAxis = axis(frame, { side: 'bottom' });
  const yAxis = axis(frame, { side: 'left', grid: true });
  buildLegend(panel);
  // The sentence grows as the points arrive (its last form is the longest): its box keeps the lines
  // of that last form, at the widest numbers it can hold, from the start (data-longest, drawn
  // unseen under the words by overcapacity.css), so nothing below it moves at any width or in any
  // engine's fonts (Firefox at 1280 px took a third line when the measurement finished).
  const sentence = panel.appendChild(h('p', { class: 'oc-sentence oc-reserve', 'data-field': 'capacity-sentence' }));
  const words = sentence.appendChild(h('span', {}));
  const status = panel.appendChild(
    h('p', { class: 'oc-status fig-note', 'aria-live': 'polite', 'data-field': 'capacity-status' }),
  );
  const el = { panel, wrap, frame, desc: frame.desc, dataG: frame.data, xAxis, yAxis, sentence, words, status };
  return { ...el, tolerance };
}

function drawAxes(el, x, y, top) {
  el.xAxis.update(
    [0, ...DIMS.slice(3)].map((d) => ({ at: x(d), label: formatInt(d) })),
    'd, state size',
  );
  const yStep = top > 600 ? 256 : top > 300 ? 128 : 64;
  const yTicks = [];
  for (let n = 0; n <= top; n += yStep) yTicks.push({ at: y(n), label: formatInt(n) });
  el.yAxis.update(yTicks, 'capacity N');
}

/** One measured point of key geometry `k`: its bar (± one std) and its dot, or where it was cut off
 *  (some trial still met the tolerance at N = 4d, the most searched, so the mean is a lower bound)
 *  an upward triangle marked "≥". */
function drawPoint(dataG, r, k, x, y) {
  const g = dataG.appendChild(
    svgEl('g', {
      class: `oc-cap-point ${KEY_CLASS[k]}`,
      'data-keys': k,
      'data-d': r.d,
      'data-mean': r.capacityMean,
      'data-capped': r.capped > 0 ? 'true' : 'false',
    }),
  );
  const cx = x(r.d);
  const cy = y(r.capacityMean);
  if (r.capacityStd > 0) {
    const bar = { x1: cx, x2: cx, y1: y(r.capacityMean - r.capacityStd), y2: y(r.capacityMean + r.capacityStd) };
    g.appendChild(svgEl('line', { ...bar, class: 'oc-cap-bar' }));
  }
  if (r.capped > 0) {
    const d = `M${cx} ${cy - 5}L${cx + 4.5} ${cy + 3}L${cx - 4.5} ${cy + 3}Z`;
    g.appendChild(svgEl('path', { d, class: 'oc-dot oc-dot-capped' }));
    const label = g.appendChild(svgEl('text', { x: cx - 7, y: cy - 4, class: 'oc-cap-bound' }));
    label.textContent = '\u2265';
  } else g.appendChild(svgEl('circle', { cx, cy, r: 3.5, class: 'oc-dot' }));
}

function drawData(dataG, results, x, y) {
  dataG.replaceChildren();
  dataG.appendChild(svgEl('line', { x1: x(0), y1: y(0), x2: x(D_MAX), y2: y(D_MAX), class: 'oc-dline' }));
  const line = (rs, v) => rs.map((r, i) => `${i ? 'L' : 'M'}${x(r.d).toFixed(1)} ${y(v(r)).toFixed(1)}`).join('');
  for (const k of KEYS) {
    const mine = results.filter((r) => r.keys === k);
    if (!mine.length) continue;
    dataG.appendChild(svgEl('path', { d: line(mine, (r) => r.capacityMean), class: `oc-line ${KEY_CLASS[k]}` }));
    const theory = mine.filter((r) => Number.isFinite(r.theory));
    if (theory.length && k === 'random') {
      const tp = line(theory, (r) => r.theory);
      dataG.appendChild(svgEl('path', { d: tp, class: 'oc-line oc-c-theory', 'data-series': 'theory' }));
    }
    for (const r of mine) drawPoint(dataG, r, k, x, y);
  }
}

/** The status line: how far the measuring is, fewer trials where the budget cut them, lower bounds. */
function statusText(results, state, complete, waiting) {
  const fewer = results.filter((r) => r.trials < state.trials).map((r) => `d = ${formatInt(r.d)}`);
  const atTop = results.some((r) => r.capped > 0);
  const points = DIMS.length * KEYS.length;
  const progress =
    complete || waiting
      ? ''
      : results.length === 0
        ? `Measuring ${points} points once the curve above is done\u2026 `
        : `Measured ${results.length} of ${points} points so far\u2026 `;
  return (
    progress +
    (fewer.length ? `Fewer trials at ${[...new Set(fewer)].join(', ')} (the core's work budget). ` : '') +
    (atTop
      ? 'Some trials met the tolerance up to N = 4d, the largest N searched: there the points are lower bounds.'
      : '')
  );
}

function renderWords(el, results, state, complete, waiting) {
  const text = capacityWords(results, state, complete, waiting);
  setText(el.words, text);
  setAttr(el.sentence, 'data-longest', capacityWords(WIDEST, state, true, false));
  setText(el.desc, text);
  setText(el.status, statusText(results, state, complete, waiting));
  setAttr(el.panel, 'data-capacity', complete ? 'complete' : 'partial');
}

/**
 * @param parent where the panel goes
 * @param on ( dispatch(action): { type: 'propose' | 'slide', changes } (the tolerance slider
 *   moved), { type: 'rest' } (it stopped); signal: an AbortSignal that removes every listener )
 */
export function createCapacityPanel(parent, on) {
  const el = buildPanel(parent, on);
  let width = 600;
  let last = null; // { held, state, waiting }
  let axesDrawn = ''; // width and top of the axes on screen
  let dataDrawn = null; // { held, signature } of the points on screen
  function draw() {
    if (!last) return;
    const { held, state, waiting } = last;
    const results = held ? held.results : [];
    el.frame.resize(width); // (writes only a changed viewBox: the same value would lay it out again)
    const pw = el.frame.innerWidth;
    const ph = el.frame.innerHeight;
    let top = D_MAX;
    for (const r of results) {
      top = Math.max(top, r.capacityMean + r.capacityStd);
      if (Number.isFinite(r.theory)) top = Math.max(top, r.theory);
    }
    const x = linearScale([0, D_MAX], [M.left, M.left + pw]);
    const y = linearScale([0, top], [M.top + ph, M.top]);
    // The panel is rendered on every settings change (each frame of a drag of β or of its own
    // tolerance): the axes and the points are built again only when what they show changed.
    const axes = `${width}|${top}`;
    if (axes !== axesDrawn) {
      axesDrawn = axes;
      dataDrawn = null;
      drawAxes(el, x, y, top);
    }
    const signature = `${results.length}|${held?.complete}|${axes}`;
    if (!dataDrawn || dataDrawn.held !== held || dataDrawn.signature !== signature) {
      dataDrawn = { held, signature };
      drawData(el.dataG, results, x, y);
    }
    renderWords(el, results, state, held?.complete, waiting);
  }
  return {
    element: el.panel,
    chart: el.wrap,
    /** Draws the held numbers (`held` { results, complete } or null) for `state`; `waiting`: a
     *  settings slider has not rested, and the numbers of its value are not asked for yet. */
    update(held, state, waiting = false) {
      last = { held, state, waiting };
      showTolerance(el.tolerance, state);
      draw();
    },
    setWidth(w) {
      const next = Math.max(280, Math.floor(w));
      if (next === width) return false;
      width = next;
      draw();
      return true;
    },
  };
}
