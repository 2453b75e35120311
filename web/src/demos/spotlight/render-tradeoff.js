// The trade-off plot: the weight each read puts on the target against the state it needs, one
// point per feature map (and per number of random features m, joined by a line), with softmax's KV
// cache at this N as the reference: a point and a dashed line at its bytes. Moving N moves the
// cache's line right while the fixed states stay put and their points sink. Log scale in bytes.
import { s, setAttr, setText, keepChildren } from '../../lib/dom.js';
import { axis } from '../../lib/plot/axis.js';
import { boxMeetsSegment, placeLabels } from '../../lib/plot/label-spot.js';
import { plotArea } from '../../lib/plot/plot-area.js';
import { linearScale, logScale } from '../../lib/plot/scale.js';
import { MAP_NAMES, bytesText } from './format.js';
import { formatNumber } from '../../lib/format.js';

const HEIGHT = 218;
const MARGIN = { top: 22, right: 16, bottom: 40, left: 56 };
const Y_TICKS = [0, 0.25, 0.5, 0.75, 1];
const LABEL_H = 14; // a point label's box: the tick size and a pixel each side
const LABEL_EM = 0.6; // its width per character, when the browser has not laid it out (em)
const CLEAR = 3; // the space between a point's dot and its label
const NEAR = 6; // how much further a label may sit and still read as its point's
const FAR = [12, 24]; // wider gaps for a reading's label when nothing near its point is free

/** Ticks at powers of two of bytes, at most 6, from lo to hi (log2). */
function byteTicks(lo, hi) {
  const stepK = Math.max(1, Math.ceil((hi - lo) / 5));
  const out = [];
  for (let k = Math.ceil(lo); k <= hi; k += 1) if (k % stepK === 0) out.push(k);
  return out;
}

/** A labelled point, made once per map (and per m). */
function createPoint(layer, kind) {
  const g = layer.appendChild(s('g', { class: `spot-point spot-point--${kind}` }));
  const dot = g.appendChild(s('circle', { r: kind === 'sweep' ? 3 : 5 }));
  const label = g.appendChild(
    s('text', { class: 'spot-point-label', 'text-anchor': 'middle', 'dominant-baseline': 'central' }),
  );
  return { g, dot, label };
}

/**
 * Half a label's box, from its laid-out length (or its characters, before any layout). `lengths`
 * keeps each text's length, its digits read as 0 (a drag changes digits, not the length to a pixel):
 * measured once, not a forced layout per label each frame (a label just written is not laid out).
 */
function halfOf(label, lengths) {
  const text = label.textContent;
  const key = text.replace(/\d/g, '0');
  let len = lengths.get(key);
  if (len === undefined) {
    len = (label.isConnected && label.getComputedTextLength?.()) || 0;
    if (len > 0) lengths.set(key, len);
    else len = text.length * 12 * LABEL_EM;
  }
  return [len / 2 + 2, LABEL_H / 2];
}

/** The directions tried from a point, in turn, for a label `half` = [w/2, h/2] at `gap`: right
 *  of it, above and below its right side, the same on its left, then above and below it. */
function directions(half, gap) {
  const [dx, dy] = [half[0] + gap, half[1] + gap];
  return [
    [1, 0],
    [dx, -dy],
    [dx, dy],
    [-1, 0],
    [-dx, -dy],
    [-dx, dy],
    [0, -1],
    [0, 1],
  ];
}

/**
 * Writes each point's label where it sits on nothing (lib/plot/label-spot.js): the first free spot
 * near its point (right, above or below its right side, the same on the left, above, below); off
 * every dot, the cache's line, the random features' line, the axes and the labels before it,
 * inside the plot area. The readings' labels are placed first and always written, further out
 * when nothing near is free; a random-features count (a sweep point) only near its point.
 * @param {{ left: number, top: number, innerWidth: number, innerHeight: number, width: number }} frame
 * @param {{ label: SVGTextElement, p: { kind: string }, at: number[] }[]} items
 * @param {number[][]} lines [x1, y1, x2, y2] in the plot's units
 * @param {Map<string, number>} lengths the labels' lengths (halfOf)
 */
function placePointLabels(frame, items, lines, lengths) {
  const bottom = frame.top + frame.innerHeight;
  const segments = [
    ...lines.map(([x1, y1, x2, y2]) => ({ a: [x1, y1], b: [x2, y2], pad: 2 })),
    { a: [frame.left, bottom], b: [frame.left + frame.innerWidth, bottom], pad: 2 },
    { a: [frame.left, frame.top], b: [frame.left, bottom], pad: 2 },
  ];
  const radius = (item) => (item.p.kind === 'sweep' ? 3 : 5) + 1;
  const dots = items.map((item) => {
    const [[x, y], r] = [item.at, radius(item)];
    return [x - r, y - r, x + r, y + r];
  });
  const bounds = [frame.left + 2, 1, frame.width - 2, bottom - 2];
  const placed = [];
  const meet = (o, box) => o[0] < box[2] && box[0] < o[2] && o[1] < box[3] && box[1] < o[3];
  const reads = items.filter((i) => i.p.kind !== 'sweep');
  for (const item of [...reads, ...items.filter((i) => i.p.kind === 'sweep')]) {
    const half = halfOf(item.label, lengths);
    const boxAt = ([x, y]) => [x - half[0], y - half[1], x + half[0], y + half[1]];
    const boxes = [...dots.filter((_, k) => items[k] !== item), ...placed];
    const free = (box) =>
      box[0] >= bounds[0] &&
      box[1] >= bounds[1] &&
      box[2] <= bounds[2] &&
      box[3] <= bounds[3] &&
      !segments.some((sg) => boxMeetsSegment(box, sg)) &&
      !boxes.some((o) => meet(o, box));
    const gap = radius(item) + CLEAR;
    const [x, y] = item.at;
    const near = (b) => Math.hypot(Math.max(b[0] - x, 0, x - b[2]), Math.max(b[1] - y, 0, y - b[3])) <= gap + NEAR;
    const spotAt = (dir, g) => placeLabels([{ at: item.at, dir, half }], { segments, boxes, bounds, gap: g })[0];
    let spot = directions(half, gap)
      .map((dir) => spotAt(dir, gap))
      .find((c) => free(boxAt(c)) && near(boxAt(c)));
    if (!spot && item.p.kind !== 'sweep')
      spot = FAR.map((g) => spotAt([1, 0], g)).find((c) => free(boxAt(c))) ?? spotAt([1, 0], gap);
    setAttr(item.label, 'visibility', spot ? 'visible' : 'hidden');
    if (!spot) continue;
    setAttr(item.label, 'x', spot[0].toFixed(1));
    setAttr(item.label, 'y', spot[1].toFixed(1));
    placed.push(boxAt(spot));
  }
}

