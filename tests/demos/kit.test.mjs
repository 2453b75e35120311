// The page kit's pure parts (web/src/lib/): number parsing, the frame coalescer (node has no
// requestAnimationFrame: the kit falls back to a 16 ms timer), the work timer.
import test from 'node:test';
import assert from 'node:assert/strict';
import { parseNumber, readDecimal, echo } from '../../web/src/lib/numbers.js';
import { coalesceFrames } from '../../web/src/lib/frame.js';
import { workTimer } from '../../web/src/lib/work-timing.js';

test('parseNumber reads what people type', () => {
  assert.deepEqual(parseNumber('1.5'), { value: 1.5 });
  assert.deepEqual(parseNumber(' +2 '), { value: 2 });
  assert.deepEqual(parseNumber('\u22123'), { value: -3 });
  assert.deepEqual(parseNumber('.5'), { value: 0.5 });
  assert.deepEqual(parseNumber('1e3'), { value: 1000 });
  assert.deepEqual(parseNumber('-0'), { value: 0 });
  assert.ok(Object.is(parseNumber('-0').value, 0), 'minus zero reads as zero');
  assert.deepEqual(parseNumber('1,024', { integer: true }), { value: 1024 });
  assert.deepEqual(parseNumber('4_096', { integer: true }), { value: 4096 });
});

test('parseNumber refuses with a sentence a reader can act on', () => {
  assert.equal(parseNumber('').error, 'Enter a number.');
  assert.equal(parseNumber('  ', { label: 'N' }).error, 'Enter a number for N.');
  assert.equal(parseNumber('1,5').error, 'Use a decimal point: 1.5');
  assert.equal(parseNumber('abc').error, '\u201cabc\u201d is not a number.');
  assert.equal(parseNumber('NaN').error, '\u201cNaN\u201d is not a number.');
  assert.equal(parseNumber('Infinity').error, '\u201cInfinity\u201d is not a number.');
  assert.equal(parseNumber('1e400').error, 'That number is too large.');
  assert.equal(parseNumber('5e6', { min: -1e6, max: 1e6 }).error, 'Use a number between \u22121e6 and 1e6.');
  assert.deepEqual(parseNumber('1e6', { min: -1e6, max: 1e6 }), { value: 1e6 });
  assert.equal(
    parseNumber('1.5', { integer: true, label: 'Trials' }).error,
    'Trials must be a whole number (got \u201c1.5\u201d).',
  );
  assert.equal(parseNumber('0', { min: 1, max: 64, label: 'd' }).error, 'd must be a number between 1 and 64.');
  assert.equal(parseNumber('-1', { min: 0, label: 'Sessions' }).error, 'Sessions must be a number of at least 0.');
  assert.equal(parseNumber('99', { max: 10 }).error, 'Use a number of at most 10.');
});

test('readDecimal says what is wrong without wording it (the codec words its own)', () => {
  assert.deepEqual(readDecimal(' 2.5 '), { value: 2.5 });
  assert.deepEqual(readDecimal(''), { problem: 'empty' });
  assert.deepEqual(readDecimal('2,5'), { problem: 'comma', suggestion: '2.5' });
  assert.deepEqual(readDecimal('0x10'), { problem: 'format' });
  assert.deepEqual(readDecimal('-1e999'), { problem: 'infinite' });
  assert.deepEqual(readDecimal('1,024', { integer: true }), { value: 1024 });
});

test('parseNumber echoes at most 30 characters of the text', () => {
  const long = `<script>${'x'.repeat(100)}`;
  const { error } = parseNumber(long, { label: 'Beta' });
  assert.match(error, /^Beta: /);
  assert.ok(error.includes(`\u201c${long.slice(0, 30)}\u2026\u201d`), error);
  assert.ok(!error.includes(long.slice(0, 31)));
  assert.equal(echo('a\u0000b'), '\u201ca b\u201d');
});

test('coalesceFrames calls fn once per frame with the latest value', async () => {
  const calls = [];
  const schedule = coalesceFrames((v) => calls.push(v));
  schedule(1);
  schedule(2);
  schedule(3);
  assert.equal(schedule.pending(), true);
  assert.deepEqual(calls, [], 'nothing runs synchronously');
  await new Promise((r) => setTimeout(r, 40));
  assert.deepEqual(calls, [3]);
  assert.equal(schedule.pending(), false);
});

test('coalesceFrames flush() runs now, cancel() drops the call', async () => {
  const calls = [];
  const schedule = coalesceFrames((v) => calls.push(v));
  schedule('a');
  schedule.flush();
  assert.deepEqual(calls, ['a']);
  schedule.flush();
  assert.deepEqual(calls, ['a'], 'flush with nothing pending does nothing');
  schedule('b');
  schedule.cancel();
  await new Promise((r) => setTimeout(r, 40));
  assert.deepEqual(calls, ['a'], 'cancelled call never runs');
  schedule('c');
  await new Promise((r) => setTimeout(r, 40));
  assert.deepEqual(calls, ['a', 'c'], 'usable after cancel');
});

test('workTimer records a measure named la-<demo>:<what> and clears it', () => {
  const seen = [];
  const obs = new PerformanceObserver((list) => seen.push(...list.getEntries().map((e) => e.name)));
  obs.observe({ entryTypes: ['measure'] });
  const timed = workTimer('kit');
  timed('frame', performance.now() - 5);
  assert.equal(performance.getEntriesByName('la-kit:frame').length, 0, 'cleared at once');
  return new Promise((resolve) =>
    setTimeout(() => {
      obs.disconnect();
      assert.ok(seen.includes('la-kit:frame'), `observed ${seen}`);
      resolve();
    }, 20),
  );
});
