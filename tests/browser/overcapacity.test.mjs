// The overcapacity slider in the built page: the measured curve against theory, orthonormal
// keys, softmax against linear, the sentence against the plotted numbers, responsiveness while
// dragging (long tasks), bad input, and axe-core. Run `npm run build` first; this file only reads dist/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  launch,
  serve,
  openPage,
  noHorizontalOverflow,
  watchMainThread,
  collectGarbage,
  standaloneUrl,
  assertAxeClean as assertAxeCleanIn,
} from './harness.mjs';

const ROOT = '.demo-mount[data-demo="overcapacity"]';
const part = (name) => `${ROOT} [data-part="${name}"]`;
const field = (name) => `${ROOT} [data-field="${name}"]`;

let browser;
let server;
let page;
let problems;

/** "−0.12" -> -0.12, "96%" -> 96, "12,288" -> 12288 */
const num = (t) =>
  Number(
    t
      .trim()
      .replace(/\u2212/g, '-')
      .replace(/[%,]/g, ''),
  );

async function waitComplete(timeout = 60000) {
  await page.waitForSelector(`${ROOT}[data-sweep="complete"]`, { timeout, state: 'attached' });
}

/** Sets N as a drag would: the slider's value and an input event. */
async function setN(n) {
  await page.$eval(
    part('n'),
    (el, v) => {
      el.value = String(v);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    },
    n,
  );
  // The picture follows on the next animation frame.
  await page.waitForSelector(`${ROOT}[data-n="${n}"]`, { state: 'attached', timeout: 5000 });
}

async function readout() {
  const out = {};
  for (const k of ['n', 'cosine', 'recall', 'theory', 'softmaxCosine', 'softmaxRecall']) {
    out[k] = num(await page.textContent(field(k)));
  }
  return out;
}

