// The overcapacity demo's state: one plain object of the reader's settings, the only thing event
// handlers change. Pure (no DOM, no core of its own): defaults, the choices each setting offers,
// validation and merging of settings from outside. The work budget is the core's: the functions
// that need it take `checkSweep` (la.checkSweep, which throws the core's message).
import { readField } from '../../lib/number-field.js';
import { echo } from '../../lib/numbers.js';
import { DIMS, KEYS } from './sweep.js';
import { formatInt } from './format.js';

export { DIMS, KEYS };
export const BETAS = [0.5, 1, 2, 4, 8, 16, 32, 64, 128, 256];
export const SCALES = ['linear', 'log'];
/** The capacity panel's tolerance: mean cosine >= level, or top-1 recall >= level (a fraction). */
export const MEASURES = ['cosine', 'recall'];
/** How the linear store is written (the core's `rule`): the chapter's additive rule, or the delta
 *  rule of later chapters; with a forget gate α (`gate`, 1 = none) and the delta rule's `step`. */
export const RULES = ['add', 'delta'];
export const GATES = [0.5, 0.8, 0.9, 0.95, 0.98, 0.99, 0.995, 0.999, 1];
export const STEPS = [0.25, 0.5, 1, 1.5, 2];
export const DEFAULTS = Object.freeze({
  d: 64,
  n: 96,
  keys: 'random',
  trials: 8,
  seed: 1,
  beta: 8,
  scale: 'linear',
  measure: 'cosine',
  level: 0.9,
  rule: 'add',
  gate: 1,
  step: 1,
  settings: false, // the "Settings" disclosure open (written in links only when true: settings=true)
});

/** The tolerance slider's range for a measure (cosine τ 0.5…0.99, recall 50…100 %). */
export function levelRange(measure) {
  return { min: 0.5, max: measure === 'recall' ? 1 : 0.99, step: 0.01 };
}
const onLevelGrid = (v) => Number.isFinite(v) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-9;

/** The update rule's settings (part of every key: the sweep, the store and capacity use them). */
const ruleKey = (s) => `${s.rule}|${s.gate}|${s.step}`;

/** The settings that choose a sweep (N, the axis scale and the tolerance do not). */
export const sweepKey = (s) => `${s.d}|${s.keys}|${s.trials}|${s.seed}|${s.beta}|${ruleKey(s)}`;

/** The settings that choose one store: the sweep's and N. */
export const storeKey = (s) => `${sweepKey(s)}|${s.n}`;

/** The settings that choose the capacity panel (every d and key geometry is measured). */
export const capacityKey = (s) => `${s.measure}|${s.level}|${s.trials}|${s.seed}|${ruleKey(s)}`;

/** The core's options for the update rule of a state. */
export const ruleOptions = (s) => ({ rule: s.rule, gate: s.gate, step: s.step });

/** Asks the core whether a whole sweep (N = 1 to 4d) of these settings is within its budget. */
function probe(checkSweep, s) {
  checkSweep({ d: s.d, nMax: 4 * s.d, trials: s.trials, seed: s.seed, keys: s.keys, beta: s.beta, ...ruleOptions(s) });
}

