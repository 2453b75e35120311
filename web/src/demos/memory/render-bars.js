// The bars: the KV cache and the fixed state at the reader's context length (and the all-linear
// state, and the cache before linearizing), on one scale with the GPU's room marked when it is
// near. Rows persist between renders so their widths animate (CSS; none under reduced motion).

import { h, setText } from '../../lib/dom.js';
import { formatBytes, longTokens } from './format.js';
import { sessionsText } from './labels.js';

/** [label, bytes, class] for each bar. */
function barItems(results) {
  const { now, refNow, reference, originalNow } = results;
  const items = [
    ['KV cache', now.kvBytes, 'lm-bar-kv'],
    ['Fixed state', now.stateBytes, 'lm-bar-state'],
  ];
  if (reference === 'twin') items.push(['All-linear state', refNow.stateBytes, 'lm-bar-twin']);
  if (originalNow) items.push(['Before: KV cache', originalNow.kvBytes, 'lm-bar-original']);
  return items;
}

function newRow() {
  return h(
    'div',
    { class: 'lm-bar-row' },
    h('span', { class: 'lm-bar-label' }),
    h('span', { class: 'lm-bar-track' }, h('span', { class: 'lm-bar' }), h('span', { class: 'lm-bar-room' })),
    h('span', { class: 'lm-bar-value' }),
  );
}

/** Draws the bars into `box` (its title and rows are made on the first call, then updated). */
export function renderBars(box, state, results) {
  const items = barItems(results);
  const dataMax = items.reduce((m, [, b]) => (b > m ? b : m), 1n);
  const free = results.capacity.freeBytes;
  const room = free > 0n ? free : null;
  const showRoom = room !== null && room <= dataMax * 20n;
  const max = showRoom && room > dataMax ? room : dataMax;
  const pct = (b) => (Number(b) / Number(max)) * 100;
  if (!box.firstChild) box.append(h('p', { class: 'lm-bars-title' }), h('div', { class: 'lm-bar-rows' }));
  setText(box.firstChild, `At ${longTokens(state.tokens)}, ${sessionsText(state.sessions)}:`);
  const rowsBox = box.lastChild;
  while (rowsBox.children.length > items.length) rowsBox.lastChild.remove();
  items.forEach(([label, bytes, cls], i) => {
    const row = rowsBox.children[i] ?? rowsBox.appendChild(newRow());
    setText(row.children[0], label);
    const bar = row.children[1].children[0];
    if (bar.className !== `lm-bar ${cls}`) bar.className = `lm-bar ${cls}`;
    bar.style.width = bytes > 0n ? `max(2px, ${pct(bytes).toFixed(3)}%)` : '0';
    const mark = row.children[1].children[1];
    mark.hidden = !showRoom;
    if (showRoom) mark.style.left = `calc(${pct(room).toFixed(3)}% - 2px)`;
    setText(row.children[2], formatBytes(bytes, state.unit).text);
  });
}
