// The words around the curve: the notice (settings ignored) and error lines, the sentence at the current N, the sweep's progress, the readout of
// the numbers at N, the memory line, and the screen-reader announcement (only when the reader
// pauses). Text only, from the core's results (format.js turns the numbers into strings).
import { h, setText, setAttr, setProp } from '../../lib/dom.js';
import { formatCos, formatInt, formatPercent, sentenceParts, withArticle } from './format.js';
import { sweepStage } from './sweep.js';

const ANNOUNCE_DELAY_MS = 700;
const READOUT = [
  ['n', 'At N'],
  ['cosine', 'Mean cosine, linear state'],
  ['cosineStd', 'Spread over trials (std)'],
  ['recall', 'Top-1 recall, linear state'],
  ['theory', 'Theory (random unit keys and values)'],
  ['softmaxCosine', 'Mean cosine, softmax'],
  ['softmaxRecall', 'Top-1 recall, softmax'],
];

/** A spread over trials to 3 decimals; one below 0.0005 (often rounding alone, 2e-16) is "under
 *  0.001", never a power of ten. */
const formatSpread = (x) => (x > 0 && x < 0.0005 ? 'under 0.001' : formatCos(x, 3));

/** The readout's values and the memory line at the sweep's index i, as text (formatting only). */
export function readoutTexts(sweep, i) {
  return {
    values: {
      cosine: formatCos(sweep.cosineMean[i]),
      cosineStd: sweep.trials > 1 ? formatSpread(sweep.cosineStd[i]) : '\u2014 (one trial)',
      recall: formatPercent(sweep.recallMean[i]),
      theory: formatCos(sweep.theoryCosine[i]),
      softmaxCosine: formatCos(sweep.softmaxCosineMean[i]),
      softmaxRecall: formatPercent(sweep.softmaxRecallMean[i]),
    },
    memory:
      `Memory: softmax keeps every key and value, N\u00b7(d\u2096+d\u1d65) = ` +
      `${formatInt(sweep.cacheNumbers[i])} numbers, growing with N; the linear state keeps ` +
      `d\u00b2 = ${formatInt(sweep.stateNumbers[i])} numbers, whatever N.`,
  };
}

/** The readout's list: its element and each value's element by key. */
function readoutList() {
  const readout = h('dl', { class: 'oc-readout fig-readout' });
  const rd = {};
  for (const [key, label] of READOUT) {
    const row = readout.appendChild(h('div', { class: 'oc-readout-row' }));
    row.appendChild(h('dt', { text: label }));
    rd[key] = row.appendChild(h('dd', { 'data-field': key }));
  }
  return { readout, rd };
}

/** Builds the pieces (unattached: index.js places them around the chart). */
export function createReadout() {
  const notice = h('p', { class: 'oc-notice fig-notice', role: 'status', hidden: true });
  const error = h('p', { class: 'oc-error fig-notice', role: 'alert', 'data-part': 'error', hidden: true });
  const sentence = h('p', { class: 'oc-sentence', 'data-field': 'sentence', 'data-symbol': 'crosstalk' });
  const status = h('p', { class: 'oc-status fig-note', 'aria-live': 'polite' });
  const { readout, rd } = readoutList();
  const memoryLine = h('p', { class: 'oc-memory', 'data-field': 'memory' });
  const live = h('p', { class: 'oc-sr fig-heard', 'aria-live': 'polite' });
  /** @type {ReturnType<typeof setTimeout> | 0} */
  let liveTimer = 0;

  /** The sweep's progress (and whether workers run it); sets the root's data-sweep. `waiting`: a
   *  settings slider has not rested, and the sweep of its value is not asked for yet. */
  function renderStatus(root, entry, state, mode, waiting = false) {
    let text = '';
    if (!entry && waiting)
      text = `The curve for these settings (N = 1 to ${formatInt(4 * state.d)}) is computed once the slider rests.`;
    else if (!entry) text = `Computing the curve for N = 1 to ${formatInt(4 * state.d)} (${state.trials} trials)\u2026`;
    else if (entry.sweep.phase === 'preview') {
      const ns = entry.sweep.ns;
      text =
        `Showing a quick preview (1 trial, N from 1 to ${formatInt(ns[ns.length - 1])} on a coarse grid); ` +
        `the full curve with ${state.trials} ${state.trials === 1 ? 'trial' : 'trials'} is computing\u2026`;
    } else if (!entry.complete) {
      text =
        `Averaged over ${entry.sweep.trials} of ${state.trials} trials so far; ` +
        'the curve and its band firm up as the others arrive\u2026';
    }
    if (mode === 'main')
      text += (text ? ' ' : '') + '(Background workers are unavailable here, so the page computes in its own thread.)';
    setText(status, text);
    setAttr(root, 'data-sweep', sweepStage(entry));
  }

  /** The numbers at N (`i` its index in `sweep`, -1 while it has none; `waiting` as in
   *  renderStatus); sets the root's data-n. */
  function renderAtN(root, sweep, i, state, waiting = false) {
    setText(rd.n, formatInt(state.n));
    if (i < 0) {
      setText(
        sentence,
        `With ${formatInt(state.n)} associations in ${withArticle(formatInt(state.d))}-dimensional state: ` +
          (waiting ? 'the numbers follow once the slider rests.' : 'computing\u2026'),
      );
      for (const [k] of READOUT.slice(1)) setText(rd[k], '\u2026');
      setText(memoryLine, '');
      setAttr(root, 'data-n', '');
      return;
    }
    setText(sentence, sentenceParts(sweep, i, state.d, state.keys, state.gate, state.rule));
    const texts = readoutTexts(sweep, i);
    for (const [k, text] of Object.entries(texts.values)) setText(rd[k], text);
    setText(memoryLine, texts.memory);
    setAttr(root, 'data-n', state.n);
    // The sentence is re-announced only when the reader pauses, not on every slider step.
    clearTimeout(liveTimer);
    liveTimer = setTimeout(() => setText(live, sentence.textContent), ANNOUNCE_DELAY_MS);
  }

  return {
    above: [notice, error, sentence, status], // before the chart
    below: [readout, memoryLine], // after its legend
    live,
    renderStatus,
    renderAtN,
    /** What was ignored of settings from outside, and why (lines of text; none hides it). */
    showNotice(lines) {
      setProp(notice, 'hidden', lines.length === 0);
      setText(notice, lines.join(' '));
    },
    /** A message about the last change ('' hides it). */
    showError(message) {
      setProp(error, 'hidden', !message);
      setText(error, message || '');
    },
    destroy: () => clearTimeout(liveTimer),
  };
}
