// Printing the chapter with every figure in it, even the ones the reader never scrolled to.
// Browsers take the print snapshot right after 'beforeprint', and a demo needs its code and the
// WebAssembly core first (asynchronous), so a figure first mounted in 'beforeprint' would miss the
// print that asked for it. Hence three steps:
//   1. soon after the page has loaded, in idle time, every figure is mounted (paused while off
//      screen), so a print from the browser's menu a moment after opening has them all;
//   2. Ctrl+P / Cmd+P waits for any figure still loading, then opens the print dialog (at once when
//      all are there);
//   3. 'beforeprint' still mounts anything left (for a print started sooner than that), and
//      print.css puts a short line in any figure that is not ready yet instead of a blank box.

const IDLE_TIMEOUT_MS = 2000; // requestIdleCallback's deadline for step 1
const PRINT_WAIT_MS = 15000; // Ctrl+P never waits longer than this for slow figures

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
 * `mounts`: the chapter's .demo-mount elements; `mountFigure(el)` mounts one (a no-op when it has
 * started already). Returns { mountAll() → Promise (every figure ready or failed) }.
 */
export function preparePrint(mounts, mountFigure) {
  const mountAll = () => {
    for (const el of mounts) mountFigure(el);
    return Promise.all(mounts.map(whenMounted));
  };

  const idle = window.requestIdleCallback ?? ((fn) => setTimeout(fn, 200));
  const soon = () => idle(() => mountAll(), { timeout: IDLE_TIMEOUT_MS });
  if (document.readyState === 'complete') soon();
  else window.addEventListener('load', soon, { once: true });

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

  window.addEventListener('beforeprint', () => mountAll());
  return { mountAll };
}
