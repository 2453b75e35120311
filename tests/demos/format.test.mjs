// The page kit's number formatting (web/src/lib/format.js), used by every demo's format.js:
// significant digits for small numbers, scientific notation for tiny and huge ones, and never a
// bare 0 for a number that is not zero ( item 2).
import test from 'node:test';
import assert from 'node:assert/strict';
import { formatNumber, formatPlain, readFormatted } from '../../web/src/lib/format.js';
import { formatNumber as ledgerNumber, formatInput, formatVector } from '../../web/src/demos/ledger/format.js';
import { formatCos } from '../../web/src/demos/overcapacity/format.js';

const M = '\u2212';

test('formatNumber: up to 4 decimals from 1 up, trailing zeros trimmed, typographic minus', () => {
  assert.equal(formatNumber(3), '3');
  assert.equal(formatNumber(-1.8), `${M}1.8`);
  assert.equal(formatNumber(1.2000000000000002), '1.2');
  assert.equal(formatNumber(4.47213595), '4.4721');
  assert.equal(formatNumber(1000021), '1000021');
  assert.equal(formatNumber(-0), '0');
  assert.equal(formatNumber(0), '0');
  assert.equal(formatNumber(36.8698976, 2), '36.87');
});

test('formatNumber: numbers below 1 keep their significant digits, never a bare 0', () => {
  assert.equal(formatNumber(0.96), '0.96');
  assert.equal(formatNumber(0.0182), '0.0182');
  assert.equal(formatNumber(0.006123456), '0.006123');
  assert.equal(formatNumber(-0.0061), `${M}0.0061`);
  assert.equal(formatNumber(0.30000000000000004), '0.3');
  assert.equal(formatNumber(0.004, 2), '0.004');
  assert.equal(formatNumber(1.000002e-6), `1 \u00d7 10${M.replace(M, '\u207b')}\u2076`);
  assert.equal(formatNumber(1e-300), '1 \u00d7 10\u207b\u00b3\u2070\u2070');
  assert.equal(formatNumber(-2.0611536e-9), `${M}2.061 \u00d7 10\u207b\u2079`);
  for (const x of [1e-320, 5e-324, 1e-5, 2.5e-12, -7e-8, 0.00009999]) {
    const text = formatNumber(x);
    assert.notEqual(text, '0', `${x} must not read as 0`);
    assert.ok(/[1-9]/.test(text.replace(/ × 10.*$/, '')), `${x} -> ${text} shows a non-zero digit`);
  }
});

test('formatNumber: huge numbers in scientific notation, infinities and junk readable', () => {
  assert.equal(formatNumber(2.4e19), '2.4 \u00d7 10\u00b9\u2079');
  assert.equal(formatNumber(-1.23456789e12), `${M}1.235 \u00d7 10\u00b9\u00b2`);
  assert.equal(formatNumber(999999999), '999999999');
  assert.equal(formatNumber(Infinity), '\u221e');
  assert.equal(formatNumber(-Infinity), `${M}\u221e`);
  assert.equal(formatNumber(Number.NaN), '?');
  assert.equal(formatNumber(undefined), '?');
});

test('readFormatted reads every form formatNumber writes back to the number (within its digits)', () => {
  for (const x of [0, 3, -1.8, 0.0182, 1e-300, -2.0611536e-9, 2.4e19, 1000021, 5e-324]) {
    const back = readFormatted(formatNumber(x));
    const tol = Math.abs(x) * 1e-3;
    assert.ok(Math.abs(back - x) <= tol, `${x} -> ${formatNumber(x)} -> ${back}`);
  }
  assert.ok(Number.isNaN(readFormatted('?')));
});

test('formatPlain: ASCII text a field can hold and the parser reads back exactly enough', () => {
  assert.equal(formatPlain(-3), '-3');
  assert.equal(formatPlain(0.6), '0.6');
  assert.equal(formatPlain(1e-300), '1e-300');
  assert.equal(formatPlain(2.5e-7), '2.5e-7');
  assert.equal(formatPlain(1e6), '1000000');
  assert.equal(formatPlain(-0), '0');
});

test('the demos format through the kit', () => {
  assert.equal(ledgerNumber(1e-300), formatNumber(1e-300));
  assert.equal(formatInput(1e-300), '1e-300');
  assert.equal(formatVector([1e-300, 0]), `(${formatNumber(1e-300)}, 0)`);
  assert.equal(formatCos(0.004), '0.004');
  assert.equal(formatCos(0.7712), '0.77');
  assert.equal(formatCos(-0.0002), `${M}0.0002`);
  assert.equal(formatCos(1), '1.00');
  assert.equal(formatCos(-0.001), `${M}0.001`);
  assert.equal(formatCos(-0.004, 3), `${M}0.004`);
  assert.equal(formatCos(0), '0.00');
});
