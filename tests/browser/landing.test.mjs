// Links land where they point, on slow machines too:
//  - a permalink with a demo's settings and a plain #figure-<demo> anchor bring that figure to the
//    top of the window and keep it there while the figures above it mount, under Chromium's CPU
//    throttling at 4x and 6x (CDP Emulation.setCPUThrottlingRate), on the served page and the
//    standalone file;
//  - a section anchor and demo settings share one hash, and the links written before still work;
//  - settings the page cannot use raise a notice, on load and when the hash is edited afterwards.
//   node --test --test-concurrency=1 tests/browser/landing.test.mjs      (npm run build first)
import { test, describe, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { launch, serve, openPage, standaloneUrl } from './harness.mjs';

const DEMOS = ['ledger', 'memory', 'overcapacity', 'spotlight'];
// One setting per demo that its permalink carries (and that changes what the figure shows).
const SETTING = {
  ledger: 'ledger.step=2',
  memory: 'memory.kvDtype=fp8',
  overcapacity: 'overcapacity.keys=orthogonal',
  spotlight: 'spotlight.n=100',
};
// What each figure shows once it has read its permalink's setting (SETTING).
const APPLIED = {
  ledger: ['[data-part="step-range"]', 'value', '2'],
  memory: ['select[id$="-kvdtype"]', 'value', 'fp8'],
  overcapacity: ['[data-part="keys"]', 'value', 'orthogonal'],
  spotlight: ['.la-spotlight', 'data-n', '100'],
};
const SECTION = 'where-retrieval-breaks-down';

let browser;
let server;
const allProblems = [];

before(async () => {
  browser = await launch();
  server = await serve();
});
after(async () => {
  await browser?.close();
  await server?.close();
});
afterEach(() => {
  const fresh = allProblems.splice(0).flat();
  assert.deepEqual(fresh, [], fresh.join('\n'));
});

/** Opens `url` with the CPU slowed `rate` times from the first byte on: { page, cdp, problems }. */
async function openThrottled(url, rate, viewport = { width: 1280, height: 900 }) {
  const page = await browser.newPage();
  const problems = [];
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
  });
  await page.setViewportSize(viewport);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await page.goto(url, { waitUntil: 'commit' });
  return { page, cdp, problems };
}

/** Waits for `demo`'s figure to be ready, the page loaded and the figures near the window mounted. */
async function waitSettled(page, demo) {
  await page.locator(`#figure-${demo} .demo-mount[data-status="ready"]`).waitFor({ timeout: 120000 });
  await page.waitForFunction(
    () =>
      document.readyState === 'complete' &&
      [...document.querySelectorAll('.demo-mount')].every((m) => {
        const r = m.getBoundingClientRect();
        const near = r.bottom > -600 && r.top < innerHeight + 600;
        return !near || m.dataset.status === 'ready';
      }),
    null,
    { timeout: 120000, polling: 200 },
  );
  // Late work (fonts, observers, the overcapacity sweep streaming in) gets a moment to move things.
  await page.waitForTimeout(1500);
}

const topOf = (page, id) => page.evaluate((i) => document.getElementById(i).getBoundingClientRect().top, id);

/** Waits (at most 10 s) for the page to be loaded with `id` at the top, which the test then asserts. */
async function landed(page, id) {
  await page.waitForFunction(() => document.readyState === 'complete');
  await page
    .waitForFunction((i) => Math.abs(document.getElementById(i).getBoundingClientRect().top) <= 4, id, {
      timeout: 10000,
    })
    .catch(() => {});
}

// Two of these at a time: a throttled renderer spends most of its time held back (Chromium runs
// its main thread a rate-th of the time), so two pages slowed 4x or 6x share the machine's two
// cores without slowing each other much; each test answers for its own pages' problems.
describe('timed: links under a slowed CPU', { concurrency: 2 }, () => {
  for (const target of ['served', 'standalone']) {
    for (const rate of [4, 6]) {
      test(`timed: ${target}, CPU ${rate}x slower: each figure's permalink and #figure anchor land on it and it stays`, async () => {
        const base = target === 'served' ? `${server.url}index.html` : standaloneUrl();
        for (const demo of DEMOS) {
          // 4x: the permalink with settings; 6x: the plain anchor that embeds link to.
          const hash = rate === 4 ? SETTING[demo] : `figure-${demo}`;
          const { page, problems } = await openThrottled(`${base}#${hash}`, rate);
          await waitSettled(page, demo);
          const top = await topOf(page, `figure-${demo}`);
          assert.ok(
            Math.abs(top) <= 4,
            `${target} ${rate}x #${hash}: figure-${demo} should be at the top, is at ${top} px`,
          );
          if (rate === 4) {
            const [sel, what, want] = APPLIED[demo];
            const got = await page.$eval(
              `#figure-${demo} ${sel}`,
              (el, w) => (w === 'value' ? el.value : el.getAttribute(w)),
              what,
            );
            assert.equal(got, want, `${target} ${rate}x #${hash}: the figure applied its setting`);
          }
          await page.close();
          assert.deepEqual(problems, [], problems.join('\n'));
        }
      });
    }
  }
});

