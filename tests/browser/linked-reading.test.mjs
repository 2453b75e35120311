// Linked reading: the symbols of equations (2)–(4), the inline math around them and the
// worked example's tables point at their live numbers in the figures, and back.
//   node --test --test-concurrency=1 tests/browser/linked-reading.test.mjs      (npm run build first)
// One served page for most checks (every demo mounted), the standalone file at the end. Expected
// values are computed through the page's own core (window.__probeLa, see core-probe.mjs) and
// formatted with the page kit's formatters; the popup must show the same text.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, serve, openPage, assertAxeClean, standaloneUrl, settled, waitUntil } from './harness.mjs';
import { installCoreProbe, attachCore } from './core-probe.mjs';
import { formatNumber } from '../../web/src/lib/format.js';
import { formatCos, formatInt, formatRatio } from '../../web/src/demos/overcapacity/format.js';

const LEDGER = '.demo-mount[data-demo="ledger"]';
const OVER = '.demo-mount[data-demo="overcapacity"]';
const POPUP = '.linked-popup';
const vec = (v) => `(${Array.from(v, (x) => formatNumber(x)).join(', ')})`;
const mat = (m, rows, cols) =>
  `[${Array.from({ length: rows }, (_, i) => `[${Array.from(m.slice(i * cols, (i + 1) * cols), (x) => formatNumber(x)).join(', ')}]`).join(', ')}]`;

let browser;
let server;
let page;
let problems;

/** Every demo mounted and the overcapacity sweep complete. */
async function mountAll(p) {
  await p.evaluate(async () => {
    for (const m of document.querySelectorAll('.demo-mount')) {
      m.scrollIntoView({ block: 'center', behavior: 'instant' });
      for (let t = 0; t < 50 && !m.dataset.status; t++) await new Promise((r) => setTimeout(r, 100));
    }
  });
  await p.waitForSelector(`${LEDGER}[data-status="ready"]`, { timeout: 30000, state: 'attached' });
  // Off-screen the sweep pauses (the demo lifecycle): it completes while its figure is in view
  // (the spotlight figure, mounted last, is far enough below it to have paused it).
  await p.evaluate((sel) => document.querySelector(sel).scrollIntoView({ block: 'center', behavior: 'instant' }), OVER);
  await p.waitForSelector(`${OVER}[data-sweep="complete"]`, { timeout: 45000, state: 'attached' });
  await p.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
}

/** Index (in document order) of the linked math that holds `sym`, the `nth` such one. */
function mathWith(p, sym, { display = null, nth = 0 } = {}) {
  return p.evaluate(
    ({ sym, display, nth }) => {
      const all = [...document.querySelectorAll('.linked-math')];
      const fits = all.filter(
        (m) =>
          m.querySelector(`[data-sym="${sym}"]`) && (display === null || Boolean(m.closest('.equation')) === display),
      );
      return all.indexOf(fits[nth]);
    },
    { sym, display, nth },
  );
}

/**
 * Keyboard only: focus the control just before math number `index` in the tab order, press Tab
 * (the math is one tab stop), then arrow keys until `sym` is the open symbol.
 */
async function openByKeyboard(p, index, sym) {
  // A keyboard reader's pointer rests where no text is: left over a figure by an earlier drag, the
  // page scrolling under it (focus moves scroll) would hover whatever symbol slides beneath it.
  await p.mouse.move(1, 1);
  const ok = await p.evaluate((index) => {
    const math = document.querySelectorAll('.linked-math')[index];
    const focusables = [...document.querySelectorAll('a[href], button, input, select, summary, [tabindex="0"]')].filter(
      (el) => el.checkVisibility() && !el.closest('[hidden]') && el.tabIndex >= 0,
    );
    const before = focusables.filter(
      (el) => el.compareDocumentPosition(math) & Node.DOCUMENT_POSITION_FOLLOWING && !el.contains(math),
    );
    const prev = before[before.length - 1];
    prev.scrollIntoView({ block: 'center', behavior: 'instant' });
    prev.focus();
    return document.activeElement === prev;
  }, index);
  assert.ok(ok, 'could focus the control before the math');
  await p.keyboard.press('Tab');
  const focused = await p.evaluate(
    (index) => document.activeElement === document.querySelectorAll('.linked-math')[index],
    index,
  );
  assert.ok(focused, `Tab reaches linked math #${index}`);
  const count = await p.evaluate(
    (index) => document.querySelectorAll('.linked-math')[index].querySelectorAll('.katex-html [data-sym]').length,
    index,
  );
  await p.keyboard.press('Home');
  for (let i = 0; i <= count; i++) {
    const on = await p.evaluate(() => document.activeElement.querySelector('.linked-sym--on')?.dataset.sym ?? null);
    if (on === sym) return;
    await p.keyboard.press('ArrowRight');
  }
  throw new Error(`arrow keys never reached ${sym} in math #${index}`);
}

