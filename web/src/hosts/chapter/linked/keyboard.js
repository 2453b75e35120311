// Linked reading from the keyboard: each piece of math with linked symbols is one tab stop (its
// .katex element, outside KaTeX's aria-hidden visual copy, so that focus lands on the MathML that
// screen readers read); the arrow keys move between its symbols, Home and End jump to the first and
// last, Enter goes to the figure element, Escape closes the popup. Focus never leaves the math, so
// Tab and Shift+Tab go on through the page as before: nothing is trapped.

/** The math elements with linked symbols under `root`, each made one tab stop. */
export function makeTabStops(root, hintId) {
  const stops = new Set();
  for (const sym of root.querySelectorAll('.katex-html [data-sym]')) {
    const math = /** @type {HTMLElement | null} */ (sym.closest('.katex'));
    if (!math || stops.has(math)) continue;
    stops.add(math);
    math.tabIndex = 0;
    math.classList.add('linked-math');
    math.setAttribute('aria-describedby', hintId);
  }
  return [...stops];
}

/** The linked symbols of one math element, in the document's order (not reading order: KaTeX
 *  writes a fraction's denominator before its numerator). */
export const symbolsOf = (math) => [...math.querySelectorAll('.katex-html [data-sym]')];

/**
 * The same in reading order, from where they are drawn: rows from the top (a symbol whose middle
 * lies within the first symbol of a row belongs to that row: a numerator, then its denominator, then
 * the next line of an aligned block), and left to right in a row, an enclosing symbol before the
 * ones inside it.
 */
export function readingOrder(math) {
  const items = symbolsOf(math).map((el) => ({ el, r: el.getBoundingClientRect() }));
  items.sort((a, b) => a.r.top - b.r.top);
  const rows = [];
  for (const it of items) {
    const row = rows[rows.length - 1];
    const middle = (it.r.top + it.r.bottom) / 2;
    if (row && middle >= row.top && middle <= row.bottom) row.items.push(it);
    else rows.push({ top: it.r.top, bottom: it.r.bottom, items: [it] });
  }
  return rows.flatMap((row) =>
    row.items.sort((a, b) => a.r.left - b.r.left || b.r.width - a.r.width).map((it) => it.el),
  );
}

/**
 * Wires the keys of one math element.
 * @param {HTMLElement} math
 * @param {{ current: () => Element | null, select: (sym: Element) => void, close: () => void, go: () => void }} on
 */
export function handleKeys(math, on) {
  math.addEventListener('keydown', (e) => {
    const list = readingOrder(math);
    const at = list.indexOf(on.current());
    let next = null;
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') next = list[Math.min(list.length - 1, at + 1)];
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') next = list[Math.max(0, at - 1)];
    else if (e.key === 'Home') next = list[0];
    else if (e.key === 'End') next = list[list.length - 1];
    else if (e.key === 'Escape') {
      on.close();
      e.preventDefault();
      return;
    } else if (e.key === 'Enter') {
      on.go();
      e.preventDefault();
      return;
    } else return;
    e.preventDefault();
    if (next) on.select(next);
  });
}
