// "Data table" (the plotted numbers): the curve's numbers for every N, for readers who want the figures (and
// screen readers). Up to 1,024 rows come in pages of PAGE_ROWS with a "Rows" select. A new result for
// the same N (another trial arrived) rewrites the cells of the page in place, a slice of rows per
// task (slices.js), so the reader keeps their place and no task runs long; other N (a new d, the
// preview's coarse grid) or another page build a new table, also a slice per task. aria-busy is set
// on the scroll box until every row shows the current result. Text only: the numbers are the core's.
import { h, uid, setText } from '../../lib/dom.js';
import { createSlicer } from './slices.js';
import { formatCos, formatInt, KEY_LABELS, ruleText } from './format.js';

export const PAGE_ROWS = 256;
const HEADS = [
  'N',
  'mean cosine',
  'std',
  'top-1 recall',
  'wrong picks (1 \u2212 recall)',
  'theory cosine',
  'softmax cosine',
  'softmax recall',
];
const cellsOf = (s, i) => [
  formatInt(s.ns[i]),
  ...[
    s.cosineMean[i],
    s.cosineStd[i],
    s.recallMean[i],
    s.missMean[i],
    s.theoryCosine[i],
    s.softmaxCosineMean[i],
    s.softmaxRecallMean[i],
  ].map((v) => formatCos(v, 3)),
];
const sameNs = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The pager's options for `ns` ("N = 1 to 256", …) in `pager` (its field hidden for one page);
 *  returns the number of pages. */
function renderPager(pagerField, pager, ns) {
  const pages = Math.ceil(ns.length / PAGE_ROWS);
  pagerField.hidden = pages <= 1;
  const labels = [];
  for (let k = 0; k < pages; k += 1) {
    const last = Math.min(ns.length, (k + 1) * PAGE_ROWS) - 1;
    labels.push(`N = ${formatInt(ns[k * PAGE_ROWS])} to ${formatInt(ns[last])}`);
  }
  if ([...pager.options].map((o) => o.text).join('|') !== labels.join('|')) {
    pager.replaceChildren(...labels.map((text, k) => h('option', { value: String(k), text })));
  }
  return pages;
}

/** The table's caption: the settings, how far the sweep is, and the rows of this page. */
function captionText({ sweep: s, complete }, state, pages, first, count) {
  const trials = `${s.trials} ${s.trials === 1 ? 'trial' : 'trials'}`;
  const progress = complete
    ? ''
    : s.phase === 'preview'
      ? ' (preview)'
      : ` (${s.trials} of ${state.trials} trials so far)`;
  const rows =
    pages > 1
      ? `; rows N = ${formatInt(s.ns[first])} to ${formatInt(s.ns[first + count - 1])} of ${formatInt(s.ns.length)}`
      : '';
  return (
    `Plotted numbers: d = ${state.d}, ${KEY_LABELS[state.keys]}, ${trials}, ` +
    `seed ${state.seed}, ${ruleText(state)}, softmax \u03b2 = ${state.beta}${progress}${rows}`
  );
}

/** A new table in `box`: { caption, body } to fill. */
function newTable(box) {
  const table = box.appendChild(h('table', { class: 'fig-table oc-table' }));
  const caption = table.appendChild(h('caption', {}));
  const hr = table.appendChild(h('thead', {})).appendChild(h('tr', {}));
  for (const head of HEADS) hr.appendChild(h('th', { scope: 'col', text: head }));
  return { caption, body: table.appendChild(h('tbody', {})) };
}

/** Rows start..end-1 of the page from `first` in `body`: rows already there are rewritten in
 *  place; the others are built (all of them in a new tbody, and those a rebuild cut short by the
 *  next result never reached: the slicer runs the latest only). */
function fillRows(body, s, first, start, end) {
  const rows = document.createDocumentFragment();
  for (let r = start; r < end; r += 1) {
    const row = body.rows[r];
    if (row) {
      cellsOf(s, first + r).forEach((text, c) => setText(row.cells[c], text));
      continue;
    }
    const tr = rows.appendChild(h('tr', {}));
    cellsOf(s, first + r).forEach((text, c) =>
      tr.appendChild(h(c ? 'td' : 'th', c ? { text } : { scope: 'row', text })),
    );
  }
  body.appendChild(rows);
}

/** The disclosure, its pager and its scroll box. */
function buildTable(parent) {
  const details = parent.appendChild(h('details', { class: 'oc-fold oc-details', 'data-part': 'table' }));
  details.appendChild(h('summary', { text: 'Data table' }));
  const pagerField = details.appendChild(h('div', { class: 'oc-pager', hidden: true }));
  const pagerId = uid('oc-rows');
  pagerField.appendChild(h('label', { for: pagerId, class: 'fig-note', text: 'Rows' }));
  const pager = pagerField.appendChild(h('select', { id: pagerId, 'data-part': 'table-page' }));
  const box = details.appendChild(
    h('div', {
      class: 'fig-table-scroll oc-table-scroll',
      tabindex: 0,
      role: 'region',
      'aria-label': 'Plotted numbers, scrollable',
    }),
  );
  return { details, pagerField, pager, box };
}

/**
 * @param parent where the <details> goes
 * @param current () => { entry: {sweep, complete} | null, state, nIndex }: what to show when opened
 * @param timed (what, start) => void: the demo's User Timing marks ("table" per slice)
 */
export function createPlottedTable(parent, current, timed) {
  const { details, pagerField, pager, box } = buildTable(parent);
  const slicer = createSlicer();
  let shown = null; // { caption, body, ns, page }
  let chosen = -1; // the page the reader chose; -1: the one holding the current N
  function clear() {
    slicer.cancel();
    shown = null;
    box.removeAttribute('aria-busy');
    box.replaceChildren();
  }
  function render() {
    if (!details.open) return;
    const { entry, state, nIndex } = current();
    if (!entry) {
      clear();
      pagerField.hidden = true;
      box.appendChild(h('p', { text: 'No numbers yet.' }));
      return;
    }
    const s = entry.sweep;
    if (shown && !sameNs(shown.ns, s.ns)) chosen = -1; // new N: show the page holding N
    const pages = renderPager(pagerField, pager, s.ns);
    const page = Math.min(pages - 1, chosen >= 0 ? chosen : Math.max(0, Math.floor(nIndex / PAGE_ROWS)));
    pager.value = String(page);
    const first = page * PAGE_ROWS;
    const count = Math.min(s.ns.length, first + PAGE_ROWS) - first;
    if (!shown || shown.page !== page || !sameNs(shown.ns, s.ns)) {
      clear();
      shown = { ...newTable(box), ns: s.ns, page };
    }
    setText(shown.caption, captionText(entry, state, pages, first, count));
    const { body } = shown;
    box.setAttribute('aria-busy', 'true');
    const slice = (start, end) => {
      const t0 = performance.now();
      fillRows(body, s, first, start, end);
      timed('table', t0);
    };
    slicer.run(count, slice, () => box.removeAttribute('aria-busy'));
  }
  details.addEventListener('toggle', () => (details.open ? render() : clear()));
  pager.addEventListener('change', () => {
    chosen = Number(pager.value);
    render();
  });
  return { element: details, /** Shows the current result (when open). */ update: render, destroy: clear };
}
