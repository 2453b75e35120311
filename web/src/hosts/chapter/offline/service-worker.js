// The chapter's service worker (dist/sw.js): after one visit the chapter opens offline. The build
// (web/build/service-worker.mjs) writes this file with the deployment's manifest in front:
//   self.__LINATTN_MANIFEST = { version, files: ['index.html', 'assets/…', …] }
// version: a hash of every listed file's name and bytes, so each deployment gets its own cache.
//  - install: every listed file goes into the cache "linattn-ch04-<version>" (all or nothing: when
//    one fetch fails the worker is discarded and the page goes on without it).
//  - activate: when no tab uses the previous worker any more, or at once when a page of this very
//    deployment asks (register.js: its script is in this manifest), the caches of earlier
//    deployments are deleted, so old and new files never mix; then it claims open pages, waiting
//    for that at most CLAIM_MS. Each visit of the chapter deletes them again (isNewest), should
//    one have outlived the activation.
//  - fetch: the chapter page itself from the network first (a new deployment shows at once) and
//    from the cache when offline; hashed assets from this deployment's cache, else the network.
//    Anything else (embed.html, oEmbed, other origins) is left to the browser.
// The worker's global scope (ServiceWorkerGlobalScope; typed loosely: the page's type check knows
// the DOM, not the worker's globals).
const sw = /** @type {any} */ (globalThis);
/** @type {{ version: string, files: string[] }} */
const MANIFEST = sw.__LINATTN_MANIFEST ?? { version: 'dev', files: [] };
const PREFIX = 'linattn-ch04-';
const CACHE = `${PREFIX}${MANIFEST.version}`;
const scopeUrl = (path) => new URL(path, sw.registration.scope).href;

sw.addEventListener('install', (/** @type {any} */ event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(MANIFEST.files.map((f) => new Request(scopeUrl(f), { cache: 'reload' }))))
      // A failed install leaves no half-filled cache behind (the next visit tries again).
      .catch((err) => caches.delete(CACHE).then(() => Promise.reject(err))),
  );
});

/** How long activation waits for clients.claim(). Chromium can hold claim() on a page's dedicated
 *  worker whose script request is itself held until activation ends; meanwhile every navigation
 *  in scope waits for the activation (the offline test saw a reload hang for good). Unclaimed
 *  pages are controlled from their next navigation, which is all an offline copy needs. */
const CLAIM_MS = 3000;

/** Deletes the caches of earlier deployments. */
function deleteStaleCaches() {
  return caches
    .keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))));
}

/** Whether this worker is the registration's newest, with no other installing or waiting: only
 *  then may it delete other caches on a navigation (an older worker still answering an old tab
 *  would delete the cache of a deployment being installed). */
function isNewest() {
  const reg = sw.registration;
  return Boolean(sw.serviceWorker) && reg.active === sw.serviceWorker && !reg.installing && !reg.waiting;
}

sw.addEventListener('activate', (/** @type {any} */ event) => {
  const claimed = () => Promise.race([sw.clients.claim(), new Promise((resolve) => setTimeout(resolve, CLAIM_MS))]);
  event.waitUntil(deleteStaleCaches().then(claimed));
});

sw.addEventListener('message', (/** @type {any} */ event) => {
  const data = event.data;
  if (data?.type !== 'linattn-activate-if-current' || typeof data.script !== 'string') return;
  let script;
  try {
    script = new URL(data.script);
  } catch {
    return;
  }
  if (MANIFEST.files.some((f) => scopeUrl(f) === script.origin + script.pathname)) sw.skipWaiting();
});

/** True for the chapter page: the scope itself or its index.html. */
function isChapter(url) {
  const path = url.origin + url.pathname;
  return path === scopeUrl('./') || path === scopeUrl('index.html');
}

async function chapterPage(request) {
  try {
    return await fetch(request);
  } catch (err) {
    const cached = await caches.match(scopeUrl('index.html'), { cacheName: CACHE });
    if (cached) return cached;
    throw err;
  }
}

async function asset(request) {
  // caches.match, not caches.open: a worker that a new deployment has just replaced may still
  // answer a request, and opening its deleted cache would create it again (empty, never deleted).
  const cached = await caches.match(request, { cacheName: CACHE, ignoreSearch: true });
  return cached ?? fetch(request);
}

sw.addEventListener('fetch', (/** @type {any} */ event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin) return;
  if (request.mode === 'navigate') {
    if (!isChapter(url)) return;
    event.respondWith(chapterPage(request));
    // A cache of an earlier deployment can outlive the activation that deleted it (seen in the
    // offline test: a second one, old, beside the new): each visit removes any such leftover.
    if (isNewest()) event.waitUntil(deleteStaleCaches());
    return;
  }
  if (MANIFEST.files.some((f) => scopeUrl(f) === url.origin + url.pathname)) event.respondWith(asset(request));
});
