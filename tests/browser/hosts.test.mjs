// Course platforms as they really are, against the built dist/ (`npm run build` first):
//   node --test --test-concurrency=1 tests/browser/hosts.test.mjs
// Each case has its own host page (tests/browser/fixtures/hosts/) on one loopback origin
// (127.0.0.1:A) embedding the chapter served from another (localhost:B), see hosts-harness.mjs:
// uploads shown through srcdoc / blob: / data: and sandboxed, themed elements, elements driven by
// scripts, hostile host CSS, a Trusted Types CSP, an iframe far down the page, oEmbed, printing
// before scrolling, and a sandboxed iframe without workers.
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpus, loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import { launch, openSettings, streamed, waitUntil, DIST } from './harness.mjs';
import { startHosts, openHostPage } from './hosts-harness.mjs';

const TRUSTED_TYPES_CSP = "require-trusted-types-for 'script'; trusted-types linattn";

let browser;
let hosts;
const opened = [];

before(async () => {
  hosts = await startHosts({ pageHeaders: { 'trusted-types.html': { 'Content-Security-Policy': TRUSTED_TYPES_CSP } } });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await hosts?.close();
});

// Every test answers for the pages it opened: no console errors, no uncaught errors.
afterEach(async () => {
  const pages = opened.splice(0);
  const problems = pages.flatMap((p) => p.problems);
  for (const p of pages) await p.page.close().catch(() => {});
  assert.deepEqual(problems, [], `problems in the pages of this test:\n${problems.join('\n')}`);
});

async function open(file, options) {
  const p = await openHostPage(browser, `${hosts.hostUrl}${file}`, options);
  opened.push(p);
  return p;
}

/** Records the files of dist/ a page requests; `.gzipBytes()` adds up their gzip sizes (level 9),
 *  what a host compressing its files sends (`.files()` lists them). Attach before the page loads. */
function distRequests(page) {
  const paths = new Set();
  page.on('request', (req) => {
    if (req.url().startsWith(hosts.distUrl)) paths.add(new URL(req.url()).pathname);
  });
  const size = (path) => gzipSync(readFileSync(join(DIST, decodeURIComponent(path))), { level: 9 }).length;
  return {
    files: () => [...paths].map((path) => `${path} ${(size(path) / 1024).toFixed(1)} KB`),
    gzipBytes: () => [...paths].reduce((sum, path) => sum + size(path), 0),
  };
}

const READY = '.linattn-mount[data-status="ready"]';

/** The iframe's content frame (an id or a selector), once its demo is mounted. */
async function readyFrame(page, id) {
  const selector = /^[\w-]+$/.test(id) ? `#${id}` : id;
  const handle = await page.waitForSelector(selector, { state: 'attached', timeout: 30000 });
  let frame = await handle.contentFrame();
  await waitUntil(
    async () => {
      frame = await handle.contentFrame();
      return frame && (await frame.locator(READY).count()) > 0;
    },
    { timeout: 60000, message: `${id}: demo mounted` },
  );
  return frame;
}

/** Resolves once the element's demo is mounted (element.state is there). */
function readyElement(page, id) {
  return page.waitForFunction((i) => document.getElementById(i)?.state != null, id, { timeout: 60000 });
}

// ---- 1. uploads shown through srcdoc, blob:, data:, sandboxed ------------------------------------
test('1. the standalone embed works when a platform shows the upload through srcdoc, blob:, data:, sandboxed or not', async () => {
  const { page } = await open('uploads.html');
  await page.waitForFunction(() => window.framesAdded === true, null, { timeout: 30000 });
  for (const id of ['srcdoc', 'blob', 'data', 'sandboxed-srcdoc', 'sandboxed-blob']) {
    const frame = await readyFrame(page, id);
    const before = await frame.evaluate(() => location.href);
    // A reader change: the demo follows it, and the state simply stays out of the URL.
    await frame.locator('[data-part="fm-elu1"]').check();
    await frame.waitForFunction(() => window.linattnEmbed?.handle.getState().featureMap === 'elu1', null, {
      timeout: 10000,
    });
    await frame.waitForTimeout(400); // past the URL writer's delay: nothing may throw then either
    assert.equal(await frame.evaluate(() => location.href), before, `${id}: the URL is left alone`);
    assert.equal(await frame.locator('.linattn-source').count(), 0, `${id}: no "Open in the chapter" link to nowhere`);
  }
});

