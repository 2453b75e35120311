// Recall by age (issue 17 §2): how well each stored association reads back against how many writes
// came after it, from la.interferenceStore's ageCosine / ageNorm (entry m: the association with m
// later writes). One live sentence under it says, with the store's own numbers, what the reader
// sees: with the additive rule every age blurs alike, with the delta rule the newest come back
// exactly and old ones are overwritten, with a gate old ones fade.
import { s as svgEl, h, uid, setText, setAttr } from '../../lib/dom.js';
import { formatCos, formatInt, plural } from './format.js';

const HEIGHT = 160;
const M = { top: 10, right: 16, bottom: 36, left: 52 };

/** The sentence under the panel, from the store's numbers (state: the rule, gate and step used). */
export function ageSentence(result, state) {
  const n = result.n;
  const c0 = formatCos(result.ageCosine[0]);
  if (n < 2) return `One association: it reads back with cosine ${c0}.`;
  const old = n - 1;
  const cOld = formatCos(result.ageCosine[old]);
  const later = `${formatInt(old)} later ${plural(old, 'write', 'writes')}`;
  if (state.gate < 1) {
    return (
      `With the forget gate \u03b1 = ${state.gate}, old associations fade: the newest reads back at length ` +
      `${formatCos(result.ageNorm[0])} (cosine ${c0}), the oldest (${later}) at length ` +
      `${formatCos(result.ageNorm[old], 3)} (cosine ${cOld}).`
    );
  }
  if (state.rule === 'delta') {
    return (
      `The delta rule overwrites: the newest association reads back with cosine ${c0}, ` +
      `the oldest (${later}) with ${cOld}.`
    );
  }
  return (
    `With the additive rule every age blurs alike: the newest association reads back with cosine ${c0}, ` +
    `the oldest (${later}) with ${cOld}.`
  );
}

export function createAgeView(parent) {
  const box = parent.appendChild(h('div', { class: 'oc-age', 'data-part': 'age' }));
  box.appendChild(h('p', { class: 'oc-subhead', text: 'Recall by age: read-back cosine against later writes' }));
  const titleId = uid('oc-age-title');
  const svg = box.appendChild(svgEl('svg', { role: 'img', 'aria-labelledby': titleId, height: HEIGHT }));
  svg.appendChild(svgEl('title', { id: titleId })).textContent =
    'Cosine of each association’s read-back against the number of writes after it';
  const axesG = svg.appendChild(svgEl('g', { class: 'oc-axes', 'aria-hidden': 'true' }));
  const axes = {
    xTicks: [0, 1].map(() => axesG.appendChild(svgEl('text', { class: 'oc-tick oc-tick-cx' }))),
    yTicks: [0, 1, 2].map(() => axesG.appendChild(svgEl('text', { class: 'oc-tick oc-tick-cy' }))),
    grid: [0, 1, 2].map(() => axesG.appendChild(svgEl('line', { class: 'oc-grid' }))),
    label: axesG.appendChild(svgEl('text', { class: 'oc-axis-label' }, 'age: writes after the association')),
  };
  const line = svg.appendChild(svgEl('path', { class: 'oc-line oc-s-cos', 'aria-hidden': 'true' }));
  const sentence = box.appendChild(
    h('p', { class: 'oc-sentence', 'data-field': 'age-sentence', 'aria-live': 'polite' }),
  );
  let width = 600;
  let last = null;

  function draw() {
    if (!last) return;
    const { result } = last;
    // Written only when the width changes: each store draws again, and setting an SVG's viewBox,
    // even to the same value, makes Chromium lay the drawing out again.
    setAttr(svg, 'viewBox', `0 0 ${width} ${HEIGHT}`);
    setAttr(svg, 'width', String(width));
    const pw = width - M.left - M.right;
    const ph = HEIGHT - M.top - M.bottom;
    const n = result.n;
    let lo = 0;
    for (const c of result.ageCosine) lo = Math.min(lo, c);
    const x = (m) => M.left + (n > 1 ? m / (n - 1) : 0.5) * pw;
    const y = (c) => M.top + ((1 - c) / (1 - lo)) * ph;
    // Made once and moved by their attributes: while N is dragged only the tick numbers and
    // positions change (built anew, they were nine new SVG elements in each frame of a drag).
    const xs = n > 1 ? [0, n - 1] : [0];
    axes.xTicks.forEach((t, i) => {
      setAttr(t, 'display', i < xs.length ? 'inline' : 'none');
      if (i >= xs.length) return;
      setAttr(t, 'x', String(x(xs[i])));
      setAttr(t, 'y', String(M.top + ph + 16));
      setText(t, formatInt(xs[i]));
    });
    const cs = lo < 0 ? [lo, 0, 1] : [0, 0.5, 1];
    // A lowest cosine just under 0 keeps its grid line but not its number, which would print over 0's.
    const crowded = lo < 0 && y(lo) - y(0) < 12;
    cs.forEach((c, i) => {
      const yy = String(y(c));
      setAttr(axes.yTicks[i], 'display', crowded && i === 0 ? 'none' : 'inline');
      setAttr(axes.yTicks[i], 'x', String(M.left - 6));
      setAttr(axes.yTicks[i], 'y', String(y(c) + 4));
      setText(axes.yTicks[i], formatCos(c, c === lo && lo < 0 ? 2 : 1));
      setAttr(axes.grid[i], 'x1', String(M.left));
      setAttr(axes.grid[i], 'x2', String(M.left + pw));
      setAttr(axes.grid[i], 'y1', yy);
      setAttr(axes.grid[i], 'y2', yy);
    });
    setAttr(axes.label, 'x', String(M.left + pw / 2));
    setAttr(axes.label, 'y', String(HEIGHT - 4));
    let d = '';
    for (let m = 0; m < n; m += 1) d += `${m ? 'L' : 'M'}${x(m).toFixed(1)} ${y(result.ageCosine[m]).toFixed(1)}`;
    line.setAttribute('d', d);
  }

  return {
    element: box,
    /** Shows a store result (with ageCosine and ageNorm) computed with `state`'s rule. */
    show(result, state) {
      if (!result?.ageCosine) return;
      last = { result };
      setText(sentence, ageSentence(result, state));
      draw();
    },
    setWidth(w) {
      const next = Math.max(280, Math.floor(w));
      if (next === width) return;
      width = next;
      draw();
    },
  };
}
