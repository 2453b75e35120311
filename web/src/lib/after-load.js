// "Once the page has loaded": work that must not compete with the first paint and the demos'
// start-up (printing's figure mounting, the offline copy's service worker, the wide-screen
// skipping of blocks out of view) waits for the window's load event, or runs at once after it.

/** Resolves once `win`'s document has fired its load event (at once when it already has). */
export function afterLoad(win = window) {
  if (win.document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => win.addEventListener('load', () => resolve(), { once: true }));
}
