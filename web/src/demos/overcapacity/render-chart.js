// The curve: read-back quality against N, drawn in SVG from a sweep result of the core.
// Coordinates are the only arithmetic here (scales from data space to pixels).
import { s as svgEl, h, uid, setText, setAttr } from '../../lib/dom.js';
import { legendList } from '../../lib/plot/legend.js';
import { plotArea } from '../../lib/plot/plot-area.js';
import { axis } from '../../lib/plot/axis.js';
import { linearScale, logScale } from '../../lib/plot/scale.js';
import { formatCos, formatInt } from './format.js';
import { aboveOrBelow, endGroups, placeLabels, rowsBeside } from './chart-labels.js';

const HEIGHT = 280;
const M = { top: 22, right: 24, bottom: 46, left: 50 }; // room for the last tick label ("1,024")
const TITLE = 'Read-back quality against the number of stored associations N';
const Y_TICKS = [0, 0.25, 0.5, 0.75, 1];

/** The plotted series: key in the sweep result, legend text, CSS class (colour and dash). */
export const SERIES = [
  { key: 'cosineMean', cls: 'oc-s-cos', label: 'mean cosine, linear state', name: ['linear', 'cosine'] },
  { key: 'recallMean', cls: 'oc-s-recall', label: 'top-1 recall, linear state', name: ['linear', 'recall'] },
  {
    key: 'theoryCosine',
    cls: 'oc-s-theory',
    label: 'theory for random unit keys and values, 1/\u221a(1+(N\u22121)/d)',
    name: ['', 'theory'],
  },
  { key: 'softmaxCosineMean', cls: 'oc-s-smcos', label: 'mean cosine, softmax (\u03b2)', name: ['softmax', 'cosine'] },
  {
    key: 'softmaxRecallMean',
    cls: 'oc-s-smrecall',
    label: 'top-1 recall, softmax (\u03b2)',
    name: ['softmax', 'recall'],
  },
];

const LABEL_FS = 12.5; // --fig-svg-label: the marker's label (bold) and the curves' names
const TICK_FS = 12; // --fig-svg-tick: "N = d = 64"

/** The places of the marker's label at N (px) and of the dotted line's name at d (dx): beside
 *  their lines, from the plot's foot and top inwards (the side away from the plot's edge first). */
function besideLines(px, dx, plotW) {
  const rows = rowsBeside(M.top + 12, HEIGHT - M.bottom - 6, 16);
  const side = (x, rightFirst) =>
    rows.flatMap((y) => {
      const right = { x: x + 6, y, anchor: 'start' };
      const left = { x: x - 6, y, anchor: 'end' };
      return rightFirst ? [right, left] : [left, right];
    });
  const turn = M.left + plotW * 0.75;
  return { marker: side(px, px <= turn), d: side(dx, true) };
}

/**
 * Writes the chart's words for the marker at N (px): its label, the dotted line's name and each
 * curve's name at its end (chart-labels.js), none over a curve, a line or another. Attributes are
 * written only when they change: the chart's layer is repainted when a word moves, not on every
 * frame of a drag.
 */
function placeWords(el, g, view, drawing, { px, n }) {
  const dx = g.x(view.d);
  const [top, bottom] = [M.top, M.top + g.plotH];
  const markerLine = [
    [px, top - 6], // (its dots reach above the plot)
    [px, bottom],
  ];
  const dLine = [
    [dx, top],
    [dx, bottom],
  ];
  const curves = drawing ? drawing.points : [];
  const spots = besideLines(px, dx, g.plotW);
  const full = `N = d = ${formatInt(view.d)}`;
  const groups = drawing ? endGroups(drawing.ends(view.beta), LABEL_FS + 4) : [];
  const right = M.left + g.plotW - 2;
  // at the plot's right end, else left of the marker or of the dotted line (a phone's log scale)
  const rights = [...new Set([right, px - 8, dx - 6, Math.min(px, dx) - 8].map(Math.round))];
  const ends = groups.map((grp) => ({
    texts: grp.texts,
    fs: LABEL_FS,
    places: (w) =>
      aboveOrBelow(
        grp.keys.map((k) => curves[k]),
        rights,
        w,
        LABEL_FS,
      ),
    optional: true, // (the key in "Numbers" names every curve)
  }));
  const placed = placeLabels(
    [
      { texts: [`N = ${formatInt(n)}`], fs: LABEL_FS, bold: true, places: spots.marker, own: markerLine },
      { texts: [full, 'N = d'], fs: TICK_FS, places: spots.d, own: dLine, optional: true },
      ...ends,
    ],
    // (a name may sit above the plot's top line and right of its end, in its margins)
    { lines: [markerLine, dLine, ...curves], area: { l: M.left, t: 2, r: M.left + g.plotW + M.right - 4, b: bottom } },
  );
  const write = (text, at) => {
    setAttr(text, 'visibility', at ? 'visible' : 'hidden');
    if (!at) return;
    setText(text, at.text);
    setAttr(text, 'x', at.x.toFixed(1));
    setAttr(text, 'y', at.y.toFixed(1));
    setAttr(text, 'text-anchor', at.anchor);
  };
  write(el.marker.label, placed[0]);
  write(el.dLabel, placed[1]);
  el.ends.forEach((text, k) => {
    write(text, placed[2 + k] ?? null);
    if (groups[k]) setAttr(text, 'class', `oc-end-label ${groups[k].cls}`);
  });
}

