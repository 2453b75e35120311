// Printing the chapter with every figure in it, even the ones the reader never scrolled to, and
// with its final numbers: a figure off-screen pauses its work (the demo lifecycle), so one that
// never came into view would print its quick preview. Browsers take the print snapshot
// right after 'beforeprint' and do not wait for anything asynchronous in it, while a demo needs its
// code, the WebAssembly core and, for the overcapacity sweep, seconds of computing. Hence:
//   0. in the first idle moment after the load, the figures' code and the core are loaded (not
//      mounted: no figure's mount task), so that from then on a figure mounts in the very task that
//      asks for it, as a print that cannot wait needs (a headless PDF, a switch to print media);
//   1. ten seconds after the page has loaded (its start-up and the reader's first moments go first),
//      the figures not mounted yet are mounted one at a time in page order, each in an idle moment
//      of its own and the next only once the previous is ready, never while the reader is dragging,
//      typing or scrolling (readerBusy), and each finishes its computation even while off screen
//      (mountFigure(el, { finish: true }), the handle's finish()). So a print from the
//      browser's menu has them all, final, once the page has been open a little while, and the
//      start-up has no long task of theirs (mounting all three at once was seconds of blocked main
//      thread on a phone);
//   2. Ctrl+P / Cmd+P waits for any figure still loading or computing, then opens the print dialog
//      (at once when all are final);
//   3. 'beforeprint' and the print media query starting to match still mount anything left (for a
//      print started sooner than that), and
//      print.css puts a short line in any figure that is not ready yet instead of a blank box.

import { afterLoad } from '../../lib/after-load.js';
import { readerInput } from '../../lib/reader-input.js';

// Step 1 starts this long after the load event. Each figure's mount is a task of some 40-100 ms on a
// phone: 3 s after load, they fell in the seconds in which the reader starts to scroll and tap (on a
// 2-core AMD host, Lighthouse's calibrated mobile run counted them as blocking time: 0.84, and 0.99
// without them), so they wait until the reader has had the page to themselves for a while.
const SETTLE_MS = 10000;
const IDLE_TIMEOUT_MS = 2000; // requestIdleCallback's deadline for each figure of step 1
const PRINT_WAIT_MS = 15000; // Ctrl+P never waits longer than this for slow figures
// A gesture in progress holds step 1 back: a drag has idle moments between its frames, and a
// figure's mount in one of them (some 40-100 ms) is a frame the drag drops. Found by the bench:
// the overcapacity demo's drags, ten seconds after load, had the memory demo and the ledger mount
// in the middle of them. Step 1 waits until no pointer has been pressed, released or dragged and
// no key, wheel or input has come for this long.
const QUIET_MS = 1000;

/** Resolves once `mountEl` has its demo or its error box (data-status ready or error). */
export function whenMounted(mountEl) {
  const done = () => ['ready', 'error'].includes(mountEl.dataset.status);
  if (done()) return Promise.resolve();
  return new Promise((resolve) => {
    const mo = new MutationObserver(() => {
      if (!done()) return;
      mo.disconnect();
      resolve();
    });
    mo.observe(mountEl, { attributes: true, attributeFilter: ['data-status'] });
  });
}

/**
 * `mounts`: the chapter's .demo-mount elements; `mountFigure(el, { finish })` mounts one (once) and
 * resolves when it is ready, or with finish once its numbers are final; once `loadAll()` (the
 * figures' code and the core, nothing mounted) has resolved, mountFigure draws its figure before
 * it returns. Returns { mountAll() → Promise (every figure final or failed) }.
 */
export function preparePrint(mounts, mountFigure, loadAll = () => Promise.resolve()) {
  const mountAll = () => Promise.all(mounts.map((el) => mountFigure(el, { finish: true })));

  const idle = window.requestIdleCallback ?? ((fn) => setTimeout(fn, 200));
  const input = readerInput(window);
  const readerBusy = () => input.sinceInput() < QUIET_MS;
  // Step 1: one figure per idle callback, in page order, each after the previous is ready, and
  // none while the reader is busy. Each finishes its computation, off-screen too (in workers, or
  // in the page thread's idle steps when there are none). A figure the reader has already brought
  // on screen keeps the usual lifecycle (paused while away); Ctrl+P finishes it (step 2).
  const next = (i) => {
    const el = mounts[i];
    if (!el) return;
    if (el.dataset.status) {
      next(i + 1);
      return;
    }
    idle(
      () => {
        if (el.dataset.status)
          next(i + 1); // the reader scrolled to it meanwhile
        else if (readerBusy()) {
          setTimeout(() => next(i), QUIET_MS);
        } else {
          mountFigure(el, { finish: true });
          whenMounted(el).then(() => setTimeout(() => next(i + 1), 0));
        }
      },
      { timeout: IDLE_TIMEOUT_MS },
    );
  };
  const soon = () => setTimeout(() => next(0), SETTLE_MS);
  afterLoad().then(() => {
    idle(() => loadAll(), { timeout: IDLE_TIMEOUT_MS }); // step 0: the code, so a print mounts at once
    soon();
  });

  let printing = false;
  window.addEventListener('keydown', (e) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey || e.key?.toLowerCase() !== 'p') return;
    e.preventDefault(); // the same dialog, opened by window.print() once the figures are there
    if (printing) return;
    printing = true;
    const timeout = new Promise((resolve) => setTimeout(resolve, PRINT_WAIT_MS));
    Promise.race([mountAll(), timeout]).then(() => {
      printing = false;
      window.print();
    });
  });

  // A print that does not come through the dialog's 'beforeprint' (a headless PDF, a switch to
  // print media: Chromium's page.pdf() and emulated print, a reader agent's preview) is seen as
  // the print media query starting to match.
  window.addEventListener('beforeprint', () => mountAll());
  const printMedia = window.matchMedia?.('print');
  printMedia?.addEventListener?.('change', (e) => {
    if (e.matches) mountAll();
  });
  return { mountAll };
}
