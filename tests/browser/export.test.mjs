// "Take the figure away" (issue 16 §4), against the built dist/ (run `npm run build` first):
//   node --test --test-concurrency=1 tests/browser/export.test.mjs
// Each figure's Embed/link panel saves its picture as SVG and PNG and its plotted numbers as CSV,
// in the served chapter and in the standalone file opened from disk (no network). The files are
// downloaded for real and their contents checked: the SVG parses and holds the curves drawn on the
// page, the PNG has the picture's size (two pixels per CSS pixel), the CSV holds the plotted rows.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { launch, serve, openPage, standaloneUrl, assertAxeClean } from './harness.mjs';

// Light settings for the overcapacity sweep (the test machine is shared): d = 16, 2 trials.
const HASH = '#overcapacity.d=16&overcapacity.trials=2';
const EXPECTED_NAMES = {
  ledger: 'figure-4.1-ledger-d2-identity-3-of-3-written',
  memory: 'figure-4.2-memory-llama-3-8b-8192-tokens-1x-kv-bf16',
  overcapacity: 'figure-4.3-overcapacity-d16-random-trials2',
};
const PNG_SCALE = 2;

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

/** Scrolls a chapter demo into view until it has mounted (demos above it may grow meanwhile). */
async function mountInChapter(page, demo) {
  const scope = `.demo-mount[data-demo="${demo}"]`;
  for (let i = 0; i < 120; i++) {
    if (await page.locator(`${scope}[data-status="ready"]`).count()) return;
    await page.locator(scope).scrollIntoViewIfNeeded();
    await page
      .locator(`${scope}[data-status="ready"]`)
      .waitFor({ timeout: 500 })
      .catch(() => {});
  }
  throw new Error(`${demo}: not mounted after 60 s`);
}

/** Clicks the panel's save button for `format`; returns { name, bytes } of the downloaded file. */
async function save(page, demo, format) {
  const [dl] = await Promise.all([
    page.waitForEvent('download', { timeout: 30000 }).catch(async (err) => {
      const said = await page.locator(`#figure-${demo} .embed-status`).textContent();
      throw new Error(`${demo} ${format}: no download (the panel says "${said}"): ${err.message}`);
    }),
    page.locator(`#figure-${demo} .embed-save[data-format="${format}"]`).click(),
  ]);
  const path = await dl.path();
  const bytes = await readFile(path);
  await page.locator(`#figure-${demo} .embed-status`).filter({ hasText: dl.suggestedFilename() }).waitFor();
  return { name: dl.suggestedFilename(), bytes };
}

/** The live picture's size and its drawn paths/lines, as on the page. */
function livePicture(page, demo) {
  const selector = {
    ledger: '.la-ledger__plane:not(.is-keys)',
    memory: '.lm-svg',
    overcapacity: '.oc-chart > svg:not(.oc-marker-layer)',
  }[demo];
  return page.evaluate(
    ([d, sel]) => {
      const svg = document.querySelector(`#figure-${d} ${sel}`);
      const r = svg.getBoundingClientRect();
      const paths = [...svg.querySelectorAll('path')].map((p) => p.getAttribute('d')).filter(Boolean);
      const lines = [...svg.querySelectorAll('line')].map((l) =>
        ['x1', 'y1', 'x2', 'y2'].map((k) => l.getAttribute(k)).join(' '),
      );
      return { width: Math.round(r.width), height: Math.round(r.height), paths, lines };
    },
    [demo, selector],
  );
}

/** Parses the SVG text in the page (DOMParser, as a file viewer would): its drawing and styles. */
function parseSvg(page, text) {
  return page.evaluate((t) => {
    const doc = new DOMParser().parseFromString(t, 'image/svg+xml');
    const root = doc.documentElement;
    const all = [...root.querySelectorAll('*')];
    return {
      error: doc.querySelector('parsererror')?.textContent ?? null,
      root: root.localName,
      ns: root.namespaceURI,
      width: root.getAttribute('width'),
      height: root.getAttribute('height'),
      title: root.querySelector('title')?.textContent ?? '',
      paths: [...root.querySelectorAll('path')].map((p) => p.getAttribute('d')).filter(Boolean),
      lines: [...root.querySelectorAll('line')].map((l) =>
        ['x1', 'y1', 'x2', 'y2'].map((k) => l.getAttribute(k)).join(' '),
      ),
      classes: all.filter((e) => e.hasAttribute('class')).length,
      styled: all.filter((e) => e.hasAttribute('stroke') || e.hasAttribute('fill')).length,
      styleAttributes: all.filter((e) => e.hasAttribute('style')).length,
      background: root.querySelector('rect')?.getAttribute('fill') ?? null,
    };
  }, text);
}

