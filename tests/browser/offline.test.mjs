// Offline after one visit: the served chapter's service worker (dist/sw.js, from
// web/src/hosts/chapter/offline/) caches the page, its hashed assets and the WebAssembly on the first visit; with
// the server gone the chapter reopens and every figure works. A second deployment (a real second
// build: the toy demo's test build in build/web-extra/, other scripts and one more figure) replaces
// the cache cleanly: one cache, the new files only, and offline the new page with its new figure.
// Nothing of it in embed.html or from file://; under the page's CSP; and a worker that fails to
// install leaves the page as it was.
//   node --test --test-concurrency=1 tests/browser/offline.test.mjs   (npm run build first; ~2 min)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, mkdir, rm, symlink, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../scripts/serve.mjs';
import {
  launch,
  openPage,
  networkQuiet,
  DIST,
  standaloneUrl,
  waitUntil,
  buildWebExtra,
  WEB_EXTRA,
} from './harness.mjs';

const SECOND = WEB_EXTRA;
const manifestOf = (dir) =>
  JSON.parse(/self\.__LINATTN_MANIFEST = (\{.*?\});\n/.exec(readFileSync(join(dir, 'sw.js'), 'utf8'))[1]);

let browser;
let siteRoot;
let server;
let port = 0;

/** (Re)starts the server for siteRoot on the same port (the same origin, so the same worker). */
async function up() {
  server = await startServer(siteRoot, { port });
  port = server.port;
}
async function down() {
  await server?.close();
  server = null;
}
/** Points /ch/ at a build directory: a deployment. */
async function deploy(dir) {
  await unlink(join(siteRoot, 'ch')).catch(() => {});
  await symlink(dir, join(siteRoot, 'ch'), 'dir');
}

before(async () => {
  assert.ok(existsSync(join(DIST, 'sw.js')), 'dist/sw.js: run npm run build first');
  const failed = buildWebExtra();
  assert.equal(failed, '', `the second build failed:\n${failed}`);
  siteRoot = await mkdtemp(join(tmpdir(), 'la-offline-'));
  browser = await launch({ serviceWorkers: 'allow' });
});

after(async () => {
  await browser?.close();
  await down();
  if (siteRoot) await rm(siteRoot, { recursive: true, force: true });
});

/** Scrolls to every figure until each is ready; returns their names. */
async function mountAll(page) {
  const names = await page.$$eval('.demo-mount', (ms) => ms.map((m) => m.dataset.demo));
  for (const name of names) {
    const mount = page.locator(`.demo-mount[data-demo="${name}"]`);
    for (let i = 0; i < 60 && !(await page.locator(`.demo-mount[data-demo="${name}"][data-status]`).count()); i++) {
      await mount.scrollIntoViewIfNeeded();
      await page.waitForTimeout(250);
    }
    const settled = page.locator(`.demo-mount[data-demo="${name}"][data-status]:not([data-status="loading"])`);
    await settled.waitFor({ state: 'attached', timeout: 60000 });
    const status = await settled.getAttribute('data-status');
    if (status !== 'ready') {
      const text = (await settled.innerText()).slice(0, 300);
      assert.fail(`figure ${name}: status ${status}: ${text}`);
    }
  }
  return names;
}

/**
 * Lets a visit's own requests finish (every figure mounted, the core's WebAssembly fetched, the
 * sweep worker's copy loaded and the sweep complete) before the server goes away: a reload aborts
 * what is still in flight, and that abort (net::ERR_ABORTED) would belong to the online visit, not
 * to the offline one the test judges. (A figure mounted in idle time waits, paused, until the reader
 * scrolls to it.)
 */
async function settle(page) {
  await mountAll(page);
  await page.locator('.demo-mount[data-demo="overcapacity"]').scrollIntoViewIfNeeded();
  await page
    .locator('.demo-mount[data-demo="overcapacity"][data-sweep="complete"]')
    .waitFor({ state: 'attached', timeout: 60000 })
    .catch(async (err) => {
      const fig = await page.$eval('.demo-mount[data-demo="overcapacity"]', (m) => ({
        data: { ...m.dataset },
        text: m.innerText.slice(0, 200),
        controller: navigator.serviceWorker.controller?.state ?? null,
        resources: performance
          .getEntriesByType('resource')
          .filter((e) => /worker|wasm/.test(e.name))
          .map((e) => `${new URL(e.name).pathname} ${Math.round(e.startTime)}+${Math.round(e.duration)}`),
      }));
      throw new Error(`${err.message}\nthe figure: ${JSON.stringify(fig)}`);
    });
  await networkQuiet(page);
}

/** `promise`, or an Error naming `what` after `ms`: a page.evaluate has no timeout of its own, and
 *  one awaiting a service worker or the Cache API can wait for ever (CI once hung here 25 min). */
