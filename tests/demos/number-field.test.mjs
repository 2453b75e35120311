// The page's one numeric field, the reader's side: every form a reader may type, the range named
// in every refusal, no clamping, zero refused where it means nothing, subnormals refused, and the
// value shown back grouped with U+2212.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readField, readNumberText, showNumber } from '../../web/src/lib/number-field.js';

const TOKENS = { label: 'Context', min: 1000, max: 10_000_000, integer: true, unit: 'tokens', unitName: 'tokens' };
const GPU = { label: 'GPU budget', min: 0, max: 999_999_999e9, zero: false, unit: 'bytes' };
const PARAMS = { label: 'Parameters', min: 0, max: 1e15, zero: false, unit: 'params' };

test('digits plain, grouped by commas, spaces, thin spaces or underscores, and exponents', () => {
  for (const t of [
    '1000000',
    '1,000,000',
    '1 000 000',
    '1\u202f000\u202f000',
    '1_000_000',
    '1e6',
    '1E6',
    '+1e6',
    '1.0e6',
  ])
    assert.deepEqual(readField(t, TOKENS), { value: 1_000_000 }, t);
  assert.deepEqual(readNumberText('\u22123.5'), { value: -3.5 });
  assert.deepEqual(readNumberText('-1,234.5'), { value: -1234.5 });
  assert.deepEqual(readNumberText('1.82 \u00d7 10\u207b\u2075'), { value: 1.82e-5 });
  assert.deepEqual(readNumberText('.5'), { value: 0.5 });
});

test('unit suffixes where the field has a unit', () => {
  assert.deepEqual(readField('10k', TOKENS), { value: 10_000 });
  assert.deepEqual(readField('10 k', TOKENS), { value: 10_000 });
  assert.deepEqual(readField('1M', TOKENS), { value: 1_000_000 });
  assert.deepEqual(readField('1.5M', TOKENS), { value: 1_500_000 });
  assert.deepEqual(readField('128K', TOKENS), { value: 128_000 });
  for (const t of ['80', '80 GB', '80GB', '80e9 B', '80,000 MB'])
    assert.deepEqual(readField(t, GPU), { value: 80e9 }, t);
  assert.deepEqual(readField('80 GiB', GPU), { value: 80 * 2 ** 30 });
  assert.deepEqual(readField('1 TiB', GPU), { value: 2 ** 40 });
  assert.deepEqual(readField('40.5', GPU), { value: 40.5e9 });
  assert.deepEqual(readField('8B', PARAMS), { value: 8e9 });
  assert.deepEqual(readField('8.03', PARAMS), { value: 8.03e9 });
  assert.deepEqual(readField('8.03e9', PARAMS), { value: 8.03e9 });
  assert.deepEqual(readField('405 billion', PARAMS), { value: 405e9 });
  assert.deepEqual(readField('350M', PARAMS), { value: 350e6 });
  // a suffix the field does not have is not a number
  assert.match(
    readField('10 GB', TOKENS).error,
    /^Context: “10 GB” is not a number; use a whole number from 1,000 to 10,000,000 tokens\.$/,
  );
  assert.match(readField('10k', { label: 'x' }).error, /is not a number/);
});

test('out of range is refused with the range named, never clamped', () => {
  for (const t of ['-5', '\u22125', '0', '999', '10000001', '2e7'])
    assert.equal(
      readField(t, TOKENS).error,
      `Context: “${t}” is outside the range; use a whole number from 1,000 to 10,000,000 tokens.`,
      t,
    );
  assert.equal(
    readField('1.5', { label: 'Sessions', min: 1, integer: true }).error,
    'Sessions: “1.5” is not whole; use a whole number at least 1.',
  );
  assert.equal(
    readField('1000.5', TOKENS).error,
    'Context: “1000.5” is not whole; use a whole number from 1,000 to 10,000,000 tokens.',
  );
  assert.equal(readField('', TOKENS).error, 'Context: enter a whole number from 1,000 to 10,000,000 tokens.');
  assert.equal(
    readField('abc', TOKENS).error,
    'Context: “abc” is not a number; use a whole number from 1,000 to 10,000,000 tokens.',
  );
  assert.match(readField('1e999', TOKENS).error, /too large/);
  assert.match(readField('x'.repeat(5000), TOKENS).error, /^Context: “x{30}…” is not a number/);
  // the bounds themselves are in
  assert.deepEqual(readField('1,000', TOKENS), { value: 1000 });
  assert.deepEqual(readField('10M', TOKENS), { value: 10_000_000 });
});

test('zero where zero means nothing (a GPU with no memory) is refused with a message', () => {
  for (const t of ['0', '0 GB', '0.0', '-0'])
    assert.match(readField(t, GPU).error, /^GPU budget: 0 holds nothing; use a number more than 0 and at most/, t);
  assert.match(readField('-8', GPU).error, /outside the range/);
  assert.match(readField('0', PARAMS).error, /0 holds nothing/);
  // zero is fine where it is a value (a ledger coordinate)
  assert.deepEqual(readField('0', { label: 'k', min: -1e6, max: 1e6 }), { value: 0 });
  assert.ok(Object.is(readField('-0', { label: 'k', min: -1, max: 1 }).value, 0), 'never −0');
});

test('numbers below the smallest normal double are refused, not shown with digits they lack', () => {
  const K = { label: 'k₁', min: -1e6, max: 1e6 };
  for (const t of ['1e-320', '-1e-320', '4.9e-324', '1e-400'])
    assert.equal(
      readField(t, K).error,
      `k₁: “${t}” is below 2.2 × 10⁻³⁰⁸, where a number loses digits; use 0 or a number from −1,000,000 to 1,000,000.`,
      t,
    );
  assert.deepEqual(readField('1e-300', K), { value: 1e-300 });
  assert.deepEqual(readField('0e-400', K), { value: 0 });
  assert.match(readField('1e-320', TOKENS).error, /below 2\.2 × 10⁻³⁰⁸/);
});

test('shown back grouped as the page formats numbers (U+2212 minus, × 10ⁿ)', () => {
  assert.equal(showNumber(1_000_000), '1,000,000');
  assert.equal(showNumber(8192), '8,192');
  assert.equal(showNumber(999), '999');
  assert.equal(showNumber(-3), '\u22123');
  assert.equal(showNumber(-12345.5), '\u221212,345.5');
  assert.equal(showNumber(0.6), '0.6');
  assert.equal(showNumber(1e-300), '1 \u00d7 10\u207b\u00b3\u2070\u2070');
  assert.equal(showNumber(2.4e19), '2.4 \u00d7 10\u00b9\u2079');
  // a subnormal from elsewhere (a link) shows only the digits it holds, never 9.99989 × 10⁻³²¹
  assert.equal(showNumber(1e-320), '1 \u00d7 10\u207b\u00b3\u00b2\u2070');
  assert.equal(showNumber(5e-324), '5 \u00d7 10\u207b\u00b3\u00b2\u2074');
  // what is shown reads back to the same number
  for (const x of [1_000_000, -3, -12345.5, 0.6, 1e-300, 2.4e19, 123456.789])
    assert.equal(readNumberText(showNumber(x)).value, x, String(x));
});
