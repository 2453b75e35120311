// The ledger's angle table and plane say what they measure: angles and overlaps are taken in one
// space (the features φ(k), named in the table), and a query of zeros, which has no direction, gets
// no arrow, no handle and "—" for its angles, with one line that says why. Run `npm run build` first;
// this file only reads dist/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, serve, openPage } from './harness.mjs';

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

/** embed.html with the ledger and `query` (already encoded), ready. */
async function openLedger(query) {
  const opened = await openPage(browser, new URL(`embed.html?demo=ledger${query}`, server.url).href);
  await opened.page.locator('.la-ledger').first().waitFor({ timeout: 30000 });
  await opened.page.waitForSelector('.la-ledger [data-part="page-status"]', { state: 'attached' });
  return opened;
}
const cellsOf = (page, name) =>
  page.$$eval(`.la-ledger [data-part="angles"] [data-part="${name}"]`, (c) => c.map((x) => x.textContent.trim()));

test('under elu + 1 the angle column is between the features, like the overlap beside it (36.87°, not 90°, beside 4)', async () => {
  const { page, problems } = await openLedger('&featureMap=elu1');
  const head = await page.$$eval('.la-ledger [data-part="angles"] thead th', (c) => c.map((x) => x.textContent));
  assert.deepEqual(head, ['key', 'angle \u03c6 to \u03c6', 'overlap \u03c6\u00b7\u03c6']);
  assert.match(await page.textContent('.la-ledger [data-part="angles"] caption'), /^Between \u03c6\(k\u2081\)/);
  // k1 = (1, 0) and k2 = (0, 1): features (2, 1) and (1, 2), overlap 4, 36.87° apart
  assert.equal((await cellsOf(page, 'overlap'))[0], '4');
  assert.equal((await cellsOf(page, 'angle'))[0], '36.87\u00b0');
  assert.match(await page.textContent('.la-ledger [data-part="angles"]'), /Angles and overlaps are both between/);
  assert.deepEqual(problems, []);
  await page.close();
  // The identity map keeps the raw keys' 90° and the plain header.
  const plain = await openLedger('');
  assert.equal((await cellsOf(plain.page, 'angle'))[0], '90\u00b0');
  assert.equal(await plain.page.textContent('.la-ledger [data-part="angles"] thead th:nth-child(2)'), 'angle');
  await plain.page.close();
});

test('a free query of (0, 0) has no direction: no arrow, no handle, “—” for every angle and a one-line note', async () => {
  const { page, problems } = await openLedger(`&query=-1&freeQuery=${encodeURIComponent('0,0')}`);
  assert.deepEqual(await cellsOf(page, 'angle'), ['\u2014', '\u2014', '\u2014']);
  assert.equal(
    (await page.textContent('.la-ledger [data-part="no-direction"]')).trim(),
    'q = 0 has no direction: no arrow, and no angle to any key.',
  );
  const said = await page.textContent('.la-ledger [data-part="angles"]');
  assert.doesNotMatch(said, /At 90\u00b0/, 'no talk of angles it does not have');
  assert.match(said, /With no direction, q overlaps every key by 0: its read is zero\./);
  const shown = (sel) => page.$eval(sel, (el) => getComputedStyle(el).display !== 'none');
  assert.equal(await shown('.la-ledger .lg-arrow.is-query'), false, 'no arrow for q');
  assert.equal(await shown('.la-ledger [data-part="handle-q"]'), false, 'no handle for q');
  assert.equal(await shown('.la-ledger [data-part="handle-1"]'), true, 'the keys keep theirs');
  // Typed back to a direction, q has its arrow and its angles again (its fields wait behind the
  // figure's "Numbers" disclosure, opened as a reader does).
  await page.click('.la-ledger [data-part="numbers"] > summary');
  const field = page.locator('.la-ledger [data-part="free-q-1"]');
  await field.fill('1');
  await field.press('Enter');
  await page.waitForFunction(
    () => document.querySelector('.la-ledger [data-part="angles"] [data-part="angle"]')?.textContent === '0\u00b0',
  );
  assert.equal(await shown('.la-ledger .lg-arrow.is-query'), true);
  assert.equal(await shown('.la-ledger [data-part="handle-q"]'), true);
  assert.equal(await page.$('.la-ledger [data-part="no-direction"]'), null);
  assert.deepEqual(problems, []);
  await page.close();
});
