// The ledger's state and its pure reducer (the demo kit, web/src/lib/demo-kit/). Every change is a
// named action. A change of the ledger is first a proposal (`pending`: the settings to try); the
// core's answer for it (requests.js) then accepts it, with its view, or refuses it: the state keeps
// its last good settings and the refusal is recorded beside the control that made it (a notice, a
// field's message). No DOM, no core: node-testable (tests/demos/ledger-reducer.test.mjs).
//
// The state: { limit, settings (the last good ledger: state.js), view (computeLedger's result for
// it), pending, notices, editorMsg, fieldErrors (by field name), said (the last sentence spoken in
// the live region, with a count), gen / freeGen (bumped to rebuild the editor's / the free query's
// fields), fatal (the example itself could not be computed) }.
import { exampleState, cloneState, mergeState, isZeroVector, MAX_ASSOCIATIONS } from './state.js';
import { stepTo, removeAssociation, addAssociation, changeDim } from './edits.js';
import { unitAt } from './geometry.js';
import { keyLabel, valueLabel } from './format.js';
import { readField } from '../../lib/number-field.js';

/** What a refusal of the core says (the reader gets a sentence, not the core's argument names). */
export const REFUSED = 'The ledger could not be computed with these numbers, so it was left as it was.';
const LINK_REFUSED = 'The ledger in the link could not be computed, so the chapter\u2019s example is shown.';

/** The core call that computes `settings` is named by them: the same settings, the same key. */
export const keyOf = (settings) => `ledgerView:${JSON.stringify(settings)}`;

/**
 * @typedef {{ key: string, settings: any, source: string, ok: Record<string, any>,
 *   refused: Record<string, any> }} Proposal
 * @typedef {{ limit: number, settings: any, view: any, pending: Proposal | null, notices: string[],
 *   editorMsg: string, fieldErrors: Record<string, string>, said: { text: string, n: number } | null,
 *   gen: number, freeGen: number, fatal: string | null }} LedgerState
 */
/** @typedef {{ type: string, [key: string]: any }} LedgerAction a named action and its payload */

/**
 * The state before the core has answered: `input` (a permalink, an element's settings) merged.
 * @param {unknown} input
 * @param {number} limit the core's largest accepted magnitude
 * @returns {LedgerState}
 */
export function initialState(input, limit) {
  const merged = mergeState(exampleState(), input, limit);
  const blank = {
    limit,
    settings: null,
    view: null,
    pending: null,
    notices: [],
    editorMsg: '',
    fieldErrors: {},
    said: null,
    gen: 0,
    freeGen: 0,
    fatal: null,
  };
  return propose(blank, merged.state, 'first', { notices: merged.notices });
}

/**
 * Asks for `settings` to be computed; `ok` and `refused` are merged into the state when the core
 * accepts or refuses them. `source`: 'reader' (an edit), 'outside' (update()), 'first', 'fallback'.
 * @param {LedgerState} state
 * @param {any} settings
 * @param {string} source
 * @param {Record<string, any>} [ok]
 * @param {Record<string, any>} [refused]
 * @returns {LedgerState}
 */
function propose(state, settings, source, ok = {}, refused = { notices: [REFUSED] }) {
  return { ...state, pending: { key: keyOf(settings), settings, source, ok, refused } };
}

/** Field names whose error stays when the editor's rows are rebuilt (the free query's). */
const keepFree = (errors) => Object.fromEntries(Object.entries(errors).filter(([k]) => k.startsWith('free-q')));

/** The core computed the proposal: it becomes the state; fields rebuilt by it lose their messages. */
function accept(state, view) {
  const { settings, ok } = state.pending;
  const prev = state.settings;
  const next = { ...state, settings, view, pending: null, ...ok };
  if (prev && (prev.d !== settings.d || prev.associations.length !== settings.associations.length)) {
    next.fieldErrors = prev.d === settings.d ? keepFree(next.fieldErrors) : {};
  }
  return next;
}

/** The core refused the proposal: the last good state stays, the refusal is recorded. */
function refuse(state) {
  const { source, ok, refused } = state.pending;
  const rest = { ...state, pending: null };
  if (source === 'first') return propose(rest, exampleState(), 'fallback', { notices: [...ok.notices, LINK_REFUSED] });
  if (source === 'fallback') {
    // Nothing to draw; getState() still answers with the example's settings.
    return { ...rest, settings: exampleState(), fatal: `The ledger could not be computed: ${REFUSED}` };
  }
  return { ...rest, ...refused };
}

/** Applies `edit` to a copy of the settings and proposes it. */
function edit(state, change, ok, refused) {
  const candidate = cloneState(state.settings);
  change(candidate);
  return propose(state, candidate, 'reader', ok, refused);
}

