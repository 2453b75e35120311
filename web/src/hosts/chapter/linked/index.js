// Linked reading: the symbols of the chapter's math point at their live numbers in the
// figures, and the figures point back.
//   symbols.js   the symbol table (what each name stands for, which demos show it)
//   popup.js     the popup with the current value (and a link when the figure is off-screen)
//   keyboard.js  one tab stop per piece of math, arrows between its symbols
//   figures.js   which figure a symbol points at (the nearest of those that show the most of its math)
//   open-symbol.js      symbol -> figure: the open symbol, its popup, the figure's highlight
//   figure-to-symbol.js figure -> symbol: the symbols a hovered or focused figure element lights
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
import { makeTabStops, readingOrder, handleKeys } from './keyboard.js';
import { OpenSymbol } from './open-symbol.js';
import { lightFromFigures } from './figure-to-symbol.js';

/** @typedef {(target: EventTarget, type: string, fn: (e: any) => void, opts?: AddEventListenerOptions) => void} Listen */

const symbolAt = (target) => (target instanceof Element ? target.closest('.linked-math [data-sym]') : null);

/** The keys of each piece of math, and focus on it opening its first symbol in reading order. */
function wireMath(stops, open, listen) {
  for (const math of stops) {
    handleKeys(math, {
      current: () => (open.current?.math === math ? open.current.sym : null),
      select: (s) => open.select(s, { announce: true }),
      close: () => open.close(),
      go: () => open.go(),
    });
    listen(math, 'focus', () => {
      if (open.current?.math !== math) open.select(readingOrder(math)[0]);
    });
  }
}

/** Mouse and pen: hover opens, leaving both the symbol and the popup closes. */
function wireHover(doc, open, /** @type {Listen} */ listen) {
  const { popup } = open;
  listen(doc, 'pointerover', (e) => {
    if (e.pointerType === 'touch') return;
    const sym = symbolAt(e.target);
    if (sym) open.select(sym, { pin: false });
    else if (open.current && popup.contains(e.target)) clearTimeout(open.closeTimer);
  });
  listen(doc, 'pointerout', (e) => {
    if (e.pointerType === 'touch' || !open.current || open.current.pinned) return;
    const into = e.relatedTarget;
    if (into instanceof Node && (popup.contains(into) || symbolAt(into))) return;
    if (symbolAt(e.target) || popup.contains(e.target)) open.closeSoon();
  });
}

/**
 * Touch (and clicks): a tap on a symbol opens it; a tap anywhere else closes it, except in the
 * figure it points at, where the reader changes what the popup shows. Escape, focus leaving and
 * printing close it too; scrolling and resizing place it again.
 */
function wireTapsAndPage(doc, open, /** @type {Listen} */ listen) {
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
    if (sym) open.select(sym);
    else if (open.current && !open.keepsOpen(e.target)) open.close();
  });
  listen(doc, 'keydown', (e) => {
    if (e.key === 'Escape' && open.current && !e.defaultPrevented) open.close();
  });
  listen(doc, 'focusout', ({ target, relatedTarget: to }) => {
    const current = open.current;
    if (current?.pinned && !open.keepsOpen(to ?? (current.math.contains(target) ? null : target))) open.close();
  });
  const placeSoon = coalesceFrames(() => {
    open.popup.place();
    open.refresh(); // the link to the figure shows only while its element is off-screen
  });
  listen(doc.defaultView, 'scroll', () => open.current && placeSoon(), { passive: true });
  listen(doc.defaultView, 'resize', () => open.current && placeSoon());
  listen(doc.defaultView, 'beforeprint', () => open.close());
}

/**
 * @param {Document} doc the chapter
 * @param {Map<string, { handle: import('../../../demos/types').DemoHandle }>} demos the live demos by name (main.js)
 * @returns {{ destroy(): void }}
 */
export function initLinkedReading(doc, demos) {
  const ac = new AbortController();
  /** @type {Listen} */
  const listen = (target, type, fn, opts = {}) => target.addEventListener(type, fn, { ...opts, signal: ac.signal });
  const hint = h(
    'span',
    { id: uid('linked-hint'), class: 'visually-hidden', hidden: true },
    'Linked symbols: the arrow keys move between them and show each one\u2019s value in its figure; Enter goes to the figure, Escape closes.',
  );
  const live = h('span', { class: 'visually-hidden', 'aria-live': 'polite' });
  (doc.querySelector('main') ?? doc.body).append(hint, live);
  const stops = makeTabStops(doc, hint.id);
  if (stops.length === 0) return { destroy: () => ac.abort() };

  const open = new OpenSymbol(doc, demos, { hint, live });
  wireMath(stops, open, listen);
  wireHover(doc, open, listen);
  wireTapsAndPage(doc, open, listen);
  const lit = lightFromFigures(doc, listen);
  return {
    destroy() {
      open.close();
      lit.unlight();
      ac.abort();
      open.destroy();
      hint.remove();
      live.remove();
    },
  };
}
