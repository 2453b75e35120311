// Receipts vs ledger: softmax attention keeps every receipt (N·(dk + dv) numbers, growing with each
// write); the ledger keeps dk·dv numbers however many writes it has absorbed. Counts from the core.
import { h, patch } from '../../lib/dom.js';
import { formatNumber, formatVector } from './format.js';
import { keyLabel } from './render-tables.js';

function bar(cls, fraction) {
  const fill = h('span', { class: `lg-bar-fill ${cls}` });
  fill.style.width = `${Math.max(0, Math.min(1, fraction)) * 100}%`; // drawing only
  return h('span', { class: 'lg-bar', 'aria-hidden': 'true' }, fill);
}

export function renderReceipts(container, state, view) {
  const { receipts, ledger } = view.numbers;
  const count = state.step;
  const widest = Math.max(receipts, ledger, 1);
  const chips = state.associations
    .slice(0, count)
    .map((a, i) =>
      h(
        'li',
        { class: 'lg-receipt', title: `${keyLabel(i)} = ${formatVector(a.k)}, v = ${formatVector(a.v)}` },
        keyLabel(i),
      ),
    );
  patch(
    container,
    h(
      'dl',
      { class: 'lg-counter' },
      h(
        'div',
        { class: 'lg-counter-row', 'data-part': 'receipts' },
        h('dt', null, 'Softmax keeps every receipt'),
        h(
          'dd',
          null,
          h(
            'span',
            { class: 'lg-count' },
            h('span', { class: 'lg-num', 'data-part': 'receipt-numbers' }, formatNumber(receipts)),
            ` numbers (${count} ${count === 1 ? 'receipt' : 'receipts'} \u00d7 (d\u2096 + d\u1d65))`,
          ),
          bar('is-receipts', receipts / widest),
          chips.length ? h('ul', { class: 'lg-receipts fig-list', 'aria-label': 'receipts kept' }, chips) : null,
        ),
      ),
      h(
        'div',
        { class: 'lg-counter-row', 'data-part': 'ledger' },
        h('dt', null, 'The ledger keeps S'),
        h(
          'dd',
          null,
          h(
            'span',
            { class: 'lg-count' },
            h('span', { class: 'lg-num', 'data-part': 'ledger-numbers' }, formatNumber(ledger)),
            ` numbers (d\u2096 \u00d7 d\u1d65 = ${view.dk} \u00d7 ${view.dv}), however many writes` +
              (view.normalized ? `, plus the ${view.z.length} numbers of z for the normalizer` : ''),
          ),
          bar('is-ledger', ledger / widest),
        ),
      ),
    ),
  );
}
