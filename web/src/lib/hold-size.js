// One frame per drag: while the reader drags inside a demo (a key's handle, a slider), the demo's
// box keeps the size it had when the drag began and is laid out on its own. A box of fixed size
// under `contain: strict` is a layout root: a number rewritten inside it is laid out inside it,
// instead of from the document down through the whole chapter (what a trace of every drag frame
// showed before). The demos keep their heights steady during a drag, so nothing moves; when the
// pointer is released the box gets its natural size back. Styles go through the CSSOM (the page's
// CSP blocks style attributes); the CSS for [data-held] is in each demo's stylesheet.

/**
 * Holds `el`'s size while a pointer pressed inside it is down.
 * @param {HTMLElement} el the demo's box
 * @param {{ signal?: AbortSignal }} [options] aborting removes the listeners
 * @returns {{ release: () => void }} release() gives the box its natural size back at once
 */
export function holdSizeWhileDragging(el, { signal } = {}) {
  let held = false;

  function release() {
    if (!held) return;
    held = false;
    el.removeAttribute('data-held');
    el.style.removeProperty('width');
    el.style.removeProperty('height');
  }

  let armed = false; // a primary button went down inside the box: the next move with it down holds

  function hold(e) {
    if (held || !armed || !(e.buttons & 1)) return;
    // Read once, at the start of the drag (layout is up to date between frames).
    const { width, height } = el.getBoundingClientRect();
    if (!width || !height) return;
    held = true;
    el.style.width = `${width}px`;
    el.style.height = `${height}px`;
    el.setAttribute('data-held', '');
    const view = el.ownerDocument.defaultView;
    const end = () => {
      armed = false;
      view.removeEventListener('pointerup', end, true);
      view.removeEventListener('pointercancel', end, true);
      release();
    };
    view.addEventListener('pointerup', end, { capture: true, signal });
    view.addEventListener('pointercancel', end, { capture: true, signal });
  }

  // Armed by the press, held from the first move with the button down: a click, or a press that
  // opens a <select>'s list, never holds the box (the content may change size when it ends).
  el.addEventListener(
    'pointerdown',
    (e) => {
      armed = e.button === 0;
    },
    { capture: true, signal },
  );
  el.addEventListener('pointermove', hold, { capture: true, signal });
  el.addEventListener(
    'pointerup',
    () => {
      armed = false;
    },
    { capture: true, signal },
  );
  signal?.addEventListener('abort', release);
  return { release };
}
