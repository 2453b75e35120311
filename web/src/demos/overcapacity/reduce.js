// The demo's state and its named actions (pure): reduce(state, action) returns the next state, the
// same object when nothing changed. The core's ranges and work budget come in as `checkSweep`
// (la.checkSweep: it throws what it refuses), a pure check of the settings.
//   { type: 'n', n }                 the N slider (its value is the slider's own: no check)
//   { type: 'propose', changes }     a control's change (d, keys, scale, rule, measure, seed, …);
//                                    a field given a good value loses its message
//   { type: 'slide', changes }       a settings slider still moving (β, the gate, the step, the
//                                    tolerance): the same change; what it asks for waits for rest
//   { type: 'settings', open }       the reader opened or closed "Settings"
//   { type: 'typed', name, text }    a trials or seed field entered: a refused text stays with
//                                    its message under the field (`field`), the state keeps its value
//   { type: 'update', settings }     settings from outside (update(), a link): what is ignored is
//                                    said in `notice`
//   { type: 'refused', message }     the core refused the sweep: back to `fallback`
//   { type: 'failed', message }      a store or capacity call failed
//   { type: 'answer', call: 'sweep', key, value }   a step of the sweep of settings `key` arrived:
//                                    kept in `sweeps` (answers.js keepSweep), complete or part-way
//   { type: 'forget', call: 'sweep', key }          the core refused that sweep: its steps dropped
import { DEFAULTS, sweepKey, validate, mergeSettings } from './state.js';
import { keepSweep } from './answers.js';

/**
 * @typedef {typeof DEFAULTS & { settings?: boolean }} Settings
 * @typedef {{ settings: Settings, notice: string[], message: string, fallback: Settings,
 *   field: Record<string, string>, sweeps: Map<string, { sweep: any, complete: boolean }> }} State
 */

/** The first state: `given` (a link, the host's state) merged into the defaults. */
export function initialState(given, checkSweep) {
  /** @type {State} */
  const state = {
    ...{ settings: { ...DEFAULTS }, notice: [], message: '', fallback: { ...DEFAULTS }, field: {} },
    sweeps: new Map(),
  };
  if (given === undefined || given === null) return state;
  const merged = mergeSettings(state.settings, given, checkSweep);
  return { ...state, settings: merged.next, notice: merged.lines };
}

/** New settings: the settings before a change of sweep are where a refused one goes back to. */
function commit(state, settings, lines) {
  const fallback = sweepKey(settings) !== sweepKey(state.settings) ? state.settings : state.fallback;
  return { ...state, ...lines, settings, fallback };
}

/** The typed fields' messages, less those of fields an action gave a good value ("New sample"). */
function cleared(state, { changes }, errors) {
  const gone = Object.keys(state.field).filter((k) => state.field[k] && k in changes && !errors[k]);
  return gone.length ? { ...state.field, ...Object.fromEntries(gone.map((k) => [k, ''])) } : state.field;
}

/** A trials or seed field's text: its message, and the settings only where it passed. */
function typed(state, { name, text }, checkSweep) {
  const { next, errors } = validate(state.settings, { [name]: text }, checkSweep);
  const message = errors[name] ? `${errors[name]}. Kept ${state.settings[name]}.` : '';
  const field = (state.field[name] ?? '') === message ? state.field : { ...state.field, [name]: message };
  const base = field === state.field ? state : { ...state, field };
  if (errors[name] || next[name] === state.settings[name]) return base;
  return commit(base, next, { message: '' });
}

/** A sweep's answer kept (or its steps forgotten) in `sweeps`; the same state when nothing changed. */
function sweepAnswer(state, { type, key, value }) {
  if (type === 'answer') {
    const sweeps = keepSweep(state.sweeps, key, value);
    return sweeps === state.sweeps ? state : { ...state, sweeps };
  }
  if (!state.sweeps.has(key)) return state;
  const sweeps = new Map(state.sweeps);
  sweeps.delete(key);
  return { ...state, sweeps };
}

/** @param {(params: object) => void} checkSweep */
export function createReducer(checkSweep) {
  /** @param {State} state */
  return function reduce(state, action) {
    switch (action.type) {
      case 'n':
        return action.n === state.settings.n ? state : { ...state, settings: { ...state.settings, n: action.n } };
      case 'settings':
        if (action.open === Boolean(state.settings.settings)) return state;
        return reduce(state, { type: 'propose', changes: { settings: action.open } });
      case 'propose':
      case 'slide': {
        const { next, errors } = validate(state.settings, action.changes, checkSweep);
        return commit(state, next, { message: Object.values(errors).join(' '), field: cleared(state, action, errors) });
      }
      case 'typed':
        return typed(state, action, checkSweep);
      case 'update': {
        const merged = mergeSettings(state.settings, action.settings, checkSweep);
        return commit(state, merged.next, { notice: merged.lines });
      }
      case 'refused': {
        const message = `The core refused these settings: ${action.message}. Went back to the previous ones.`;
        return { ...state, message, settings: { ...state.fallback, scale: state.settings.scale } };
      }
      case 'failed':
        return { ...state, message: action.message };
      case 'answer':
      case 'forget':
        return sweepAnswer(state, action);
      default:
        return state;
    }
  };
}
