// Which figure a linked symbol points at (from the document's order), and whether a figure is on
// screen (a layout read). Nothing here computes a number.
import { SYMBOLS } from './symbols.js';
import { symbolsOf } from './keyboard.js';

/** @param {Document} doc @param {string} name @returns {HTMLElement | null} the mount of that demo */
export const mountOf = (doc, name) => doc.querySelector(`.demo-mount[data-demo="${name}"]`);

/** The place in the chapter of the block (a paragraph, a display, a figure: a child of the
 *  article) that holds `el`: read from the document's order, never from layout. */
function blockIndex(el) {
  let block = el;
  while (block.parentElement && !block.parentElement.classList.contains('article')) block = block.parentElement;
  return block.parentElement ? Array.prototype.indexOf.call(block.parentElement.children, block) : 0;
}

/** Whether any of `el` is inside the window. */
export function inView(el) {
  const r = el.getBoundingClientRect();
  const view = el.ownerDocument.documentElement;
  return r.bottom > 0 && r.top < view.clientHeight && r.right > 0 && r.left < view.clientWidth;
}

/**
 * The figure a symbol of `math` points at (a demo's name): of the demos that show it, the one
 * that shows the most of this math's symbols (equation (4) is the ledger's read, (N − 1)/d the
 * overcapacity curve), then the nearest in the chapter's order of blocks (no layout is read: a
 * touch drag's first pointerover asks this of every symbol the figure element stands for).
 * @param {Document} doc @param {string} name @param {Element} math
 */
export function demoFor(doc, name, math) {
  const names = new Set(symbolsOf(math).map((s) => s.dataset.sym));
  const candidates = (SYMBOLS[name]?.demos ?? [])
    .filter((demo) => mountOf(doc, demo))
    .map((demo) => ({ demo, shown: [...names].filter((n) => SYMBOLS[n]?.demos.includes(demo)).length }));
  const most = Math.max(...candidates.map((c) => c.shown));
  const tied = candidates.filter((c) => c.shown === most);
  if (tied.length < 2) return tied[0]?.demo ?? null;
  const here = blockIndex(math);
  const far = (c) => Math.abs(blockIndex(mountOf(doc, c.demo)) - here);
  return tied.map((c) => ({ demo: c.demo, far: far(c) })).sort((a, b) => a.far - b.far)[0].demo;
}
