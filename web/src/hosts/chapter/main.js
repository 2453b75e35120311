// The chapter page: theme, margin notes, and the demos, each mounted lazily when its figure nears
// the viewport, paused while it is off-screen and resumed when it returns (the demo lifecycle,
// ARCHITECTURE.md). A demo that is missing or throws shows a short message in its own figure;
// the rest of the page keeps working. Which demos exist: web/src/demos/registry.js.
import 'katex/dist/katex.min.css';
import '../../../generated/math.css';
import '../../styles/theme.css';
import '../../styles/base.css';
import '../../styles/page.css';
import '../../styles/sidenotes.css';
import '../../styles/print.css';
import '../../styles/notice.css';
import '../../styles/figure-heights.css';
import '../../styles/offscreen.css';
import '../../demos/styles.js'; // every figure's styles, in the page's stylesheet (not after the load)
import { initSidenotes } from './sidenotes.js';
import { initTheme } from './theme.js';
import { initialState, rememberState, initPermalinks } from './permalink.js';
import { addEmbedControl } from './share-panel.js';
import { loadDemo, mountDemo, mountLoaded, pauseWhenHidden } from '../shared/mount.js';
import { shareOneCore } from '../shared/core.js';
import { markScrollables, markBoxes } from '../../lib/scrollables.js';
import { coalesceAfterFrames, coalesceFrames } from '../../lib/frame.js';
import { preparePrint } from './print.js';
import { registerServiceWorker } from './offline/register.js';
import { initLinkedReading } from './linked/index.js';
import { skipOffscreenWhenMeasured } from './offscreen.js';

/** Live demos by name: { handle, state } (state = the latest from onStateChange). */
const demos = new Map();

/** Mount elements -> Promise of their entry (null when the demo could not load). */
const mounting = new Map();

/**
 * Mounts the figure of `mountEl` (once: later calls get the same promise). `finish`: for printing,
 * its computation also goes on to the end while off-screen (the handle's finish()); the promise
 * then resolves once the figure shows its final numbers.
 */
function mountFigure(mountEl, { finish = false } = {}) {
  if (!mounting.has(mountEl)) mounting.set(mountEl, mountNow(mountEl));
  const entry = mounting.get(mountEl);
  return finish ? entry.then((e) => e?.handle.finish?.()) : entry;
}

/** Demos whose code and the core have loaded (loadDemo's { mod, la }), by name: these mount at
 *  once, in the caller's task (a print that cannot wait, print.js). */
const loaded = new Map();

/** Loads every figure's code and the core without mounting any (print.js, after the load), one
 *  figure after another, each in a task of its own: all four at once were one task of some 100 ms
 *  of a phone's main thread right after the load (their modules evaluated together), which
 *  Lighthouse's mobile run counts as blocking time. */
async function loadFigures(mounts) {
  for (const name of new Set(mounts.map((m) => m.dataset.demo))) {
    await yieldToPage();
    try {
      loaded.set(name, await loadDemo(name));
    } catch {
      // mounting shows why
    }
  }
}

function mountNow(mountEl) {
  const name = mountEl.dataset.demo;
  mountEl.dataset.status = 'loading';
  const entry = { handle: null, state: undefined };
  const options = {
    state: initialState(name), // from the link's hash (permalinks), if any
    onStateChange: (state) => {
      entry.state = state;
      rememberState(name, state);
    },
  };
  const code = loaded.get(name);
  const handle = code ? mountLoaded(mountEl, name, code, options) : mountDemo(mountEl, name, options);
  return Promise.resolve(handle).then((h) => {
    entry.handle = h;
    if (!h) return null; // mountDemo showed the error in the figure
    demos.set(name, entry);
    addEmbedControl(mountEl, name, h);
    pauseWhenHidden(mountEl, h);
    return entry;
  });
}

