// The page kit's export helpers that need no browser (web/src/lib/export.js): CSV text and file
// names. The SVG and PNG parts are checked in a real browser (tests/browser/export.test.mjs).
import test from 'node:test';
import assert from 'node:assert/strict';
import { csvText, fileName, slug } from '../../web/src/lib/export.js';

test('csvText writes RFC 4180: a header, one line per row, CRLF', () => {
  const text = csvText({
    columns: ['N', 'mean cosine'],
    rows: [
      [1, 1],
      [2, Math.SQRT1_2],
    ],
  });
  assert.equal(text, 'N,mean cosine\r\n1,1\r\n2,0.7071067811865476\r\n');
});

test('csvText keeps numbers exact and quotes text only where it must', () => {
  const text = csvText({
    columns: ['name, with comma', 'say "hi"', 'bytes'],
    rows: [
      ['a\nb', 'plain', '123456789012345678901234567890'],
      ['x', 'y', 12345678901234567890n],
    ],
  });
  assert.equal(
    text,
    '"name, with comma","say ""hi""",bytes\r\n"a\nb",plain,123456789012345678901234567890\r\nx,y,12345678901234567890\r\n',
  );
});

test('csvText: negative numbers stay numbers; text that a spreadsheet would run is defused', () => {
  const text = csvText({
    columns: ['a', 'b', 'c'],
    rows: [
      [-2, '=SUM(A1)', '@x'],
      [Number.NaN, '-1+1', 0],
    ],
  });
  assert.equal(text, "a,b,c\r\n-2,'=SUM(A1),'@x\r\n,'-1+1,0\r\n");
});

test('fileName says the figure and its settings', () => {
  assert.equal(fileName('Figure 4.3', 'overcapacity-d64-random', 'svg'), 'figure-4.3-overcapacity-d64-random.svg');
  assert.equal(fileName('', 'memory-llama 3/8B', 'csv'), 'memory-llama-3-8b.csv');
  assert.equal(fileName('', '', 'png'), 'figure.png');
  assert.equal(slug(' ../../etc/passwd '), 'etc-passwd');
});
