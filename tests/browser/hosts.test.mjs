// Course platforms as they really are (issue 21), against the built dist/ (`npm run build` first):
//   node --test --test-concurrency=1 tests/browser/hosts.test.mjs
// Each case has its own host page (tests/browser/fixtures/hosts/) on one loopback origin
// (127.0.0.1:A) embedding the chapter served from another (localhost:B), see hosts-harness.mjs:
// uploads shown through srcdoc / blob: / data: and sandboxed, themed elements, elements driven by
// scripts, hostile host CSS, a Trusted Types CSP, an iframe far down the page, oEmbed, printing
// before scrolling, and a sandboxed iframe without workers.
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, waitUntil, DIST } from './harness.mjs';
import { startHosts, openHostPage } from './hosts-harness.mjs';

const TRUSTED_TYPES_CSP = "require-trusted-types-for 'script'; trusted-types linattn";

let browser;
let hosts;
const opened = [];

before(async () => {
  hosts = await startHosts({ pageHeaders: { 'trusted-types.html': { 'Content-Security-Policy': TRUSTED_TYPES_CSP } } });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await hosts?.close();
});

// Every test answers for the pages it opened: no console errors, no uncaught errors.
afterEach(async () => {
  const pages = opened.splice(0);
  const problems = pages.flatMap((p) => p.problems);
  for (const p of pages) await p.page.close().catch(() => {});
  assert.deepEqual(problems, [], `problems in the pages of this test:\n${problems.join('\n')}`);
});

async function open(file, options) {
  const p = await openHostPage(browser, `${hosts.hostUrl}${file}`, options);
  opened.push(p);
  return p;
}

const READY = '.linattn-mount[data-status="ready"]';

/** The iframe's content frame, once its demo is mounted. */
async function readyFrame(page, id) {
  const handle = await page.waitForSelector(`#${id}`, { state: 'attached', timeout: 30000 });
  let frame = await handle.contentFrame();
  await waitUntil(
    async () => {
      frame = await handle.contentFrame();
      return frame && (await frame.locator(READY).count()) > 0;
    },
    { timeout: 60000, message: `${id}: demo mounted` },
  );
  return frame;
}

/** Resolves once the element's demo is mounted (element.state is there). */
function readyElement(page, id) {
  return page.waitForFunction((i) => document.getElementById(i)?.state != null, id, { timeout: 60000 });
}

// ---- 1. uploads shown through srcdoc, blob:, data:, sandboxed ------------------------------------
test('1. the standalone embed works when a platform shows the upload through srcdoc, blob:, data:, sandboxed or not', async () => {
  const { page } = await open('uploads.html');
  await page.waitForFunction(() => window.framesAdded === true, null, { timeout: 30000 });
  for (const id of ['srcdoc', 'blob', 'data', 'sandboxed-srcdoc', 'sandboxed-blob']) {
    const frame = await readyFrame(page, id);
    const before = await frame.evaluate(() => location.href);
    // A reader change: the demo follows it, and the state simply stays out of the URL.
    await frame.locator('[data-part="fm-elu1"]').check();
    await frame.waitForFunction(() => window.linattnEmbed?.handle.getState().featureMap === 'elu1', null, {
      timeout: 10000,
    });
    await frame.waitForTimeout(400); // past the URL writer's delay: nothing may throw then either
    assert.equal(await frame.evaluate(() => location.href), before, `${id}: the URL is left alone`);
    assert.equal(await frame.locator('.linattn-source').count(), 0, `${id}: no "Open in the chapter" link to nowhere`);
  }
});

// ---- 2. themes -----------------------------------------------------------------------------------
test('2. custom elements follow theme="dark", theme="light" and the reader\'s dark mode', async () => {
  const { page } = await open('themes.html', { colorScheme: 'dark' });
  for (const id of ['dark', 'light', 'auto']) await readyElement(page, id);
  const look = (id) =>
    page.evaluate((i) => {
      const inner = document.getElementById(i).shadowRoot.querySelector('.linattn-mount');
      const style = getComputedStyle(inner);
      return { bg: style.getPropertyValue('--bg').trim(), color: style.color };
    }, id);
  const dark = await look('dark');
  const light = await look('light');
  const auto = await look('auto');
  assert.equal(dark.bg, '#141619', 'theme="dark" gives the dark tokens');
  assert.equal(dark.color, 'rgb(231, 229, 224)', 'theme="dark": light text');
  assert.equal(light.bg, '#fcfbf8', 'theme="light" stays light in a dark system theme');
  assert.equal(light.color, 'rgb(28, 29, 31)');
  assert.equal(auto.bg, '#141619', 'no theme attribute: the reader\'s dark mode');
  // Changing the attribute later restyles the element.
  await page.evaluate(() => document.getElementById('dark').setAttribute('theme', 'light'));
  assert.equal((await look('dark')).bg, '#fcfbf8');
});