function mountWhenNear(mounts) {
  if (!('IntersectionObserver' in window)) {
    mounts.forEach((m) => mountFigure(m));
    return;
  }
  const io = new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        if (!e.isIntersecting) continue;
        io.unobserve(e.target);
        mountFigure(e.target);
      }
    },
    { rootMargin: '600px 0px' },
  );
  mounts.forEach((m) => io.observe(m));
}

/** Marks the scrolling boxes (lib/scrollables.js) after the frames in which the ResizeObserver reports them. */
function watchScrollables(boxes) {
  if (typeof ResizeObserver !== 'function') {
    const all = coalesceFrames(() => markScrollables(document));
    all();
    addEventListener('resize', () => all());
    return;
  }
  const seen = new Set(); // boxes laid out at least once
  const pending = new Set();
  // Checked right after a frame has been rendered, when layout is clean: in the frame's own
  // callbacks (before its style and layout) the reads would lay the page out first. At start-up on
  // a phone that forced pass was a 20 ms task of its own (70 ms at Lighthouse's slowdown).
  const check = coalesceAfterFrames(() => {
    markBoxes([...pending]);
    pending.clear();
  });
  // The boxes the ResizeObserver names are read right after the frame, not in its callback: a read
  // there lays out what changed since the frame's layout (a web font that arrived), and a box whose
  // size that changes cannot be reported in the same frame (Firefox then fires "ResizeObserver loop
  // completed with undelivered notifications" at the window).
  const ro = new ResizeObserver((entries) => {
    for (const e of entries) {
      seen.add(e.target);
      pending.add(e.target);
    }
    check();
  });
  for (const box of boxes) {
    ro.observe(box);
    // A box skipped while out of view (styles/offscreen.css) keeps its size when it is rendered
    // again, so the ResizeObserver says nothing: check it when its content comes back.
    box.addEventListener('contentvisibilityautostatechange', (e) => {
      if (e.skipped) return;
      pending.add(box);
      check();
    });
  }
  // The fonts change what is inside a box, not its size: check the boxes laid out so far again.
  document.fonts?.ready.then(() => {
    for (const box of seen) pending.add(box);
    check();
  });
}

/** Lets the browser paint and handle input before the next piece of start-up work. */
const yieldToPage = () =>
  typeof globalThis.scheduler?.yield === 'function'
    ? globalThis.scheduler.yield()
    : new Promise((resolve) => setTimeout(resolve, 0));

// Start-up in pieces, the figures first: as one task it took some 45 ms of a phone's main thread
// (Chromium at 4x CPU slowdown; linked reading 16, the scrolling boxes 13), a long task right after
// the first paint that Lighthouse counts as blocking time. Each piece is a task of its own.
async function start() {
  shareOneCore(); // every figure is here: one core for all (the ledger's own module is for pages of one)
  initTheme(document.querySelector('.theme-toggle'));
  initSidenotes(document);
  initPermalinks(demos);
  const mounts = [...document.querySelectorAll('.demo-mount[data-demo]')];
  mountWhenNear(mounts);
  // Printing shows every figure in its current state, its numbers final: all are mounted and have
  // finished computing before a print (print.js).
  preparePrint(mounts, mountFigure, () => loadFigures(mounts));
  await yieldToPage();
  // It looks a figure up in `demos` only when a symbol is used, so figures may mount before it.
  initLinkedReading(document, demos); // symbols in the math <-> live numbers in the figures
  await yieldToPage();
  // Wide equations and tables scroll in their own box on narrow screens: widths change with the
  // viewport and when the KaTeX fonts arrive. Each box is checked right after the frame in which
  // the ResizeObserver reports it (or its content comes back), never in a forced layout of its own.
  watchScrollables(document.querySelectorAll('.equation, .table-wrap'));
  skipOffscreenWhenMeasured(); // wide screens: blocks out of view skip layout and paint
  await yieldToPage();
  registerServiceWorker(); // offline after one visit (served pages only; a failure changes nothing)
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
