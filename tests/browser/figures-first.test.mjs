// Figures first: each figure leads with its picture, in one visual language.
// - Geometry: for each figure, in the chapter (index.html) and in embed.html?demo=<demo>, scroll the
//   figure's top to the window's top and read bounding boxes: at 1280 × 900 the main visual and the
//   primary controls are entirely on screen together; at 390 × 844 the main visual starts within
//   the first screen.
// - Colour: every role colour of the shared figure styles (web/src/styles/figure.css) keeps a
//   contrast of at least 3:1 against the figure's background, in light and dark, computed here from
//   computed styles; axe stays clean; screenshots of each figure in light, dark and simulated
//   deuteranopia are kept under test-results/figures/.
// - The Settings disclosure's open state travels in the permalink (settings=1), and an old link
//   without it still restores.
// - One plot vocabulary: the five SVG plots (the overcapacity curve, its capacity and age
//   panels, the memory chart, the ledger's planes) draw ticks, axis titles and grid lines alike, at
//   the figure's type tokens, with tick labels outside the plot area; a figure with arrows has one
//   arrowhead, in the SVG its file export takes away; every key (lib/plot/legend.js) is drawn with
//   the mark it names, and looks the same in every figure.
// One browser for the file; one page for the chapter and one per embed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { launch, serve, openPage, axe, describeViolations, ROOT, settled, waitUntil } from './harness.mjs';

const RESULTS = join(ROOT, 'test-results', 'figures');
const DEMOS = ['ledger', 'memory', 'overcapacity', 'spotlight'];

/** Per figure: the main visual and the primary controls (selectors inside the demo's mount). */
const PARTS = {
  ledger: {
    // the picture: the page the slider shows (S, what each key reads back) beside the planes; the
    // ledger page by page and the reads' tables wait behind its "Numbers" disclosure
    visual: {
      'the ledger S': '[data-part="S-now"]',
      'its reads': '[data-part="now"] .lg-readlist',
      'the key plane': 'svg.lg-plane',
    },
    controls: { 'the page slider': '[data-part="step-range"]' },
  },
  memory: {
    visual: { 'the bars': '.lm-bars', 'the curve': '.lm-chart svg' },
    controls: { 'the model': 'select[id$="-preset"]', 'the context': 'input[type="range"][id$="-slider"]' },
  },
  overcapacity: {
    visual: { 'the curve': '.oc-chart svg[role="img"]' },
    controls: { N: '.oc-controls input[type="range"]', d: '.oc-controls select' },
  },
  spotlight: {
    visual: { 'the strips': 'svg.spot-strips', 'the trade-off plot': 'svg.spot-tradeoff' },
    controls: { N: '[data-part="n"]', 'the cosine': '[data-part="cosine"]' },
  },
};

const SIZES = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];

let browser;
let server;
let base;

