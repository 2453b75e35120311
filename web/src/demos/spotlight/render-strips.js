// The picture: one row per read (softmax, then the four feature maps), each a strip of N bars, the
// weight that read puts on each earlier token, the target's bar marked, and the read's readouts
// labelled in place (weight on the target, tokens read, read-back cosine, state bytes). Bar height
// is the square root of the weight, so that a floodlight's 1/N still shows; the strip's full
// height is a weight of 1. Drawn in a plot frame (lib/plot/) at the box's own width; a frame of a
// drag writes only the attributes that changed (lib/dom.js).
import { s, setAttr, setText } from '../../lib/dom.js';
import { plotArea } from '../../lib/plot/plot-area.js';
import { MAP_WORDS, readName, readouts } from './format.js';

const NARROW = 560; // below this width the readouts take a line of their own, and rows are lower
const LINE = 16;
/** A row's strip height and the space between rows, at a figure `width` wide. */
const sizes = (width) => (width < NARROW ? { bar: 26, gap: 8 } : { bar: 30, gap: 12 });
const MARGIN = { top: 4, right: 8, bottom: 4, left: 8 };
const READ_SYMBOLS = { weight: 'w-target', tokens: 'n-eff', cosine: 'read-cos', state: 'state-bytes' };

/** One row's elements, made once. */
function createRow(layer, map) {
  const g = layer.appendChild(s('g', { class: `spot-row spot-row--${map}`, 'data-map': map }));
  const name = g.appendChild(s('text', { class: 'spot-name' }));
  name.appendChild(s('title', {}, MAP_WORDS[map]));
  const label = s('tspan', {});
  name.appendChild(label);
  const values = g.appendChild(s('text', { class: 'spot-values' }));
  const spans = {};
  for (const part of ['weight', 'tokens', 'cosine', 'state']) {
    spans[part] = values.appendChild(
      s('tspan', { class: `spot-value spot-value--${part}`, 'data-symbol': READ_SYMBOLS[part] }),
    );
  }
  const track = g.appendChild(s('rect', { class: 'spot-track' }));
  const others = g.appendChild(s('path', { class: 'spot-bars' }));
  const target = g.appendChild(s('rect', { class: 'spot-target' }));
  const mark = g.appendChild(s('path', { class: 'spot-mark' }));
  return { g, label, values, spans, track, others, target, mark };
}

/**
 * The bars of `weights` but the target's, as one path (x0, width w, bottom at y, barH tall). Below
 * a pixel a token, the tokens of each pixel are one bar as tall as their tallest (the picture their
 * overlapping bars make): some 600 bars a row at N = 4,096, not 4,096 to build, parse and paint.
 */
function barsPath(weights, skip, x0, w, y, barH) {
  const n = weights.length;
  const step = w / n;
  const bar = Math.max(step > 3 ? step - 1 : step, 0.5);
  const per = step >= 1 ? 1 : Math.ceil(1 / step);
  let d = '';
  for (let j0 = 0; j0 < n; j0 += per) {
    const j1 = Math.min(n, j0 + per);
    let top = 0;
    for (let j = j0; j < j1; j++) if (j !== skip && weights[j] > top) top = weights[j];
    const hj = barH * Math.sqrt(top);
    if (hj < 0.05) continue;
    const width = (j1 - 1 - j0) * step + bar;
    d += `M${(x0 + j0 * step).toFixed(2)} ${y}v${(-hj).toFixed(2)}h${width.toFixed(2)}v${hj.toFixed(2)}z`;
  }
  return { d, step, bar };
}

/** Lays out and fills one row at `top`; returns its height. */
function drawRow(row, read, settings, frame, top) {
  const narrow = frame.width < NARROW;
  const barH = sizes(frame.width).bar;
  const x0 = frame.left;
  const w = frame.innerWidth;
  setText(row.label, readName(read.map, settings));
  setAttr(row.label, 'x', x0);
  setAttr(row.label, 'y', top + 12);
  const parts = readouts(read, narrow);
  const valuesY = narrow ? top + 12 + LINE : top + 12;
  setAttr(row.values, 'x', narrow ? x0 : x0 + w);
  setAttr(row.values, 'y', valuesY);
  setAttr(row.values, 'text-anchor', narrow ? 'start' : 'end');
  let first = true;
  for (const [part, span] of Object.entries(row.spans)) {
    const text = parts[part];
    setText(span, text ? `${first ? '' : '  \u00b7  '}${text}` : '');
    if (text) first = false;
  }
  const y = valuesY + 6 + barH;
  setAttr(row.track, 'x', x0);
  setAttr(row.track, 'y', y - barH);
  setAttr(row.track, 'width', w);
  setAttr(row.track, 'height', barH);
  const t = read.empty ? -1 : Math.min(settings.target, read.weights.length - 1);
  const { d, step, bar } = barsPath(read.weights, t, x0, w, y, barH);
  setAttr(row.others, 'd', d);
  const ht = t >= 0 ? barH * Math.sqrt(read.weights[t]) : 0;
  const tx = x0 + Math.max(0, t) * step;
  setAttr(row.target, 'x', tx.toFixed(2));
  setAttr(row.target, 'width', Math.max(bar, 2).toFixed(2));
  setAttr(row.target, 'y', (y - ht).toFixed(2));
  setAttr(row.target, 'height', ht.toFixed(2));
  const mx = tx + Math.max(bar, 2) / 2;
  setAttr(row.mark, 'd', `M${mx.toFixed(2)} ${y + 1}l-4 6h8z`);
  return y + 8 - top;
}

/** The strips as an SVG: createStrips(titleId) -> { svg, rows, update(result, settings, width) }. */
export function createStrips(titleId, descId) {
  const title = 'Where each read puts its weight, token by token';
  const frame = plotArea({ className: 'spot-strips', margin: MARGIN, titleId, title, descId, height: 0 });
  const rows = new Map();
  let height = 0;
  return {
    svg: frame.svg,
    rows,
    /** @param {import('../../../../wasm/spotlight.mjs').SpotlightResult} result */
    update(result, settings, width) {
      frame.resize(Math.max(240, Math.round(width)));
      const { gap } = sizes(frame.width);
      let top = MARGIN.top;
      for (const read of result.reads) {
        if (!rows.has(read.map)) rows.set(read.map, createRow(frame.data, read.map));
        top += drawRow(rows.get(read.map), read, settings, frame, top) + gap;
      }
      height = Math.round(top - gap + MARGIN.bottom);
      setAttr(frame.svg, 'height', height);
      setAttr(frame.svg, 'viewBox', `0 0 ${frame.width} ${height}`);
    },
  };
}
