// Wide equations, tables and figure parts scroll inside their own box on narrow screens; a box that
// actually scrolls becomes focusable (tabindex=0, role=region, a label) so the keyboard can scroll
// it too, and loses that again when it no longer scrolls. Ask after layout (a frame after writing
// to the DOM), or the check forces a layout of its own.

const DEFAULT_SELECTOR = '.equation, .table-wrap';

function labelOf(box) {
  if (box.dataset.label) return `${box.dataset.label}, scrollable`;
  return box.classList.contains('equation') ? 'Equation, scrollable' : 'Table, scrollable';
}

/** Marks the boxes matching `selector` under `root` (a document, shadow root or element). */
export function markScrollables(root = document, selector = DEFAULT_SELECTOR) {
  for (const box of root.querySelectorAll(/** @type {'div'} */ (selector))) {
    const scrolls = box.scrollWidth > box.clientWidth + 1;
    if (scrolls && !box.hasAttribute('tabindex')) {
      box.tabIndex = 0;
      box.setAttribute('role', 'region');
      box.setAttribute('aria-label', labelOf(box));
    } else if (!scrolls && box.hasAttribute('tabindex')) {
      box.removeAttribute('tabindex');
      box.removeAttribute('role');
      box.removeAttribute('aria-label');
    }
  }
}
