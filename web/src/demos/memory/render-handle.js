// The context marker on the chart as a control: drag it (mouse, pen or touch) or focus it and use
// the arrow keys, like the context slider it mirrors (same accessible name, same 400 log-spaced
// positions). An HTML element over the SVG, because the chart itself is one image to assistive
// technology. It only hands on a context length (onTokens: the demo dispatches it); the state
// places it.

import { h, setStyle } from '../../lib/dom.js';
import { linearScale } from '../../lib/plot/scale.js';
import { M } from './curve-plot.js';
import { longTokens, shortTokens } from './format.js';
import { SLIDER_STEPS, positionOf, tokensAt } from './state.js';

/** The slider's positions along a chart `width` units wide: across its plot, as its context axis. */
const stepsAcross = (width) => linearScale([0, SLIDER_STEPS], [M.left, width - M.right]);

/**
 * Builds the handle inside `box` (the chart's box). label: the slider's accessible name;
 * onTokens(tokens, done): done is true at the end of a drag or for a key. Returns { el,
 * place(tokens, width) } (width: the chart's viewBox width).
 */
export function createHandle(box, label, onTokens) {
  const el = h('div', {
    class: 'lm-handle fig-handle',
    role: 'slider',
    tabindex: 0,
    'aria-label': label,
    'aria-valuemin': 0,
    'aria-valuemax': SLIDER_STEPS,
  });
  // In the normal flow of a still track over the chart, moved by its margin (docs/performance.md,
  // "What a frame of a drag may change").
  box.append(h('div', { class: 'fig-handle-track' }, el));
  let pos = 0;
  let viewWidth = 640;
  let steps = stepsAcross(viewWidth); // made again only when the chart's width changes, not per move
  let drag = null; // { left, scale } of the chart while a pointer drags

  const toPos = (clientX) => {
    const x = (clientX - drag.left) / drag.scale; // in viewBox units
    return Math.min(SLIDER_STEPS, Math.max(0, Math.round(steps.invert(x))));
  };
  function start(e) {
    if (e.button !== undefined && e.button !== 0) return;
    const r = box.getBoundingClientRect();
    drag = { left: r.left, scale: r.width / viewWidth };
    try {
      el.setPointerCapture(e.pointerId); // the drag follows the pointer off the handle
    } catch {
      // a pointer the browser no longer tracks: the drag still works while over the handle
    }
    el.focus({ preventScroll: true });
    e.preventDefault();
    onTokens(tokensAt(toPos(e.clientX)), false);
  }
  el.onpointerdown = start;
  el.onpointermove = (e) => {
    if (drag) onTokens(tokensAt(toPos(e.clientX)), false);
  };
  el.onpointerup = el.onpointercancel = (e) => {
    if (!drag) return;
    onTokens(tokensAt(toPos(e.clientX)), true);
    drag = null;
  };
  el.onkeydown = (e) => {
    const step = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1, PageUp: 10, PageDown: -10 }[e.key];
    let next = null;
    if (step !== undefined) next = Math.min(SLIDER_STEPS, Math.max(0, pos + step));
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = SLIDER_STEPS;
    if (next === null) return;
    e.preventDefault();
    onTokens(tokensAt(next), true);
  };

  /** Puts the handle at `tokens` on a chart `width` units wide (the box scales it with CSS). */
  function place(tokens, width) {
    if (width !== viewWidth) steps = stepsAcross(width);
    viewWidth = width;
    pos = positionOf(tokens);
    const frac = steps(pos) / width;
    const left = `calc(${(frac * 100).toFixed(3)}% - 12px)`;
    setStyle(el, 'marginLeft', left);
    el.setAttribute('aria-valuenow', String(pos));
    el.setAttribute('aria-valuetext', `${longTokens(tokens)} (${shortTokens(tokens)})`);
  }
  return { el, place };
}
