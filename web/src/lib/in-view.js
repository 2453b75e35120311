// Which parts of a demo the reader can see right now. A drag redraws what is on screen in every
// frame; a part that is scrolled out of view can wait until it comes back (or the drag ends), so a
// frame's work stays with what the reader is looking at. Shared by the demos.

/**
 * Watches `elements` against the viewport (of the page, or of the frame an embed lives in).
 * @param {Element[]} elements
 * @param {(el: Element) => void} onEnter called when an element comes into view
 * @returns {{ sees: (el: Element) => boolean, watch: (el: Element) => void, unwatch: (el: Element) => void,
 *   disconnect: () => void }} sees(el): false only for an element known to be out of view (without
 *   IntersectionObserver, or before its first report, everything counts as seen); watch(el) and
 *   unwatch(el) add and drop an element made or removed later
 */
export function watchInView(elements, onEnter) {
  const out = new Set();
  if (typeof IntersectionObserver !== 'function')
    return { sees: () => true, watch: () => {}, unwatch: () => {}, disconnect: () => {} };
  const io = new IntersectionObserver((entries) => {
    for (const e of entries) {
      if (e.isIntersecting) {
        const was = out.delete(e.target);
        if (was) onEnter(e.target);
      } else out.add(e.target);
    }
  });
  for (const el of elements) io.observe(el);
  return {
    sees: (el) => !out.has(el),
    watch: (el) => io.observe(el),
    unwatch: (el) => {
      io.unobserve(el);
      out.delete(el);
    },
    disconnect: () => io.disconnect(),
  };
}
