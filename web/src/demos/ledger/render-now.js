// The page the slider shows, in the figure's picture beside the planes: the latest stamp, S after it
// (its changed cells lit) and what each written key reads back now. Every page and table behind
// them sits in the "Numbers" disclosure (figure.js). Built when its shape changes, otherwise
// rewritten where it stands: a drag rewrites these numbers on every frame.
import { h, replace, setAttr, setText } from '../../lib/dom.js';
import { formatNumber, formatVector, keyLabel, valueLabel } from './format.js';
import { matrixTable, renderMatrix } from './render-tables.js';

const shown = new WeakMap(); // container -> { shape, update(state, view) }

/** "k₁ reads (3, −3) for v₁ = (3, 1): ✗ off by 4", its numbers rewritten in place. */
function readLine(index) {
  const value = h('span', { class: 'lg-num' });
  const stored = h('span', { class: 'lg-num' });
  const verdict = h('span', null);
  const li = h(
    'li',
    { 'data-part': `now-read-${index + 1}` },
    `${keyLabel(index)} reads `,
    value,
    ` for ${valueLabel(index)} = `,
    stored,
    ': ',
    verdict,
  );
  return {
    li,
    update(r) {
      setText(value, formatVector(r.read));
      setText(stored, formatVector(r.v));
      setAttr(verdict, 'class', `lg-verdict ${r.exact ? 'lg-good' : 'lg-bad'}`);
      setText(verdict, r.exact ? '\u2713 exact' : `\u2717 off by ${formatNumber(r.error)}`);
    },
  };
}

function build(state, view, shape) {
  if (state.step === 0) {
    const el = h(
      'p',
      { class: 'lg-empty', 'data-part': 'now' },
      'A blank page: S is all zeros, so every read returns zeros.',
    );
    return { shape, el, update() {} };
  }
  const size = { rows: view.dk, cols: view.dv };
  const zeros = new Float64Array(view.dk * view.dv);
  const stamp = matrixTable({ caption: '', values: zeros, ...size, changed: null, part: 'stamp-now', symbol: 'stamp' });
  const S = matrixTable({ caption: '', values: zeros, ...size, changed: null, part: 'S-now', symbol: 'S' });
  const reads = view.reads.map((r) => readLine(r.index));
  const head = h('p', { class: 'lg-write-head', 'data-part': 'now-write' });
  const el = h(
    'div',
    { class: 'lg-now', 'data-part': 'now' },
    head,
    h('div', { class: 'lg-pair' }, stamp, S),
    h('ul', { class: 'lg-readlist fig-list', 'aria-label': 'What each key reads back now' }, ...reads.map((r) => r.li)),
  );
  return {
    shape,
    el,
    update(st, vw) {
      const w = vw.writes[st.step - 1];
      const [k, v] = [keyLabel(w.index), valueLabel(w.index)];
      setText(head, `write ${k} = ${formatVector(w.k)} \u2192 ${v} = ${formatVector(w.v)}`);
      setText(stamp.caption, `stamp ${vw.normalized ? `\u03c6(${k})` : k}${v}\u1d40`);
      setText(S.caption, `S after write ${st.step}`);
      renderMatrix(stamp, w.stamp, w.changed);
      renderMatrix(S, w.S, w.changed);
      vw.reads.forEach((r, i) => reads[i].update(r));
    },
  };
}

/** Fills `container` with the page the slider shows. */
export function renderNow(container, state, view) {
  const shape = `${state.step > 0}|${view.dk}x${view.dv}|${view.normalized}|${view.reads.map((r) => r.index).join(',')}`;
  let now = shown.get(container);
  if (now?.shape !== shape) {
    now = build(state, view, shape);
    replace(container, now.el);
    shown.set(container, now);
  }
  now.update(state, view);
}