/** The most trials (up to `s.trials`) the core's work budget allows at d, or 0 (asks the core). */
function maxTrials(checkSweep, s) {
  const fits = (t) => {
    try {
      probe(checkSweep, { ...s, trials: t });
      return true;
    } catch {
      return false;
    }
  };
  let lo = 0;
  let hi = s.trials;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

const overBudget = (s, most) =>
  `too much work: at d = ${formatInt(s.d)}, N up to ${formatInt(4 * s.d)} allows at most ${formatInt(most)} trials`;

/** The core's refusal of trials or seed in reader words (its `.field` says which; never "got inf"). */
function readerMessage(err, k) {
  if (err?.field === 'seed' || (k === 'seed' && err?.field))
    return 'the seed must be a whole number from 0 to 4,294,967,295';
  if (err?.field === 'trials' || (k === 'trials' && err?.field)) return 'trials must be a whole number from 1 to 256';
  return err.message;
}

/** A whole number typed by the reader ("12", "1,000", "1e3": the page's number field); throws a sentence naming the
 *  field. Whether it is in range is the core's call (checkSweep). */
export function parseWhole(text, name) {
  const { value, error } = readField(text, { integer: true, label: name, min: 0 });
  if (error) throw new Error(`${name} must be a whole number (got ${echo(String(text).trim())})`);
  return value;
}

/** The tolerance level is checked after the measure it depends on (validate). */
const LEVEL_LATER = Symbol('level');

/** A proposed field's value as the state takes it; throws (a reader's message) what it refuses. */
function checkField(state, k, v, checkSweep) {
  if (k === 'd') {
    if (!DIMS.includes(v)) throw new Error(`d must be one of ${DIMS.join(', ')}`);
    return v;
  } else if (k === 'n') {
    if (!Number.isInteger(v)) throw new Error('N must be a whole number');
    return v;
  } else if (k === 'keys') {
    if (!KEYS.includes(v)) throw new Error(`keys must be one of ${KEYS.join(', ')}`);
    return v;
  } else if (k === 'scale') {
    if (!SCALES.includes(v)) throw new Error('scale must be "linear" or "log"');
    return v;
  } else if (k === 'beta') {
    if (!BETAS.includes(v)) throw new Error(`\u03b2 must be one of ${BETAS.join(', ')}`);
    return v;
  } else if (k === 'measure') {
    if (!MEASURES.includes(v)) throw new Error('the tolerance measure must be "cosine" or "recall"');
    return v;
  } else if (k === 'rule') {
    if (!RULES.includes(v)) throw new Error('the update rule must be "add" or "delta"');
    return v;
  } else if (k === 'gate') {
    if (!GATES.includes(v)) throw new Error(`the gate \u03b1 must be one of ${GATES.join(', ')}`);
    return v;
  } else if (k === 'step') {
    if (!STEPS.includes(v)) throw new Error(`the step must be one of ${STEPS.join(', ')}`);
    return v;
  } else if (k === 'settings') {
    if (typeof v !== 'boolean') throw new Error('settings must be true or false (the Settings disclosure open)');
    return v;
  } else if (k === 'level') {
    return LEVEL_LATER;
  } else {
    const value = typeof v === 'string' ? parseWhole(v, k === 'seed' ? 'Seed' : 'Trials') : v;
    try {
      probe(checkSweep, { ...state, [k]: value });
    } catch (err) {
      // Out of range: said in reader words. Over the budget alone: checked with d below.
      if (err.field) throw new Error(readerMessage(err, k));
      if (k !== 'trials') throw err;
    }
    return value;
  }
}

/**
 * Checks each proposed field of `changes` against `state` on its own; returns
 * { next, errors: { field: message }, unknown: [names] }. `next` keeps the last good value of every
 * refused field. N follows d (same load N/d) unless N was given; then it must fit 1..4d.
 */
export function validate(state, changes, checkSweep, { clamp = false } = {}) {
  const next = { ...state };
  const errors = {};
  const adjusted = {};
  const unknown = [];
  for (const [k, v] of Object.entries(changes)) {
    if (!(k in DEFAULTS)) {
      unknown.push(k);
      continue;
    }
    try {
      const value = checkField(state, k, v, checkSweep);
      if (value !== LEVEL_LATER) next[k] = value;
    } catch (err) {
      errors[k] = err.message;
    }
  }
  if ('level' in changes) {
    const { min, max } = levelRange(next.measure);
    const v = changes.level;
    if (typeof v === 'number' && onLevelGrid(v) && v >= min - 1e-12 && v <= max + 1e-12) next.level = v;
    else errors.level = `the tolerance must be from ${min} to ${max} in steps of 0.01`;
  }
  if (!errors.level) {
    const { min, max } = levelRange(next.measure);
    next.level = Math.min(Math.max(next.level, min), max);
  }
  if ('d' in changes && !errors.d && !('n' in changes && !errors.n) && next.d !== state.d) {
    next.n = Math.round((state.n * next.d) / state.d);
  }
  if (!errors.n && (next.n < 1 || next.n > 4 * next.d)) {
    if ('n' in changes) errors.n = `N must be from 1 to 4d = ${4 * next.d}`;
    next.n = Math.min(Math.max(next.n, 1), 4 * next.d);
  }
  if (errors.n) next.n = Math.min(Math.max(state.n, 1), 4 * next.d);
  // Settings that pass one by one can still exceed the sweep's work budget together (d = 256 with
  // many trials): refuse them now rather than after the worker's previews.
  if (!errors.trials && !errors.d) {
    try {
      probe(checkSweep, next);
    } catch (err) {
      const most = err.field ? 0 : maxTrials(checkSweep, next);
      if (clamp && most >= 1) {
        // From a link: keep d and N, lower only the trials, and say so.
        adjusted.trials = `Lowered trials from ${formatInt(next.trials)} to ${formatInt(most)}: ${overBudget(next, most)}.`;
        next.trials = most;
      } else {
        const asked = 'trials' in changes ? '' : ` (you have ${formatInt(next.trials)})`;
        errors['trials' in changes ? 'trials' : 'd'] = most >= 1 ? overBudget(next, most) + asked : readerMessage(err);
        Object.assign(next, { d: state.d, n: state.n, trials: state.trials }); // the last good ones
      }
    }
  }
  return { next, errors, unknown, adjusted };
}

/**
 * Merges settings from outside (a permalink, an embed, update()) into `state`; returns
 * { next, lines }: `lines` says in plain words what was ignored and why.
 */
export function mergeSettings(state, obj, checkSweep) {
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) {
    return { next: { ...state }, lines: ['Ignored settings that were not an object.'] };
  }
  const { next, errors, unknown, adjusted } = validate(state, obj, checkSweep, { clamp: true });
  const lines = [];
  if (unknown.length)
    lines.push(
      `Ignored unknown ${unknown.length === 1 ? 'setting' : 'settings'}: ${unknown
        .slice(0, 5)
        .map((u) => String(u).slice(0, 30))
        .join(', ')}.`,
    );
  for (const [k, m] of Object.entries(errors)) lines.push(`Ignored ${k}: ${m}.`);
  lines.push(...Object.values(adjusted));
  return { next, lines };
}

/** The copy handed to hosts (getState, onStateChange): a closed "Settings" disclosure is left out,
 *  so links keep the form they always had and only an open one adds settings=true. */
export function linkState(state) {
  const out = { ...state };
  if (!out.settings) delete out.settings;
  return out;
}
