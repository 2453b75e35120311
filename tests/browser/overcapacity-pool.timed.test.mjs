// The overcapacity figure's pool of workers in the built page: with the browser
// reporting 3 cores the sweep's trials are shared by 2 workers (one core stays with the page;
// 2 cores give 1 worker), and the figure ends at the same
// numbers as with 1 (the core merges the per-trial records: bit for bit, tests/api/trial-merge).
// The workers take the core's code from the page's own chunk (web/src/lib/core-entry.js), not a copy.
// Run `npm run build` first:  node --test --test-concurrency=1 tests/browser/overcapacity-pool.timed.test.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DIST, launch, serve } from './harness.mjs';

const ROOT = '.demo-mount[data-demo="overcapacity"]';
const part = (name) => `${ROOT} [data-part="${name}"]`;

let browser;
let server;

before(async () => {
  browser = await launch();
  server = await serve();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** The chapter at d = 128 in a page whose navigator reports `cores`; the figure's numbers once
 *  its sweep is complete: the sentence, and every row of the plotted-numbers table. */
async function finalNumbers(cores) {
  const page = await browser.newPage();
  const problems = [];
  page.on('pageerror', (err) => problems.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(msg.text());
  });
  await page.addInitScript((n) => {
    Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => n, configurable: true });
  }, cores);
  try {
    await page.goto(`${server.url}#figure-overcapacity&overcapacity.d=128&overcapacity.n=300`);
    await page.locator(ROOT).scrollIntoViewIfNeeded();
    await page.waitForSelector(`${ROOT}[data-sweep="complete"][data-n="300"]`, { timeout: 180000, state: 'attached' });
    // The pool's workers and the store's: cores + 1.
    const workers = page.workers().length;
    const sentence = await page.textContent(`${ROOT} [data-field="sentence"]`);
    const details = page.locator(part('table'));
    await details.locator('summary').click();
    const rows = [];
    const pages = await page.$eval(part('table-page'), (s) => (s.closest('[hidden]') ? 1 : s.options.length));
    for (let k = 0; k < pages; k += 1) {
      if (k > 0) {
        await page.selectOption(part('table-page'), String(k));
        await page.waitForFunction(
          ([sel, n]) => new RegExp(`rows N = ${n} to`).test(document.querySelector(sel).textContent),
          [`${part('table')} caption`, (k * 256 + 1).toLocaleString('en-US')],
        );
      }
      await page.waitForSelector(`${part('table')} .oc-table-scroll:not([aria-busy]) tbody tr`, { state: 'attached' });
      rows.push(...(await page.$$eval(`${part('table')} tbody tr`, (trs) => trs.map((tr) => tr.textContent))));
    }
    return { workers, sentence, rows, problems };
  } finally {
    await page.close();
  }
}

test('2 workers share the d = 128 sweep and the figure ends at the 1-worker numbers', async () => {
  const one = await finalNumbers(2); // 2 cores: 1 worker, one core left to the page
  const two = await finalNumbers(3); // 3 cores: 2 workers
  assert.deepEqual(one.problems, []);
  assert.deepEqual(two.problems, []);
  assert.equal(two.workers, one.workers + 1, `a second pool worker (${one.workers} then ${two.workers} workers)`);
  assert.match(one.sentence, /^With 300 associations in a 128-dimensional state/);
  assert.equal(two.sentence, one.sentence);
  assert.equal(one.rows.length, 512, 'N = 1 to 512');
  assert.deepEqual(two.rows, one.rows);
});

test("the workers import the page's own core chunk: one file the chapter fetches carries the core's loader", async () => {
  // The main core's wasm, by its built name; its loader names it (the ledger's and the spotlight's
  // modules have wasm files of their own).
  const wasm = readdirSync(join(DIST, 'assets')).filter((f) => /^linattn-(?!ledger-|spotlight-).+\.wasm$/.test(f));
  assert.equal(wasm.length, 1, wasm.join(', '));
  const page = await browser.newPage();
  const problems = [];
  page.on('pageerror', (err) => problems.push(err.message));
  const scripts = new Set();
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.endsWith('.js')) scripts.add(path);
  });
  try {
    await page.goto(`${server.url}#figure-overcapacity`);
    await page.locator(ROOT).scrollIntoViewIfNeeded();
    await page.waitForSelector(`${ROOT}[data-sweep="complete"]`, { timeout: 120000, state: 'attached' });
    assert.ok(page.workers().length >= 1, 'the sweep ran in workers');
    assert.doesNotMatch(await page.textContent(`${ROOT} .oc-status`), /workers are unavailable/);
    const loaders = [...scripts].filter((p) => readFileSync(join(DIST, p), 'utf8').includes(wasm[0]));
    assert.equal(loaders.length, 1, `the core's loader is in one file the page fetched: ${loaders.join(', ')}`);
    assert.match(loaders[0], /\/assets\/core-entry-/, "the page's own core chunk");
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});