// ---- 2. themes -----------------------------------------------------------------------------------
test('2. custom elements follow theme="dark", theme="light" and the reader\'s dark mode', async () => {
  const { page } = await open('themes.html', { colorScheme: 'dark' });
  for (const id of ['dark', 'light', 'auto']) await readyElement(page, id);
  const look = (id) =>
    page.evaluate((i) => {
      const inner = document.getElementById(i).shadowRoot.querySelector('.linattn-mount');
      const style = getComputedStyle(inner);
      return { bg: style.getPropertyValue('--bg').trim(), color: style.color };
    }, id);
  const dark = await look('dark');
  const light = await look('light');
  const auto = await look('auto');
  assert.equal(dark.bg, '#141619', 'theme="dark" gives the dark tokens');
  assert.equal(dark.color, 'rgb(231, 229, 224)', 'theme="dark": light text');
  assert.equal(light.bg, '#fcfbf8', 'theme="light" stays light in a dark system theme');
  assert.equal(light.color, 'rgb(28, 29, 31)');
  assert.equal(auto.bg, '#141619', "no theme attribute: the reader's dark mode");
  // Changing the attribute later restyles the element.
  await page.evaluate(() => document.getElementById('dark').setAttribute('theme', 'light'));
  assert.equal((await look('dark')).bg, '#fcfbf8');
});

// ---- 3. elements driven by scripts ----------------------------------------------------------------
test('3. attributes and state set before mount are kept, removed attributes and caption changes apply, events follow the reader only', async () => {
  const { page } = await open('elements.html');
  await page.waitForFunction(() => customElements.get('linattn-memory'), null, { timeout: 30000 });
  await page.evaluate(() => {
    window.events = { ledger: 0, overcapacity: 0, memory: 0, spotlight: 0 };
    const make = (tag, attrs) => {
      const el = document.createElement(tag);
      for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
      el.addEventListener('linattn-statechange', () => window.events[tag.slice(8)]++);
      document.getElementById('place').append(el);
      return el;
    };
    // Set right after append, before the demo could mount.
    const ledger = make('linattn-ledger', { id: 'ledger' });
    ledger.setAttribute('step', '1');
    ledger.state = { featureMap: 'elu1' };
    const oc = make('linattn-overcapacity', { id: 'oc', d: '16', n: '20', trials: '2' });
    oc.state = { keys: 'orthogonal' };
    make('linattn-memory', { id: 'memory', linear: '', tokens: '1000000' });
    const spot = make('linattn-spotlight', { id: 'spotlight', n: '64' });
    spot.state = { cosine: 0.5 };
  });
  for (const id of ['ledger', 'oc', 'memory', 'spotlight']) await readyElement(page, id);
  const state = (id) => page.evaluate((i) => document.getElementById(i).state, id);
  await page.waitForFunction(() => document.getElementById('oc').state.keys === 'orthogonal', null, { timeout: 10000 });
  assert.equal((await state('ledger')).step, 1, 'step set after append');
  assert.equal((await state('ledger')).featureMap, 'elu1', 'state assigned before ready');
  assert.equal((await state('memory')).linear, true);
  await page.waitForFunction(() => document.getElementById('spotlight').state.cosine === 0.5, null, { timeout: 10000 });
  assert.equal((await state('spotlight')).n, 64, 'spotlight: n from its attribute, set before mount');

  // Later script changes: attributes (set and removed) and element.state.
  await page.evaluate(() => {
    document.getElementById('ledger').setAttribute('step', '2');
    document.getElementById('oc').setAttribute('n', '24');
    document.getElementById('memory').removeAttribute('linear');
    document.getElementById('spotlight').removeAttribute('n');
  });
  await page.waitForFunction(() => document.getElementById('memory').state?.linear === false, null, { timeout: 30000 });
  assert.equal((await state('ledger')).step, 2);
  assert.equal((await state('oc')).n, 24);
  assert.equal((await state('memory')).tokens, 1000000, 'the other settings stay');
  // A removed attribute: the spotlight's N back to its default, what the script set kept.
  await page.waitForFunction(() => document.getElementById('spotlight').state?.n === 32, null, { timeout: 30000 });
  assert.equal((await state('spotlight')).cosine, 0.5, 'the spotlight keeps the cosine its state set');
  await page.evaluate(() => {
    document.getElementById('ledger').removeAttribute('step');
  });
  await page.waitForFunction(() => document.getElementById('ledger').state?.step === 3, null, { timeout: 30000 });
  assert.equal((await state('ledger')).featureMap, 'elu1', 'a removed attribute resets only its own setting');

  // caption="none" later hides the caption; removing it brings the caption back.
  const captions = () =>
    page.evaluate(() => document.getElementById('ledger').shadowRoot.querySelectorAll('.linattn-caption').length);
  assert.equal(await captions(), 1);
  await page.evaluate(() => document.getElementById('ledger').setAttribute('caption', 'none'));
  assert.equal(await captions(), 0);
  await page.evaluate(() => document.getElementById('ledger').removeAttribute('caption'));
  assert.equal(await captions(), 1);

  // None of that was the reader: no events. Then one reader change in each demo: one event each.
  await page.waitForTimeout(300);
  assert.deepEqual(await page.evaluate(() => window.events), { ledger: 0, overcapacity: 0, memory: 0, spotlight: 0 });
  await page.locator('#ledger [data-part="fm-identity"]').check();
  // Key geometry is in the figure's Settings disclosure: open it as a reader would.
  await openSettings(page, '#oc');
  await page.locator('#oc [data-part="keys"]').selectOption('random');
  await openSettings(page, '#memory'); // and precision is in the memory figure's
  await page.locator('#memory select[id$="-kvdtype"]').selectOption('fp8');
  await page.locator('#spotlight .spot-settings > summary').click(); // and the spotlight's number format
  await page.locator('#spotlight [data-part="dtype"]').selectOption('fp8');
  // overcapacity, memory and spotlight: two reader changes each, opening Settings (remembered in the state,
  // the figures-first design) and the choice made there
  await page.waitForFunction(
    () =>
      window.events.overcapacity >= 2 &&
      window.events.memory >= 2 &&
      window.events.spotlight >= 2 &&
      window.events.ledger >= 1,
    null,
    {
      timeout: 10000,
    },
  );
  assert.deepEqual(await page.evaluate(() => window.events), { ledger: 1, overcapacity: 2, memory: 2, spotlight: 2 });
});

