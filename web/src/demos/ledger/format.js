// Formatting only: every number shown here was computed by the core; this file turns it into text.

const MINUS = '\u2212';

/** Up to `places` decimals, trailing zeros trimmed, −0 shown as 0, a typographic minus sign. */
export function formatNumber(x, places = 4) {
  if (typeof x !== 'number' || Number.isNaN(x)) return '?';
  if (!Number.isFinite(x)) return x > 0 ? '\u221e' : MINUS + '\u221e';
  let s = x.toFixed(places);
  if (s.includes('.') && !s.includes('e')) s = s.replace(/0+$/, '').replace(/\.$/, '');
  if (/^-0(\.0*)?$/.test(s)) s = '0';
  return s.replace('-', MINUS);
}

/** The same, with an ASCII minus, for the value of an <input> the reader may edit and submit again. */
export function formatInput(x) {
  return formatNumber(x, 6).replace(MINUS, '-');
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
