// Registers the chapter's service worker (./sw.js, see service-worker.js) once the page has
// loaded, so the chapter opens offline after one visit. Only on the served chapter: not from
// file:// (the standalone file needs no network anyway), not where the browser has no service
// workers, not in a frame (an embedded copy of the chapter is the host's page, not the reader's
// visit). A worker that fails to register or install changes nothing on the page: the failure is
// only logged as a warning.

/** Whether this page should have the worker. */
export function wantsServiceWorker(win = window) {
  try {
    return (
      'serviceWorker' in win.navigator &&
      /^https?:$/.test(win.location.protocol) &&
      win.isSecureContext &&
      win.top === win.self
    );
  } catch {
    return false; // a cross-origin parent: reading top can throw in old browsers
  }
}

/** Registers `url` (relative to the page) after the load event; resolves to the registration or null. */
export function registerServiceWorker(url = './sw.js') {
  if (!wantsServiceWorker()) return Promise.resolve(null);
  const register = () =>
    navigator.serviceWorker.register(url, { scope: './' }).catch((err) => {
      console.warn('The offline copy of the chapter is not available:', err?.message ?? err);
      return null;
    });
  if (document.readyState === 'complete') return register();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(register()), { once: true }));
}
