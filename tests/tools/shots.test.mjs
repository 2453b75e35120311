// npm run shots (scripts/shots.mjs): the pure parts, what a run plans to write and the contact sheet
// that lists it. The shooting itself needs a browser and is a reviewer's tool, not a test.
import assert from 'node:assert/strict';
import test from 'node:test';
import { DEMO_NAMES } from '../../web/src/demos/registry.js';
import { contactSheet, planShots, THEMES, WIDTHS } from '../../scripts/shots.mjs';

test('every demo of the registry is planned at 390, 768 and 1280 px, light and dark, with the chapter printed', () => {
  const plan = planShots();
  const figures = plan.filter((s) => s.kind === 'figure');
  assert.deepEqual(
    WIDTHS.map((w) => w.width),
    [390, 768, 1280],
  );
  assert.deepEqual(THEMES, ['light', 'dark']);
  assert.equal(figures.length, DEMO_NAMES.length * 3 * 2);
  for (const name of DEMO_NAMES) {
    const mine = figures.filter((s) => s.figure === name);
    assert.deepEqual(
      mine.map((s) => `${s.width} ${s.theme}`).sort(),
      ['1280 dark', '1280 light', '390 dark', '390 light', '768 dark', '768 light'],
      name,
    );
    for (const s of mine) {
      assert.equal(s.path, `embed.html?demo=${name}`);
      assert.equal(s.file, `${name}-${s.width}-${s.theme}.png`);
    }
  }
  assert.deepEqual(
    plan.filter((s) => s.kind === 'pdf').map((s) => [s.file, s.path]),
    [
      ['chapter-light.pdf', 'index.html'],
      ['chapter-dark.pdf', 'index.html'],
    ],
  );
  assert.equal(new Set(plan.map((s) => s.file)).size, plan.length, 'no two shots share a file');
});

test('a demo added to the registry is planned without any edit to the script', () => {
  const plan = planShots(['ledger', 'spotlight']);
  assert.deepEqual([...new Set(plan.filter((s) => s.kind === 'figure').map((s) => s.figure))], ['ledger', 'spotlight']);
  assert.ok(plan.some((s) => s.file === 'spotlight-390-dark.png' && s.path === 'embed.html?demo=spotlight'));
});

test('the contact sheet shows every picture by figure, width and theme, and links the PDFs', () => {
  const plan = planShots(['ledger', 'a<b']);
  const html = contactSheet(plan, { when: '2026-12-07T00:00:00Z' });
  for (const s of plan) {
    const file = s.file.replace('<', '&lt;');
    assert.ok(html.includes(`href="${file}"`), `${s.file} linked`);
    if (s.kind === 'figure') assert.ok(html.includes(`<img src="${file}"`), `${s.file} shown`);
  }
  assert.ok(!html.includes('a<b'), 'names are escaped');
  assert.match(html, /<h2 id="ledger">ledger<\/h2>/);
  // One row per width, light before dark in each.
  const ledger = html.slice(html.indexOf('id="ledger"'), html.indexOf('id="a&lt;b"'));
  assert.deepEqual(
    [...ledger.matchAll(/<img src="([^"]+)"/g)].map((m) => m[1]),
    [
      'ledger-390-light.png',
      'ledger-390-dark.png',
      'ledger-768-light.png',
      'ledger-768-dark.png',
      'ledger-1280-light.png',
      'ledger-1280-dark.png',
    ],
  );
  assert.match(html, /2026-12-07T00:00:00Z/);
});
