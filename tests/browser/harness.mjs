// Shared helpers of the browser tests (playwright-core + Debian's Chromium, headless).
//   launch({ serviceWorkers, device }) -> a browser (a Playwright BrowserContext with a fresh profile dir:
//                              it has newPage() and close()); service workers blocked unless
//                              serviceWorkers: 'allow'
//   serve(dir)              -> { url, close() }  static server on 127.0.0.1, random port
//   openPage(browser, url, { width, height, colorScheme, reducedMotion })
//                           -> { page, problems, response }  problems: strings, one per console error, page
//                              error, failed request, HTTP error, request to another origin, or
//                              CSP violation (from the page or its workers)
//   networkQuiet(page, { idleMs, timeout }) no request of an openPage page in flight for idleMs
//                              (500); on timeout names what is still open
//   axe(page, scope?)       -> axe-core violations (WCAG 2.x A/AA + best practice), [] when clean;
//                              scope: a selector, or { include: [selectors], exclude: [selectors] }
//   noHorizontalOverflow(page) -> { scrollWidth, clientWidth, offenders }
//   collectGarbage(page)    a full GC in the page, before a timing measurement
//   watchMainThread(page, prefix) -> { stop(since) }  long tasks and the demo's User Timing measures
//   checkDragUpdates(watched, moves, label)  a slider drag's updates: many, at most one per move,
//                              each under 50 ms of the demo's own work (long tasks printed)
//   checkDrag(drag, moves, label)  runs drag() (-> watched) and checks it; a drag with a slow update
//                              runs once more and the second run decides (a one-off stall of the
//                              shared machine is not the demo's)
//   waitUntil(predicate, opts)   polls a node-side condition (no fixed sleeps in the tests)
//   settled(page)           no CSS transition running and two animation frames drawn
// Tests run against the built dist/ (npm run build first); they never rebuild.
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import AxeBuilderModule from '@axe-core/playwright';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startServer } from '../../scripts/serve.mjs';

const AxeBuilder = AxeBuilderModule.default ?? AxeBuilderModule;
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const DIST = join(ROOT, 'dist');
export const STANDALONE = join(DIST, 'chapter-04-standalone.html');
export const standaloneUrl = () => pathToFileURL(STANDALONE).href;

// The toy demo's test build (a second deployment for offline.test.mjs, a demo from outside
// web/src for toy-demo.test.mjs): web/build/build.mjs with LINATTN_EXTRA_DEMOS writes it into
// build/web-extra/ (dist/ stays as it is).
export const TOY_DEMOS = join(ROOT, 'tests', 'browser', 'fixtures', 'toy-demo', 'demos.js');
export const WEB_EXTRA = join(ROOT, 'build', 'web-extra', 'dist');
/**
 * Builds build/web-extra/ (about 15 s); resolves with "" or the build's output when it failed.
 * `npm test` builds it once in its web build stage and says so (LINATTN_WEB_EXTRA_BUILT=1): the two
 * files that use it may then run at the same time, and neither rebuilds it under the other.
 */
export function buildWebExtra() {
  if (process.env.LINATTN_WEB_EXTRA_BUILT === '1' && existsSync(join(WEB_EXTRA, 'index.html'))) return '';
  const built = spawnSync(process.execPath, [join(ROOT, 'web', 'build', 'build.mjs')], {
    cwd: ROOT,
    env: { ...process.env, LINATTN_EXTRA_DEMOS: TOY_DEMOS },
    encoding: 'utf8',
    timeout: 600000,
  });
  return built.status === 0 ? '' : `${built.stdout}\n${built.stderr}`;
}

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

/**
 * `serviceWorkers`: 'block' (default) keeps the chapter's service worker out, so that every test
 * sees the network as a first visit does (request routing and counting, failing chunks); the
 * offline test passes 'allow'.
 */
