// The spotlight demo's state and the work it asks for, both pure (tested in node with the real
// core: tests/demos/spotlight-state.test.mjs). The state holds the settings the core last accepted
// (`settings`), at most one proposal waiting for the core's word (`pending`), and the notices that
// name what was refused. Every change of setting is a proposal: JS checks only its shape; the core
// checks its range and, if it refuses, names the field, which is dropped while the rest is tried
// again, so the figure keeps its last good state. Actions:
//   { type: 'propose', patch, from: 'reader' | 'outside' }   new settings (a control, a link, update())
//   { type: 'open', open }                                   the Settings disclosure (no core work)
//   { type: 'answer', key, value | error, done }             the kit's: a core call came back
//   { type: 'width', width }                                 the figure's box was resized
//   { type: 'hold', on }                                     a slider is held (a drag): no sweep

/** The figure's settings: the core's defaults (spotlight.d.mts) and the disclosure's state. */
export const DEFAULTS = Object.freeze({
  n: 32,
  cosine: 0,
  beta: 8,
  features: 64,
  d: 16,
  noise: 0.1,
  seed: 1,
  target: 0,
  dtype: 'bf16',
  settings: false,
});

/** The random features' counts the trade-off plot draws besides the reader's own m, each while
 *  N × m stays within SWEEP_WORK (a page-thread budget: a point costs some N × m × (d + 20) steps,
 *  about 10 ms at N = 4096, m = 16 in node, and m = 1024 at N = 4096 would be a third of a second). */
export const FEATURE_SWEEP = Object.freeze([16, 64, 256, 1024]);
export const SWEEP_WORK = 65536;
/** The counts of FEATURE_SWEEP the plot draws at `settings`. */
export const sweepAt = (settings) =>
  FEATURE_SWEEP.filter((m) => m !== settings.features && settings.n * m <= SWEEP_WORK);
export const DTYPES = Object.freeze(['fp32', 'bf16', 'fp8', 'int4']);
const INTEGERS = new Set(['n', 'features', 'd', 'seed', 'target']);
const CORE_FIELDS = ['n', 'd', 'features', 'beta', 'cosine', 'noise', 'seed', 'target', 'dtype'];

/** The state a mount starts from: the defaults, and a proposal of `input` (a link's settings). */
/** @returns {SpotlightState} */
export function initialState(input) {
  const base = {
    settings: { ...DEFAULTS },
    pending: null,
    serial: 0,
    accepted: 0,
    notices: [],
    from: 'outside',
    width: 0,
    holding: false,
  };
  return reduce(base, { type: 'propose', patch: input ?? {}, from: 'outside' });
}

/** What a setting must look like before the core sees it (the core judges the range). */
function shapeProblem(key, v) {
  if (!Object.hasOwn(DEFAULTS, key)) return 'is not a setting of this figure';
  if (key === 'settings') return typeof v === 'boolean' ? null : 'must be true or false';
  if (key === 'dtype') return DTYPES.includes(v) ? null : `must be one of ${DTYPES.join(', ')}`;
  if (typeof v !== 'number' || !Number.isFinite(v)) return 'is not a number';
  return INTEGERS.has(key) && !Number.isInteger(v) ? 'must be a whole number' : null;
}

const quoted = (v) => (typeof v === 'string' ? `\u201c${v.slice(0, 24)}\u201d` : String(v));

/** Splits `input` into the fields of the right shape and sentences naming the others. */
export function screen(input) {
  const patch = {};
  const notices = [];
  if (!input || typeof input !== 'object') return { patch, notices: ['Settings were not an object; ignored.'] };
  for (const [key, v] of Object.entries(input)) {
    const problem = shapeProblem(key, v);
    if (problem) notices.push(`Setting \u201c${key.slice(0, 24)}\u201d ${problem} (got ${quoted(v)}); ignored.`);
    else patch[key] = v === 0 ? 0 : v; // never -0
  }
  return { patch, notices };
}

