// The ledger's pages: one write at a time, each with its stamp φ(k)vᵀ and the running S.
// S_t = S_{t−1} + φ(k_t) v_tᵀ (and z_t = z_{t−1} + φ(k_t) when normalized).
import { h, patch, activeElement, setText, setAttr, setProp } from '../../lib/dom.js';
import { coalesceFrames } from '../../lib/frame.js';
import { matrixTable, updateMatrix, vectorText, keyLabel, valueLabel } from './render-tables.js';
import { formatNumber, formatVector } from './format.js';

export function buildStepper({ onStep, ids }) {
  const back = h(
    'button',
    { type: 'button', class: 'la-ledger__btn', 'data-action': 'back', onclick: () => onStep('back') },
    h('span', { 'aria-hidden': 'true' }, '\u25c0 '),
    'Back one write',
  );
  const forward = h(
    'button',
    { type: 'button', class: 'la-ledger__btn', 'data-action': 'forward', onclick: () => onStep('forward') },
    'Write the next one',
    h('span', { 'aria-hidden': 'true' }, ' \u25b6'),
  );
  // Dragging the slider fires more input events than there are frames: the page turns once per
  // animation frame; `change` (the keyboard, the end of a drag) turns it at once.
  const turn = coalesceFrames(onStep);
  const range = h('input', {
    type: 'range',
    id: ids.range,
    min: 0,
    max: 3,
    step: 1,
    value: 3,
    class: 'la-ledger__range',
    'data-part': 'step-range',
    oninput: (e) => turn(Number(e.target.value)),
    onchange: () => turn.flush(),
  });
  const label = h('label', { for: ids.range }, 'Ledger page (writes applied)');
  const status = h('p', { class: 'la-ledger__page-status', 'data-part': 'page-status' });
  const el = h(
    'div',
    { class: 'la-ledger__stepper', role: 'group', 'aria-label': 'Turn the ledger\u2019s pages' },
    h('div', { class: 'la-ledger__range-row' }, label, range),
    h('div', { class: 'la-ledger__btn-row' }, back, forward),
    status,
  );
  // Keys: on the buttons, ←/→ (and PageUp/PageDown, Home, End) turn pages like the range slider does.
  el.addEventListener('keydown', (e) => {
    if (e.target === range) return;
    if (e.key === 'ArrowLeft' || e.key === 'PageUp') {
      onStep('back');
      e.preventDefault();
    } else if (e.key === 'ArrowRight' || e.key === 'PageDown') {
      onStep('forward');
      e.preventDefault();
    } else if (e.key === 'Home') {
      onStep(0);
      e.preventDefault();
    } else if (e.key === 'End') {
      onStep('end');
      e.preventDefault();
    }
  });
  return { el, back, forward, range, status, turn };
}

export function updateStepper(stepper, state) {
  const n = state.associations.length;
  // Written only when they change: a drag in the plane re-renders the stepper on every frame, and
  // setting a slider's value, even to the same one, re-lays out its thumb.
  setProp(stepper.range, 'max', String(n));
  setProp(stepper.range, 'value', String(state.step));
  setProp(stepper.range, 'disabled', n === 0);
  const text =
    n === 0
      ? 'The ledger has no associations to write'
      : `Page ${state.step} of ${n}: ${state.step} ${state.step === 1 ? 'write' : 'writes'} applied`;
  setAttr(stepper.range, 'aria-valuetext', text);
  setText(stepper.status, text + '.');
  // A button that gets disabled while focused would drop keyboard focus to the page: hand it to the
  // page slider instead.
  const focused = activeElement(stepper.el);
  setProp(stepper.back, 'disabled', state.step === 0);
  setProp(stepper.forward, 'disabled', state.step >= n);
  if (
    (focused === stepper.back && stepper.back.disabled) ||
    (focused === stepper.forward && stepper.forward.disabled)
  ) {
    stepper.range.focus();
  }
}

// The pages on screen, by container: their shape and the parts a drag rewrites.
const shown = new WeakMap();

