// la.interferenceSweep, la.interferenceStore, la.capacity, their streams, checks and worker shares
// (wasm/bindings/sweep.cpp, store.cpp, capacity.cpp). Each call's options are checked for type by
// one table per call and passed on by name; the core checks the values, the settings every trial
// shares by one check (wasm/core/trial_settings.hpp).
import { check, checkOnly, fail, fields, number, options, REQUIRED, string, vector, wrongType } from './check.mjs';
import { streamClasses } from './streams.mjs';

const names = (spec) => spec.map(([name]) => name);

// Each call's fields in the order their types are checked: [name, type, REQUIRED?]. Absent ones
// take the core's defaults (index.d.mts lists them).
const RULE = [
  ['rule', string],
  ['gate', number],
  ['step', number],
]; // the update rule (wasm/core/update_rule.hpp)
const SWEEP = [
  ['d', number, REQUIRED],
  ['ns', vector, REQUIRED], // made from nMax when absent
  ['trials', number],
  ['seed', number],
  ['keys', string],
  ['beta', number],
  ...RULE,
];
const STORE = [
  ['d', number, REQUIRED],
  ['n', number, REQUIRED],
  ['seed', number],
  ['trial', number],
  ['keys', string],
  ['beta', number],
  ...RULE,
];
const CAPACITY = [
  ...RULE,
  ['dims', vector, REQUIRED],
  ['keys', string],
  ['measure', string],
  ['level', number],
  ['trials', number],
  ['seed', number],
  ['nMax', number],
];
// The options each call takes, in the order its refusal of an unknown one lists them.
const SWEEP_OPTIONS = ['d', 'ns', 'nMax', ...names(SWEEP).slice(2)];
const STORE_OPTIONS = names(STORE);
const CAPACITY_OPTIONS = [...names(CAPACITY).slice(RULE.length), ...names(RULE)];

// { first, count } of a share of trials, checked for type.
function trialRange(name, range) {
  const r = options(name, range, ['first', 'count']);
  return { first: number('first', r.first), count: number('count', r.count) };
}
// Parts of a split computation: [{ first, count, <values> }], fresh plain objects.
function trialsParts(parts, values, maxTrials) {
  if (!Array.isArray(parts)) wrongType(`parts must be an array of { first, count, ${values} }`, 'parts');
  if (parts.length > maxTrials) fail(`parts must hold at most ${maxTrials} ranges (got ${parts.length})`, 'parts');
  return parts.map((part, i) => {
    const at = `parts[${i}]`;
    options(at, part, ['first', 'count', values], at);
    return {
      first: number(`${at}.first`, part.first),
      count: number(`${at}.count`, part.count),
      [values]: vector(`${at}.${values}`, part[values]),
    };
  });
}

export function interferenceApi(M, limits) {
  const { SweepStream, StoreStream } = streamClasses(M, limits);
  const maxTrials = limits.maxSweepTrials;

  function sweepOptions(opts) {
    const o = options('interferenceSweep options', opts, SWEEP_OPTIONS);
    if (o.ns !== undefined) return fields(o, SWEEP);
    const nMax = number('nMax', o.nMax);
    if (!Number.isInteger(nMax) || nMax < 1 || nMax > limits.maxSweepN) {
      fail(`nMax must be a whole number from 1 to ${limits.maxSweepN} (got ${nMax})`, 'nMax');
    }
    return fields({ ...o, ns: Float64Array.from({ length: nMax }, (_, i) => i + 1) }, SWEEP);
  }
  const storeOptions = (opts) => fields(options('interferenceStore options', opts, STORE_OPTIONS), STORE);
  const capacityOptions = (opts) => fields(options('capacity options', opts, CAPACITY_OPTIONS), CAPACITY);

  return {
    interferenceSweep(opts) {
      return check(M.interferenceSweep(sweepOptions(opts)));
    },

    interferenceSweepStream(opts) {
      return new SweepStream(sweepOptions(opts));
    },

    interferenceSweepTrials(opts, range) {
      return check(M.interferenceSweepTrials(sweepOptions(opts), trialRange('trial range', range)));
    },

    mergeSweepTrials(opts, parts) {
      return check(M.mergeSweepTrials(sweepOptions(opts), trialsParts(parts, 'records', maxTrials)));
    },

    /** Throws the Error interferenceSweep(opts) would throw, without computing anything. */
    checkSweep(opts) {
      checkOnly(M.checkSweep(sweepOptions(opts)));
    },

    interferenceStore(opts) {
      return check(M.interferenceStore(storeOptions(opts)));
    },

    interferenceStoreStream(opts) {
      return new StoreStream(storeOptions(opts));
    },

    capacity(opts) {
      return check(M.capacity(capacityOptions(opts)));
    },

    capacityTrials(opts, range) {
      return check(M.capacityTrials(capacityOptions(opts), trialRange('trial range', range)));
    },

    mergeCapacityTrials(opts, parts) {
      return check(M.mergeCapacityTrials(capacityOptions(opts), trialsParts(parts, 'capacities', maxTrials)));
    },

    /** Throws the Error capacity(opts) would throw (bad or over-budget settings), computing nothing. */
    checkCapacity(opts) {
      checkOnly(M.checkCapacity(capacityOptions(opts)));
    },
  };
}
