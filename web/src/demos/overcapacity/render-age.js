// Recall by age (issue 17 §2): how well each stored association reads back against how many writes
// came after it, from la.interferenceStore's ageCosine / ageNorm (entry m: the association with m
// later writes). One live sentence under it says, with the store's own numbers, what the reader
// sees: with the additive rule every age blurs alike, with the delta rule the newest come back
// exactly and old ones are overwritten, with a gate old ones fade.
import { s as svgEl, h, uid, setText, setAttr, patch } from '../../lib/dom.js';
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
    // Rewritten in place (patch): while N is dragged only the tick numbers and positions change,
    // so the ticks keep their nodes instead of being rebuilt (and laid out anew) for each store.
    const ticks = [];
    for (const m of n > 1 ? [0, n - 1] : [0]) {
      ticks.push(svgEl('text', { x: x(m), y: M.top + ph + 16, class: 'oc-tick oc-tick-cx' }, formatInt(m)));
    }
    for (const c of lo < 0 ? [lo, 0, 1] : [0, 0.5, 1]) {
      ticks.push(
        svgEl(
          'text',
          { x: M.left - 6, y: y(c) + 4, class: 'oc-tick oc-tick-cy' },
          formatCos(c, c === lo && lo < 0 ? 2 : 1),
        ),
        svgEl('line', { x1: M.left, x2: M.left + pw, y1: y(c), y2: y(c), class: 'oc-grid' }),
      );
    }
    ticks.push(
      svgEl('text', { x: M.left + pw / 2, y: HEIGHT - 4, class: 'oc-axis-label' }, 'age: writes after the association'),
    );
    patch(axesG, ...ticks);
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
