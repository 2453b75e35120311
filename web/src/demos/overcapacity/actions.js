// How the demo's actions reach the state and the work. Controls dispatch named actions
// (reduce.js); two are pacing, not state: a settings slider's changes ({ type: 'slide' }) apply once
// per animation frame, and { type: 'rest' } (its change event) asks at once for what waited for
// it. Every change of state then asks the compute for what it needs (`effects`).
import { coalesceFrames } from '../../lib/frame.js';
import { sweepKey } from './state.js';

/** The kinds of action that commit new settings (not N alone, not a refusal). */
const COMMITS = new Set(['propose', 'slide', 'settings', 'typed', 'update']);

/**
 * dispatch(action) for the controls: a settings slider fires more input events than there are
 * frames, so its changes are merged and applied once per animation frame; rest() applies what is
 * pending and asks for what waited for the slider.
 */
export function createDispatch(store, compute) {
  let slid = {};
  const slideFrame = coalesceFrames(() => {
    const changes = slid;
    slid = {};
    store.dispatch({ type: 'slide', changes });
  });
  /** @param {{ type: string, changes?: object }} action */
  const dispatch = (action) => {
    if (action.type === 'slide') {
      Object.assign(slid, action.changes);
      slideFrame();
    } else if (action.type === 'rest') {
      slideFrame.flush();
      compute.rest();
    } else store.dispatch(action);
  };
  dispatch.cancel = () => slideFrame.cancel();
  return dispatch;
}

/**
 * What each change of state asks of the compute and the drawing: new settings end a finish(),
 * ask for their sweep (if it changed) and capacity numbers (a sliding one: once it rests), and are
 * drawn in this task; N is drawn in the next frame and holds the sweep while it is dragged; a
 * refused sweep goes back to the settings before; a failed call's message is drawn.
 */
export function effects({ compute, controls, drawing, lifecycle }) {
  return (next, prev, action) => {
    for (const name of Object.keys(next.field))
      if (next.field[name] !== prev.field[name]) controls.fieldError(name, next.field[name]);
    if (next.settings === prev.settings) {
      if (action.type === 'failed') drawing.redraw('error');
      return;
    }
    if (action.type === 'n') {
      drawing.redraw('state', false, true);
      compute.holdForDrag();
    } else if (action.type === 'refused') {
      compute.ensureSweep();
      drawing.redraw('state', false, true);
    } else if (COMMITS.has(action.type)) {
      lifecycle.settingsChanged();
      if (action.type === 'slide') compute.whenRested();
      else {
        compute.rest();
        if (sweepKey(next.settings) !== sweepKey(prev.settings)) compute.ensureSweep();
        // The capacity panel does not depend on N: asked for on settings changes, not slider frames.
        compute.ensureCapacity();
      }
      drawing.redraw('state', true, action.type !== 'update');
    }
  };
}

/** la.checkSweep, asked once per settings (a drag of β proposes once a frame, often a value it has
 *  seen): the core's ranges and work budget; it throws what it refuses. */
export function checkOnce(la, passed = new Set()) {
  return (params) => {
    const key = JSON.stringify(params);
    if (passed.has(key)) return;
    la.checkSweep(params);
    if (passed.size >= 256) passed.clear();
    passed.add(key);
  };
}

/** A pointer still moving on a settings slider has not rested, even while its value stays (β takes
 *  a few values: at 4× CPU a drag across it held each one for 4–5 frames, 250 ms and more). */
export function watchSliding(root, compute, signal) {
  const moved = (e) => {
    if (e.buttons && compute.waiting && e.target instanceof HTMLInputElement && e.target.type === 'range')
      compute.stillSliding();
  };
  root.addEventListener('pointermove', moved, { capture: true, passive: true, signal });
}
