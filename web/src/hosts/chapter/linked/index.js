// Linked reading: the symbols of the chapter's math point at their live numbers in the
// figures, and the figures point back.
//   symbols.js   the symbol table (what each name stands for, which demos show it)
//   popup.js     the popup with the current value (and a link when the figure is off-screen)
//   keyboard.js  one tab stop per piece of math, arrows between its symbols
// Symbol -> figure: hovering, focusing or tapping a symbol (data-sym, written at build time by
// web/build/markdown.mjs) opens the popup and highlights the element of the nearest figure that
// shows it; the value comes from that demo's handle, symbols()[name].text, and follows the figure
// while the popup is open (a MutationObserver on the figure: any redraw, whatever caused it).
// A popup opened by focus, click or tap stays while focus is in its math, the popup or the figure it
// points at, and closes as soon as focus leaves them (Tab out of the math or out of the figure, the
// popup's link left behind; focus leaving the math for nowhere too). One opened by hovering closes
// when the pointer leaves the symbol and the popup.
// Figure -> symbol: hovering or focusing an element with data-symbol in a figure highlights the
// symbol in the math that links to that figure. Nothing here computes a number.
import './linked.css';
import { h, uid } from '../../../lib/dom.js';
import { coalesceFrames } from '../../../lib/frame.js';
import { SYMBOLS } from './symbols.js';
import { createPopup } from './popup.js';
import { makeTabStops, symbolsOf, readingOrder, handleKeys } from './keyboard.js';

const ON = 'linked-sym--on'; // the symbol whose popup is open
const FROM_FIGURE = 'linked-sym--figure'; // the symbols a hovered figure element stands for
const TARGET = 'linked-target'; // the figure element a symbol names
const CLOSE_DELAY_MS = 300; // the pointer may cross the gap between a symbol and its popup
const LOADING_RETRY_MS = 250; // a figure still mounting: ask again until its demo is live

/** Vertical distance in the document between two elements (0 when they overlap). */
function distance(a, b) {
  const r = a.getBoundingClientRect();
  const s = b.getBoundingClientRect();
  if (r.bottom < s.top) return s.top - r.bottom;
  if (s.bottom < r.top) return r.top - s.bottom;
  return 0;
}

function inView(el) {
  const r = el.getBoundingClientRect();
  const view = el.ownerDocument.documentElement;
  return r.bottom > 0 && r.top < view.clientHeight && r.right > 0 && r.left < view.clientWidth;
}

/**
 * @param {Document} doc the chapter
 * @param {Map<string, { handle: import('../../../demos/types').DemoHandle }>} demos the live demos by name (main.js)
 * @returns {{ destroy(): void }}
 */