before(async () => {
  server = await serve();
  base = server.url.endsWith('/') ? server.url : `${server.url}/`;
  browser = await launch();
  await mkdir(RESULTS, { recursive: true });
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/** The figure element and the mount of `demo` in the chapter or an embed. */
const where = (host, demo) =>
  host === 'chapter'
    ? { figure: `#figure-${demo}`, mount: `.demo-mount[data-demo="${demo}"]` }
    : { figure: 'figure.linattn-figure', mount: `.linattn-mount[data-demo="${demo}"]` };

/**
 * Scrolls the figure's top to the window's top (after its demo is ready and the page settled) and
 * returns the boxes of its parts, relative to the window: { name: { top, bottom, left, right } }.
 */
async function boxesAtTop(page, host, demo) {
  const { figure, mount } = where(host, demo);
  const toTop = () =>
    page.evaluate((sel) => {
      const el = document.querySelector(sel);
      el.scrollIntoView({ block: 'start', behavior: 'instant' });
      return el.getBoundingClientRect().top;
    }, figure);
  // a page shorter than the window (a figure alone, all of it on screen) cannot scroll it up
  const fits = () => page.evaluate(() => document.documentElement.scrollHeight <= innerHeight);
  await toTop();
  await page.locator(`${mount}[data-status="ready"]`).waitFor({ timeout: 60000 });
  // figures above may still mount and settle: scroll again until the figure stays at the top
  for (let i = 0; i < 20; i++) {
    await settled(page);
    if (Math.abs(await toTop()) <= 1 || (await fits())) {
      await settled(page);
      const top = await page.evaluate((sel) => document.querySelector(sel).getBoundingClientRect().top, figure);
      if (Math.abs(top) <= 1 || (await fits())) break;
    }
  }
  return page.evaluate(
    ({ figure, mount, parts }) => {
      const out = {
        figure: document.querySelector(figure).getBoundingClientRect().toJSON(),
        page: document.documentElement.getBoundingClientRect().toJSON(),
      };
      for (const [name, sel] of Object.entries(parts)) {
        const el = document.querySelector(`${mount} ${sel}`);
        out[name] = el ? el.getBoundingClientRect().toJSON() : null;
      }
      return out;
    },
    { figure, mount, parts: { ...PARTS[demo].visual, ...PARTS[demo].controls } },
  );
}

/** Checks the boxes of `demo` at a size: all on screen together (desktop) or the visual starting in it. */
function checkBoxes(boxes, demo, { width, height }, label, failures) {
  const assert = { ok: (v, m) => v || failures.push(m) }; // every failure of every figure, at once
  // (A page shorter than the window below the figure cannot scroll it to the top: it ends on screen.)
  const ends = boxes.figure.top > 0 && boxes.page.bottom <= height + 1;
  assert.ok(
    Math.abs(boxes.figure.top) <= 1 || ends,
    `${label}: the figure's top is at the window's top (${boxes.figure.top})`,
  );
  const all = { ...PARTS[demo].visual, ...PARTS[demo].controls };
  for (const name of Object.keys(all)) assert.ok(boxes[name], `${label}: ${name} is drawn`);
  if (Object.keys(all).some((name) => !boxes[name])) return;
  if (width >= 1000) {
    for (const name of Object.keys(all)) {
      const b = boxes[name];
      assert.ok(
        b.top >= -1 && b.bottom <= height + 1 && b.left >= -1 && b.right <= width + 1 && b.height > 0,
        `${label}: ${name} should be entirely on screen, is at y ${Math.round(b.top)}..${Math.round(b.bottom)}, ` +
          `x ${Math.round(b.left)}..${Math.round(b.right)}`,
      );
    }
  } else {
    // the main visual starts (its first part's top) within the first screen
    const first = Math.min(...Object.keys(PARTS[demo].visual).map((name) => boxes[name].top));
    assert.ok(
      first >= -1 && first < height,
      `${label}: the main visual should start within the first screen, starts at ${Math.round(first)}`,
    );
  }
}

test('the picture leads: main visual and primary controls on screen at 1280 × 900; the visual starts within 390 × 844', async () => {
  const report = [];
  const failures = [];
  // the chapter: one page, each figure at each size
  const chapter = await openPage(browser, `${base}index.html`);
  for (const size of SIZES) {
    await chapter.page.setViewportSize(size);
    for (const demo of DEMOS) {
      const label = `chapter ${demo} ${size.width}×${size.height}`;
      const boxes = await boxesAtTop(chapter.page, 'chapter', demo);
      report.push(
        `${label}: ${Object.entries(boxes)
          .map(([k, b]) => `${k} ${b ? Math.round(b.top) : '-'}..${b ? Math.round(b.bottom) : '-'}`)
          .join(', ')}`,
      );
      checkBoxes(boxes, demo, size, label, failures);
    }
  }
  assert.deepEqual(chapter.problems, []);
  await chapter.page.close();
  // each embed
  for (const demo of DEMOS) {
    const embed = await openPage(browser, `${base}embed.html?demo=${demo}`);
    for (const size of SIZES) {
      await embed.page.setViewportSize(size);
      const label = `embed ${demo} ${size.width}×${size.height}`;
      const boxes = await boxesAtTop(embed.page, 'embed', demo);
      report.push(
        `${label}: ${Object.entries(boxes)
          .map(([k, b]) => `${k} ${b ? Math.round(b.top) : '-'}..${b ? Math.round(b.bottom) : '-'}`)
          .join(', ')}`,
      );
      checkBoxes(boxes, demo, size, label, failures);
    }
    assert.deepEqual(embed.problems, []);
    await embed.page.close();
  }
  console.log(`# ${report.join('\n# ')}`);
  assert.deepEqual(failures, []);
});

// ---- colour: roles against the figure's background, screenshots, axe ------------------------------

const ROLES = ['grows', 'flat', 'error', 'target', 'crosstalk', 'limit', 'reference', 'marker', 'key', 'query'];

/**
 * In the page: each role colour as the demo resolves it, and the figure's background behind its
 * main visual (the nearest ancestor with an opaque background), as [r, g, b] in 0..255.
 */
function roleColours({ mount, visual, roles }) {
  const root = document.querySelector(mount);
  const rgb = (text) => {
    const m = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(text);
    return m && (m[4] === undefined || Number(m[4]) === 1) ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
  };
  const backgroundOf = (el) => {
    for (let a = el; a; a = a.parentElement) {
      const c = rgb(getComputedStyle(a).backgroundColor);
      if (c) return c;
    }
    return rgb(getComputedStyle(document.documentElement).backgroundColor) ?? [255, 255, 255];
  };
  const target = root.querySelector(visual);
  const probe = document.createElement('span');
  target.parentElement.append(probe);
  const colours = {};
  for (const role of roles) {
    probe.style.color = `var(--role-${role})`;
    colours[role] = rgb(getComputedStyle(probe).color);
  }
  probe.remove();
  return { colours, background: backgroundOf(target) };
}

/** WCAG contrast ratio of two [r, g, b] colours. */
function contrast(a, b) {
  const lum = ([r, g, bl]) => {
    const f = (c) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(bl);
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

test('one visual language: every colour role keeps 3:1 against the figure in light and dark; screenshots in light, dark and deuteranopia; axe clean', async () => {
  const failures = [];
  const ratios = [];
  for (const demo of DEMOS) {
    const { page, problems } = await openPage(browser, `${base}embed.html?demo=${demo}`, { width: 1280, height: 900 });
    const { mount, figure } = where('embed', demo);
    await page.locator(`${mount}[data-status="ready"]`).waitFor({ timeout: 60000 });
    const cdp = await page.context().newCDPSession(page);
    for (const mode of ['light', 'dark', 'deuteranopia']) {
      await page.emulateMedia({ colorScheme: mode === 'dark' ? 'dark' : 'light', reducedMotion: 'reduce' });
      await cdp.send('Emulation.setEmulatedVisionDeficiency', {
        type: mode === 'deuteranopia' ? 'deuteranopia' : 'none',
      });
      await settled(page);
      if (mode !== 'deuteranopia') {
        // the roles, wherever the main visual sits (a panel or the page)
        for (const visual of Object.values(PARTS[demo].visual)) {
          const { colours, background } = await page.evaluate(roleColours, { mount, visual, roles: ROLES });
          for (const role of ROLES) {
            const c = colours[role];
            if (!c) {
              failures.push(`${demo} ${mode}: --role-${role} is not an opaque colour`);
              continue;
            }
            const ratio = contrast(c, background);
            ratios.push(ratio);
            if (ratio < 3)
              failures.push(`${demo} ${mode}: --role-${role} rgb(${c}) on rgb(${background}) is ${ratio.toFixed(2)}:1`);
          }
        }
        // axe once per figure, in dark, over what this file is about: the picture and its primary
        // controls (each demo's suite and the embed suite run it over whole figures, light and dark)
        const scope = Object.values({ ...PARTS[demo].visual, ...PARTS[demo].controls }).map((sel) => `${mount} ${sel}`);
        const violations = mode === 'dark' ? await axe(page, { include: scope }) : [];
        if (violations.length) failures.push(`${demo} ${mode}: axe: ${describeViolations(violations)}`);
      }
      const box = await page.locator(figure).boundingBox();
      await page.screenshot({
        path: join(RESULTS, `${demo}-${mode}.png`),
        clip: { x: box.x, y: box.y, width: box.width, height: Math.min(box.height, 900) },
      });
    }
    await cdp.detach();
    assert.deepEqual(problems, [], `${demo}: ${problems.join('\n')}`);
    await page.close();
  }
  console.log(`# role contrast: lowest ${Math.min(...ratios).toFixed(2)}:1 over ${ratios.length} pairs`);
  assert.deepEqual(failures, []);
});

// ---- the Settings disclosure in the link; touch on the chart handles --------------------------------

test('the Settings disclosure is remembered in the link (settings=true), old links still restore, settings still update live', async () => {
  // the chapter: a link with the disclosure open, and an older one without the key
  const { page, problems } = await openPage(
    browser,
    `${base}index.html#figure-memory&memory.settings=true&memory.yScale=linear&overcapacity.d=32&overcapacity.n=40`,
  );
  const memory = page.locator('.demo-mount[data-demo="memory"][data-status="ready"] .la-memory');
  await memory.waitFor({ timeout: 60000 });
  const memorySettings = memory.locator('details.lm-settings');
  assert.equal(await memorySettings.evaluate((d) => d.open), true, 'settings=true opens the disclosure');
  assert.equal(await memory.locator('input[id$="-scale-linear"]').isChecked(), true);
  // changed inside the open disclosure: the chart redraws at once (a log axis has ticks like 32 GiB)
  const ticks = () => memory.locator('svg .plot-tick').allTextContents();
  const linearTicks = await ticks();
  await memory.locator('input[id$="-scale-log"]').check();
  assert.notDeepEqual(await ticks(), linearTicks, 'the axis changed live');
  const hash = () => page.evaluate(() => decodeURIComponent(location.hash));
  await page.waitForFunction(() => /memory\.yScale=log/.test(decodeURIComponent(location.hash)));
  assert.match(await hash(), /memory\.settings=true/);
  // closed by the reader: the key leaves the link; opened again: it comes back
  await memorySettings.locator('summary').click();
  await page.waitForFunction(() => !/memory\.settings/.test(decodeURIComponent(location.hash)));
  await memorySettings.locator('summary').click();
  await page.waitForFunction(() => /memory\.settings=true/.test(decodeURIComponent(location.hash)));
  // the older link's settings restored, its disclosure closed
  await page.evaluate(() => document.getElementById('figure-overcapacity').scrollIntoView({ behavior: 'instant' }));
  const over = page.locator('.demo-mount[data-demo="overcapacity"][data-status="ready"]');
  await over.waitFor({ timeout: 60000 });
  assert.equal(await over.locator('.oc-controls select').first().inputValue(), '32');
  assert.equal(await over.locator('.oc-controls input[type="range"]').first().inputValue(), '40');
  assert.equal(await over.locator('details[data-part="settings"]').evaluate((d) => d.open), false);
  assert.deepEqual(problems, []);
  await page.close();

  // embed.html: the query carries it both ways
  const embed = await openPage(browser, `${base}embed.html?demo=overcapacity&settings=true&scale=log`);
  await embed.page.locator('.linattn-mount[data-status="ready"]').waitFor({ timeout: 60000 });
  const details = embed.page.locator('details[data-part="settings"]');
  assert.equal(await details.evaluate((d) => d.open), true);
  assert.equal(await embed.page.evaluate(() => window.linattnEmbed.handle.getState().settings), true);
  await details.locator(':scope > summary').click();
  await embed.page.waitForFunction(() => !new URL(location.href).searchParams.has('settings'));
  assert.equal(await embed.page.evaluate(() => 'settings' in window.linattnEmbed.handle.getState()), false);
  assert.equal(new URL(embed.page.url()).searchParams.get('scale'), 'log', 'the other settings stay');
  assert.deepEqual(embed.problems, []);
  await embed.page.close();
});

// A click on a summary opens its <details> at once; the toggle event that reports it to the figure's
// state comes later, as a task. A drawing in between (a change the figure was already going to
// draw) must not close it again from the state that does not know of the click yet.
test('Settings opened by a click stay open when the figure draws before the click’s toggle event', async () => {
  const changes = { memory: { tokens: 4096 }, overcapacity: { n: 24 }, spotlight: { cosine: 0.4 } };
  for (const [demo, change] of Object.entries(changes)) {
    const { page, problems } = await openPage(browser, `${base}embed.html?demo=${demo}`);
    await page.locator('.linattn-mount[data-status="ready"]').waitFor({ timeout: 60000 });
    await settled(page);
    const open = await page.evaluate(
      (change) =>
        new Promise((resolve) => {
          const details = document.querySelector(
            '.linattn-mount details:is([data-part="settings"], .lm-settings, .spot-settings)',
          );
          // The click, then a change drawn (at once, or in the next frame) before the toggle task.
          details.querySelector(':scope > summary').click();
          window.linattnEmbed.handle.setState(change);
          setTimeout(() => requestAnimationFrame(() => resolve(details.open)), 300);
        }),
      change,
    );
    assert.equal(open, true, `${demo}: the Settings disclosure stays open`);
    await waitUntil(() => page.evaluate(() => window.linattnEmbed.handle.getState().settings === true), {
      message: `${demo}: the state says Settings is open`,
    });
    assert.deepEqual(problems, [], demo);
    await page.close();
  }
});

test('a number the reader is typing keeps its text when the figure draws before the change commits it', async () => {
  // The reader types (input events); something else is drawn (here a host's setState; an answer or a
  // new width does the same) before the change event. The field keeps what they typed, and the
  // change then commits it. A CI run saw the memory figure write 10,000,000 over a typed 0.
  const cases = {
    memory: { field: 'input[id$="-tokens"]', typed: '5000', change: { sessions: 2 }, key: 'tokens', want: 5000 },
    overcapacity: { field: '.oc-settings input[type="text"]', typed: '3', change: { n: 24 }, key: 'trials', want: 3 },
    ledger: { field: 'input[data-part="free-q-1"]', typed: '0.25', change: { step: 1 }, key: 'freeQuery', want: 0.25 },
  };
  for (const [demo, c] of Object.entries(cases)) {
    const { page, problems } = await openPage(browser, `${base}embed.html?demo=${demo}`);
    await page.locator('.linattn-mount[data-status="ready"]').waitFor({ timeout: 60000 });
    await settled(page);
    const kept = await page.evaluate(
      ({ field, typed, change }) =>
        new Promise((resolve) => {
          const input = document.querySelector(`.linattn-mount ${field}`);
          input.value = typed;
          input.dispatchEvent(new Event('input', { bubbles: true }));
          window.linattnEmbed.handle.setState(change);
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(input.value)));
        }),
      c,
    );
    assert.equal(kept, c.typed, `${demo}: the typed text stays through a drawing`);
    await page.evaluate((field) => {
      document.querySelector(`.linattn-mount ${field}`).dispatchEvent(new Event('change', { bubbles: true }));
    }, c.field);
    await waitUntil(
      () =>
        page.evaluate(({ key, want }) => {
          const got = window.linattnEmbed.handle.getState()[key];
          return (Array.isArray(got) ? got[0] : got) === want;
        }, c),
      { message: `${demo}: the change commits ${c.typed}` },
    );
    assert.deepEqual(problems, [], demo);
    await page.close();
  }
});

/** A finger's drag (CDP touch events, with touch emulation on) from (x0, y) to (x1, y). */
async function touchDrag(page, x0, x1, y) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: x0, y }] });
  for (let i = 1; i <= 8; i++)
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: x0 + ((x1 - x0) * i) / 8, y }],
    });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test('touch: a finger drags the memory context marker and the overcapacity N marker; the sliders follow', async () => {
  const memory = await openPage(browser, `${base}embed.html?demo=memory`, { width: 390, height: 844 });
  await memory.page.locator('.linattn-mount[data-status="ready"]').waitFor({ timeout: 60000 });
  const handle = memory.page.locator('.lm-chart [role="slider"]');
  await handle.scrollIntoViewIfNeeded();
  const hb = await handle.boundingBox();
  const chart = await memory.page.locator('.lm-chart svg').boundingBox();
  // to the plot's right end (10M tokens) and back to its left end (1K)
  await touchDrag(memory.page, hb.x + hb.width / 2, chart.x + chart.width + 20, hb.y + 30);
  // The field shows the number grouped, as the page writes numbers.
  await memory.page.waitForFunction(() => document.querySelector('input[id$="-tokens"]').value === '10,000,000');
  assert.equal(
    await memory.page.locator('input[type="range"][id$="-slider"]').inputValue(),
    '400',
    'the slider follows',
  );
  const hb2 = await handle.boundingBox();
  await touchDrag(memory.page, hb2.x + hb2.width / 2, chart.x - 20, hb2.y + 30);
  await memory.page.waitForFunction(() => document.querySelector('input[id$="-tokens"]').value === '1,000');
  assert.equal(await memory.page.locator('input[type="range"][id$="-slider"]').inputValue(), '0');
  assert.equal(await handle.getAttribute('aria-valuenow'), '0');
  assert.deepEqual(memory.problems, []);
  await memory.page.close();

  const over = await openPage(browser, `${base}embed.html?demo=overcapacity`, { width: 390, height: 844 });
  await over.page.locator('.linattn-mount[data-status="ready"]').waitFor({ timeout: 60000 });
  const nHandle = over.page.locator('.oc-n-handle');
  await nHandle.scrollIntoViewIfNeeded();
  const nb = await nHandle.boundingBox();
  const plot = await over.page.locator('.oc-chart svg[role="img"]').boundingBox();
  await touchDrag(over.page, nb.x + nb.width / 2, plot.x + plot.width + 20, nb.y + nb.height / 2);
  const slider = over.page.locator('.oc-controls input[type="range"]').first();
  await over.page.waitForFunction(() => window.linattnEmbed.handle.getState().n === 256);
  assert.equal(await slider.inputValue(), '256', 'N = 4d at the right end; the slider follows');
  assert.deepEqual(over.problems, []);
  await over.page.close();
});

