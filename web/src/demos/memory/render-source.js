// Where the shown model comes from: the preset's citation with a "checked / not fully confirmed"
// badge and its note, then the model's layer groups in words. Rebuilt only when the model changes.

import { h, replace } from '../../lib/dom.js';
import { groupDigits } from './format.js';
import { CUSTOM_ID, describeGroup, twinFromKvHeads } from './models.js';

/** The configured position limit and where that number comes from; then, where the model's makers
 *  state it, the context it was trained at (which may be shorter). */
function maxContextLines(preset, resolved) {
  const max = resolved.maxContext;
  const text =
    max === null
      ? 'Configured position limit: none given'
      : `Configured position limit: ${groupDigits(max)} tokens, the positions the config allows, not necessarily the length the model was trained at; longer contexts are shaded`;
  const source = preset ? preset.maxContextSource : max === null ? '' : 'from your config or custom model';
  const limit = h('p', { class: 'lm-note lm-max-context', text: source ? `${text} (${source}).` : `${text}.` });
  if (!preset || !Number.isInteger(preset.trainedContext)) return [limit];
  return [
    limit,
    h('p', {
      class: 'lm-note lm-trained-context',
      text: `Trained context: ${groupDigits(preset.trainedContext)} tokens (${preset.trainedContextSource}).`,
    }),
  ];
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
      ...maxContextLines(preset, resolved),
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
