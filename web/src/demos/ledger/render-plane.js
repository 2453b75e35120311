// The plane (d = 2): keys as arrows with handles on the unit circle, which the reader drags (pointer,
// touch) or turns with the arrow keys (role="slider"); and the values beside their read-backs.
import { h, s, replace, keepChildren, setText, setAttr, setProp } from '../../lib/dom.js';
import { coalesceFrames } from '../../lib/frame.js';
import { formatPlain } from '../../lib/format.js';
import { formatNumber, formatVector, subscript } from './format.js';
import { angleOf, stepAngle, drawLength } from './geometry.js';
import { keyLabel, valueLabel } from './render-tables.js';

// SVG user units per unit of the plane. Drawn in units of 1 (a viewBox 2.9 wide on a 290 px plane),
// every moving label is text under a scale of 100, and Chromium then regroups the whole page's
// paint on each frame of a drag (ARCHITECTURE.md, What a frame of a drag may change); at this
// scale the SVG is drawn at about 1 user unit per CSS pixel.
const U = 100;
const VIEW = 1.45 * U; // the key plane shows [-1.45, 1.45]² (unit circle plus labels)
const HANDLE_R = 7; // 0.07 of the plane's unit
const HIT_R = 19; // a finger-sized target around each handle (0.19)

// Read-backs and keys still to be written are dashed. Their strokes do not scale
// (vector-effect), so the dashes are in CSS pixels.
const DASH = '5 4';

function arrow(cls, marker) {
  return s('line', {
    x1: 0,
    y1: 0,
    class: cls,
    'vector-effect': 'non-scaling-stroke',
    'marker-end': `url(#${marker})`,
  });
}