test('memory bars: large, labelled on themselves, on the chart’s axis: the cache grows with the context and the fixed state stays put, in log and linear', async () => {
  const { page, problems } = await openPage(
    browser,
    `${base}embed.html?demo=memory&preset=qwen3-next-80b-a3b&tokens=8192`,
    { width: 1280, height: 900, reducedMotion: 'reduce' },
  );
  await page.locator('.linattn-mount[data-status="ready"]').waitFor({ timeout: 60000 });
  const bars = () =>
    page.evaluate(() => {
      const out = {};
      for (const row of document.querySelectorAll('.lm-bar-row')) {
        const track = row.querySelector('.lm-bar-track').getBoundingClientRect();
        const bar = row.querySelector('.lm-bar').getBoundingClientRect();
        const text = row.querySelector('.lm-bar-text').getBoundingClientRect();
        out[row.dataset.term] = {
          width: bar.width,
          height: track.height,
          textInside: text.left >= track.left && text.right <= track.right + 0.5 && text.top >= track.top - 0.5,
          words: row.querySelector('.lm-bar-text').textContent,
        };
      }
      return out;
    });
  const tokens = page.locator('input[id$="-tokens"]');
  for (const scale of ['log', 'linear']) {
    if (scale === 'linear') {
      await page.locator('details.lm-settings summary').click();
      await page.locator('input[id$="-scale-linear"]').check();
    }
    await tokens.fill('8192');
    await tokens.dispatchEvent('change');
    await settled(page);
    const short = await bars();
    await tokens.fill('1000000');
    await tokens.dispatchEvent('change');
    await settled(page);
    const long = await bars();
    for (const term of ['growing', 'fixed']) {
      assert.ok(short[term].height >= 28, `${scale}: the ${term} bar is drawn large (${short[term].height} px tall)`);
      assert.ok(short[term].textInside && long[term].textInside, `${scale}: the ${term} bar's words sit on it`);
      assert.match(long[term].words, /\d.*(B|iB)/, `${scale}: the ${term} bar names its bytes`);
    }
    assert.ok(
      long.growing.width > short.growing.width + 20,
      `${scale}: the cache's bar grows from 8,192 to 1,000,000 tokens (${short.growing.width} -> ${long.growing.width} px)`,
    );
    assert.ok(short.fixed.width > 3, `${scale}: the fixed state is drawn (${short.fixed.width} px)`);
    assert.ok(
      Math.abs(long.fixed.width - short.fixed.width) < 0.5,
      `${scale}: the fixed state's bar stays put (${short.fixed.width} -> ${long.fixed.width} px)`,
    );
  }
  assert.deepEqual(problems, []);
  await page.close();
});

