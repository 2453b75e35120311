// Drawing: view(state, answers) runs at most once per animation frame, with the latest state,
// and not at all while the demo is paused (off-screen); resume() draws what changed meanwhile.
// flush() draws now (print, a test, the first paint).
import { coalesceFrames } from '../frame.js';

/** @param {() => void} draw */
export function createViewLoop(draw) {
  let paused = false;
  let dirty = false;
  const frame = coalesceFrames(() => {
    if (paused || !dirty) return;
    dirty = false;
    draw();
  });
  return {
    /** Something changed: draw in the next frame. */
    schedule() {
      dirty = true;
      if (!paused) frame();
    },
    /** Draws now if anything changed. */
    flush() {
      frame.cancel();
      if (!dirty) return;
      dirty = false;
      draw();
    },
    pause() {
      paused = true;
      frame.cancel();
    },
    resume() {
      paused = false;
      if (dirty) frame();
    },
    destroy() {
      paused = true;
      dirty = false;
      frame.cancel();
    },
  };
}
