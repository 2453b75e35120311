// One numeric field for every figure: how the page reads a number the reader types into a field
// and how it shows one back. Accepted: plain or grouped digits ("1000000", "1,000,000",
// "1 000 000", "1_000_000"), a decimal point, exponents ("1e6", "8.03e9"), the page's own
// scientific form ("1.82 × 10⁻⁵"), U+2212 or ASCII minus, and, where the field has a unit, its
// suffixes ("10k", "1M" tokens; "80 GB", "80GiB" of memory). Refused, each with a sentence that
// names the allowed range: text that is no number, a fraction where a whole number is asked for,
// a number outside the field's range (never clamped), zero where zero means nothing (a GPU of no
// memory), and a magnitude below the smallest normal double (2.2 × 10⁻³⁰⁸): a double holds fewer
// digits there than the field would show, so 1e-320 is refused rather than shown as 9.99989e-321
// (one that arrives by another road, a link, is shown only to the digits it holds).
// Shown back as formatNumber writes numbers, with the whole part grouped ("1,000,000", "−3").
// The core still checks every value it is given: this is only the reader's side.

import { formatNumber } from './format.js';
import { echo } from './numbers.js';

/** The smallest positive normal double: below it a double keeps fewer than 15 significant digits. */
export const SMALLEST_NORMAL = 2.2250738585072014e-308;

/** Unit suffixes per kind of field: suffix -> factor (case matters: M is mega, m is not a unit). */
export const UNITS = {
  tokens: { k: 1e3, K: 1e3, M: 1e6, tokens: 1, token: 1 },
  // A GPU's memory in bytes; a bare number is gigabytes (10⁹ bytes).
  bytes: {
    B: 1,
    kB: 1e3,
    KB: 1e3,
    MB: 1e6,
    GB: 1e9,
    TB: 1e12,
    KiB: 2 ** 10,
    MiB: 2 ** 20,
    GiB: 2 ** 30,
    TiB: 2 ** 40,
  },
  // A model's parameter count; a bare number below 10⁶ is billions (8.03), from 10⁶ up a count.
  params: { B: 1e9, b: 1e9, M: 1e6, T: 1e12, billion: 1e9 },
};
const BARE = { bytes: 1e9 };

const SUPER = '\u207b\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079';
const SUPER_ASCII = '-0123456789';
const NUMBER = /^-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;
const GROUPED = /^-?\d{1,3}([,_ ]\d{3})+(\.\d*)?$/;

/** The page's scientific form "1.82 × 10⁻⁵" (or "x 10^-5") as "1.82e-5"; other text unchanged. */
function fromScientific(t) {
  const m = /^(-?[\d.]+)\s*[\u00d7xX*]\s*10(?:\^(-?\d+)|([\u207b\u2070\u00b9\u00b2\u00b3\u2074-\u2079]+))$/.exec(t);
  if (!m) return t;
  const e = m[2] ?? [...m[3]].map((c) => SUPER_ASCII[SUPER.indexOf(c)]).join('');
  return `${m[1]}e${e}`;
}

/** Splits "80 GiB" into ["80", 2³⁰] by the field's units; [text, bare factor] without a suffix. */
function splitUnit(t, unit) {
  const factors = UNITS[unit];
  const m = factors && /^(.*?\d\.?)\s*([A-Za-z]+)$/.exec(t);
  if (m && Object.hasOwn(factors, m[2])) return [m[1].trim(), factors[m[2]], m[2]];
  return [t, BARE[unit] ?? 1, null];
}

/** Decimal text times a factor; a power of ten moves the exponent (8.03 GB is 8030000000 bytes,
 *  not 8029999999.999999), a power of two multiplies (exact). */
function scaled(t, factor) {
  const k = Math.log10(factor);
  if (!Number.isInteger(k)) return Number(t) * factor;
  const [m, e = '0'] = t.toLowerCase().split('e');
  return Number(`${m}e${Number(e) + k}`);
}

/**
 * The number in `text` before any range check: { value } or { problem: 'empty' | 'format' |
 * 'tiny' (a nonzero number below the smallest normal double, or one that underflowed to 0) |
 * 'infinite' }. `unit`: 'tokens', 'bytes' or 'params' (see UNITS); the value is in the base unit.
 */
export function readNumberText(text, unit) {
  let t = String(text ?? '')
    .trim()
    .replace(/[\u2212\u2012\u2013]/g, '-')
    .replace(/[\u00a0\u2009\u202f]/g, ' ')
    .replace(/^\+/, '');
  if (t === '') return { problem: 'empty' };
  const [digits, factor, suffix] = splitUnit(t, unit);
  t = fromScientific(digits);
  if (GROUPED.test(t)) t = t.replace(/[,_ ]/g, '');
  if (!NUMBER.test(t)) return { problem: 'format' };
  let value = Number(t);
  if (!Number.isFinite(value)) return { problem: 'infinite' };
  const nonzero = /[1-9]/.test(t.split(/e/i)[0]);
  if (nonzero && (value === 0 || Math.abs(value) < SMALLEST_NORMAL)) return { problem: 'tiny' };
  const scale = unit === 'params' && suffix === null && Math.abs(value) < 1e6 ? 1e9 : factor;
  value = scaled(t, scale);
  if (!Number.isFinite(value)) return { problem: 'infinite' };
  return { value: value === 0 ? 0 : value };
}

