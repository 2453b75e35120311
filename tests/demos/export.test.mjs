// The page kit's export helpers that need no browser (web/src/lib/export.js): CSV text and file
// names. The SVG and PNG parts are checked in a real browser (tests/browser/export.test.mjs).
import test from 'node:test';
import assert from 'node:assert/strict';
import { csvText, figureCsv, fileName, slug } from '../../web/src/lib/export.js';
import { SERIES as OC_SERIES, exportOf as exportOverc } from '../../web/src/demos/overcapacity/export.js';
import { exportOf as exportLedger } from '../../web/src/demos/ledger/export.js';
import { DEFAULTS as OC_DEFAULTS } from '../../web/src/demos/overcapacity/state.js';
import { readCsvLikePandas } from '../csv-read.mjs';

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

test('figureCsv: one table that pandas.read_csv opens: the curve, the reader\u2019s row, a column per setting', () => {
  const text = figureCsv({
    rows: { columns: ['N (stored associations)', 'mean cosine'], rows: [[1, 1], [2, 0.707], [3]] },
    readerRow: [2, 0.707],
    settings: [
      ['update rule', 'delta'],
      ['forget gate', 0.995],
      ['delta step', 1.5],
      ['k1, v1', '(1, 0), (3, 1)'],
    ],
  });
  const { head, rows } = readCsvLikePandas(text);
  assert.deepEqual(head, [
    'N (stored associations)',
    'mean cosine',
    'point',
    'setting: update rule',
    'setting: forget gate',
    'setting: delta step',
    'setting: k1, v1',
  ]);
  assert.deepEqual(rows, [
    ['1', '1', 'curve', 'delta', '0.995', '1.5', '(1, 0), (3, 1)'],
    ['2', '0.707', 'curve', 'delta', '0.995', '1.5', '(1, 0), (3, 1)'],
    ['3', '', 'curve', 'delta', '0.995', '1.5', '(1, 0), (3, 1)'],
    ['2', '0.707', 'reader', 'delta', '0.995', '1.5', '(1, 0), (3, 1)'],
  ]);
  assert.ok(!/^#/m.test(text), 'no comment lines (read_csv would need comment="#")');
});

test('figure 4.3\u2019s export names the update rule, gate and step, in the file name and in the file', () => {
  const noDom = { querySelector: () => null, querySelectorAll: () => [] };
  const state = {
    ...OC_DEFAULTS,
    d: 32,
    keys: 'orthogonal',
    trials: 5,
    seed: 77,
    beta: 2,
    rule: 'delta',
    gate: 0.995,
    step: 1.5,
    n: 3,
  };
  const sweep = {
    ns: [1, 2, 3],
    trials: 5,
    phase: 'full',
    ...Object.fromEntries(OC_SERIES.map((k) => [k, [1, 0.7071067811865476, 1.2000000000000004e-5]])),
  };
  const offer = exportOverc({ sweep, complete: true }, state, noDom);
  assert.equal(
    fileName('Figure 4.3', offer.name, 'csv'),
    'figure-4.3-overcapacity-d32-orthogonal-trials5-seed77-beta2-delta-gate0.995-step1.5.csv',
  );
  const set = Object.fromEntries(offer.settings);
  assert.equal(set['update rule'], 'delta');
  assert.equal(set['forget gate'], 0.995);
  assert.equal(set['delta step'], 1.5);
  assert.equal(set.tolerance, OC_DEFAULTS.level);
  // Rounded as the table of plotted numbers shows them (3 decimals; a tiny value keeps its digits).
  assert.deepEqual(offer.rows.rows[1].slice(0, 2), [2, 0.707]);
  assert.deepEqual(offer.rows.rows[2].slice(0, 2), [3, 0.000012]);
  assert.deepEqual(offer.readerRow, offer.rows.rows[2], 'the reader\u2019s N is a row');
  const { head, rows } = readCsvLikePandas(figureCsv(offer));
  assert.ok(head.includes('setting: forget gate') && rows.length === 4);
});

test('the ledger\u2019s export writes numbers as the figure shows them (1.2, not 1.2000000000000004)', () => {
  const state = { d: 2, featureMap: 'identity', step: 1, associations: [{ k: [0.8, 0.6], v: [1, 2] }] };
  const view = {
    reads: [
      {
        index: 0,
        k: [0.8, 0.6],
        v: [1, 2],
        read: [1.2000000000000004, -1.8000000000000003],
        error: 3.4176014981270124,
      },
    ],
  };
  const offer = exportLedger(state, view, null);
  assert.deepEqual(offer.rows.rows, [[1, 0.8, 0.6, 1, 2, 1.2, -1.8, 3.4176]]);
  assert.match(csvText(offer.rows), /,1\.2,-1\.8,3\.4176\r\n$/);
});
