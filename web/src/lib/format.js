// Numbers as text for the reader, one way for every demo: formatting only, never arithmetic on
// what the core computed. A number that is not zero never shows as a bare 0: below 1 it keeps its
// significant digits (0.0182, 0.006123), below 1e-4 and from 1e9 up it is written in scientific
// notation (1.82 × 10⁻⁵, 2.4 × 10¹⁹).

export const MINUS = '\u2212';
const TIMES = '\u00d7';
const SUPERSCRIPT = {
  '-': '\u207b',
  0: '\u2070',
  1: '\u00b9',
  2: '\u00b2',
  3: '\u00b3',
  4: '\u2074',
  5: '\u2075',
  6: '\u2076',
  7: '\u2077',
  8: '\u2078',
  9: '\u2079',
};
const FROM_SUPERSCRIPT = Object.fromEntries(Object.entries(SUPERSCRIPT).map(([k, v]) => [v, k]));

/** Below this (and not 0) or from HUGE up, numbers are written in scientific notation. */
const TINY = 1e-4;
const HUGE = 1e9;

/** "1.2300" -> "1.23", "2.000" -> "2" (only after a decimal point). */
function trimZeros(s) {
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
}

/** Mantissa and exponent with `digits` significant digits: 2.0611536e-9 -> ['2.061', -9]. */
function scientific(a, digits) {
  const [m, e] = a.toExponential(Math.max(0, digits - 1)).split('e');
  return [trimZeros(m), Number(e)];
}

/**
 * A number for the reader. From 1 up: at most `precision` decimals (3, 1.2, 4.4721, 1000021);
 * below 1: `precision` significant digits (0.96, 0.0182, 0.006123); below 1e-4 or from 1e9 up:
 * `precision` significant digits in scientific notation (1 × 10⁻³⁰⁰, 2.4 × 10¹⁹). −0 shows as 0,
 * the minus sign is U+2212, ±Infinity is ±∞, anything not a number is "?".
 */
export function formatNumber(x, precision = 4) {
  if (typeof x !== 'number' || Number.isNaN(x)) return '?';
  if (!Number.isFinite(x)) return x > 0 ? '\u221e' : `${MINUS}\u221e`;
  if (x === 0) return '0';
  const sign = x < 0 ? MINUS : '';
  const a = Math.abs(x);
  let text;
  if (a < TINY || a >= HUGE) {
    const [m, e] = scientific(a, precision);
    text = `${m} ${TIMES} 10${String(e)
      .split('')
      .map((c) => SUPERSCRIPT[c])
      .join('')}`;
  } else if (a < 1) {
    text = trimZeros(a.toPrecision(precision));
    // 0.99996 rounds to "1.000": still a fine reading; a number below 1 never rounds to 0 here.
  } else {
    text = trimZeros(a.toFixed(precision));
  }
  return sign + text;
}

/** The same number as plain ASCII for an <input> the reader may edit and submit again: "-3",
 *  "0.6", "1e-300" (up to `precision` significant digits below 1 or in scientific notation). */
export function formatPlain(x, precision = 6) {
  if (typeof x !== 'number' || !Number.isFinite(x)) return '';
  if (x === 0) return '0';
  const a = Math.abs(x);
  const sign = x < 0 ? '-' : '';
  if (a < TINY || a >= HUGE) {
    const [m, e] = scientific(a, precision);
    return `${sign}${m}e${e}`;
  }
  return sign + trimZeros(a < 1 ? a.toPrecision(precision) : a.toFixed(precision));
}

/** Reads text written by formatNumber back to a number (for tests and checks): NaN if it is not
 *  one of its forms. */
export function readFormatted(text) {
  const t = String(text)
    .trim()
    .replace(/\u2212/g, '-')
    .replace(/\u221e/, 'Infinity');
  const m = /^(-?[\d.]+) \u00d7 10([\u207b\u2070\u00b9\u00b2\u00b3\u2074-\u2079]+)$/.exec(t);
  if (m) {
    const e = m[2]
      .split('')
      .map((c) => FROM_SUPERSCRIPT[c])
      .join('');
    return Number(`${m[1]}e${e}`);
  }
  return /^-?(\d+\.?\d*|Infinity)$/.test(t) ? Number(t) : Number.NaN;
}
