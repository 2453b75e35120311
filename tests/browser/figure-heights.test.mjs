// Each figure alone (embed.html?demo=<demo>, its disclosures closed, default settings) fits the
// heights below: at most one screen of a 1280 × 800 laptop, and at most one and a half screens of a
// 390 × 844 phone (1,266 px). The page's whole height is measured, the figure's caption with it.
//   node --test tests/browser/figure-heights.test.mjs      (npm run build:web first)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, serve, openPage, settled, streamed } from './harness.mjs';

/** { demo: { window width: the embed page's greatest height in px } }; the window heights below. */
const MAX_HEIGHT = {
  ledger: { 1280: 800, 390: 1266 },
  memory: { 1280: 800, 390: 1266 },
  spotlight: { 1280: 800, 390: 1266 },
  overcapacity: { 1280: 800, 390: 1266 },
};
const WINDOW = { 1280: 800, 390: 844 };

let browser;
let server;
let base;

before(async () => {
  server = await serve();
  base = server.url.endsWith('/') ? server.url : `${server.url}/`;
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

for (const [demo, limits] of Object.entries(MAX_HEIGHT)) {
  for (const [width, max] of Object.entries(limits)) {
    test(`${demo} alone, disclosures closed, is at most ${max} px tall in a ${width} × ${WINDOW[width]} window`, async () => {
      const size = { width: Number(width), height: WINDOW[width] };
      const { page, problems } = await openPage(browser, `${base}embed.html?demo=${demo}`, {
        ...size,
        reducedMotion: 'reduce',
      });
      await page.locator(`.linattn-mount[data-demo="${demo}"][data-status="ready"]`).waitFor({ timeout: 60000 });
      await streamed(page);
      await page.evaluate(() => document.fonts.ready);
      await settled(page);
      const { height, open } = await page.evaluate(() => ({
        // the page's content (scrollHeight is never under the window's height)
        height: Math.ceil(document.documentElement.getBoundingClientRect().height),
        open: [...document.querySelectorAll('figure details[open]')].map((d) => d.className),
      }));
      assert.deepEqual(open, [], 'every disclosure starts closed');
      assert.ok(height <= max, `${demo} at ${width} px: ${height} px tall, more than ${max}`);
      assert.deepEqual(problems, []);
      await page.close();
    });
  }
}