export function renderWrites(container, state, view) {
  const shape = `${state.step}|${state.associations.length}|${view.dk}x${view.dv}|${view.normalized}`;
  const last = shown.get(container);
  if (last && last.shape === shape && state.step > 0) {
    // Same pages, new numbers (a key being dragged): rewrite the numbers where they stand.
    view.writes.forEach((w, i) => {
      const page = last.pages[i];
      const nums = [...w.k, ...w.v, ...(view.normalized ? w.phiK : [])];
      page.head.forEach((span, j) => {
        const text = formatNumber(nums[j]);
        setText(span, text);
      });
      updateMatrix(page.stamp, w.stamp, w.changed);
      updateMatrix(page.S, w.S, i === state.step - 1 ? w.changed : null);
    });
    // The normalizer's numbers and the line about the next page, rewritten where they stand.
    last.zNums.forEach((span, j) => setText(span, formatNumber(view.z[j])));
    setText(last.next, nextLine(state));
    return;
  }
  const items = view.writes.map((w) => {
    const i = w.index;
    const phi = view.normalized;
    const stampName = phi ? `\u03c6(${keyLabel(i)})${valueLabel(i)}\u1d40` : `${keyLabel(i)}${valueLabel(i)}\u1d40`;
    const latest = i === state.step - 1;
    return h(
      'li',
      { class: 'la-ledger__write' + (latest ? ' is-latest' : ''), 'data-part': `write-${i + 1}` },
      h(
        'p',
        { class: 'la-ledger__write-head', 'data-symbol': latest ? 'phi-k v' : null },
        h('span', { class: 'la-ledger__verb', text: 'write ' }),
        vectorText(keyLabel(i), w.k),
        ' \u2192 ',
        vectorText(valueLabel(i), w.v),
        phi ? [h('br'), vectorText(`\u03c6(${keyLabel(i)})`, w.phiK)] : null,
      ),
      h(
        'div',
        { class: 'la-ledger__pair' },
        matrixTable({
          caption: `stamp ${stampName}`,
          values: w.stamp,
          rows: view.dk,
          cols: view.dv,
          changed: w.changed,
          part: `stamp-${i + 1}`,
          symbol: latest ? 'stamp' : null, // linked reading: the stamp φ(k)vᵀ of equation (3)
        }),
        matrixTable({
          caption: `S after write ${i + 1}`,
          values: w.S,
          rows: view.dk,
          cols: view.dv,
          changed: latest ? w.changed : null,
          part: `S-${i + 1}`,
          symbol: latest ? 'S' : null, // linked reading: the running S
        }),
      ),
    );
  });
  const list = h('ol', { class: 'la-ledger__writes', 'aria-label': 'Writes so far' }, items);
  const { z, next } = tail(state, view);
  const empty =
    state.step === 0
      ? h('p', { class: 'la-ledger__empty' }, 'A blank page: S is all zeros, so every read returns zeros.')
      : null;
  patch(container, empty, list, z, next);
  const pages = Array.from(container.querySelectorAll('.la-ledger__write'), (li) => ({
    head: Array.from(li.querySelectorAll('.la-ledger__write-head .la-ledger__num')),
    stamp: li.querySelector('[data-part^="stamp-"]'),
    S: li.querySelector('[data-part^="S-"]'),
  }));
  shown.set(container, {
    shape,
    pages,
    zNums: Array.from(container.querySelectorAll('[data-part="z"] .la-ledger__num')),
    next: container.querySelector('.la-ledger__next'),
  });
}

/** The line about the next page. */
function nextLine(state) {
  const rest = state.associations.slice(state.step);
  if (!rest.length)
    return state.associations.length ? 'All writes applied.' : 'Add an association below to start writing.';
  return (
    `Next page: write ${keyLabel(state.step)} = ${formatVector(rest[0].k)} \u2192 ${valueLabel(state.step)} = ${formatVector(rest[0].v)}` +
    (rest.length > 1 ? ` (and ${rest.length - 1} more).` : '.')
  );
}

/** The normalizer line (or null) and the line about the next page. */
function tail(state, view) {
  const next = h('p', { class: 'la-ledger__next' }, nextLine(state));
  const z =
    view.normalized && state.step > 0
      ? h(
          'p',
          { class: 'la-ledger__z', 'data-part': 'z', 'data-symbol': 'z' },
          'normalizer ',
          vectorText('z', view.z),
          ' (the sum of every \u03c6(k) so far)',
        )
      : null;
  return { z, next };
}
