// No text under a mark or another text: each figure alone (embed.html) at 390, 768 and 1280 px wide,
// across a sweep of its settings, has no text box over another text, an arrowhead, a point marker or
// a line labels are placed against (overlap-probe.mjs says what is measured, and how), by more than
// 1 px. The dark theme changes colours, not places: it is checked at the narrowest width, in the
// figure's first setting of the sweep.
//   node --test tests/browser/overlap.test.mjs      (npm run build first)
// One browser, one page per figure, resized between widths; settings go in through the demo's own
// update() (the embed page exposes its handle), the way a permalink's would.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, serve, openPage, settled, streamed } from './harness.mjs';
import { figureOverlaps } from './overlap-probe.mjs';

const TOLERANCE_PX = 1;
const WIDTHS = [390, 768, 1280];
const DARK_AT = 390;
const FIGURE = '.linattn-figure';

const cross = (as, bs) => as.flatMap((a) => bs.map((b) => ({ ...a, ...b })));
/** The settings each figure is measured in (each names every key its sweep moves). */
const SWEEPS = {
  // Every page of the worked example, with either feature map.
  ledger: cross(
    [0, 1, 2, 3].map((step) => ({ step })),
    ['identity', 'elu1'].map((featureMap) => ({ featureMap })),
  ),
  // The cursor across N at d = 64 (N = 96 sits just past N = d), on both scales, and a small d.
  overcapacity: [
    ...[1, 48, 64, 72, 96, 256].map((n) => ({ d: 64, n, scale: 'linear' })),
    ...[48, 96, 256].map((n) => ({ d: 64, n, scale: 'log' })),
    { d: 16, n: 20, scale: 'linear' },
    { d: 16, n: 64, scale: 'log' },
  ],
  // Models of every kind (full attention, MLA, hybrids) at short to long contexts.
  memory: cross(
    ['llama-3-8b', 'deepseek-v3', 'qwen3-next-80b-a3b', 'minimax-text-01'].map((preset) => ({ preset })),
    [1000, 8192, 10000000].map((tokens) => ({ tokens })),
  ),
  // The defaults; N at its ends (at N = 2 every read nears a spotlight and the points crowd the
  // plot's top; at 4096 they sink to its axis); other keys near the target; Settings open, with
  // m = d = 16 (the random features' state at the feature maps' bytes) and with m = 1024.
  spotlight: [
    { n: 32, cosine: 0, features: 64, settings: false },
    { n: 2, cosine: 0, features: 64, settings: false },
    { n: 4096, cosine: 0, features: 64, settings: false },
    { n: 32, cosine: 0.95, features: 64, settings: false },
    { n: 300, cosine: 0.5, features: 16, settings: true },
    { n: 128, cosine: 0.9, features: 1024, settings: true },
  ],
};

// Left out of the assertion, and printed on every run as diagnostics: in the memory chart
// (curve-plot.js), the context marker (a dotted line the plot's full height, and its dot) runs
// through the words on the chart (the GPU's room, "beyond …", a line's name) wherever the reader
// puts it; the words themselves keep off every line and each other (render-line-labels.js), and
// that is checked.
const LEFT_OUT = [
  {
    figure: 'memory',
    text: /\(svg text\.lm-(gpu-label|beyond-label|line-label)[^)]*\)$/,
    mark: /^(svg line(\.lm-marker-line)?|marker svg circle)$/,
  },
];
const leftOut = (figure, p) => LEFT_OUT.some((l) => l.figure === figure && l.text.test(p.a) && l.mark.test(p.b));

// The page each figure is measured in: the overcapacity figure with 2 trials a point instead of 8
// (its curves are computed 4 times faster; the band narrows, the marks and labels stay put).
const QUERY = { ledger: '', overcapacity: '&trials=2', memory: '', spotlight: '' };

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

/** Resolves once nothing in `scope` has changed for `ms` (the figure drew what it was given). */
function domQuiet([scope, ms]) {
  return new Promise((resolve) => {
    const target = document.querySelector(scope);
    let timer;
    const done = () => {
      observer.disconnect();
      resolve();
    };
    const observer = new MutationObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(done, ms);
    });
    observer.observe(target, { subtree: true, childList: true, attributes: true, characterData: true });
    timer = setTimeout(done, ms);
  });
}

/** A figure still drawing points it computes when the page is idle (the spotlight's trade-off plot). */
const DRAWING = '[data-points]:not([data-points="complete"])';

async function drawn(page) {
  await streamed(page);
  await page.waitForFunction((sel) => !document.querySelector(sel), DRAWING, { timeout: 60000, polling: 100 });
  await page.evaluate(domQuiet, [FIGURE, 50]);
  await settled(page);
}

/** Applies `settings` through the demo's update() and checks that the demo took them. */
async function apply(page, settings) {
  const state = await page.evaluate((s) => {
    const { handle } = /** @type {any} */ (window).linattnEmbed;
    handle.update(s);
    return handle.getState();
  }, settings);
  // (A link leaves out what is off by default: the spotlight's closed Settings, settings = false.)
  for (const [k, v] of Object.entries(settings)) assert.equal(state[k] ?? false, v, `the demo took ${k} = ${v}`);
}

const where = (figure, width, theme, settings) =>
  `${figure} at ${width} px, ${theme}, ${new URLSearchParams(Object.entries(settings).map(([k, v]) => [k, String(v)]))}`;

/**
 * Every overlap of `figure` over its sweep, at each width (and dark at one), as sentences. Each
 * setting is applied once and measured at every width (the figure's work is done once per setting:
 * a resize only lays it out again); reduced motion, so that nothing is measured mid-transition.
 */
async function overlapsOf(figure) {
  const url = `${base}embed.html?demo=${figure}${QUERY[figure]}`;
  const { page, problems } = await openPage(browser, url, { width: WIDTHS[0], reducedMotion: 'reduce' });
  await page.waitForSelector(`${FIGURE} .linattn-mount[data-status="ready"]`, { timeout: 90000 });
  await page.evaluate(() => document.fonts.ready);
  const found = [];
  const known = [];
  const light = WIDTHS.map((width) => ({ width, theme: 'light' }));
  let measured = 0;
  for (const [i, settings] of SWEEPS[figure].entries()) {
    await apply(page, settings);
    for (const { width, theme } of i === 0 ? [...light, { width: DARK_AT, theme: 'dark' }] : light) {
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      await page.setViewportSize({ width, height: 900 });
      await drawn(page);
      const pairs = await page.evaluate(figureOverlaps, { scope: FIGURE, tolerance: TOLERANCE_PX });
      measured += 1;
      for (const p of pairs) {
        const line = `${where(figure, width, theme, settings)}: ${p.a} overlaps ${p.b} by ${p.depth} px at (${p.at})`;
        (leftOut(figure, p) ? known : found).push(line);
      }
    }
  }
  await page.close();
  return { found, known, measured, problems };
}

for (const figure of Object.keys(SWEEPS)) {
  test(`${figure}: no text over another text, an arrowhead, a marker or a labelled line, at every width and setting`, async (t) => {
    const { found, known, measured, problems } = await overlapsOf(figure);
    for (const line of known) t.diagnostic(`left out (LEFT_OUT): ${line}`);
    assert.equal(measured, SWEEPS[figure].length * WIDTHS.length + 1);
    assert.deepEqual(found, [], `${found.length} overlaps:\n${found.join('\n')}`);
    assert.deepEqual(problems, []);
  });
}