/** Points an arrow from the origin at (x, y): SVG y grows downwards, so (x, y) is drawn at (x, −y). */
function pointArrow(line, x, y) {
  setAttr(line, 'x2', x);
  setAttr(line, 'y2', -y);
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

export function buildPlane({ ids, onAngle }) {
  const markerId = ids.marker;
  const keySvg = s('svg', {
    class: 'la-ledger__plane is-keys',
    'data-symbol': 'k-i', // linked reading: the stored keys of equation (4)
    viewBox: `${-VIEW} ${-VIEW} ${2 * VIEW} ${2 * VIEW}`,
    role: 'group',
    'aria-labelledby': ids.keyTitle,
  });
  const defs = s(
    'defs',
    null,
    s(
      'marker',
      {
        id: markerId,
        viewBox: '0 0 10 10',
        refX: 9,
        refY: 5,
        markerWidth: 6,
        markerHeight: 6,
        orient: 'auto-start-reverse',
      },
      s('path', { d: 'M0,0 L10,5 L0,10 z', class: 'la-ledger__arrowhead' }),
    ),
  );
  const grid = s(
    'g',
    { class: 'la-ledger__grid', 'aria-hidden': 'true' },
    s('line', { x1: -VIEW, y1: 0, x2: VIEW, y2: 0 }),
    s('line', { x1: 0, y1: -VIEW, x2: 0, y2: VIEW }),
    s('circle', { cx: 0, cy: 0, r: U, fill: 'none' }),
  );
  const arrows = s('g', { 'aria-hidden': 'true' });
  const handles = s('g');
  keySvg.append(s('title', { id: ids.keyTitle }, 'Keys on the unit circle'), defs, grid, arrows, handles);

  const valueSvg = s('svg', {
    class: 'la-ledger__plane',
    viewBox: `${-VIEW} ${-VIEW} ${2 * VIEW} ${2 * VIEW}`,
    role: 'img',
    'aria-labelledby': ids.valueTitle,
  });
  const valueDefs = s(
    'defs',
    null,
    s(
      'marker',
      {
        id: `${markerId}-v`,
        viewBox: '0 0 10 10',
        refX: 9,
        refY: 5,
        markerWidth: 6,
        markerHeight: 6,
        orient: 'auto-start-reverse',
      },
      s('path', { d: 'M0,0 L10,5 L0,10 z', class: 'la-ledger__arrowhead' }),
    ),
  );
  const valueTitle = s('title', { id: ids.valueTitle }, 'Stored values and what each key reads back');
  const valueLayer = s('g');
  valueSvg.append(valueTitle, valueDefs, valueLayer);

  const angles = h('div', { class: 'la-ledger__angles', 'data-part': 'angles' });
  const el = h(
    'div',
    { class: 'la-ledger__planes' },
    h(
      'figure',
      { class: 'la-ledger__plane-fig' },
      keySvg,
      h('figcaption', null, 'Keys. Drag a handle, or focus it and use the arrow keys (Page Up/Down: 15\u00b0).'),
    ),
    h(
      'figure',
      { class: 'la-ledger__plane-fig' },
      valueSvg,
      h('figcaption', null, 'Values (solid) and read-backs (dashed); a red gap is the error.'),
    ),
    angles,
  );
  const note = h(
    'p',
    { class: 'la-ledger__muted', hidden: true, 'data-part': 'plane-note' },
    'The picture is drawn for d = 2. In three dimensions three keys can all be perpendicular; a fourth must overlap.',
  );
  const wrap = h('div', { class: 'la-ledger__plane-wrap' }, el, note);
  // The drawings a drag moves are made once and then moved by their attributes (keyArrows with the
  // handles, values when first needed, the angle table when its rows change): a frame of a drag
  // then writes a few coordinates and numbers and creates no element.
  const values = {
    axes: [
      s('line', { x1: -VIEW, y1: 0, x2: VIEW, y2: 0, class: 'la-ledger__axis' }),
      s('line', { x1: 0, y1: -VIEW, x2: 0, y2: VIEW, class: 'la-ledger__axis' }),
    ],
    tick: s('text', { x: VIEW - 5, y: -6, class: 'la-ledger__tick', 'text-anchor': 'end' }),
    reads: [], // per read: readDrawing()
  };
  return {
    el: wrap,
    planes: el,
    note,
    keySvg,
    arrows,
    handles,
    valueLayer,
    valueTitle,
    values,
    angles,
    angleShape: '',
    angleCells: [],
    markerId,
    handleList: [],
    keyArrows: [],
    signature: '',
    onAngle,
    dragging: null,
    dragMatrix: null, // { matrix, forget } while a drag keeps the plane's screen matrix (watchPlaneMoves)
  };
}

function makeHandle(plane, target) {
  const g = s('g', {
    class: 'la-ledger__handle' + (target === -1 ? ' is-query' : ''),
    role: 'slider',
    tabindex: 0,
    'aria-valuemin': 0,
    'aria-valuemax': 359,
    'aria-orientation': 'horizontal',
    'data-part': target === -1 ? 'handle-q' : `handle-${target + 1}`,
  });
  const hit = s('circle', { r: HIT_R, class: 'la-ledger__hit' });
  const ring = s('circle', { r: HANDLE_R + 5, class: 'la-ledger__ring' });
  const dot = s('circle', { r: HANDLE_R, class: 'la-ledger__dot' });
  const label = s('text', {
    class: 'la-ledger__label',
    'text-anchor': 'middle',
    'dominant-baseline': 'central',
    'aria-hidden': 'true',
  });
  g.append(hit, ring, dot, label);
  const handle = { g, label, circles: [hit, ring, dot], target, angle: 0 };

  g.addEventListener('keydown', (e) => {
    const steps = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1, PageUp: 15, PageDown: -15 };
    let next;
    if (e.key in steps) next = stepAngle(handle.angle, steps[e.key]);
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = 359;
    else return;
    e.preventDefault();
    plane.onAngle(target, next, 'keyboard');
  });
  const angleAtPointer = (e) => {
    const toPlane = screenToPlane(plane);
    if (!toPlane) return null;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(toPlane);
    if (p.x === 0 && p.y === 0) return null;
    return Math.round(angleOf([p.x, -p.y])) % 360; // whole degrees while dragging
  };
  g.addEventListener('pointerdown', (e) => {
    e.preventDefault();
    g.focus();
    g.setPointerCapture(e.pointerId);
    plane.dragging = target;
    watchPlaneMoves(plane);
  });
  // Pointer moves can outpace the screen: recompute at most once per animation frame.
  const move = coalesceFrames((a) => {
    if (a !== handle.angle) plane.onAngle(target, a, 'pointer');
  });
  handle.frames = move;
  g.addEventListener('pointermove', (e) => {
    if (plane.dragging !== target || !g.hasPointerCapture(e.pointerId)) return;
    const a = angleAtPointer(e);
    if (a === null) return;
    move(a);
  });
  const end = (e) => {
    move.flush();
    if (g.hasPointerCapture(e.pointerId)) g.releasePointerCapture(e.pointerId);
    const was = plane.dragging;
    plane.dragging = null;
    plane.dragMatrix?.forget();
    if (was !== null) plane.onDragEnd?.();
  };
  g.addEventListener('pointerup', end);
  g.addEventListener('pointercancel', end);
  return handle;
}