// ---- 4. hostile host CSS -------------------------------------------------------------------------
test('4. host CSS on the element itself (even !important) does not reach inside: same text size, same height', async () => {
  const measure = async (file) => {
    const { page } = await open(file);
    await readyElement(page, 'narrow');
    await page.waitForTimeout(300);
    return page.evaluate(() => {
      const el = document.getElementById('narrow');
      const text = el.shadowRoot.querySelector('.linattn-mount label, .linattn-mount p, .linattn-mount span');
      const style = getComputedStyle(text);
      return {
        fontSize: style.fontSize,
        letterSpacing: style.letterSpacing,
        textTransform: style.textTransform,
        fontFamily: style.fontFamily,
        height: Math.round(el.getBoundingClientRect().height),
      };
    });
  };
  const plain = await measure('plain.html');
  const hostile = await measure('hostile.html');
  assert.equal(hostile.fontSize, plain.fontSize, 'inner text size');
  assert.equal(hostile.letterSpacing, 'normal');
  assert.equal(hostile.textTransform, 'none');
  assert.equal(hostile.fontFamily, plain.fontFamily);
  assert.ok(
    Math.abs(hostile.height - plain.height) <= 2,
    `the ledger at 320 px: ${hostile.height} px under hostile CSS, ${plain.height} px without`,
  );
});

// ---- 5. Trusted Types ------------------------------------------------------------------------------
test(`5. under "${TRUSTED_TYPES_CSP}" all four elements become ready, with captions, and nothing is refused`, async () => {
  let requests;
  const { page } = await open('trusted-types.html', { onPage: (pg) => (requests = distRequests(pg)) });
  for (const id of ELEMENT_IDS) await readyElement(page, id);
  // All four elements load the entry, each demo's chunk, the core's chunk and its wasm once: the
  // ledger takes the shared core the other two load anyway, not its own module besides (see 5b);
  // the spotlight loads its own (wasm/spotlight.mjs), which the others do not need.
  await page.waitForTimeout(300);
  const all = requests.gzipBytes();
  const files = requests.files();
  console.log(`# four elements: ${(all / 1024).toFixed(1)} KB gzip (${files.join(', ')})`);
  assert.ok(all <= ALL_ELEMENTS_BUDGET, `four elements load ${(all / 1024).toFixed(1)} KB gzip`);
  assert.deepEqual(
    files
      .filter((f) => /\.wasm /.test(f))
      .map((f) => /\/(linattn(-ledger|-spotlight)?)-\w+\.wasm /.exec(f)?.[1])
      .sort(),
    ['linattn', 'linattn-spotlight'],
    `the shared core's wasm and the spotlight's, each once: ${files}`,
  );
  // The spotlight drew the N its attribute set.
  await page.waitForFunction(
    () => document.getElementById('spotlight').shadowRoot.querySelector('.la-spotlight[data-n="64"] .spot-row--random'),
    null,
    { timeout: 30000 },
  );
  const captions = await page.evaluate(
    (ids) =>
      ids.map((id) => ({
        text: document.getElementById(id).shadowRoot.querySelector('.linattn-caption')?.textContent ?? '',
        math: document.getElementById(id).shadowRoot.querySelectorAll('.linattn-caption math').length,
      })),
    ELEMENT_IDS,
  );
  // The overcapacity worker, which carries no wasm, gets the page's compiled core and finishes the
  // sweep itself: no fall-back to the page thread.
  await page.evaluate(() => document.getElementById('overcapacity').scrollIntoView({ block: 'start' }));
  await page.waitForFunction(
    () => document.getElementById('overcapacity').shadowRoot.querySelector('[data-sweep="complete"]'),
    null,
    { timeout: 60000 },
  );
  const readout = await page.evaluate(() => document.getElementById('overcapacity').shadowRoot.textContent);
  assert.doesNotMatch(readout, /workers are unavailable/, 'the sweep ran in the workers');
  for (const c of captions) assert.match(c.text, /^Figure 4\.\d/);
  assert.ok(
    captions.some((c) => c.math > 0),
    'MathML in the captions is built as elements',
  );
  const mathNs = await page.evaluate(
    () =>
      document.querySelector('linattn-overcapacity, linattn-ledger, linattn-memory, linattn-spotlight') &&
      [...document.querySelectorAll('linattn-ledger, linattn-overcapacity, linattn-memory, linattn-spotlight')]
        .flatMap((el) => [...el.shadowRoot.querySelectorAll('.linattn-caption math')])
        .every((m) => m.namespaceURI === 'http://www.w3.org/1998/Math/MathML'),
  );
  assert.equal(mathNs, true);
});