/** Per demo: its plots (selectors inside the embed's figure) and the one with the arrowhead. */
const PLOTS = {
  ledger: { plots: ['svg.lg-plane.is-keys', 'svg.lg-plane:not(.is-keys)'], arrows: 1 },
  memory: { plots: ['.lm-chart svg'], arrows: 0 },
  overcapacity: {
    plots: ['.oc-chart > svg[role="img"]', '.oc-capacity-chart svg', '.oc-age svg'],
    arrows: 0,
  },
};

/** The computed look of a plot's marks, and where its tick labels and titles sit. */
function readPlot(selector) {
  const svg = document.querySelector(`figure.linattn-figure ${selector}`);
  if (!svg) return null;
  const cs = (el) => getComputedStyle(el);
  const px = (name) => {
    // a token's value as the browser resolves it (12px, 12.5px)
    const probe = document.createElementNS('http://www.w3.org/2000/svg', 'text');
    probe.style.fontSize = `var(${name})`;
    svg.appendChild(probe);
    const size = cs(probe).fontSize;
    probe.remove();
    return size;
  };
  const look = (el, props) => Object.fromEntries(props.map((p) => [p, cs(el).getPropertyValue(p)]));
  const ticks = [...svg.querySelectorAll('.plot-tick')];
  const titles = [...svg.querySelectorAll('.plot-axis-label')];
  const grid = [...svg.querySelectorAll('line.plot-grid')];
  const axes = [...svg.querySelectorAll('.plot-axis')];
  const bottom = axes.find((l) => l.getAttribute('y1') === l.getAttribute('y2'));
  const left = axes.find((l) => l.getAttribute('x1') === l.getAttribute('x2'));
  const box = (el) => el.getBBox();
  const view = svg.viewBox.baseVal;
  return {
    tokens: { tick: px('--fig-svg-tick'), label: px('--fig-svg-label') },
    ticks: ticks.map((t) => look(t, ['font-size', 'fill'])),
    titles: titles.map((t) => look(t, ['font-size', 'fill', 'text-anchor'])),
    grid: grid.map((g) => look(g, ['stroke', 'stroke-width'])),
    axes: axes.map((a) => look(a, ['stroke', 'stroke-width'])),
    xTicksBelow: bottom
      ? [...svg.querySelectorAll('.plot-tick-x')].every((t) => box(t).y >= Number(bottom.getAttribute('y1')))
      : null,
    yTicksLeft: left
      ? [...svg.querySelectorAll('.plot-tick-y')].every(
          (t) => box(t).x + box(t).width <= Number(left.getAttribute('x1')),
        )
      : null,
    titlesInside: titles.every((t) => {
      const b = t.getBoundingClientRect();
      const r = svg.getBoundingClientRect();
      return b.left >= r.left - 0.5 && b.right <= r.right + 0.5 && b.top >= r.top - 0.5 && b.bottom <= r.bottom + 0.5;
    }),
    width: view.width,
  };
}

