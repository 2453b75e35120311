// Linked reading, figure -> symbol: hovering or focusing an element with data-symbol in a figure
// highlights the symbols in the math that link to that figure.
import { SYMBOLS } from './symbols.js';
import { demoFor } from './figures.js';

const FROM_FIGURE = 'linked-sym--figure'; // the symbols a hovered figure element stands for

const figureElementAt = (target) => (target instanceof Element ? target.closest('.demo-mount [data-symbol]') : null);

/** The symbols of the chapter's math that stand for the figure element `from`. */
function symbolsFor(doc, from) {
  const mount = from.closest('.demo-mount[data-demo]');
  if (!mount) return null;
  const names = (from.getAttribute('data-symbol') ?? '').split(/\s+/).filter((n) => SYMBOLS[n]);
  const found = [];
  for (const name of names) {
    for (const sym of doc.querySelectorAll(`.linked-math [data-sym="${name}"]`)) {
      if (demoFor(doc, name, sym.closest('.katex')) === mount.dataset.demo) found.push(sym);
    }
  }
  return found;
}

/**
 * Lights the symbols of the figure element under the pointer or focus.
 * @param {Document} doc
 * @param {(target: EventTarget, type: string, fn: (e: any) => void) => void} listen
 * @returns {{ unlight(): void }}
 */
export function lightFromFigures(doc, listen) {
  let lit = [];
  let litFrom = null; // the figure element whose symbols are lit
  const unlight = () => {
    for (const sym of lit) sym.classList.remove(FROM_FIGURE);
    lit = [];
    litFrom = null;
  };
  const light = (from) => {
    if (from === litFrom) return; // moving within the same element
    const next = symbolsFor(doc, from);
    if (!next) return;
    unlight();
    for (const sym of next) sym.classList.add(FROM_FIGURE);
    lit = next;
    litFrom = from;
  };
  const lightAt = (e) => {
    const el = figureElementAt(e.target);
    if (el) light(el);
  };
  listen(doc, 'pointerover', lightAt);
  listen(doc, 'pointerout', (e) => {
    const el = figureElementAt(e.target);
    if (el && !(e.relatedTarget instanceof Node && el.contains(e.relatedTarget))) unlight();
  });
  listen(doc, 'focusin', lightAt);
  listen(doc, 'focusout', (e) => {
    if (figureElementAt(e.target)) unlight();
  });
  return { unlight };
}
