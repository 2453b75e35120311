// Helpers for the leak and soak tests: reach the page's own WebAssembly core and demo modules
// from a test, without any test hook in the page.
//   installCoreProbe(browser) -> before openPage: an init script (the test's, not the page's)
//                             that notices the API object the page's demos share (web/src/hosts/shared/core.js)
//                             when wasm/index.mjs freezes it, and keeps it as window.__probeLa; and
//                             the spotlight's own core (wasm/spotlight.mjs) as window.__probeSp
//   attachCore(page)       -> waits for it; returns a DevTools (CDP) session for heapSnapshot
//   heapSnapshot(page, cdp) -> { wasmHeap, wasmMemory, spotHeap, spotMemory, jsHeap }: bytes in
//                             use by the shared core's allocator and by the spotlight core's, their
//                             WebAssembly memories' sizes, the JS heap after GC
//   demoModuleUrls(page)   -> { ledger, memory, overcapacity, spotlight }: the URLs of the lazily loaded demo
//                             chunks, as the page fetched them (importing the same URL in the
//                             page gives the same module instance)
//   openProbedChapter()    -> { browser, server, page, problems, cdp }: all of the above at once,
//                             the chapter served from dist/ with every demo mounted
// Every demo must be mounted (its chunk fetched, the core loaded) before these are called.
import { launch, serve, openPage } from './harness.mjs';

// Runs in the page before its scripts: wasm/index.mjs hands out the API as Object.freeze({...});
// the one frozen object with memory() and debug.heapBytesInUse() is kept as window.__probeLa.
// The spotlight's module (wasm/spotlight.mjs) does the same with spotlight(): window.__probeSp.
function catchCore() {
  const freeze = Object.freeze;
  Object.freeze = function (o) {
    try {
      const debug = o?.debug && typeof o.debug.heapBytesInUse === 'function';
      if (debug && typeof o.memory === 'function' && typeof o.kvMemory === 'function' && !window.__probeLa) {
        window.__probeLa = o;
      }
      if (debug && typeof o.spotlight === 'function' && !window.__probeSp) window.__probeSp = o;
    } catch {
      /* a getter that throws: not the API */
    }
    return freeze.call(this, o);
  };
}

/** Call with the browser context from harness.launch() before openPage: every page it opens. */
export async function installCoreProbe(context) {
  await context.addInitScript(catchCore);
}

/** After the core has loaded: a CDP session for heapSnapshot, once window.__probeLa exists (and,
 *  with `spotlight`, window.__probeSp: the chapter loads that core when its figure mounts). */
export async function attachCore(page, { spotlight = false } = {}) {
  await page.waitForFunction(
    (sp) => window.__probeLa !== undefined && (!sp || window.__probeSp !== undefined),
    spotlight,
    {
      timeout: 30000,
    },
  );
  const cdp = await page.context().newCDPSession(page);
  return cdp;
}

export async function heapSnapshot(page, cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  // The KV calls keep up to 16 models converted in the core by design (tests/api/kv-batch.test.mjs
  // bounds them); freed first, so what remains is what leaked. The next call converts its model again.
  const wasm = await page.evaluate(() => ({
    released: window.__probeLa.debug.releaseModels(),
    wasmHeap: window.__probeLa.debug.heapBytesInUse(),
    wasmMemory: window.__probeLa.debug.memoryBytes(),
    spotHeap: window.__probeSp?.debug.heapBytesInUse() ?? null,
    spotMemory: window.__probeSp?.debug.memoryBytes() ?? null,
  }));
  const { released: _, ...bytes } = wasm;
  return { ...bytes, jsHeap: usedSize };
}

/** The chapter's demos, in page order. */
export const DEMOS = ['ledger', 'memory', 'overcapacity', 'spotlight'];

export async function demoModuleUrls(page) {
  const urls = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
  const out = {};
  for (const name of DEMOS) {
    // A demo's name may also name a chunk of its core (assets/spotlight-*.js holds the spotlight's
    // demo and, beside it, its core's loader): the demo's is the one that exports mount().
    const candidates = urls.filter((u) => new RegExp(`/assets/${name}-[\\w-]+\\.js$`).test(u));
    const url = await page.evaluate(async (list) => {
      for (const u of list) if (typeof (await import(u)).mount === 'function') return u;
      return null;
    }, candidates);
    if (!url) throw new Error(`the ${name} demo's chunk was not loaded (resources: ${urls.join(', ')})`);
    out[name] = url;
  }
  return out;
}

/** Scrolls every demo into view and waits until all of them are mounted. */
export async function mountAllDemos(page) {
  for (const name of DEMOS) {
    const sel = `.demo-mount[data-demo="${name}"]`;
    await page.locator(sel).scrollIntoViewIfNeeded();
    await page.waitForSelector(`${sel}[data-status="ready"]`, { timeout: 30000 });
  }
}

/** A fresh browser with the probe, dist/ served, the chapter open with every demo mounted. */
export async function openProbedChapter() {
  const browser = await launch();
  const server = await serve();
  await installCoreProbe(browser);
  const { page, problems } = await openPage(browser, new URL('index.html', server.url).href);
  await mountAllDemos(page);
  const cdp = await attachCore(page, { spotlight: true });
  return { browser, server, page, problems, cdp };
}
