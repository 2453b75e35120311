// Paper: the chapter printed in the dark theme is ink on white; a print at any moment after the
// load (a headless PDF two seconds in, a switch to print media) has every figure drawn, none as
// the "open the chapter online" line; and nothing of a figure leaves its box on paper.
//   node --test --test-concurrency=1 tests/browser/print.test.mjs      (npm run build first)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, serve, openPage } from './harness.mjs';

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

/** Records, at the moment print media starts to match (after the page's own listeners: this
 *  query list is made after the page's start-up), each figure's status and whether it is drawn. */
function recordAtPrint() {
  addEventListener('load', () => {
    setTimeout(() => {
      matchMedia('print').addEventListener('change', (e) => {
        if (!e.matches) return;
        window.atPrint = [...document.querySelectorAll('.demo-mount[data-demo]')].map((m) => ({
          demo: m.dataset.demo,
          status: m.dataset.status ?? 'none',
          drawn: m.querySelectorAll('svg').length,
        }));
      });
    }, 0);
  });
}

/** Relative luminance of an rgb()/rgba() colour (WCAG). */
const luminance = (c) => {
  const [r, g, b] = (c.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
    const x = Number(v) / 255;
    return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrastOnWhite = (c) => 1.05 / (luminance(c) + 0.05);

/** Under print media: the page's background, and each figure text's colour (HTML text) or fill (SVG). */
function printedColours() {
  const out = { page: getComputedStyle(document.body).backgroundColor, texts: [] };
  for (const mount of document.querySelectorAll('.demo-mount[data-demo]')) {
    for (const el of mount.querySelectorAll('text, p, span, label, td, th, dt, dd, legend, summary, button')) {
      if (!el.textContent.trim() || !el.getClientRects().length) continue;
      const cs = getComputedStyle(el);
      if (cs.visibility === 'hidden' || Number(cs.opacity) === 0) continue;
      const colour = el instanceof SVGElement ? cs.fill : cs.color;
      if (!/^rgb/.test(colour)) continue;
      out.texts.push({ demo: mount.dataset.demo, tag: el.tagName, text: el.textContent.trim().slice(0, 30), colour });
    }
  }
  return out;
}

test('a headless PDF two seconds after the load prints every figure drawn, not its placeholder line', async () => {
  const p2 = await browser.newPage();
  const problems = [];
  p2.on('pageerror', (err) => problems.push(err.message));
  await p2.emulateMedia({ colorScheme: 'dark' });
  await p2.addInitScript(recordAtPrint);
  await p2.goto(`${base}index.html`, { waitUntil: 'load' });
  await p2.waitForTimeout(2000);
  const pdf = await p2.pdf({ format: 'A4' });
  assert.ok(pdf.length > 10000, `a PDF (${pdf.length} bytes)`);
  const atPrint = await p2.evaluate(() => window.atPrint);
  assert.ok(atPrint, 'the page saw print media start');
  for (const f of atPrint) {
    assert.equal(f.status, 'ready', `${f.demo}: mounted when the PDF was taken`);
    assert.ok(f.drawn >= 1, `${f.demo}: its pictures drawn (${f.drawn} SVGs)`);
  }
  assert.deepEqual(problems, []);
  await p2.close();
});

test('in the dark theme (the reader\u2019s or chosen), the printed figures are ink on white', async () => {
  for (const theme of ['system', 'chosen']) {
    const { page, problems } = await openPage(browser, `${base}index.html`, { colorScheme: 'dark' });
    if (theme === 'chosen') await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
    await page.waitForFunction(
      () => [...document.querySelectorAll('.demo-mount')].every((m) => m.dataset.status === 'ready'),
      null,
      { timeout: 90000 },
    );
    await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
    const { page: paper, texts } = await page.evaluate(printedColours);
    assert.equal(paper, 'rgb(255, 255, 255)', `${theme}: white paper`);
    assert.ok(texts.length > 50, `${theme}: figure texts read (${texts.length})`);
    const pale = texts.filter((t) => contrastOnWhite(t.colour) < 3);
    assert.deepEqual(pale, [], `${theme}: every figure text reads on white (3:1)`);
    assert.deepEqual(problems, []);
    await page.close();
  }
});

test('a switch to print media shortly after the load draws every figure at once', async () => {
  const p = await browser.newPage();
  await p.addInitScript(recordAtPrint);
  await p.goto(`${base}index.html`, { waitUntil: 'load' });
  await p.waitForTimeout(2000);
  await p.emulateMedia({ media: 'print' });
  const atPrint = await p.evaluate(() => window.atPrint);
  assert.deepEqual(
    atPrint.map((f) => `${f.demo} ${f.status}`),
    ['ledger ready', 'memory ready', 'overcapacity ready', 'spotlight ready'],
  );
  await p.close();
});

/** The pages of `pdf` as RGB images at 96 dpi (one image pixel per CSS pixel), each with its lines
 *  of text and where they are (in the image's pixels). */
function pdfPages(pdf) {
  const dir = mkdtempSync(join(tmpdir(), 'print-'));
  const file = join(dir, 'chapter.pdf');
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-r', '96', file, join(dir, 'p')]);
  const px = 96 / 72; // pdftotext's points to the image's pixels
  const pages = readdirSync(dir)
    .filter((f) => f.endsWith('.ppm'))
    .sort()
    .map((f, i) => {
      const buf = readFileSync(join(dir, f));
      // P6 <w> <h> 255 <rgb bytes>
      const head = buf.subarray(0, 40).toString('latin1').split(/\s+/);
      const [width, height] = [Number(head[1]), Number(head[2])];
      const n = String(i + 1);
      const xml = execFileSync('pdftotext', ['-bbox-layout', '-f', n, '-l', n, file, '-']).toString();
      const lines = [...xml.matchAll(/<line [^>]*yMin="([\d.]+)"[^>]*yMax="([\d.]+)"[^>]*>([\s\S]*?)<\/line>/g)].map(
        (m) => ({
          top: Number(m[1]) * px,
          bottom: Number(m[2]) * px,
          text: [...m[3].matchAll(/>([^<]*)<\/word>/g)].map((w) => w[1]).join(' '),
        }),
      );
      return { width, height, rgb: buf.subarray(buf.length - width * height * 3), lines };
    });
  rmSync(dir, { recursive: true, force: true });
  return pages;
}

/** The highest pixel of the limit's red in a column of `page` with at least 20 of them above `above`
 *  (a vertical mark, not a line across), or Infinity. */
function topOfRedMark({ width, rgb }, above) {
  let top = Infinity;
  for (let x = 0; x < width; x += 1) {
    let first = -1;
    let count = 0;
    for (let y = 0; y < above; y += 1) {
      const o = (y * width + x) * 3;
      const [r, g, b] = [rgb[o], rgb[o + 1], rgb[o + 2]];
      if (r > 150 && r - g > 80 && r - b > 80) {
        if (first < 0) first = y;
        count += 1;
      }
    }
    if (count >= 20) top = Math.min(top, first);
  }
  return top;
}

const hasPoppler = (() => {
  try {
    execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

test('printed, the memory figure\u2019s GPU-room mark stays within its bars', async () => {
  // npm run setup installs poppler-utils; run by hand without it, this test says so and fails.
  assert.ok(hasPoppler, 'pdftoppm (poppler-utils) is needed to read the printed pages: npm run setup installs it');
  const { page, problems } = await openPage(browser, `${base}index.html`, { width: 1280, height: 900 });
  await page.waitForFunction(
    () => [...document.querySelectorAll('.demo-mount')].every((m) => m.dataset.status === 'ready'),
    null,
    { timeout: 90000 },
  );
  await page.locator('.demo-mount[data-demo="memory"] .lm-bar-room').first().waitFor({ state: 'attached' });
  const pages = pdfPages(await page.pdf({ format: 'A4' }));
  // The bars lie between their title ("At 8,192 tokens, 1 session:") and the chart's caption.
  let checked = 0;
  for (const p of pages) {
    const title = p.lines.find((l) => /^At [\d,]+ tokens, \d+ sessions?:$/.test(l.text));
    const caption = p.lines.find((l) => title && l.top > title.bottom && /: memory for \d+ session/.test(l.text));
    if (!title || !caption) continue;
    checked += 1;
    const top = topOfRedMark(p, Math.round(caption.top));
    assert.ok(Number.isFinite(top), 'the GPU-room mark is printed');
    assert.ok(top >= title.bottom - 1, `the mark starts at ${top} px, under the bars' title (${title.bottom} px)`);
  }
  assert.equal(checked, 1, 'the memory figure\u2019s bars printed on one page');
  assert.deepEqual(problems, []);
  await page.close();
});
