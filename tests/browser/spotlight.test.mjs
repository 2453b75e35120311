// Browser tests of the spotlight figure (section 4.3), against the built dist/ (npm run build
// first): its numbers are the spotlight core's as node computes them, its sliders move them, its
// settings travel in links and attributes, bad values are named and leave the last good state,
// and it mounts in every host (the chapter, embed.html, <linattn-spotlight>, the standalone file),
// within a laptop's and a phone's window, with nothing for axe-core to find, in light and dark.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { createSpotlight } from '../../wasm/spotlight.mjs';
import { DEFAULTS, coreArgs } from '../../web/src/demos/spotlight/state.js';
import { readouts } from '../../web/src/demos/spotlight/format.js';
import { nAt } from '../../web/src/demos/spotlight/controls.js';
import { DIST, launch, serve, openPage, axe, describeViolations, waitUntil } from './harness.mjs';
import { startHosts, openHostPage } from './hosts-harness.mjs';

const sp = await createSpotlight();
const MAPS = ['softmax', 'elu1', 'relu', 'taylor2', 'random'];

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

/** Clicks the Embed panel's save button for `format`; { name, text } of the download. */
async function save(page, format) {
  const [dl] = await Promise.all([
    page.waitForEvent('download', { timeout: 30000 }),
    page.locator(`#figure-spotlight .embed-save[data-format="${format}"]`).click(),
  ]);
  return { name: dl.suggestedFilename(), text: await readFile(await dl.path(), 'utf8') };
}

const url = (path) => new URL(path, server.url.endsWith('/') ? server.url : `${server.url}/`).href;

/** Each read's readouts as the figure shows them, in `scope` (a page or a shadow host's locator). */
async function shownReadouts(scope) {
  const out = {};
  for (const map of MAPS) {
    const row = scope.locator(`.spot-row--${map}`);
    out[map] = {};
    for (const part of ['weight', 'tokens', 'cosine', 'state']) {
      out[map][part] = (await row.locator(`.spot-value--${part}`).textContent()).replace(/^\s*\u00b7\s*/, '').trim();
    }
  }
  return out;
}

/** The readouts the core gives in node for `settings`, formatted as the figure does (wide). */
function expectedReadouts(settings) {
  const result = sp.spotlight(coreArgs({ ...DEFAULTS, ...settings }));
  return Object.fromEntries(result.reads.map((r) => [r.map, readouts(r, false)]));
}

async function openEmbed(query = '', options = {}) {
  const opened = await openPage(browser, url(`embed.html?demo=spotlight${query}`), options);
  await opened.page.locator('.linattn-mount[data-status="ready"] .spot-row--random .spot-value--weight').waitFor();
  return opened;
}

