// The reader's own ledger: associations k → v with numeric fields, d = 2 or 3, add, remove, reset.
import { h, uid, replace, setProp } from '../../lib/dom.js';
import { numberField } from './fields.js';
import { keyLabel, valueLabel } from './render-tables.js';
import { MAX_ASSOCIATIONS } from './state.js';
import { keepingFocus } from './focus.js';

/** The editor; its controls dispatch the reader's edits (reducer.js). */
export function createEditor({ dispatch }) {
  const name = uid('la-ledger-dim');
  const radios = [2, 3].map((d) => {
    const id = `${name}-${d}`;
    const input = h('input', {
      type: 'radio',
      name,
      id,
      value: d,
      'data-part': `dim-${d}`,
      onchange: (e) => {
        if (e.target.checked) dispatch({ type: 'dim', d });
      },
    });
    return { d, input, el: h('span', { class: 'lg-choice' }, input, h('label', { for: id }, `d = ${d}`)) };
  });
  const dims = h(
    'fieldset',
    { class: 'lg-fieldset fig-box', 'data-symbol': 'd' },
    h('legend', null, 'Dimension of keys and values'),
    radios.map((r) => r.el),
  );
  const body = h('tbody');
  const table = h(
    'table',
    { class: 'lg-editor-table', 'data-part': 'editor' },
    h('caption', null, 'Your associations, written in this order'),
    h(
      'thead',
      null,
      h(
        'tr',
        null,
        h('th', { scope: 'col' }, '#'),
        h('th', { scope: 'col' }, 'key k'),
        h('th', { scope: 'col' }, 'value v'),
        h('th', { scope: 'col' }, h('span', { class: 'lg-sr fig-heard' }, 'remove')),
      ),
    ),
    body,
  );
  const add = h(
    'button',
    {
      type: 'button',
      class: 'lg-btn fig-button',
      'data-action': 'add',
      // The last one disables "Add" under the focus: the new association's first key field takes it.
      onclick: () => keepingFocus(el, () => dispatch({ type: 'add' }), [`[data-part="k${ed.rows.length + 1}-1"]`]),
    },
    'Add an association',
  );
  const reset = h(
    'button',
    { type: 'button', class: 'lg-btn fig-button', 'data-action': 'reset', onclick: () => dispatch({ type: 'reset' }) },
    'Reset to the chapter\u2019s example',
  );
  const msg = h('p', { class: 'lg-field-msg la-field-msg', 'data-part': 'editor-msg' });
  const el = h(
    'div',
    { class: 'lg-editor' },
    dims,
    h('div', { class: 'lg-scroll', 'data-label': 'Your associations' }, table),
    h('div', { class: 'lg-btn-row' }, add, reset),
    msg,
  );
  const ed = { el, radios, body, add, msg, rows: [], signature: '', dispatch };
  /** Shows the state's associations; `rebuild` makes the rows again (after a refused edit). */
  ed.update = (state, options) => updateEditor(ed, state, options);
  return ed;
}

/** Removes association i. Focus goes to the × of the association that moved up into this row,
 *  else the one before, else "Add an association". */
function removeRow(ed, i) {
  keepingFocus(ed.el, () => ed.dispatch({ type: 'remove', index: i }), [
    `[data-action="remove-${i + 1}"]`,
    `[data-action="remove-${i}"]`,
    '[data-action="add"]',
  ]);
}

function updateEditor(ed, state, { rebuild = false } = {}) {
  for (const r of ed.radios) setProp(r.input, 'checked', r.d === state.d);
  const n = state.associations.length;
  const signature = `${state.d}:${n}`;
  if (rebuild || signature !== ed.signature) {
    ed.signature = signature;
    // The rows built before are retired: a late event on one of them (a change fired as the focus
    // leaves a removed field, a click aimed before the rebuild) names an index that may by now
    // be another association's, and is dropped.
    for (const row of ed.rows) {
      row.retired = true;
      for (const part of ['k', 'v']) for (const f of row.fields[part]) f.retire();
    }
    ed.rows = state.associations.map((a, i) => {
      const row = { retired: false, fields: null, el: null };
      const fields = { k: [], v: [] };
      for (const part of ['k', 'v']) {
        const sym = part === 'k' ? keyLabel(i) : valueLabel(i);
        fields[part] = a[part].map((x, j) =>
          numberField({
            label: `${sym} coordinate ${j + 1}`,
            value: x,
            hideLabel: true,
            part: `${part}${i + 1}-${j + 1}`,
            onCommit: (text) => ed.dispatch({ type: 'field', target: i, part, j, text }),
          }),
        );
      }
      const remove = h(
        'button',
        {
          type: 'button',
          class: 'lg-btn lg-btn--small fig-button',
          'data-action': `remove-${i + 1}`,
          'aria-label': `Remove association ${i + 1}`,
          onclick: () => {
            if (!row.retired) removeRow(ed, i);
          },
        },
        '\u00d7',
      );
      const cell = (part) =>
        h(
          'td',
          { class: 'lg-coords' },
          fields[part].map((f) => f.el),
        );
      row.fields = fields;
      row.el = h(
        'tr',
        null,
        h('th', { scope: 'row' }, keyLabel(i), ' \u2192 ', valueLabel(i)),
        cell('k'),
        cell('v'),
        h('td', null, remove),
      );
      return row;
    });
    replace(ed.body, ...ed.rows.map((r) => r.el));
  } else {
    state.associations.forEach((a, i) => {
      for (const part of ['k', 'v']) ed.rows[i].fields[part].forEach((f, j) => f.setValue(a[part][j]));
    });
  }
  ed.add.disabled = n >= MAX_ASSOCIATIONS;
}