/** The rows of the plotted numbers table's current page, once every row shows the current numbers. */
async function tableRows() {
  // The table is built a slice of rows per task: aria-busy until every row is there.
  await page.waitForSelector(`${part('table')} .oc-table-scroll:not([aria-busy]) tbody tr`, {
    state: 'attached',
    timeout: 5000,
  });
  return page.$$eval(`${part('table')} tbody tr`, (trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
}

/** The plotted numbers table, every page: { [N]: { cos, std, recall, miss, theory, smCos, smRecall } }. */
async function table() {
  const details = page.locator(part('table'));
  // The table is built on the details' toggle event, which comes after the click: the pager is
  // read once the table is built, never the one a table of other settings left behind.
  if (!(await details.evaluate((d) => d.open))) await details.locator('summary').click();
  await tableRows();
  const pages = await page.$eval(part('table-page'), (s) => (s.closest('[hidden]') ? 1 : s.options.length));
  const out = {};
  for (let k = 0; k < pages; k += 1) {
    if (pages > 1 && (await page.inputValue(part('table-page'))) !== String(k)) {
      await page.selectOption(part('table-page'), String(k));
      await page.waitForFunction(
        ([sel, n]) => new RegExp(`rows N = ${n} to`).test(document.querySelector(sel).textContent),
        [`${part('table')} caption`, (k * 256 + 1).toLocaleString('en-US')],
      );
    }
    for (const r of await tableRows()) {
      const [n, cos, std, recall, miss, theory, smCos, smRecall] = r.map(num);
      out[n] = { cos, std, recall, miss, theory, smCos, smRecall };
    }
  }
  return out;
}

async function closeTable() {
  const details = page.locator(part('table'));
  if (await details.evaluate((d) => d.open)) await details.locator('summary').click();
}

const assertAxeClean = (label) => assertAxeCleanIn(page, ROOT, label);

before(async () => {
  browser = await launch();
  server = await serve();
  ({ page, problems } = await openPage(browser, server.url));
  await page.locator(ROOT).scrollIntoViewIfNeeded();
  await page.waitForSelector(`${ROOT}[data-status="ready"]`, { timeout: 20000 });
  await waitComplete();
  // Key geometry, trials, seed, β and the axis scale live in the figure's Settings disclosure.
  await page.click(`${part('settings')} > summary`);
});

after(async () => {
  await browser?.close();
  await server?.close();
});

test('mounts in its default state: d = 64, N = 96, random keys, a sentence with numbers', async () => {
  assert.equal(await page.inputValue(part('d')), '64');
  assert.equal(await page.inputValue(part('n')), '96');
  assert.equal(await page.getAttribute(part('n'), 'max'), '256');
  const s = await page.textContent(field('sentence'));
  assert.match(
    s,
    /^With 96 associations in a 64-dimensional state, reads come back with cosine \d\.\d\d and the crosstalk carries \d\.\d times the target's energy; [\d.]+% would pick the wrong stored value\.$/,
  );
  assert.match(await page.getAttribute(part('n'), 'aria-valuetext'), /96 associations/);
  assert.match(await page.textContent(field('memory')), /12,288 numbers.*4,096 numbers/);
  assert.deepEqual(problems, []);
});

test('random keys at d = 64: mean cosine at N = 64 and N = 256 within 0.03 of theory (0.71, 0.45)', async () => {
  for (const [n, expected] of [
    [64, 0.71],
    [256, 0.45],
  ]) {
    await setN(n);
    const r = await readout();
    assert.ok(Math.abs(r.cosine - expected) <= 0.03, `N = ${n}: cosine ${r.cosine}, expected ${expected} ± 0.03`);
    assert.ok(Math.abs(r.cosine - r.theory) <= 0.03, `N = ${n}: cosine ${r.cosine} vs displayed theory ${r.theory}`);
    assert.ok(Math.abs(r.theory - expected) <= 0.005, `N = ${n}: theory ${r.theory}, expected ${expected}`);
  }
});

test('the sentence states the plotted numbers at the current N', async () => {
  const rows = await table();
  for (const n of [1, 32, 96, 200, 256]) {
    await setN(n);
    const s = await page.textContent(field('sentence'));
    const m =
      /^With (\d+) associations? in a 64-dimensional state, reads come back with cosine ([\d.]+)(?: and no crosstalk| and the crosstalk carries [\d.]+ times the target's energy); (?:no read picks a wrong stored value|(under )?([\d.]+)% would pick)/.exec(
        s,
      );
    assert.ok(m, `sentence: ${s}`);
    if (m[4] === undefined) {
      assert.equal(rows[n].miss, 0, `N = ${n}: "no read picks a wrong value", table miss ${rows[n].miss}`);
      continue;
    }
    assert.equal(Number(m[1]), n);
    assert.ok(
      Math.abs(Number(m[2]) - rows[n].cos) <= 0.005 + 1e-9,
      `N = ${n}: sentence cosine ${m[2]}, table ${rows[n].cos}`,
    );
    if (m[3]) assert.ok(rows[n].miss <= 0.001, `N = ${n}: sentence "under ${m[4]}%", table miss ${rows[n].miss}`);
    else
      assert.ok(
        Math.abs(Number(m[4]) / 100 - rows[n].miss) <= 0.0005 + 1e-9,
        `N = ${n}: sentence ${m[4]}%, table miss ${rows[n].miss}`,
      );
    const r = await readout();
    assert.ok(
      Math.abs(r.cosine - rows[n].cos) <= 0.005 + 1e-9,
      `N = ${n}: readout ${r.cosine} vs table ${rows[n].cos}`,
    );
  }
  // The marker sits on the plotted cosine curve at N.
  const dots = await page.$$eval(`${ROOT} .oc-dot.oc-s-cos`, (c) => c.map((d) => d.getAttribute('visibility')));
  assert.deepEqual(dots, [null]);
  await closeTable();
});

test('where no read is wrong (N = 49 at the defaults) the sentence says so, not "under 0.1%"', async () => {
  await setN(49);
  assert.match(await page.textContent(field('sentence')), /; no read picks a wrong stored value\.$/);
  assert.equal(await page.textContent(field('recall')), '100%');
});

test('timed: the slider updates the picture within one animation frame at the default d', async () => {
  await setN(96);
  const result = await page.$eval(
    part('n'),
    (el) =>
      new Promise((resolve) => {
        const root = el.closest('.la-overcapacity');
        const t0 = performance.now();
        el.value = '150';
        el.dispatchEvent(new Event('input', { bubbles: true }));
        const handler = performance.now() - t0;
        requestAnimationFrame(() =>
          resolve({
            handler,
            sentence: root.querySelector('[data-field="sentence"]').textContent,
            marker: root.querySelector('.oc-marker-label').textContent,
            store: root.querySelector('[data-part="store-head"]').textContent,
          }),
        );
      }),
  );
  assert.ok(result.handler < 16, `input handler took ${result.handler.toFixed(1)} ms`);
  assert.match(result.sentence, /^With 150 associations/);
  assert.equal(result.marker, 'N = 150');
  assert.match(result.store, /N = 150/);
});

test('the overlap heatmap keeps one canvas size as N moves, each cell a block of its own colour', async () => {
  await waitComplete();
  const heat = part('heatmap');
  const seen = [];
  for (const n of [3, 17, 40]) {
    await setN(n);
    await page.waitForFunction(
      ([sel, want]) => document.querySelector(sel)?.textContent.includes(`N = ${want},`),
      [part('store-head'), String(n)],
      { timeout: 10000 },
    );
    seen.push(
      await page.$eval(
        heat,
        (canvas, count) => {
          const ctx = canvas.getContext('2d');
          const cell = canvas.width / count;
          const at = (i, j) => [
            ...ctx.getImageData(Math.floor((j + 0.5) * cell), Math.floor((i + 0.5) * cell), 1, 1).data,
          ];
          // The diagonal is each unit key with itself (overlap 1: the full ink colour), the same in every cell;
          // an off-diagonal cell is lighter.
          return {
            n: count,
            width: canvas.width,
            height: canvas.height,
            d0: at(0, 0),
            dLast: at(count - 1, count - 1),
            off: at(0, 1),
          };
        },
        n,
      ),
    );
  }
  for (const s of seen) {
    assert.deepEqual([s.width, s.height], [256, 256], `N = ${s.n}: the canvas keeps its size`);
    assert.deepEqual(s.d0, s.dLast, `N = ${s.n}: the diagonal's first and last cells share the ink colour`);
    assert.notDeepEqual(s.off, s.d0, `N = ${s.n}: an off-diagonal overlap is lighter than the diagonal`);
  }
});

test('every state size d gives its curve for N = 1 to 4d, with no error (d = 256 streams in)', async () => {
  await setN(96);
  for (const d of [8, 16, 32, 128, 256]) {
    await page.selectOption(part('d'), String(d));
    if (d === 256) await page.waitForSelector(`${ROOT}[data-sweep="partial"]`, { timeout: 30000, state: 'attached' });
    else await waitComplete();
    assert.equal(await page.inputValue(part('d')), String(d), `d = ${d} kept`);
    assert.equal(
      await page.$eval(part('error'), (e) => e.hidden),
      true,
      `d = ${d}: ${await page.textContent(part('error'))}`,
    );
    const rows = await table();
    assert.deepEqual(
      Object.keys(rows).map(Number),
      Array.from({ length: 4 * d }, (_, i) => i + 1),
      `d = ${d}: a row per N`,
    );
    assert.equal((await tableRows()).length, Math.min(4 * d, 256), `d = ${d}: pages of at most 256 rows`);
    await closeTable();
  }
  await page.selectOption(part('d'), '64');
  await waitComplete();
  assert.equal(await page.inputValue(part('n')), '96', 'N followed d there and back (same load N/d)');
});

test('orthonormal keys: exact recall up to N = d, and not beyond', async () => {
  await page.selectOption(part('keys'), 'orthogonal');
  await waitComplete();
  const rows = await table();
  for (let n = 1; n <= 64; n += 1) {
    assert.equal(rows[n].cos, 1, `N = ${n}: cosine ${rows[n].cos}`);
    assert.equal(rows[n].recall, 1, `N = ${n}: recall ${rows[n].recall}`);
  }
  for (let n = 65; n <= 256; n += 1) assert.ok(rows[n].cos < 1, `N = ${n}: cosine ${rows[n].cos} should be below 1`);
  assert.ok(
    Object.keys(rows).some((n) => n > 64 && rows[n].recall < 1),
    'some N > d should lose recall',
  );
  await setN(64);
  assert.equal((await page.textContent(field('cosine'))).trim(), '1.00');
  assert.equal((await page.textContent(field('recall'))).trim(), '100%');
  await setN(65);
  assert.notEqual((await page.textContent(field('cosine'))).trim(), '1.00');
  await closeTable();
  await page.selectOption(part('keys'), 'random');
  await waitComplete();
});

test('at high β the softmax curve stays above the linear one past N = d', async () => {
  const beta = page.locator(part('beta'));
  await beta.focus();
  await page.keyboard.press('End');
  assert.match(await beta.getAttribute('aria-valuetext'), /256/);
  await waitComplete();
  const rows = await table();
  for (let n = 65; n <= 256; n += 1) {
    assert.ok(rows[n].smCos > rows[n].cos, `N = ${n}: softmax ${rows[n].smCos} vs linear ${rows[n].cos}`);
  }
  await closeTable();
  await beta.focus();
  await page.keyboard.press('Home');
  for (let i = 0; i < 4; i += 1) await page.keyboard.press('ArrowRight');
  assert.match(await beta.getAttribute('aria-valuetext'), /= 8$/);
  await waitComplete();
});

test('dragging β: the figure says the new curve follows once the slider rests (nothing computes it before), then draws it', async () => {
  // Input events alone are a drag still under way; `change` is its end (the pointer let go).
  const slide = (index, end) =>
    page.$eval(
      part('beta'),
      (el, [v, end]) => {
        el.value = String(v);
        el.dispatchEvent(new Event('input', { bubbles: true }));
        if (end) el.dispatchEvent(new Event('change', { bubbles: true }));
      },
      [index, end],
    );
  // The store at this N under the settings before the drag is done first: one still computing says
  // so ("computing N = 65…") rather than that the new settings' store waits (a rehearsal's pool
  // started the drag while it computed).
  await page.waitForFunction(
    (sel) => !/computing N/.test(document.querySelector(sel).textContent),
    part('store-head'),
    {
      timeout: 60000,
    },
  );
  // β = 16, then β = 32 (a value no sweep is held for), in one task: two round trips could come
  // more than the 250 ms of rest apart on a loaded machine, and β = 16 would rightly be computed.
  await page.$eval(part('beta'), (el) => {
    for (const v of [5, 6]) {
      el.value = String(v);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }
  });
  const status = `${ROOT} .oc-status`;
  const storeHead = part('store-head');
  // What the figure says while the slider has not rested, read in the one task that finds the
  // status changed: four reads one after another took longer than the 250 ms rest on a loaded
  // machine (a rehearsal read the store of β = 32, computed once the slider had rested).
  const atOnce = await page.waitForFunction(
    ([root, statusSel, storeSel]) => {
      if (!/once the slider rests/.test(document.querySelector(statusSel).textContent)) return null;
      return {
        sweep: document.querySelector(root).getAttribute('data-sweep'),
        sentence: document.querySelector(`${root} .oc-sentence`).textContent,
        store: document.querySelector(storeSel).textContent,
      };
    },
    [ROOT, status, storeHead],
    { timeout: 5000 },
  );
  const held = await atOnce.jsonValue();
  assert.equal(held.sweep, 'pending');
  assert.match(held.sentence, /follow once the slider rests/);
  // The store of the new β (a worker's, at d = 64 and N = 96) waits for the rest too.
  assert.match(held.store, /\u03b2 = 8 \(the store of the new settings follows when the slider rests\)/);
  await slide(6, true);
  await waitComplete();
  assert.doesNotMatch(await page.textContent(status), /slider rests/);
  assert.match(await page.textContent(`${ROOT} .oc-legend`), /\u03b2 = 32/);
  await page.waitForFunction((sel) => /\u03b2 = 32$/.test(document.querySelector(sel).textContent), storeHead, {
    timeout: 5000,
  });
  await slide(4, true); // back to β = 8 for the tests after this one
  await waitComplete();
});

test('bad trials or seed: an inline message, and the last good state stays', async () => {
  const before = await page.textContent(field('sentence'));
  for (const [name, value, pattern] of [
    ['trials', 'abc', /whole number/],
    ['trials', '999', /trials/],
    ['trials', '0', /trials/],
    ['seed', '-1', /whole number/],
    ['seed', '99999999999', /seed/],
  ]) {
    await page.fill(part(name), value);
    await page.press(part(name), 'Enter');
    assert.match(await page.textContent(part(`${name}-msg`)), pattern, `${name} = ${value}`);
    assert.equal(await page.getAttribute(part(name), 'aria-invalid'), 'true');
    assert.equal(await page.textContent(field('sentence')), before);
  }
  await assertAxeClean('bad seed');
  await page.fill(part('trials'), '8');
  await page.press(part('trials'), 'Enter');
  await page.fill(part('seed'), '1');
  await page.press(part('seed'), 'Enter');
  assert.equal(await page.textContent(part('seed-msg')), '');
  assert.equal(await page.getAttribute(part('seed'), 'aria-invalid'), null);
  assert.equal(await page.textContent(field('sentence')), before);
});

test('log axis: powers of two on the N axis', async () => {
  await page.check(part('scale-log'));
  const ticks = await page.$$eval(`${ROOT} .oc-chart .plot-tick-x`, (t) => t.map((x) => x.textContent));
  assert.deepEqual(ticks, ['1', '2', '4', '8', '16', '32', '64', '128', '256']);
  await page.check(part('scale-linear'));
  assert.deepEqual(await page.$$eval(`${ROOT} .oc-chart .plot-tick-x`, (t) => t.map((x) => x.textContent)), [
    '0',
    '64',
    '128',
    '192',
    '256',
  ]);
});

test('axe-core: clean with the tables open, in light and dark', async () => {
  await page.selectOption(part('d'), '8');
  await waitComplete();
  await setN(12);
  // the store's tables are inside "Inside one store", closed at first
  for (const name of ['table', 'inside', 'store-table', 'overlap-table'])
    await page.locator(`${part(name)} > summary`).click();
  // The tables are built on the details' toggle events, which come after the clicks.
  await page.waitForFunction(
    (sel) => document.querySelectorAll(sel).length === 12,
    `${part('overlap-table')} tbody tr`,
    { timeout: 5000 },
  );
  await page.waitForFunction((sel) => document.querySelectorAll(sel).length === 12, `${part('store-table')} tbody tr`, {
    timeout: 5000,
  });
  await assertAxeClean('tables open, light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await assertAxeClean('tables open, dark');
  await page.emulateMedia({ colorScheme: 'light' });
  for (const name of ['table', 'store-table', 'overlap-table']) await page.locator(`${part(name)} > summary`).click();
  await page.selectOption(part('d'), '64');
  await waitComplete();
  await setN(200);
  await page.waitForFunction(
    (sel) => /drawn for N ≤ 128/.test(document.querySelector(sel).textContent),
    part('heat-note'),
  );
  await assertAxeClean('large N');
});

/** "Averaged over 3 of 32 trials so far; …" -> 3 (null while no full-grid result is shown). */
async function trialsShown() {
  const m = /Averaged over (\d+) of (\d+) trials/.exec(await page.textContent(`${ROOT} .oc-status`));
  return m ? Number(m[1]) : null;
}

// The largest settings: d = 256 (N up to 1,024) with 32 trials, some 40 s of work in the worker.
// While it streams in (previews, then the full curve trial by trial), a scripted drag of N must
// leave no main-thread task over 50 ms (PerformanceObserver 'longtask': whole tasks, the browser's
// style, layout and paint included). The demo also marks its own work as User Timing measures
// "la-overcapacity:*" (a frame of the slider, a sweep or store arriving), printed for diagnosis.
test("timed: dragging N at d = 256 with 32 trials streaming in: the demo's work under 50 ms an update, no frame over 150 ms", async () => {
  await collectGarbage(page); // what the earlier tests (axe-core above all) left behind
  const watch = await watchMainThread(page, 'la-overcapacity:');
  await page.selectOption(part('d'), '256');
  await page.fill(part('trials'), '32');
  await page.press(part('trials'), 'Enter');
  try {
    await dragAndReadWhileStreaming(watch);
  } finally {
    // Back to the defaults so that the worker stops the large sweep (and later tests start there).
    await closeTable();
    await page.fill(part('trials'), '8');
    await page.press(part('trials'), 'Enter');
    await page.selectOption(part('d'), '64');
    await waitComplete();
  }
});

async function dragAndReadWhileStreaming(watch) {
  assert.equal(await page.getAttribute(part('n'), 'max'), '1024');
  // The drag starts while the worker is still computing (the preview arrives first).
  await page.waitForSelector(`${ROOT}[data-sweep="preview"]`, { timeout: 20000, state: 'attached' });
  await page.locator(part('n')).scrollIntoViewIfNeeded();
  const box = await page.locator(part('n')).boundingBox();
  const t0 = await page.evaluate(() => performance.now());
  await page.mouse.move(box.x + 2, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 0; i <= 60; i += 1) {
    await page.mouse.move(box.x + 2 + ((box.width - 4) * i) / 60, box.y + box.height / 2);
  }
  for (let i = 60; i >= 0; i -= 3) {
    await page.mouse.move(box.x + 2 + ((box.width - 4) * i) / 60, box.y + box.height / 2);
  }
  await page.mouse.up();
  // The drag is over once its last frame is drawn (the picture shows the slider's N) and the page has
  // been quiet for 800 ms since (the sweep's hold, 300 ms after the last input, has run out).
  await page.waitForFunction(
    ([root, slider]) => {
      const frames = window.__mainThreadWatch.work.filter((w) => w.name === 'la-overcapacity:frame');
      const last = frames.at(-1);
      return (
        document.querySelector(root).dataset.n === document.querySelector(slider).value &&
        last !== undefined &&
        performance.now() - (last.start + last.duration) >= 800
      );
    },
    [ROOT, part('n')],
    { polling: 50, timeout: 10000 },
  );
  const { tasks, work } = await watch.stop(t0);
  const frames = work.filter((w) => w.name === 'la-overcapacity:frame');
  // While N moves, the sweep takes no new step (runner.hold): at most the preview or step that was
  // running when the drag began, and the one after it, arrive during the drag.
  assert.ok(
    work.filter((w) => w.name === 'la-overcapacity:sweep').length <= 2,
    'the sweep waits while the reader drags',
  );
  const heaviest = work.reduce((a, w) => (w.duration > a.duration ? w : a), { name: 'none', duration: 0 });
  console.log(
    `# drag at d = 256, 32 trials: ${frames.length} frames, ${work.filter((w) => w.name === 'la-overcapacity:sweep').length} sweep results ` +
      `arrived during it; demo work at most ${heaviest.duration.toFixed(1)} ms (${heaviest.name}); long tasks ${JSON.stringify(tasks.map((t) => t.duration))}`,
  );
  assert.ok(frames.length >= 20, `the drag should redraw many frames (got ${frames.length})`);
  // The demo's own work in every update stays under 50 ms (as for the other demos' drags,
  // checkDragUpdates). Whole frames (browser rendering included) are printed above and held under
  // 150 ms: on the 2-core machine with two workers streaming, some frames took 51-98 ms in
  // 2026-12 (the code of 2026-11-30 too), so the bench's "no task over 50 ms" is tracked by
  // npm run bench's targets, not asserted here.
  const slowUpdates = work.filter((w) => w.duration >= 50);
  assert.deepEqual(
    slowUpdates,
    [],
    `the demo's own work took 50 ms or more in an update: ${JSON.stringify(slowUpdates)}`,
  );
  assert.deepEqual(
    tasks.filter((t) => t.duration > 150),
    [],
    'main-thread tasks over 150 ms during the drag',
  );
  assert.ok(Number(await page.inputValue(part('n'))) < 64, 'the drag should end near N = 1');

  // The full curve streams in trial by trial: first over a few trials, then over more. A reader
  // keeps the table of plotted numbers open meanwhile, scrolled down: each result rewrites the rows
  // of its page (256 of the 1,024) in place, a slice per task, and the reader keeps their place.
  await page.waitForSelector(`${ROOT}[data-sweep="partial"]`, { timeout: 30000, state: 'attached' });
  const early = await trialsShown();
  assert.ok(early >= 1 && early < 32, `first full-grid result over ${early} trials`);
  await table();
  const scroller = page.locator(`${part('table')} .oc-table-scroll`);
  const place = await scroller.evaluate((el) => {
    el.scrollTop = 4000;
    return el.scrollTop;
  });
  assert.ok(place > 0, 'the table scrolls');
  await collectGarbage(page); // the four pages the test just read
  const watchTable = await watchMainThread(page, 'la-overcapacity:');
  const t1 = await page.evaluate(() => performance.now());
  const before = await trialsShown();
  await page.waitForFunction(
    ([sel, n]) => {
      const m = /Averaged over (\d+) of 32/.exec(document.querySelector(sel).textContent);
      return m && Number(m[1]) >= n + 2;
    },
    [`${ROOT} .oc-status`, before],
    { timeout: 30000 },
  );
  await page.waitForSelector(`${part('table')} .oc-table-scroll:not([aria-busy])`, {
    state: 'attached',
    timeout: 5000,
  });
  // (Stopped before the test reads the 1,024 rows: that read is itself a task on the main thread.)
  const { tasks: tableTasks, work: tableWork } = await watchTable.stop(t1);
  assert.equal(await scroller.evaluate((el) => el.scrollTop), place, 'the reader keeps their place in the table');
  const arrivals = tableWork.filter((w) => w.name === 'la-overcapacity:sweep');
  const slices = tableWork.filter((w) => w.name === 'la-overcapacity:table');
  console.log(
    `# table open at d = 256: ${arrivals.length} results arrived (demo work ${JSON.stringify(arrivals.map((w) => Math.round(w.duration)))} ms), ` +
      `${slices.length} slices of rows (at most ${Math.max(0, ...slices.map((w) => w.duration)).toFixed(1)} ms); long tasks ${JSON.stringify(tableTasks.map((t) => t.duration))}`,
  );
  assert.ok(arrivals.length >= 2, 'at least two results arrived with the table open');
  // Bounded here: the demo's own work per result and per slice of rows (a table rebuilt in one task
  // took 50-130 ms). Whole tasks, which include the browser laying out and painting the table, are
  // printed above: none in quiet runs, a few of 50-60 ms with another process taking one core.
  const slow = tableWork.filter((w) => w.duration >= 50);
  assert.deepEqual(slow, [], "the demo's own work took 50 ms or more with the table open");
  const rows = await table();
  assert.ok(Object.keys(rows).length === 1024, 'the partial curve has every N from 1 to 1,024');
  assert.ok(rows[256].std > 0, 'the band (spread over trials) is drawn once there are two trials');
  // The status line changes as soon as a result arrives, the table's caption once the table has
  // been rebuilt, slice by slice: a result arriving between two reads showed 4 trials in one and 5
  // in the other (a faster machine). Both are read in one go, until they agree (within seconds).
  const agreed = await page
    .waitForFunction(
      ([captionSel, statusSel]) => {
        const caption = document.querySelector(captionSel)?.textContent ?? '';
        const m = /Averaged over (\d+) of (\d+) trials/.exec(document.querySelector(statusSel)?.textContent ?? '');
        const shown = m ? Number(m[1]) : null;
        const ok = caption.includes(`${shown} trials, `) && caption.includes(`(${shown} of 32 trials so far)`);
        window.__lastCaption = `caption: ${caption}, status: ${shown} trials`;
        return ok;
      },
      [`${part('table')} caption`, `${ROOT} .oc-status`],
      { timeout: 10000, polling: 50 },
    )
    .then(() => true)
    .catch(() => false);
  assert.ok(agreed, await page.evaluate(() => window.__lastCaption));
}

test("timed: settings over the core's work budget are refused at once, next to the field, keeping the last good ones", async () => {
  await page.selectOption(part('d'), '256');
  const t0 = Date.now();
  await page.fill(part('trials'), '100');
  await page.press(part('trials'), 'Enter');
  // trials · N² · (N + d) is over the core's budget at d = 256: la.checkSweep says so before any work.
  await page.waitForFunction((sel) => /at most/.test(document.querySelector(sel).textContent), part('trials-msg'), {
    timeout: 5000,
  });
  assert.ok(Date.now() - t0 < 5000, 'refused without waiting for a sweep');
  // In the reader's words, not the core's formula.
  assert.equal(
    await page.textContent(part('trials-msg')),
    'too much work: at d = 256, N up to 1,024 allows at most 51 trials. Kept 8.',
  );
  assert.equal(await page.inputValue(part('d')), '256');
  const state = await page.evaluate(() => window.location.hash);
  assert.doesNotMatch(state, /trials=100/, 'the refused value never reaches the state');
  await page.selectOption(part('d'), '64');
  await waitComplete();
  assert.equal(await page.$eval(part('error'), (e) => e.hidden), true);
});

test('360 px wide: no horizontal overflow, and no problems on the page', async () => {
  await page.setViewportSize({ width: 360, height: 800 });
  await chartDrawnAtItsWidth();
  const o = await noHorizontalOverflow(page);
  assert.deepEqual(o.offenders, [], `overflow at 360 px: ${JSON.stringify(o)}`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await chartDrawnAtItsWidth();
  assert.deepEqual(problems, []);
});

/** Waits until the viewport has its new width and the chart is drawn at its box's width (the
 *  ResizeObserver's frame has run). */
async function chartDrawnAtItsWidth() {
  await page.waitForFunction(
    (root) => {
      const box = document.querySelector(`${root} .oc-chart`);
      const svg = box.querySelector('svg');
      const width = Math.max(280, Math.floor(box.getBoundingClientRect().width));
      return svg.getAttribute('width') === String(width);
    },
    ROOT,
    { timeout: 5000 },
  );
}

// The chapter pauses a figure while it is off-screen (web/src/hosts/shared/mount.js pauseWhenHidden calls
// the handle's pause() and resume()): a d = 256 sweep streaming in takes no new step meanwhile, and
// goes on where it stopped when the figure returns, without starting over.
test('off-screen, a streaming d = 256 sweep takes no new step; back on screen it goes on and completes', async () => {
  await page.locator(ROOT).scrollIntoViewIfNeeded();
  const n = Number(await page.inputValue(part('n'))); // N follows d: 4n at d = 256
  await page.selectOption(part('d'), '256');
  await page.waitForSelector(`${ROOT}[data-sweep="partial"]`, { timeout: 30000, state: 'attached' });
  // How long a step takes here (one trial at d = 256): the time to wait for steps that never come.
  const first = await trialsShown();
  const t0 = Date.now();
  await page.waitForFunction(
    ([sel, n]) => {
      const m = /Averaged over (\d+) of/.exec(document.querySelector(sel).textContent);
      return m && Number(m[1]) > n;
    },
    [`${ROOT} .oc-status`, first],
    { timeout: 120000 }, // a step is about a second alone, over 10 s with the machine's cores busy
  );
  const step = Date.now() - t0;
  // Scroll the figure far away (the page is long; the figure is not near both ends).
  await page.evaluate((root) => {
    const top = document.querySelector(root).getBoundingClientRect().top + window.scrollY;
    const far = top > 3 * window.innerHeight ? 0 : document.documentElement.scrollHeight;
    window.scrollTo({ top: far, behavior: 'instant' });
  }, ROOT);
  // (The step running at that moment finishes first.)
  await page.waitForSelector(`${ROOT}[data-work="paused"]`, { timeout: 120000, state: 'attached' });
  const atPause = await trialsShown();
  assert.ok(atPause !== null && atPause < 8, `paused part-way (${atPause} of 8 trials)`);
  // Two steps' time later, still no new trial (the step running at the pause had already landed).
  const wait = 2 * Math.max(step, 200);
  const until = Date.now() + wait;
  await page.waitForFunction((end) => Date.now() >= end, until, { polling: 100, timeout: wait + 10000 });
  assert.equal(await trialsShown(), atPause, 'no trial arrives while the figure is off-screen');
  // Every status from here on, to check the sweep goes on from where it was (no preview, no restart).
  await page.evaluate((root) => {
    const status = document.querySelector(`${root} .oc-status`);
    window.__ocStatuses = [status.textContent];
    window.__ocStatusWatch = new MutationObserver(() => window.__ocStatuses.push(status.textContent));
    window.__ocStatusWatch.observe(status, { childList: true, characterData: true, subtree: true });
  }, ROOT);
  await page.locator(ROOT).scrollIntoViewIfNeeded();
  await page.waitForSelector(`${ROOT}:not([data-work])`, { timeout: 10000, state: 'attached' });
  await waitComplete(300000);
  const statuses = await page.evaluate(() => {
    window.__ocStatusWatch.disconnect();
    return window.__ocStatuses;
  });
  const counts = statuses
    .map((t) => /Averaged over (\d+) of/.exec(t))
    .filter(Boolean)
    .map((m) => Number(m[1]));
  assert.ok(!statuses.some((t) => /preview/.test(t)), `no preview after resuming: ${JSON.stringify(statuses)}`);
  assert.deepEqual(
    counts,
    counts.map((_, i) => atPause + i),
    `trials go on from ${atPause}, one step at a time: ${JSON.stringify(statuses)}`,
  );
  assert.equal(await page.textContent(`${ROOT} .oc-status`), '', 'complete: no progress line');
  assert.match(
    await page.textContent(field('sentence')),
    new RegExp(`^With ${(4 * n).toLocaleString('en-US')} associations in a 256-dimensional state`),
  );
  await page.selectOption(part('d'), '64');
  await waitComplete();
});

test('in the standalone file (file://) the sweeps run in a worker too, with the same numbers', async () => {
  await setN(150);
  await page.waitForFunction(() => /overcapacity\.n=150/.test(location.hash)); // the permalink follows
  const served = await page.textContent(field('sentence'));
  const { page: p, problems: probs } = await openPage(
    browser,
    `${standaloneUrl()}${await page.evaluate(() => location.hash)}`,
  );
  try {
    await p.locator(ROOT).scrollIntoViewIfNeeded();
    await p.waitForSelector(`${ROOT}[data-sweep="complete"]`, { timeout: 60000, state: 'attached' });
    assert.ok(p.workers().length >= 1, 'a worker runs the sweeps');
    assert.doesNotMatch(await p.textContent(`${ROOT} .oc-status`), /workers are unavailable/);
    assert.equal(await p.textContent(field('sentence')), served);
    assert.deepEqual(probs, []);
  } finally {
    await p.close();
  }
});

test('timed: a worker whose script never arrives: after READY_MS (10 s) the page thread takes over and the sweep completes', async () => {
  // A request that never answers gives no error event: without the pool's watchdog the figure said
  // "computing" forever. Seen for real: Chromium held a page's worker script while a new service
  // worker of the chapter was activating (tests/browser/offline.test.mjs), and the activation in
  // turn waited for that request. Terminating the stalled worker frees both.
  const p = await browser.newPage();
  try {
    await p.setViewportSize({ width: 1280, height: 900 });
    await p.route(/\/assets\/worker-[^/]*\.js/, () => {}); // never fulfilled
    await p.goto(server.url);
    await p.locator(ROOT).scrollIntoViewIfNeeded();
    const t0 = Date.now();
    await p.waitForSelector(`${ROOT}[data-sweep="complete"]`, { timeout: 90000, state: 'attached' });
    const waited = Date.now() - t0;
    assert.ok(waited >= 8000, `the page thread took over after the watchdog, not before (${waited} ms)`);
    assert.match(await p.textContent(`${ROOT} .oc-status`), /workers are unavailable/);
    assert.match(await p.textContent(field('sentence')), /^With 96 associations in a 64-dimensional state/);
  } finally {
    await p.unrouteAll({ behavior: 'ignoreErrors' });
    await p.close();
  }
});

test('without workers (construction fails) the demo computes on the page and says so', async () => {
  await browser.addInitScript(() => {
    window.Worker = class {
      constructor() {
        throw new Error('workers are blocked in this test');
      }
    };
  });
  const { page: p, problems: probs } = await openPage(browser, server.url);
  try {
    await p.locator(ROOT).scrollIntoViewIfNeeded();
    await p.waitForSelector(`${ROOT}[data-sweep="complete"]`, { timeout: 60000, state: 'attached' });
    assert.match(await p.textContent(`${ROOT} .oc-status`), /workers are unavailable/);
    assert.match(await p.textContent(field('sentence')), /^With 96 associations in a 64-dimensional state/);
    await p.$eval(part('n'), (el) => {
      el.value = '200';
      el.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await p.waitForFunction(
      (sel) => /^Inside one store: N = 200,/.test(document.querySelector(sel).textContent),
      part('store-head'),
    );
    assert.deepEqual(probs, []);
  } finally {
    await p.close();
  }
});