/**
 * The inverse of the key plane's screen matrix, kept for the drag in progress (watchPlaneMoves):
 * asking the SVG on every pointer move would make the browser bring style and layout up to date
 * first, in the middle of the input's task.
 */
function screenToPlane(plane) {
  const kept = plane.dragMatrix;
  if (kept?.matrix) return kept.matrix;
  const ctm = plane.keySvg.getScreenCTM();
  if (!ctm) return null;
  const matrix = ctm.inverse();
  if (kept) kept.matrix = matrix;
  return matrix;
}

/** From a press until the drag ends, the plane's matrix is kept; a scroll or resize drops it. */
function watchPlaneMoves(plane) {
  plane.dragMatrix?.forget();
  const win = plane.keySvg.ownerDocument.defaultView;
  const kept = { matrix: null };
  const drop = () => {
    kept.matrix = null;
  };
  win.addEventListener('scroll', drop, { capture: true, passive: true });
  win.addEventListener('resize', drop, { passive: true });
  kept.forget = () => {
    win.removeEventListener('scroll', drop, { capture: true });
    win.removeEventListener('resize', drop);
    if (plane.dragMatrix === kept) plane.dragMatrix = null;
  };
  plane.dragMatrix = kept;
}

export function renderPlane(plane, state, view) {
  const is2d = state.d === 2;
  setProp(plane.planes, 'hidden', !is2d);
  setProp(plane.note, 'hidden', is2d);
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
    plane.handleList = targets.map((t) => makeHandle(plane, t));
    plane.keyArrows = targets.map(() => arrow('la-ledger__arrow', plane.markerId));
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
    const v = clampToView(k, 1.35);
    pointArrow(line, v[0] * U, v[1] * U);
    setAttr(
      line,
      'class',
      t === -1 ? 'la-ledger__arrow is-query' : t < state.step ? 'la-ledger__arrow' : 'la-ledger__arrow is-pending',
    );
    setDashed(line, t >= state.step || t === -1);
  });

  for (const hd of plane.handleList) {
    const v = vecOf(hd.target);
    const zero = v[0] === 0 && v[1] === 0;
    hd.angle = zero ? 0 : angleOf(v);
    const drawn = `${v[0]},${v[1]}|${hd.target >= state.step}`;
    if (hd.drawn === drawn) continue;
    hd.drawn = drawn;
    const rad = (hd.angle * Math.PI) / 180;
    hd.g.classList.toggle('is-pending', hd.target >= state.step);
    const name = nameOf(hd.target);
    setText(hd.label, name);
    // Only what changed is written: the keys not being dragged keep every attribute on each frame.
    // The handle moves by its shapes' coordinates, not by a transform on its group: a transform that
    // changes makes Chromium regroup the whole page's paint (ARCHITECTURE.md, What a frame of a
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
  renderAngles(plane, state, view, vecOf, nameOf);
}

/** One read's drawing in the values' plane: its value, and where it is not exact, the read and the gap. */
function readDrawing(marker) {
  const read = arrow('la-ledger__arrow is-read', `${marker}-v`);
  setDashed(read, true);
  return {
    value: arrow('la-ledger__arrow is-value', `${marker}-v`),
    gap: s('line', { class: 'la-ledger__gap', 'vector-effect': 'non-scaling-stroke' }),
    read,
    readLabel: s('text', { class: 'la-ledger__label is-read', 'text-anchor': 'middle' }),
    valueLabel: s('text', { class: 'la-ledger__label', 'text-anchor': 'middle' }),
  };
}

