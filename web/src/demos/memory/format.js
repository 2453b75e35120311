// Formatting of the core's exact byte counts (BigInt) for the reader.
// Everything here is string work on integers: no floating point touches a figure, so nothing can
// come out as NaN, Infinity or 1e+21.

import { readDecimal } from '../../lib/numbers.js';

const BINARY = { base: 1024n, units: ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB'] };
const DECIMAL = { base: 1000n, units: ['B', 'kB', 'MB', 'GB', 'TB', 'PB', 'EB'] };

/** 'binary' (KiB, MiB, GiB) or 'decimal' (kB, MB, GB). */
export function unitSystem(name) {
  return name === 'decimal' ? DECIMAL : BINARY;
}

/** Any integer-valued BigInt / number / digit string as a BigInt (throws on anything else). */
export function toBigInt(value) {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return BigInt(value);
  throw new TypeError(`not an integer: ${String(value)}`);
}

/** 1234567n -> "1,234,567" (grouping by hand: the same in every locale and every browser). */
export function groupDigits(value) {
  const n = toBigInt(value);
  const negative = n < 0n;
  const digits = (negative ? -n : n).toString();
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ',';
    out += digits[i];
  }
  return (negative ? '\u2212' : '') + out;
}

/** value / divisor rounded half away from zero to `decimals` places, as a decimal string with
 *  trailing zeros dropped ("128", "1.5", "68.63"). Exact: integer arithmetic only. */
export function divideToDecimal(value, divisor, decimals = 2) {
  const n = toBigInt(value);
  const d = toBigInt(divisor);
  const negative = n < 0n;
  const scale = 10n ** BigInt(decimals);
  const magnitude = negative ? -n : n;
  const scaled = (2n * magnitude * scale + d) / (2n * d); // round half up
  const whole = scaled / scale;
  const frac = (scaled % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  const text = groupDigits(whole) + (frac ? '.' + frac : '');
  return (negative && scaled !== 0n ? '\u2212' : '') + text;
}

/** Picks the largest unit not above |bytes|. Returns { value, unit, text } with text like
 *  "128 KiB" or "1.5 GB". */
export function formatBytes(bytes, system = 'binary', decimals = 2) {
  const sys = typeof system === 'string' ? unitSystem(system) : system;
  const n = toBigInt(bytes);
  const magnitude = n < 0n ? -n : n;
  let k = 0;
  let divisor = 1n;
  while (k < sys.units.length - 1 && magnitude >= divisor * sys.base) {
    divisor *= sys.base;
    k++;
  }
  // 1023.999 KiB would round to "1,024 KiB": move up a unit when rounding reaches the base.
  let value = divideToDecimal(n, divisor, decimals);
  if (k < sys.units.length - 1 && divideToDecimal(magnitude, divisor, decimals) === groupDigits(sys.base)) {
    divisor *= sys.base;
    k++;
    value = divideToDecimal(n, divisor, decimals);
  }
  const unit = sys.units[k];
  return { value, unit, text: `${value} ${unit}` };
}

/** "131,072 bytes" (exact). */
export function exactBytes(bytes) {
  const n = toBigInt(bytes);
  return `${groupDigits(n)} ${n === 1n ? 'byte' : 'bytes'}`;
}

/** Tokens for axes and labels: 1000 -> "1K", 131072 -> "131K", 1048576 -> "1.05M", 10^7 -> "10M". */
export function shortTokens(tokens) {
  const n = toBigInt(tokens);
  if (n < 1000n) return groupDigits(n);
  if (n < 1000000n) return divideToDecimal(n, 1000n, n < 10000n ? 1 : 0) + 'K';
  if (n < 1000000000n) return divideToDecimal(n, 1000000n, n < 10000000n ? 2 : 1) + 'M';
  return divideToDecimal(n, 1000000000n, 2) + 'B';
}

/** "131,072 tokens". */
export function longTokens(tokens) {
  const n = toBigInt(tokens);
  return `${groupDigits(n)} ${n === 1n ? 'token' : 'tokens'}`;
}

/** A decimal string of gigabytes ("80", "24.5") as whole bytes, exactly; null when it is not a
 *  plain non-negative decimal number. Parsing of the reader's input, not arithmetic on results. */
export function parseGigabytes(text) {
  const s = String(text).trim();
  const m = /^(\d{1,9})(?:\.(\d{1,9}))?$/.exec(s);
  if (!m) return null;
  const frac = (m[2] || '').padEnd(9, '0');
  return BigInt(m[1]) * 1000000000n + BigInt(frac);
}

/** A whole number typed by the reader ("32", " 4096 ", "1,024") as a number; NaN for anything
 *  else (the page kit's reading of numbers; the core then names the field and the allowed range). */
export function parseWhole(text) {
  const read = readDecimal(text, { integer: true });
  return read.problem || !Number.isInteger(read.value) ? Number.NaN : read.value;
}
