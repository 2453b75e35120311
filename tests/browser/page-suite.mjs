// The chapter page's test suite, run against one target: the served dist/ (page.test.mjs) or the
// standalone file opened via file:// (page-standalone.test.mjs). Two files so each stays short.
// Screenshots at 375, 768 and 1280 px go to test-results/.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  launch,
  serve,
  openPage,
  networkQuiet,
  axe,
  describeViolations,
  noHorizontalOverflow,
  DIST,
  STANDALONE,
  ROOT,
  standaloneUrl,
  settled,
} from './harness.mjs';

const RESULTS = join(ROOT, 'test-results');
const DISPLAY_EQUATIONS = 4;
const MARGIN_NOTES = 8;
const DEMOS = ['ledger', 'memory', 'overcapacity', 'spotlight'];

/** Scrolls through the page so every figure mounts, then waits until each reports its status. */
async function mountAllDemos(page) {
  await page.evaluate(async () => {
    for (const m of document.querySelectorAll('.demo-mount')) {
      m.scrollIntoView({ block: 'center', behavior: 'instant' });
      // Stay until its mounting has started (a busy machine may take longer than a frame).
      for (let t = 0; t < 50 && !m.dataset.status; t++) await new Promise((r) => setTimeout(r, 100));
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  await page
    .waitForFunction(
      () =>
        [...document.querySelectorAll('.demo-mount')].every(
          (m) => m.dataset.status === 'ready' || m.dataset.status === 'error',
        ),
      null,
      { timeout: 20000 },
    )
    .catch(async (err) => {
      const s = await page.$$eval('.demo-mount', (ms) => ms.map((m) => `${m.dataset.demo}:${m.dataset.status}`));
      throw new Error(`demos did not finish mounting: ${s.join(', ')} (${err.message})`);
    });
  return page.$$eval('.demo-mount', (ms) =>
    ms.map((m) => ({ name: m.dataset.demo, status: m.dataset.status, text: m.textContent.slice(0, 200) })),
  );
}

/**
 * Init script: records in window.readsInObservers each layout read (sizes, boxes, visibility) made
 * while a ResizeObserver callback of the page runs, with where it was made.
 */
function recordReadsInObservers() {
  const reads = [];
  window.readsInObservers = reads;
  let inCallback = 0;
  const Native = window.ResizeObserver;
  window.ResizeObserver = class extends Native {
    constructor(callback) {
      super((entries, observer) => {
        inCallback++;
        try {
          callback(entries, observer);
        } finally {
          inCallback--;
        }
      });
    }
  };
  const note = (what) => {
    if (inCallback) reads.push(`${what} at ${(new Error().stack ?? '').split('\n')[3]?.trim()}`);
  };
  const sizes = [
    [Element.prototype, ['scrollWidth', 'scrollHeight', 'clientWidth', 'clientHeight']],
    [HTMLElement.prototype, ['offsetWidth', 'offsetHeight', 'offsetTop', 'offsetLeft']],
  ];
  for (const [proto, names] of sizes)
    for (const name of names) {
      const { get } = Object.getOwnPropertyDescriptor(proto, name);
      Object.defineProperty(proto, name, {
        get() {
          note(name);
          return get.call(this);
        },
      });
    }
  for (const name of ['getBoundingClientRect', 'getClientRects', 'checkVisibility']) {
    const method = Element.prototype[name];
    Element.prototype[name] = function (...args) {
      note(name);
      return method.apply(this, args);
    };
  }
}

function assertNoProblems(problems, when) {
  assert.deepEqual(
    problems,
    [],
    `${when}: expected no console errors, failed or foreign requests, or CSP violations; got:\n  ${problems.join('\n  ')}`,
  );
}

/** target: 'served dist/' or 'standalone file://' */
export function definePageSuite(target) {
  describe(`chapter page (${target})`, { timeout: 170000 }, () => {
    let browser;
    let server;
    let page;
    let problems;
    let url;
    let response;

    before(async () => {
      const file = target.startsWith('served') ? join(DIST, 'index.html') : STANDALONE;
      if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build first`);
      await mkdir(RESULTS, { recursive: true });
      browser = await launch();
      if (target.startsWith('served')) {
        server = await serve(DIST);
        url = server.url;
      } else {
        url = standaloneUrl();
      }
      ({ page, problems, response } = await openPage(browser, url, { width: 1280, height: 900 }));
    });

    after(async () => {
      await browser?.close();
      await server?.close();
    });

    it('mounts all four demos where the manuscript puts them, each with a caption', async () => {
      const demos = await mountAllDemos(page);
      assert.deepEqual(
        demos.map((d) => d.name),
        DEMOS,
        'figures in manuscript order',
      );
      for (const d of demos) assert.equal(d.status, 'ready', `demo ${d.name} should be ready; shows: ${d.text}`);
      const placement = await page.evaluate(() =>
        [...document.querySelectorAll('.demo-figure')].map((f) => ({
          section:
            f.closest('.article') &&
            [...document.querySelectorAll('h2')]
              .filter((h) => h.compareDocumentPosition(f) & Node.DOCUMENT_POSITION_FOLLOWING)
              .pop()?.textContent,
          caption: f.querySelector('figcaption')?.textContent.trim() ?? '',
        })),
      );
      assert.deepEqual(
        placement.map((p) => p.section.slice(0, 3)),
        ['4.1', '4.2', '4.3', '4.3'],
      );
      for (const p of placement) assert.ok(p.caption.length > 40, `caption too short: "${p.caption}"`);
    });

    it('causes no console error, failed request, request to another origin or CSP violation', async () => {
      await networkQuiet(page); // every chunk, worker and wasm fetched
      await settled(page);
      assertNoProblems(problems, 'after loading and mounting every demo');
    });

    it('carries a strict Content-Security-Policy (no unsafe-eval, no unsafe-inline scripts)', async () => {
      const csp = await page.$eval('meta[http-equiv="Content-Security-Policy"]', (m) => m.content);
      const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
      assert.ok(scriptSrc, `script-src missing in ${csp}`);
      const tokens = csp.split(/[\s;]+/);
      assert.ok(!tokens.includes("'unsafe-eval'"), `no unsafe-eval in ${csp}`);
      assert.ok(!scriptSrc.split(/\s+/).includes("'unsafe-inline'"), 'no unsafe-inline for scripts');
      assert.match(scriptSrc, /'wasm-unsafe-eval'/);
      assert.match(csp, /default-src 'none'/);
      if (target.startsWith('served')) {
        assert.equal(response.headers()['content-security-policy'], csp, 'the server repeats the policy as a header');
      } else {
        assert.match(csp, /worker-src blob:/);
        const inline = await page.evaluate(() => [...document.querySelectorAll('script:not([src])')].length);
        assert.ok(inline >= 1, 'standalone has its code inline');
      }
    });

    it('renders every equation at build time (HTML + MathML, KaTeX fonts from the build, no math JS)', async () => {
      const math = await page.evaluate(async () => {
        await document.fonts.ready;
        const all = [...document.querySelectorAll('.katex')];
        return {
          total: all.length,
          display: document.querySelectorAll('.equation .katex-display').length,
          errors: document.querySelectorAll('.katex-error').length,
          withoutMathml: all.filter((k) => !k.querySelector('.katex-mathml math annotation')).length,
          withoutHtml: all.filter((k) => !k.querySelector('.katex-html')).length,
          unrendered: [...document.querySelectorAll('.article p, .article li, .article td')].filter(
            (el) => /\$[^$\s][^$]*\$/.test(el.textContent.replace(/\s+/g, ' ')) && !el.querySelector('.katex'),
          ).length,
          fontMain: document.fonts.check('16px KaTeX_Main'),
          fontMath: document.fonts.check('italic 16px KaTeX_Math'),
          katexGlobal: typeof window.katex,
          strutHeights: [...document.querySelectorAll('.katex .strut')].filter(
            (s) => parseFloat(getComputedStyle(s).height) > 0,
          ).length,
          struts: document.querySelectorAll('.katex .strut').length,
        };
      });
      assert.equal(math.display, DISPLAY_EQUATIONS, 'display equations (1)–(4)');
      assert.ok(math.total > 60, `expected the chapter's inline math too, found ${math.total} .katex elements`);
      assert.equal(math.errors, 0, 'KaTeX errors');
      assert.equal(math.withoutMathml, 0, 'every equation keeps its MathML');
      assert.equal(math.withoutHtml, 0);
      assert.equal(math.unrendered, 0, 'no $…$ left as text');
      assert.ok(math.fontMain && math.fontMath, 'KaTeX fonts loaded from the build');
      assert.equal(math.katexGlobal, 'undefined', 'no KaTeX in the browser');
      assert.equal(math.strutHeights, math.struts, 'hoisted KaTeX layout styles apply under the CSP');
    });

    it('shows the eight margin notes in the gutter on a wide screen', async () => {
      await page.setViewportSize({ width: 1280, height: 900 });
      const notes = await page.evaluate(() => {
        const body = document.querySelector('.article p').getBoundingClientRect();
        return [...document.querySelectorAll('.sidenote')].map((n) => {
          const r = n.getBoundingClientRect();
          return {
            visible: r.width > 0 && r.height > 0,
            inGutter: r.left >= body.right,
            text: n.textContent.slice(0, 40),
          };
        });
      });
      assert.equal(notes.length, MARGIN_NOTES);
      for (const n of notes) assert.ok(n.visible && n.inGutter, `note "${n.text}" should sit in the gutter`);
    });

    it('has zero axe-core violations (wide, light theme)', async () => {
      // KaTeX's visual layer is aria-hidden (the MathML beside it is what assistive technology
      // reads); leaving its thousands of spans out halves axe's time.
      const v = await axe(page, { exclude: ['.katex-html'] });
      assert.equal(v.length, 0, describeViolations(v));
    });

    for (const width of [1280, 768, 375]) {
      it(`has no horizontal overflow at ${width} px (screenshot kept)`, async () => {
        await page.setViewportSize({ width, height: 900 });
        await page.waitForFunction((w) => window.innerWidth === w, width);
        await settled(page);
        const o = await noHorizontalOverflow(page);
        const name = `page-${target.startsWith('served') ? 'dist' : 'standalone'}-${width}.png`;
        await page.screenshot({ path: join(RESULTS, name), fullPage: true });
        assert.ok(
          o.scrollWidth <= o.clientWidth,
          `page is ${o.scrollWidth} px wide in a ${o.clientWidth} px window; widest: ${o.offenders.join(', ')}`,
        );
        assert.deepEqual(o.offenders, [], 'elements sticking out of the window');
      });
    }

    it('makes a display equation or table focusable on a phone exactly when it scrolls sideways', async () => {
      // A fresh page at 360 px: the boxes are checked as the ResizeObserver reports them laid out,
      // again when the fonts arrive and when a skipped box is rendered (main.js watchScrollables).
      // Scrolled through, every box on screen must agree: focusable (tabindex, role region and a
      // label) if and only if its content is wider than the box.
      // No box is read inside the ResizeObserver's callback: a read there lays out what changed since
      // the frame's layout (a web font that arrived), and Firefox then reported the boxes it resized
      // as a "ResizeObserver loop completed with undelivered notifications" error at the window.
      const { page: phone } = await openPage(browser, url, { width: 360, height: 740, init: recordReadsInObservers });
      try {
        const total = await phone.evaluate(() => document.documentElement.scrollHeight);
        let checked = 0;
        let scrolling = 0;
        for (let y = 0; y < total; y += 700) {
          await phone.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
          await settled(phone);
          await phone.waitForTimeout(50); // the check runs right after a frame (a 0 ms timer)
          const boxes = await phone.evaluate(() =>
            [...document.querySelectorAll('.article > :is(.equation, .table-wrap)')]
              .filter((b) => {
                const r = b.getBoundingClientRect();
                const first = b.firstElementChild;
                return r.bottom > 0 && r.top < innerHeight && first?.checkVisibility({ contentVisibilityAuto: true });
              })
              .map((b) => ({
                what: `${b.className} at ${Math.round(b.getBoundingClientRect().top + scrollY)} px`,
                scrolls: b.scrollWidth > b.clientWidth + 1,
                focusable: b.getAttribute('tabindex') === '0' && b.getAttribute('role') === 'region',
                label: b.getAttribute('aria-label'),
              })),
          );
          for (const b of boxes) {
            checked++;
            if (b.scrolls) scrolling++;
            assert.equal(b.focusable, b.scrolls, `${b.what}: scrolls ${b.scrolls}, focusable ${b.focusable}`);
            if (b.scrolls) assert.match(b.label ?? '', /scrollable$/, `${b.what} has a label`);
          }
        }
        assert.ok(checked >= 8, `saw ${checked} boxes on screen`);
        assert.ok(scrolling >= 1, 'at least one box scrolls at 360 px');
        const reads = await phone.evaluate(() => window.readsInObservers);
        assert.deepEqual(reads, [], 'layout read inside a ResizeObserver callback');
      } finally {
        await phone.close();
      }
    });

    it('opens each margin note with Enter and closes it with Escape on a narrow screen', async () => {
      await page.setViewportSize({ width: 375, height: 800 });
      const count = await page.locator('.sn-toggle').count();
      assert.equal(count, MARGIN_NOTES);
      for (let i = 0; i < count; i++) {
        const toggle = page.locator('.sn-toggle').nth(i);
        const note = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
        assert.equal(await note.isVisible(), false, `note ${i + 1} starts folded`);
        await toggle.focus();
        await page.keyboard.press('Enter');
        assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
        assert.equal(await note.isVisible(), true, `Enter opens note ${i + 1}`);
        await page.keyboard.press('Escape');
        assert.equal(await note.isVisible(), false, `Escape closes note ${i + 1}`);
        assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
        assert.equal(
          await page.evaluate(() => document.activeElement?.className),
          'sn-toggle',
          'focus returns to the toggle',
        );
      }
      // Tab reaches the toggles in reading order.
      await page.locator('.sn-toggle').first().focus();
      await page.keyboard.press('Tab');
      const next = await page.evaluate(
        () => document.activeElement?.getAttribute('aria-controls') ?? document.activeElement?.tagName,
      );
      assert.ok(next, 'Tab moves on from a toggle');
      // A tap also works.
      await page.locator('.sn-toggle').nth(1).click();
      assert.equal(await page.locator('#sn-2').isVisible(), true, 'a click opens a note');
      await page.locator('.sn-toggle').nth(1).click();
      assert.equal(await page.locator('#sn-2').isVisible(), false, 'a second click closes it');
    });

    it('has zero axe-core violations (narrow, dark theme via the toggle), and remembers the theme', async () => {
      await page.setViewportSize({ width: 375, height: 800 });
      const toggle = page.locator('.theme-toggle');
      const before = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
      assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
      const after = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      assert.notEqual(after, before, 'the background changes');
      await settled(page); // colour transitions finished
      // The demos run axe in both themes in their own tests; here the chapter around them.
      const v = await axe(page, { exclude: ['.katex-html', '.demo-mount'] });
      assert.equal(v.length, 0, describeViolations(v));
      await page.reload({ waitUntil: 'load' });
      const seen = () =>
        page.evaluate(() => ({
          theme: document.documentElement.dataset.theme,
          stored: localStorage.getItem('la-theme'),
        }));
      let reloaded = await seen();
      // Chromium on a loaded host now and then hands a reloaded file:// page an empty localStorage
      // (the choice is still stored: a second reload shows it). The page can only read what storage
      // gives it, so that case, and only that one, reloads again; a stored choice not applied fails.
      if (reloaded.stored === null && target.startsWith('standalone')) {
        console.log('# the reloaded file:// page was given an empty localStorage; reloading once more');
        await page.reload({ waitUntil: 'load' });
        reloaded = await seen();
      }
      assert.deepEqual(reloaded, { theme: 'dark', stored: 'dark' }, 'the choice survives a reload');
      await mountAllDemos(page);
      await page.locator('.theme-toggle').click();
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light');
      assertNoProblems(problems, 'after theme changes and a reload');
    });

    it('renders chapter cross-references as plain text when no CHAPTER_LINKS were given', async () => {
      const refs = await page.evaluate(() => ({
        plain: document.querySelectorAll('.chapter-ref').length,
        linked: document.querySelectorAll('a.chapter-link').length,
        dead: document.querySelectorAll('a[href^="chapter:"]').length,
        refs: document.querySelectorAll('#references li a[href^="https://"]').length,
      }));
      assert.equal(refs.dead, 0, 'no chapter: links reach the page');
      assert.ok(
        refs.plain + refs.linked >= 10,
        `cross-references to chapters 02–07, Contents, Glossary: ${JSON.stringify(refs)}`,
      );
      assert.ok(refs.refs >= 6, 'references carry links');
    });

    it('prints as one column with margin notes inline and no controls of the page', async () => {
      await page.setViewportSize({ width: 800, height: 1000 });
      // Even with a dark system theme, print is black on white.
      await page.evaluate(() => {
        delete document.documentElement.dataset.theme;
      });
      await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
      const print = await page.evaluate(() => ({
        header: getComputedStyle(document.querySelector('.site-header')).display,
        toggles: getComputedStyle(document.querySelector('.sn-toggle')).display,
        notes: [...document.querySelectorAll('.sidenote')].filter((n) => getComputedStyle(n).display === 'block')
          .length,
        bg: getComputedStyle(document.body).backgroundColor,
      }));
      await page.emulateMedia({ media: 'screen', colorScheme: 'light' });
      assert.equal(print.header, 'none');
      assert.equal(print.toggles, 'none');
      assert.equal(print.notes, MARGIN_NOTES);
      assert.equal(print.bg, 'rgb(255, 255, 255)');
    });

    if (target.startsWith('served')) {
      it('works from any sub-path of a static host (relative URLs only)', async () => {
        const host = await mkdtemp(join(tmpdir(), 'la-host-'));
        await mkdir(join(host, 'courses', 'linear-attention'), { recursive: true });
        await symlink(DIST, join(host, 'courses', 'linear-attention', 'chapter-04'), 'dir');
        const sub = await serve(host);
        try {
          const opened = await openPage(browser, `${sub.url}courses/linear-attention/chapter-04/`, { width: 1280 });
          const demos = await mountAllDemos(opened.page);
          for (const d of demos) assert.equal(d.status, 'ready', `demo ${d.name} under a sub-path: ${d.text}`);
          await networkQuiet(opened.page);
          assertNoProblems(opened.problems, 'under a sub-path');
          await opened.page.close();
        } finally {
          await sub.close();
          await rm(host, { recursive: true, force: true });
        }
      });
    }

    if (target.startsWith('served')) {
      it('shows a short message in a figure whose demo fails to load, and keeps the rest working', async () => {
        const other = await browser.newPage();
        await other.setViewportSize({ width: 1280, height: 900 });
        const errors = [];
        other.on('pageerror', (e) => errors.push(e.message));
        // The memory demo's chunk never arrives.
        await other.route(/\/assets\/memory-[^/]*\.js$/, (route) => route.abort());
        await other.goto(url, { waitUntil: 'load' });
        const demos = await mountAllDemos(other);
        const byName = Object.fromEntries(demos.map((d) => [d.name, d]));
        assert.equal(byName.memory.status, 'error');
        assert.match(byName.memory.text, /could not load/i);
        assert.equal(await other.locator('[data-demo="memory"] [role="alert"]').count(), 1);
        assert.equal(byName.ledger.status, 'ready');
        assert.equal(byName.overcapacity.status, 'ready');
        assert.deepEqual(errors, [], 'no uncaught errors');
        await other.close();
      });
    }

    it('respects prefers-reduced-motion', async () => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const behaviour = await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior);
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      const smooth = await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior);
      assert.equal(behaviour, 'auto');
      assert.equal(smooth, 'smooth');
      assertNoProblems(problems, 'at the end');
    });
  });
}