function within(ms, what, promise) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing after ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** The service workers' states as DevTools reports them, outside the page (an evaluate cannot
 *  answer while a navigation waits on a worker): "<script> <status>/<runningStatus>" per version. */
async function watchWorkers(page) {
  const versions = new Map();
  try {
    const cdp = await page.context().newCDPSession(page);
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions: list }) => {
      for (const v of list)
        versions.set(v.versionId, `${new URL(v.scriptURL).pathname} ${v.status}/${v.runningStatus}`);
    });
    await cdp.send('ServiceWorker.enable');
  } catch (err) {
    versions.set('-', `no DevTools view: ${err.message}`);
  }
  return () => [...versions.values()];
}

/** The page's service-worker registration as it stands (for failure messages). */
const registration = (page) =>
  within(
    10000,
    'the registration',
    page.evaluate(async () => {
      const r = await navigator.serviceWorker.getRegistration();
      return {
        active: r?.active?.state,
        waiting: r?.waiting?.state,
        installing: r?.installing?.state,
        controlled: Boolean(navigator.serviceWorker.controller),
        resources: performance
          .getEntriesByType('resource')
          .filter((e) => e.responseEnd === 0 || /worker|wasm|sw\.js/.test(e.name))
          .map((e) => `${new URL(e.name).pathname} ${Math.round(e.startTime)}+${Math.round(e.duration)}`),
        url: location.href,
      };
    }),
  ).catch((err) => ({ error: err.message }));

/** Waits (30 s at most) until a service worker is active for the page; once more after a reload,
 *  as a browser retries an install on its next navigation; else fails with the registration. */
async function swReady(page) {
  const ready = () =>
    within(
      30000,
      'navigator.serviceWorker.ready',
      page.evaluate(() => navigator.serviceWorker.ready.then(() => true)),
    );
  try {
    await ready();
  } catch {
    await page.reload();
    await ready().catch(async (err) => {
      throw new Error(`${err.message}, a visit later too; ${JSON.stringify(await registration(page))}`);
    });
  }
}

/** The caches' names only. Polled while a worker installs or activates: caches.open() would
 *  create again a cache the worker has just deleted (an old one beside the new, seen here). */
const cacheNames = (page) =>
  within(
    20000,
    'the Cache API',
    page.evaluate(() => caches.keys()),
  );

