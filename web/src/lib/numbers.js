// Numbers typed by the reader (fields, URL settings): one reading for every demo. Accepts what
// people write (a leading +, the minus sign U+2212, 1e3, .5; whole numbers may group digits as
// 1,024 or 1_024) and answers with a sentence the page can show as it is.

const DECIMAL = /^-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;
const GROUPED = /^-?\d{1,3}([,_ ]\d{3})+$/;

/** Outside text shortened for an error message: at most `max` characters, in quotes. */
export function echo(text, max = 30) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  const s = String(text).replace(/[\u0000-\u001f\u007f]/g, ' ');
  return `\u201c${s.length > max ? `${s.slice(0, max)}\u2026` : s}\u201d`;
}

/** A bound as a reader reads it: 1e6 rather than 1000000, U+2212 for minus. */
function formatBound(x) {
  const t = Math.abs(x) >= 1e5 ? x.toExponential().replace('e+', 'e') : String(x);
  return t.replace('-', '\u2212');
}

/**
 * The reading itself, without messages: { value } or { problem }, problem one of 'empty',
 * 'comma' (1,5: a decimal comma), 'format' (not a number), 'infinite' (1e999). For callers that
 * word their own messages (the settings codec).
 */
export function readDecimal(text, { integer = false } = {}) {
  let t = String(text ?? '')
    .trim()
    .replace(/\u2212/g, '-')
    .replace(/^\+/, '');
  if (t === '') return { problem: 'empty' };
  if (integer && GROUPED.test(t)) t = t.replace(/[,_ ]/g, '');
  if (!integer && /^-?\d+,\d+$/.test(t)) return { problem: 'comma', suggestion: t.replace(',', '.') };
  if (!DECIMAL.test(t)) return { problem: 'format' };
  const value = Number(t);
  if (!Number.isFinite(value)) return { problem: 'infinite' };
  return { value };
}

/**
 * Reads one number typed by the reader. Options: min, max (inclusive), integer (whole numbers
 * only), label (what the number is, named in the error). Returns { value } or { error }, the
 * error a reader-facing sentence that echoes at most 30 characters of the text.
 */
/**
 * @param {unknown} text
 * @param {{ min?: number, max?: number, integer?: boolean, label?: string }} [options]
 * @returns {{ value: number, error?: undefined } | { error: string, value?: undefined }}
 */
export function parseNumber(text, { min, max, integer = false, label } = {}) {
  const raw = String(text ?? '');
  const named = label ? `${label}: ` : '';
  const read = readDecimal(raw, { integer });
  if (read.problem === 'empty') return { error: label ? `Enter a number for ${label}.` : 'Enter a number.' };
  if (read.problem === 'comma') return { error: `${named}Use a decimal point: ${read.suggestion}` };
  if (read.problem === 'format') return { error: `${named}${echo(raw.trim())} is not a number.` };
  if (read.problem === 'infinite') return { error: `${named}That number is too large.` };
  const { value } = read;
  if (integer && !Number.isInteger(value)) {
    return { error: `${label ?? 'This'} must be a whole number (got ${echo(raw.trim())}).` };
  }
  const low = min ?? -Infinity;
  const high = max ?? Infinity;
  if (value < low || value > high) {
    const range =
      min !== undefined && max !== undefined
        ? `between ${formatBound(min)} and ${formatBound(max)}`
        : min !== undefined
          ? `of at least ${formatBound(min)}`
          : `of at most ${formatBound(max)}`;
    return { error: label ? `${label} must be a number ${range}.` : `Use a number ${range}.` };
  }
  return { value: value === 0 ? 0 : value };
}
