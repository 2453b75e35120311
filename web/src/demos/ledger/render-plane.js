// The plane (d = 2): keys as arrows with handles on the unit circle, which the reader drags (pointer,
// touch) or turns with the arrow keys (role="slider"); and the values beside their read-backs.
import { h, s, replace, keepChildren, setText, setAttr, setProp } from '../../lib/dom.js';
import { formatPlain } from '../../lib/format.js';
import { plotArea } from '../../lib/plot/plot-area.js';
import { arrowMarkers, arrowEnd } from '../../lib/plot/marker.js';
import { arrowSegments, placeLabels } from '../../lib/plot/label-spot.js';
import { formatNumber, formatVector, subscript } from './format.js';
import { angleOf, drawLength } from './geometry.js';
import { keyLabel, valueLabel } from './render-tables.js';
import { createHandle } from './plane-handle.js';
import { renderAngles } from './render-angles.js';

// SVG user units per unit of the plane. Drawn in units of 1 (a viewBox 2.9 wide on a 290 px plane),
// every moving label is text under a scale of 100, and Chromium then regroups the whole page's
// paint on each frame of a drag (docs/performance.md, What a frame of a drag may change); at this
// scale the SVG is drawn at about 1 user unit per CSS pixel.
const U = 100;
const VIEW = 1.45 * U; // the key plane shows [-1.45, 1.45]² (unit circle plus labels)
const PLANE = [-VIEW, -VIEW, 2 * VIEW, 2 * VIEW]; // the viewBox of both planes

// Read-backs and keys still to be written are dashed. Their strokes do not scale
// (vector-effect), so the dashes are in CSS pixels.
const DASH = '5 4';

// The arrows' colours: each has its arrowhead (lib/plot/marker.js), coloured in ledger.css.
const HEADS = ['key', 'pending', 'query', 'target'];

function arrow(cls, marker, role) {
  return s('line', {
    x1: 0,
    y1: 0,
    class: cls,
    'vector-effect': 'non-scaling-stroke',
    'marker-end': arrowEnd(marker, role),
  });
}

/** Points an arrow from the origin at (x, y): SVG y grows downwards, so (x, y) is drawn at (x, −y). */
function pointArrow(line, x, y) {
  setAttr(line, 'x2', x);
  setAttr(line, 'y2', -y);
}

/** Hides a drawn mark (display="none") or shows it again. */
function setShown(el, shown) {
  if (shown) el.removeAttribute('display');
  else setAttr(el, 'display', 'none');
}

function setDashed(line, dashed) {
  if (dashed) setAttr(line, 'stroke-dasharray', DASH);
  else line.removeAttribute('stroke-dasharray');
}

/** Clamps a drawn point to the visible square, keeping its direction (drawing only). */
function clampToView(v, limit) {
  const len = drawLength(v);
  if (len <= limit) return v;
  return [(v[0] * limit) / len, (v[1] * limit) / len];
}

/** The keys' plane: axes, the unit circle, the keys' arrows and a layer for their handles. */
function keyPlane(ids) {
  const keys = plotArea({
    viewBox: PLANE,
    className: 'lg-plane is-keys',
    role: 'group',
    titleId: ids.keyTitle,
    title: 'Keys on the unit circle',
  });
  setAttr(keys.svg, 'data-symbol', 'k-i'); // linked reading: the stored keys of equation (4)
  keys.grid.append(
    s('line', { x1: -VIEW, y1: 0, x2: VIEW, y2: 0, class: 'plot-grid' }),
    s('line', { x1: 0, y1: -VIEW, x2: 0, y2: VIEW, class: 'plot-grid' }),
    s('circle', { cx: 0, cy: 0, r: U, class: 'plot-grid lg-unit-circle' }),
  );
  return { keySvg: keys.svg, arrows: keys.data, handles: keys.svg.appendChild(s('g')) };
}

/** The values' plane: axes, the scale's one tick and a layer for the values and their reads. */
function valuePlane(ids) {
  // The figure's arrowheads, in the values' plane (the file export takes that SVG away whole);
  // the keys' arrows point with it too (an id is found anywhere in the same document or shadow root).
  const values = plotArea({
    viewBox: PLANE,
    className: 'lg-plane',
    titleId: ids.valueTitle,
    title: 'Stored values and what each key reads back',
  });
  values.svg.insertBefore(arrowMarkers(ids.marker, HEADS), values.grid);
  values.grid.append(
    s('line', { x1: -VIEW, y1: 0, x2: VIEW, y2: 0, class: 'plot-grid' }),
    s('line', { x1: 0, y1: -VIEW, x2: 0, y2: VIEW, class: 'plot-grid' }),
  );
  // The scale's one tick: the largest coordinate drawn, at the right end of the horizontal axis.
  const tick = values.axes.appendChild(s('text', { x: VIEW - 5, y: -6, class: 'plot-tick plot-tick-y' }));
  return { valueSvg: values.svg, valueTitle: values.title, valueLayer: values.data, tick };
}

