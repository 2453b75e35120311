// Recall by age: how well each stored association reads back against how many writes
// came after it, from la.interferenceStore's ageCosine / ageNorm (entry m: the association with m
// later writes). One live sentence under it says, with the store's own numbers, what the reader
// sees: with the additive rule every age blurs alike, with the delta rule the newest come back
// exactly and old ones are overwritten, with a gate old ones fade.
import { s as svgEl, h, uid, setText } from '../../lib/dom.js';
import { plotArea } from '../../lib/plot/plot-area.js';
import { axis } from '../../lib/plot/axis.js';
import { linearScale } from '../../lib/plot/scale.js';
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
  const frame = plotArea({
    height: HEIGHT,
    margin: M,
    titleId,
    title: 'Cosine of each association’s read-back against the number of writes after it',
  });
  box.appendChild(frame.svg);
  // Made once and moved by their attributes (lib/plot/axis.js): while N is dragged only the tick
  // numbers and positions change (built anew, they were nine new SVG elements in each frame).
  const xAxis = axis(frame, { side: 'bottom', line: false });
  const yAxis = axis(frame, { side: 'left', grid: true, line: false });
  const line = frame.data.appendChild(svgEl('path', { class: 'oc-line oc-s-cos' }));
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
    frame.resize(width);
    const pw = frame.innerWidth;
    const ph = frame.innerHeight;
    const n = result.n;
    let lo = 0;
    for (const c of result.ageCosine) lo = Math.min(lo, c);
    const x = linearScale([0, Math.max(n - 1, 0)], [M.left, M.left + pw]); // one write (n ≤ 1): the middle
    const y = linearScale([lo, 1], [M.top + ph, M.top]);
    const xs = n > 1 ? [0, n - 1] : [0];
    xAxis.update(
      xs.map((m) => ({ at: x(m), label: formatInt(m) })),
      'age: writes after the association',
    );
    const cs = lo < 0 ? [lo, 0, 1] : [0, 0.5, 1];
    // A lowest cosine just under 0 keeps its grid line but not its number, which would print over 0's.
    const crowded = lo < 0 && y(lo) - y(0) < 12;
    yAxis.update(
      cs.map((c, i) => ({ at: y(c), label: crowded && i === 0 ? null : formatCos(c, c === lo && lo < 0 ? 2 : 1) })),
    );
    let d = '';
    for (let m = 0; m < n; m += 1) d += `${m ? 'L' : 'M'}${x(m).toFixed(1)} ${y(result.ageCosine[m]).toFixed(1)}`;
    line.setAttribute('d', d);
  }

  return {
    element: box,
    /** Shows a store result (with ageCosine and ageNorm) computed with `state`'s rule. */
    update(result, state) {
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
