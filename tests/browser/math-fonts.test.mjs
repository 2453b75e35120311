// The chapter's formulas drawn with KaTeX's own faces, cut to the chapter's math at build time
// (web/build/katex-subset.mjs): every character of every formula's visible part is drawn by a
// KaTeX face, none by a fallback font (the browser says which font drew each element's text:
// DevTools' CSS.getPlatformFontsForNode), and no face fails to load.
// Run `npm run build` first; this file only reads dist/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, serve } from './harness.mjs';

let browser;
let server;

before(async () => {
  browser = await launch();
  server = await serve();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

test('every character of the formulas is drawn by a KaTeX face, and every face loads', async () => {
  const page = await browser.newPage();
  const failed = [];
  page.on('requestfailed', (r) => failed.push(r.url()));
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
  });
  try {
    await page.goto(server.url);
    // Every formula laid out: the blocks far from view are skipped (styles/offscreen.css, its
    // content-visibility switched on after load by hosts/chapter/offscreen.js), so each block is
    // shown here whatever the stylesheet says now or later; then the faces it asks for loaded.
    await page.evaluate(
      () =>
        new Promise((resolve) => {
          for (const el of document.querySelectorAll('.article > *, .article > .demo-figure > figcaption')) {
            el.style.contentVisibility = 'visible';
          }
          requestAnimationFrame(() => requestAnimationFrame(resolve));
        }),
    );
    await page.waitForFunction(
      () =>
        document.fonts.status === 'loaded' &&
        ['KaTeX_Main', 'KaTeX_Math'].every((family) =>
          [...document.fonts].some((f) => f.family === family && f.status !== 'unloaded' && f.status !== 'loading'),
        ),
      null,
      { timeout: 30000 },
    );
    const faces = await page.evaluate(() =>
      [...document.fonts].filter((f) => f.family.includes('KaTeX')).map((f) => `${f.family} ${f.status}`),
    );
    assert.ok(
      faces.some((f) => /KaTeX_Main loaded/.test(f)),
      faces.join(', '),
    );
    assert.ok(
      faces.some((f) => /KaTeX_Math loaded/.test(f)),
      faces.join(', '),
    );
    assert.deepEqual(
      faces.filter((f) => f.endsWith(' error')),
      [],
      'no face failed',
    );
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    // The elements whose own text a formula shows (KaTeX's leaves).
    await page.evaluate(() => {
      for (const el of document.querySelectorAll('.katex-html *')) {
        const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.replace(/\u200b/g, '').trim());
        if (own) el.setAttribute('data-math-leaf', '');
      }
    });
    const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector: '[data-math-leaf]' });
    assert.ok(nodeIds.length > 500, `${nodeIds.length} elements of the formulas show text`);
    const drawnBy = new Map();
    for (const nodeId of nodeIds) {
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      for (const f of fonts) drawnBy.set(f.familyName, (drawnBy.get(f.familyName) ?? 0) + f.glyphCount);
    }
    const others = [...drawnBy].filter(([family]) => !family.startsWith('KaTeX_'));
    assert.deepEqual(others, [], `only KaTeX faces draw the formulas: ${JSON.stringify([...drawnBy])}`);
    const glyphs = [...drawnBy.values()].reduce((a, b) => a + b, 0);
    assert.ok(glyphs >= nodeIds.length, `every element's text drawn (${glyphs} glyphs in ${nodeIds.length} elements)`);
    assert.ok((drawnBy.get('KaTeX_Main') ?? 0) > 0, 'KaTeX_Main draws');
    assert.ok((drawnBy.get('KaTeX_Math') ?? 0) > 0, 'KaTeX_Math draws');
    assert.deepEqual(failed, [], 'no request failed');
  } finally {
    await page.close();
  }
});