/** Both planes, side by side (d = 2), and the angles' table (placed by figure.js); a handle dispatches
 *  its key's angle. */
export function createPlane({ ids, dispatch }) {
  const { keySvg, arrows, handles } = keyPlane(ids);
  const { valueSvg, valueTitle, valueLayer, tick } = valuePlane(ids);
  const angles = h('div', { class: 'lg-angles', 'data-part': 'angles' });
  const el = h(
    'div',
    { class: 'lg-planes' },
    h(
      'figure',
      { class: 'lg-plane-fig' },
      keySvg,
      h('figcaption', null, 'Keys. Drag a handle, or focus it and use the arrow keys (Page Up/Down: 15\u00b0).'),
    ),
    h(
      'figure',
      { class: 'lg-plane-fig' },
      valueSvg,
      h('figcaption', null, 'Values (solid) and read-backs (dashed); a red gap is the error.'),
    ),
  );
  const note = h(
    'p',
    { class: 'lg-muted', hidden: true, 'data-part': 'plane-note' },
    'The picture is drawn for d = 2. In three dimensions three keys can all be perpendicular; a fourth must overlap.',
  );
  // The drawings a drag moves are made once and then moved by their attributes (keyArrows with the
  // handles, values when first needed, the angle table when its rows change): a frame of a drag
  // then writes a few coordinates and numbers and creates no element.
  const plane = {
    el: h('div', { class: 'lg-plane-wrap' }, el, note),
    planes: el,
    note,
    keySvg,
    arrows,
    handles,
    valueLayer,
    valueTitle,
    values: { tick, reads: [] }, // reads: per read, readDrawing()
    angles,
    angleShape: '',
    angleCells: [],
    markerId: ids.marker,
    handleList: [],
    keyArrows: [],
    signature: '',
    dispatch,
    dragging: null,
    dragMatrix: null, // { matrix, forget } while a drag keeps the plane's screen matrix (watchPlaneMoves)
  };
  /** Draws the state's keys, values and reads (d = 2; otherwise the note that says why not). */
  plane.update = (state, view) => renderPlane(plane, state, view);
  return plane;
}

function renderPlane(plane, state, view) {
  const is2d = state.d === 2;
  setProp(plane.planes, 'hidden', !is2d);
  setProp(plane.note, 'hidden', is2d);
  setProp(plane.angles, 'hidden', !is2d);
  if (!is2d) {
    replace(plane.handles);
    plane.handleList = [];
    plane.signature = '';
    return;
  }
  const targets = state.associations.map((_, i) => i);
  if (state.query === -1) targets.push(-1);
  const signature = targets.join(',');
  if (signature !== plane.signature) {
    plane.signature = signature;
    plane.handleList = targets.map((t) => createHandle(plane, t));
    plane.keyArrows = targets.map(() => arrow('lg-arrow', plane.markerId, 'key'));
    replace(plane.handles, ...plane.handleList.map((hd) => hd.g));
    replace(plane.arrows, ...plane.keyArrows);
  }
  const vecOf = (t) => (t === -1 ? state.freeQuery : state.associations[t].k);
  const nameOf = (t) => (t === -1 ? 'q' : keyLabel(t));

  // Arrows for keys: written ones solid, keys still to be written dashed. A key that neither moved
  // nor was written or unwritten is left as it is (a page turn moves no key: writing each key's
  // numbers again, unchanged, was a good part of the turn's script).
  targets.forEach((t, n) => {
    const line = plane.keyArrows[n];
    const k = vecOf(t);
    const drawn = `${k[0]},${k[1]}|${t < state.step}`;
    if (line.drawn === drawn) return;
    line.drawn = drawn;
    // A zero vector has no direction: no arrow (a head on a zero-length line would point along k₁).
    setShown(line, !(k[0] === 0 && k[1] === 0));
    const v = clampToView(k, 1.35);
    pointArrow(line, v[0] * U, v[1] * U);
    const role = t === -1 ? 'query' : t < state.step ? 'key' : 'pending';
    setAttr(line, 'class', role === 'key' ? 'lg-arrow' : `lg-arrow is-${role}`);
    setAttr(line, 'marker-end', arrowEnd(plane.markerId, role));
    setDashed(line, t >= state.step || t === -1);
  });

  for (const hd of plane.handleList) {
    const v = vecOf(hd.target);
    const zero = v[0] === 0 && v[1] === 0;
    hd.angle = zero ? 0 : angleOf(v);
    const drawn = `${v[0]},${v[1]}|${hd.target >= state.step}`;
    if (hd.drawn === drawn) continue;
    hd.drawn = drawn;
    setShown(hd.g, !zero); // no direction, no handle on the circle (the fields still edit it)
    const rad = (hd.angle * Math.PI) / 180;
    hd.g.classList.toggle('is-pending', hd.target >= state.step);
    const name = nameOf(hd.target);
    setText(hd.label, name);
    // Only what changed is written: the keys not being dragged keep every attribute on each frame.
    // The handle moves by its shapes' coordinates, not by a transform on its group: a transform that
    // changes makes Chromium regroup the whole page's paint (docs/performance.md, What a frame of a
    // drag may change).
    const [x, y] = [Math.cos(rad) * U, -Math.sin(rad) * U];
    for (const c of hd.circles) {
      setAttr(c, 'cx', x);
      setAttr(c, 'cy', y);
    }
    setAttr(hd.label, 'x', x * 1.2);
    setAttr(hd.label, 'y', y * 1.2);
    setAttr(hd.g, 'aria-label', `direction of ${hd.target === -1 ? 'the free query q' : `key ${name}`}`);
    setAttr(hd.g, 'aria-valuenow', formatPlain(hd.angle, 2)); // a plain number, even for 1e-300
    setAttr(hd.g, 'aria-valuetext', `${formatNumber(hd.angle, 2)} degrees, ${name} = ${formatVector(v)}`);
  }

  renderValues(plane, state, view);
  renderAngles(plane, state, view, nameOf);
}