const say = (state, text) => ({ text, n: (state.said?.n ?? 0) + 1 });

/** A field's message, spoken too (the reader may not be looking at the field). */
function fieldRefusal(state, name, text) {
  return { fieldErrors: { ...state.fieldErrors, [name]: text }, said: say(state, text) };
}

/** A number typed into a key's, a value's (target ≥ 0) or the free query's field (target −1). */
function typed(state, { target, part = 'k', j, text }) {
  const free = target === -1;
  if (!free && target >= state.settings.associations.length) return state; // a row just removed
  const name = free ? `free-q-${j + 1}` : `${part}${target + 1}-${j + 1}`;
  const sym = free ? 'q' : part === 'k' ? keyLabel(target) : valueLabel(target);
  const parsed = readField(text, { label: `${sym} coordinate ${j + 1}`, min: -state.limit, max: state.limit });
  if (parsed.error) return { ...state, ...fieldRefusal(state, name, parsed.error) };
  const candidate = cloneState(state.settings);
  const vec = free ? candidate.freeQuery : candidate.associations[target][part];
  vec[j] = parsed.value;
  if (!free && part === 'k' && isZeroVector(vec)) {
    const text = `${sym} would be all zeros: a key needs a direction to file its value under.`;
    return { ...state, ...fieldRefusal(state, name, text) };
  }
  const { [name]: _, ...cleared } = state.fieldErrors;
  return propose(state, candidate, 'reader', { fieldErrors: cleared }, fieldRefusal(state, name, REFUSED));
}

/** "Add an association": refused past the most the ledger holds, said under the editor. */
function add(state) {
  const n = state.settings.associations.length;
  if (n >= MAX_ASSOCIATIONS)
    return { ...state, editorMsg: `This ledger holds at most ${MAX_ASSOCIATIONS} associations.` };
  const full = n + 1 >= MAX_ASSOCIATIONS ? `That makes ${MAX_ASSOCIATIONS}, the most this ledger holds.` : '';
  return edit(state, addAssociation, { editorMsg: full }, { notices: [REFUSED], editorMsg: '' });
}

/** d = 2 or 3: keys left all zeros by the cut are dropped, and named under the editor. */
function dim(state, d) {
  const candidate = cloneState(state.settings);
  const dropped = changeDim(candidate, d);
  const editorMsg = dropped.length
    ? `Dropped ${dropped.map((i) => keyLabel(i)).join(', ')}: without its third coordinate the key was all zeros.`
    : '';
  return propose({ ...state, editorMsg }, candidate, 'reader');
}

/** Back to the chapter's example: notices, messages and the fields' texts cleared. */
function reset(state) {
  const cleared = { ...state, notices: [], editorMsg: '', fieldErrors: {}, gen: state.gen + 1 };
  return propose({ ...cleared, freeGen: state.freeGen + 1 }, exampleState(), 'reader', {}, {});
}

/** Settings from outside (a permalink, an attribute, element.state): merged, checked, named. */
function outside(state, input) {
  const m = mergeState(state.settings, input, state.limit);
  const ok = { notices: m.notices, gen: state.gen + 1, fieldErrors: keepFree(state.fieldErrors) };
  const refused = { notices: [...m.notices, `The new settings were not applied: ${REFUSED}`] };
  return propose(state, m.state, 'outside', ok, refused);
}

/** The key dragged or turned in the plane (target −1: the free query) now points at `degrees`. */
function angle(state, { target, degrees }) {
  if (target >= state.settings.associations.length) return state; // a late frame for a key just removed
  return edit(state, (s) => {
    const k = unitAt(degrees);
    if (target === -1) s.freeQuery = k;
    else s.associations[target].k = k;
  });
}

/** The reader's actions by name. */
const ACTIONS = {
  featureMap: (state, a) =>
    edit(state, (s) => {
      s.featureMap = a.value;
    }),
  step: (state, a) => edit(state, (s) => stepTo(s, a.to)),
  query: (state, a) =>
    edit(state, (s) => {
      s.query = a.index;
    }),
  angle,
  field: typed,
  remove: (state, a) => edit({ ...state, editorMsg: '' }, (s) => removeAssociation(s, a.index)),
  add,
  dim: (state, a) => dim(state, a.d),
  reset,
  update: (state, a) => outside(state, a.settings),
};

/**
 * @param {LedgerState} state
 * @param {LedgerAction} action
 */
export function reduce(state, action) {
  if (action.type === 'answer') {
    if (state.pending?.key !== action.key || !action.done) return state;
    return action.error ? refuse(state) : accept(state, action.value);
  }
  if (state.fatal || !state.settings || state.pending) return state;
  return ACTIONS[action.type]?.(state, action) ?? state;
}
