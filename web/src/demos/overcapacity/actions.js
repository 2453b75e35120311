// How the controls' actions reach the demo. A settings slider fires more input events than there
// are frames: its changes ({ type: 'slide' }) are merged and applied once per animation frame, and
// its change event ({ type: 'rest' }) applies what is pending first. An action that commits new
// settings is drawn in its own task; N and the results are drawn in the next frame.
import { coalesceFrames } from '../../lib/frame.js';

/** The kinds of action that commit new settings (not N alone, not a refusal). */
const COMMITS = new Set(['propose', 'slide', 'settings', 'typed', 'update']);

/** dispatch(action) for the controls, over the demo's own (`demo`: the demo kit's handle). */
export function createDispatch(demo) {
  let slid = {};
  const apply = (action) => {
    demo.dispatch(action);
    if (COMMITS.has(action.type)) demo.flush();
  };
  const slideFrame = coalesceFrames(() => {
    const changes = slid;
    slid = {};
    apply({ type: 'slide', changes });
  });
  /** @param {{ type: string, changes?: object }} action */
  const dispatch = (action) => {
    if (action.type === 'slide') {
      Object.assign(slid, action.changes);
      slideFrame();
      return;
    }
    if (action.type === 'rest') slideFrame.flush();
    apply(action);
  };
  dispatch.cancel = () => slideFrame.cancel();
  return dispatch;
}

/** What a change of settings tells beside the state (the demo kit's `changed`): N's drag holds
 *  the work back (executors.js), new settings end a finish() (lifecycle.js), and the view tells
 *  the host of the reader's change after the frame that draws it (view.js). */
export function afterChange({ work, lifecycle, drawing }) {
  return (next, prev, action) => {
    if (next.settings === prev.settings) return;
    if (action.type === 'n') work.holdForDrag();
    if (COMMITS.has(action.type)) lifecycle.settingsChanged();
    drawing.heard(action);
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