export function initLinkedReading(doc, demos) {
  const ac = new AbortController();
  const listen = (target, type, fn, opts = {}) => target.addEventListener(type, fn, { ...opts, signal: ac.signal });
  const hint = h(
    'span',
    { id: uid('linked-hint'), class: 'linked-sr', hidden: true },
    'Linked symbols: the arrow keys move between them and show each one\u2019s value in its figure; Enter goes to the figure, Escape closes.',
  );
  const live = h('span', { class: 'linked-sr', 'aria-live': 'polite' });
  (doc.querySelector('main') ?? doc.body).append(hint, live);
  const stops = makeTabStops(doc, hint.id);
  if (stops.length === 0) return { destroy: () => ac.abort() };

  /** @param {string} name @returns {HTMLElement | null} */
  const mountOf = (name) => doc.querySelector(`.demo-mount[data-demo="${name}"]`);
  /**
   * The figure a symbol of `math` points at (a demo's name): of the demos that show it, the one
   * that shows the most of this math's symbols (equation (4) is the ledger's read, (N − 1)/d the
   * overcapacity curve), then the nearest in the document.
   */
  function demoFor(name, math) {
    const names = new Set(symbolsOf(math).map((s) => s.dataset.sym));
    const candidates = (SYMBOLS[name]?.demos ?? [])
      .filter((demo) => mountOf(demo))
      .map((demo) => ({ demo, shown: [...names].filter((n) => SYMBOLS[n]?.demos.includes(demo)).length }));
    const most = Math.max(...candidates.map((c) => c.shown));
    const tied = candidates.filter((c) => c.shown === most);
    if (tied.length < 2) return tied[0]?.demo ?? null; // no layout read needed
    const far = (c) => distance(math, mountOf(c.demo).closest('figure') ?? mountOf(c.demo));
    return tied.map((c) => ({ demo: c.demo, far: far(c) })).sort((a, b) => a.far - b.far)[0].demo;
  }

  // ---- symbol -> figure ------------------------------------------------------------------------
  // The open symbol. `pinned`: opened by focus, click or tap, it stays while the reader works the
  // figure it points at (the value follows); opened by hovering, it closes when the pointer leaves.
  let current = null; // { sym, math, name, demo, targets: Element[], value: string, pinned: boolean }
  let closeTimer = 0;
  let retryTimer = 0;
  const popup = createPopup(doc, { onGo: () => go() });
  const refreshSoon = coalesceFrames(() => refresh());
  const watcher = new MutationObserver(() => refreshSoon());

  function setTargets(next) {
    for (const el of current?.targets ?? []) if (!next.includes(el)) el.classList.remove(TARGET);
    for (const el of next) if (!el.classList.contains(TARGET)) el.classList.add(TARGET);
    if (current) current.targets = next;
  }

  /** What the demo says about the symbol now: { text, element, elements? } or null. */
  function lookup() {
    const handle = demos.get(current.demo)?.handle;
    return handle && typeof handle.symbols === 'function' ? (handle.symbols()[current.name] ?? null) : null;
  }

  /** Rewrites the popup and the figure's highlight from the demo's current numbers. */
  function refresh() {
    if (!current) return;
    const info = lookup();
    const targets = info ? (info.elements ?? [info.element]).filter(Boolean) : [];
    setTargets(targets);
    const meaning = SYMBOLS[current.name];
    const figure = mountOf(current.demo)?.closest('figure');
    const label = figure?.querySelector('.fig-label')?.textContent ?? 'the figure';
    const failed = mountOf(current.demo)?.dataset.status === 'error';
    const value = info
      ? info.text
      : failed
        ? `${label} could not load, so there is no value to show.`
        : `${label} is still loading; its value will show here.`;
    clearTimeout(retryTimer);
    if (!info && !failed && !demos.get(current.demo)) retryTimer = setTimeout(refresh, LOADING_RETRY_MS);
    current.value = value;
    const offscreen = !targets[0] || !inView(targets[0]);
    popup.show(current.sym, {
      title: `${meaning.label}: ${meaning.names}`,
      value,
      link: offscreen && figure ? { href: `#${figure.id}`, text: `Show it in ${label}` } : null,
    });
  }

  /** Opens the popup for the symbol element `sym`. */
  function select(sym, { announce = false, pin = true } = {}) {
    clearTimeout(closeTimer);
    const math = sym.closest('.katex');
    const name = sym.dataset.sym ?? '';
    if (current?.sym === sym) {
      current.pinned ||= pin;
      return;
    }
    current?.sym.classList.remove(ON);
    const demo = demoFor(name, math);
    const pinned = pin || Boolean(current?.pinned);
    current = { sym, math, name, demo, targets: current?.targets ?? [], value: '', pinned };
    sym.classList.add(ON);
    watcher.disconnect();
    const mount = mountOf(demo);
    if (mount)
      watcher.observe(mount, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
        attributeFilter: ['data-n', 'data-sweep', 'value', 'class', 'hidden'],
      });
    refresh();
    math.setAttribute('aria-describedby', popup.el.id);
    if (announce) live.textContent = `${SYMBOLS[name].label}: ${current.value}`;
  }

  function close() {
    clearTimeout(closeTimer);
    if (!current) return;
    watcher.disconnect();
    refreshSoon.cancel();
    clearTimeout(retryTimer);
    current.sym.classList.remove(ON);
    current.math.setAttribute('aria-describedby', hint.id);
    setTargets([]);
    current = null;
    popup.hide();
  }
  const closeSoon = () => {
    clearTimeout(closeTimer);
    closeTimer = setTimeout(close, CLOSE_DELAY_MS);
  };

  /** Inside the popup, the open math or the figure it points at: places that keep a pinned popup. */
  const keepsOpen = (node) =>
    node instanceof Node &&
    (popup.contains(node) || current?.math.contains(node) || Boolean(mountOf(current?.demo)?.contains(node)));

  /** Brings the figure element into view (the popup's link, Enter on a symbol). */
  function go() {
    const target = current?.targets[0] ?? (current && mountOf(current.demo));
    if (!target) return;
    const smooth = !doc.defaultView.matchMedia('(prefers-reduced-motion: reduce)').matches;
    target.scrollIntoView({ block: 'center', behavior: smooth ? 'smooth' : 'auto' });
  }

  for (const math of stops) {
    handleKeys(math, {
      current: () => (current?.math === math ? current.sym : null),
      select: (s) => select(s, { announce: true }),
      close,
      go,
    });
    listen(math, 'focus', () => {
      if (current?.math !== math) select(readingOrder(math)[0]);
    });
  }
  const symbolAt = (target) => (target instanceof Element ? target.closest('.linked-math [data-sym]') : null);
  // Mouse and pen: hover opens, leaving both the symbol and the popup closes.
  listen(doc, 'pointerover', (e) => {
    if (e.pointerType === 'touch') return;
    const sym = symbolAt(e.target);
    if (sym) select(sym, { pin: false });
    else if (current && popup.contains(e.target)) clearTimeout(closeTimer);
  });
  listen(doc, 'pointerout', (e) => {
    if (e.pointerType === 'touch' || !current || current.pinned) return;
    const into = e.relatedTarget;
    if (into instanceof Node && (popup.contains(into) || symbolAt(into))) return;
    if (symbolAt(e.target) || popup.contains(e.target)) closeSoon();
  });
  // Touch (and clicks): a tap on a symbol opens it; a tap anywhere else closes it, except in the
  // figure it points at, where the reader changes what the popup shows.
  // A finger lifted from a symbol: Chromium may aim the tap's click at an element around it
  // (touch adjustment sent a tap on phi(q) in the fraction of equation (3) to the article),
  // so the click takes the symbol the touch ended on.
  let tapped = null;
  listen(doc, 'pointerup', (e) => {
    tapped = e.pointerType === 'touch' ? symbolAt(e.target) : null;
  });
  listen(doc, 'click', (e) => {
    const sym = symbolAt(e.target) ?? tapped;
    tapped = null;
    if (sym) select(sym);
    else if (current && !keepsOpen(e.target)) close();
  });
  listen(doc, 'keydown', (e) => {
    if (e.key === 'Escape' && current && !e.defaultPrevented) close();
  });
  listen(doc, 'focusout', ({ target, relatedTarget: to }) => {
    if (current?.pinned && !keepsOpen(to ?? (current.math.contains(target) ? null : target))) close();
  });
  const placeSoon = coalesceFrames(() => {
    popup.place();
    refresh(); // the link to the figure shows only while its element is off-screen
  });
  listen(doc.defaultView, 'scroll', () => current && placeSoon(), { passive: true });
  listen(doc.defaultView, 'resize', () => current && placeSoon());
  listen(doc.defaultView, 'beforeprint', close);

  // ---- figure -> symbol --------------------------------------------------------------------------
  let lit = [];
  let litFrom = null; // the figure element whose symbols are lit
  function lightSymbols(from) {
    if (from === litFrom) return; // moving within the same element
    const mount = from.closest('.demo-mount[data-demo]');
    const names = (from.getAttribute('data-symbol') ?? '').split(/\s+/).filter((n) => SYMBOLS[n]);
    if (!mount) return;
    const next = [];
    for (const name of names) {
      for (const sym of doc.querySelectorAll(`.linked-math [data-sym="${name}"]`)) {
        if (demoFor(name, sym.closest('.katex')) === mount.dataset.demo) next.push(sym);
      }
    }
    unlight();
    for (const sym of next) sym.classList.add(FROM_FIGURE);
    lit = next;
    litFrom = from;
  }
  function unlight() {
    for (const sym of lit) sym.classList.remove(FROM_FIGURE);
    lit = [];
    litFrom = null;
  }
  const figureElementAt = (target) => (target instanceof Element ? target.closest('.demo-mount [data-symbol]') : null);
  listen(doc, 'pointerover', (e) => {
    const el = figureElementAt(e.target);
    if (el) lightSymbols(el);
  });
  listen(doc, 'pointerout', (e) => {
    const el = figureElementAt(e.target);
    if (el && !(e.relatedTarget instanceof Node && el.contains(e.relatedTarget))) unlight();
  });
  listen(doc, 'focusin', (e) => {
    const el = figureElementAt(e.target);
    if (el) lightSymbols(el);
  });
  listen(doc, 'focusout', (e) => {
    if (figureElementAt(e.target)) unlight();
  });

  return {
    destroy() {
      close();
      unlight();
      ac.abort();
      watcher.disconnect();
      popup.el.remove();
      hint.remove();
      live.remove();
    },
  };
}
