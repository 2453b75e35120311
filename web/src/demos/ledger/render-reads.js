// Reads with a verdict, and one read taken apart stamp by stamp:
// φ(q)ᵀS = Σᵢ (φ(q)·φ(kᵢ)) vᵢᵀ — the target's own stamp plus the crosstalk of every other one.
import { h, uid, replace, patch, setProp, setText, setAttr } from '../../lib/dom.js';
import { formatNumber, formatVector } from './format.js';
import { keyLabel, valueLabel } from './render-tables.js';
import { numberField } from './fields.js';

// Both tables are built when their shape changes (how many rows, which labels) and otherwise
// rewritten where they stand: a drag in the plane changes their numbers on every frame, and
// building a fresh table per frame for patch() to compare left ~150 nodes of garbage per frame.
// Their DOM is the same either way (the browser tests read it).
const shown = new WeakMap(); // container -> { shape, update(view) } of the table it shows

/** The read-back with its verdict on the line below: "(3, −3)" / "✗ off by 4", and its updater. */
function readCell() {
  const value = h('span', { class: 'lg-vec-text', 'data-part': 'read-value' });
  const mark = h('span', { 'aria-hidden': 'true' });
  const word = document.createTextNode('');
  const gap = document.createTextNode('');
  const error = h('span', { class: 'lg-num', 'data-part': 'error' });
  const verdict = h('span', { class: 'lg-verdict' }, h('span', { 'data-part': 'verdict' }, mark, word), gap, error);
  const td = h('td', { class: 'lg-readcell' }, value, verdict);
  return {
    td,
    update(r) {
      setText(value, formatVector(r.read));
      setAttr(verdict, 'class', `lg-verdict ${r.exact ? 'lg-good' : 'lg-bad'}`);
      setText(mark, r.exact ? '\u2713 ' : '\u2717 ');
      setText(word, r.exact ? 'exact' : 'off by');
      setText(gap, r.exact ? '' : ' ');
      setText(error, formatNumber(r.error));
      setProp(error, 'hidden', r.exact);
    },
  };
}

/** A table cell whose text is rewritten in place. */
function textCell(attrs) {
  const td = h('td', attrs);
  return { td, set: (text) => setText(td, text) };
}

export function renderReads(container, _state, view) {
  if (view.reads.length === 0) {
    shown.delete(container);
    patch(container, h('p', { class: 'lg-empty' }, 'Nothing written yet, so there is nothing to read back.'));
    return;
  }
  const shape = `reads|${view.reads.map((r) => r.index).join(',')}|${view.normalized}`;
  let table = shown.get(container);
  if (table?.shape !== shape) {
    table = buildReads(view, shape);
    replace(container, table.el);
    shown.set(container, table);
  }
  table.update(view);
}

function buildReads(view, shape) {
  const readName = view.normalized ? 'read \u03c6(k)\u1d40S \u00f7 \u03c6(k)\u1d40z' : 'read k\u1d40S';
  const rows = view.reads.map((r) => {
    const read = readCell();
    const stored = textCell({ class: 'lg-vcell', 'data-part': 'stored-value' });
    const tr = h(
      'tr',
      { 'data-part': `read-${r.index + 1}` },
      h('th', { scope: 'row' }, keyLabel(r.index)),
      read.td,
      stored.td,
    );
    return { tr, read, stored };
  });
  const el = h(
    'table',
    { class: 'lg-reads', 'data-part': 'reads' },
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
    h(
      'tbody',
      null,
      rows.map((r) => r.tr),
    ),
  );
  return {
    shape,
    el,
    update(v) {
      v.reads.forEach((r, i) => {
        rows[i].read.update(r);
        rows[i].stored.set(formatVector(r.v));
      });
    },
  };
}
/** The query picker (built once, updated in place so focus stays put) and the free query's fields;
 *  each dispatches its action. */
export function createQueryControls({ dispatch }) {
  const id = uid('la-ledger-query');
  const select = h('select', {
    id,
    class: 'lg-select',
    'data-part': 'query-select',
    onchange: (e) => dispatch({ type: 'query', index: Number(e.target.value) }),
  });
  const fields = h('span', { class: 'lg-free', 'data-part': 'free-query' });
  const el = h(
    'div',
    { class: 'lg-query', 'data-symbol': 'q phi-q k-j' },
    h('label', { for: id }, 'Take apart the read of '),
    select,
    fields,
  );
  const qc = { el, select, fields, freeFields: [], d: 0, dispatch };
  /** Shows the state's query (the picker updated in place, so focus stays put). */
  qc.update = (state) => updateQueryControls(qc, state);
  return qc;
}