test('a section anchor and demo settings share the hash; links written before still work', async () => {
  // The new form: the section first, then the settings. The page lands on the section.
  const { page, problems } = await openPage(browser, `${server.url}index.html#${SECTION}&ledger.step=2`);
  allProblems.push(problems);
  await landed(page, SECTION);
  assert.ok(Math.abs(await topOf(page, SECTION)) <= 4, 'lands on the section');
  // The ledger (above) gets its setting when mounted.
  await page.locator('#figure-ledger').scrollIntoViewIfNeeded();
  await page.locator('#figure-ledger .demo-mount[data-status="ready"]').waitFor({ timeout: 60000 });
  assert.equal(await page.locator('#figure-ledger [data-part="step-range"]').inputValue(), '2');

  // A reader on a plain section link who changes a figure keeps the section in the address.
  const plain = await openPage(browser, `${server.url}index.html#${SECTION}`);
  allProblems.push(plain.problems);
  const p = plain.page;
  await p.locator('#figure-ledger').scrollIntoViewIfNeeded();
  await p.locator('#figure-ledger .demo-mount[data-status="ready"]').waitFor({ timeout: 60000 });
  await p.locator('#figure-ledger [data-part="fm-elu1"]').check();
  await p.waitForFunction(() => /featureMap=elu1/.test(location.hash), null, { timeout: 10000 });
  const hash = await p.evaluate(() => location.hash);
  assert.match(hash, new RegExp(`^#${SECTION}&ledger\\.`), `section first, then settings: ${hash}`);
  // An in-page link replaces the hash: the settings follow to the new anchor.
  await p.evaluate(() => {
    location.hash = '#figure-memory';
  });
  await p.waitForFunction(() => /^#figure-memory&.*featureMap=elu1/.test(location.hash), null, { timeout: 5000 });
  // Reopened, the combined link lands on the section and restores the figure.
  const again = await openPage(browser, `${server.url}index.html${hash}`);
  allProblems.push(again.problems);
  await landed(again.page, SECTION);
  assert.ok(Math.abs(await topOf(again.page, SECTION)) <= 4, 'the combined link lands on the section');
  await again.page.locator('#figure-ledger').scrollIntoViewIfNeeded();
  await again.page.locator('#figure-ledger .demo-mount[data-status="ready"]').waitFor({ timeout: 60000 });
  assert.equal(await again.page.locator('#figure-ledger [data-part="fm-elu1"]').isChecked(), true);
  for (const x of [page, p, again.page]) await x.close();

  // Old forms: settings alone land on their figure; a plain anchor on its section.
  const old = await openPage(browser, `${server.url}index.html#overcapacity.keys=orthogonal`);
  allProblems.push(old.problems);
  await waitSettled(old.page, 'overcapacity');
  assert.ok(Math.abs(await topOf(old.page, 'figure-overcapacity')) <= 4, 'settings alone: lands on the figure');
  assert.equal(
    await old.page.locator('#figure-overcapacity [data-part="keys"]').inputValue(),
    'orthogonal',
    'and applies them',
  );
  await old.page.close();
});

test('link settings the page cannot use raise a notice, on load and after the hash is edited', async () => {
  // Settings for a figure this page does not have.
  const a = await openPage(browser, `${server.url}index.html#foo.bar=1`);
  allProblems.push(a.problems);
  const notice = a.page.locator('.page-notice[role="status"]');
  await notice.waitFor({ timeout: 10000 });
  assert.match(await notice.innerText(), /no figure of this page.*foo\.bar/s);
  await a.page.locator('.page-notice-close').click();
  assert.equal(await notice.count(), 0, 'Dismiss removes the notice');
  await a.page.close();

  // Edited after load: the good setting applies, the bad one is named next to the figure.
  const b = await openPage(browser, `${server.url}index.html`);
  allProblems.push(b.problems);
  await b.page.locator('#figure-ledger').scrollIntoViewIfNeeded();
  await b.page.locator('#figure-ledger .demo-mount[data-status="ready"]').waitFor({ timeout: 60000 });
  await b.page.evaluate(() => {
    location.hash = '#ledger.d=abc&ledger.step=1';
  });
  await b.page.waitForFunction(() => document.querySelector('#figure-ledger [data-part="step-range"]')?.value === '1');
  const figNotice = b.page.locator('#figure-ledger .embed-notice[role="status"]');
  await figNotice.waitFor({ timeout: 5000 });
  assert.match(await figNotice.innerText(), /Setting \u201cd\u201d/);
  // And an edited hash naming no figure raises the page notice.
  await b.page.evaluate(() => {
    location.hash = '#nothing.here=2';
  });
  await b.page.locator('.page-notice').waitFor({ timeout: 5000 });
  assert.match(await b.page.locator('.page-notice').innerText(), /nothing\.here/);
  await b.page.close();
});
