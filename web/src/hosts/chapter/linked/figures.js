// Which figure a linked symbol points at, and where figures are on the page. Layout reads only:
// nothing here computes a number.
import { SYMBOLS } from './symbols.js';
import { symbolsOf } from './keyboard.js';

/** @param {Document} doc @param {string} name @returns {HTMLElement | null} the mount of that demo */
export const mountOf = (doc, name) => doc.querySelector(`.demo-mount[data-demo="${name}"]`);

/** Vertical distance in the document between two elements (0 when they overlap). */
function distance(a, b) {
  const r = a.getBoundingClientRect();
  const s = b.getBoundingClientRect();
  if (r.bottom < s.top) return s.top - r.bottom;
  if (s.bottom < r.top) return r.top - s.bottom;
  return 0;
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
 * overcapacity curve), then the nearest in the document.
 * @param {Document} doc @param {string} name @param {Element} math
 */
export function demoFor(doc, name, math) {
  const names = new Set(symbolsOf(math).map((s) => s.dataset.sym));
  const candidates = (SYMBOLS[name]?.demos ?? [])
    .filter((demo) => mountOf(doc, demo))
    .map((demo) => ({ demo, shown: [...names].filter((n) => SYMBOLS[n]?.demos.includes(demo)).length }));
  const most = Math.max(...candidates.map((c) => c.shown));
  const tied = candidates.filter((c) => c.shown === most);
  if (tied.length < 2) return tied[0]?.demo ?? null; // no layout read needed
  const far = (c) => distance(math, mountOf(doc, c.demo).closest('figure') ?? mountOf(doc, c.demo));
  return tied.map((c) => ({ demo: c.demo, far: far(c) })).sort((a, b) => a.far - b.far)[0].demo;
}