function updateQueryControls(qc, state) {
  const opts = state.associations.map((_, i) => ({ value: String(i), text: `key ${keyLabel(i)}` }));
  opts.push({ value: '-1', text: 'a free query q' });
  const same = qc.select.options.length === opts.length;
  if (!same) replace(qc.select, ...opts.map((o) => h('option', { value: o.value }, o.text)));
  setProp(qc.select, 'value', String(state.query));
  setProp(qc.fields, 'hidden', state.query !== -1);
  if (qc.d !== state.d) {
    qc.d = state.d;
    for (const f of qc.freeFields) f.retire();
    qc.freeFields = state.freeQuery.map((x, j) =>
      numberField({
        label: `q coordinate ${j + 1}`,
        value: x,
        hideLabel: true,
        part: `free-q-${j + 1}`,
        onCommit: (text) => qc.dispatch({ type: 'field', target: -1, j, text }),
      }),
    );
    replace(
      qc.fields,
      h('span', { class: 'lg-sym', 'aria-hidden': 'true' }, 'q = ('),
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
    shown.delete(container);
    patch(container);
    return;
  }
  const own = qv.index;
  const verdict = own >= 0 && own < state.step ? 'verdict' : own >= state.step ? 'muted' : 'none';
  const shape = `terms|${own}|${view.writes.length}|${view.dv}|${view.normalized}|${verdict}`;
  let table = shown.get(container);
  if (table?.shape !== shape) {
    table = buildTerms(view, own, verdict, shape);
    replace(container, ...table.els);
    shown.set(container, table);
  }
  table.update(view);
}

/** One row per write: its stamp's name and kind, the overlap, its value and its contribution. */
function termRows(view, own) {
  const phi = view.normalized;
  return view.writes.map((_, i) => {
    const self = i === own;
    const kind = h('span', { class: 'lg-kind' });
    const coefficient = textCell({ class: 'lg-num', 'data-part': 'coefficient' });
    const value = textCell({ class: 'lg-vcell', 'data-part': 'value' });
    const term = textCell({ class: 'lg-vcell', 'data-part': 'term' });
    const tr = h(
      'tr',
      {
        'data-part': `term-${i + 1}`,
        'data-symbol': self ? 'target' : 'crosstalk', // linked reading: the braces of equation (4)
      },
      h('th', { scope: 'row' }, `${phi ? `\u03c6(${keyLabel(i)})` : keyLabel(i)}${valueLabel(i)}\u1d40`, kind),
      coefficient.td,
      value.td,
      term.td,
    );
    return { tr, self, kind, coefficient, value, term };
  });
}

/** The terms' table around its rows, with the sum (and the normalizer) below them. */
function termsTable(view, qName, rows) {
  const phi = view.normalized;
  const coefName = phi ? `\u03c6(${qName})\u00b7\u03c6(k\u1d62)` : `${qName}\u00b7k\u1d62`;
  const termHead = h('th', { scope: 'col' });
  const read = textCell({ class: 'lg-vcell', 'data-part': 'read' });
  const denominator = textCell({ class: 'lg-num' });
  const foot = [
    h(
      'tr',
      { 'data-part': 'term-sum' },
      h('th', { scope: 'row', colspan: 3 }, phi ? 'sum = the read' : `sum = ${qName}\u1d40S, the read`),
      read.td,
    ),
    phi
      ? h(
          'tr',
          { 'data-part': 'denominator' },
          h('th', { scope: 'row', colspan: 3 }, `normalizer \u03c6(${qName})\u1d40z + \u03b5`),
          denominator.td,
        )
      : null,
  ];
  const el = h(
    'table',
    { class: 'lg-terms', 'data-part': 'terms' },
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
        termHead,
      ),
    ),
    h(
      'tbody',
      null,
      rows.map((r) => r.tr),
    ),
    h('tfoot', null, foot),
  );
  return { el, termHead, read, denominator };
}

/** The paragraph below the terms: the verdict of a written key's read, or why there is none. */
function verdictLine(kind, own, qName) {
  const mark = h('span', { 'aria-hidden': 'true' });
  const text = document.createTextNode('');
  if (kind === 'verdict') return { el: h('p', { 'data-part': 'query-verdict' }, mark, text), mark, text };
  const el =
    kind === 'muted'
      ? h(
          'p',
          { class: 'lg-muted' },
          `${valueLabel(own)} is not written yet, so this read shows only what the other stamps leave under ${qName}.`,
        )
      : null;
  return { el, mark: null, text: null };
}

/** The read of one key (or q) taken apart stamp by stamp, and the paragraph with its verdict. */
function buildTerms(view, own, verdictKind, shape) {
  const qName = own >= 0 ? keyLabel(own) : 'q';
  const phi = view.normalized;
  const rows = termRows(view, own);
  const table = termsTable(view, qName, rows);
  const verdict = verdictLine(verdictKind, own, qName);
  return {
    shape,
    els: [table.el, verdict.el],
    update(v) {
      const qv = v.query;
      setText(
        table.termHead,
        phi
          ? `contribution (overlap \u00d7 v\u1d62 \u00f7 ${formatNumber(qv.denominator)})`
          : 'contribution (overlap \u00d7 v\u1d62)',
      );
      const dv = v.dv;
      rows.forEach((r, i) => {
        const silent = qv.coefficients[i] === 0;
        setAttr(r.tr, 'class', r.self ? 'is-self' : silent ? 'is-silent' : 'is-crosstalk');
        setText(r.kind, ` ${r.self ? 'its own stamp' : silent ? 'no overlap' : 'crosstalk'}`);
        r.coefficient.set(formatNumber(qv.coefficients[i]));
        r.value.set(formatVector(v.writes[i].v));
        r.term.set(formatVector(qv.terms.subarray(i * dv, (i + 1) * dv)));
      });
      table.read.set(formatVector(qv.read));
      if (phi) table.denominator.set(formatNumber(qv.denominator));
      if (verdictKind === 'verdict') showVerdict(verdict, qv, qName, own);
    },
  };
}

/** The read's verdict: exact, or off by its error, with what it reads and what it should. */
function showVerdict(verdict, qv, qName, own) {
  setAttr(verdict.el, 'class', qv.exact ? 'lg-good' : 'lg-bad');
  setText(verdict.mark, qv.exact ? '\u2713 ' : '\u2717 ');
  setText(
    verdict.text,
    qv.exact
      ? `Exact: ${qName} reads back ${valueLabel(own)} = ${formatVector(qv.value)}.`
      : `Off by ${formatNumber(qv.error)}: ${qName} reads ${formatVector(qv.read)}, but ${valueLabel(own)} = ${formatVector(qv.value)}.`,
  );
}
