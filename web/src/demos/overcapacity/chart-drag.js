// Direct manipulation of N on the curve: a handle on the chart's N marker that a reader
// drags with a mouse or a finger, or moves with the keyboard, with the same accessible name as the
// N slider it mirrors. Its events dispatch N ({ type: 'n' }, the slider's own action).
import { h, setAttr, setStyle } from '../../lib/dom.js';
import { formatInt, withArticle } from './format.js';

/**
 * @param wrap the chart's box (position: relative)
 * @param chart the chart (render-chart.js: nAt(px), place(n))
 * @param on ( dispatch(action): { type: 'n', n } N moved; label: the slider's accessible name; signal )
 */
/** Where a key moves N: by one, by d/8 a page, to 1 or 4d (undefined: not a key of the handle's). */
function keyTarget(key, { n, d }) {
  const big = Math.max(1, d / 8);
  const to = { ArrowLeft: -1, ArrowDown: -1, ArrowRight: 1, ArrowUp: 1, PageDown: -big, PageUp: big }[key];
  if (to !== undefined) return n + to;
  return { Home: 1, End: 4 * d }[key];
}

export function createNDrag(wrap, chart, on) {
  const listen = (el, type, fn) => el.addEventListener(type, fn, { signal: on.signal });
  // The handle sits in the normal flow of a still track over the plot, and moves by its margins:
  // neither a transform nor a positioned box moves in a drag (docs/performance.md, "What a frame of a
  // drag may change").
  const track = wrap.appendChild(h('div', { class: 'fig-handle-track' }));
  const handle = track.appendChild(
    h('div', {
      class: 'oc-n-handle fig-handle',
      role: 'slider',
      tabindex: '0',
      'aria-label': on.label,
      'aria-valuemin': '1',
      'data-part': 'n-handle',
      'data-symbol': 'N', // linked reading: the chapter's N points here too
    }),
  );
  let state = null; // { n, d }
  let dragging = false;

  const px = (v) => `${Math.round(v * 10) / 10}px`;
  function placeHandle(at) {
    setStyle(handle, 'marginLeft', px(at.x - 12));
    setStyle(handle, 'marginTop', px(at.top));
    setStyle(handle, 'height', px(at.height));
  }

  const nFromEvent = (e) => chart.nAt(e.clientX - wrap.getBoundingClientRect().left);
  function propose(n) {
    if (n !== null && state && n !== state.n) on.dispatch({ type: 'n', n });
  }
  listen(handle, 'pointerdown', (e) => {
    dragging = true;
    try {
      handle.setPointerCapture(e.pointerId);
    } catch {
      /* a pointer the browser no longer tracks: the drag works without capture */
    }
    handle.focus();
    e.preventDefault();
  });
  listen(handle, 'pointermove', (e) => {
    if (dragging) propose(nFromEvent(e));
  });
  for (const type of ['pointerup', 'pointercancel', 'lostpointercapture'])
    listen(handle, type, () => (dragging = false));
  // A click (or tap) elsewhere on the plot moves N there too.
  listen(wrap, 'click', (e) => {
    if (e.target !== handle) propose(nFromEvent(e));
  });
  listen(handle, 'keydown', (e) => {
    if (!state) return;
    const to = keyTarget(e.key, state);
    if (to === undefined) return;
    e.preventDefault();
    propose(Math.min(Math.max(Math.round(to), 1), 4 * state.d));
  });

  return {
    /** Puts the handle on N (after the chart has drawn for this state). */
    update(s) {
      state = { n: s.n, d: s.d };
      const at = chart.place(s.n);
      if (!at) return;
      placeHandle(at);
      setAttr(handle, 'aria-valuemax', 4 * s.d);
      setAttr(handle, 'aria-valuenow', s.n);
      setAttr(
        handle,
        'aria-valuetext',
        `${formatInt(s.n)} associations in ${withArticle(formatInt(s.d))}-dimensional state`,
      );
    },
  };
}