/** The chart's scales for a view ({ d, scale }) at a width: x(n) and y(v) in pixels. */
function geometry(view, width) {
  const plotW = width - M.left - M.right;
  const plotH = HEIGHT - M.top - M.bottom;
  const nMax = 4 * view.d;
  const across = [M.left, M.left + plotW];
  const x = view.scale === 'log' ? logScale([1, nMax], across) : linearScale([0, nMax], across);
  return { plotW, plotH, nMax, x, y: linearScale([0, 1], [M.top + plotH, M.top]) };
}

/** The chart's elements: the plot (axes, band, N = d line, series) and the marker's own layer. */
function buildChart(parent) {
  const ids = { titleId: uid('oc-title'), descId: uid('oc-desc'), clipId: uid('oc-clip') };
  const wrap = parent.appendChild(h('div', { class: 'oc-chart fig-chart' }));
  const frame = plotArea({ height: HEIGHT, margin: M, title: TITLE, ...ids });
  const root = wrap.appendChild(frame.svg);
  const dataG = frame.data;
  const xAxis = axis(frame, { side: 'bottom', grid: true });
  const yAxis = axis(frame, { side: 'left', grid: true });
  const band = dataG.appendChild(svgEl('path', { class: 'oc-band' }));
  const dLine = dataG.appendChild(svgEl('line', { class: 'oc-dline', 'data-symbol': 'd' })); // the N = d marker
  const paths = SERIES.map((s) => dataG.appendChild(svgEl('path', { class: `oc-line ${s.cls}` })));
  const dLabel = root.appendChild(svgEl('text', { class: 'oc-dlabel', 'aria-hidden': 'true' }));
  // each curve's name at its end (placeWords): as many as there are curves, the unused hidden
  const ends = SERIES.map(() => root.appendChild(svgEl('text', { class: 'oc-end-label', 'aria-hidden': 'true' })));
  // The marker lives in its own SVG laid over the chart (and its own layer), so moving it never
  // repaints the curves, which at d = 256 are paths of a thousand points.
  const overlay = wrap.appendChild(
    svgEl('svg', { class: 'oc-marker-layer', 'aria-hidden': 'true', focusable: 'false', height: HEIGHT }),
  );
  // An invisible box over the whole layer, painted first: the layer's painted bounds then stay the
  // same while the marker moves (docs/performance.md, "What a frame of a drag may change").
  overlay.appendChild(svgEl('rect', { class: 'oc-marker-bounds', width: '100%', height: HEIGHT, fill: 'transparent' }));
  const markerG = overlay.appendChild(svgEl('g', { class: 'oc-marker' }));
  const markerLine = markerG.appendChild(svgEl('line', {}));
  const markerDots = SERIES.map((s) => markerG.appendChild(svgEl('circle', { r: 4, class: `oc-dot ${s.cls}` })));
  const markerLabel = markerG.appendChild(svgEl('text', { class: 'oc-marker-label' }));
  const marker = { line: markerLine, dots: markerDots, label: markerLabel };
  return { wrap, frame, desc: frame.desc, xAxis, yAxis, band, dLine, paths, dLabel, ends, overlay, marker };
}

