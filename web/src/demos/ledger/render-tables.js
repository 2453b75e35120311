// Matrices and vectors as real tables (screen readers can walk the cells), drawn with brackets.
import { h, setText } from '../../lib/dom.js';
import { formatNumber, keyLabel, valueLabel } from './format.js';

/** Visually hidden text for screen readers. */
function srOnly(text) {
  return h('span', { class: 'lg-sr fig-heard', text });
}

const CHANGED = ' (changed)';

/**
 * A rows x cols matrix given row-major. `changed` (same layout, booleans) marks the cells the latest
 * stamp touched; they are highlighted and announced as changed.
 */
export function matrixTable({ caption, values, rows, cols, changed, part, symbol = null }) {
  const head = h(
    'tr',
    null,
    h('td', { class: 'lg-corner' }),
    Array.from({ length: cols }, (_, j) => h('th', { scope: 'col', class: 'lg-sr-th' }, srOnly(`column ${j + 1}`))),
  );
  const body = Array.from({ length: rows }, (_, i) =>
    h(
      'tr',
      null,
      h('th', { scope: 'row', class: 'lg-sr-th' }, srOnly(`row ${i + 1}`)),
      Array.from({ length: cols }, (_, j) => {
        const idx = i * cols + j;
        const isChanged = changed ? changed[idx] : false;
        return h(
          'td',
          { class: isChanged ? 'is-changed' : null },
          h('span', { class: 'lg-num', text: formatNumber(values[idx]) }),
          // Always there, empty when the cell did not change: a drag that moves a key across zero
          // changes its text, not the table's nodes (no layout objects made or dropped per frame).
          srOnly(isChanged ? CHANGED : ''),
        );
      }),
    ),
  );
  return h(
    'table',
    { class: 'lg-matrix', 'data-part': part, 'data-symbol': symbol },
    h('caption', null, caption),
    h('thead', null, head),
    h('tbody', null, body),
  );
}

/** Rewrites the numbers and highlights of a table made by matrixTable, in place (same shape). */
export function renderMatrix(table, values, changed) {
  table.tBodies[0].querySelectorAll('td').forEach((td, idx) => {
    const text = formatNumber(values[idx]);
    const num = td.firstChild;
    setText(num, text);
    const isChanged = changed ? changed[idx] : false;
    if (td.classList.contains('is-changed') !== isChanged) {
      td.classList.toggle('is-changed', isChanged);
      setText(td.lastChild, isChanged ? CHANGED : '');
    }
  });
}

/** A vector as inline text with its own label, e.g. "k₁ = (1, 0)". */
export function vectorText(label, v) {
  return h(
    'span',
    { class: 'lg-vec' },
    h('span', { class: 'lg-sym', text: label }),
    ' = (',
    Array.from(v, (x, i) => [i ? ', ' : '', h('span', { class: 'lg-num', text: formatNumber(x) })]),
    ')',
  );
}

export { keyLabel, valueLabel };
