// Figure heights: a figure reads like a book's, one picture and its caption, with its tables and
// detail panels behind disclosures. With every disclosure closed, a figure's embed
// (embed.html?demo=<demo>, its default settings, its numbers streamed in) is at most as tall as
// LIMITS says, in CSS px, at each window: a laptop's 1280 × 800 and a phone's 390 × 844. The page's
// scroll height is measured, so a figure shorter than the window passes.
// A figure joins by adding its line to LIMITS.
//   node --test --test-concurrency=1 tests/browser/figure-heights.test.mjs   (npm run build first)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, serve, settled, streamed } from './harness.mjs';

/** The window each limit is taken at, by its width. */
const WINDOWS = { 1280: { width: 1280, height: 800 }, 390: { width: 390, height: 844 } };

/** Per figure, per window width: the tallest its embed may be with its disclosures closed. */
const LIMITS = {
  ledger: { 1280: 800, 390: 1266 }, // one screen on a laptop, one and a half on a phone
};

let browser;
let server;

before(async () => {
  server = await serve();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/** The embed's height at `width` once drawn, and what is open in it. */
async function measure(demo, width) {
  const page = await browser.newPage();
  try {
    await page.setViewportSize(WINDOWS[width]);
    const base = server.url.endsWith('/') ? server.url : `${server.url}/`;
    await page.goto(`${base}embed.html?demo=${encodeURIComponent(demo)}`);
    await page.waitForSelector('.linattn-mount[data-status="ready"]', { timeout: 60000 });
    await streamed(page);
    await page.evaluate(() => document.fonts.ready);
    await settled(page);
    return await page.evaluate(() => ({
      height: document.documentElement.scrollHeight,
      figure: Math.ceil(document.querySelector('figure.linattn-figure').getBoundingClientRect().bottom + scrollY),
      open: [...document.querySelectorAll('details[open] > summary')].map((s) => s.textContent.trim()),
    }));
  } finally {
    await page.close();
  }
}

for (const [demo, limits] of Object.entries(LIMITS)) {
  for (const [width, max] of Object.entries(limits)) {
    const { height: windowHeight } = WINDOWS[width];
    test(`${demo} at ${width} × ${windowHeight}, disclosures closed: at most ${max} px tall`, async () => {
      const m = await measure(demo, width);
      assert.deepEqual(m.open, [], 'every disclosure starts closed');
      assert.ok(
        m.height <= max,
        `embed.html?demo=${demo} is ${m.height} px tall at ${width} px (its figure ends at ${m.figure} px); at most ${max}`,
      );
    });
  }
}