/** The core's options for `settings` (spotlight()'s, by name). */
export const coreArgs = (settings) => Object.fromEntries(CORE_FIELDS.map((k) => [k, settings[k]]));
const argsKey = (args) => CORE_FIELDS.map((k) => args[k]).join('|');

/** The settings a proposal would make. */
export const proposed = (state) => (state.pending ? { ...state.settings, ...state.pending.patch } : state.settings);

/** The key the figure's own read answers under (a proposal's is its serial's: computed once). */
export const readKey = (state, serial = state.accepted) => `read#${serial}|${argsKey(coreArgs(state.settings))}`;
const pendingKey = (state) => `read#${state.pending.serial}|${argsKey(coreArgs(proposed(state)))}`;
/** The trade-off plot's point for `m` random features at the accepted settings. */
export const featuresKey = (state, m) => `m${m}|${argsKey({ ...coreArgs(state.settings), features: m })}`;

/** The core calls the state asks for: the proposal first, then what the figure draws (the
 *  trade-off plot's other m not while a slider is held: a drag stops what they had started). */
export function requests(state) {
  const out = [];
  if (state.pending)
    out.push({ key: pendingKey(state), on: 'page', call: 'spotlight', args: coreArgs(proposed(state)) });
  out.push({ key: readKey(state), on: 'page', call: 'spotlight', args: coreArgs(state.settings) });
  for (const m of state.holding ? [] : sweepAt(state.settings)) {
    out.push({
      key: featuresKey(state, m),
      on: 'idle',
      call: 'spotlight',
      args: { ...coreArgs(state.settings), features: m },
    });
  }
  return out;
}

function propose(state, { patch: input, from }) {
  const { patch, notices } = screen(input);
  const next = { ...state, notices: from === 'outside' || notices.length ? notices : [] };
  if ('settings' in patch) next.settings = { ...state.settings, settings: patch.settings };
  delete patch.settings;
  const changes = Object.keys(patch).some((k) => patch[k] !== state.settings[k]);
  if (!changes) return { ...next, pending: null, from };
  const serial = state.serial + 1;
  return { ...next, pending: { patch, serial }, serial, from };
}

/** The core answered the proposal: accept it, or drop the field it names and try the rest. */
function settle(state, answer) {
  if (!state.pending || answer.key !== pendingKey(state) || !answer.done) return state;
  if (!answer.error) {
    return { ...state, settings: proposed(state), accepted: state.pending.serial, pending: null };
  }
  const field = answer.error.field;
  const { [field]: refused, ...rest } = state.pending.patch;
  const told = `Setting \u201c${field ?? '?'}\u201d = ${quoted(refused)} refused: ${answer.error.message}`;
  const notices = [...state.notices, told];
  if (refused === undefined || Object.keys(rest).length === 0) return { ...state, pending: null, notices };
  const serial = state.serial + 1;
  return { ...state, pending: { patch: rest, serial }, serial, notices };
}

/**
 * @typedef {{ settings: Record<string, any>, pending: { patch: Record<string, any>, serial: number } | null,
 *   serial: number, accepted: number, notices: string[], from: string, width: number,
 *   holding: boolean }} SpotlightState
 * @param {SpotlightState} state @param {any} action
 * @returns {SpotlightState}
 */
export function reduce(state, action) {
  if (action.type === 'propose') return propose(state, action);
  if (action.type === 'answer') return settle(state, action);
  if (action.type === 'width') return action.width === state.width ? state : { ...state, width: action.width };
  if (action.type === 'hold') return !action.on === !state.holding ? state : { ...state, holding: !!action.on };
  if (action.type === 'open' && action.open !== state.settings.settings)
    return { ...state, settings: { ...state.settings, settings: action.open }, from: 'reader' };
  return state;
}

/** The copy handed to hosts: a closed Settings disclosure stays out of links. */
export function linkState(settings) {
  const out = { ...settings };
  if (!out.settings) delete out.settings;
  return out;
}