/** The axes, the N = d line and its label for a view. */
function drawAxes(el, view, g) {
  const d = view.d;
  const xTicks = [];
  if (view.scale === 'log') {
    const every = g.plotW < 360 && g.nMax > 64 ? 2 : 1;
    let k = 0;
    for (let n = 1; n <= g.nMax; n *= 2, k += 1) if (k % every === 0 || n === d) xTicks.push(n);
  } else {
    for (let k = 0; k <= 4; k += 1) xTicks.push(k * d);
  }
  const scaleName = view.scale === 'log' ? 'log' : 'linear';
  el.xAxis.update(
    xTicks.map((n) => ({ at: g.x(n), label: formatInt(n) })),
    // At phone widths the long title would run past the drawing's edge: a short one.
    g.plotW < 340 ? `N, associations (${scaleName} scale)` : `N, stored associations (count, ${scaleName} scale)`,
  );
  el.yAxis.update(
    Y_TICKS.map((v) => ({ at: g.y(v), label: String(v) })),
    'read-back quality (0 to 1)',
  );
  const dx = g.x(d);
  for (const [k, v] of Object.entries({ x1: dx, x2: dx, y1: M.top, y2: M.top + g.plotH })) el.dLine.setAttribute(k, v);
}

function pathOf(g, ns, ys) {
  let s = '';
  for (let i = 0; i < ns.length; i += 1) {
    if (!Number.isFinite(ys[i])) continue;
    s += `${s ? 'L' : 'M'}${g.x(ns[i]).toFixed(1)} ${g.y(ys[i]).toFixed(1)}`;
  }
  return s;
}

/** The band: mean ± one standard deviation over trials (drawn, not reported); none for one trial. */
function bandOf(g, s) {
  if (s.trials <= 1) return '';
  let up = '';
  let down = '';
  for (let i = 0; i < s.ns.length; i += 1) {
    up += `${i ? 'L' : 'M'}${g.x(s.ns[i]).toFixed(1)} ${g.y(s.cosineMean[i] + s.cosineStd[i]).toFixed(1)}`;
  }
  for (let i = s.ns.length - 1; i >= 0; i -= 1) {
    down += `L${g.x(s.ns[i]).toFixed(1)} ${g.y(s.cosineMean[i] - s.cosineStd[i]).toFixed(1)}`;
  }
  return `${up}${down}Z`;
}

/** A series' points in px ([x, y], by N), its non-finite values left out. */
function pointsOf(g, ns, ys) {
  const pts = [];
  for (let i = 0; i < ns.length; i += 1) if (Number.isFinite(ys[i])) pts.push([g.x(ns[i]), g.y(ys[i])]);
  return pts;
}

/** A sweep's drawing at the axes `axes`: { axes, paths: [d per series], band, desc, points: [per
 *  series], ends(beta): each series' name and the px of its last value }. */
function drawingOf(g, s, axes) {
  const points = SERIES.map((ser) => pointsOf(g, s.ns, s[ser.key]));
  const ends = (beta) =>
    SERIES.map((ser, k) => ({
      name: ser.name[0] === 'softmax' ? [`softmax \u03b2 = ${beta}`, ser.name[1]] : ser.name,
      y: points[k].length ? points[k][points[k].length - 1][1] : Number.NaN,
      cls: ser.cls,
    }));
  const last = s.ns.length - 1;
  const desc =
    `Mean cosine of the linear state's reads is ${formatCos(s.cosineMean[0])} at ` +
    `N = ${formatInt(s.ns[0])} and ${formatCos(s.cosineMean[last])} at N = ${formatInt(s.ns[last])}; ` +
    `softmax reads at N = ${formatInt(s.ns[last])} have cosine ${formatCos(s.softmaxCosineMean[last])}. ` +
    'The same numbers are in the data table below the chart.';
  return { axes, paths: SERIES.map((ser) => pathOf(g, s.ns, s[ser.key])), band: bandOf(g, s), desc, points, ends };
}

/** The curves of a view's sweep (`drawing`, or null while it has none). */
function drawData(el, view, drawing) {
  if (!drawing) {
    setAttr(el.band, 'd', '');
    for (const p of el.paths) setAttr(p, 'd', '');
    setText(
      el.desc,
      view.waiting
        ? 'No numbers yet: the curve for these settings is computed once the slider rests.'
        : 'No numbers yet: the sweep is being computed.',
    );
    return;
  }
  // Written only when they differ: a path's d written again, even the same, is laid out again.
  drawing.paths.forEach((d, k) => setAttr(el.paths[k], 'd', d));
  setAttr(el.band, 'd', drawing.band);
  setText(el.desc, drawing.desc);
}

/** The marker at N (`i` N's index in the sweep, -1 while N has none). Every frame of a drag:
 *  attributes are written only when they change (setAttr), as an SVG attribute written again,
 *  even to the same value, is laid out again. */
