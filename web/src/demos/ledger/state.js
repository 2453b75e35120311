// The ledger's settings: one plain object, changed only through the reducer's actions (reducer.js).
// Everything on screen is recomputed from it (state -> core -> render). Numbers in here are the reader's inputs, never results.

export const MAX_ASSOCIATIONS = 8;

/** 1000000 -> "1e6" for a notice (a limit, not a computed number). */
function formatBound(x) {
  return x >= 1e5 ? x.toExponential().replace('e+', 'e') : String(x);
}
export const DIMS = [2, 3];
const FEATURE_MAPS = ['identity', 'elu1'];

/** §4.1 "Two writes and a read, with actual numbers": d = 2, identity map, no normalizer. */
export function exampleState() {
  return {
    d: 2,
    associations: [
      { k: [1, 0], v: [3, 1] },
      { k: [0, 1], v: [-2, 4] },
      { k: [0.8, 0.6], v: [0, -5] },
    ],
    step: 3, // writes applied so far (the ledger page being shown)
    featureMap: 'identity', // 'elu1' goes with the normalizer z (Katharopoulos et al. 2020)
    query: 0, // which read is decomposed: index of an association, or -1 for the free query
    freeQuery: [0.6, 0.8],
  };
}

export function cloneState(s) {
  return {
    d: s.d,
    associations: s.associations.map((a) => ({ k: a.k.slice(), v: a.v.slice() })),
    step: s.step,
    featureMap: s.featureMap,
    query: s.query,
    freeQuery: s.freeQuery.slice(),
  };
}

/** True when every coordinate is exactly zero: such a key has no direction to file anything under. */
export function isZeroVector(v) {
  return v.every((x) => x === 0);
}

function isNumberArray(a, d) {
  return Array.isArray(a) && a.length === d && a.every((x) => typeof x === 'number' && Number.isFinite(x));
}

/**
 * Merges settings from outside (a permalink, an embed, setState) into a copy of `base`. Unknown or
 * invalid fields are ignored and reported in `notices`, so the reader sees why.
 */
export function mergeState(base, input, limit) {
  const next = cloneState(base);
  const notices = [];
  if (input === undefined || input === null) return { state: next, notices };
  if (typeof input !== 'object' || Array.isArray(input)) {
    return { state: next, notices: ['The demo settings were not an object and were ignored.'] };
  }
  const known = new Set(['d', 'associations', 'step', 'featureMap', 'query', 'freeQuery']);
  for (const key of Object.keys(input))
    if (!known.has(key)) notices.push(`Unknown setting \u201c${key}\u201d ignored.`);

  if ('d' in input) {
    if (DIMS.includes(input.d)) next.d = input.d;
    else notices.push('Setting \u201cd\u201d must be 2 or 3; ignored.');
  }
  const inRange = (x) => x <= limit && x >= -limit;
  if ('associations' in input) {
    const list = input.associations;
    const ok =
      Array.isArray(list) &&
      list.length <= MAX_ASSOCIATIONS &&
      list.every(
        (a) =>
          a &&
          isNumberArray(a.k, next.d) &&
          isNumberArray(a.v, next.d) &&
          !isZeroVector(a.k) &&
          a.k.every(inRange) &&
          a.v.every(inRange),
      );
    if (ok) {
      next.associations = list.map((a) => ({ k: a.k.slice(), v: a.v.slice() }));
      // A ledger given without its page opens with every write applied, whatever the count (the
      // chapter's example included: its three writes, as §4.1 shows them).
      if (!('step' in input)) next.step = next.associations.length;
    } else
      notices.push(
        `Setting \u201cassociations\u201d must list up to ${MAX_ASSOCIATIONS} pairs of a key and a value, ${next.d} numbers each, between \u2212${formatBound(limit)} and ${formatBound(limit)}, with no key all zeros; ignored.`,
      );
  }
  if (next.associations.some((a) => a.k.length !== next.d)) {
    // d changed but the associations did not come with it: pad or cut them, as the d switch does.
    const kept = next.associations.map((a) => ({ k: resize(a.k, next.d), v: resize(a.v, next.d) }));
    next.associations = kept.filter((a) => !isZeroVector(a.k));
    if (next.associations.length < kept.length) notices.push('Keys left with no direction in the new d were dropped.');
  }
  if ('step' in input) {
    if (Number.isInteger(input.step) && input.step >= 0 && input.step <= next.associations.length)
      next.step = input.step;
    else notices.push('Setting \u201cstep\u201d must be a whole number of writes; ignored.');
  }
  if (next.step > next.associations.length) next.step = next.associations.length;
  if ('featureMap' in input) {
    if (FEATURE_MAPS.includes(input.featureMap)) next.featureMap = input.featureMap;
    else notices.push('Setting \u201cfeatureMap\u201d must be \u201cidentity\u201d or \u201celu1\u201d; ignored.');
  }
  if ('query' in input) {
    if (Number.isInteger(input.query) && input.query >= -1 && input.query < next.associations.length)
      next.query = input.query;
    else
      notices.push(
        'Setting \u201cquery\u201d must name a stored key (0, 1, \u2026) or \u22121 for the free query; ignored.',
      );
  }
  if (next.query >= next.associations.length) next.query = next.associations.length ? 0 : -1;
  if ('freeQuery' in input) {
    if (isNumberArray(input.freeQuery, next.d) && input.freeQuery.every(inRange))
      next.freeQuery = input.freeQuery.slice();
    else
      notices.push(
        `Setting \u201cfreeQuery\u201d must be ${next.d} numbers between \u2212${formatBound(limit)} and ${formatBound(limit)}; ignored.`,
      );
  }
  if (next.freeQuery.length !== next.d) next.freeQuery = resize(next.freeQuery, next.d);
  return { state: next, notices };
}

/** Pads with zeros or drops trailing coordinates (used when the reader switches d). */
export function resize(v, d) {
  const out = v.slice(0, d);
  while (out.length < d) out.push(0);
  return out;
}

/** A fresh association for "Add": a unit key along the next axis, so it starts with a direction. */
export function newAssociation(d, index) {
  const k = new Array(d).fill(0);
  k[index % d] = 1;
  const v = new Array(d).fill(1);
  return { k, v };
}
