// Where the shown model comes from: the preset's citation with a "checked / not fully confirmed"
// badge and its note, then the model's layer groups in words. Rebuilt only when the model changes.

import { h, replace } from '../../lib/dom.js';
import { CUSTOM_ID, describeGroup } from './models.js';

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