test('embed.html: the readouts are the core’s at the defaults, and the N slider moves them', async () => {
  const { page, problems } = await openEmbed();
  try {
    assert.deepEqual(await shownReadouts(page), expectedReadouts({}));
    const slider = page.locator('[data-part="n"]');
    await slider.focus();
    for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
    const position = Number(await slider.inputValue());
    const n = nAt(position);
    await page.locator('[data-part="n-value"]', { hasText: String(n) }).waitFor();
    assert.ok(n > DEFAULTS.n, `N grew to ${n}`);
    await waitUntil(async () => (await page.locator('.la-spotlight').getAttribute('data-n')) === String(n), {
      timeout: 30000,
    });
    assert.deepEqual(await shownReadouts(page), expectedReadouts({ n }));
    const summary = await page.locator('[data-part="summary"]').textContent();
    assert.match(summary, new RegExp(`^${n} tokens, the others at cosine 0`));
    // A narrower window: the strips are drawn again at the figure's new width, readouts on a line of their own.
    await page.setViewportSize({ width: 480, height: 900 });
    await waitUntil(async () => Number(await page.locator('svg.spot-strips').getAttribute('width')) <= 480, {
      message: 'the strips at the new width',
    });
    assert.equal(await page.locator('.spot-row--softmax .spot-values').getAttribute('text-anchor'), 'start');
    // The query follows the reader: a link to this state.
    // (The page writes its query once the pointer is still and the page idle: slow on a loaded machine.)
    await waitUntil(async () => new URL(page.url()).searchParams.get('n') === String(n), {
      message: 'n in the query',
      timeout: 30000,
    });
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('a link’s settings round-trip; bad ones are named and the last good state stays', async () => {
  const { page, problems } = await openEmbed('&n=100&cosine=0.5&features=256');
  try {
    await waitUntil(async () => (await page.locator('.la-spotlight').getAttribute('data-n')) === '100');
    assert.deepEqual(await shownReadouts(page), expectedReadouts({ n: 100, cosine: 0.5, features: 256 }));
    assert.equal(await page.locator('[data-part="cosine-value"]').textContent(), '0.5');
  } finally {
    await page.close();
  }
  const bad = await openEmbed('&n=99999&cosine=0.3&beta=abc&d=1');
  try {
    const notice = await bad.page.locator('.spot-notice').textContent();
    assert.match(notice, /“n” = 99999 refused: n must be a whole number from 1 to 4096/);
    assert.match(notice, /“d” = 1 refused: d must/);
    const pageNotice = await bad.page.locator('.linattn-notice').textContent();
    assert.match(pageNotice, /beta/, 'what cannot be read is named in the page’s notice');
    assert.equal(await bad.page.locator('.la-spotlight').getAttribute('data-n'), String(DEFAULTS.n));
    assert.deepEqual(
      await shownReadouts(bad.page),
      expectedReadouts({ cosine: 0.3 }),
      'the valid setting went through',
    );
    assert.deepEqual(bad.problems, [], 'nothing threw');
  } finally {
    await bad.page.close();
  }
  assert.deepEqual(problems, []);
});

test('Settings: a typed value out of range is refused with its range, the core refuses β past its limit', async () => {
  const { page } = await openEmbed();
  try {
    await page.locator('.spot-settings > summary').click();
    const m = page.locator('[data-part="features"]');
    await m.fill('5000');
    await m.press('Enter');
    assert.match(
      await m.locator('xpath=following-sibling::span').textContent(),
      /Random features m: “5000” is outside the range; use a whole number from 1 to 4,096/,
    );
    await m.fill('16');
    await m.press('Enter');
    await page.locator('.spot-row--random .spot-name > tspan', { hasText: 'm = 16' }).waitFor();
    assert.deepEqual(await shownReadouts(page), expectedReadouts({ features: 16 }));
    const beta = page.locator('[data-part="beta"]');
    await beta.fill('5000');
    await beta.press('Enter');
    await page.locator('.spot-notice', { hasText: '“beta” = 5000 refused' }).waitFor();
    assert.equal(await page.locator('.spot-row--softmax .spot-name > tspan').textContent(), 'softmax, β = 8');
  } finally {
    await page.close();
  }
});

test('the chapter mounts it when it nears the screen; the figure and its symbols', async () => {
  const { page, problems } = await openPage(browser, url('index.html'));
  try {
    const mount = page.locator('.demo-mount[data-demo="spotlight"]');
    assert.equal(await mount.getAttribute('data-status'), null, 'not mounted before it nears the screen');
    await mount.scrollIntoViewIfNeeded();
    await mount.locator('.spot-row--softmax .spot-value--weight').waitFor({ timeout: 30000 });
    assert.deepEqual(await shownReadouts(mount), expectedReadouts({}));
    const math = page.locator('[data-sym="n-eff"]').first();
    await math.scrollIntoViewIfNeeded();
    await math.hover();
    await page.locator('[role="tooltip"]', { hasText: 'tokens read' }).waitFor();
    // Taken away: the CSV holds the core's weights, one row a token; the SVG the strips with a key.
    await page.locator('#figure-spotlight .embed-toggle').click();
    const csv = await save(page, 'csv');
    assert.match(csv.name, /^figure-4\.4-spotlight-n-32-cos-0-beta-8-m-64-d-16\.csv$/);
    const lines = csv.text.split(/\r\n/).filter(Boolean);
    const head = lines.findIndex((l) => l.startsWith('token,target,'));
    assert.ok(head >= 0, 'the column heads');
    const first = lines[head + 1].split(',').map(Number);
    const core = sp.spotlight(coreArgs(DEFAULTS));
    assert.deepEqual(first.slice(0, 2), [0, 1], 'token 0 is the target');
    first
      .slice(2, 2 + MAPS.length)
      .forEach((w, i) => assert.ok(Math.abs(w - core.reads[i].weights[0]) < 1e-9, `${MAPS[i]}: ${w}`));
    assert.equal(lines.length - head - 1, DEFAULTS.n, 'one row a token');
    const svg = await save(page, 'svg');
    assert.match(svg.text, /Spotlight and floodlight/);
    assert.match(svg.text, /weight on the target/);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('<linattn-spotlight>: attributes set it, a bad one is named, the wasm comes from beside the elements', async () => {
  const hosts = await startHosts();
  const wasm = [];
  const { page, problems } = await openHostPage(browser, `${hosts.hostUrl}spotlight.html`, {
    onPage: (p) => p.on('request', (r) => r.url().endsWith('.wasm') && wasm.push(new URL(r.url()).pathname)),
  });
  try {
    const good = page.locator('#good');
    await good.locator('.spot-row--random .spot-value--weight').waitFor({ timeout: 30000 });
    await waitUntil(async () => (await good.locator('.la-spotlight').getAttribute('data-n')) === '64');
    assert.deepEqual(await shownReadouts(good), expectedReadouts({ n: 64, cosine: 0.5 }));
    const bad = page.locator('#bad');
    await bad.locator('.spot-notice', { hasText: '“n” = 99999 refused' }).waitFor();
    assert.equal(await bad.locator('.la-spotlight').getAttribute('data-n'), String(DEFAULTS.n));
    assert.match(
      await bad.locator('.spot-row--softmax .spot-name > tspan').textContent(),
      /β = 4/,
      'the good attribute kept',
    );
    assert.deepEqual(
      wasm.map((p) => p.replace(/-[0-9a-f]{10}\.wasm$/, '.wasm')),
      ['/linattn-elements/linattn-spotlight.wasm'],
      'only the spotlight’s own module is fetched',
    );
    const v = await axe(page, { include: ['linattn-spotlight'] });
    assert.deepEqual(v, [], describeViolations(v));
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
    await hosts.close();
  }
});

test('the standalone file works from file://', async () => {
  const file = pathToFileURL(join(DIST, 'embed-spotlight-standalone.html')).href;
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    await page.goto(`${file}?n=48`);
    await page.locator('.spot-row--random .spot-value--weight').waitFor({ timeout: 30000 });
    await waitUntil(async () => (await page.locator('.la-spotlight').getAttribute('data-n')) === '48');
    assert.deepEqual(await shownReadouts(page), expectedReadouts({ n: 48 }));
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});

// The whole embed, Settings closed, within a laptop's window and a phone's one and a half: on a wide
// figure the trade-off plot stands beside the strips, on a narrow one under them.
const FITS = [
  { width: 1280, height: 800, most: 800, beside: true },
  { width: 390, height: 844, most: 1266, beside: false },
];
for (const { width, height, most, beside } of FITS) {
  test(`embed.html at ${width} × ${height}: at most ${most} px tall, the plot ${beside ? 'beside' : 'under'} the strips`, async () => {
    const { page, problems } = await openEmbed('', { width, height });
    try {
      await page.locator('.la-spotlight[data-points="complete"]').waitFor({ timeout: 30000 });
      await page.evaluate(() => document.fonts.ready);
      const { tall, strips, plot } = await page.evaluate(() => ({
        tall: document.documentElement.getBoundingClientRect().height,
        strips: document.querySelector('svg.spot-strips').getBoundingClientRect().toJSON(),
        plot: document.querySelector('svg.spot-tradeoff').getBoundingClientRect().toJSON(),
      }));
      assert.ok(tall <= most, `the embed is ${tall} px tall (at most ${most})`);
      if (beside) assert.ok(plot.left >= strips.right && plot.top < strips.bottom, 'the plot beside the strips');
      else assert.ok(plot.top >= strips.bottom, 'the plot under the strips');
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });
}

for (const colorScheme of ['light', 'dark']) {
  test(`axe-core finds nothing in embed.html (${colorScheme}), with Settings open, at 390 px`, async () => {
    const { page } = await openEmbed(`&settings=true&theme=${colorScheme}`, { width: 390, height: 844, colorScheme });
    try {
      const v = await axe(page);
      assert.deepEqual(v, [], describeViolations(v));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `no sideways scroll at 390 px (${overflow} px over)`);
    } finally {
      await page.close();
    }
  });
}
