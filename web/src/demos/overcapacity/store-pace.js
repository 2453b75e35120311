// The store the demo shows ("inside one store"), paced (pure): the one at the slider's N is
// computed on the page when cheap (in the action's own task), asked of the pool at once when quick,
// once the N slider has rested when large (a 'settle' request: pacing.js STORE_SETTLE_MS), and
// only once a settings slider rests while one moves. scheduler/queue.js storeNeed says which.
//   state.store      the slice the figure draws: { shown: { key, result, label } | null,
//                    note: null | { kind: 'pending' | 'waiting' | 'settings', n } }
//   state.want       the store at the slider's N not yet shown ({ key, n, label, phase: 'wait' |
//                    'held' | 'ask' }) or null
//   state.storeAsked the stores asked for and not answered ({ key, n, label, on, args }): the
//                    newest, and the one asked before it while that one still computes
import { storeIsCheap, storeIsQuick } from './scheduler/core-work.js';
import { storeNeed } from './scheduler/queue.js';
import { KEY_LABELS } from './format.js';
import { sweepKey, storeKey, ruleOptions } from './state.js';

/** The store's parameters of a state (trial 1 of its seed at its N). */
export const storeParams = (s) => ({ d: s.d, n: s.n, seed: s.seed, keys: s.keys, beta: s.beta, ...ruleOptions(s) });

const storeLabel = (s) => `trial 1 of seed ${s.seed}, ${KEY_LABELS[s.keys]}, softmax \u03b2 = ${s.beta}`;

const sameNote = (a, b) => a === b || Boolean(a && b && a.kind === b.kind && a.n === b.n);

/** The state with the store slice's note (the same state when it says the same). */
function noted(state, note) {
  if (sameNote(state.store.note, note)) return state;
  return { ...state, store: { shown: state.store.shown, note } };
}

/** The store at the slider's N asked for now: the one asked before it may still answer first. */
function ask(state, want, on = 'pool') {
  const s = state.settings;
  const asked = { key: want.key, n: want.n, label: want.label, on, args: storeParams(s) };
  const older = state.storeAsked.slice(0, 1).filter((r) => r.key !== want.key);
  const next = { ...state, want: { ...want, phase: 'ask' }, storeAsked: [...older, asked] };
  return on === 'page' ? next : noted(next, { kind: 'pending', n: want.n });
}

/**
 * The store the state's N asks for, after a change of settings or N (`now`: without the N
 * slider's settle time, as when a settings slider has rested).
 * @param {import('./reduce.js').State} state
 */
export function paceStore(state, now = false) {
  const s = state.settings;
  const key = storeKey(s);
  const cost = { cheap: storeIsCheap(s.d, s.n, s), quick: storeIsQuick(s.d, s.n, s) };
  const shown = state.store.shown?.key === key;
  const need = storeNeed({ shown, asked: state.want?.key === key, resting: state.resting, now }, cost);
  const want = { key, n: s.n, label: storeLabel(s), phase: 'wait' };
  switch (need) {
    case 'shown': // back at the store shown: the one asked for or held is nobody's now, nor its note
      return state.want || state.store.note ? noted({ ...state, want: null, storeAsked: [] }, null) : state;
    case 'here':
      return ask({ ...state, storeAsked: [] }, want, 'page');
    case 'held': // a settings slider still moves: asked for when it rests, not on a core it shares
      return noted({ ...state, want: { ...want, phase: 'held' }, storeAsked: [] }, { kind: 'settings', n: s.n });
    case 'ask':
      return ask(state, want);
    case 'wait':
      return noted({ ...state, want }, { kind: 'waiting', n: s.n });
    default:
      return state;
  }
}

/** The N slider has rested on the store waited for (its 'settle' answer): it is asked for. */
export function settled(state, key) {
  return state.want?.key === key && state.want.phase === 'wait' ? ask(state, state.want) : state;
}

/** A store's answer (`value`, or `error`): shown when it is the one at the slider's N, or an
 *  older one of the same settings while that one computes or waits. */
export function storeAnswer(state, key, { value, error }) {
  const asked = state.storeAsked.find((r) => r.key === key);
  if (!asked) return state;
  const rest = { ...state, storeAsked: state.storeAsked.filter((r) => r !== asked) };
  const want = state.want;
  if (error) {
    if (want?.key !== key) return rest;
    return { ...rest, want: null, message: error.message, failed: 'store' };
  }
  const shown = { key, result: value, label: asked.label };
  if (want?.key === key) return { ...rest, want: null, store: { shown, note: null } };
  if (!want || !key.startsWith(`${sweepKey(state.settings)}|`)) return rest;
  return { ...rest, store: { shown, note: { kind: want.phase === 'ask' ? 'pending' : 'waiting', n: want.n } } };
}
