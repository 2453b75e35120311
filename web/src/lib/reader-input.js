// What the reader is doing with the pointer and the keys, watched once per window: whether a
// pointer is held down (a drag) and how long since the last input. Work that would cost a drag a
// frame waits on it: printing's idle mounts (print.js) and the address bar's writes (url-state.js).

const watched = new WeakMap();

/**
 * @param {Window} win
 * @returns {{ held: () => boolean, sinceInput: () => number }} held(): a pointer is pressed;
 *   sinceInput(): ms since a pointer was pressed, released or dragged, or a key, wheel or input
 *   event came (Infinity before any)
 */
export function readerInput(win = window) {
  let input = watched.get(win);
  if (input) return input;
  const pressed = new Set();
  let last = -Infinity;
  const opts = { capture: true, passive: true };
  const seen = () => {
    last = win.performance.now();
  };
  win.addEventListener(
    'pointerdown',
    (e) => {
      pressed.add(e.pointerId);
      seen();
    },
    opts,
  );
  /** @param {PointerEvent} e */
  const released = (e) => {
    pressed.delete(e.pointerId);
    seen();
  };
  win.addEventListener('pointerup', released, opts);
  win.addEventListener('pointercancel', released, opts);
  win.addEventListener(
    'pointermove',
    (e) => {
      if (e.buttons) seen();
    },
    opts,
  );
  for (const type of ['keydown', 'wheel', 'input']) win.addEventListener(type, seen, opts);
  win.addEventListener('blur', () => pressed.clear());
  input = { held: () => pressed.size > 0, sinceInput: () => win.performance.now() - last };
  watched.set(win, input);
  return input;
}