/** PNG header: width and height (IHDR). */
function pngSize(bytes) {
  assert.deepEqual([...bytes.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10], 'a PNG signature');
  assert.equal(bytes.subarray(12, 16).toString('latin1'), 'IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Share of the PNG's pixels that differ from its corner (the background): something was drawn. */
function inkShare(page, bytes) {
  return page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.naturalWidth;
    c.height = img.naturalHeight;
    const ctx = c.getContext('2d');
    ctx.drawImage(img, 0, 0);
    const px = ctx.getImageData(0, 0, c.width, c.height).data;
    let ink = 0;
    for (let i = 0; i < px.length; i += 4) {
      if (Math.abs(px[i] - px[0]) + Math.abs(px[i + 1] - px[1]) + Math.abs(px[i + 2] - px[2]) > 30) ink += 1;
    }
    return ink / (px.length / 4);
  }, bytes.toString('base64'));
}

/** RFC 4180 parsing enough for these files (no quoted commas in numbers). */
function parseCsv(text) {
  assert.ok(text.endsWith('\r\n'), 'CSV lines end in CRLF');
  return text
    .slice(0, -2)
    .split('\r\n')
    .map((line) => line.split(','));
}

/** The CSV's rows checked against the numbers the figure shows in its own table. */
async function checkCsv(page, demo, rows) {
  const [head, ...body] = rows;
  if (demo === 'ledger') {
    assert.deepEqual(head, ['association', 'key 1', 'key 2', 'value 1', 'value 2', 'read 1', 'read 2', 'read error']);
    assert.equal(body.length, 3, 'one row per written association');
    // By hand (identity features, no normalizer): S = v1 k1ᵀ + v2 k2ᵀ + v3 k3ᵀ with k1 = (1, 0),
    // k2 = (0, 1), k3 = (0.8, 0.6) and v1 = (3, 1), v2 = (−2, 4), v3 = (0, −5). Reading with k1:
    // v1·1 + v2·0 + v3·0.8 = (3, −3), off from v1 by |(0, −4)| = 4. With k2: v2 + v3·0.6 = (−2, 1),
    // off by 3. With k3: v1·0.8 + v2·0.6 + v3·1 = (1.2, −1.8), off from v3 by |(1.2, 3.2)| ≈ 3.4176.
    const want = [
      [1, 1, 0, 3, 1, 3, -3, 4],
      [2, 0, 1, -2, 4, -2, 1, 3],
      [3, 0.8, 0.6, 0, -5, 1.2, -1.8, Math.hypot(1.2, 3.2)],
    ];
    body.forEach((r, i) =>
      r.map(Number).forEach((x, j) => assert.ok(Math.abs(x - want[i][j]) < 1e-9, `ledger row ${i + 1} col ${j}: ${x}`)),
    );
  } else if (demo === 'memory') {
    assert.deepEqual(head.slice(0, 3), ['context (tokens)', 'KV cache (bytes)', 'fixed state (bytes)']);
    const table = await page.evaluate(() =>
      [...document.querySelectorAll('#figure-memory .lm-table tbody tr')].map((tr) => [
        tr.querySelector('th').textContent.replace(/\D/g, ''),
        tr.querySelector('[data-col="kv"]').dataset.bytes,
        tr.querySelector('[data-col="state"]').dataset.bytes,
        tr.querySelector('[data-col="total"]').dataset.bytes,
      ]),
    );
    assert.ok(table.length >= 60, `the data table lists the plotted lengths (${table.length})`);
    const total = head.indexOf('total (bytes)');
    assert.deepEqual(
      body.map((r) => [r[0], r[1], r[2], r[total]]),
      table,
      'the CSV rows are the data table rows, exact bytes',
    );
    // Llama-3-8B in bf16: 32 layers × 8 KV heads × 128 × 2 (K and V) × 2 bytes = 131,072 B a token.
    for (const r of body) assert.equal(BigInt(r[1]), BigInt(r[0]) * 131072n, `KV bytes at ${r[0]} tokens`);
  } else {
    assert.deepEqual(head, [
      'N',
      'mean cosine',
      'cosine std',
      'top-1 recall',
      'wrong picks',
      'theory cosine',
      'softmax cosine (beta 8)',
      'softmax recall (beta 8)',
    ]);
    assert.deepEqual(
      body.map((r) => Number(r[0])),
      Array.from({ length: 64 }, (_, i) => i + 1),
      'N = 1 to 4d',
    );
    for (const r of body) {
      const [n, cos, , recall, miss, theory] = r.map(Number);
      assert.ok(cos > 0 && cos <= 1 + 1e-12 && recall >= 0 && recall <= 1, `N = ${n}: ${r}`);
      assert.ok(Math.abs(recall + miss - 1) < 1e-12, `N = ${n}: recall and wrong picks add to 1`);
      // Theory for random unit keys, 1/√(1 + (N − 1)/d), worked here from N and d = 16.
      assert.ok(Math.abs(theory - 1 / Math.sqrt(1 + (n - 1) / 16)) < 1e-12, `N = ${n}: theory ${theory}`);
    }
    assert.equal(Number(body[0][1]), 1, 'one association reads back exactly');
  }
}

