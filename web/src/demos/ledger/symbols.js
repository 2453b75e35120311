// What the ledger shows for each linked symbol of the chapter's math (web/src/hosts/chapter/linked/):
// symbols(state, view, el) -> { name: { text, element, elements? } }. The text is the core's
// numbers of the current view, formatted; the element is the part of the figure that shows it
// (render-*.js mark those parts with data-symbol). No arithmetic here.
import { formatNumber, formatVector } from './format.js';
import { keyLabel, valueLabel } from './render-tables.js';

/** Row-major numbers as "[[3, −3], [−2, 1]]". */
export function formatMatrix(values, rows, cols) {
  const row = (i) => `[${Array.from(values.slice(i * cols, (i + 1) * cols), (x) => formatNumber(x)).join(', ')}]`;
  return `[${Array.from({ length: rows }, (_, i) => row(i)).join(', ')}]`;
}

const writes = (n) => `${n} ${n === 1 ? 'write' : 'writes'}`;

/** The write side of equation (3): S, the latest stamp, z, φ(k) and v. */
function writeSymbols(state, view, el, part) {
  const { step } = state;
  const latest = step > 0 ? view.writes[step - 1] : null;
  const k = latest ? keyLabel(latest.index) : 'k';
  const phiName = view.normalized ? `\u03c6(${k})` : k;
  const featureMap = el.querySelector('[data-part="feature-map"]');
  const writesPanel = el.querySelector('[data-part="writes"]');
  return {
    S: {
      text: latest
        ? `S after ${writes(step)} = ${formatMatrix(view.S, view.dk, view.dv)}`
        : 'S before any write = all zeros',
      element: part('S') ?? writesPanel,
    },
    stamp: {
      text: latest
        ? `the latest stamp, ${phiName}${valueLabel(latest.index)}\u1d40 (write ${step}) = ${formatMatrix(latest.stamp, view.dk, view.dv)}`
        : 'no stamp yet: nothing is written',
      element: part('stamp') ?? writesPanel,
    },
    z: view.normalized
      ? { text: `z after ${writes(step)} = ${formatVector(view.z)}`, element: part('z') ?? featureMap }
      : {
          text: 'not used here: \u03c6 is the identity and the read is not divided (choose \u03c6 = elu + 1)',
          element: featureMap,
        },
    'phi-k': {
      text: latest
        ? view.normalized
          ? `\u03c6(${k}) = ${formatVector(latest.phiK)} for the latest key ${k} = ${formatVector(latest.k)}`
          : `\u03c6(${k}) = ${k} = ${formatVector(latest.phiK)}: \u03c6 is the identity here`
        : 'no key written yet',
      element: part('phi-k'),
    },
    v: {
      text: latest
        ? `${valueLabel(latest.index)} = ${formatVector(latest.v)}, the latest value written`
        : 'no value written yet',
      element: part('v'),
    },
  };
}

/** The query of equation (4): q, φ(q) and the key being read. */
function querySymbols(view, part) {
  const qv = view.query;
  const own = qv ? qv.index : -1;
  const qName = own >= 0 ? keyLabel(own) : 'q';
  const query = part('q');
  return {
    q: {
      text: qv ? `q = ${qName} = ${formatVector(qv.q)}, the query being read` : 'no read yet: nothing is written',
      element: query,
    },
    'phi-q': {
      text: qv ? `\u03c6(q) = ${formatVector(qv.phiQ)} for q = ${qName}` : 'no read yet: nothing is written',
      element: query,
    },
    'k-j': {
      text:
        own >= 0
          ? `k\u2c7c = ${qName} = ${formatVector(qv.q)}, the key being read`
          : 'the read uses a free query q, not a stored key',
      element: query,
    },
  };
}

/** The read of equation (4) taken apart: the other keys, the target and the crosstalk. */
function termSymbols(state, view, el, part) {
  const qv = view.query;
  const own = qv ? qv.index : -1;
  const qName = own >= 0 ? keyLabel(own) : 'q';
  const decomposition = el.querySelector('[data-part="decomposition"]');
  const rows = qv ? view.writes.filter((w) => w.index !== own) : [];
  const term = (i) => qv.terms.subarray(i * view.dv, (i + 1) * view.dv);
  const cross = Array.from(el.querySelectorAll('[data-symbol~="crosstalk"]'));
  return {
    'k-i': {
      text: rows.length
        ? `the other keys and their overlap with ${qName}: ${rows.map((w) => `${keyLabel(w.index)} = ${formatVector(w.k)} (${formatNumber(qv.coefficients[w.index])})`).join(', ')}`
        : 'no other key is written',
      element: state.d === 2 ? part('k-i') : el.querySelector('[data-part="editor"]'), // the plane shows d = 2 only
    },
    target: {
      text:
        qv && own >= 0 && own < state.step
          ? `target: overlap ${formatNumber(qv.coefficients[own])} \u00d7 ${valueLabel(own)} = ${formatVector(term(own))}`
          : 'no target: the key being read has no write of its own yet',
      element: part('target') ?? decomposition,
    },
    crosstalk: {
      text: rows.length
        ? `crosstalk into the read of ${qName}: ${rows.map((w) => `${keyLabel(w.index)}${valueLabel(w.index)}\u1d40 adds ${formatVector(term(w.index))}`).join('; ')}`
        : 'no crosstalk: no other write',
      element: cross[0] ?? decomposition,
      elements: cross.length ? cross : undefined,
    },
  };
}

/** A part behind a closed disclosure is shown by that disclosure's summary: what the reader sees. */
function seen(node) {
  const closed = node?.closest('details:not([open])');
  return closed ? closed.querySelector(':scope > summary') : node;
}

/** Each symbol's element (and elements) as the reader can see them now. */
function inSight(symbols) {
  for (const info of Object.values(symbols)) {
    info.element = seen(info.element);
    if (info.elements) info.elements = [...new Set(info.elements.map(seen))];
  }
  return symbols;
}

/**
 * @param {ReturnType<typeof import('./state.js').exampleState>} state
 * @param {any} view computeLedger's result for `state`
 * @param {HTMLElement} el the demo's element
 * @returns {Record<string, import('../types').LinkedSymbol>}
 */
export function ledgerSymbols(state, view, el) {
  const part = (name) => el.querySelector(`[data-symbol~="${name}"]`);
  return inSight({
    ...writeSymbols(state, view, el, part),
    ...querySymbols(view, part),
    ...termSymbols(state, view, el, part),
    d: {
      text: `d = ${view.dk}: keys and values have ${view.dk} coordinates, and S keeps ${formatNumber(view.numbers.ledger)} numbers`,
      element: part('d'),
    },
  });
}