export async function launch({ headless = true, serviceWorkers = 'block', device = {} } = {}) {
  const profile = await mkdtemp(join(tmpdir(), 'la-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless,
    args: ARGS,
    viewport: { width: 1280, height: 900 },
    bypassCSP: false,
    serviceWorkers,
    ...device, // e.g. a phone's { viewport, deviceScaleFactor, isMobile, hasTouch } (tests/bench/page-metrics.mjs)
  });
  const close = context.close.bind(context);
  context.close = async () => {
    await close().catch(() => {});
    await rm(profile, { recursive: true, force: true });
  };
  return context;
}

export function serve(dir = DIST) {
  return startServer(dir, { port: 0 });
}

// Runs in the page before its own scripts: CSP violations become console errors the test sees.
function reportCspViolations() {
  document.addEventListener('securitypolicyviolation', (e) => {
    console.error(
      `CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`,
    );
  });
}

function sameOrigin(requestUrl, pageUrl) {
  const r = new URL(requestUrl);
  if (r.protocol === 'data:' || r.protocol === 'blob:') return true;
  const p = new URL(pageUrl);
  if (p.protocol === 'file:') return r.href === p.href.split('#')[0]; // the file itself, nothing else
  return r.origin === p.origin;
}

// Requests in flight per page, counted from openPage on: networkQuiet reads them.
const traffic = new WeakMap();

function trackRequests(page) {
  const t = { inflight: new Set(), last: Date.now() };
  const done = (req) => {
    t.inflight.delete(req);
    t.last = Date.now();
  };
  page.on('request', (req) => {
    t.inflight.add(req);
    t.last = Date.now();
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  traffic.set(page, t);
}

/**
 * Resolves once a page opened by openPage has had no request in flight for `idleMs`; on timeout,
 * throws naming the requests still open. Playwright's own waitForLoadState('networkidle') can miss
 * its idle event when a request starts and ends around domcontentloaded, and then waits for ever
 * (microsoft/playwright#42598; CI hung here once with every request long finished).
 */
export async function networkQuiet(page, { idleMs = 500, timeout = 30000 } = {}) {
  const t = traffic.get(page);
  if (!t) throw new Error('networkQuiet: open the page with openPage so that its requests are counted');
  const start = Date.now();
  for (;;) {
    const now = Date.now();
    if (t.inflight.size === 0 && now - t.last >= idleMs) return;
    if (now - start > timeout) {
      const open = [...t.inflight].map((r) => r.url()).join('\n  ');
      throw new Error(
        `network not quiet after ${timeout} ms; still in flight:\n  ${open || '(none: requests kept starting)'}`,
      );
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function openPage(
  browser,
  url,
  { width = 1280, height = 900, colorScheme, reducedMotion, waitUntil = 'load', init } = {},
) {
  const page = await browser.newPage();
  const problems = [];
  await page.setViewportSize({ width, height });
  if (colorScheme || reducedMotion) await page.emulateMedia({ colorScheme, reducedMotion });
  await page.addInitScript(reportCspViolations);
  if (init) await page.addInitScript(init); // before the page's own scripts
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
  });
  // The message and where it was thrown (two frames): enough to find it from a CI log.
  page.on('pageerror', (err) => {
    const at = (err.stack ?? '')
      .split('\n')
      .filter((l) => /^\s+at /.test(l))
      .slice(0, 2)
      .map((l) => l.trim());
    problems.push(`page error: ${err.message}${at.length ? ` (${at.join(' < ')})` : ''}`);
  });
  page.on('request', (req) => {
    if (!sameOrigin(req.url(), url)) problems.push(`request to another origin: ${req.url()}`);
  });
  page.on('requestfailed', (req) => problems.push(`failed request: ${req.url()} (${req.failure()?.errorText})`));
  trackRequests(page);
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  page.on('worker', (worker) => {
    worker.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(`worker console error: ${msg.text()}`);
    });
  });
  const response = await page.goto(url, { waitUntil });
  return { page, problems, response };
}

/** `scope`: a selector to include, or { include: [...], exclude: [...] }. */
export async function axe(page, scope) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  const { include = [], exclude = [] } = typeof scope === 'string' ? { include: [scope] } : (scope ?? {});
  for (const sel of include) builder = builder.include(sel);
  for (const sel of exclude) builder = builder.exclude(sel);
  const result = await builder.analyze();
  return result.violations;
}

