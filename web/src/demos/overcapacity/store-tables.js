// The numbers of "Inside one store" (render-store.js) as tables, in disclosures built only when
// open: each association read back (up to 1,024 rows, a slice per task: slices.js) and the key
// overlaps (offered for N ≤ MATRIX_TABLE_MAX_N).
import { h } from '../../lib/dom.js';
import { formatCos, formatInt } from './format.js';
import { createSlicer } from './slices.js';

/** Above this N the overlap matrix is not offered as a table (too many cells to read). */
const MATRIX_TABLE_MAX_N = 16;

const PER_HEADS = ['association', 'cosine, linear', 'recalled, linear', 'cosine, softmax', 'recalled, softmax'];

/** The overlap table's summary for a store of N associations. */
export function summaryText(n) {
  return n <= MATRIX_TABLE_MAX_N
    ? 'Key overlaps |k\u1d62\u00b7k\u2c7c| (table)'
    : `Key overlaps (table offered for N \u2264 ${MATRIX_TABLE_MAX_N})`;
}

/** A disclosure with a scrolling region for a table; `label` names the region. */
function disclosure(section, summary, label, part) {
  const details = section.appendChild(h('details', { class: 'oc-details', 'data-part': part }));
  const summaryEl = details.appendChild(h('summary', { text: summary }));
  const attrs = { class: 'fig-table-scroll oc-table-scroll', tabindex: 0, role: 'region', 'aria-label': label };
  return { details, summaryEl, box: details.appendChild(h('div', attrs)) };
}

/** A table with its caption and a header row of `heads` (a leading empty cell for null). */
function tableOf(box, cls, caption, heads) {
  const table = box.appendChild(h('table', { class: cls }));
  table.appendChild(h('caption', { text: caption }));
  const hr = table.appendChild(h('thead', {})).appendChild(h('tr', {}));
  for (const head of heads) hr.appendChild(head === null ? h('td', {}) : h('th', { scope: 'col', text: head }));
  return table.appendChild(h('tbody', {}));
}

/** Each stored association read back with its own key, a slice of rows per task (a newer store
 *  cancels the rest of an older table: a store arriving mid-drag never holds the page for long). */
function fillPerTable(box, { result: r, label }, slicer) {
  const caption = `Each stored association read back with its own key, N = ${formatInt(r.n)}, ${label}`;
  const body = tableOf(box, 'fig-table oc-table', caption, PER_HEADS);
  slicer.run(r.n, (start, end) => {
    const rows = document.createDocumentFragment();
    for (let j = start; j < end; j += 1) {
      const tr = rows.appendChild(h('tr', {}));
      tr.appendChild(h('th', { scope: 'row', text: String(j + 1) }));
      tr.appendChild(h('td', { text: formatCos(r.cosine[j], 3) }));
      tr.appendChild(h('td', { text: r.recalled[j] === 1 ? 'yes' : 'no' }));
      tr.appendChild(h('td', { text: formatCos(r.softmaxCosine[j], 3) }));
      tr.appendChild(h('td', { text: r.softmaxRecalled[j] === 1 ? 'yes' : 'no' }));
    }
    body.appendChild(rows);
  });
}

/** The key overlaps |k_i · k_j| of a small store. */
function fillMatrixTable(box, { result: r, label }) {
  const caption = `|k\u1d62\u00b7k\u2c7c| for the ${formatInt(r.n)} stored keys, ${label}`;
  const keys = Array.from({ length: r.n }, (_, j) => `k${j + 1}`);
  const body = tableOf(box, 'fig-table oc-table oc-matrix', caption, [null, ...keys]);
  for (let i = 0; i < r.n; i += 1) {
    const tr = body.appendChild(h('tr', {}));
    tr.appendChild(h('th', { scope: 'row', text: keys[i] }));
    for (let j = 0; j < r.n; j += 1) tr.appendChild(h('td', { text: formatCos(r.keyOverlap[i * r.n + j], 2) }));
  }
}

/** The store's two tables; show(current) fills the open ones for the store shown. */
export function createStoreTables(section) {
  const per = disclosure(
    section,
    'Per-association numbers (table)',
    'Per-association numbers, scrollable',
    'store-table',
  );
  const mat = disclosure(section, summaryText(1), 'Key overlaps, scrollable', 'overlap-table');
  const slicer = createSlicer();
  let current = null;
  const perTable = () => {
    per.box.replaceChildren();
    if (per.details.open && current) fillPerTable(per.box, current, slicer);
  };
  const matrixTable = () => {
    mat.box.replaceChildren();
    if (!current) return;
    if (current.result.n > MATRIX_TABLE_MAX_N || !current.result.keyOverlap) {
      mat.box.appendChild(h('p', { text: `The overlap table is offered for N \u2264 ${MATRIX_TABLE_MAX_N}.` }));
    } else if (mat.details.open) fillMatrixTable(mat.box, current);
  };
  per.details.addEventListener('toggle', perTable);
  mat.details.addEventListener('toggle', matrixTable);
  return {
    matSummary: mat.summaryEl,
    show(shown) {
      current = shown;
      if (per.details.open) perTable();
      if (mat.details.open) matrixTable();
    },
  };
}