function drawMarker(el, g, view, n, i, drawing) {
  const { line, dots } = el.marker;
  const s = view.sweep;
  const px = g.x(n);
  for (const [k, v] of Object.entries({ x1: px, x2: px, y1: M.top, y2: M.top + g.plotH })) setAttr(line, k, v);
  SERIES.forEach((ser, k) => {
    const dot = dots[k];
    if (s && i >= 0 && Number.isFinite(s[ser.key][i])) {
      setAttr(dot, 'cx', px);
      setAttr(dot, 'cy', g.y(s[ser.key][i]));
      dot.removeAttribute('visibility'); // (no change, and no layout, when it is absent)
    } else {
      setAttr(dot, 'visibility', 'hidden');
    }
  });
  placeWords(el, g, view, drawing, { px, n });
}

export function createChart(parent) {
  const el = buildChart(parent);
  let width = 600;
  let view = null; // { sweep, d, scale, beta, waiting }
  let axesDrawn = ''; // d, scale and width of the axes on screen
  /** What the axes depend on: d, scale and width (the axes and each sweep's drawing are kept per key). */
  const axesKey = () => `${view.d}|${view.scale}|${width}`;
  /** A sweep's drawing, kept per sweep (a WeakMap: gone with the sweep), so a drag of β back to a
   *  value whose sweep is held writes the strings it drew before instead of building 7 paths of
   *  up to 1,024 points again. */
  const drawn = new WeakMap();
  const drawingFor = (s, g) => {
    const had = drawn.get(s);
    if (had && had.axes === axesKey()) return had;
    const drawing = drawingOf(g, s, axesKey());
    drawn.set(s, drawing);
    return drawing;
  };
  return {
    element: el.wrap,
    /** Redraws everything for a new sweep, d, scale or width (`waiting`: the sweep of these
     *  settings waits for a settings slider to rest). */
    update(next) {
      view = next;
      const g = geometry(view, width);
      el.frame.resize(width); // (writes only a changed viewBox: the same value would lay it out again)
      setAttr(el.overlay, 'viewBox', `0 0 ${width} ${HEIGHT}`);
      setAttr(el.overlay, 'width', String(width));
      // Built again only when they change: a drag of β or the forget gate redraws the chart on
      // every value (a new sweep), with the same axes.
      if (axesKey() !== axesDrawn) drawAxes(el, view, g);
      axesDrawn = axesKey();
      drawData(el, view, view.sweep ? drawingFor(view.sweep, g) : null);
    },
    /** Moves the marker to N; `i` is N's index in the sweep or -1 when N has no numbers yet. */
    marker(n, i) {
      if (!view) return;
      const g = geometry(view, width);
      drawMarker(el, g, view, n, i, view.sweep ? drawingFor(view.sweep, g) : null);
    },
    /** The N under a horizontal position in the chart (CSS px from its left edge), 1…4d. */
    nAt(px) {
      if (!view) return null;
      const { x, nMax } = geometry(view, width);
      return Math.min(Math.max(Math.round(x.invert(px)), 1), nMax); // off the plot: its nearer end
    },
    /** Where N sits (CSS px from the chart's left edge) and the plot's top and height. */
    place(n) {
      if (!view) return null;
      const g = geometry(view, width);
      return { x: g.x(n), top: M.top, height: g.plotH };
    },
    /** The drawing width follows the container so that text keeps its real size. */
    setWidth(w) {
      const next = Math.max(280, Math.floor(w));
      if (next === width) return false;
      width = next;
      return true;
    },
  };
}

/** The chart's legend: the band, every series (the softmax ones name the current β), N = d. */
export function createLegend(parent) {
  const texts = Object.fromEntries(SERIES.map((s) => [s.key, h('span', { text: s.label })]));
  const dWords =
    'N = d: as many associations as key dimensions. Not a cliff: for random keys the crosstalk carries ' +
    "about the target's energy here; orthonormal keys stop reading back exactly past it";
  const entries = [
    ['oc-band', 'mean cosine \u00b1 one standard deviation over trials', 'box'],
    ...SERIES.map((s) => [`oc-line ${s.cls}`, texts[s.key]]),
    ['oc-dline', dWords],
  ];
  parent.appendChild(legendList(entries, { class: 'oc-legend', 'aria-label': 'Legend' }));
  return {
    update(state) {
      setText(texts.softmaxCosineMean, `mean cosine, softmax (\u03b2 = ${state.beta})`);
      setText(texts.softmaxRecallMean, `top-1 recall, softmax (\u03b2 = ${state.beta})`);
    },
  };
}
