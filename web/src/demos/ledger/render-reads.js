// Reads with a verdict, and one read taken apart stamp by stamp:
// φ(q)ᵀS = Σᵢ (φ(q)·φ(kᵢ)) vᵢᵀ — the target's own stamp plus the crosstalk of every other one.
import { h, uid, replace, patch, setProp } from '../../lib/dom.js';
import { formatNumber, formatVector } from './format.js';
import { keyLabel, valueLabel } from './render-tables.js';
import { numberField } from './fields.js';

function vectorCell(v, part) {
  return h('td', { class: 'la-ledger__vcell', 'data-part': part }, formatVector(v));
}

/** The read-back with its verdict on the line below: "(3, −3)" / "✗ off by 4". */
function readCell(r) {
  return h(
    'td',
    { class: 'la-ledger__readcell' },
    h('span', { class: 'la-ledger__vec-text', 'data-part': 'read-value' }, formatVector(r.read)),
    h(
      'span',
      { class: 'la-ledger__verdict ' + (r.exact ? 'la-ledger__good' : 'la-ledger__bad') },
      h(
        'span',
        { 'data-part': 'verdict' },
        h('span', { 'aria-hidden': 'true' }, r.exact ? '\u2713 ' : '\u2717 '),
        r.exact ? 'exact' : 'off by',
      ),
      r.exact ? null : ' ',
      h('span', { class: 'la-ledger__num', 'data-part': 'error', hidden: r.exact }, formatNumber(r.error)),
    ),
  );
}

export function renderReads(container, _state, view) {
  if (view.reads.length === 0) {
    patch(container, h('p', { class: 'la-ledger__empty' }, 'Nothing written yet, so there is nothing to read back.'));
    return;
  }
  const readName = view.normalized ? 'read \u03c6(k)\u1d40S \u00f7 \u03c6(k)\u1d40z' : 'read k\u1d40S';
  const rows = view.reads.map((r) =>
    h(
      'tr',
      { 'data-part': `read-${r.index + 1}` },
      h('th', { scope: 'row' }, keyLabel(r.index)),
      readCell(r),
      vectorCell(r.v, 'stored-value'),
    ),
  );
  patch(
    container,
    h(
      'table',
      { class: 'la-ledger__reads', 'data-part': 'reads' },
      h('caption', null, 'Read back with each stored key'),
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          h('th', { scope: 'col' }, 'key'),
          h('th', { scope: 'col' }, `${readName}, verdict and error |read \u2212 v|`),
          h('th', { scope: 'col' }, 'stored value'),
        ),
      ),
      h('tbody', null, rows),
    ),
  );
}

/** The query picker (built once, updated in place so focus stays put) and the free query's fields. */
export function buildQueryControls({ onQuery, onFreeQuery }) {
  const id = uid('la-ledger-query');
  const select = h('select', {
    id,
    class: 'la-ledger__select',
    'data-part': 'query-select',
    onchange: (e) => onQuery(Number(e.target.value)),
  });
  const fields = h('span', { class: 'la-ledger__free', 'data-part': 'free-query' });
  const el = h(
    'div',
    { class: 'la-ledger__query', 'data-symbol': 'q phi-q k-j' },
    h('label', { for: id }, 'Take apart the read of '),
    select,
    fields,
  );
  return { el, select, fields, freeFields: [], d: 0, onFreeQuery };
}

export function updateQueryControls(qc, state) {
  const opts = state.associations.map((_, i) => ({ value: String(i), text: `key ${keyLabel(i)}` }));
  opts.push({ value: '-1', text: 'a free query q' });
  const same = qc.select.options.length === opts.length;
  if (!same) replace(qc.select, ...opts.map((o) => h('option', { value: o.value }, o.text)));
  setProp(qc.select, 'value', String(state.query));
  setProp(qc.fields, 'hidden', state.query !== -1);
  if (qc.d !== state.d) {
    qc.d = state.d;
    qc.freeFields = state.freeQuery.map((x, j) =>
      numberField({
        label: `q coordinate ${j + 1}`,
        value: x,
        hideLabel: true,
        part: `free-q-${j + 1}`,
        onCommit: (text, field) => qc.onFreeQuery(j, text, field),
      }),
    );
    replace(
      qc.fields,
      h('span', { class: 'la-ledger__sym', 'aria-hidden': 'true' }, 'q = ('),
      ...qc.freeFields.flatMap((f, j) => [j ? h('span', { 'aria-hidden': 'true' }, ', ') : null, f.el]),
      h('span', { 'aria-hidden': 'true' }, ')'),
    );
  } else {
    qc.freeFields.forEach((f, j) => f.setValue(state.freeQuery[j]));
  }
}