// ---- 5b. one element loads only its own code ----------------------------------------------------
// A course page with one <linattn-ledger> fetches the elements' entry, the ledger's chunks, and the
// ledger's own core (wasm/ledger.mjs: its glue and its wasm, only what la.ledgerView reaches):
// nothing of the other two demos, nor the main module. 114.8 KB once the core's cold code was
// compiled for size, 119.3 KB with the main module's glue assuming TextDecoder, 131.9 KB with the
// batched boundary (the main wasm 78.4 -> 89.2 KB gzip); 137.1 KB just before the ledger got its own
// module, 76.3 KB since (its wasm 35.4 KB gzip against the main one's 90.1 KB), measured here with
// the three-element page of 5 at 346.2 KB (345.4 before: the ledger shares the main module there).
// The budgets are those with a small margin: 80 KB (120 KB before the batched boundary, 135 KB
// since). page-metrics.mjs reports the one-element number in `npm run bench`.
const ONE_ELEMENT_BUDGET = 80 * 1024;
// The three elements: 340 KB, then 350 KB with the demo kit under the figures (351.6 KB measured
// with all of it merged). Then 229.9 KB, since the overcapacity worker carries no wasm of its own
// (the page posts it the module it compiled): its demo's chunk 170.3 -> 48.2 KB gzip.
// The spotlight's element beside them brings its own core (its wasm 23.2 KB gzip and glue) and its
// demo's chunks: 38.9 KB more by the files' sizes, so the four: 280 KB.
const ALL_ELEMENTS_BUDGET = 280 * 1024;
const ELEMENT_IDS = ['ledger', 'overcapacity', 'memory', 'spotlight'];
test("5b. a page with one <linattn-ledger> loads only its own code (at most 80 KB gzip), none of the other demos' nor the main module", async () => {
  let requests;
  const { page } = await open('plain.html', { onPage: (pg) => (requests = distRequests(pg)) });
  await readyElement(page, 'narrow');
  await page.waitForTimeout(300);
  const bytes = requests.gzipBytes();
  const files = requests.files();
  console.log(`# one ledger element: ${(bytes / 1024).toFixed(1)} KB gzip (${files.join(', ')})`);
  assert.ok(
    bytes <= ONE_ELEMENT_BUDGET,
    `one element loads ${(bytes / 1024).toFixed(1)} KB gzip:\n${files.join('\n')}`,
  );
  assert.equal(files.filter((f) => /overcapacity|memory/.test(f)).length, 0, `only the ledger's code: ${files}`);
  const wasms = files.filter((f) => /\.wasm /.test(f));
  assert.equal(wasms.length, 1, `one wasm: ${wasms}`);
  assert.match(wasms[0], /\/linattn-ledger-\w+\.wasm /, "the ledger's own module");
});

