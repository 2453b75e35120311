// "Take the figure away", against the built dist/ (run `npm run build` first):
//   node --test --test-concurrency=1 tests/browser/export.test.mjs
// Each figure's Embed/link panel saves its picture as SVG and PNG and its plotted numbers as CSV,
// in the served chapter and in the standalone file opened from disk (no network). The files are
// downloaded for real and their contents checked: the SVG parses and holds the curves drawn on the
// page, the PNG has the picture's size (two pixels per CSS pixel), the CSV holds the plotted rows.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { launch, serve, openPage, standaloneUrl, assertAxeClean } from './harness.mjs';
import { readCsvLikePandas } from '../csv-read.mjs';
import { readFormatted } from '../../web/src/lib/format.js';
import { createSpotlight } from '../../wasm/spotlight.mjs';
import { DEFAULTS as SPOT_DEFAULTS, coreArgs } from '../../web/src/demos/spotlight/state.js';
import { readName } from '../../web/src/demos/spotlight/format.js';

// Light settings for the overcapacity sweep (the test machine is shared): d = 16, 2 trials.
const HASH = '#overcapacity.d=16&overcapacity.trials=2';
const EXPECTED_NAMES = {
  ledger: 'figure-4.1-ledger-d2-identity-3-of-3-written',
  memory: 'figure-4.2-memory-llama-3-8b-8192-tokens-1x-kv-bf16-state-fp32',
  overcapacity: 'figure-4.3-overcapacity-d16-random-trials2',
  spotlight: 'figure-4.4-spotlight-n-32-cos-0-beta-8-m-64-d-16',
};
const PNG_MIN_WIDTH = 1600; // sharp on a projector
const LABELS = {
  ledger: 'Figure 4\\.1',
  memory: 'Figure 4\\.2',
  overcapacity: 'Figure 4\\.3',
  spotlight: 'Figure 4\\.4',
};
/** Lines each saved sheet must carry: its key (every mark drawn) and its settings. */
const SHEET_TEXT = {
  ledger: ['stored value', 'reads back', 'feature map = identity', 'writes = 3 of 3'],
  memory: [
    'KV cache (grows with context)',
    'same model, every attention layer linear',
    'your context length',
    'model = Llama-3-8B',
    'context (tokens) = 8192',
    'KV cache numbers = bf16',
    'state numbers = fp32',
    'GPU = 80 GB (74.51 GiB)',
    'memory (GiB',
  ],
  overcapacity: [
    'mean cosine \u00b1 one standard deviation',
    'mean cosine, linear state',
    'top-1 recall, linear state',
    'theory for random unit keys',
    'mean cosine, softmax',
    'top-1 recall, softmax',
    'N = d',
    'd = 16',
    'update rule = add',
    'forget gate = 1',
    'trials = 2',
    'seed = 1',
    'capacity measure = cosine',
    'tolerance = 0.9',
  ],
  spotlight: [
    'weight on the target (marked \u25b2)',
    'weight on each other token',
    'tokens N = 32',
    'other keys\u2019 cosine to the target = 0',
    'softmax sharpness \u03b2 = 8',
    'random features m = 64',
    'key size d = 16',
    'number format = bf16',
  ],
};
const DEMOS = Object.keys(EXPECTED_NAMES);

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
    ledger: '.lg-plane:not(.is-keys)',
    memory: '.lm-svg',
    overcapacity: '.oc-chart > svg:not(.oc-marker-layer)',
    spotlight: 'svg.spot-strips',
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
      // The sheet's own lines (heading, key, settings, source): text outside the picture.
      sheet: [...root.children].filter((e) => e.localName === 'text').map((e) => e.textContent),
      plot: [...root.children].some((e) => e.localName === 'svg'),
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

/** The CSV as pandas.read_csv(path) reads it (one header, as many fields on every line), CRLF ends. */
function parseCsv(text) {
  assert.ok(text.endsWith('\r\n'), 'CSV lines end in CRLF');
  const { head, rows } = readCsvLikePandas(text);
  return [head, ...rows];
}