/** Formats axe violations for a failure message. */
/** Fails with axe-core's findings (ids and nodes) unless `scope` on the page has none. */
export async function assertAxeClean(page, scope, label) {
  const violations = await axe(page, scope);
  if (violations.length)
    throw new Error(`axe (${label}): ${violations.map((v) => v.id).join(', ')}\n${describeViolations(violations)}`);
}

export function describeViolations(violations) {
  return violations
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
          .slice(0, 5)
          .map((n) => n.target.join(' '))
          .join('\n    ')}`,
    )
    .join('\n');
}

export function noHorizontalOverflow(page) {
  return page.evaluate(() => {
    const doc = document.documentElement;
    const limit = doc.clientWidth;
    const offenders = [];
    // Content inside a box that scrolls or clips on its own does not widen the page.
    const clipped = (el) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const ox = getComputedStyle(a).overflowX;
        if (ox !== 'visible' && a.getBoundingClientRect().right <= limit + 1) return true;
      }
      return false;
    };
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.width && r.right > limit + 1 && getComputedStyle(el).position !== 'fixed' && !clipped(el)) {
        // Report the outermost offender only.
        if (!offenders.some((o) => o.el.contains(el))) offenders.push({ el, right: Math.round(r.right) });
      }
    }
    return {
      scrollWidth: doc.scrollWidth,
      clientWidth: limit,
      offenders: offenders
        .slice(0, 8)
        .map((o) => `${o.el.tagName.toLowerCase()}.${[...o.el.classList].join('.')} right=${o.right}`),
    };
  });
}

/**
 * A full garbage collection in the page (CDP HeapProfiler.collectGarbage). Timing tests call it
 * before they measure, so that garbage left by earlier tests in the same page (axe-core runs, reads
 * of whole tables: 89 MB of JS heap before, 17 MB after, in the overcapacity suite) is not collected
 * in the middle of the measurement, where a reader's page would never have had it.
 */
export async function collectGarbage(page) {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
  } finally {
    await cdp.detach();
  }
}

/**
 * Starts watching the page's main thread: long tasks (PerformanceObserver 'longtask') and the User
 * Timing measures whose names start with `measurePrefix` (each demo marks its own work, e.g.
 * 'la-ledger:frame'). `stop(since)` disconnects and returns { tasks, work } from time `since` on.
 */
export async function watchMainThread(page, measurePrefix) {
  await page.evaluate((prefix) => {
    const w = { tasks: [], work: [] };
    w.observers = [
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.tasks.push({ start: Math.round(e.startTime), duration: e.duration });
      }),
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          if (e.name.startsWith(prefix)) w.work.push({ name: e.name, start: e.startTime, duration: e.duration });
        }
      }),
    ];
    w.observers[0].observe({ type: 'longtask' });
    w.observers[1].observe({ type: 'measure' });
    window.__mainThreadWatch = w;
  }, measurePrefix);
  return {
    stop: (since = 0) =>
      page.evaluate((start) => {
        const w = window.__mainThreadWatch;
        for (const o of w.observers) o.disconnect();
        return { tasks: w.tasks.filter((t) => t.start >= start), work: w.work.filter((x) => x.start >= start) };
      }, since),
  };
}

const SLOW_UPDATE_MS = 50; // a drag's update of the demo's own work at or over this fails

/**
 * The checks of a drag of `moves` pointer moves, on what watchMainThread().stop() returned: at least
 * 10 updates and at most one per move (+2), each under SLOW_UPDATE_MS of the demo's own work. Prints
 * the longest update and the long tasks (whole frames, the browser's rendering included), which are
 * reported, not bounded.
 */
export function checkDragUpdates({ tasks, work }, moves, label) {
  assert.ok(work.length >= 10, `the drag should update many times (got ${work.length})`);
  assert.ok(work.length <= moves + 2, `at most one update per pointer move (got ${work.length} for ${moves} moves)`);
  const slow = work.filter((w) => w.duration >= SLOW_UPDATE_MS);
  assert.deepEqual(
    slow,
    [],
    `the demo's own work took ${SLOW_UPDATE_MS} ms or more in an update: ${JSON.stringify(slow)}`,
  );
  const longest = Math.max(...work.map((w) => w.duration));
  console.log(
    `# ${label} drag: ${work.length} updates, demo work at most ${longest.toFixed(1)} ms; ` +
      `${tasks.length} long tasks (whole frames, browser rendering included) ${JSON.stringify(tasks.map((t) => t.duration))}`,
  );
}