for (const where of ['served chapter', 'standalone file://']) {
  test(`${where}: every figure saves SVG, PNG and CSV with its settings in the file name`, async () => {
    const url =
      where === 'served chapter' ? new URL(`index.html${HASH}`, server.url).href : `${standaloneUrl()}${HASH}`;
    const { page, problems } = await openPage(browser, url);
    try {
      for (const demo of ['ledger', 'memory', 'overcapacity']) {
        await mountInChapter(page, demo);
        if (demo === 'overcapacity') {
          await page
            .locator('.demo-mount[data-demo="overcapacity"][data-sweep="complete"]')
            .waitFor({ timeout: 120000 });
        }
        await page.locator(`#figure-${demo} .embed-toggle`).click();
        const base = EXPECTED_NAMES[demo];
        if (demo === 'ledger') await assertAxeClean(page, '#figure-ledger .embed-save-row', 'the save buttons');

        const svg = await save(page, demo, 'svg');
        assert.equal(svg.name, `${base}.svg`);
        const live = await livePicture(page, demo);
        const parsed = await parseSvg(page, svg.bytes.toString('utf8'));
        assert.equal(parsed.error, null, `${demo}: the SVG parses`);
        assert.equal(parsed.root, 'svg');
        assert.equal(parsed.ns, 'http://www.w3.org/2000/svg');
        assert.deepEqual(
          [Number(parsed.width), Number(parsed.height)],
          [live.width, live.height],
          'its size on screen',
        );
        assert.ok(live.paths.length > 0, `${demo}: the live picture has curves`);
        for (const d of live.paths)
          assert.ok(parsed.paths.includes(d), `${demo}: the SVG holds the curve ${d.slice(0, 40)}…`);
        for (const l of live.lines) assert.ok(parsed.lines.includes(l), `${demo}: the SVG holds the line ${l}`);
        assert.equal(parsed.classes, 0, 'no class left: styles are written in');
        assert.equal(parsed.styleAttributes, 0, 'as presentation attributes (the CSP forbids style attributes)');
        assert.ok(parsed.styled > 3, `${demo}: strokes and fills are inlined (${parsed.styled})`);
        assert.match(parsed.background ?? '', /^rgb/, 'the page background is behind the picture');
        assert.ok(parsed.title.length > 10, `${demo}: the SVG has a title (${parsed.title})`);

        const png = await save(page, demo, 'png');
        assert.equal(png.name, `${base}.png`);
        assert.deepEqual(pngSize(png.bytes), { width: live.width * PNG_SCALE, height: live.height * PNG_SCALE });
        const ink = await inkShare(page, png.bytes);
        assert.ok(ink > 0.005, `${demo}: the PNG shows the picture (${(ink * 100).toFixed(2)}% drawn)`);

        const csv = await save(page, demo, 'csv');
        assert.equal(csv.name, `${base}.csv`);
        if (demo === 'memory') await page.locator('#figure-memory .lm-details > summary').click();
        await checkCsv(page, demo, parseCsv(csv.bytes.toString('utf8')));
      }
      // The ledger at d = 3 draws no plane: SVG and PNG say so, the CSV still has its rows.
      await page.evaluate(() => {
        location.hash = 'ledger.d=3';
      });
      await page.locator('#figure-ledger [data-part="plane-note"]:not([hidden])').waitFor();
      await page.locator('#figure-ledger .embed-save[data-format="svg"]').click();
      await page
        .locator('#figure-ledger .embed-status')
        .filter({ hasText: 'Could not save the SVG: the figure shows no picture in its current settings.' })
        .waitFor();
      const csv3 = await save(page, 'ledger', 'csv');
      assert.match(csv3.name, /^figure-4\.1-ledger-d3-identity-/);
      const [head3, ...rows3] = parseCsv(csv3.bytes.toString('utf8'));
      assert.equal(head3.length, 1 + 3 * 3 + 1, 'three coordinates for keys, values and reads');
      assert.ok(rows3.length > 0);
      assert.deepEqual(problems, [], 'no console errors, failed or outside requests, CSP violations');
    } finally {
      await page.close();
    }
  });
}
