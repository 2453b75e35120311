// Formatting only: every number shown here was computed by the core (la.interferenceSweep /
// la.interferenceStore); this file turns it into text and never does arithmetic on it.

import { formatNumber, MINUS } from '../../lib/format.js';

const intFmt = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const pctFmt = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

/** A cosine or another quantity in [−1, 1]: `places` decimals ("0.77", "1.00"), typographic minus;
 *  a non-zero value that would round to 0 keeps its significant digits instead ("0.004"), through
 *  the page kit's formatNumber, so it never reads as a bare 0. */
export function formatCos(x, places = 2) {
  if (typeof x !== 'number' || !Number.isFinite(x)) return '?';
  if (x !== 0 && Math.abs(x) < 0.5 * 10 ** -places) return formatNumber(x, places);
  const s = x.toFixed(places);
  return (/^-0(\.0*)?$/.test(s) ? s.slice(1) : s).replace('-', MINUS);
}

/** A fraction in [0, 1] shown as a percent with at most one decimal ("96%", "0.3%"). */
export function formatPercent(x) {
  if (typeof x !== 'number' || !Number.isFinite(x)) return '?';
  // Never round a few wrong picks away to "0%" (or a few right ones up to "100%").
  if (x > 0 && x < 0.0005) return 'under 0.1%';
  if (x < 1 && x > 0.9995) return 'over 99.9%';
  return pctFmt.format(x);
}

/** A count with thousands separators ("12,288"). */
export function formatInt(x) {
  if (typeof x !== 'number' || !Number.isFinite(x)) return '?';
  return intFmt.format(x);
}

export function plural(n, one, many) {
  return n === 1 ? one : many;
}

/** The label of a key geometry in prose. */
export const KEY_LABELS = {
  random: 'random unit keys',
  orthogonal: 'orthonormal, then random',
  elu1: 'elu+1 features (all positive)',
};

/**
 * The sentence under the chart, from the sweep's numbers at index i.
 * "With 96 associations in a 64-dimensional state, reads come back with cosine 0.77; 4% would
 * pick the wrong stored value."
 */
export function sentenceParts(sweep, i, d) {
  const n = sweep.ns[i];
  const head =
    `With ${formatInt(n)} ${plural(n, 'association', 'associations')} in a ` +
    `${formatInt(d)}-dimensional state, reads come back with cosine ${formatCos(sweep.cosineMean[i])}; `;
  const tail = `${formatPercent(sweep.missMean[i])} would pick the wrong stored value.`;
  return head + tail;
}