/** A number shown back in a field: formatNumber's reading (U+2212, × 10ⁿ), the whole part grouped
 *  by threes from four digits ("1,000", "1,000,000", "−12,345.5"). */
export function showNumber(x, precision = 6) {
  // A subnormal (it can still come from a link or the core) keeps only the digits it holds:
  // 1e-320 is a multiple of 4.9 × 10⁻³²⁴ good to about 3 digits, so it shows as 1 × 10⁻³²⁰.
  const a = Math.abs(x);
  const held = a > 0 && a < SMALLEST_NORMAL ? Math.max(1, Math.floor(Math.log10(a / Number.MIN_VALUE))) : precision;
  const text = formatNumber(x, Math.min(precision, held));
  return text.replace(/^(\u2212?)(\d{4,})/, (_, sign, whole) => sign + whole.replace(/\B(?=(\d{3})+$)/g, ','));
}

/**
 * The range a field allows, in words: "from 1,000 to 10,000,000 tokens", "at least 1".
 * @param {{ min?: number, max?: number, zero?: boolean, unitName?: string, show?: (x: number) => string }} spec
 */
export function rangeWords({ min, max, zero = true, unitName = '', show = showNumber }) {
  const u = unitName ? ` ${unitName}` : '';
  const low = min === 0 && !zero ? 'more than 0' : min !== undefined ? show(min) : undefined;
  if (low !== undefined && max !== undefined) {
    return min === 0 && !zero ? `${low} and at most ${show(max)}${u}` : `from ${low} to ${show(max)}${u}`;
  }
  if (low !== undefined) return min === 0 && !zero ? `${low}${u}` : `at least ${low}${u}`;
  if (max !== undefined) return `at most ${show(max)}${u}`;
  return `any number${u}`;
}

/**
 * Reads one field: { value } or { error } (a sentence for the reader naming the field and its
 * range). spec: { label, min, max (inclusive), integer, zero (false: 0 means nothing and is
 * refused), unit (see UNITS), unitName (said after the range), show (a value as text) }.
 * @param {unknown} text
 * @param {{ label: string, min?: number, max?: number, integer?: boolean, zero?: boolean,
 *   unit?: string, unitName?: string, show?: (x: number) => string }} spec
 * @returns {{ value: number, error?: undefined } | { error: string, value?: undefined }}
 */
export function readField(text, spec) {
  const { label, min, max, integer = false, zero = true } = spec;
  const range = rangeWords(spec);
  const kind = integer ? 'a whole number' : 'a number';
  const typed = echo(String(text ?? '').trim());
  const read = readNumberText(text, spec.unit);
  if (read.problem === 'empty') return { error: `${label}: enter ${kind} ${range}.` };
  if (read.problem === 'format') return { error: `${label}: ${typed} is not a number; use ${kind} ${range}.` };
  if (read.problem === 'infinite') return { error: `${label}: ${typed} is too large; use ${kind} ${range}.` };
  if (read.problem === 'tiny') {
    return {
      error: `${label}: ${typed} is below 2.2 × 10⁻³⁰⁸, where a number loses digits; use 0 or ${kind} ${range}.`,
    };
  }
  const { value } = read;
  if (value === 0 && !zero) return { error: `${label}: 0 holds nothing; use ${kind} ${range}.` };
  if ((min !== undefined && value < min) || (max !== undefined && value > max)) {
    return { error: `${label}: ${typed} is outside the range; use ${kind} ${range}.` };
  }
  if (integer && !Number.isInteger(value)) return { error: `${label}: ${typed} is not whole; use ${kind} ${range}.` };
  return { value };
}

// A field the reader is typing in keeps their text. From their first keystroke until the change
// event commits it (or Enter, or the focus leaving it unchanged), a figure's drawing must not write the
// state's value over it: a drawing for any other reason (an answer, a width, a host's setState)
// came between a reader's typing and the commit, and their text was replaced.
const typing = new WeakSet();

/** Follows the reader's typing in `input` (call once per field, before its own listeners). */
export function followTyping(input) {
  input.addEventListener('input', () => typing.add(input));
  const done = () => typing.delete(input);
  input.addEventListener('change', done);
  input.addEventListener('blur', done);
  input.addEventListener('keydown', (e) => e.key === 'Enter' && done()); // a field that commits on Enter
}

/** True from a keystroke in `input` (followTyping) until its change, Enter or blur. */
export const isTyping = (input) => typing.has(input);
