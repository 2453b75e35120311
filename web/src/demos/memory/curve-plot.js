// The picture: memory over context on one axis. The KV cache grows (stacked on the fixed state
// for hybrids), the fixed state stays flat, the GPU's room for cache is a horizontal line.
// Pixel positions are drawing; the byte values all come from the core (compute.js).

import { s, setAttr } from '../../lib/dom.js';
import { plotArea } from '../../lib/plot/plot-area.js';
import { axis as axisMark } from '../../lib/plot/axis.js';
import { linearScale, logScale } from '../../lib/plot/scale.js';
import { formatBytes, shortTokens } from './format.js';
import { besideLine, placeLabels } from './render-line-labels.js';

const HEIGHT = 240;
/** The plot's margins in viewBox units (render-handle.js places the context handle with them). */
export const M = { left: 70, right: 14, top: 16, bottom: 40 };

/** An SVG element appended to `parent`. */
const el = (name, attrs, parent) => parent.appendChild(s(name, attrs));

const num = (b) => Number(b); // BigInt -> float, for pixel positions only

/** Tick values (BigInt bytes) for a log axis between lo and hi (floats). */
function logTicks(lo, hi, system) {
  const base = system === 'decimal' ? 1000n : 1024n;
  const sub = system === 'decimal' ? [1n, 10n, 100n] : [1n, 32n];
  let ticks = [];
  for (let p = 1n; num(p) <= hi * 1.0001; p *= base) {
    for (const s of sub) {
      const v = p * s;
      if (num(v) >= lo * 0.9999 && num(v) <= hi * 1.0001) ticks.push(v);
    }
  }
  if (ticks.length > 8)
    ticks = ticks.filter((v) => {
      let p = 1n;
      while (p < v) p *= base;
      return p === v;
    });
  return ticks;
}

/** Tick values (BigInt bytes) for a linear axis from 0 to hi. */
function linearTicks(hi, system) {
  const base = system === 'decimal' ? 1000n : 1024n;
  let unit = 1n;
  while (num(unit * base) <= hi) unit *= base;
  const span = hi / num(unit); // 1 .. base, in units
  const raw = span / 4;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((f) => f * mag).find((s) => s >= raw) || 10 * mag;
  const stepMilli = BigInt(Math.max(1, Math.round(step * 1000)));
  const ticks = [];
  for (let i = 0n; i < 12n; i++) {
    const v = (i * stepMilli * unit) / 1000n;
    if (num(v) > hi * 1.0001) break;
    ticks.push(v);
  }
  return ticks;
}

/**
 * The memory axis shared by the chart and the bars (render-bars.js): view = { samples, room, yScale,
 * unit } -> { lo, hi, roomInRange, frac(bytes), ticks (BigInt bytes) } with frac in 0..1 along the axis (log or linear),
 * over every context the chart shows, so a bar keeps its length while the reader drags unless its
 * term grows. On a linear axis a GPU line far above the data would flatten it: then it is only named.
 */
export function memoryAxis(view) {
  const { samples, yScale, unit } = view;
  const values = [];
  for (const r of samples) {
    values.push(num(r.totalBytes), num(r.stateBytes), num(r.kvBytes));
    if (r.refBytes !== undefined) values.push(num(r.refBytes));
    if (r.originalBytes !== undefined) values.push(num(r.originalBytes));
  }
  const dataMax = Math.max(1, ...values);
  const room = view.room !== null && view.room > 0n ? num(view.room) : null;
  const roomInRange = room !== null && (yScale === 'log' || room <= dataMax * 20);
  let hi = Math.max(dataMax, roomInRange ? room : 0);
  let lo = 0;
  if (yScale === 'log') {
    const positives = values.filter((v) => v > 0);
    if (roomInRange) positives.push(room);
    lo = Math.min(...positives, hi);
    const base = unit === 'decimal' ? 10 : 2;
    lo = base ** (Math.floor(Math.log(lo) / Math.log(base) - 0.001) - (unit === 'decimal' ? 0 : 1));
    hi = base ** Math.ceil(Math.log(hi) / Math.log(base) + 0.001);
    if (hi / lo < 100) lo = hi / 1024;
  } else {
    hi *= 1.06;
  }
  const along = yScale === 'log' ? logScale([lo, hi], [0, 1]) : linearScale([0, hi], [0, 1]);
  const frac = (b) => {
    const v = num(b);
    return yScale === 'log' && v <= lo ? 0 : along(v);
  };
  const ticks = yScale === 'log' ? logTicks(lo, hi, unit) : linearTicks(hi, unit);
  return { lo, hi, room, roomInRange, frac, ticks };
}

/**
 * The chart's plot frame and axes (lib/plot/), made once: frame.svg is the chart's <svg>, named by
 * the title outside it (labelledBy, an id). drawChart draws into it.
 */
