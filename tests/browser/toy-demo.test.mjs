// The demo contract, proved with a fourth demo from outside web/src: tests/browser/fixtures/toy-demo/
// (a folder with index.js, settings.js and a stylesheet, and demos.js: its registry line). It is
// built in with LINATTN_EXTRA_DEMOS into build/web-extra/ (dist/ stays as it is; see
// ARCHITECTURE.md, "Adding a demo"), then mounted in the chapter, in embed.html and as
// <linattn-toy>. Its numbers come from the core (la.storageNumbers): after n writes at d = 4,
// softmax keeps n(dk + dv) = 8n numbers and the state dk·dv = 16.
//   node --test tests/browser/toy-demo.test.mjs     (builds build/web-extra/ first, ~1 min)
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, serve, openPage, ROOT, DIST, waitUntil, buildWebExtra, WEB_EXTRA } from './harness.mjs';

const FIXTURE = join(ROOT, 'tests', 'browser', 'fixtures', 'toy-demo');
const OUT = WEB_EXTRA;
const numbers = (n) => `After ${n} writes: softmax keeps ${8 * n} numbers, the state 16.`;

let browser;
let server;
let siteRoot;
const allProblems = [];

before(async () => {
  const failed = buildWebExtra();
  assert.equal(failed, '', `the build with the toy demo failed:\n${failed}`);
  // The site: the test build at /lib/, the fixture's host page at /host/.
  siteRoot = await mkdtemp(join(tmpdir(), 'la-toy-site-'));
  await symlink(OUT, join(siteRoot, 'lib'), 'dir');
  await symlink(FIXTURE, join(siteRoot, 'host'), 'dir');
  server = await serve(siteRoot);
  browser = await launch();
});

// Each test answers for the pages it opened: no console error, failed request or other origin.
afterEach(() => {
  const fresh = allProblems.splice(0).flat();
  assert.deepEqual(fresh, [], fresh.join('\n'));
});

after(async () => {
  await browser?.close();
  await server?.close();
  if (siteRoot) await rm(siteRoot, { recursive: true, force: true });
});

test('the test build went to build/web-extra/; production output names no toy', () => {
  assert.ok(existsSync(join(OUT, 'index.html')), 'build/web-extra/dist/index.html');
  assert.ok(existsSync(join(OUT, 'embed-toy-standalone.html')), 'a standalone embed for the toy');
  const oembed = JSON.parse(readFileSync(join(OUT, 'oembed-toy.json'), 'utf8'));
  // Measured in Chromium by the build (oembed.mjs); the registry's 300 only without a browser.
  assert.ok(oembed.height > 0 && oembed.html.includes(`height="${oembed.height}"`), 'an embed height');
  if (existsSync(join(DIST, 'index.html'))) {
    assert.doesNotMatch(readFileSync(join(DIST, 'index.html'), 'utf8'), /figure-toy/, 'dist/index.html');
    assert.ok(!existsSync(join(DIST, 'embed-toy-standalone.html')), 'dist/ has no toy embed');
  }
  for (const name of ['chapter.html', 'embed-captions.json']) {
    const file = join(ROOT, 'web', 'generated', name);
    if (existsSync(file)) {
      assert.doesNotMatch(readFileSync(file, 'utf8'), /figure-toy|"toy"|A toy counter/, `web/generated/${name}`);
    }
  }
});

test('in the chapter: a figure of its own, mounted lazily, numbers from the core, state in the hash, paused off-screen', async () => {
  const { page, problems } = await openPage(browser, `${server.url}lib/index.html`);
  allProblems.push(problems);
  const mount = page.locator('.demo-mount[data-demo="toy"]');
  assert.match(await page.locator('#figure-toy figcaption').textContent(), /^Figure 4\.5 A toy counter\./);
  await mount.scrollIntoViewIfNeeded();
  await page.locator('.demo-mount[data-demo="toy"][data-status="ready"]').waitFor({ timeout: 60000 });
  const out = mount.locator('[data-part="numbers"]');
  assert.equal(await out.textContent(), numbers(8));
  await mount.locator('[data-part="n"]').fill('20');
  await waitUntil(async () => (await out.textContent()) === numbers(20), { message: 'n = 20 drawn' });
  await page.waitForFunction(() => new URLSearchParams(location.hash.slice(1)).get('toy.n') === '20');
  // The lifecycle: the host pauses it off-screen and resumes it on return.
  const inner = mount.locator('.la-toy');
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await waitUntil(async () => (await inner.getAttribute('data-paused')) === 'true', { message: 'paused' });
  await mount.scrollIntoViewIfNeeded();
  await waitUntil(async () => (await inner.getAttribute('data-paused')) === null, { message: 'resumed' });
  // The hash restores it in a new page.
  const link = page.url();
  await page.close();
  const again = await openPage(browser, link);
  allProblems.push(again.problems);
  await again.page.locator('.demo-mount[data-demo="toy"][data-status="ready"]').waitFor({ timeout: 60000 });
  assert.equal(
    await again.page.locator('.demo-mount[data-demo="toy"] [data-part="numbers"]').textContent(),
    numbers(20),
  );
  await again.page.close();
});

test('in embed.html: settings from the query, the caption and title from the chapter', async () => {
  const { page, problems } = await openPage(browser, `${server.url}lib/embed.html?demo=toy&n=3&nope=1`);
  allProblems.push(problems);
  await page.locator('.linattn-mount[data-status="ready"]').waitFor({ timeout: 60000 });
  assert.equal(await page.locator('[data-part="numbers"]').textContent(), numbers(3));
  assert.equal(await page.title(), 'Figure 4.5: A toy counter');
  assert.match(await page.locator('.linattn-notice').textContent(), /Unknown setting \u201cnope\u201d ignored/);
  assert.deepEqual(await page.evaluate(() => window.linattnEmbed.handle.getState()), { n: 3, d: 4 });
  await page.close();
});

test('as a custom element: attributes, element.state, its own styles in the shadow root', async () => {
  const { page, problems } = await openPage(browser, `${server.url}host/host.html`);
  allProblems.push(problems);
  await page.waitForFunction(() => document.getElementById('toy')?.state != null, null, { timeout: 60000 });
  const text = () =>
    page.evaluate(() => document.getElementById('toy').shadowRoot.querySelector('[data-part="numbers"]').textContent);
  assert.equal(await text(), numbers(5));
  await page.evaluate(() => {
    document.getElementById('toy').state = { n: 6 };
  });
  assert.equal(await text(), numbers(6));
  await page.evaluate(() => document.getElementById('toy').setAttribute('n', '7'));
  assert.equal(await text(), numbers(7));
  const display = await page.evaluate(
    () => getComputedStyle(document.getElementById('toy').shadowRoot.querySelector('.la-toy')).display,
  );
  assert.equal(display, 'grid', "the toy's stylesheet reached its shadow root");
  // Off-screen, the element pauses its demo.
  await page.evaluate(() => window.scrollTo({ top: 3000, behavior: 'instant' }));
  await page.waitForFunction(
    () => document.getElementById('toy').shadowRoot.querySelector('.la-toy').dataset.paused === 'true',
  );
  await page.close();
});