// ---- 5c. the standalone files carry the cores they use ------------------------------------------
// The wasm of each module travels inside a standalone file as base64 (web/build/plugins.mjs): the
// ledger's embed holds the ledger's own module and not the main one (test 1 shows it working), the
// other embeds and the chapter (which gives every figure the main module) not the ledger's.
test("5c. the ledger's and the spotlight's standalone embeds hold only their own module's wasm; the chapter and the other embeds none of the ledger's", () => {
  const b64 = (name) => readFileSync(join(DIST, '..', 'build', 'wasm', name)).toString('base64');
  const [main, ledger] = [b64('linattn.wasm'), b64('linattn-ledger.wasm')];
  const holds = (file) => {
    const text = readFileSync(join(DIST, file), 'utf8');
    return { main: text.includes(main), ledger: text.includes(ledger) };
  };
  assert.deepEqual(holds('embed-ledger-standalone.html'), { main: false, ledger: true });
  assert.deepEqual(holds('chapter-04-standalone.html'), { main: true, ledger: false });
  for (const demo of ['memory', 'overcapacity'])
    assert.deepEqual(holds(`embed-${demo}-standalone.html`), { main: true, ledger: false }, demo);
  // The spotlight reads with a module of its own (wasm/spotlight.mjs): its embed holds that one
  // alone, and the chapter holds it beside the main one.
  const spotlight = b64('linattn-spotlight.wasm');
  const holdsSpotlight = (file) => readFileSync(join(DIST, file), 'utf8').includes(spotlight);
  assert.deepEqual(holds('embed-spotlight-standalone.html'), { main: false, ledger: false }, 'spotlight');
  assert.equal(holdsSpotlight('embed-spotlight-standalone.html'), true, "the spotlight's embed holds its own wasm");
  assert.equal(holdsSpotlight('chapter-04-standalone.html'), true, "the chapter holds the spotlight's wasm");
  for (const demo of ['ledger', 'memory', 'overcapacity'])
    assert.equal(holdsSpotlight(`embed-${demo}-standalone.html`), false, `${demo}: none of the spotlight's wasm`);
});

// ---- 6. an iframe far down the page -------------------------------------------------------------
test("6. an iframe 1,300 px down the page (loading=lazy) reports its real height without being scrolled to, and answers pym's width message", async () => {
  const { page } = await open('offscreen.html', { height: 900 });
  const last = () => page.evaluate(() => ({ amp: window.amp.at(-1) ?? 0, pym: window.pym.at(-1) ?? 0 }));
  // The mounted ledger (one screen tall, over 600 px at any width) is far taller than the iframe's
  // 300 px placeholder.
  await page.waitForFunction(() => (window.amp.at(-1) ?? 0) > 600, null, { timeout: 60000 });
  await page.waitForTimeout(3500); // the embed's settling reports
  const offscreen = await last();
  assert.equal(offscreen.pym, offscreen.amp, 'both protocols agree');
  assert.equal(await page.evaluate(() => window.scrollY), 0, 'never scrolled');
  // Scrolled into view, the height does not jump: it was already the real one.
  await page.locator('#late').scrollIntoViewIfNeeded();
  const frame = await readyFrame(page, 'late');
  await page.waitForTimeout(1500);
  const seen = await last();
  assert.ok(Math.abs(seen.amp - offscreen.amp) <= 2, `height off-screen ${offscreen.amp} px, on screen ${seen.amp} px`);
  assert.ok(
    Math.abs(seen.amp - (await frame.evaluate(() => Math.ceil(document.body.getBoundingClientRect().height)))) <= 30,
  );

  // Off-screen again, pym's width message (a pym parent sends it on load and on every resize): an
  // answer with the height comes at once, without waiting for the frame to be on screen. (A new
  // width itself only reaches an off-screen frame when the browser next lays it out; the answer
  // follows then; tests/browser/embed.test.mjs checks resizes on screen.)
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(500);
  await page.evaluate(() => {
    window.pym.length = 0;
    document.getElementById('late').contentWindow.postMessage('pymxPYMxlatexPYMxwidthxPYMx1280', '*');
  });
  await page.waitForFunction(() => window.pym.length > 0, null, { timeout: 10000 });
  assert.equal(await page.evaluate(() => window.pym.at(-1)), seen.amp, 'the answer is the current height');
});