/** createTradeoff(titleId, descId) -> { svg, update(points, width) }; points: [{ key, kind, label,
 *  bytes, weight }] with kind 'softmax' | a map | 'sweep' (a random-features count not the reader's). */
export function createTradeoff(titleId, descId) {
  const title = 'Weight on the target against the state or cache each read needs';
  const frame = plotArea({ className: 'spot-tradeoff', height: HEIGHT, margin: MARGIN, titleId, title, descId });
  const xAxis = axis(frame, { side: 'bottom', grid: true });
  const yAxis = axis(frame, { side: 'left', grid: true });
  const cacheLine = frame.data.appendChild(s('line', { class: 'spot-cache-line' }));
  const sweepLine = frame.data.appendChild(s('path', { class: 'spot-sweep-line' }));
  const pointLayer = frame.data.appendChild(s('g', {}));
  const points = new Map();
  const lengths = new Map();
  let measuredAt = 0; // the width the lengths were measured at: a resize measures them again
  return {
    svg: frame.svg,
    update(list, width) {
      frame.resize(Math.max(240, Math.round(width)));
      if (frame.width !== measuredAt) lengths.clear();
      measuredAt = frame.width;
      const logs = list.map((p) => Math.log2(Math.max(1, p.bytes)));
      const lo = Math.floor(Math.min(...logs)) - 0.5;
      const hi = Math.ceil(Math.max(...logs)) + 0.5;
      const across = logScale([2 ** lo, 2 ** hi], [frame.left, frame.left + frame.innerWidth]);
      const x = (bytes) => across(Math.max(1, bytes));
      const y = linearScale([0, 1], [frame.top + frame.innerHeight, frame.top]);
      xAxis.update(
        byteTicks(lo, hi).map((k) => ({ at: x(2 ** k), label: bytesText(2 ** k) })),
        'state or cache (bytes, log scale)',
      );
      yAxis.update(
        Y_TICKS.map((w) => ({ at: y(w), label: String(w) })),
        'weight on target',
      );
      const shown = [];
      for (const p of list) {
        if (!points.has(p.key)) points.set(p.key, createPoint(pointLayer, p.kind));
        const pt = points.get(p.key);
        setAttr(pt.dot, 'cx', x(p.bytes).toFixed(1));
        setAttr(pt.dot, 'cy', y(p.weight).toFixed(1));
        setText(pt.label, p.label);
        shown.push(pt.g);
      }
      keepChildren(pointLayer, shown);
      const cache = list.find((p) => p.kind === 'softmax');
      const cx = x(cache.bytes);
      setAttr(cacheLine, 'x1', cx.toFixed(1));
      setAttr(cacheLine, 'x2', cx.toFixed(1));
      setAttr(cacheLine, 'y1', frame.top);
      setAttr(cacheLine, 'y2', frame.top + frame.innerHeight);
      const random = list.filter((p) => p.kind === 'sweep' || p.kind === 'random').sort((a, b) => a.bytes - b.bytes);
      const path = random.map((p) => [x(p.bytes), y(p.weight)]);
      setAttr(sweepLine, 'd', path.map(([px, py], i) => `${i ? 'L' : 'M'}${px.toFixed(1)} ${py.toFixed(1)}`).join(''));
      const frameLines = [
        [cx, frame.top, cx, frame.top + frame.innerHeight],
        ...path.slice(1).map(([px, py], i) => [path[i][0], path[i][1], px, py]),
      ];
      placePointLabels(
        frame,
        list.map((p) => ({ ...points.get(p.key), p, at: [x(p.bytes), y(p.weight)] })),
        frameLines,
        lengths,
      );
      const said = list.filter((p) => p.kind !== 'sweep');
      setText(
        frame.desc,
        said.map((p) => `${p.label}: ${bytesText(p.bytes)}, ${formatNumber(p.weight, 2)}`).join('; '),
      );
    },
  };
}

/** The plot's points from the figure's read and the extra random-features reads (answers). */
export function tradeoffPoints(result, settings, sweep) {
  const points = result.reads.map((r) => ({
    key: r.map,
    kind: r.map,
    label:
      r.map === 'softmax'
        ? `softmax cache, N = ${result.n}`
        : r.map === 'random'
          ? `FAVOR+ m=${settings.features}`
          : MAP_NAMES[r.map],
    bytes: r.stateBytes,
    weight: r.empty ? 0 : r.targetWeight,
  }));
  for (const [m, res] of sweep) {
    const r = res.reads[4];
    points.push({
      key: `m${m}`,
      kind: 'sweep',
      label: `m=${m}`,
      bytes: r.stateBytes,
      weight: r.empty ? 0 : r.targetWeight,
    });
  }
  return points;
}