function renderValues(plane, _state, view) {
  // Scale so the largest coordinate of any value or read fits (a drawing scale, not a model number).
  let extent = 1;
  for (const r of view.reads) for (const x of [...r.v, ...r.read]) extent = Math.max(extent, Math.abs(x));
  const f = (1.25 * U) / extent;
  const { axes, tick, reads } = plane.values;
  setText(tick, formatNumber(extent, 2));
  const nodes = [...axes, tick];
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
      setAttr(d.readLabel, 'x', rx);
      setAttr(d.readLabel, 'y', -ry - 8);
      setText(d.readLabel, `r${subscript(r.index + 1)}`);
      nodes.push(d.gap, d.read, d.readLabel);
    }
    setAttr(d.valueLabel, 'x', vx);
    setAttr(d.valueLabel, 'y', -vy - 8);
    setText(d.valueLabel, valueLabel(r.index));
    nodes.push(d.valueLabel);
  });
  keepChildren(plane.valueLayer, nodes);
  const summary = view.reads
    .map((r) => `${valueLabel(r.index)} = ${formatVector(r.v)}, read ${formatVector(r.read)}`)
    .join('; ');
  setText(
    plane.valueTitle,
    'Stored values and what each key reads back' + (summary ? `: ${summary}` : ': nothing written yet'),
  );
}

function renderAngles(plane, state, view, _vecOf, nameOf) {
  // Angles from the key being read to every other key, and the overlap φ(q)·φ(kᵢ): both from the core.
  const from = state.query;
  if (state.associations.length < 2 && from !== -1) {
    replace(plane.angles);
    plane.angleShape = '';
    return;
  }
  const others = state.associations.map((_, i) => i).filter((i) => i !== from);
  const overlapOf = (i) => {
    if (from >= 0) return view.overlaps[from][i];
    if (view.query && i < state.step) return view.query.coefficients[i];
    return null;
  };
  const phi = view.normalized;
  const many = state.associations.length > 2;
  // The table is built when its rows or sentences change; a drag only rewrites its numbers.
  const shape = `${from}|${others}|${phi}|${many}`;
  if (shape !== plane.angleShape) {
    plane.angleShape = shape;
    buildAngles(plane, others, nameOf(from), phi, many, nameOf);
  }
  others.forEach((i, n) => {
    const ov = overlapOf(i);
    const cells = plane.angleCells[n];
    const angle = view.anglesFromQuery[i];
    if (cells.shown && Object.is(cells.shown[0], angle) && Object.is(cells.shown[1], ov)) return;
    cells.shown = [angle, ov];
    setText(cells.angle, `${formatNumber(angle, 2)}\u00b0`);
    setText(cells.overlap, ov === null ? '\u2014' : formatNumber(ov));
  });
}

function buildAngles(plane, others, fromName, phi, many, nameOf) {
  plane.angleCells = others.map(() => ({
    angle: h('td', { class: 'la-ledger__num', 'data-part': 'angle' }),
    overlap: h('td', { class: 'la-ledger__num', 'data-part': 'overlap' }),
  }));
  const rows = others.map((i, n) =>
    h(
      'tr',
      { 'data-part': `angle-${i + 1}` },
      h('th', { scope: 'row' }, nameOf(i)),
      plane.angleCells[n].angle,
      plane.angleCells[n].overlap,
    ),
  );
  replace(
    plane.angles,
    h(
      'table',
      { class: 'la-ledger__angle-table' },
      h('caption', null, `Between ${fromName} and the other keys`),
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          h('th', { scope: 'col' }, 'key'),
          h('th', { scope: 'col' }, 'angle'),
          h('th', { scope: 'col' }, phi ? 'overlap \u03c6\u00b7\u03c6' : 'overlap (dot product)'),
        ),
      ),
      h('tbody', null, rows),
    ),
    h(
      'p',
      { class: 'la-ledger__muted' },
      phi
        ? 'With \u03c6 = elu + 1 every feature is positive, so every overlap is positive: each stamp leaks into every read.'
        : 'At 90\u00b0 the overlap is 0, and that stamp adds nothing to the read.',
    ),
    !phi && many
      ? h(
          'p',
          { class: 'la-ledger__muted' },
          'A plane has only two perpendicular directions: a third key must overlap at least one of the others.',
        )
      : null,
  );
}