/**
 * Runs `drag()` (which returns what watchMainThread().stop() returned for one whole drag) and checks
 * it with checkDragUpdates. On a shared 2-core machine one update in a few hundred can be held by
 * something outside the demo (the other core busy, a collection of garbage from earlier tests): a
 * clean-clone run once saw a single 79 ms update among 41 whose others were under 14 ms. When a drag
 * has a slow update, it is printed and the drag runs once more, and that run decides. A demo that is
 * really slow is slow in both runs and fails.
 */
export async function checkDrag(drag, moves, label) {
  const first = await drag();
  const slow = first.work.filter((w) => w.duration >= SLOW_UPDATE_MS);
  if (slow.length === 0) return checkDragUpdates(first, moves, label);
  console.log(
    `# ${label} drag: ${slow.length} of ${first.work.length} updates took ${SLOW_UPDATE_MS} ms or more ` +
      `(${slow.map((w) => w.duration.toFixed(1)).join(', ')} ms); the drag runs once more and that run decides`,
  );
  return checkDragUpdates(await drag(), moves, label);
}

/**
 * Waits until `predicate()` (node side, may be async) is truthy, asking every `every` ms; throws
 * `message` after `timeout` ms. For conditions a page cannot wait on itself (attributes read
 * through locators, several frames).
 */
export async function waitUntil(predicate, { timeout = 10000, every = 50, message = 'condition' } = {}) {
  const end = Date.now() + timeout;
  for (;;) {
    if (await predicate()) return;
    if (Date.now() > end) throw new Error(`waitUntil: ${message} not met within ${timeout} ms`);
    await new Promise((r) => setTimeout(r, every));
  }
}

/** Parts of a figure still streaming results in: the overcapacity sweep and its capacity panel. */
export const STREAMING = '[data-sweep]:not([data-sweep="complete"]), [data-capacity]:not([data-capacity="complete"])';

/**
 * Waits until nothing in `target` (a page or a frame) is still streaming results in (STREAMING):
 * a figure's final height and numbers are known only then. A figure must be on screen to finish
 * (off-screen work pauses).
 */
export async function streamed(target, { timeout = 120000 } = {}) {
  await target.waitForFunction((sel) => !document.querySelector(sel), STREAMING, { timeout, polling: 100 });
}

/**
 * Opens every figure Settings disclosure under `scope` (a CSS selector), as a reader would: by
 * clicking its summary. Secondary controls (key geometry, trials, seed, β, dtypes) live there.
 */
export async function openSettings(page, scope) {
  const all = page.locator(`${scope} details[data-part="settings"], ${scope} details.lm-settings`);
  for (let i = 0; i < (await all.count()); i++) {
    const d = all.nth(i);
    if (!(await d.evaluate((el) => el.open))) await d.locator('summary').first().click();
  }
}

/**
 * Waits until the page has settled after a change of size, theme or input: no CSS transition or
 * animation running and two animation frames drawn since (so ResizeObserver and rAF work ran).
 */
export async function settled(page, { timeout = 10000 } = {}) {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
    null,
    { timeout },
  );
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}
