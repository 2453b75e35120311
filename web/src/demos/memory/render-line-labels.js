// The chart's words, each set where it names its mark and touching none: a series at its end, a
// reference line where it runs, the shaded stretch inside itself. Each label tries its places in
// order and takes the first whose box stays in the plot area, crosses no drawn line and no label set
// before it; where none is free it takes its first (the overlap test then says so). Drawing only:
// the words come from curve-plot.js, the positions from the core's numbers through the scales.

import { s } from '../../lib/dom.js';
import { segmentMeetsBox as segmentHits } from '../../lib/plot/label-spot.js';

/** Room kept between a label's box and a line (a line is 2.5 units wide). */
const PAD = 3;
/** A glyph cell's share of the font size above the baseline and below it. */
const ASCENT = 0.85;
const DESCENT = 0.25;

const lineHits = (line, box) => line.some((p, i) => i > 0 && segmentHits(line[i - 1], p, box));
const boxesMeet = (a, b) => a.l < b.r && b.l < a.r && a.t < b.b && b.t < a.b;

/** The lowest and highest y of `line` (points sorted by x) over l..r, ends interpolated. */
export function yRange(line, l, r) {
  const at = (x) => {
    const i = line.findIndex((p) => p[0] >= x);
    if (i <= 0) return line[Math.max(0, i === -1 ? line.length - 1 : 0)][1];
    const [a, b] = [line[i - 1], line[i]];
    return a[1] + ((b[1] - a[1]) * (x - a[0])) / (b[0] - a[0] || 1);
  };
  const ys = [at(l), at(r), ...line.filter((p) => p[0] > l && p[0] < r).map((p) => p[1])];
  return [Math.min(...ys), Math.max(...ys)];
}

/**
 * Places above or below `line` a label `w` wide whose right end is at `right` (or left end at
 * `left`): [{ x, y, anchor }], above first. fs: the font size.
 * @param {number[][]} line
 * @param {{ right?: number, left?: number, w: number, fs: number, below?: boolean }} where
 */
export function besideLine(line, { right, left, w, fs, below = false }) {
  const [l, r] = right !== undefined ? [right - w, right] : [left, left + w];
  const [top, bottom] = yRange(line, l, r);
  const x = right !== undefined ? right : left;
  const anchor = right !== undefined ? 'end' : 'start';
  const above = { x, y: top - PAD - DESCENT * fs - 1, anchor };
  const under = { x, y: bottom + PAD + ASCENT * fs + 1, anchor };
  return below ? [under, above] : [above, under];
}

/** A label's box in viewBox units, with PAD around it. */
function boxOf({ x, y, anchor }, w, fs) {
  const l = anchor === 'end' ? x - w : anchor === 'middle' ? x - w / 2 : x;
  return { l: l - PAD, r: l + w + PAD, t: y - ASCENT * fs - PAD, b: y + DESCENT * fs + PAD };
}

/**
 * Draws `labels` into `parent`, in order: [{ text, cls, places(w, fs) -> [{ x, y, anchor }] }]. lines:
 * the drawn lines as points in viewBox units; area: the plot { l, t, r, b }. Returns the texts.
 * Every text is in the chart and measured before any is placed: a measure after a placement's
 * writes would lay the chart out again, once per label.
 */
export function placeLabels(parent, labels, { lines, area }) {
  const texts = labels.map(({ text, cls }) => {
    const t = parent.appendChild(s('text', { class: cls }));
    t.textContent = text;
    return t;
  });
  const sizes = texts.map((t, k) => {
    const fs = Number.parseFloat(getComputedStyle(t).fontSize) || 12.5;
    return { fs, w: t.getComputedTextLength() || labels[k].text.length * fs * 0.6 };
  });
  const taken = [];
  labels.forEach(({ places }, k) => {
    const { fs, w } = sizes[k];
    const free = (p) => {
      const box = boxOf(p, w, fs);
      const inside = box.l >= area.l - PAD && box.r <= area.r + PAD && box.t >= area.t - PAD && box.b <= area.b + PAD;
      return inside && !lines.some((line) => lineHits(line, box)) && !taken.some((b) => boxesMeet(b, box));
    };
    const options = places(w, fs);
    const at = options.find(free) ?? options[0];
    const t = texts[k];
    t.setAttribute('x', at.x.toFixed(1));
    t.setAttribute('y', at.y.toFixed(1));
    if (at.anchor !== 'start') t.setAttribute('text-anchor', at.anchor);
    taken.push(boxOf(at, w, fs));
  });
  return texts;
}
