// Which parts of a demo the reader can see right now. A drag redraws what is on screen in every
// frame; a part that is scrolled out of view can wait until it comes back (or the drag ends), so a
// frame's work stays with what the reader is looking at. Shared by the demos.

/**
 * Watches `elements` against the viewport (of the page, or of the frame an embed lives in).
 * @param {Element[]} elements
 * @param {(el: Element) => void} onEnter called when an element comes into view
 * @returns {{ sees: (el: Element) => boolean, watch: (el: Element, options?: { out?: boolean }) => void,
 *   unwatch: (el: Element) => void, height: (el: Element) => number | undefined, disconnect: () => void }} sees(el): false only for an element known to be out of view (without
 *   IntersectionObserver, or before its first report, everything counts as seen); watch(el) and
 *   unwatch(el) add and drop an element made or removed later. watch(el, { out: true }): el counts
 *   as out of view until its first report says otherwise, and onEnter(el) is called then (an
 *   element made empty, to be filled once it can be seen). height(el): its height at its last report
 *   (the observer measures it anyway; asking costs no layout), undefined before one.
 */
export function watchInView(elements, onEnter) {
  const out = new Set();
  const heights = new WeakMap();
  if (typeof IntersectionObserver !== 'function')
    return { sees: () => true, watch: () => {}, unwatch: () => {}, height: () => undefined, disconnect: () => {} };
  const io = new IntersectionObserver((entries) => {
    for (const e of entries) {
      heights.set(e.target, e.boundingClientRect.height);
      if (e.isIntersecting) {
        const was = out.delete(e.target);
        if (was) onEnter(e.target);
      } else out.add(e.target);
    }
  });
  for (const el of elements) io.observe(el);
  return {
    sees: (el) => !out.has(el),
    watch: (el, { out: assumedOut = false } = {}) => {
      if (assumedOut) out.add(el);
      io.observe(el);
    },
    unwatch: (el) => {
      io.unobserve(el);
      out.delete(el);
    },
    height: (el) => heights.get(el),
    disconnect: () => io.disconnect(),
  };
}
