// Formatting only: every number shown here was computed by the core; this file turns it into text
// (numbers through the page kit's formatNumber: significant digits, never a bare 0 for non-zero).

import { formatNumber, formatPlain } from '../../lib/format.js';

export { formatNumber };

/** The same as plain ASCII, for the value of an <input> the reader may edit and submit again. */
export function formatInput(x) {
  return formatPlain(x, 6);
}

/** "(3, −3)" */
export function formatVector(v, places = 4) {
  return '(' + Array.from(v, (x) => formatNumber(x, places)).join(', ') + ')';
}

const SUB = ['\u2080', '\u2081', '\u2082', '\u2083', '\u2084', '\u2085', '\u2086', '\u2087', '\u2088', '\u2089'];
/** Subscript digits for labels such as k₁₂ (a label, not a computed number). */
export function subscript(n) {
  return String(n)
    .split('')
    .map((c) => SUB[c.charCodeAt(0) - 48] ?? c)
    .join('');
}

/** k₁, k₂, … : association i's key (0-based i), as every panel names it. */
export function keyLabel(i) {
  return `k${subscript(i + 1)}`;
}
/** v₁, v₂, … : association i's value. */
export function valueLabel(i) {
  return `v${subscript(i + 1)}`;
}