/** The open popup's value line (waits for it to contain `expected`, if given). */
async function popupValue(p, expected) {
  if (expected !== undefined) {
    await p
      .waitForFunction(
        ({ sel, expected }) => document.querySelector(`${sel} [data-part="value"]`)?.textContent.includes(expected),
        { sel: POPUP, expected },
        { timeout: 10000 },
      )
      .catch(async () => {
        const text = await p.textContent(`${POPUP} [data-part="value"]`);
        throw new Error(`popup value ${JSON.stringify(text)} does not contain ${JSON.stringify(expected)}`);
      });
  }
  assert.equal(await p.isVisible(POPUP), true, 'the popup is shown');
  return p.textContent(`${POPUP} [data-part="value"]`);
}

const highlighted = (p, selector) => p.$eval(selector, (el) => el.classList.contains('linked-target'));

/** The ledger's numbers for its state, through the page's core. */
function ledgerTruth(p, { k3 = [0.8, 0.6], elu = false } = {}) {
  return p.evaluate(
    ({ k3, elu }) => {
      const la = window.__probeLa;
      const keys = [[1, 0], [0, 1], k3];
      const values = [
        [3, 1],
        [-2, 4],
        [0, -5],
      ];
      const mem = la.memory({ dk: 2, dv: 2, featureMap: elu ? 'elu1' : 'identity', normalize: elu });
      try {
        const stamps = keys.map((k, i) => Array.from(mem.write(k, values[i])));
        const terms = mem.readTerms(keys[0]);
        return {
          S: Array.from(mem.state()),
          z: Array.from(mem.normalizer()),
          stamp3: stamps[2],
          phiK3: Array.from(mem.features(k3)),
          phiQ: Array.from(mem.features(keys[0])),
          coefficients: Array.from(terms.coefficients),
          terms: Array.from(terms.terms),
          numbers: la.storageNumbers({ dk: 2, dv: 2, n: 3 }).state,
        };
      } finally {
        mem.delete();
      }
    },
    { k3, elu },
  );
}

/** The overcapacity numbers at N for the default settings, through the page's core. */
function sweepTruth(p, n) {
  return p.evaluate((n) => {
    const s = window.__probeLa.interferenceSweep({ d: 64, ns: [n], trials: 8, seed: 1, keys: 'random', beta: 8 });
    return {
      cosine: s.cosineMean[0],
      crosstalk: s.crosstalkMean[0],
      theory: s.theoryCrosstalk[0],
      stateNumbers: s.stateNumbers[0],
    };
  }, n);
}