// ---- 7. oEmbed -----------------------------------------------------------------------------------
const DEMOS = ['ledger', 'overcapacity', 'memory', 'spotlight'];
test("7. oEmbed: each demo's page links its own answer, whose width matches its html and whose height is the real one at that width", async () => {
  for (const demo of DEMOS) {
    // Discovery without scripts: the static page of the demo.
    const html = await (await fetch(`${hosts.distUrl}embed-${demo}.html`)).text();
    const href = /<link rel="alternate" type="application\/json\+oembed" href="([^"]+)"/.exec(html)?.[1];
    assert.equal(href, `./oembed-${demo}.json`, `embed-${demo}.html discovery`);
    const answer = await (await fetch(new URL(href, `${hosts.distUrl}embed-${demo}.html`))).json();
    assert.equal(answer.type, 'rich');
    assert.match(answer.html, new RegExp(`src="\\./embed\\.html\\?demo=${demo}"`));
    assert.equal(
      Number(/ width="(\d+)"/.exec(answer.html)?.[1]),
      answer.width,
      `${demo}: the html's width is the stated one`,
    );
    assert.equal(Number(/ height="(\d+)"/.exec(answer.html)?.[1]), answer.height);
    assert.deepEqual(JSON.parse(readFileSync(join(DIST, `oembed-${demo}.json`), 'utf8')), answer);

    // Pasted by a consumer at the stated width: the embed's own height is the stated one.
    const { page } = await open('oembed.html');
    await page.evaluate(
      ({ code, base }) => {
        const box = document.getElementById('pasted');
        const f = document.createElement('iframe');
        const src = /src="([^"]+)"/.exec(code)[1].replace('./', base);
        f.src = src;
        f.width = /width="(\d+)"/.exec(code)[1];
        f.height = /height="(\d+)"/.exec(code)[1];
        f.style.border = '0';
        box.append(f);
      },
      { code: answer.html, base: hosts.distUrl },
    );
    const frame = await readyFrame(page, '#pasted > iframe');
    await streamed(frame);
    // The embed reports its height as it settles: wait for the report the test then checks (or 10 s).
    await page
      .waitForFunction((h) => Math.abs((window.amp.at(-1) ?? 0) - h) <= 4, answer.height, { timeout: 10000 })
      .catch(() => {});
    const reported = await page.evaluate(() => window.amp.at(-1));
    const scroll = await frame.evaluate(() => document.documentElement.scrollHeight);
    assert.ok(
      Math.abs(reported - answer.height) <= 4,
      `${demo}: real height ${reported} px at ${answer.width} px, oEmbed says ${answer.height}`,
    );
    assert.ok(scroll <= answer.height + 1, `${demo}: the pasted iframe does not scroll (content ${scroll} px)`);
  }
  // With scripts, embed.html?demo=memory names the memory answer too.
  const { page } = await open('oembed.html');
  await page.goto(`${hosts.distUrl}embed.html?demo=memory`);
  await page.locator(READY).waitFor({ timeout: 60000 });
  assert.equal(
    await page.evaluate(() => document.querySelector('link[type="application/json+oembed"]').getAttribute('href')),
    './oembed-memory.json',
  );
});

