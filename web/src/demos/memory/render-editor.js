// The custom model's editor: one fieldset per layer group (its kind and whole-number fields, as
// typed), a parameter count, and one error line. It keeps the reader's text (the draft) and hands
// a parsed model to onModel(model) -> null when the core accepted it, else the core's Error (its
// `.field`, e.g. 'model.layers[2].kvHeads', says which input to mark). Text that is not a whole
// number never reaches the core. "Add layer group" disables at the core's limit (maxGroups), and
// a group added or removed that the core refuses is undone, so the editor and the figure always
// count the same groups.

import { h, replace } from '../../lib/dom.js';
import { parseWhole } from './format.js';
import { GROUP_FIELDS, KIND_LABELS, draftFromModel, modelFromDraft, newGroupDraft } from './models.js';

function groupBox(id, g, i, count) {
  const kindId = `${id}-g${i}-kind`;
  const kind = h(
    'select',
    { id: kindId, 'data-group': i, 'data-key': 'kind' },
    Object.entries(KIND_LABELS).map(([v, t]) => h('option', { value: v, text: t })),
  );
  kind.value = g.kind;
  const fields = GROUP_FIELDS[g.kind].map(([key, label]) => {
    const input = h('input', {
      type: 'text',
      inputmode: 'numeric',
      id: `${id}-g${i}-${key}`,
      autocomplete: 'off',
      'data-group': i,
      'data-key': key,
      'aria-describedby': `${id}-editor-error`,
    });
    input.value = g[key];
    return h('div', { class: 'lm-field' }, h('label', { for: input.id, text: label }), input);
  });
  const remove = h('button', {
    type: 'button',
    class: 'lm-button',
    'data-remove': i,
    text: 'Remove group',
    'aria-label': `Remove layer group ${i + 1}`,
  });
  remove.disabled = count === 1;
  return h(
    'fieldset',
    { class: 'lm-group' },
    h('legend', { text: `Layer group ${i + 1}` }),
    h('div', { class: 'lm-field' }, h('label', { for: kindId, text: 'Kind' }), kind),
    fields,
    remove,
  );
}

/** The parameter count's field: without it the figure cannot say what fits (the core refuses
 *  weights nobody stated). */
function paramsInput(id) {
  return h('input', {
    type: 'text',
    inputmode: 'decimal',
    id: `${id}-params`,
    autocomplete: 'off',
    placeholder: 'needed for what fits, e.g. 8.03',
    'aria-describedby': `${id}-editor-error`,
  });
}

/** Returns { el, error, show(model) } for the editor with ids from `id`. */
export function createEditor(id, onModel, maxGroups) {
  const groups = h('div', { class: 'lm-groups' });
  const addGroup = h('button', {
    type: 'button',
    class: 'lm-button',
    text: 'Add layer group',
    'aria-describedby': `${id}-editor-limit`,
  });
  const limit = h('span', { class: 'lm-note', id: `${id}-editor-limit` });
  const params = paramsInput(id);
  const error = h('p', { class: 'lm-error', id: `${id}-editor-error`, 'aria-live': 'polite' });
  const el = h(
    'fieldset',
    { class: 'lm-editor', hidden: true, onchange: onChange, onclick: onClick },
    h('legend', { text: 'Custom model' }),
    groups,
    h('div', { class: 'lm-row' }, addGroup, limit),
    h(
      'div',
      { class: 'lm-field' },
      h('label', { for: `${id}-params`, text: 'Parameters (billions, for the weights)' }),
      params,
    ),
    error,
  );
  let draft = null; // the reader's text, as typed

  const input = (group, key) => el.querySelector(`[data-group="${group}"][data-key="${key}"]`);

  function build() {
    replace(
      groups,
      draft.groups.map((g, i) => groupBox(id, g, i, draft.groups.length)),
    );
    params.value = draft.params;
    const full = draft.groups.length >= maxGroups;
    addGroup.disabled = full;
    addGroup.title = full ? `At most ${maxGroups} layer groups (the core's limit)` : '';
    limit.textContent = full ? `${maxGroups} layer groups: the most the calculator takes.` : '';
  }

  /** Parses the draft; proposes the model; marks the field a message is about. True: accepted. */
  function tryDraft() {
    for (const marked of el.querySelectorAll('[aria-invalid]')) marked.removeAttribute('aria-invalid');
    const parsed = modelFromDraft(draft, parseWhole);
    if (parsed.error) {
      error.textContent = parsed.error;
      const target = parsed.field === 'params' ? params : input(parsed.group, parsed.field);
      if (target) target.setAttribute('aria-invalid', 'true');
      return false;
    }
    const refused = onModel(parsed.model);
    if (!refused) return true;
    // The core's error names its field ('model.layers[0].kvHeads', 'model.params'): say it in the
    // editor's words and mark that input.
    const where = typeof refused.field === 'string' ? refused.field : '';
    const m = /^model\.layers\[(\d+)\]\.(\w+)$/.exec(where);
    let target = null;
    if (m) {
      target = input(m[1], m[2]);
      const kind = draft.groups[Number(m[1])]?.kind;
      const field = kind && GROUP_FIELDS[kind].find(([key]) => key === m[2]);
      error.textContent = error.textContent.replace(
        where,
        `Layer group ${Number(m[1]) + 1}, ${field ? field[1] : m[2]} (${m[2]})`,
      );
    } else if (where === 'model.params') target = params;
    target ??= el.querySelector('input:focus');
    if (target) target.setAttribute('aria-invalid', 'true');
    return false;
  }

  function onChange(e) {
    const t = e.target;
    if (t === params) draft.params = params.value;
    else if (t.dataset?.key) {
      const i = Number(t.dataset.group);
      draft.groups[i][t.dataset.key] = t.value;
      if (t.dataset.key === 'kind') {
        build();
        input(i, 'kind')?.focus();
      }
    } else return;
    tryDraft();
  }

  function onClick(e) {
    const t = e.target;
    const before = draft.groups.map((g) => ({ ...g }));
    let focus;
    if (t === addGroup) {
      if (draft.groups.length >= maxGroups) return;
      draft.groups.push(newGroupDraft());
      focus = () => groups.lastChild?.querySelector('select, input');
    } else if (t.dataset?.remove !== undefined) {
      const i = Number(t.dataset.remove);
      draft.groups.splice(i, 1);
      focus = () => groups.children[Math.min(i, draft.groups.length - 1)]?.querySelector('select');
    } else return;
    build();
    focus()?.focus();
    if (tryDraft()) return;
    // Refused: undo the added or removed group (the figure still shows the old count), keep the message.
    const message = error.textContent;
    draft.groups = before;
    build();
    error.textContent = message;
    (t.isConnected && !t.disabled
      ? t
      : addGroup.disabled
        ? groups.lastChild?.querySelector('select')
        : addGroup
    )?.focus();
  }

  /** Shows `model` in the editor (the draft starts again from it). */
  function show(model) {
    const root = el.getRootNode();
    const active = /** @type {Document | ShadowRoot} */ (root).activeElement;
    const focusedId = active && el.contains(active) ? active.id : '';
    draft = draftFromModel(model);
    build();
    // a rebuild must not drop the reader's focus: back to the same field (or the Add button)
    if (focusedId) (el.querySelector(`[id="${focusedId}"]`) ?? addGroup).focus();
  }
  return { el, error, show };
}
