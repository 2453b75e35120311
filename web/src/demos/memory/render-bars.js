// The bars: the three memory terms at the reader's context length (what grows with the context,
// what grows up to a cap, what is fixed per sequence, with its short-convolution part), then the
// all-linear state and the cache before linearizing, with the GPU's room marked when the chart
// shows it. The bars use the chart's memory axis (chart.js memoryAxis: log or linear, over every
// context the chart shows), so while the reader drags the context the cache's bar grows and the
// fixed state's stays where it is. Each bar carries its own label and byte count, written on it.
// Rows persist between renders so their widths animate (CSS; none under reduced motion or a drag).
// Under the rows, the axis's scale: its ticks with their units, as on the chart's memory axis. An
// empty term keeps its words and gives up its bar's height.

import { h, setText, setProp, setStyle } from '../../lib/dom.js';
import { formatBytes, longTokens } from './format.js';
import { LIMIT_NAME, sessionsText } from './labels.js';

/** [label, bytes, class, term, note] for each bar (note: extra words after the byte count). */
function barItems(results, unit) {
  const { now, refNow, reference, originalNow } = results;
  const conv = now.convBytes > 0n ? `incl. ${formatBytes(now.convBytes, unit).text} convolution state` : '';
  const items = [
    ['Grows with context (full attention, MLA)', now.growingBytes, 'lm-bar-kv', 'growing', ''],
    ['Grows up to a cap (windows, chunks)', now.cappedBytes, 'lm-bar-capped', 'capped', ''],
    ['Fixed per sequence (recurrent state)', now.stateBytes, 'lm-bar-state', 'fixed', conv],
  ];
  if (reference === 'twin') items.push(['All-linear twin: state', refNow.stateBytes, 'lm-bar-twin', 'twin', '']);
  if (originalNow) items.push(['Before: KV cache', originalNow.kvBytes, 'lm-bar-original', 'original', '']);
  return items;
}

/** One row: the track holds the bar, the GPU mark and the words on them. */
function newRow() {
  return h(
    'div',
    { class: 'lm-bar-row' },
    h(
      'span',
      { class: 'lm-bar-track' },
      h('span', { class: 'lm-bar' }),
      h('span', { class: 'lm-bar-room' }),
      h(
        'span',
        { class: 'lm-bar-text' },
        h('span', { class: 'lm-bar-value' }, h('span', { class: 'lm-bar-bytes' })),
        h('span', { class: 'lm-bar-label' }),
        h('span', { class: 'lm-bar-note fig-note' }),
      ),
    ),
  );
}

const pct = (f) => `${(Math.min(1, Math.max(0, f)) * 100).toFixed(3)}%`;

/** The scale under the bars: the axis's ticks with units, thinned to one per ~80 px of `width`. */
function renderScale(scale, axis, unit) {
  const every = Math.max(1, Math.ceil(axis.ticks.length / Math.max(2, Math.floor((axis.width || 640) / 80))));
  const ticks = axis.ticks.filter((_, i) => i % every === 0);
  const key = `${ticks.join(' ')} ${unit} ${axis.lo} ${axis.hi}`;
  if (scale.dataset.key === key) return;
  scale.dataset.key = key;
  scale.replaceChildren(
    ...ticks.map((t) => {
      const f = Math.min(1, Math.max(0, axis.frac(t)));
      const edge = f < 0.04 ? 'lm-tick-start' : f > 0.96 ? 'lm-tick-end' : '';
      const tick = h('span', { class: `lm-tick ${edge}`.trim() }, formatBytes(t, unit, 1).text);
      tick.style.left = pct(f);
      return tick;
    }),
  );
}

/**
 * Draws the bars into `box` (its title and rows are made on the first call, then updated) on
 * `axis` (the chart's, from memoryAxis: { frac(bytes), room, roomInRange }).
 */
export function renderBars(box, state, results, axis) {
  const items = barItems(results, state.unit);
  if (!box.firstChild)
    box.append(
      h('p', { class: 'lm-bars-title fig-note' }),
      h('div', { class: 'lm-bar-rows' }),
      h('div', { class: 'lm-bar-scale' }),
    );
  const trained = results.resolved.maxContext;
  const beyond = trained !== null && state.tokens > trained;
  setText(
    box.firstChild,
    `At ${longTokens(state.tokens)}, ${sessionsText(state.sessions)}` +
      (beyond ? ` — beyond this model’s ${LIMIT_NAME} (${longTokens(trained)}):` : ':'),
  );
  box.classList.toggle('lm-beyond-now', beyond);
  const rowsBox = box.children[1];
  renderScale(box.lastChild, axis, state.unit);
  while (rowsBox.children.length > items.length) rowsBox.lastChild.remove();
  const roomAt = axis.roomInRange ? `calc(${pct(axis.frac(axis.room))} - 1px)` : '';
  items.forEach(([label, bytes, cls, term, note], i) => {
    const row = rowsBox.children[i] ?? rowsBox.appendChild(newRow());
    if (row.dataset.term !== term) row.dataset.term = term;
    row.classList.toggle('lm-bar-empty', bytes === 0n);
    const [bar, mark, text] = row.firstChild.children;
    if (bar.className !== `lm-bar ${cls}`) bar.className = `lm-bar ${cls}`;
    const width = bytes > 0n ? `max(4px, ${pct(axis.frac(bytes))})` : '0px';
    setStyle(bar, 'width', width);
    setProp(bar, 'hidden', bytes === 0n); // an empty term draws no bar, only its words
    setProp(mark, 'hidden', !axis.roomInRange || bytes === 0n);
    if (axis.roomInRange) setStyle(mark, 'left', roomAt);
    const [value, labelEl, noteEl] = text.children;
    setText(labelEl, label);
    setText(value.firstChild, formatBytes(bytes, state.unit).text);
    setText(noteEl, note);
    if (value.dataset.bytes !== bytes.toString()) value.dataset.bytes = bytes.toString();
  });
}
