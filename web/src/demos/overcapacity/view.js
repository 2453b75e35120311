// The overcapacity demo's view (the demo kit's view(state, answers)): the controls and the figure
// drawn from the state alone (reduce.js holds every answer: the sweeps, the capacity numbers, the
// store shown), at most once per animation frame, each part written only when what it shows
// changed (figure.js). The reader's changes are told to the host (onStateChange) after the frame
// that draws them; the lifecycle hears of each frame drawn (finish()).
import { indexOfN } from './sweep.js';
import { linkState, sweepKey, capacityKey } from './state.js';

/** What the figure draws of a state: the settings, the results held for them, N's index in the
 *  sweep, the notice and error lines. */
export function viewOf(state) {
  const s = state.settings;
  const entry = state.sweeps.get(sweepKey(s)) || null;
  const capacity = state.capacity?.key === capacityKey(s) ? state.capacity : null;
  const results = { entry, capacity, store: state.store, mode: state.mode, waiting: state.resting };
  const lines = { notice: state.notice, message: state.message };
  return { state: { ...s }, ...results, nIndex: indexOfN(entry?.sweep, s.n), ...lines };
}

/** The measure's name says why a frame was drawn: the reader's change, else a result. */
function why(state, last) {
  if (!last || state.settings !== last.settings) return 'frame';
  if (state.sweeps !== last.sweeps) return 'sweep';
  if (state.store !== last.store) return 'store';
  return state.capacity === last.capacity ? 'results' : 'capacity';
}

/**
 * @param {{ controls: any, figure: any, timed: (what: string, t0: number) => void,
 *   onStateChange: (state: object) => void, afterDraw: () => void }} parts afterDraw: the
 *   lifecycle's check (finish())
 * @returns {{ view: (state: import('./reduce.js').State) => void,
 *   heard: (action: { type: string }) => void }} heard(action): an action changed the settings
 */
export function createView({ controls, figure, timed, onStateChange, afterDraw }) {
  let last = null; // the state drawn last
  let tell = false; // the reader changed the settings since the last frame: tell the host
  return {
    view(state) {
      const t0 = performance.now();
      if (state.settings !== last?.settings) controls.update(state.settings);
      for (const name of Object.keys(state.field))
        if (state.field[name] !== (last?.field[name] ?? '')) controls.fieldError(name, state.field[name]);
      figure.update(viewOf(state));
      timed(why(state, last), t0);
      last = state;
      afterDraw();
      if (!tell) return;
      tell = false;
      onStateChange(linkState(state.settings));
    },
    heard(action) {
      tell ||= action.type !== 'update';
    },
  };
}
