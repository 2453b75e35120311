// The list of figures (a <dl>): cache per token and in total, the fixed state, the crossover, the
// weights, the GPU's room and what fits in it. Each byte figure shows its rounded value and, on
// hover and focus, the exact count; data-bytes / data-value carry the core's number as text.

import { h, setAttr, setText } from '../../lib/dom.js';
import { exactBytes, formatBytes, groupDigits, longTokens, shortTokens } from './format.js';
import { LIMIT_NAME, gpuLabel, sessionsFitWords, sessionsText, weightsAloneText } from './labels.js';

/**
 * One figure as data: its key (data-figure), its words, and either its bytes (with the exact count)
 * or a raw value (data-value).
 * @typedef {{ key: string, text: string, exact?: string, bytes?: string, raw?: string }} Figure
 */

/** A byte figure: the rounded value, and the exact count on hover and focus.
 *  @returns {Figure} */
function bytesFigure(bytes, key, unit) {
  return { key, text: formatBytes(bytes, unit).text, exact: exactBytes(bytes), bytes: bytes.toString() };
}

/** @returns {Figure} */
function textFigure(text, key, raw) {
  return { key, text, raw };
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

/** [label, figure] rows for `state` and the core's `results`; `limits`: la.limits.
 *  @returns {Array<[string, Figure]>} */
function figureRows(state, results, limits) {
  const u = state.unit;
  const { now, refNow, reference } = results;
  const maxTokens = BigInt(limits?.maxTokens ? limits.maxTokens : 1e10);
  const sess = sessionsText(state.sessions);
  const max = results.resolved.maxContext;
  const beyond = max !== null && state.tokens > max;
  const trained = results.resolved.base.trainedContext;
  /** @type {Array<[string, Figure]>} */
  const rows = [
    [
      'Configured position limit (max_position_embeddings or the like)',
      max === null
        ? textFigure('no limit given', 'maxContext', 'none')
        : textFigure(
            beyond ? `${longTokens(max)}: your context is beyond it` : longTokens(max),
            'maxContext',
            String(max),
          ),
    ],
    ['KV cache per token (one session)', bytesFigure(now.kvBytesPerToken, 'kvPerToken', u)],
    // The rows name "your context" rather than its length (the bars' title gives it): a drag then
    // rewrites only the numbers, not the words around them.
    [
      `KV cache at your context, ${sess}${beyond ? ` (beyond the ${LIMIT_NAME})` : ''}`,
      bytesFigure(now.kvBytes, 'kvTotal', u),
    ],
    ['of which grows with context (full attention, MLA)', bytesFigure(now.growingBytes, 'growing', u)],
    ['of which grows up to a cap (sliding windows; the chunk in progress)', bytesFigure(now.cappedBytes, 'capped', u)],
    [
      'the capped part is full from (a window stays full; a chunk starts over)',
      now.cappedFullTokens > 0n
        ? textFigure(longTokens(now.cappedFullTokens), 'cappedFull', now.cappedFullTokens.toString())
        : textFigure('no windowed or chunked layers', 'cappedFull', '0'),
    ],
    [
      `Fixed per sequence, ${sess} (same at every context length; ${state.stateDtype})`,
      bytesFigure(now.stateBytes, 'stateTotal', u),
    ],
    ['of which short-convolution state', bytesFigure(now.convBytes, 'conv', u)],
    ['Total cache memory', bytesFigure(now.totalBytes, 'total', u)],
  ];
  // Where the model's makers state the context it was trained at, it follows the configured limit.
  if (Number.isInteger(trained))
    rows.splice(1, 0, [
      'Trained context, as its makers give it',
      textFigure(longTokens(trained), 'trainedContext', String(trained)),
    ]);
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
  rows.push(...capacityRows(state, results, maxTokens));
  return rows;
}

/** The rows about the GPU: weights, room, sessions that fit, longest context. results.capacity
 *  null: the weights are not known, and nothing is said about what fits.
 *  @returns {Array<[string, Figure]>} */
function capacityRows(state, results, maxTokens) {
  const { capacity } = results;
  const u = state.unit;
  const sess = sessionsText(state.sessions);
  const perGpu = (state.tp ?? 1) > 1 ? `, on each of ${state.tp} GPUs` : '';
  if (capacity === null) {
    const unknown = 'not known without the weights';
    return [
      [
        `Weights (parameter count not given${perGpu})`,
        textFigure('not known: enter the parameter count (custom model, Parameters)', 'weights', 'unknown'),
      ],
      [`Room for cache on ${gpuLabel(state)}`, textFigure(unknown, 'room', 'unknown')],
      ['Sessions that fit at your context', textFigure(unknown, 'sessionsFit', 'unknown')],
      [`Longest context that fits ${sess}`, textFigure(unknown, 'longest', 'unknown')],
    ];
  }
  const p = results.resolved.model.params;
  const params = p ? `${groupDigits(BigInt(Math.round(p)))} parameters × ${state.weightDtype}` : 'no weights counted';
  /** @type {Array<[string, Figure]>} */
  const rows = [[`Weights (${params}${perGpu})`, bytesFigure(capacity.weightBytes, 'weights', u)]];
  rows.push([
    `Room for cache on ${gpuLabel(state)}`,
    capacity.weightsFit
      ? bytesFigure(capacity.freeBytes, 'room', u)
      : textFigure(`none: ${weightsAloneText(state, capacity)}`, 'room', capacity.freeBytes.toString()),
  ]);
  const fit = sessionsFitWords(capacity) + (capacity.sessionsAtLimit ? ' (the core’s limit)' : '');
  const fitRaw = `${capacity.sessionsAtLimit ? '>' : ''}${capacity.sessionsThatFit}`;
  rows.push(['Sessions that fit at your context', textFigure(fit, 'sessionsFit', fitRaw)]);
  const longest = capacity.longestContext;
  const atLimit = capacity.longestAtLimit || (longest >= maxTokens && capacity.freeBytes > 0n);
  const longestText = atLimit ? `more than ${longTokens(longest)} (the core’s limit)` : longTokens(longest);
  rows.push([
    `Longest context that fits ${sess}`,
    textFigure(longestText, 'longest', `${atLimit ? '>' : ''}${longest}`),
  ]);
  return rows;
}

/** A figure's element: span.lm-fig > span.lm-value (+ span.lm-exact for bytes, focusable). */
function figureElement(fig) {
  return fig.bytes === undefined
    ? h('span', { class: 'lm-fig' }, h('span', { class: 'lm-value' }))
    : h('span', { class: 'lm-fig', tabindex: 0 }, h('span', { class: 'lm-value' }), h('span', { class: 'lm-exact' }));
}

/**
 * Draws the figures into `dl`, in place: rows are made once and then only their words and numbers
 * are written, and only where they changed (a drag rewrites a few numbers, never the list; building
 * and diffing the whole list took most of a drag frame's work). `live`: a drag is streaming, so the
 * exact byte counts (seen only on hover or focus, away from the dragged control) wait for its end:
 * each changed text costs the frame its share of layout and paint.
 */
export function renderFigures(dl, state, results, limits, { live = false } = {}) {
  const rows = figureRows(state, results, limits);
  while (dl.children.length > rows.length * 2) dl.lastChild.remove();
  rows.forEach(([label, fig], i) => {
    let dt = dl.children[2 * i];
    let dd = dl.children[2 * i + 1];
    if (!dt) dt = dl.appendChild(h('dt'));
    if (!dd) dd = dl.appendChild(h('dd'));
    setText(dt, label);
    let el = dd.firstChild;
    const isBytes = fig.bytes !== undefined;
    if (!el || el.hasAttribute('tabindex') !== isBytes) {
      el = figureElement(fig);
      dd.replaceChildren(el);
    }
    setAttr(el, 'data-figure', fig.key);
    setAttr(el, isBytes ? 'data-bytes' : 'data-value', isBytes ? fig.bytes : fig.raw);
    setText(el.firstChild, fig.text);
    if (isBytes && !live) setText(el.lastChild, fig.exact);
  });
}
