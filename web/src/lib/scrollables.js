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
  markBoxes([...root.querySelectorAll(/** @type {'div'} */ (selector))]);
}

/**
 * True while a box's content is skipped (content-visibility: auto, out of view): it then measures
 * as if empty, so whether it scrolls is not known until it is rendered again.
 */
function skipped(box) {
  const first = box.firstElementChild;
  return !!first?.checkVisibility && !first.checkVisibility({ contentVisibilityAuto: true });
}

/** Marks each of `boxes` that scrolls, unmarks each that no longer does (a skipped box keeps its marks). */
export function markBoxes(boxes) {
  // All reads first, then the writes: a write between two reads would make the next read lay the
  // page out again (once per box on a page of equations).
  const scrolling = boxes.map((box) => (skipped(box) ? null : box.scrollWidth > box.clientWidth + 1));
  boxes.forEach((box, i) => {
    const scrolls = scrolling[i];
    if (scrolls === null) return;
    if (scrolls && !box.hasAttribute('tabindex')) {
      box.tabIndex = 0;
      box.setAttribute('role', 'region');
      box.setAttribute('aria-label', labelOf(box));
    } else if (!scrolls && box.hasAttribute('tabindex')) {
      box.removeAttribute('tabindex');
      box.removeAttribute('role');
      box.removeAttribute('aria-label');
    }
  });
}
