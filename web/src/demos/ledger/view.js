// The ledger's view (the demo kit's view(state)): the figure (figure.js) filled from the state's
// last good settings and the core's view of them, the notices, the editor's message, each field's
// message and the live region's sentence. Each part is written only where it changed; nothing is
// drawn back over a control while its proposal is computed.
import { h, replace, setText } from '../../lib/dom.js';

/** Every number field on show: the editor's keys and values, the free query's coordinates. */
function fieldsOf(figure) {
  const rows = figure.editor.rows.flatMap((r) => [...r.fields.k, ...r.fields.v]);
  return [...rows, ...figure.query.freeFields];
}

/** Each field shows its message from the state (none: no message, and its value shown again). */
function showFieldErrors(figure, errors) {
  for (const f of fieldsOf(figure)) {
    const text = errors[f.part] ?? '';
    if (f.msg.textContent !== text) f.setError(text || null);
  }
}

/**
 * @param {HTMLElement} el the demo's element
 * @param {ReturnType<typeof import('./figure.js').createFigure>} figure
 * @param {{ say: (text: string) => void }} announcer the live region (live.js)
 * @returns {(state: import('./reducer.js').LedgerState) => void}
 */
export function ledgerView(el, figure, announcer) {
  /** @type {any} */
  let drawn = {};
  return function view(state) {
    if (state.fatal) {
      if (drawn.fatal !== state.fatal) replace(el, h('p', { class: 'lg-bad' }, state.fatal));
      drawn = state;
      return;
    }
    if (!state.view) return;
    if (state.gen !== drawn.gen) figure.editor.signature = ''; // rebuild the fields: clears their text
    if (state.freeGen !== drawn.freeGen) figure.query.d = 0;
    if (state.notices !== drawn.notices) figure.showNotices(state.notices);
    setText(figure.editor.msg, state.editorMsg);
    // A field's message first: a field that shows one keeps the reader's text (fields.js).
    showFieldErrors(figure, state.fieldErrors);
    // A proposal in flight leaves the figure as the reader moved it (a radio stays checked, a key
    // where it was dragged) until the core answers: kept, it is drawn; refused, the last good
    // settings are drawn back over the control.
    const settled = drawn.pending && !state.pending;
    if (state.settings !== drawn.settings || state.view !== drawn.view || settled) {
      figure.update(state.settings, state.view);
    }
    showFieldErrors(figure, state.fieldErrors); // the fields just built
    if (state.said && state.said !== drawn.said) announcer.say(state.said.text);
    drawn = state;
  };
}