export function renderDecomposition(container, state, view) {
  const qv = view.query;
  if (!qv) {
    patch(container);
    return;
  }
  const own = qv.index;
  const qName = own >= 0 ? keyLabel(own) : 'q';
  const phi = view.normalized;
  const coefName = phi ? `\u03c6(${qName})\u00b7\u03c6(k\u1d62)` : `${qName}\u00b7k\u1d62`;
  const termName = phi
    ? `contribution (overlap \u00d7 v\u1d62 \u00f7 ${formatNumber(qv.denominator)})`
    : 'contribution (overlap \u00d7 v\u1d62)';
  const dv = view.dv;
  const rows = view.writes.map((w, i) => {
    const term = qv.terms.subarray(i * dv, (i + 1) * dv);
    const self = i === own;
    const silent = qv.coefficients[i] === 0;
    const kind = self ? 'its own stamp' : silent ? 'no overlap' : 'crosstalk';
    return h(
      'tr',
      {
        class: self ? 'is-self' : silent ? 'is-silent' : 'is-crosstalk',
        'data-part': `term-${i + 1}`,
        'data-symbol': self ? 'target' : 'crosstalk', // linked reading: the braces of equation (4)
      },
      h(
        'th',
        { scope: 'row' },
        `${view.normalized ? `\u03c6(${keyLabel(i)})` : keyLabel(i)}${valueLabel(i)}\u1d40`,
        h('span', { class: 'la-ledger__kind' }, ` ${kind}`),
      ),
      h('td', { class: 'la-ledger__num', 'data-part': 'coefficient' }, formatNumber(qv.coefficients[i])),
      vectorCell(w.v, 'value'),
      vectorCell(term, 'term'),
    );
  });
  const foot = [
    h(
      'tr',
      { 'data-part': 'term-sum' },
      h('th', { scope: 'row', colspan: 3 }, phi ? 'sum = the read' : `sum = ${qName}\u1d40S, the read`),
      vectorCell(qv.read, 'read'),
    ),
  ];
  if (phi) {
    foot.push(
      h(
        'tr',
        { 'data-part': 'denominator' },
        h('th', { scope: 'row', colspan: 3 }, `normalizer \u03c6(${qName})\u1d40z + \u03b5`),
        h('td', { class: 'la-ledger__num' }, formatNumber(qv.denominator)),
      ),
    );
  }
  const verdict =
    own >= 0 && own < state.step
      ? h(
          'p',
          { class: qv.exact ? 'la-ledger__good' : 'la-ledger__bad', 'data-part': 'query-verdict' },
          h('span', { 'aria-hidden': 'true' }, qv.exact ? '\u2713 ' : '\u2717 '),
          qv.exact
            ? `Exact: ${qName} reads back ${valueLabel(own)} = ${formatVector(qv.value)}.`
            : `Off by ${formatNumber(qv.error)}: ${qName} reads ${formatVector(qv.read)}, but ${valueLabel(own)} = ${formatVector(qv.value)}.`,
        )
      : own >= state.step
        ? h(
            'p',
            { class: 'la-ledger__muted' },
            `${valueLabel(own)} is not written yet, so this read shows only what the other stamps leave under ${qName}.`,
          )
        : null;
  patch(
    container,
    h(
      'table',
      { class: 'la-ledger__terms', 'data-part': 'terms' },
      h('caption', null, `The read of ${qName}, stamp by stamp`),
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          h('th', { scope: 'col' }, 'stamp'),
          h('th', { scope: 'col' }, `overlap ${coefName}`),
          h('th', { scope: 'col' }, 'v\u1d62'),
          h('th', { scope: 'col' }, termName),
        ),
      ),
      h('tbody', null, rows),
      h('tfoot', null, foot),
    ),
    verdict,
  );
}
