// The memory demo's state as named actions (web/src/lib/demo-kit/). A setting is kept only when
// the core accepts it: an action makes a candidate (the settings it asks for and the control it
// came from, its `origin`); requests.js asks the core for the candidate's figures on the page
// thread; the answer either promotes the candidate (settings and results together) or writes the
// core's message against that control, the last good settings staying on screen. The page thread
// answers inside dispatch, so an action's verdict is known when dispatch returns. Pure: no DOM.

import { CUSTOM_ID, customFrom, editorRefusal } from './models.js';
import { PRESETS } from './presets.js';
import { defaultState, fieldPatches, mergeState } from './state.js';
import { keyOf } from './requests.js';

const PRESET_IDS = new Set(PRESETS.map((p) => p.id));

/** Where a refusal of each setting is shown: the line beside its control; else the notice above. */
const ORIGIN = { tokens: 'tokens', sessions: 'sessions', gpu: 'gpu', gpuCustom: 'gpu', tp: 'gpu', weightDtype: 'gpu' };

/**
 * @typedef {import('./state.js').MemoryState} MemoryState
 * @typedef {{ memory: MemoryState, origin: string, notify: boolean, serial: number,
 *   fallback?: Array<[string, Partial<MemoryState>]>, step?: string, ignored?: string[],
 *   imported?: { name: string, notes: string[] } }} Candidate
 * @typedef {{ memory: MemoryState, results: any, candidate: Candidate | null, serial: number,
 *   errors: Record<string, any>, dragging: boolean, width: number,
 *   editorModel: { model: object } | null, imported: object | null }} DemoState
 */

/** The state a mount starts from: the defaults, asked of the core at once (a first candidate). */
export function initialState() {
  const memory = defaultState();
  return {
    memory,
    results: null, // the core's figures for `memory` (compute.js computeMemory)
    candidate: { memory, origin: 'notice', notify: false, serial: 1 },
    serial: 1,
    errors: {}, // origin -> the message shown beside it (editor: { message, group, key })
    dragging: false, // a drag of the context streams (the bars do not animate, details wait)
    width: 0, // the chart box's width as last observed (0: measure it)
    editorModel: null, // { model }: the custom editor starts again from this model
    imported: null, // the last import's verdict: { ok, name, notes } or { ok: false, message }
  };
}

/** A candidate: `patch` over the last good settings, refused at `origin`. */
function withCandidate(state, patch, origin, extra = {}) {
  const serial = state.serial + 1;
  const memory = { ...state.memory, ...patch };
  return { ...state, serial, candidate: { memory, origin, notify: true, serial, ...extra } };
}

/** One setting from a control. */
const set = (state, field, value) => withCandidate(state, { [field]: value }, ORIGIN[field] ?? 'notice');

/** "Custom model…": the editor starts as a copy of the model on screen. */
function customize(state) {
  const custom = customFrom(state.results.resolved);
  const next = withCandidate(state, { preset: CUSTOM_ID, custom, linear: false }, 'editor');
  return { ...next, editorModel: { model: custom } };
}

/** The editor's model, with the all-linear shape, name and trained context it started from. */
function custom(state, model) {
  const kept = { ...model };
  for (const k of ['linearTwin', 'name', 'maxContext']) {
    if (state.memory.custom?.[k] !== undefined) kept[k] = state.memory.custom[k];
  }
  return withCandidate(state, { preset: CUSTOM_ID, custom: kept, linear: false }, 'editor');
}

/** A pasted or dropped config.json as the core's config reader read it (compute-config.js
 *  readConfig, run by the import box before it dispatches): { model, notes } or { message }. */
function imported(state, read) {
  if (!read?.model)
    return { ...state, imported: { ok: false, message: String(read?.message ?? 'No config was read.') } };
  const patch = { preset: CUSTOM_ID, custom: read.model, linear: false };
  return withCandidate(state, patch, 'import', { imported: { name: read.model.name, notes: read.notes } });
}

/** Settings from a link, an embed or a script: the known, valid fields; the others named. */
function update(state, input, notify = false) {
  const { patch, notices } = mergeState(state.memory, input, PRESET_IDS);
  const next = withCandidate(state, patch, 'update', { ignored: notices, fallback: fieldPatches(patch) });
  return { ...next, candidate: { ...next.candidate, notify } };
}

