// The trade-off plot: the weight each read puts on the target against the state it needs, one
// point per feature map (and per number of random features m, joined by a line), with softmax's KV
// cache at this N as the reference: a point and a dashed line at its bytes. Moving N moves the
// cache's line right while the fixed states stay put and their points sink. Log scale in bytes.
import { s, setAttr, setText, keepChildren } from '../../lib/dom.js';
import { axis } from '../../lib/plot/axis.js';
import { plotArea } from '../../lib/plot/plot-area.js';
import { MAP_NAMES, bytesText } from './format.js';
import { formatNumber } from '../../lib/format.js';

const HEIGHT = 210;
const MARGIN = { top: 14, right: 16, bottom: 40, left: 48 };
const Y_TICKS = [0, 0.25, 0.5, 0.75, 1];
// Labels under their point: elu+1 shares ReLU's bytes (d × d), the random features sit on their line.
const BELOW = new Set(['elu1', 'random', 'sweep']);

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
  const label = g.appendChild(s('text', { class: 'spot-point-label' }));
  return { g, dot, label };
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
  return {
    svg: frame.svg,
    update(list, width) {
      frame.resize(Math.max(240, Math.round(width)));
      const logs = list.map((p) => Math.log2(Math.max(1, p.bytes)));
      const lo = Math.floor(Math.min(...logs)) - 0.5;
      const hi = Math.ceil(Math.max(...logs)) + 0.5;
      const x = (bytes) => frame.left + ((Math.log2(Math.max(1, bytes)) - lo) / (hi - lo)) * frame.innerWidth;
      const y = (w) => frame.top + (1 - w) * frame.innerHeight;
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
        const px = x(p.bytes);
        const py = y(p.weight);
        setAttr(pt.dot, 'cx', px.toFixed(1));
        setAttr(pt.dot, 'cy', py.toFixed(1));
        // A random-features count is named unless a map's point sits at its bytes (m = 16 at d = 16).
        const crowded = p.kind === 'sweep' && list.some((o) => o.kind !== 'sweep' && Math.abs(x(o.bytes) - px) < 30);
        setText(pt.label, crowded ? '' : p.label);
        const right = px < frame.left + frame.innerWidth * 0.75;
        setAttr(pt.label, 'x', (px + (right ? 8 : -8)).toFixed(1));
        setAttr(pt.label, 'y', (py + (BELOW.has(p.kind) ? 14 : -6)).toFixed(1));
        setAttr(pt.label, 'text-anchor', right ? 'start' : 'end');
        shown.push(pt.g);
      }
      keepChildren(pointLayer, shown);
      const cache = list.find((p) => p.kind === 'softmax');
      setAttr(cacheLine, 'x1', x(cache.bytes).toFixed(1));
      setAttr(cacheLine, 'x2', x(cache.bytes).toFixed(1));
      setAttr(cacheLine, 'y1', frame.top);
      setAttr(cacheLine, 'y2', frame.top + frame.innerHeight);
      const said = list.filter((p) => p.kind !== 'sweep');
      setText(
        frame.desc,
        said.map((p) => `${p.label}: ${bytesText(p.bytes)}, ${formatNumber(p.weight, 2)}`).join('; '),
      );
      const random = list.filter((p) => p.kind === 'sweep' || p.kind === 'random').sort((a, b) => a.bytes - b.bytes);
      setAttr(
        sweepLine,
        'd',
        random.map((p, i) => `${i ? 'L' : 'M'}${x(p.bytes).toFixed(1)} ${y(p.weight).toFixed(1)}`).join(''),
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
