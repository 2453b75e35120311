// The data table of the plotted values (in a <details>): one row per sampled context length,
// each cell the rounded figure with its exact byte count. Built when the disclosure is open (on
// its opening, for what changed while it was closed: some 600 elements no closed figure needs),
// and rebuilt only when the curve or the units change, not when the reader moves along the curve.

import { h, replace, setText } from '../../lib/dom.js';
import { exactBytes, formatBytes, groupDigits } from './format.js';
import { modelName, sessionsText } from './labels.js';

/** Returns { el (the <details>), update(state, results) }. */
export function createTable() {
  const body = h('tbody');
  const head = h('tr');
  const caption = h('caption');
  const el = h(
    'details',
    { class: 'lm-details' },
    h('summary', { text: 'Data table' }),
    h(
      'div',
      { class: 'fig-table-scroll lm-table-wrap', tabindex: 0, role: 'region', 'aria-label': 'Plotted values' },
      h('table', { class: 'fig-table lm-table' }, caption, h('thead', {}, head), body),
    ),
  );
  let shown = null; // [samples, unit] of the rows built
  let waiting = null; // [state, results] not built while the disclosure was closed
  el.addEventListener('toggle', () => {
    if (el.open && waiting) build(...waiting);
  });

  function update(state, results) {
    waiting = null;
    if (shown && shown[0] === results.samples && shown[1] === state.unit) return;
    if (el.open) build(state, results);
    else waiting = [state, results];
  }

  function build(state, results) {
    waiting = null;
    shown = [results.samples, state.unit];
    const u = state.unit;
    const twin = results.reference === 'twin';
    const orig = Boolean(results.resolved.original);
    setText(
      caption,
      `${modelName(state, results.resolved)}, ${sessionsText(state.sessions)}, KV ${state.kvDtype}, state ${state.stateDtype}: ${results.samples.length} context lengths on the plotted line${results.curve.length > results.samples.length ? ' (which also passes through every chunk boundary it can show)' : ''}.`,
    );
    const heads = [
      'Context (tokens)',
      'KV cache',
      'Fixed state',
      twin && 'All-linear state',
      'Total',
      orig && 'Before (with attention)',
    ];
    replace(
      head,
      heads.map((t) => t && h('th', { scope: 'col', text: t })),
    );
    const cell = (b, key) =>
      h(
        'td',
        { 'data-col': key, 'data-bytes': b.toString() },
        formatBytes(b, u).text,
        h('span', { class: 'lm-cell-exact', text: exactBytes(b) }),
      );
    replace(
      body,
      results.samples.map((row) =>
        h(
          'tr',
          {},
          h('th', { scope: 'row', 'data-col': 'tokens', text: groupDigits(row.tokens) }),
          cell(row.kvBytes, 'kv'),
          cell(row.stateBytes, 'state'),
          twin && cell(row.refBytes, 'twin'),
          cell(row.totalBytes, 'total'),
          orig && cell(row.originalBytes, 'original'),
        ),
      ),
    );
  }
  return { el, update };
}