/** The next field of a refused update, tried alone; or the update's end (the notice). */
function nextStep(state, c, ignored) {
  const [step, ...rest] = c.fallback ?? [];
  if (step) {
    const serial = state.serial + 1;
    const memory = { ...state.memory, ...step[1] };
    return { ...state, serial, candidate: { ...c, memory, serial, step: step[0], fallback: rest, ignored } };
  }
  const notice = ignored.length ? `Some settings were ignored: ${ignored.join('; ')}.` : '';
  const done = { ...state, candidate: null, errors: { ...state.errors, notice } };
  return state.memory.preset === CUSTOM_ID ? { ...done, editorModel: { model: state.memory.custom } } : done;
}

/** The core accepted the candidate: its settings and figures are kept, its control's error goes. */
function accepted(state, c, results) {
  const errors = { ...state.errors };
  delete errors[c.origin];
  const next = { ...state, memory: c.memory, results, candidate: null, errors };
  if (c.origin === 'update') return nextStep(next, { ...c, fallback: c.step ? c.fallback : [] }, c.ignored);
  if (c.origin !== 'import') return next;
  return { ...next, imported: { ok: true, ...c.imported }, editorModel: { model: c.memory.custom } };
}

/** The core refused the candidate: the last good settings stay, its message goes beside the control. */
function refused(state, c, error) {
  const message = error?.message ? error.message : String(error);
  if (c.origin === 'update') {
    const ignored = c.step ? [...c.ignored, `${c.step}: ${message}`] : c.ignored;
    return nextStep(state, c, ignored);
  }
  const next = { ...state, candidate: null };
  if (c.origin === 'import') return { ...next, imported: { ok: false, message } };
  const shown = c.origin === 'editor' ? editorRefusal(error, c.memory.custom) : message;
  return { ...next, errors: { ...state.errors, [c.origin]: shown } };
}

/** A context length (the slider, its field, the chart's handle); `dragging` while a drag streams. */
const tokens = (state, { tokens: t, dragging = false }) => ({ ...set(state, 'tokens', t), dragging });

/** A drag's end (a release, or the slider's `change` at `tokens`): the length on screen, with
 *  nothing to fix, is not asked of the core again; the figure is drawn without the drag's shortcuts. */
function dragEnd(state, { tokens: t }) {
  if (t !== undefined && (t !== state.memory.tokens || state.errors.tokens)) return tokens(state, { tokens: t });
  return state.dragging ? { ...state, dragging: false } : state;
}

/** An answer from the page thread: for the candidate in hand, or for one already replaced. */
function answer(state, { key, value, error, done }) {
  const c = state.candidate;
  if (!c || !done || key !== keyOf(c)) return state;
  return error ? refused(state, c, error) : accepted(state, c, value);
}

/** The actions, by name. Each returns the same state object when nothing changes. */
const ACTIONS = {
  preset: (s, a) => (a.preset === CUSTOM_ID ? customize(s) : set(s, 'preset', a.preset)),
  linear: (s, a) => set(s, 'linear', a.linear),
  tokens,
  dragEnd,
  sessions: (s, a) => set(s, 'sessions', a.sessions),
  dtype: (s, a) => set(s, a.field, a.dtype),
  gpu: (s, a) =>
    withCandidate(s, a.gpu === 'custom' ? { gpu: 'custom', gpuCustom: a.gpuCustom } : { gpu: a.gpu }, 'gpu'),
  tp: (s, a) => set(s, 'tp', a.tp),
  display: (s, a) => set(s, a.field, a.value),
  settings: (s, a) => (a.open === s.memory.settings ? s : set(s, 'settings', a.open)),
  custom: (s, a) => custom(s, a.model),
  import: (s, a) => imported(s, a.read),
  update: (s, a) => update(s, a.input, a.notify),
  misread: (s, a) => (s.errors[a.origin] === a.message ? s : { ...s, errors: { ...s.errors, [a.origin]: a.message } }),
  width: (s, a) => (a.width === s.width ? s : { ...s, width: a.width }),
  answer,
};

/**
 * @param {DemoState} state
 * @param {{ type: string, [k: string]: any }} action
 * @returns {DemoState}
 */
export function reduce(state, action) {
  const act = ACTIONS[action.type];
  return act ? act(state, action) : state;
}