/** The figure's arrowheads: the <marker>s, where they are, and what its arrows point with. */
function readArrows(exported) {
  const figure = document.querySelector('figure.linattn-figure');
  const markers = [...figure.querySelectorAll('marker')];
  const ends = [...figure.querySelectorAll('[marker-end]')].map((el) => el.getAttribute('marker-end'));
  return {
    ids: markers.map((m) => m.id),
    inExported: exported ? markers.filter((m) => m.closest(exported)).length : 0,
    ends: [...new Set(ends)],
  };
}

test('the five plots draw ticks, titles and grid alike, at the figure type tokens, with labels outside the plot area', async () => {
  const seen = [];
  for (const [demo, { plots }] of Object.entries(PLOTS)) {
    const { page, problems } = await openPage(browser, `${base}embed.html?demo=${demo}`, { width: 1280, height: 900 });
    await page.locator(`.linattn-mount[data-demo="${demo}"][data-status="ready"]`).waitFor({ timeout: 60000 });
    for (const selector of plots) {
      const margins = !selector.includes('.lg-'); // the ledger's planes have no axes
      // the age panel draws once the first store is read back; the others with the figure
      await waitUntil(() => page.evaluate(readPlot, selector).then((p) => p && (!margins || p.ticks.length >= 2)), {
        timeout: 60000,
        message: `${demo} ${selector}: drawn`,
      });
      await settled(page);
      const p = await page.evaluate(readPlot, selector);
      const name = `${demo} ${selector}`;
      assert.ok(p.grid.length >= 2, `${name}: grid lines of the shared class (${p.grid.length})`);
      for (const t of p.ticks) assert.equal(t['font-size'], p.tokens.tick, `${name}: tick at --fig-svg-tick`);
      for (const t of p.titles) assert.equal(t['font-size'], p.tokens.label, `${name}: axis title at --fig-svg-label`);
      if (margins) {
        assert.ok(p.ticks.length >= 4, `${name}: x and y ticks (${p.ticks.length})`);
        assert.ok(p.titles.length >= 1, `${name}: an axis title`);
        assert.ok(p.titlesInside, `${name}: axis titles inside the drawing`);
        if (p.xTicksBelow !== null) assert.ok(p.xTicksBelow, `${name}: x tick labels under the x axis`);
        if (p.yTicksLeft !== null) assert.ok(p.yTicksLeft, `${name}: y tick labels left of the y axis`);
      }
      seen.push({ name, ...p });
    }
    assert.deepEqual(problems, [], `${demo}: no page problems`);
    await page.close();
  }
  // one look across figures: the same tick, title, grid and axis styles wherever they appear
  const kinds = ['ticks', 'titles', 'grid', 'axes'];
  for (const kind of kinds) {
    const looks = new Set(seen.flatMap((p) => p[kind].map((s) => JSON.stringify(s))));
    assert.equal(looks.size, 1, `${kind}: one look in every plot, got ${[...looks].join(' | ')}`);
  }
});

