// Permalinks: each demo's state in the chapter URL's hash (its format: shared/chapter-hash.js),
// written as the reader changes it and read back on load. A section anchor and demo state share one
// hash, so a reader who plays with a figure and then copies the address still shares the section
// they were reading. history.replaceState keeps the Back button for real navigation, not for every
// slider step.
import { hashFor, readHash, splitHash } from '../shared/chapter-hash.js';
import { replaceStateSoon } from '../../lib/url-state.js';

const WRITE_DELAY_MS = 250; // browsers throttle replaceState; a drag fires far more often

// What the page was opened with, read on first use (not at import: importing this module reads no
// URL).
let opened = null;
const current = {}; // demo -> latest state to keep in the URL (changed by the reader or from the link)
const listeners = new Set();

function fromLoad() {
  if (!opened) {
    opened = readHash(location.hash);
    // A demo named in the link but not mounted yet keeps its settings as the link gave them.
    for (const demo of opened.order) if (!(demo in current)) current[demo] = opened.states[demo];
  }
  return opened;
}

/** Calls fn(demo, state) after each rememberState (the Embed control keeps its snippets current). */
export function onRemember(fn) {
  listeners.add(fn);
}

/** Settings for `demo` from the link the page was opened with (undefined when none). */
export function initialState(demo) {
  return fromLoad().states[demo];
}

/** What the link asked for that could not be read (plain strings), for `demo`'s figure; settings
 *  for no figure go with the first figure the link names (with none, initPermalinks shows them in
 *  the page notice). */
export function initialNotices(demo) {
  const { notices, order, other } = fromLoad();
  return [...(notices[demo] ?? []), ...(demo === order[0] ? other : [])];
}

/** The chapter URL for the section anchor in the address and the states in `current`; null to
 *  leave the address as it is. */
function currentUrl() {
  const states = Object.fromEntries(Object.entries(current).filter(([, s]) => s));
  const { anchor, query } = splitHash(location.hash);
  const hash = hashFor(states, anchor);
  if (!query && !Object.keys(states).length) return null; // a plain anchor (or none) stays as it is
  return `${location.pathname}${location.search}${hash}`;
}

/** After a demo named in the link mounts, the URL keeps what it actually shows. */
export function adoptMounted(demo, handle) {
  fromLoad();
  if (demo in current && handle) current[demo] = handle.getState();
}

/** Records a demo's new state (from its onStateChange); the hash follows shortly after. */
export function rememberState(demo, state) {
  fromLoad();
  current[demo] = state;
  for (const fn of listeners) fn(demo, state);
  replaceStateSoon(currentUrl, WRITE_DELAY_MS);
}

/** The chapter URL that opens with `demo` in `state` (for the Embed control). */
export function permalinkFor(demo, state) {
  return `${location.origin === 'null' ? location.href.split('#')[0] : `${location.origin}${location.pathname}${location.search}`}${hashFor({ [demo]: state })}`;
}

// ---- notices ------------------------------------------------------------------------------------

/**
 * Shows `texts` in one box fixed at the bottom of the window (role=status, with a Dismiss button):
 * settings for no figure of the page, or read after the page loaded, wherever the reader is.
 * Fixed, so it moves nothing on the page. An empty list removes the box.
 */
export function showPageNotice(texts) {
  document.querySelector('.page-notice')?.remove();
  if (!texts.length) return null;
  const box = document.createElement('div');
  box.className = 'page-notice';
  box.setAttribute('role', 'status');
  for (const t of texts) {
    const p = document.createElement('p');
    p.textContent = t;
    box.append(p);
  }
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'page-notice-close';
  close.textContent = 'Dismiss';
  close.addEventListener('click', () => box.remove());
  box.append(close);
  document.body.append(box);
  return box;
}

/** Shows `texts` in the notice above `demo`'s figure (the box the Embed control made on load, or a
 *  new one); an empty list removes it. */
function showFigureNotice(demo, texts) {
  const mount = document.querySelector(`#figure-${demo} .demo-mount`);
  if (!mount) return;
  const old = mount.parentElement.querySelector(':scope > .embed-notice');
  if (!texts.length) {
    old?.remove();
    return;
  }
  const box = old ?? document.createElement('div');
  box.className = 'embed-notice';
  box.setAttribute('role', 'status');
  box.replaceChildren(
    ...texts.map((t) => {
      const p = document.createElement('p');
      p.textContent = t;
      return p;
    }),
  );
  if (!old) mount.before(box);
}

