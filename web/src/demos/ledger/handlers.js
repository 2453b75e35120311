// The reader's edits of the ledger: the feature map, the page turned, the query, a key dragged in
// the plane, a number typed, an association removed or added, the reset and the dimension. Each
// proposes a new state through act()/commit() (index.js); a refused edit is said, never thrown.
import { exampleState, cloneState, isZeroVector, MAX_ASSOCIATIONS } from './state.js';
import { stepTo, removeAssociation, addAssociation, changeDim } from './edits.js';
import { unitAt } from './geometry.js';
import { keyLabel } from './render-tables.js';
import { readField } from '../../lib/number-field.js';
import { keepingFocus } from './focus.js';

/**
 * @param {object} ctx
 * @param {HTMLElement} ctx.el the demo's element (focus is kept inside it)
 * @param {() => any} ctx.getState the current state
 * @param {(edit: (s: any) => void) => void} ctx.act applies an edit to a copy of the state
 * @param {(candidate: any) => string | null} ctx.commit recomputes with the core; an error sentence or null
 * @param {() => any} ctx.parts the figure (figure.js), once built
 * @param {number} ctx.limit the core's largest accepted magnitude
 * @param {(text: string) => void} ctx.say speaks in the live region
 * @param {() => boolean} ctx.alive false once the demo is destroyed
 */
export function createHandlers({ el, getState, act, commit, parts, limit, say, alive }) {
  function onFeatureMap(value) {
    act((s) => {
      s.featureMap = value;
    });
  }

  function onStep(where) {
    act((s) => stepTo(s, where));
  }

  function onQuery(i) {
    act((s) => {
      s.query = i;
    });
  }

  function onAngle(target, degrees) {
    if (target >= getState().associations.length) return; // a late frame for a key just removed
    act((s) => {
      const k = unitAt(degrees);
      if (target === -1) s.freeQuery = k;
      else s.associations[target].k = k;
    });
  }

  function fieldEdit(field, text, apply, { nonZeroKey = null } = {}) {
    if (!alive()) return;
    const parsed = readField(text, { label: field.label ?? 'This field', min: -limit, max: limit });
    if (parsed.error) return fieldError(field, parsed.error);
    const candidate = cloneState(getState());
    const vec = apply(candidate, parsed.value);
    if (nonZeroKey && isZeroVector(vec)) {
      return fieldError(field, `${nonZeroKey} would be all zeros: a key needs a direction to file its value under.`);
    }
    const error = commit(candidate);
    if (error) return fieldError(field, error);
    field.setError(null);
    field.setValue(parsed.value);
  }

  function fieldError(field, message) {
    field.setError(message);
    say(message);
  }

  function onField(i, part, j, text, field) {
    fieldEdit(
      field,
      text,
      (s, x) => {
        s.associations[i][part][j] = x;
        return s.associations[i][part];
      },
      { nonZeroKey: part === 'k' ? keyLabel(i) : null },
    );
  }

  function onFreeQuery(j, text, field) {
    fieldEdit(field, text, (s, x) => {
      s.freeQuery[j] = x;
      return s.freeQuery;
    });
  }

  function onRemove(i) {
    // Focus goes to the × of the association that moved up into this row, else the one before,
    // else "Add an association".
    keepingFocus(el, () => act((s) => removeAssociation(s, i)), [
      `[data-action="remove-${i + 1}"]`,
      `[data-action="remove-${i}"]`,
      '[data-action="add"]',
    ]);
    parts().editor.msg.textContent = '';
  }

  function onAdd() {
    const { editor } = parts();
    if (getState().associations.length >= MAX_ASSOCIATIONS) {
      editor.msg.textContent = `This ledger holds at most ${MAX_ASSOCIATIONS} associations.`;
      return;
    }
    // The last one disables "Add" under the focus: the new association's first key field takes it.
    const n = getState().associations.length + 1;
    keepingFocus(el, () => act(addAssociation), [`[data-part="k${n}-1"]`]);
    editor.msg.textContent =
      getState().associations.length >= MAX_ASSOCIATIONS
        ? `That makes ${MAX_ASSOCIATIONS}, the most this ledger holds.`
        : '';
  }

  function onReset() {
    if (!alive()) return;
    const { editor, query, showNotices } = parts();
    showNotices([]);
    editor.msg.textContent = '';
    editor.signature = ''; // rebuild the fields: clears their messages
    query.d = 0;
    commit(exampleState());
  }

  function onDim(d) {
    let dropped = [];
    act((s) => {
      dropped = changeDim(s, d);
    });
    parts().editor.msg.textContent = dropped.length
      ? `Dropped ${dropped.map((i) => keyLabel(i)).join(', ')}: without its third coordinate the key was all zeros.`
      : '';
  }

  return { onFeatureMap, onStep, onQuery, onAngle, onField, onFreeQuery, onRemove, onAdd, onReset, onDim };
}