/** Each drawn arrow of the figure: its line's computed stroke and its arrowhead's computed fill (the
 *  path in the <marker> its marker-end names), so a browser without fill: context-stroke (WebKit)
 *  still draws each head in its line's colour. */
function arrowColours() {
  const figure = document.querySelector('figure.linattn-figure');
  const byId = new Map([...figure.querySelectorAll('marker')].map((m) => [m.id, m]));
  return [...figure.querySelectorAll('[marker-end]')]
    .filter((el) => el.getAttribute('display') !== 'none' && el.getBBox().width + el.getBBox().height > 0)
    .map((el) => {
      const id = /url\(#([^)]+)\)/.exec(el.getAttribute('marker-end'))?.[1];
      const head = byId.get(id)?.querySelector('path');
      return {
        line: el.getAttribute('class'),
        stroke: getComputedStyle(el).stroke,
        fill: head ? getComputedStyle(head).fill : 'no marker',
      };
    });
}

test('a figure with arrows has its arrowheads, one per colour, in the SVG its export takes away, every arrow pointing with one', async () => {
  for (const [demo, { plots, arrows }] of Object.entries(PLOTS)) {
    const { page, problems } = await openPage(browser, `${base}embed.html?demo=${demo}`, { width: 1280, height: 900 });
    await page.locator(`.linattn-mount[data-demo="${demo}"][data-status="ready"]`).waitFor({ timeout: 60000 });
    const exported = demo === 'ledger' ? plots[1] : null;
    const a = await page.evaluate(readArrows, exported);
    if (arrows) {
      assert.ok(a.ids.length >= 2, `${demo}: an arrowhead per colour (${a.ids.join(', ')})`);
      assert.equal(a.inExported, a.ids.length, `${demo}: the arrowheads are in the exported SVG`);
      for (const end of a.ends)
        assert.ok(
          a.ids.some((id) => end === `url(#${id})`),
          `${demo}: ${end} is one of them`,
        );
    } else {
      assert.deepEqual(a.ids, [], `${demo}: no arrowheads`);
      assert.deepEqual(a.ends, [], `${demo}: no arrows`);
    }
    assert.deepEqual(problems, [], `${demo}: no page problems`);
    await page.close();
  }
});

test('every arrowhead is filled with its own line\u2019s colour, in light and dark, without context-stroke', async () => {
  for (const [demo, { arrows }] of Object.entries(PLOTS)) {
    if (!arrows) continue;
    for (const colorScheme of ['light', 'dark']) {
      const { page, problems } = await openPage(browser, `${base}embed.html?demo=${demo}`, { colorScheme });
      await page.locator(`.linattn-mount[data-demo="${demo}"][data-status="ready"]`).waitFor({ timeout: 60000 });
      await settled(page);
      const drawn = await page.evaluate(arrowColours);
      assert.ok(drawn.length >= 3, `${demo} ${colorScheme}: arrows drawn (${drawn.length})`);
      for (const d of drawn) assert.equal(d.fill, d.stroke, `${demo} ${colorScheme}: the head of ${d.line}`);
      assert.ok(new Set(drawn.map((d) => d.stroke)).size >= 2, `${demo} ${colorScheme}: arrows of several colours`);
      assert.deepEqual(problems, [], `${demo} ${colorScheme}: no page problems`);
      await page.close();
    }
  }
});

/** Each key of the figure (lib/plot/legend.js) beside the picture's mark it names: the swatch's
 *  computed stroke, dashes and fill, and the same of the first mark of the same class drawn in a
 *  plot (null while that mark is not drawn yet); and each list's font size and gaps. */
function keysAndMarks() {
  const figure = document.querySelector('figure.linattn-figure');
  const look = (el) => {
    const c = getComputedStyle(el);
    return {
      stroke: c.stroke,
      dash: c.strokeDasharray,
      width: c.strokeWidth,
      fill: c.fill,
      fillOpacity: c.fillOpacity,
    };
  };
  const marks = [...figure.querySelectorAll('svg:not(.fig-swatch) [class]')];
  const keys = [...figure.querySelectorAll('.fig-legend .fig-swatch > *')].map((swatch) => {
    const cls = swatch.getAttribute('class');
    const mark = marks.find((m) => m.getAttribute('class') === cls);
    return { cls, swatch: look(swatch), mark: mark ? look(mark) : null };
  });
  const lists = [...figure.querySelectorAll('.fig-legend')].map((ul) => {
    const c = getComputedStyle(ul);
    return JSON.stringify({ size: c.fontSize, gap: c.gap, wrap: c.flexWrap });
  });
  return { keys, lists };
}

test('every key is drawn with the mark it names (the swatch has the curve’s own class), in light and dark; one look for every key', async () => {
  const lists = new Set();
  for (const demo of ['memory', 'overcapacity', 'spotlight']) {
    for (const colorScheme of ['light', 'dark']) {
      const { page, problems } = await openPage(browser, `${base}embed.html?demo=${demo}`, {
        width: 1280,
        height: 900,
        colorScheme,
      });
      await page.locator(`.linattn-mount[data-demo="${demo}"][data-status="ready"]`).waitFor({ timeout: 60000 });
      // the capacity panel draws its curves once its first measurement is in
      await waitUntil(() => page.evaluate(keysAndMarks).then((r) => r.keys.length > 0 && r.keys.every((k) => k.mark)), {
        timeout: 90000,
        message: `${demo} ${colorScheme}: every key's mark is drawn`,
      });
      const r = await page.evaluate(keysAndMarks);
      assert.ok(r.keys.length >= 4, `${demo}: keys (${r.keys.map((k) => k.cls).join(', ')})`);
      for (const k of r.keys) assert.deepEqual(k.swatch, k.mark, `${demo} ${colorScheme}: the key of ${k.cls}`);
      for (const l of r.lists) lists.add(l);
      assert.deepEqual(problems, [], `${demo} ${colorScheme}: no page problems`);
      await page.close();
    }
  }
  assert.equal(lists.size, 1, `one look for every key: ${[...lists].join(' | ')}`);
});