export function createCurvePlot(labelledBy) {
  const frame = plotArea({ height: HEIGHT, margin: M, className: 'lm-svg', labelledBy });
  return {
    frame,
    svg: frame.svg,
    xAxis: axisMark(frame, { side: 'bottom', grid: true }),
    yAxis: axisMark(frame, { side: 'left', grid: true }),
  };
}

/**
 * Draws into a chart frame (createCurvePlot): the axes are moved (written where they changed), the
 * data are drawn anew. view = { width, samples, tokens, now, refKind, room, yScale: 'log'|'linear',
 * unit: 'binary'|'decimal', linearized, maxContext (tokens or null) }. Contexts past maxContext are
 * shaded and labelled: beyond the positions the model's config allows.
 * Returns its geometry (for placeMarker) with the axis (memoryAxis).
 */
export function drawChart(chart, view) {
  const { frame } = chart;
  frame.resize(view.width);
  const layer = frame.data;
  layer.replaceChildren();
  const W = frame.innerWidth;
  const H = frame.innerHeight;
  const axis = memoryAxis(view);
  const up = linearScale([0, 1], [M.top + H, M.top]); // the memory axis's fraction, upwards
  const g = {
    W,
    H,
    bottom: M.top + H,
    x: logScale([1e3, 1e7], [M.left, M.left + W]), // context length in tokens
    y: (b) => up(axis.frac(b)),
  };
  drawAxes(chart, view, axis, g);
  const beyondAt = view.maxContext !== null && view.maxContext < 1e7 ? drawBeyond(layer, view.maxContext, g) : null;
  const plot = el('g', { class: 'lm-plot' }, layer);
  drawLines(plot, view, g);
  drawRoom(plot, view, axis, g);
  drawLabels(plot, view, axis, g, beyondAt);
  const geom = { x: g.x, y: g.y, ...drawMarker(plot, g), axis: { ...axis, width: view.width } };
  placeMarker(geom, view);
  return geom;
}

/** The grid and both axes, moved where they changed. */
function drawAxes(chart, view, axis, { x, y }) {
  const { unit, yScale } = view;
  chart.yAxis.update(
    axis.ticks.map((t) => ({ at: y(t), label: formatBytes(t, unit, 1).text })),
    `memory (${yScale} scale)`,
  );
  chart.xAxis.update(
    [3, 4, 5, 6, 7].map((e) => ({ at: x(10 ** e), label: shortTokens(10 ** e) })),
    'context length (tokens, log scale)',
  );
}

/** Past the configured position limit: shaded (hatched under forced colours), never an ordinary
 *  reading. Returns where the stretch begins (its words are placed with the others). */
function drawBeyond(layer, maxContext, { x, W, H }) {
  const bx = x(Math.max(maxContext, 1000));
  el('rect', { x: bx, y: M.top, width: M.left + W - bx, height: H, class: 'lm-beyond' }, layer);
  return bx;
}

/** The fixed state (a flat band), the KV cache stacked on it, the twin's and the original's lines. */
function drawLines(plot, view, { x, y, bottom }) {
  const { samples } = view;
  const pts = (key) => samples.map((r) => `${x(r.tokens).toFixed(1)},${y(r[key]).toFixed(1)}`);
  const x0 = x(samples[0].tokens).toFixed(1);
  const x1 = x(samples[samples.length - 1].tokens).toFixed(1);
  el(
    'path',
    { d: `M${x0},${bottom} L${pts('stateBytes').join(' L')} L${x1},${bottom} Z`, class: 'lm-state-area' },
    plot,
  );
  el(
    'path',
    { d: `M${pts('stateBytes').join(' L')} L${[...pts('totalBytes')].reverse().join(' L')} Z`, class: 'lm-kv-area' },
    plot,
  );
  if (view.growing) el('path', { d: `M${pts('totalBytes').join(' L')}`, class: 'lm-kv-line' }, plot);
  if (samples.some((r) => r.stateBytes > 0n)) {
    el('path', { d: `M${pts('stateBytes').join(' L')}`, class: 'lm-state-line' }, plot);
  }
  if (view.refKind === 'twin') el('path', { d: `M${pts('refBytes').join(' L')}`, class: 'lm-ref-line' }, plot);
  if (view.linearized) el('path', { d: `M${pts('originalBytes').join(' L')}`, class: 'lm-original-line' }, plot);
}

/** The drawn lines as points (viewBox units): the cache's total, the states, the line before. */
function linePoints(view, { x, y }) {
  const pts = (key) => view.samples.map((r) => [x(r.tokens), y(r[key])]);
  const lines = {};
  if (view.growing) lines.kv = pts('totalBytes');
  if (view.samples.some((r) => r.stateBytes > 0n)) lines.state = pts('stateBytes');
  if (view.refKind === 'twin') lines.twin = pts('refBytes');
  if (view.linearized) lines.original = pts('originalBytes');
  return lines;
}

