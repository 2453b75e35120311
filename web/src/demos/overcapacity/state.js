// The overcapacity demo's state: one plain object of the reader's settings, the only thing event
// handlers change. Pure (no DOM, no core of its own): defaults, the choices each setting offers,
// validation and merging of settings from outside. The work budget is the core's: the functions
// that need it take `checkSweep` (la.checkSweep, which throws the core's message).
import { parseNumber, echo } from '../../lib/numbers.js';
import { DIMS } from './jobs.js';

export { DIMS };
export const BETAS = [0.5, 1, 2, 4, 8, 16, 32, 64, 128, 256];
export const KEYS = ['random', 'orthogonal', 'elu1'];
export const SCALES = ['linear', 'log'];
export const DEFAULTS = Object.freeze({ d: 64, n: 96, keys: 'random', trials: 8, seed: 1, beta: 8, scale: 'linear' });

/** The settings that choose a sweep (N and the axis scale do not). */
export const sweepKey = (s) => `${s.d}|${s.keys}|${s.trials}|${s.seed}|${s.beta}`;

/** The settings that choose one store: the sweep's and N. */
export const storeKey = (s) => `${sweepKey(s)}|${s.n}`;

/** Asks the core whether a whole sweep (N = 1 to 4d) of these settings is within its budget. */
function probe(checkSweep, s) {
  checkSweep({ d: s.d, nMax: 4 * s.d, trials: s.trials, seed: s.seed, keys: s.keys, beta: s.beta });
}

/** A whole number typed by the reader ("12" → 12, the kit's reading); throws a sentence naming the
 *  field. Whether it is in range is the core's call (checkSweep). */
export function parseWhole(text, name) {
  const { value, error } = parseNumber(text, { integer: true, label: name });
  if (error || value < 0) throw new Error(`${name} must be a whole number (got ${echo(String(text).trim())})`);
  return value;
}

/**
 * Checks each proposed field of `changes` against `state` on its own; returns
 * { next, errors: { field: message }, unknown: [names] }. `next` keeps the last good value of every
 * refused field. N follows d (same load N/d) unless N was given; then it must fit 1..4d.
 */
export function validate(state, changes, checkSweep) {
  const next = { ...state };
  const errors = {};
  const unknown = [];
  for (const [k, v] of Object.entries(changes)) {
    if (!(k in DEFAULTS)) {
      unknown.push(k);
      continue;
    }
    try {
      if (k === 'd') {
        if (!DIMS.includes(v)) throw new Error(`d must be one of ${DIMS.join(', ')}`);
        next.d = v;
      } else if (k === 'n') {
        if (!Number.isInteger(v)) throw new Error('N must be a whole number');
        next.n = v;
      } else if (k === 'keys') {
        if (!KEYS.includes(v)) throw new Error(`keys must be one of ${KEYS.join(', ')}`);
        next.keys = v;
      } else if (k === 'scale') {
        if (!SCALES.includes(v)) throw new Error('scale must be "linear" or "log"');
        next.scale = v;
      } else if (k === 'beta') {
        if (!BETAS.includes(v)) throw new Error(`\u03b2 must be one of ${BETAS.join(', ')}`);
        next.beta = v;
      } else {
        const value = typeof v === 'string' ? parseWhole(v, k === 'seed' ? 'Seed' : 'Trials') : v;
        probe(checkSweep, { ...state, [k]: value });
        next[k] = value;
      }
    } catch (err) {
      errors[k] = err.message;
    }
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
      errors['trials' in changes ? 'trials' : 'd'] = err.message;
      Object.assign(next, { d: state.d, n: state.n, trials: state.trials }); // the last good ones
    }
  }
  return { next, errors, unknown };
}

/**
 * Merges settings from outside (a permalink, an embed, update()) into `state`; returns
 * { next, lines }: `lines` says in plain words what was ignored and why.
 */
export function mergeSettings(state, obj, checkSweep) {
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) {
    return { next: { ...state }, lines: ['Ignored settings that were not an object.'] };
  }
  const { next, errors, unknown } = validate(state, obj, checkSweep);
  const lines = [];
  if (unknown.length)
    lines.push(
      `Ignored unknown ${unknown.length === 1 ? 'setting' : 'settings'}: ${unknown
        .slice(0, 5)
        .map((u) => String(u).slice(0, 30))
        .join(', ')}.`,
    );
  for (const [k, m] of Object.entries(errors)) lines.push(`Ignored ${k}: ${m}.`);
  return { next, lines };
}
