// Hands and keys inside each figure, against the built dist/ (`npm run build` first):
//   node --test --test-concurrency=1 tests/browser/hands-and-keys.test.mjs
// - Target size (WCAG 2.2, 2.5.8): on a phone (390 × 844) every control of every figure, with every
//   disclosure open, is at least 24 × 24 CSS px: inputs (sliders included), menus, buttons,
//   disclosure summaries, links, the plane's slider handles and anything else in the tab order.
//   A radio button or checkbox counts together with its label (clicking the label works it, so
//   the two are one target). WCAG's inline exception: a link inside a sentence of running text
//   is exempt (its size is set by the line of text around it).
// - Reading order: pressing Tab inside a figure never goes back up within the same column: a tab
//   stop that sits wholly above the previous one and overlaps it sideways comes after it in the
//   page, not before (the ledger's plane handles before the read's menu below them).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, serve, streamed } from './harness.mjs';

const DEMOS = ['ledger', 'overcapacity', 'memory', 'spotlight'];
const MIN = 24;

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

/** embed.html for `demo` at `width`, drawn, its numbers streamed in, every disclosure open. */
async function openFigure(demo, width) {
  const page = await browser.newPage();
  await page.setViewportSize({ width, height: 844 });
  await page.goto(`${server.url}embed.html?demo=${demo}&d=16&n=20&trials=2`, { waitUntil: 'load' });
  await page.waitForSelector('.linattn-mount[data-status="ready"]', { timeout: 30000, state: 'attached' });
  await streamed(page);
  await page.evaluate(() => {
    for (const d of document.querySelectorAll('details')) d.open = true;
  });
  await streamed(page);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return page;
}

/** Every interactive element on the page that a reader can reach, with its target box. */
function targets(page) {
  return page.evaluate(() => {
    const SELECTOR = 'input, select, button, summary, a[href], [role="slider"], [tabindex]:not([tabindex="-1"])';
    const union = (a, b) => {
      const left = Math.min(a.left, b.left);
      const top = Math.min(a.top, b.top);
      return {
        left,
        top,
        width: Math.max(a.right, b.right) - left,
        height: Math.max(a.bottom, b.bottom) - top,
      };
    };
    /** A link inside a sentence: its block holds more text than the link. */
    const inline = (el) => {
      if (el.localName !== 'a') return false;
      const block = el.parentElement?.closest('p, li, dd, figcaption, td');
      return Boolean(block) && block.textContent.trim().length > el.textContent.trim().length + 3;
    };
    const describe = (el) => {
      const part = el.closest('[data-part]')?.getAttribute('data-part');
      const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30);
      return `<${el.localName}${el.type ? ` type=${el.type}` : ''}>${part ? ` [${part}]` : ''} "${text}"`;
    };
    const out = [];
    for (const el of document.querySelectorAll(SELECTOR)) {
      if (el.disabled || el.type === 'hidden' || !el.checkVisibility({ visibilityProperty: true })) continue;
      if (el.closest('[hidden], [inert], [aria-hidden="true"]')) continue;
      if (inline(el)) continue;
      let box = el.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (/^(radio|checkbox)$/.test(el.type)) {
        for (const label of el.labels ?? []) box = union(box, label.getBoundingClientRect());
      }
      out.push({ what: describe(el), width: box.width, height: box.height });
    }
    return out;
  });
}

for (const demo of DEMOS) {
  test(`${demo}: at 390 px every control is at least ${MIN} × ${MIN} CSS px (WCAG 2.2 target size)`, async () => {
    const page = await openFigure(demo, 390);
    try {
      const all = await targets(page);
      assert.ok(all.length > 5, `found the figure's controls (${all.length})`);
      const small = all
        .filter((t) => t.width < MIN - 0.01 || t.height < MIN - 0.01)
        .map((t) => `${t.what}: ${t.width.toFixed(1)} × ${t.height.toFixed(1)}`);
      assert.deepEqual(small, [], `targets under ${MIN} × ${MIN} px in ${demo}:\n${small.join('\n')}`);
    } finally {
      await page.close();
    }
  });
}

/** The boxes of the tab stops met by pressing Tab from the top of the page, in that order. */
async function tabStops(page) {
  await page.evaluate(() => {
    document.activeElement?.blur?.();
    window.scrollTo(0, 0);
  });
  const stops = [];
  for (let i = 0; i < 200; i++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      const r = el.getBoundingClientRect();
      const part = el.closest('[data-part]')?.getAttribute('data-part') ?? '';
      return {
        what: `<${el.localName}> ${part} ${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 24)}`,
        top: r.top + scrollY,
        bottom: r.bottom + scrollY,
        left: r.left,
        right: r.right,
      };
    });
    if (!stop) break;
    const last = stops.at(-1);
    if (last && last.what === stop.what && last.top === stop.top && last.left === stop.left) break;
    if (stops.some((s) => s.what === stop.what && s.top === stop.top && s.left === stop.left)) break; // wrapped
    stops.push(stop);
  }
  return stops;
}

for (const width of [1280, 390]) {
  test(`ledger at ${width} px: Tab follows the reading order (never back up within a column; the plane's handles before the read's menu)`, async () => {
    const page = await openFigure('ledger', width);
    try {
      const stops = await tabStops(page);
      assert.ok(stops.length > 10, `Tab reached the figure's controls (${stops.length})`);
      const back = [];
      for (let i = 1; i < stops.length; i++) {
        const [a, b] = [stops[i - 1], stops[i]];
        const above = b.bottom <= a.top;
        const sideways = b.left < a.right && a.left < b.right;
        if (above && sideways) back.push(`${a.what} -> ${b.what} (up ${(a.top - b.top).toFixed(0)} px)`);
      }
      assert.deepEqual(back, [], `Tab goes back up within a column:\n${back.join('\n')}`);
      const handle = stops.findIndex((s) => /handle-1/.test(s.what));
      const menu = stops.findIndex((s) => /<select>/.test(s.what) && /query/.test(s.what));
      assert.ok(handle >= 0 && menu >= 0, 'both a plane handle and the read menu are tab stops');
      assert.ok(handle < menu, 'the plane handles come before the read menu below them');
    } finally {
      await page.close();
    }
  });
}
