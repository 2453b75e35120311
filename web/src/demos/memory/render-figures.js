// The list of figures (a <dl>): cache per token and in total, the fixed state, the crossover, the
// weights, the GPU's room and what fits in it. Each byte figure shows its rounded value and, on
// hover and focus, the exact count; data-bytes / data-value carry the core's number as text.

import { h, patch } from '../../lib/dom.js';
import { exactBytes, formatBytes, groupDigits, longTokens, shortTokens } from './format.js';
import { gpuLabel, sessionsText } from './labels.js';

/** A byte figure: the rounded value, and the exact count on hover and focus. */
function bytesFigure(bytes, key, unit) {
  return h(
    'span',
    { class: 'lm-fig', tabindex: 0, 'data-figure': key, 'data-bytes': bytes.toString() },
    h('span', { class: 'lm-value', text: formatBytes(bytes, unit).text }),
    h('span', { class: 'lm-exact', text: exactBytes(bytes) }),
  );
}

function textFigure(text, key, raw) {
  return h('span', { class: 'lm-fig', 'data-figure': key, 'data-value': raw }, h('span', { class: 'lm-value', text }));
}

/** The crossover row's figure: a context length, or why there is none. */
function crossoverFigure(results, maxTokens) {
  const { crossover, growing } = results;
  if (!growing) return textFigure('never: no layer keeps a growing cache', 'crossover', 'never');
  if (crossover !== null && typeof crossover === 'object')
    return textFigure(`unavailable: ${crossover.error}`, 'crossover', 'error');
  if (crossover === null) return textFigure('not applicable: no fixed state to compare with', 'crossover', 'none');
  if (crossover > maxTokens || crossover <= 0n)
    return textFigure(`never within ${shortTokens(maxTokens)} tokens`, 'crossover', 'never');
  const text = crossover >= 1000n ? `${longTokens(crossover)} (${shortTokens(crossover)})` : longTokens(crossover);
  return textFigure(text, 'crossover', crossover.toString());
}

/** [label, figure] rows for `state` and the core's `results`; `limits`: la.limits. */
function figureRows(state, results, limits) {
  const u = state.unit;
  const { now, capacity, refNow, reference } = results;
  const maxTokens = BigInt(limits?.maxTokens ? limits.maxTokens : 1e10);
  const sess = sessionsText(state.sessions);
  const rows = [
    ['KV cache per token (one session)', bytesFigure(now.kvBytesPerToken, 'kvPerToken', u)],
    [`KV cache at ${longTokens(state.tokens)}, ${sess}`, bytesFigure(now.kvBytes, 'kvTotal', u)],
    [`Fixed state, ${sess} (same at every context length)`, bytesFigure(now.stateBytes, 'stateTotal', u)],
    ['Total cache memory', bytesFigure(now.totalBytes, 'total', u)],
  ];
  if (reference === 'twin') {
    rows.push([
      `Same model with every attention layer linear: fixed state, ${sess}`,
      bytesFigure(refNow.stateBytes, 'twinState', u),
    ]);
  }
  rows.push([
    reference === 'twin'
      ? 'Context where one session’s KV cache outgrows the all-linear model’s state'
      : 'Context where one session’s KV cache outgrows its fixed state',
    crossoverFigure(results, maxTokens),
  ]);
  const model = results.resolved.model;
  const params = model.params
    ? `${groupDigits(BigInt(Math.round(model.params)))} parameters × ${state.weightDtype}`
    : 'no parameters given';
  rows.push([`Weights (${params})`, bytesFigure(capacity.weightBytes, 'weights', u)]);
  rows.push([
    `Room for cache on ${gpuLabel(state)}`,
    capacity.freeBytes > 0n
      ? bytesFigure(capacity.freeBytes, 'room', u)
      : textFigure('none: the weights alone exceed the budget', 'room', capacity.freeBytes.toString()),
  ]);
  rows.push([
    `Sessions that fit at ${shortTokens(state.tokens)} tokens`,
    textFigure(groupDigits(capacity.sessionsThatFit), 'sessionsFit', capacity.sessionsThatFit.toString()),
  ]);
  const longest = capacity.longestContext;
  const longestText =
    longest >= maxTokens && capacity.freeBytes > 0n
      ? `${longTokens(longest)} or more (the core’s limit)`
      : longTokens(longest);
  rows.push([`Longest context that fits ${sess}`, textFigure(longestText, 'longest', longest.toString())]);
  return rows;
}

/** Draws the figures into `dl`, in place (a drag rewrites a few numbers, not the list). */
export function renderFigures(dl, state, results, limits) {
  patch(
    dl,
    figureRows(state, results, limits).map(([label, fig]) => [h('dt', { text: label }), h('dd', {}, fig)]),
  );
}
