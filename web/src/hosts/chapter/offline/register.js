// Registers the chapter's service worker (./sw.js, see service-worker.js) once the page has
// loaded, so the chapter opens offline after one visit. Only on the served chapter: not from
// file:// (the standalone file needs no network anyway), not where the browser has no service
// workers, not in a frame (an embedded copy of the chapter is the host's page, not the reader's
// visit). A worker that fails to register or install changes nothing on the page: the failure is
// only logged as a warning.

import { afterLoad } from '../../../lib/after-load.js';

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

/**
 * A new deployment's worker waits while pages of the old one are open. When this page already is
 * the new deployment (its own script is in the new worker's manifest), the worker may take over at
 * once: it replaces the old cache with its own, and this page's files are exactly its files.
 */
function activateWhenCurrent(reg) {
  const ask = (worker) => worker?.postMessage({ type: 'linattn-activate-if-current', script: import.meta.url });
  const askOnceInstalled = (worker) =>
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') ask(worker);
    });
  if (reg.waiting) ask(reg.waiting);
  // A worker may already be installing when this page registers (another tab, or this tab before a
  // reload, started the update): its updatefound has fired, so it is watched here.
  askOnceInstalled(reg.installing);
  reg.addEventListener('updatefound', () => askOnceInstalled(reg.installing));
  // Chromium can hand out a registration while its new worker is between installing and waiting
  // (neither attribute set, updatefound already fired): look again a few times. Asking twice is
  // harmless (the worker skips waiting once).
  for (const ms of [1000, 4000, 12000]) setTimeout(() => reg.waiting && ask(reg.waiting), ms);
}

/** Registers `url` (relative to the page) after the load event; resolves to the registration or null. */
export function registerServiceWorker(url = './sw.js') {
  if (!wantsServiceWorker()) return Promise.resolve(null);
  const register = () =>
    navigator.serviceWorker
      .register(url, { scope: './' })
      .then((reg) => {
        activateWhenCurrent(reg);
        return reg;
      })
      .catch((err) => {
        console.warn('The offline copy of the chapter is not available:', err?.message ?? err);
        return null;
      });
  return afterLoad().then(register);
}
