// Where the shown model comes from: the preset's citation with a "checked / not fully confirmed"
// badge and its note, then the model's layer groups in words. Rebuilt only when the model changes.

import { h, replace } from '../../lib/dom.js';
import { groupDigits } from './format.js';
import { CUSTOM_ID, describeGroup, twinFromKvHeads } from './models.js';

/** The trained context and where that number comes from. */
function maxContextLine(preset, resolved) {
  const max = resolved.maxContext;
  const text =
    max === null
      ? 'Trained context: no limit given'
      : `Trained context: up to ${groupDigits(max)} tokens; longer contexts are shaded as beyond what this model was trained for`;
  const source = preset ? preset.maxContextSource : max === null ? '' : 'from your config or custom model';
  return h('p', { class: 'lm-note lm-max-context', text: source ? `${text} (${source}).` : `${text}.` });
}

function citation(p) {
  return h(
    'p',
    { class: 'lm-cite' },
    'Source: ',
    p.source.url
      ? h('a', { href: p.source.url, rel: 'noopener noreferrer', target: '_blank', text: p.source.citation })
      : p.source.citation,
    ' ',
    h('span', {
      class: p.confirmed ? 'lm-badge lm-confirmed' : 'lm-badge lm-unconfirmed',
      text: p.confirmed ? 'checked against the released config' : 'not fully confirmed: see the note',
    }),
  );
}

/** Returns render(state, resolved) drawing into `el` (only when the model has changed). */
export function sourceRenderer(el) {
  let shownKey = null;
  return function render(state, resolved) {
    const key = `${state.preset}|${Boolean(resolved.original)}|${state.preset === CUSTOM_ID ? JSON.stringify(state.custom) : ''}`;
    if (key === shownKey) return;
    shownKey = key;
    const preset = state.preset === CUSTOM_ID ? null : resolved.base;
    replace(
      el,
      preset && [citation(preset), h('p', { class: 'lm-note', text: preset.note })],
      maxContextLine(preset, resolved),
      !preset &&
        twinFromKvHeads(resolved.base) &&
        h('p', {
          class: 'lm-note',
          text: 'This model gives no query heads: its all-linear twin uses the KV heads instead (add them in the editor).',
        }),
      resolved.original &&
        h('p', {
          class: 'lm-note',
          text: 'Shown with every attention layer made linear: each keeps one state per head instead of a growing cache.',
        }),
      h(
        'ul',
        { class: 'lm-layers', 'aria-label': 'Layers of the model shown' },
        resolved.model.layers.map((g) => h('li', { text: describeGroup(g) })),
      ),
    );
  };
}