/** One read's drawing in the values' plane: its value, and where it is not exact, the read and the gap. */
function readDrawing(marker) {
  const read = arrow('lg-arrow is-read', marker, 'query');
  setDashed(read, true);
  return {
    value: arrow('lg-arrow is-value', marker, 'target'),
    gap: s('line', { class: 'lg-gap', 'vector-effect': 'non-scaling-stroke' }),
    read,
    readLabel: s('text', { class: 'lg-label is-read', ...CENTRED }),
    valueLabel: s('text', { class: 'lg-label', ...CENTRED }),
  };
}

// The values' labels are centred on their spot (placeLabels): beyond their arrow's tip, off every
// arrow, head, gap and other label. The heads' size is in CSS pixels (their strokes do not scale), so
// in the plane's units it is largest on the narrowest plane (about 0.55 px a unit at 390 px wide).
const CENTRED = { 'text-anchor': 'middle', 'dominant-baseline': 'central' };
const LABEL_HALF = [10, 8]; // half a label ("v₃", 16 units) in the plane's units
const HEAD = { length: 25, halfWidth: 14, overshoot: 3, pad: 3 };
const SCALE_TICK = [VIEW - 40, -22, VIEW, 0]; // the scale's tick at the axis's right end

/** Puts each value's and read's label where it sits on nothing (lib/plot/label-spot.js). */
function placeValueLabels(tips, gaps) {
  const segments = tips.flatMap((t) => arrowSegments([0, 0], t.at, HEAD));
  for (const [a, b] of gaps) segments.push({ a, b, pad: 3 });
  const spots = placeLabels(
    tips.map((t) => ({ at: t.at, dir: t.at, half: LABEL_HALF })),
    { segments, boxes: [SCALE_TICK], bounds: [-VIEW, -VIEW, VIEW, VIEW], gap: 4 },
  );
  tips.forEach((t, i) => {
    setAttr(t.label, 'x', spots[i][0]);
    setAttr(t.label, 'y', spots[i][1]);
  });
}

function renderValues(plane, _state, view) {
  // Scale so the largest coordinate of any value or read fits (a drawing scale, not a model number).
  let extent = 1;
  for (const r of view.reads) for (const x of [...r.v, ...r.read]) extent = Math.max(extent, Math.abs(x));
  const f = (1.25 * U) / extent;
  const { tick, reads } = plane.values;
  setText(tick, formatNumber(extent, 2));
  const nodes = [];
  const tips = []; // values first: a read's label moves aside for its value's
  const gaps = [];
  view.reads.forEach((r, n) => {
    reads[n] ??= readDrawing(plane.markerId);
    const d = reads[n];
    const [vx, vy] = [r.v[0] * f, r.v[1] * f];
    const [rx, ry] = [r.read[0] * f, r.read[1] * f];
    pointArrow(d.value, vx, vy);
    nodes.push(d.value);
    if (!r.exact) {
      setAttr(d.gap, 'x1', rx);
      setAttr(d.gap, 'y1', -ry);
      setAttr(d.gap, 'x2', vx);
      setAttr(d.gap, 'y2', -vy);
      pointArrow(d.read, rx, ry);
      setText(d.readLabel, `r${subscript(r.index + 1)}`);
      nodes.push(d.gap, d.read, d.readLabel);
      tips.push({ at: [rx, -ry], label: d.readLabel, read: true });
      gaps.push([
        [rx, -ry],
        [vx, -vy],
      ]);
    }
    setText(d.valueLabel, valueLabel(r.index));
    nodes.push(d.valueLabel);
    tips.push({ at: [vx, -vy], label: d.valueLabel, read: false });
  });
  placeValueLabels(
    tips.sort((a, b) => a.read - b.read),
    gaps,
  );
  keepChildren(plane.valueLayer, nodes);
  const summary = view.reads
    .map((r) => `${valueLabel(r.index)} = ${formatVector(r.v)}, read ${formatVector(r.read)}`)
    .join('; ');
  setText(
    plane.valueTitle,
    'Stored values and what each key reads back' + (summary ? `: ${summary}` : ': nothing written yet'),
  );
}