// ---- 9. printing before scrolling ----------------------------------------------------------------
/** Pages in a PDF. */
const pdfPages = (buf) => (buf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;

test('9. printing the chapter at once, before scrolling, includes every figure', async () => {
  // window.print is recorded (the figures' states when it was called) instead of opening a dialog.
  const recordPrint = () => {
    window.print = () => {
      window.printedWith = [...document.querySelectorAll('.demo-mount')].map((m) => m.dataset.status ?? 'none');
    };
  };
  const p = await openHostPage(browser, `${hosts.distUrl}index.html`, {
    init: recordPrint,
    waitUntil: 'domcontentloaded',
  });
  opened.push(p);
  const { page } = p;
  await page.keyboard.press('Control+P');
  await page.waitForFunction(() => window.printedWith, null, { timeout: 60000 });
  const statuses = await page.evaluate(() => window.printedWith);
  assert.equal(statuses.length, 4);
  assert.deepEqual(statuses, ['ready', 'ready', 'ready', 'ready'], 'every figure was mounted before the print began');
  assert.equal(await page.evaluate(() => window.scrollY), 0);
  const first = pdfPages(await page.pdf({ format: 'A4' }));

  // Opened and left alone (no scrolling, no key), the figures mount in idle time: a print from the
  // browser's menu a moment later has them all, and prints the same pages.
  const q = await openHostPage(browser, `${hosts.distUrl}index.html`);
  opened.push(q);
  await q.page.waitForFunction(
    () => [...document.querySelectorAll('.demo-mount')].every((m) => m.dataset.status === 'ready'),
    null,
    { timeout: 60000 },
  );
  assert.equal(await q.page.evaluate(() => window.scrollY), 0);
  const idle = pdfPages(await q.page.pdf({ format: 'A4' }));
  assert.equal(idle, first, 'the same print either way');
  // Without the figures (the core held back, so none can mount) the chapter prints far fewer
  // pages (the first print: 6 pages, then 13): print drops the height the screen reserves
  // for a figure that has not mounted.
  const bare = await browser.newPage();
  await bare.route('**/*.wasm', () => {}); // never answered
  await bare.goto(`${hosts.distUrl}index.html`, { waitUntil: 'load' });
  opened.push({ page: bare, problems: [] });
  const without = pdfPages(await bare.pdf({ format: 'A4' }));
  assert.ok(first > without, `with the figures ${first} pages, without ${without}`);
});

/** Figure 4.3's words and numbers as they stand (its sentence, progress line and readout). */
const overcapText = () => {
  const root = document.querySelector('.demo-mount[data-demo="overcapacity"]');
  const text = (sel) => root.querySelector(sel)?.textContent.replace(/\s+/g, ' ').trim() ?? '';
  return {
    sweep: root.dataset.sweep ?? 'none',
    sentence: text('.oc-sentence'),
    status: text('.oc-status'),
    readout: text('.oc-readout'),
  };
};

test('timed: 9c. a figure mounted for printing finishes its numbers off-screen: Ctrl+P and the idle mounts print the finished figure 4.3', async () => {
  // Off-screen, the sweep paused after its preview, and the print showed "a quick
  // preview (1 trial …)" with the preview's numbers. The default settings (8 trials).
  const recordPrint = () => {
    window.print = () => {
      window.printedAt = performance.now();
    };
  };
  const p = await openHostPage(browser, `${hosts.distUrl}index.html`, {
    init: recordPrint,
    waitUntil: 'domcontentloaded',
  });
  opened.push(p);
  const { page } = p;
  await page.keyboard.press('Control+P');
  await page.waitForFunction(() => window.printedAt, null, { timeout: 120000 });
  assert.equal(await page.evaluate(() => window.scrollY), 0, 'the reader never scrolled');
  await page.emulateMedia({ media: 'print' });
  const printed = await page.evaluate(overcapText);
  await page.emulateMedia({ media: 'screen' });
  assert.equal(printed.sweep, 'complete', `the printed sweep is complete: ${JSON.stringify(printed)}`);
  assert.doesNotMatch(`${printed.status} ${printed.sentence}`, /preview|computing/i);
  // The same words and numbers as a reader sees who scrolls to the figure and lets it finish.
  await page.evaluate(() =>
    document.querySelector('.demo-mount[data-demo="overcapacity"]').scrollIntoView({ behavior: 'instant' }),
  );
  await page.waitForTimeout(500);
  assert.deepEqual(await page.evaluate(overcapText), printed, 'what printed is what the screen shows once finished');

  // Opened and left alone: the idle mounts finish figure 4.3 off-screen, so a print from the
  // browser's menu (no event it could wait for) has the same finished figure.
  const q = await openHostPage(browser, `${hosts.distUrl}index.html`);
  opened.push(q);
  await q.page.waitForFunction(
    () => document.querySelector('.demo-mount[data-demo="overcapacity"][data-sweep="complete"]'),
    null,
    { timeout: 180000 },
  );
  assert.equal(await q.page.evaluate(() => window.scrollY), 0, 'the reader never scrolled');
  await q.page.emulateMedia({ media: 'print' });
  assert.deepEqual(await q.page.evaluate(overcapText), printed, 'the menu\u2019s print shows the finished figure');
  assert.deepEqual(p.problems, []);
  assert.deepEqual(q.problems, []);
});

test('9b. the figures mounted in idle time for printing wait while the reader drags, and mount once the reader lets go', async () => {
  // Found by the bench: ten seconds after load, a drag's idle moments mounted the
  // figures not yet shown (some 40-100 ms each), and the drag dropped those frames.
  const p = await openHostPage(browser, `${hosts.distUrl}index.html`);
  opened.push(p);
  const { page } = p;
  const statuses = () =>
    page.evaluate(() => [...document.querySelectorAll('.demo-mount')].map((m) => m.dataset.status ?? 'none'));
  await page.waitForTimeout(500);
  const before = await statuses();
  assert.ok(before.includes('none'), `some figure is not mounted yet: ${before}`);
  // A pointer held down and dragged a little every 200 ms, for longer than the ten seconds after load.
  await page.mouse.move(200, 300);
  await page.mouse.down();
  const until = Date.now() + 13000;
  for (let i = 0; Date.now() < until; i++) {
    await page.mouse.move(200 + (i % 2) * 6, 300);
    await page.waitForTimeout(200);
  }
  assert.deepEqual(await statuses(), before, 'nothing mounted while the reader dragged');
  await page.mouse.up();
  await page.waitForFunction(
    () => [...document.querySelectorAll('.demo-mount')].every((m) => m.dataset.status === 'ready'),
    null,
    { timeout: 60000 },
  );
  assert.deepEqual(p.problems, []);
});

/** Step durations (ms) rounded and sorted, with at(q): the q-quantile of them. */
function stepQuantiles(steps) {
  const sorted = steps.map((x) => Math.round(x)).sort((a, b) => a - b);
  return { sorted, at: (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] };
}

// ---- 10. sandboxed iframe -------------------------------------------------------------------------
test('timed: 10. sandbox="allow-scripts allow-popups": the embed loads (CORS), the sweep and the store run on the page thread in short steps (p95 at most 50 ms at d = 256)', async () => {
  const watch = () => {
    window.longTasks = [];
    window.steps = [];
    window.storeSteps = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.longTasks.push(Math.round(e.duration));
    }).observe({ type: 'longtask' });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.name === 'la-overcapacity:main-step') window.steps.push(e.duration);
        if (e.name === 'la-overcapacity:main-store-step') window.storeSteps.push(e.duration);
      }
    }).observe({ type: 'measure' });
  };
  const { page } = await open('sandboxed.html', { init: watch });
  const frame = await readyFrame(page, 'sandboxed');
  assert.equal(await frame.evaluate(() => origin), 'null', 'an opaque origin');
  const demo = frame.locator('.la-overcapacity');
  await waitUntil(async () => (await demo.getAttribute('data-sweep')) === 'complete', {
    timeout: 120000,
    message: 'the full sweep on the page thread',
  });
  assert.match(await frame.locator('.linattn-mount').textContent(), /workers are unavailable here/);
  const { steps, longTasks } = await frame.evaluate(() => ({ steps: window.steps, longTasks: window.longTasks }));
  const ms = steps.map((d) => Math.round(d));
  console.log(
    `# sandboxed, d = 64, 8 trials: page-thread steps ${JSON.stringify(ms)} ms; long tasks ${JSON.stringify(longTasks)} ms`,
  );
  // The default sweep (d = 64, 8 trials) runs in short steps on the page thread, not all eight trials
  // in one task (442 ms in the issue): about 12 ms of the core's work each on a quiet machine. The
  // times are printed above; they are not asserted, because a machine shared with other processes
  // stretches every one of them (a load of 20 on two cores made them 50-210 ms).
  assert.ok(steps.length >= 8, `at least one step per trial, got ${steps.length}`);
  // "Open in the chapter" opens a new window (allow-popups), on the chapter's page.
  const link = frame.locator('.linattn-source');
  assert.equal(await link.getAttribute('target'), '_blank');
  assert.match(await link.getAttribute('href'), /\/index\.html#figure-overcapacity/);
  // At d = 256 one trial is about a second of the core's work: the core's stream steps within a
  // trial (SweepStream.advance), by a time budget, so no task of the page thread passes 50 ms
  // through the previews and the first full trials.
  await frame.evaluate(() => {
    window.longTasks = [];
    window.steps = [];
  });
  await frame.selectOption('.la-overcapacity [data-part="d"]', '256');
  await waitUntil(
    async () =>
      /Averaged over [2-8] of/.test((await frame.locator('.la-overcapacity .oc-status').first().textContent()) ?? ''),
    {
      timeout: 240000,
      message: 'two full trials at d = 256 on the page thread',
    },
  );
  const big = await frame.evaluate(() => ({ steps: window.steps, longTasks: window.longTasks }));
  const { sorted, at } = stepQuantiles(big.steps);
  console.log(
    `# sandboxed, d = 256: ${sorted.length} page-thread steps of the core, median ${at(0.5)} ms, p95 ${at(0.95)} ms, ` +
      `max ${sorted.at(-1)} ms; long tasks ${JSON.stringify(big.longTasks)} ms; load ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`,
  );
  assert.ok(sorted.length > 20, `a trial takes many short steps (${sorted.length} steps)`);
  // The sweep's steps follow a time budget of about 12 ms of the core's work, measured as they run:
  // most stay well under 50 ms (p95 18 ms on a quiet machine).
  assert.ok(at(0.5) <= 25, `page-thread steps: median ${at(0.5)} ms`);
  assert.ok(at(0.95) <= 50, `page-thread steps: p95 ${at(0.95)} ms`);

  // "Inside one store" at its largest (d = 256, N = 1,024: 100-300 ms of the core in one call) is
  // computed in short steps too (la.interferenceStoreStream), each about 12 ms of the core's work.
  await frame.evaluate(() => {
    window.longTasks = [];
    window.storeSteps = [];
  });
  await frame.locator('.la-overcapacity [data-part="n"]').focus();
  await page.keyboard.press('End');
  const head = frame.locator('.la-overcapacity [data-part="store-head"]');
  await waitUntil(async () => /^Inside one store: N = 1,024,(?!.*computing)/.test((await head.textContent()) ?? ''), {
    timeout: 120000,
    message: 'the store at N = 1,024 on the page thread',
  });
  const store = await frame.evaluate(() => ({ steps: window.storeSteps, longTasks: window.longTasks }));
  const { sorted: storeMs, at: q } = stepQuantiles(store.steps);
  console.log(
    `# sandboxed, d = 256, N = 1,024 store: ${storeMs.length} page-thread steps, median ${q(0.5)} ms, p95 ${q(0.95)} ms, ` +
      `max ${storeMs.at(-1)} ms; long tasks ${JSON.stringify(store.longTasks)} ms; load ${loadavg()[0].toFixed(1)}`,
  );
  assert.ok(storeMs.length >= 10, `the store takes many short steps (${storeMs.length})`);
  assert.ok(q(0.5) <= 25, `store steps: median ${q(0.5)} ms`);
  assert.ok(q(0.95) <= 50, `store steps: p95 ${q(0.95)} ms`);
  // Long tasks (whole tasks: the core's step, the drawing after it, a memory growth) are printed
  // above, not asserted: a machine shared with other processes stretches them all.
});