/** Every cache with its files; only once the caches have stopped changing (see cacheNames). */
const cachesNow = (page) =>
  within(
    20000,
    'the Cache API',
    page.evaluate(async () => {
      const out = {};
      for (const key of await caches.keys()) {
        if (!(await caches.has(key))) continue;
        const cache = await caches.open(key);
        out[key] = (await cache.keys()).map((r) => new URL(r.url).pathname.replace(/^\/ch\//, '')).sort();
      }
      return out;
    }),
  );

test('after one visit the chapter opens offline; a new deployment replaces the cache cleanly', async () => {
  const first = manifestOf(DIST);
  const second = manifestOf(SECOND);
  assert.notEqual(first.version, second.version, 'two different builds, two versions');
  assert.ok(
    first.files.some((f) => f.endsWith('.wasm')),
    'the WebAssembly is in the manifest',
  );

  await deploy(DIST);
  await up();
  const url = `http://127.0.0.1:${port}/ch/index.html`;
  const a = await openPage(browser, url);
  const workersA = await watchWorkers(a.page);
  await swReady(a.page).catch((err) => {
    throw new Error(`${err.message}; workers: ${JSON.stringify(workersA())}`);
  });
  await waitUntil(async () => (await cacheNames(a.page)).length === 1, { message: 'one cache' });
  assert.deepEqual(await cachesNow(a.page), { [`linattn-ch04-${first.version}`]: [...first.files].sort() });
  assert.deepEqual(a.problems, [], `first visit:\n${a.problems.join('\n')}`);

  // Offline: the server is gone. Let the first visit's own requests (the core's WebAssembly, fetched
  // while figures mount, and the sweep worker's copy) finish first: a reload aborts what is still in
  // flight, and that abort (net::ERR_ABORTED) would be the first visit's, not the offline one's.
  await settle(a.page);
  await down();
  await a.page.reload();
  assert.deepEqual(await mountAll(a.page), ['ledger', 'memory', 'overcapacity', 'spotlight']);
  const offline = a.problems.filter((p) => !/sw\.js/.test(p));
  assert.deepEqual(offline, [], `offline visit:\n${offline.join('\n')}`);

  // The second deployment: the next visit fetches the new page and installs the new worker, which
  // takes over at once (this page is the new deployment) and deletes the old cache.
  await deploy(SECOND);
  await up();
  await a.page.reload();
  await a.page.waitForSelector('#figure-toy');
  await a.page.close();
  const b = await openPage(browser, url);
  const workersB = await watchWorkers(b.page);
  const onlyNew = async () => {
    const keys = await cacheNames(b.page);
    return keys.length === 1 && keys[0] === `linattn-ch04-${second.version}`;
  };
  // A reader's next visit is the browser's next update check: if this one did not install the new
  // worker (an install that failed on a busy machine leaves nothing behind and is tried again),
  // the visit after it must.
  await waitUntil(onlyNew, { timeout: 20000, message: "only the new deployment's cache" })
    .catch(async () => {
      await settle(b.page); // (nothing of this visit still in flight when it ends)
      await b.page.reload();
      await waitUntil(onlyNew, { timeout: 20000, message: "only the new deployment's cache, a visit later" });
    })
    .catch(async (err) => {
      const caches = await cacheNames(b.page).catch((e) => [e.message]);
      throw new Error(
        `${err.message}; caches: ${caches.join(', ')}; ${JSON.stringify(await registration(b.page))}; ` +
          `workers: ${JSON.stringify(workersB())}`,
      );
    });
  assert.deepEqual(await cachesNow(b.page), { [`linattn-ch04-${second.version}`]: [...second.files].sort() });

  await settle(b.page); // (the same reason as before the first offline reload)
  await down();
  await b.page.reload();
  assert.deepEqual(
    await mountAll(b.page),
    ['ledger', 'memory', 'overcapacity', 'spotlight', 'toy'],
    'offline: the new page',
  );
  const scripts = await b.page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name).pathname.replace(/^\/ch\//, ''))
      .filter((p) => p.startsWith('assets/')),
  );
  const stray = scripts.filter((s) => !second.files.includes(s));
  assert.deepEqual(stray, [], 'every asset of the new page belongs to the new deployment');
  // (A sweep worker whose script Chromium held while the new worker activated is terminated by the
  // pool's watchdog, READY_MS, and its request ends net::ERR_ABORTED: the page's own doing.)
  const problems = b.problems.filter(
    (p) => !/sw\.js/.test(p) && !/failed request: \S+\/assets\/worker-[\w-]+\.js \(net::ERR_ABORTED\)/.test(p),
  );
  assert.deepEqual(problems, [], `offline after the update:\n${problems.join('\n')}`);
  await b.page.close();
});

test('a worker that cannot install changes nothing; none in embed.html or from file://', async () => {
  await down(); // a fresh origin: no worker from the test before
  port = 0;
  // A deployment whose worker lists a file the server does not have: its install fails.
  const broken = join(siteRoot, 'broken');
  await mkdir(broken);
  for (const name of readdirSync(DIST)) if (name !== 'sw.js') await symlink(join(DIST, name), join(broken, name));
  const sw = readFileSync(join(DIST, 'sw.js'), 'utf8').replace(
    '"files":["index.html",',
    '"files":["index.html","assets/missing.js",',
  );
  writeFileSync(join(broken, 'sw.js'), sw);
  await up();
  const base = `http://127.0.0.1:${port}`;
  const p = await openPage(browser, `${base}/broken/index.html`);
  assert.deepEqual(await mountAll(p.page), ['ledger', 'memory', 'overcapacity', 'spotlight']);
  const state = await within(
    20000,
    'the broken registration',
    p.page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      await new Promise((r) => setTimeout(r, 1500));
      return { controller: Boolean(navigator.serviceWorker.controller), active: Boolean(reg?.active) };
    }),
  );
  assert.deepEqual(state, { controller: false, active: false }, 'no worker took over');
  const problems = p.problems.filter((x) => !/missing\.js/.test(x));
  assert.deepEqual(problems, [], problems.join('\n'));
  await p.page.close();
  await down();

  // embed.html on an origin never visited: no worker registers.
  port = 0;
  await deploy(DIST);
  await up();
  const e = await openPage(browser, `http://127.0.0.1:${port}/ch/embed.html?demo=ledger`);
  await e.page.locator('.linattn-mount[data-status="ready"]').waitFor({ timeout: 60000 });
  await e.page.waitForTimeout(1000);
  const registrations = e.page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length);
  assert.equal(await within(20000, 'getRegistrations', registrations), 0);
  await e.page.close();

  // The standalone file: no worker, no error.
  const f = await openPage(browser, standaloneUrl());
  await f.page.waitForFunction(() => document.readyState === 'complete');
  await f.page.waitForTimeout(500);
  assert.equal(await f.page.evaluate(() => Boolean(navigator.serviceWorker?.controller)), false);
  assert.deepEqual(f.problems, [], f.problems.join('\n'));
  await f.page.close();
});