describe('linked reading', { timeout: 180000 }, () => {
  before(async () => {
    browser = await launch();
    await installCoreProbe(browser);
    server = await serve();
    ({ page, problems } = await openPage(browser, server.url + 'index.html'));
    await attachCore(page);
    await mountAll(page);
    await page.mouse.move(1, 1);
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('marks the symbols at build time and keeps the MathML whole', async () => {
    const marks = await page.evaluate(() => ({
      inHtml: [...new Set([...document.querySelectorAll('.katex-html [data-sym]')].map((e) => e.dataset.sym))].sort(),
      inMathml: document.querySelectorAll('.katex-mathml [data-sym]').length,
      mathml: [...document.querySelectorAll('.linked-math')].every((m) => m.querySelector('.katex-mathml math')),
      focusInHidden: document.querySelectorAll('[aria-hidden="true"] [tabindex], [aria-hidden="true"][tabindex]')
        .length,
      stopsPerDisplay: [...document.querySelectorAll('.equation')].map(
        (e) => e.querySelectorAll('[tabindex="0"]').length,
      ),
    }));
    assert.deepEqual(marks.inHtml, [
      'F',
      'N',
      'S',
      'crosstalk',
      'd',
      'k-i',
      'k-j',
      'n-eff',
      'phi-k',
      'phi-q',
      'q',
      'stamp',
      'target',
      'v',
      'w-target',
      'z',
    ]);
    assert.equal(marks.inMathml, 0, 'the MathML carries no data-sym');
    assert.equal(marks.mathml, true);
    assert.equal(marks.focusInHidden, 0, 'no tab stop inside KaTeX\u2019s aria-hidden copy');
    // Equation (1) has no linked symbol; (2), (3) and (4) are one tab stop each.
    assert.deepEqual(marks.stopsPerDisplay, [0, 1, 1, 1]);
  });

  it('each symbol, reached by keyboard, highlights its figure element and shows the core\u2019s number', async () => {
    const t = await ledgerTruth(page);
    const eq2 = await mathWith(page, 'q', { display: true });
    const eq3 = await mathWith(page, 'stamp', { display: true });
    const eq4 = await mathWith(page, 'target', { display: true });
    const inline41 = await mathWith(page, 'd', { display: false });
    const inline43 = await mathWith(page, 'N', { display: false });
    // The ledger's tables wait behind its "Numbers" and "Details" disclosures, closed at first: a
    // symbol shown only there lights that disclosure's summary, and the part itself once it opens.
    const numbers = `${LEDGER} [data-part="numbers"]`;
    await openByKeyboard(page, eq4, 'target');
    await popupValue(page, vec(t.terms.slice(0, 2)));
    assert.equal(await highlighted(page, `${numbers} > summary`), true, 'target: the closed Numbers summary');
    await page.click(`${numbers} > summary`);
    await waitUntil(() => highlighted(page, `${LEDGER} [data-part="term-1"]`), {
      message: 'target: the stamp-by-stamp row once Numbers is open',
    });
    await page.click(`${LEDGER} [data-part="details"] > summary`);
    const cases = [
      [eq3, 'S', `${LEDGER} [data-part="S-now"]`, mat(t.S, 2, 2)],
      [eq3, 'stamp', `${LEDGER} [data-part="stamp-now"]`, mat(t.stamp3, 2, 2)],
      [eq3, 'phi-k', `${LEDGER} [data-part="write-3"] .lg-write-head`, vec(t.phiK3)],
      [eq3, 'v', `${LEDGER} [data-part="write-3"] .lg-write-head`, vec([0, -5])],
      [eq3, 'z', `${LEDGER} [data-part="feature-map"]`, 'not used'],
      [eq3, 'phi-q', `${LEDGER} .lg-query`, vec(t.phiQ)],
      [eq2, 'q', `${LEDGER} .lg-query`, vec([1, 0])],
      [eq4, 'k-j', `${LEDGER} .lg-query`, vec([1, 0])],
      [eq4, 'S', `${LEDGER} [data-part="S-now"]`, mat(t.S, 2, 2)],
      [eq4, 'target', `${LEDGER} [data-part="term-1"]`, vec(t.terms.slice(0, 2))],
      [eq4, 'crosstalk', `${LEDGER} [data-part="term-3"]`, vec(t.terms.slice(4, 6))],
      [eq4, 'k-i', `${LEDGER} svg.lg-plane.is-keys`, `(${formatNumber(t.coefficients[2])})`],
      [inline41, 'd', `${LEDGER} [data-symbol="d"]`, `S keeps ${formatNumber(t.numbers)} numbers`],
    ];
    const at96 = await sweepTruth(page, 96);
    cases.push(
      [
        inline43,
        'N',
        `${OVER} [data-symbol="N"]`,
        `N = 96 stored associations: reads come back with mean cosine ${formatCos(at96.cosine)}`,
      ],
      [inline43, 'd', `${OVER} [data-symbol="d"]`, `${formatInt(at96.stateNumbers)} numbers`],
      [
        inline43,
        'crosstalk',
        `${OVER} [data-symbol="crosstalk"]`,
        `${formatRatio(at96.crosstalk)} times the target\u2019s energy (theory (N \u2212 1)/d = ${formatRatio(at96.theory)})`,
      ],
    );
    for (const [index, sym, target, expected] of cases) {
      await openByKeyboard(page, index, sym);
      await popupValue(page, expected);
      assert.equal(await highlighted(page, target), true, `${sym}: ${target} is highlighted`);
      const described = await page.evaluate(() => {
        const id = document.activeElement.getAttribute('aria-describedby');
        return id && document.getElementById(id)?.getAttribute('role');
      });
      assert.equal(described, 'tooltip', `${sym}: the focused math is described by the popup`);
    }
    // The crosstalk of equation (4) lights every crosstalk row of the read, not the target's.
    await openByKeyboard(page, eq4, 'crosstalk');
    assert.equal(await highlighted(page, `${LEDGER} [data-part="term-2"]`), true);
    assert.equal(await highlighted(page, `${LEDGER} [data-part="term-1"]`), false);
    await page.keyboard.press('Escape');
    assert.equal(await page.isVisible(POPUP), false, 'Escape closes the popup');
    assert.equal(await page.locator(`${LEDGER} .linked-target`).count(), 0, 'and the highlight goes');
    assert.equal(
      await page.evaluate((i) => document.activeElement === document.querySelectorAll('.linked-math')[i], eq4),
      true,
      'focus stays',
    );
    await page.keyboard.press('Tab');
    assert.equal(
      await page.evaluate((i) => document.activeElement !== document.querySelectorAll('.linked-math')[i], eq4),
      true,
      'Tab leaves: no trap',
    );
  });

  it('the value follows the figure while the popup is open (drag a key, change φ, move N)', async () => {
    const eq3 = await mathWith(page, 'stamp', { display: true });
    await openByKeyboard(page, eq3, 'S');
    // Drag k₃ straight up (90°): k₃ = (0, 1), computed by the core again.
    const plane = page.locator(`${LEDGER} svg.lg-plane`).first();
    await plane.scrollIntoViewIfNeeded();
    const box = await plane.boundingBox();
    const hb = await page.locator(`${LEDGER} [data-part="handle-3"]`).boundingBox();
    await page.mouse.move(hb.x + hb.width / 2, hb.y + hb.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 6, { steps: 4 });
    await page.mouse.up();
    const up = await ledgerTruth(page, { k3: [0, 1] });
    await popupValue(page, `S after 3 writes = ${mat(up.S, 2, 2)}`);
    assert.equal(await highlighted(page, `${LEDGER} [data-part="S-now"]`), true);

    // z with the popup open: choosing φ = elu + 1 brings the normalizer in.
    await openByKeyboard(page, eq3, 'z');
    await popupValue(page, 'not used');
    await page.click(`${LEDGER} [data-part="fm-elu1"]`);
    const elu = await ledgerTruth(page, { k3: [0, 1], elu: true });
    await popupValue(page, `z after 3 writes = ${vec(elu.z)}`);
    assert.equal(await highlighted(page, `${LEDGER} [data-part="z"]`), true);
    await page.click(`${LEDGER} [data-action="reset"]`);

    // N with the popup open: the slider moves by keyboard, the popup follows.
    const inline43 = await mathWith(page, 'N', { display: false });
    await openByKeyboard(page, inline43, 'N');
    await page.focus(`${OVER} [data-symbol="N"] input[type="range"]`);
    await page.keyboard.press('ArrowRight');
    const at97 = await sweepTruth(page, 97);
    await popupValue(page, `N = 97 stored associations: reads come back with mean cosine ${formatCos(at97.cosine)}`);
    await page.keyboard.press('ArrowLeft');
    await popupValue(page, 'N = 96 stored associations');
    await page.keyboard.press('Escape');
    assert.equal(await page.isVisible(POPUP), false);
  });

  it('the popup closes when focus leaves its symbol (and the figure it points at), and when the pointer leaves a hovered symbol', async () => {
    const eq3 = await mathWith(page, 'stamp', { display: true });
    // Tab out of the math to the next control outside the figure: closed.
    await openByKeyboard(page, eq3, 'S');
    assert.equal(await page.isVisible(POPUP), true);
    const outside = await page.evaluate((index) => {
      const math = document.querySelectorAll('.linked-math')[index];
      const after = [...document.querySelectorAll('.article a[href], .article button, .article summary')].find(
        (el) =>
          math.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING &&
          !el.closest('.demo-mount, figure') &&
          el.checkVisibility(),
      );
      after.id ||= 'linked-test-outside';
      return `#${after.id}`;
    }, eq3);
    // Into the figure it points at: the popup stays while the reader works the figure...
    await openByKeyboard(page, eq3, 'S');
    await page.focus(`${LEDGER} [data-part="fm-identity"]`);
    await page.waitForTimeout(100);
    assert.equal(await page.isVisible(POPUP), true, 'open while focus is in the figure it points at');
    // ...and closes once focus leaves that figure for anything else.
    await page.focus(outside);
    await page.waitForFunction(() => document.querySelector('.linked-popup').hidden, null, { timeout: 2000 });
    assert.equal(await page.locator('.linked-sym--on').count(), 0, 'no symbol left marked open');
    // Focus into the popup's own link and on out of it: closed too.
    await openByKeyboard(page, eq3, 'S');
    await page.evaluate(() => {
      const go = document.querySelector('.linked-popup [data-part="go"]');
      if (go) go.focus();
    });
    await page.focus(outside);
    await page.waitForFunction(() => document.querySelector('.linked-popup').hidden, null, { timeout: 2000 });
    // Opened by hovering: closes when the pointer leaves.
    const sym = page.locator('.linked-math').nth(eq3).locator('.katex-html [data-sym="S"]').first();
    await sym.scrollIntoViewIfNeeded();
    await sym.hover();
    assert.equal(await page.isVisible(POPUP), true, 'hover opens');
    await page.mouse.move(1, 1, { steps: 4 });
    await page.waitForFunction(() => document.querySelector('.linked-popup').hidden, null, { timeout: 2000 });
  });

  it('offers a link to the figure when its element is off-screen', async () => {
    const eq2 = await mathWith(page, 'q', { display: true });
    await openByKeyboard(page, eq2, 'q');
    const inView = await page.$eval(`${LEDGER} .lg-query`, (el) => el.getBoundingClientRect().top < innerHeight);
    if (!inView) {
      assert.match(await page.textContent(`${POPUP} [data-part="go"]`), /Show it in Figure 4\.1/);
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => {
        const r = document.querySelector('.demo-mount[data-demo="ledger"] .lg-query').getBoundingClientRect();
        return r.top >= 0 && r.bottom <= innerHeight;
      });
    }
    await page.keyboard.press('Escape');
    assert.ok(!inView, 'equation (2) is far enough from the ledger for the link to show');
  });

  it('figure -> symbol: hovering or focusing a figure element highlights its symbol in the math', async () => {
    const S3 = page.locator(`${LEDGER} [data-part="S-3"]`);
    await S3.scrollIntoViewIfNeeded();
    await S3.hover();
    const lit = await page.evaluate(() =>
      [...document.querySelectorAll('.linked-sym--figure')].map((e) => e.dataset.sym),
    );
    assert.ok(lit.length > 0 && lit.every((s) => s === 'S'), `S lit in the math (${lit})`);
    await page.mouse.move(1, 1);
    assert.equal(await page.locator('.linked-sym--figure').count(), 0);
    await page.focus(`${OVER} [data-symbol="N"] input[type="range"]`);
    const litN = await page.evaluate(() =>
      [...document.querySelectorAll('.linked-sym--figure')].map((e) => e.dataset.sym),
    );
    assert.ok(litN.length >= 2 && litN.every((s) => s === 'N'), `N lit in §4.3 (${litN})`);
    await page.evaluate(() => document.activeElement.blur());
    assert.equal(await page.locator('.linked-sym--figure').count(), 0);
  });

  it('figure -> symbol: finding the symbols to light reads no layout (a touch drag starts with it)', async () => {
    // N and d are shown by three figures; of those that show as many of a formula's symbols, the
    // one nearest in the chapter's order of blocks is the formula's figure: no box is measured, so
    // the first pointerover of a touch drag does not lay out what the figure just drew.
    const seen = await page.evaluate((over) => {
      const reads = [];
      const saved = {};
      for (const name of ['getBoundingClientRect', 'getClientRects']) {
        saved[name] = Element.prototype[name];
        Element.prototype[name] = function (...args) {
          reads.push(name);
          return saved[name].apply(this, args);
        };
      }
      const lit = [];
      try {
        for (const sym of ['N', 'd']) {
          const from = document.querySelector(`${over} [data-symbol~="${sym}"]`);
          from.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, pointerType: 'touch' }));
          lit.push([...document.querySelectorAll('.linked-sym--figure')].map((e) => e.dataset.sym).join(' '));
          from.dispatchEvent(new PointerEvent('pointerout', { bubbles: true, pointerType: 'touch' }));
        }
      } finally {
        Object.assign(Element.prototype, saved);
      }
      return { reads, lit };
    }, OVER);
    assert.deepEqual(seen.reads, [], 'layout read while lighting the symbols');
    assert.match(seen.lit[0], /^N( N)+$/, `N lit (${seen.lit[0]})`);
    assert.match(seen.lit[1], /^d( d)*$/, `d lit (${seen.lit[1]})`);
  });

  it('touch: a tap opens a symbol, a tap elsewhere closes it', async () => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
    const tap = async (x, y) => {
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchStart',
        touchPoints: [{ x: Math.round(x), y: Math.round(y) }],
      });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    const eq4 = await mathWith(page, 'target', { display: true });
    const target = page.locator('.linked-math').nth(eq4).locator('.katex-html [data-sym="target"]');
    await target.scrollIntoViewIfNeeded();
    const b = await target.boundingBox();
    await tap(b.x + b.width / 2, b.y + b.height / 2);
    const t = await ledgerTruth(page);
    await popupValue(page, vec(t.terms.slice(0, 2)));
    assert.equal(await page.$eval('.linked-sym--on', (e) => e.dataset.sym), 'target');
    const para = await page.locator('#where-retrieval-breaks-down').boundingBox();
    await tap(para.x + 5, para.y + para.height / 2);
    await page.waitForFunction(() => document.querySelector('.linked-popup').hidden);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: false });
    await cdp.detach();
  });

  it('every linked symbol takes the pointer and a finger: elementFromPoint inside its box reaches it', async () => {
    // KaTeX's .vlist layers of the fraction in equation (3) lay over phi(q), z and S.
    // Five points inside each symbol's box (its middle, and four around it away from the edges),
    // at a desktop width with a mouse and at a phone's size with touch.
    /** A page of `width` × `height`; `touch`: a phone's (touch events, coarse pointer, mobile). */
    const open = async (width, height, touch) => {
      const p = await browser.newPage();
      const cdp = await p.context().newCDPSession(p);
      if (touch) {
        await cdp.send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 3, mobile: true });
        await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
      } else await p.setViewportSize({ width, height });
      await p.goto(`${server.url}index.html`);
      return { p, cdp };
    };
    for (const [width, height, touch] of [
      [1280, 900, false],
      [390, 844, true],
    ]) {
      const { p } = await open(width, height, touch);
      try {
        const result = await p.evaluate(() => {
          const misses = [];
          const syms = [...document.querySelectorAll('.linked-math .katex-html [data-sym]')];
          const points = [
            [0.5, 0.5],
            [0.3, 0.4],
            [0.7, 0.4],
            [0.3, 0.6],
            [0.7, 0.6],
          ];
          for (const [i, sym] of syms.entries()) {
            sym.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
            const r = sym.getBoundingClientRect();
            for (const [fx, fy] of points) {
              const hit = document.elementFromPoint(r.left + fx * r.width, r.top + fy * r.height);
              if (!hit || !sym.contains(hit)) {
                const where = sym.closest('.equation') ? 'display' : 'inline';
                misses.push(`#${i} ${sym.dataset.sym} (${where}) at ${fx},${fy}: ${hit?.className || hit?.localName}`);
              }
            }
          }
          return { count: syms.length, misses };
        });
        assert.ok(result.count >= 48, `${width} px: the chapter's linked symbols (${result.count})`);
        assert.deepEqual(result.misses, [], `${width} px: points that do not reach their symbol`);
      } finally {
        await p.close();
      }
    }
    // A tap on phi(q) in the fraction's numerator, on a phone, opens it.
    const { p, cdp } = await open(390, 844, true);
    try {
      const eq3 = await mathWith(p, 'stamp', { display: true });
      const phiQ = p.locator('.linked-math').nth(eq3).locator('.katex-html .mfrac [data-sym="phi-q"]').first();
      await phiQ.scrollIntoViewIfNeeded();
      await settled(p);
      const b = await phiQ.boundingBox();
      const at = { x: Math.round(b.x + b.width / 2), y: Math.round(b.y + b.height / 2) };
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await p.waitForFunction(() => document.querySelector('.linked-sym--on')?.dataset.sym === 'phi-q');
      assert.equal(await p.isVisible(POPUP), true, 'the popup is shown');
    } finally {
      await p.close();
    }
  });

  it('axe-clean with a popup open, no text moves when it opens, print hides it, reduced motion respected', async () => {
    const eq3 = await mathWith(page, 'stamp', { display: true });
    const boxes = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('main p, main h2, main h3, .equation, .table-wrap')]
          .map((e) => e.getBoundingClientRect())
          .filter((r) => r.width > 0 || r.height > 0) // not the hidden ones
          .map((r) => [r.x + scrollX, r.y + scrollY, r.width, r.height].map(Math.round).join(',')),
      );
    await page.evaluate(
      (i) => document.querySelectorAll('.linked-math')[i].scrollIntoView({ block: 'center', behavior: 'instant' }),
      eq3,
    );
    await settled(page);
    const before = await boxes();
    await openByKeyboard(page, eq3, 'S');
    await settled(page);
    assert.deepEqual(await boxes(), before, 'opening the popup moves no text');
    // What linked reading adds (the whole page with its three figures takes a minute on a loaded
    // machine): the popup, the equation with the open symbol, the highlighted part of the ledger.
    await assertAxeClean(
      page,
      { include: [POPUP, '.equation:has(.linked-sym--on)', `${LEDGER} .linked-target`] },
      'popup open',
    );

    await page.emulateMedia({ media: 'print' });
    const print = await page.evaluate(() => ({
      popup: getComputedStyle(document.querySelector('.linked-popup')).display,
      target: getComputedStyle(document.querySelector('.linked-target')).outlineStyle,
    }));
    await page.emulateMedia({ media: 'screen', reducedMotion: 'reduce' });
    assert.deepEqual(print, { popup: 'none', target: 'none' });
    const duration = await page.$eval('.linked-sym--on', (e) => getComputedStyle(e).transitionDuration);
    assert.ok(Number.parseFloat(duration) < 0.001, `no transition with reduced motion (${duration})`);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.keyboard.press('Escape');
    assert.deepEqual(problems, [], 'no console errors, failed requests or CSP violations');
  });

  it('says so when the figure a symbol points at could not load', async () => {
    const broken = await browser.newPage();
    try {
      await broken.route(/\/assets\/ledger-[^/]*\.js$/, (route) => route.abort());
      await broken.goto(`${server.url}index.html`);
      await broken.evaluate(() =>
        document.querySelector('.demo-mount[data-demo="ledger"]').scrollIntoView({ behavior: 'instant' }),
      );
      await broken.waitForSelector(`${LEDGER}[data-status="error"]`, { timeout: 30000, state: 'attached' });
      const eq3 = await mathWith(broken, 'stamp', { display: true });
      await openByKeyboard(broken, eq3, 'S');
      await popupValue(broken, 'Figure 4.1 could not load, so there is no value to show.');
    } finally {
      await broken.close();
    }
  });

  it('works in the standalone file', async () => {
    const alone = await openPage(browser, standaloneUrl());
    try {
      await attachCore(alone.page);
      await alone.page.evaluate(() =>
        document.querySelector('.demo-mount[data-demo="ledger"]').scrollIntoView({ behavior: 'instant' }),
      );
      await alone.page.waitForSelector(`${LEDGER}[data-status="ready"]`, { timeout: 30000, state: 'attached' });
      const eq3 = await mathWith(alone.page, 'stamp', { display: true });
      await openByKeyboard(alone.page, eq3, 'S');
      const t = await ledgerTruth(alone.page);
      await popupValue(alone.page, `S after 3 writes = ${mat(t.S, 2, 2)}`);
      assert.equal(await highlighted(alone.page, `${LEDGER} [data-part="S-now"]`), true);
      assert.deepEqual(alone.problems, []);
    } finally {
      await alone.page.close();
    }
  });
});
