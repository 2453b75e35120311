// The demo's state and its named actions (pure): reduce(state, action) returns the next state, the
// same object when nothing changed. The core's ranges and work budget come in as `checkSweep`
// (la.checkSweep: it throws what it refuses), a pure check of the settings.
//   { type: 'n', n }                 the N slider (its value is the slider's own: no check)
//   { type: 'propose', changes }     a control's change (d, keys, scale, rule, measure, seed, …);
//                                    a field given a good value loses its message
//   { type: 'slide', changes }       a settings slider still moving (β, the gate, the step, the
//                                    tolerance): the same change; what it asks for waits for rest
//   { type: 'rest' }                 that slider stopped (its change event): what waited is asked
//   { type: 'settings', open }       the reader opened or closed "Settings"
//   { type: 'typed', name, text }    a trials or seed field entered: a refused text stays with
//                                    its message under the field (`field`), the state keeps its value
//   { type: 'update', settings }     settings from outside (update(), a link): what is ignored is
//                                    said in `notice`
//   { type: 'refused', message }     the core refused the sweep: back to `fallback`
//   { type: 'failed', message }      a store or capacity call failed
//   { type: 'mode', mode }           the pool's workers are unavailable: 'main' (the page thread)
//   { type: 'answer', key, value | error, done }   the demo kit's answer to a request (requests.js):
//                                    sweep steps kept in `sweeps` (answers.js), the capacity panel's
//                                    numbers in `capacity`, a store in `store` (store-pace.js), the
//                                    N slider's settle time, a settings slider's rest
// Which work the state asks for (requests.js): the sweep and capacity numbers of `asked`, the
// settings committed last (while a settings slider moves, `resting`, they stay those before it).
import { DEFAULTS, sweepKey, capacityKey, validate, mergeSettings } from './state.js';
import { sweepsAfter, capacityAfter } from './answers.js';
import { paceStore, settled, storeAnswer } from './store-pace.js';

/**
 * @typedef {typeof DEFAULTS & { settings?: boolean }} Settings
 * @typedef {{ settings: Settings, notice: string[], message: string, fallback: Settings,
 *   field: Record<string, string>, sweeps: Map<string, { sweep: any, complete: boolean }>,
 *   asked: { sweep: Settings, capacity: Settings }, resting: boolean, restSeq: number,
 *   capacity: { key: string, results: any[], complete: boolean, failed?: boolean } | null,
 *   store: { shown: { key: string, result: any, label: string } | null, note: any },
 *   want: any, storeAsked: any[], mode: string, failed: string | null }} State
 */

/** The first state: `given` (a link, the host's state) merged into the defaults. */
export function initialState(given, checkSweep) {
  let settings = { ...DEFAULTS };
  let notice = [];
  if (given !== undefined && given !== null) {
    const merged = mergeSettings(settings, given, checkSweep);
    [settings, notice] = [merged.next, merged.lines];
  }
  /** @type {State} */
  const state = {
    ...{ settings, notice, message: '', fallback: { ...DEFAULTS }, field: {}, sweeps: new Map() },
    ...{ asked: { sweep: settings, capacity: settings }, resting: false, restSeq: 0, capacity: null },
    ...{ store: { shown: null, note: null }, want: null, storeAsked: [], mode: 'worker', failed: null },
  };
  return paceStore(state);
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

/** The work of the current settings is asked for (the sweep, the capacity numbers, the store): a
 *  store a settings slider held back at once, without the N slider's settle time. */
function askNow(state) {
  const held = state.want?.phase === 'held';
  const asked = { sweep: state.settings, capacity: state.settings };
  return paceStore({ ...state, resting: false, asked, want: held ? null : state.want }, held);
}

/** A settings slider has rested: what it held back is asked for at once. */
const rested = (state) => (state.resting ? askNow(state) : state);

/**
 * A settings slider moved: the sweep and capacity numbers of where it stops are asked for once it
 * has rested (a 'rest' request, counted anew at each move), unless held or on their way. A drag
 * through ten values of β starts one sweep, not ten that each throw the last one's workers away.
 */
function sliding(state) {
  const s = state.settings;
  const sweepHeld = state.sweeps.get(sweepKey(s))?.complete || sweepKey(state.asked.sweep) === sweepKey(s);
  if (sweepHeld && capacityKey(state.asked.capacity) === capacityKey(s)) return askNow(state);
  return paceStore({ ...state, resting: true, restSeq: state.restSeq + 1 });
}

/** After an action that changed the settings: what they ask for. */
function settingsChanged(state, type) {
  if (type === 'n') return paceStore(state);
  if (type === 'slide') return sliding(state);
  return askNow(state); // a discrete change ends a slider's rest
}

/** The core refused the sweep: back to the settings before it, the scale as the reader set it. */
function refused(state, message) {
  const text = `The core refused these settings: ${message}. Went back to the previous ones.`;
  return { ...state, message: text, settings: { ...state.fallback, scale: state.settings.scale } };
}

/** The demo kit's answer to a request (requests.js names the kinds). */
function answer(state, { key: full, value, error }) {
  const bar = full.indexOf('|');
  const [kind, key] = [full.slice(0, bar), full.slice(bar + 1)];
  if (kind === 'sweep') {
    const sweeps = sweepsAfter(state.sweeps, key, { value, error });
    const next = sweeps === state.sweeps ? state : { ...state, sweeps };
    return error ? { ...askNow(refused(next, error.message)), failed: 'sweep' } : next;
  }
  if (kind === 'capacity') {
    const capacity = capacityAfter(state.capacity, key, { value, error });
    return error ? { ...state, capacity, message: error.message, failed: 'capacity' } : { ...state, capacity };
  }
  if (kind === 'store') return storeAnswer(state, key, { value, error });
  if (kind === 'settle') return settled(state, key);
  if (kind === 'rest' && key === String(state.restSeq)) return rested(state);
  return state;
}

/** The settings' own actions (what the reader and the host change). */
function settingsAction(state, action, checkSweep) {
  switch (action.type) {
    case 'n':
      return action.n === state.settings.n ? state : { ...state, settings: { ...state.settings, n: action.n } };
    case 'settings':
      if (action.open === Boolean(state.settings.settings)) return state;
      return settingsAction(state, { type: 'propose', changes: { settings: action.open } }, checkSweep);
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
    default:
      return state;
  }
}

/** @param {(params: object) => void} checkSweep */
export function createReducer(checkSweep) {
  /** @param {State} state */
  return function reduce(state, action) {
    switch (action.type) {
      case 'refused':
        return askNow(refused(state, action.message));
      case 'failed':
        return { ...state, message: action.message };
      case 'mode':
        return action.mode === state.mode ? state : { ...state, mode: action.mode };
      case 'rest':
        return rested(state);
      case 'answer':
        return answer(state, action);
      default: {
        const next = settingsAction(state, action, checkSweep);
        return next.settings === state.settings ? next : settingsChanged(next, action.type);
      }
    }
  };
}