/**
 * The words on the chart, each where it names its mark (render-line-labels.js): each series at its
 * end, the GPU's room where its line runs (or at the top, when far above), the stretch past the
 * configured limit inside itself. None touches a line or another label.
 */
function drawLabels(plot, view, axis, g, beyondAt) {
  const area = { l: M.left, r: M.left + g.W, t: M.top, b: g.bottom };
  const lines = linePoints(view, g);
  const drawn = Object.values(lines);
  const steps = [0, 1, 2, 3, 4, 5].map((k) => area.r - 4 - (k * g.W) / 6);
  const atEnd = (line) => (w, fs) => steps.flatMap((right) => besideLine(line, { right, w, fs }));
  const labels = [];
  const first = view.samples[0];
  if (lines.kv)
    labels.push({ text: view.kvLine ?? 'KV cache: grows', cls: 'lm-line-label lm-kv-label', places: atEnd(lines.kv) });
  if (lines.original)
    labels.push({
      text: 'before: with its attention layers',
      cls: 'lm-line-label lm-original-label',
      places: atEnd(lines.original),
    });
  if (first.stateBytes > 0n)
    labels.push({ text: 'fixed state: flat', cls: 'lm-line-label lm-state-label', places: atEnd(lines.state) });
  if (lines.twin && first.refBytes > 0n)
    labels.push({
      text: 'all-linear twin: flat',
      cls: 'lm-line-label lm-state-label',
      places: atEnd(lines.twin),
    });
  const top = (w, fs) =>
    [area.l + 4, area.r - 4 - w, area.l + (g.W - w) / 2].map((x) => ({
      x,
      y: area.t + 0.85 * fs + 4,
      anchor: 'start',
    }));
  if (axis.roomInRange) {
    const yy = g.y(view.room);
    const room = [
      [area.l, yy],
      [area.r, yy],
    ];
    drawn.push(room);
    labels.push({
      text: `GPU room for cache: ${formatBytes(view.room, view.unit).text}`,
      cls: 'lm-gpu-label',
      places: (w, fs) =>
        [area.l + 4, area.l + g.W / 3, area.r - 4 - w].flatMap((left) => besideLine(room, { left, w, fs })),
    });
  } else if (axis.room !== null) {
    labels.push({
      text: `GPU room for cache (${formatBytes(view.room, view.unit).text}) is far above`,
      cls: 'lm-gpu-label',
      places: top,
    });
  }
  if (beyondAt !== null)
    labels.push({
      text: `beyond ${shortTokens(view.maxContext)}: past the configured limit`,
      cls: 'lm-beyond-label',
      places: (_w, fs) =>
        [0, 1, 2, 3, 4, 5, 6, 7].map((k) => ({
          x: area.r - 4,
          y: k % 2 ? area.t + 0.85 * fs + 4 + ((k - 1) / 2) * g.H * 0.12 : area.b - 6 - (k / 2) * g.H * 0.12,
          anchor: 'end',
        })),
    });
  placeLabels(plot, labels, { lines: drawn, area });
}

/** The GPU's room for cache: a line where it is in range (named with the other words). */
function drawRoom(plot, view, { roomInRange }, { y, W }) {
  if (!roomInRange) return;
  const yy = y(view.room);
  el('line', { x1: M.left, x2: M.left + W, y1: yy, y2: yy, class: 'lm-gpu-line' }, plot);
}

/** The reader's context length: a line, a dot and the handle's grip (render-handle.js: the handle
 *  over it paints only its focus ring). Returns { line, dot, grip }, placed by placeMarker. */
function drawMarker(plot, { bottom }) {
  const marker = el('g', { class: 'lm-marker' }, plot);
  const line = el('line', { class: 'lm-marker-line', x1: 0, x2: 0, y1: M.top, y2: bottom }, marker);
  const dot = el('circle', { cx: 0, cy: 0, r: 4.5 }, marker);
  const grip = el('rect', { class: 'lm-grip', x: -3, y: 0, width: 6, height: 14, rx: 2 }, marker);
  return { line, dot, grip };
}

/**
 * Moves the context marker of a drawn chart (geom from drawChart) to view.tokens, view.now: by its
 * coordinates, not a transform (docs/performance.md, "What a frame of a drag may change").
 */
export function placeMarker(geom, view) {
  const cx = geom.x(Math.min(Math.max(view.tokens, 1000), 1e7)).toFixed(1);
  const cy = geom.y(view.now.totalBytes).toFixed(1);
  setAttr(geom.line, 'x1', cx);
  setAttr(geom.line, 'x2', cx);
  setAttr(geom.dot, 'cx', cx);
  setAttr(geom.dot, 'cy', cy);
  setAttr(geom.grip, 'x', (Number(cx) - 3).toFixed(1));
}
