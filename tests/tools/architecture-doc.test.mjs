// ARCHITECTURE.md is read whole by a newcomer before a first change: it stays short (at most 350
// lines) and every line, tables included, fits a plain terminal or a side-by-side diff (at most
// 100 characters, counted as characters, not bytes).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import test from 'node:test';
import { root } from '../../scripts/test/jobs.mjs';

const MAX_LINES = 350;
const MAX_WIDTH = 100;
const text = readFileSync(path.join(root, 'ARCHITECTURE.md'), 'utf8');
const lines = text.replace(/\n$/, '').split('\n');

test(`ARCHITECTURE.md: at most ${MAX_LINES} lines`, () => {
  assert.ok(lines.length <= MAX_LINES, `${lines.length} lines`);
});

test(`ARCHITECTURE.md: every line at most ${MAX_WIDTH} characters, tables included`, () => {
  const wide = lines.flatMap((l, i) => ([...l].length > MAX_WIDTH ? [`${i + 1}: ${[...l].length}`] : []));
  assert.deepEqual(wide, []);
});

test('ARCHITECTURE.md keeps its glossary and describes the demo skeleton', () => {
  assert.match(text, /^## Words, one meaning each$/m);
  assert.match(text, /^## The demo skeleton/m);
  for (const file of ['store.js', 'work.js', 'view-loop.js', 'demo.js']) {
    assert.ok(text.includes(`\`${file}\``), `names demo-kit/${file}`);
  }
});
