// A key's handle on the plane's unit circle (render-plane.js): a role="slider" the reader drags
// (pointer, touch) or turns with the arrow keys. Its events only dispatch an angle (plane.dispatch);
// the plane moves it when the state comes back.
import { s } from '../../lib/dom.js';
import { coalesceFrames } from '../../lib/frame.js';
import { angleOf, stepAngle } from './geometry.js';

const HANDLE_R = 7; // 0.07 of the plane's unit (render-plane.js U)
// A finger-sized target around each handle (0.22): at 390 px wide the plane draws a hundredth of its
// unit at about 0.57 CSS px, so the hit circle is 25 px across (WCAG 2.2 target size: at least 24).
const HIT_R = 22;

/** The handle of association `target` (-1: the free query): { g, label, circles, target, angle }. */
export function createHandle(plane, target) {
  const g = s('g', {
    class: 'lg-handle' + (target === -1 ? ' is-query' : ''),
    role: 'slider',
    tabindex: 0,
    'aria-valuemin': 0,
    'aria-valuemax': 359,
    'aria-orientation': 'horizontal',
    'data-part': target === -1 ? 'handle-q' : `handle-${target + 1}`,
  });
  const hit = s('circle', { r: HIT_R, class: 'lg-hit' });
  const ring = s('circle', { r: HANDLE_R + 5, class: 'lg-ring' });
  const dot = s('circle', { r: HANDLE_R, class: 'lg-dot' });
  const label = s('text', {
    class: 'lg-label',
    'text-anchor': 'middle',
    'dominant-baseline': 'central',
    'aria-hidden': 'true',
  });
  g.append(hit, ring, dot, label);
  const handle = { g, label, circles: [hit, ring, dot], target, angle: 0 };

  g.addEventListener('keydown', (e) => {
    const steps = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1, PageUp: 15, PageDown: -15 };
    let next;
    if (e.key in steps) next = stepAngle(handle.angle, steps[e.key]);
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = 359;
    else return;
    e.preventDefault();
    plane.dispatch({ type: 'angle', target, degrees: next });
  });
  /** @param {{ clientX: number, clientY: number }} e */
  const angleAtPointer = (e) => {
    const toPlane = screenToPlane(plane);
    if (!toPlane) return null;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(toPlane);
    if (p.x === 0 && p.y === 0) return null;
    return Math.round(angleOf([p.x, -p.y])) % 360; // whole degrees while dragging
  };
  g.addEventListener('pointerdown', (e) => {
    e.preventDefault();
    g.focus();
    g.setPointerCapture(e.pointerId);
    plane.dragging = target;
    watchPlaneMoves(plane);
  });
  // Pointer moves can outpace the screen: recompute at most once per animation frame, from the
  // latest pointer position. The angle is read in the frame, not in the event: a scroll's event
  // (which drops the kept matrix) is dispatched in the frame's own steps, after the input events
  // that the same frame delivers, so a move just after a scroll would otherwise be read against
  // where the plane was.
  const move = coalesceFrames((e) => {
    const a = angleAtPointer(e);
    if (a !== null && a !== handle.angle) plane.dispatch({ type: 'angle', target, degrees: a });
  });
  handle.frames = move;
  g.addEventListener('pointermove', (e) => {
    if (plane.dragging !== target || !g.hasPointerCapture(e.pointerId)) return;
    move({ clientX: e.clientX, clientY: e.clientY });
  });
  const end = (e) => {
    // The last position is read against the plane where it is now (a scroll's event may not have
    // come yet): one fresh matrix at the release.
    if (plane.dragMatrix) plane.dragMatrix.matrix = null;
    move.flush();
    if (g.hasPointerCapture(e.pointerId)) g.releasePointerCapture(e.pointerId);
    const was = plane.dragging;
    plane.dragging = null;
    plane.dragMatrix?.forget();
    if (was !== null) plane.onDragEnd?.();
  };
  g.addEventListener('pointerup', end);
  g.addEventListener('pointercancel', end);
  return handle;
}

/**
 * The inverse of the key plane's screen matrix, kept for the drag in progress (watchPlaneMoves):
 * asking the SVG on every pointer move would make the browser bring style and layout up to date
 * first, in the middle of the input's task.
 */
function screenToPlane(plane) {
  const kept = plane.dragMatrix;
  if (kept?.matrix) return kept.matrix;
  const ctm = plane.keySvg.getScreenCTM();
  if (!ctm) return null;
  const matrix = ctm.inverse();
  if (kept) kept.matrix = matrix;
  return matrix;
}

/** From a press until the drag ends, the plane's matrix is kept; a scroll or resize drops it. */
function watchPlaneMoves(plane) {
  plane.dragMatrix?.forget();
  const win = plane.keySvg.ownerDocument.defaultView;
  const kept = { matrix: null };
  const drop = () => {
    kept.matrix = null;
  };
  win.addEventListener('scroll', drop, { capture: true, passive: true });
  win.addEventListener('resize', drop, { passive: true });
  kept.forget = () => {
    win.removeEventListener('scroll', drop, { capture: true });
    win.removeEventListener('resize', drop);
    if (plane.dragMatrix === kept) plane.dragMatrix = null;
  };
  plane.dragMatrix = kept;
}
