// The bars: the three memory terms at the reader's context length on one axis (what grows with the
// context, what grows up to a cap, what is fixed per sequence, with its short-convolution part), then
// the all-linear state and the cache before linearizing, with the GPU's room marked when it is near.
// Each bar is labelled with its byte count. Rows persist between renders so their widths animate
// (CSS; none under reduced motion).

import { h, setText } from '../../lib/dom.js';
import { formatBytes, longTokens } from './format.js';
import { sessionsText } from './labels.js';

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

function newRow() {
  return h(
    'div',
    { class: 'lm-bar-row' },
    h('span', { class: 'lm-bar-label' }),
    h('span', { class: 'lm-bar-track' }, h('span', { class: 'lm-bar' }), h('span', { class: 'lm-bar-room' })),
    h('span', { class: 'lm-bar-value' }, h('span', { class: 'lm-bar-bytes' }), h('span', { class: 'lm-bar-note' })),
  );
}

/** Draws the bars into `box` (its title and rows are made on the first call, then updated). */
export function renderBars(box, state, results) {
  const items = barItems(results, state.unit);
  const dataMax = items.reduce((m, [, b]) => (b > m ? b : m), 1n);
  const free = results.capacity.freeBytes;
  const room = free > 0n ? free : null;
  const showRoom = room !== null && room <= dataMax * 20n;
  const max = showRoom && room > dataMax ? room : dataMax;
  const pct = (b) => (Number(b) / Number(max)) * 100;
  if (!box.firstChild) box.append(h('p', { class: 'lm-bars-title' }), h('div', { class: 'lm-bar-rows' }));
  const trained = results.resolved.maxContext;
  const beyond = trained !== null && state.tokens > trained;
  setText(
    box.firstChild,
    `At ${longTokens(state.tokens)}, ${sessionsText(state.sessions)}` +
      (beyond ? ` — beyond what this model was trained for (${longTokens(trained)}):` : ':'),
  );
  box.classList.toggle('lm-beyond-now', beyond);
  const rowsBox = box.lastChild;
  while (rowsBox.children.length > items.length) rowsBox.lastChild.remove();
  items.forEach(([label, bytes, cls, term, note], i) => {
    const row = rowsBox.children[i] ?? rowsBox.appendChild(newRow());
    if (row.dataset.term !== term) row.dataset.term = term;
    setText(row.children[0], label);
    const bar = row.children[1].children[0];
    if (bar.className !== `lm-bar ${cls}`) bar.className = `lm-bar ${cls}`;
    bar.style.width = bytes > 0n ? `max(2px, ${pct(bytes).toFixed(3)}%)` : '0';
    const mark = row.children[1].children[1];
    mark.hidden = !showRoom;
    if (showRoom) mark.style.left = `calc(${pct(room).toFixed(3)}% - 2px)`;
    setText(row.children[2].children[0], formatBytes(bytes, state.unit).text);
    setText(row.children[2].children[1], note);
    row.children[2].dataset.bytes = bytes.toString();
  });
}