/** The CSV's rows checked against the numbers the figure shows in its own table. */
async function checkCsv(page, demo, rows) {
  const [head, ...body] = rows;
  if (demo === 'ledger') {
    assert.deepEqual(head.slice(0, 9), [
      'association',
      'key 1',
      'key 2',
      'value 1',
      'value 2',
      'read 1',
      'read 2',
      'read error (distance)',
      'point',
    ]);
    assert.deepEqual(head.slice(9, 12), ['setting: d', 'setting: feature map', 'setting: writes']);
    assert.equal(body.length, 3, 'one row per written association');
    assert.deepEqual(
      body.map((r) => r.slice(8, 12)),
      Array(3).fill(['curve', '2', 'identity', '3 of 3']),
      'the settings on every row',
    );
    // By hand (identity features, no normalizer): S = v1 k1ᵀ + v2 k2ᵀ + v3 k3ᵀ with k1 = (1, 0),
    // k2 = (0, 1), k3 = (0.8, 0.6) and v1 = (3, 1), v2 = (−2, 4), v3 = (0, −5). Reading with k1:
    // v1·1 + v2·0 + v3·0.8 = (3, −3), off from v1 by |(0, −4)| = 4. With k2: v2 + v3·0.6 = (−2, 1),
    // off by 3. With k3: v1·0.8 + v2·0.6 + v3·1 = (1.2, −1.8), off from v3 by |(1.2, 3.2)| ≈ 3.4176.
    const want = [
      [1, 1, 0, 3, 1, 3, -3, 4],
      [2, 0, 1, -2, 4, -2, 1, 3],
      [3, 0.8, 0.6, 0, -5, 1.2, -1.8, Math.hypot(1.2, 3.2)],
    ];
    // Written as the figure shows them: formatNumber's four digits (3.4176, and 1.2, not 1.2000000000000004).
    body.forEach((r, i) =>
      r
        .slice(0, 8)
        .map(Number)
        .forEach((x, j) => assert.equal(x, Number(want[i][j].toFixed(4)), `ledger row ${i + 1} col ${j}: ${x}`)),
    );
    assert.equal(body[2][5], '1.2', 'no float noise');
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
    const point = head.indexOf('point');
    const curve = body.filter((r) => r[point] === 'curve');
    // The reader's own context (8,192 tokens by default) is a row of its own, and the settings
    // (model, number types) are columns of every row.
    const reader = body.filter((r) => r[point] === 'reader');
    assert.deepEqual(
      reader.map((r) => r.slice(0, 2)),
      [['8192', String(8192n * 131072n)]],
    );
    const setting = (k) => body[0][head.indexOf(`setting: ${k}`)];
    assert.deepEqual(
      [setting('model'), setting('KV cache numbers'), setting('state numbers'), setting('context (tokens)')],
      ['Llama-3-8B', 'bf16', 'fp32', '8192'],
    );
    assert.deepEqual(
      curve.map((r) => [r[0], r[1], r[2], r[total]]),
      table,
      'the CSV rows are the data table rows, exact bytes',
    );
    // Llama-3-8B in bf16: 32 layers × 8 KV heads × 128 × 2 (K and V) × 2 bytes = 131,072 B a token.
    for (const r of body) assert.equal(BigInt(r[1]), BigInt(r[0]) * 131072n, `KV bytes at ${r[0]} tokens`);
  } else if (demo === 'spotlight') {
    // One row a token: the core's weight on it under each read (softmax and the four feature maps),
    // as the spotlight's core gives them in node at the figure's settings (the defaults).
    const core = (await createSpotlight()).spotlight(coreArgs(SPOT_DEFAULTS));
    assert.deepEqual(head.slice(0, 2 + core.reads.length + 1), [
      'token',
      'target',
      ...core.reads.map((r) => `${readName(r.map, SPOT_DEFAULTS)} weight`),
      'point',
    ]);
    assert.equal(body.length, core.n, 'one row a token');
    body.forEach((r, j) => {
      assert.deepEqual(r.slice(0, 2).map(Number), [j, j === core.target ? 1 : 0], `token ${j}`);
      core.reads.forEach((read, i) =>
        assert.ok(
          Math.abs(Number(r[2 + i]) - read.weights[j]) < 1e-9,
          `token ${j}, ${read.map}: the CSV says ${r[2 + i]}, the core ${read.weights[j]}`,
        ),
      );
    });
    // Each read's weights add to 1 (the CSV holds all of them).
    core.reads.forEach((read, i) => {
      const sum = body.reduce((a, r) => a + Number(r[2 + i]), 0);
      assert.ok(Math.abs(sum - 1) < 1e-9, `${read.map}: the weights add to ${sum}`);
    });
    const setting = (k) => body[0][head.indexOf(`setting: ${k}`)];
    assert.deepEqual(
      ['tokens N', 'softmax sharpness \u03b2', 'random features m', 'key size d', 'number format'].map(setting),
      ['n', 'beta', 'features', 'd', 'dtype'].map((k) => String(SPOT_DEFAULTS[k])),
    );
  } else {
    assert.deepEqual(head.slice(0, 9), [
      'N (stored associations)',
      'mean cosine',
      'cosine std (over trials)',
      'top-1 recall (fraction of reads)',
      'wrong picks (fraction of reads)',
      'theory cosine (random unit keys)',
      'softmax cosine (beta 8)',
      'softmax recall (beta 8, fraction of reads)',
      'point',
    ]);
    const setting = (k) => body[0][head.indexOf(`setting: ${k}`)];
    assert.deepEqual(
      ['d', 'keys', 'update rule', 'forget gate', 'delta step', 'trials', 'seed', 'tolerance'].map(setting),
      ['16', 'random', 'add', '1', 'not used', '2', '1', '0.9'],
    );
    const curve = body.filter((r) => r[8] === 'curve');
    assert.deepEqual(
      curve.map((r) => Number(r[0])),
      Array.from({ length: 64 }, (_, i) => i + 1),
      'N = 1 to 4d',
    );
    const reader = body.filter((r) => r[8] === 'reader');
    assert.equal(reader.length, 1, 'the reader’s N is a row of its own');
    assert.deepEqual(
      reader[0].slice(0, 8),
      curve[Number(reader[0][0]) - 1].slice(0, 8),
      'the same numbers as its curve row',
    );
    // Written as the table of plotted numbers shows them: three decimals.
    const table = await page.evaluate(() =>
      [...document.querySelectorAll('#figure-overcapacity .oc-table tbody tr')].map((tr) =>
        [...tr.children].map((c) => c.textContent),
      ),
    );
    for (const row of table) {
      const r = curve[Number(row[0].replace(/,/g, '')) - 1];
      assert.deepEqual(
        r.slice(1, 8).map(Number),
        row.slice(1, 8).map(readFormatted),
        `N = ${row[0]}: as the table shows it`,
      );
    }
    for (const r of curve) {
      const [n, cos, , recall, miss, theory] = r.map(Number);
      assert.ok(cos > 0 && cos <= 1 && recall >= 0 && recall <= 1, `N = ${n}: ${r}`);
      assert.ok(
        Math.abs(recall + miss - 1) <= 0.001 + 1e-12,
        `N = ${n}: recall and wrong picks add to 1 (each to 3 decimals)`,
      );
      // Theory for random unit keys, 1/√(1 + (N − 1)/d), worked here from N and d = 16, to 3 decimals.
      assert.equal(theory, Number((1 / Math.sqrt(1 + (n - 1) / 16)).toFixed(3)), `N = ${n}: theory ${theory}`);
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
      for (const demo of DEMOS) {
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
        // The picture at its size on screen, on a sheet with what the page says around it.
        assert.ok(parsed.plot, `${demo}: the picture is in the sheet`);
        assert.ok(
          Number(parsed.width) >= live.width && Number(parsed.height) > live.height + 60,
          `${demo}: sheet size`,
        );
        const sheet = parsed.sheet.join(' '); // its lines wrap at spaces
        assert.match(sheet, new RegExp(`^${LABELS[demo]}: `), `${demo}: the figure's number and title on top`);
        assert.match(sheet, / Settings: .* = /, `${demo}: a settings line`);
        // The chapter's title, and its address when it has one (served; a file has none).
        assert.match(
          sheet,
          where === 'served chapter'
            ? / Source: Linear attention: memory on a budget, http:\/\/127\.0\.0\.1:\d+\/index\.html$/
            : / Source: Linear attention: memory on a budget$/,
        );
        for (const s of SHEET_TEXT[demo]) assert.ok(sheet.includes(s), `${demo}: the sheet says "${s}"\n${sheet}`);
        assert.ok(!sheet.includes('measured, random unit keys'), `${demo}: no key to marks it does not draw`);
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
        const size = pngSize(png.bytes);
        assert.ok(size.width >= PNG_MIN_WIDTH, `${demo}: the PNG is ${size.width} px wide`);
        assert.ok(
          Math.abs(size.height / size.width - Number(parsed.height) / Number(parsed.width)) < 0.01,
          `${demo}: the PNG is the sheet, scaled`,
        );
        const ink = await inkShare(page, png.bytes);
        assert.ok(ink > 0.005, `${demo}: the PNG shows the picture (${(ink * 100).toFixed(2)}% drawn)`);

        const csv = await save(page, demo, 'csv');
        assert.equal(csv.name, `${base}.csv`);
        if (demo === 'memory') {
          // (the data table is built when its disclosure opens)
          await page.locator('#figure-memory .lm-details > summary').click();
          await page.locator('#figure-memory .lm-table tbody tr').first().waitFor();
        }
        if (demo === 'overcapacity') {
          await page.locator('#figure-overcapacity [data-part="table"] > summary').click();
          await page.waitForFunction(
            () => document.querySelectorAll('#figure-overcapacity .oc-table tbody tr').length === 64,
          );
        }
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
      assert.equal(head3.indexOf('point'), 1 + 3 * 3 + 1, 'three coordinates for keys, values and reads');
      assert.ok(rows3.length > 0);
      assert.deepEqual(problems, [], 'no console errors, failed or outside requests, CSP violations');
    } finally {
      await page.close();
    }
  });
}
