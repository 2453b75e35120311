// The custom model's editor: one fieldset per layer group (its kind and whole-number fields, as
// typed), a parameter count, and one error line. It keeps the reader's text (the draft) and
// dispatches a parsed model ({ type: 'custom', model }); the core's refusal comes back through the
// state (showRefusal: its message in the editor's words, the input it is about marked). Text that
// is not a whole number never reaches the core. "Add layer group" disables at the core's limit
// (maxGroups), and a group added or removed that the core refuses is undone, so the editor and the
// figure always count the same groups.

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
    { class: 'lm-group fig-box fig-panel' },
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

/** The editor's elements, with ids from `id` (its events: createEditor). */
function editorParts(id) {
  const groups = h('div', { class: 'lm-groups' });
  const addGroup = h('button', {
    type: 'button',
    class: 'lm-button',
    text: 'Add layer group',
    'aria-describedby': `${id}-editor-limit`,
  });
  const limit = h('span', { class: 'lm-note', id: `${id}-editor-limit` });
  const params = paramsInput(id);
  const error = h('p', { class: 'lm-error fig-error', id: `${id}-editor-error`, 'aria-live': 'polite' });
  const el = h(
    'fieldset',
    { class: 'lm-editor fig-box fig-panel', hidden: true },
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
  return { id, el, groups, addGroup, limit, params, error };
}

/** The input of `group`'s `key` (or the parameter count), or null. */
function inputOf(ed, group, key) {
  if (key === 'params') return ed.params;
  return ed.el.querySelector(`[data-group="${group}"][data-key="${key}"]`);
}

function unmark(ed) {
  for (const marked of ed.el.querySelectorAll('[aria-invalid]')) marked.removeAttribute('aria-invalid');
}

/** The groups and the parameter count drawn anew from the draft. */
function build(ed) {
  const { draft, maxGroups } = ed;
  replace(
    ed.groups,
    draft.groups.map((g, i) => groupBox(ed.id, g, i, draft.groups.length)),
  );
  ed.params.value = draft.params;
  const full = draft.groups.length >= maxGroups;
  ed.addGroup.disabled = full;
  ed.addGroup.title = full ? `At most ${maxGroups} layer groups (the core's limit)` : '';
  ed.limit.textContent = full ? `${maxGroups} layer groups: the most the calculator takes.` : '';
}

/** Parses the draft and dispatches its model; marks the field a message is about. True: accepted. */
function tryDraft(ed) {
  unmark(ed);
  const parsed = modelFromDraft(ed.draft, parseWhole);
  if (parsed.error) {
    ed.error.textContent = parsed.error;
    inputOf(ed, parsed.group, parsed.field)?.setAttribute('aria-invalid', 'true');
    return false;
  }
  ed.error.textContent = ''; // a refusal comes back through the state (showRefusal)
  ed.act.dispatch({ type: 'custom', model: parsed.model });
  return !ed.act.refused('editor');
}

function onChange(ed, e) {
  const t = e.target;
  if (t === ed.params) ed.draft.params = ed.params.value;
  else if (t.dataset?.key) {
    const i = Number(t.dataset.group);
    ed.draft.groups[i][t.dataset.key] = t.value;
    if (t.dataset.key === 'kind') {
      build(ed);
      inputOf(ed, i, 'kind')?.focus();
    }
  } else return;
  tryDraft(ed);
}

function onClick(ed, e) {
  const t = e.target;
  const { draft, groups, addGroup } = ed;
  const before = draft.groups.map((g) => ({ ...g }));
  let focus;
  if (t === addGroup) {
    if (draft.groups.length >= ed.maxGroups) return;
    draft.groups.push(newGroupDraft());
    focus = () => groups.lastChild?.querySelector('select, input');
  } else if (t.dataset?.remove !== undefined) {
    const i = Number(t.dataset.remove);
    draft.groups.splice(i, 1);
    focus = () => groups.children[Math.min(i, draft.groups.length - 1)]?.querySelector('select');
  } else return;
  build(ed);
  focus()?.focus();
  if (tryDraft(ed)) return;
  // Refused (the message is up: a reader's action is drawn inside dispatch): undo the added or
  // removed group, so the figure and the editor count the same groups; the message stays.
  draft.groups = before;
  build(ed);
  (t.isConnected && !t.disabled
    ? t
    : addGroup.disabled
      ? groups.lastChild?.querySelector('select')
      : addGroup
  )?.focus();
}

/** Shows `model` in the editor (the draft starts again from it). */
function show(ed, model) {
  const root = ed.el.getRootNode();
  const active = /** @type {Document | ShadowRoot} */ (root).activeElement;
  const focusedId = active && ed.el.contains(active) ? active.id : '';
  ed.draft = draftFromModel(model);
  build(ed);
  // a rebuild must not drop the reader's focus: back to the same field (or the Add button)
  if (focusedId) (ed.el.querySelector(`[id="${focusedId}"]`) ?? ed.addGroup).focus();
}

/** The core's refusal ({ message, group, key }: models.js editorRefusal) in the error line, its
 *  input marked (or the focused one); undefined: the line and the marks cleared. */
function showRefusal(ed, refusal) {
  unmark(ed);
  ed.error.textContent = refusal ? refusal.message : '';
  if (!refusal) return;
  const target = (refusal.key ? inputOf(ed, refusal.group, refusal.key) : null) ?? ed.el.querySelector('input:focus');
  target?.setAttribute('aria-invalid', 'true');
}

/**
 * The editor with ids from `id`. act: { dispatch(action), refused(origin) }; maxGroups: the core's
 * limit. Returns { el, error, show(model), showRefusal(refusal) }.
 */
export function createEditor(id, act, maxGroups) {
  const ed = { ...editorParts(id), act, maxGroups, draft: null };
  ed.el.onchange = (e) => onChange(ed, e);
  ed.el.onclick = (e) => onClick(ed, e);
  return {
    el: ed.el,
    error: ed.error,
    show: (model) => show(ed, model),
    showRefusal: (refusal) => showRefusal(ed, refusal),
  };
}
