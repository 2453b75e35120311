// The overcapacity demo's drawing: what changed since the last frame (`dirty`: 'state' and the
// compute's `what`s) is drawn once per animation frame (the kit's view-loop.js), from a snapshot of
// the state and the results held for it; the reader's changes are told to the host (onStateChange)
// after the frame that draws them.
import { createViewLoop } from '../../lib/demo-kit/view-loop.js';
import { indexOfN } from './sweep.js';
import { linkState } from './state.js';

/** What the figure draws: the settings, the results held for them (compute.js `results`), N's
 *  index in the sweep, the notice and error lines. */
export function viewOf(state, compute) {
  const results = compute.results();
  const nIndex = indexOfN(results.entry?.sweep, state.settings.n);
  return { state: { ...state.settings }, ...results, nIndex, notice: state.notice, message: state.message };
}

/**
 * @param {{ getState: () => import('./reduce.js').State, controls: any, figure: any, compute: any,
 *   timed: (what: string, t0: number) => void, onStateChange: (state: object) => void,
 *   afterDraw: () => void }} parts afterDraw: the lifecycle's check (finish())
 */
export function createDrawing({ getState, controls, figure, compute, timed, onStateChange, afterDraw }) {
  const dirty = new Set();
  let tell = false; // the reader changed the state since the last frame: tell the host
  let drawing = false; // (what changes while a frame draws is drawn in it, not in another)
  const loop = createViewLoop(() => {
    const t0 = performance.now();
    // The measure's name says why the frame was drawn: the reader's change, else a result.
    const why = dirty.has('state') ? 'frame' : ['sweep', 'store', 'capacity'].find((w) => dirty.has(w)) || 'results';
    drawing = true;
    try {
      if (dirty.has('state')) {
        controls.update(getState().settings);
        // A store small enough for the frame is computed here and drawn in it; one from a worker
        // is drawn in the next frame, with the next N of a drag: the page is laid out and painted
        // once for both.
        compute.ensureStore();
      }
      dirty.clear();
      figure.update(viewOf(getState(), compute));
    } finally {
      drawing = false;
    }
    timed(why, t0);
    afterDraw();
    if (tell) {
      tell = false;
      onStateChange(linkState(getState().settings));
    }
  });
  return {
    /** `what` changed: drawn in the next frame (`now`: in this task, for a discrete change);
     *  `told`: a change of the reader's, told to the host after it is drawn. */
    redraw(what, now = false, told = false) {
      tell ||= told;
      dirty.add(what);
      if (drawing) return;
      loop.schedule();
      if (now) loop.flush();
    },
    destroy: () => loop.destroy(),
  };
}