// ---- landing on the linked place ----------------------------------------------------------------

const HOLD_MS = 10000; // how long a linked figure is kept at the top while the page settles
const HOLD_MAX_MS = 30000; // ... at most, on a machine so slow that the figure is not ready by then
const READER_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'];

/**
 * Scrolls `target` to the top of the window and keeps it there while the page settles (fonts,
 * figures above it and the figure itself mounting change the layout; the browser's scroll
 * anchoring may pick a node below the growing figure), until the reader touches the page, or
 * HOLD_MS after the start and after the page's load and every figure in view are ready (at most
 * HOLD_MAX_MS). Figures reserve their height before they mount (page.css), so there is little to
 * correct. 'instant': smooth scrolling is cut short by the layout shifts of loading.
 */
function holdInView(target) {
  const go = () => {
    if (Math.abs(target.getBoundingClientRect().top) > 1)
      target.scrollIntoView({ block: 'start', behavior: 'instant' });
  };
  go();
  // Scrolled in the next frame, not in the observer's callback: a scroll there lays out the blocks
  // it brings into view (content-visibility: auto), sizes the observer would report again in the
  // same frame (Firefox: "ResizeObserver loop completed with undelivered notifications").
  let frame = 0;
  const soon = () => {
    if (!frame)
      frame = requestAnimationFrame(() => {
        frame = 0;
        go();
      });
  };
  const ro = typeof ResizeObserver === 'function' ? new ResizeObserver(soon) : null;
  ro?.observe(document.body);
  ro?.observe(target);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearTimeout(timer);
    clearTimeout(cap);
    ro?.disconnect();
    cancelAnimationFrame(frame);
    window.removeEventListener('load', go);
    for (const type of READER_INPUT) window.removeEventListener(type, release, true);
  };
  const busy = () =>
    document.readyState !== 'complete' ||
    [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('.demo-mount'))].some((m) => {
      const r = m.getBoundingClientRect();
      return r.bottom > -600 && r.top < innerHeight + 600 && (!m.dataset.status || m.dataset.status === 'loading');
    });
  const check = () => {
    go();
    if (busy()) timer = setTimeout(check, 250);
    else release();
  };
  let timer = setTimeout(check, HOLD_MS);
  const cap = setTimeout(release, HOLD_MAX_MS);
  window.addEventListener('load', go, { once: true });
  for (const type of READER_INPUT) window.addEventListener(type, release, { capture: true, passive: true });
}

/** The element a hash lands on: its anchor when the page has it, else the first figure it sets. */
function landingTarget({ anchor, order }) {
  const byAnchor = anchor && document.getElementById(anchor);
  if (byAnchor) return byAnchor;
  return order[0] ? document.getElementById(`figure-${order[0]}`) : null;
}

/**
 * On load, a link lands on its section anchor or on the first demo it names, and stays there while
 * the page settles; settings for no figure raise a page notice. Later hand-edited hashes
 * (hashchange) are applied to the demos, with their notices; following an in-page link keeps the
 * demos' settings in the new address. `demos`: Map name -> { handle }.
 */
export function initPermalinks(demos) {
  const loaded = fromLoad();
  const target = landingTarget(loaded);
  if (target) holdInView(target);
  if (loaded.other.length && !loaded.order.length) showPageNotice(loaded.other); // else: in the first figure's
  window.addEventListener('hashchange', () => {
    const next = readHash(location.hash);
    for (const demo of next.order) {
      const entry = demos.get(demo);
      const notes = [...next.notices[demo], ...(demo === next.order[0] ? next.other : [])];
      if (entry?.handle) {
        entry.handle.update(next.states[demo]);
        current[demo] = entry.handle.getState();
        showFigureNotice(demo, notes);
      } else {
        // Applied when it mounts, and its notices shown then (initialNotices).
        loaded.states[demo] = next.states[demo];
        loaded.notices[demo] = notes;
        if (demo === loaded.order[0]) loaded.other = [];
        current[demo] = next.states[demo];
      }
    }
    showPageNotice(next.order.length ? [] : next.other);
    if (next.order.length) {
      const place = landingTarget(next);
      if (place && next.anchor) place.scrollIntoView({ block: 'start', behavior: 'instant' });
    } else if (Object.values(current).some(Boolean)) {
      // An in-page link (#section) replaced the hash: keep the demos' settings after it.
      replaceStateSoon(currentUrl, 0);
    }
  });
}
