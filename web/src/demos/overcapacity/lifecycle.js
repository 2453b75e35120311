// finish() and pause(): the work goes on off-screen until what the figure shows is final (printing),
// and a pause() asked for meanwhile takes effect once it is.
import { viewOf } from './view.js';

/** Whether what a state shows is final (the curve with every trial, the capacity panel, the store
 *  at N, nothing waiting for a slider). */
function settled(state) {
  const r = viewOf(state);
  return Boolean(r.entry?.complete && r.capacity?.complete && !r.waiting && !r.store.note);
}

/**
 * @param root the demo's root (data-work="paused" once the sweep has stopped)
 * @param getState () => the demo's state (reduce.js)
 * @param work the executors' pacing (executors.js): pause(), resume(), paused
 */
export function createLifecycle(root, getState, work) {
  let finishing = null; // { done, resolve } while finish() holds pause() back
  let pauseAsked = false; // pause() came while finishing: it takes effect once finished
  function finished() {
    const { resolve } = finishing;
    finishing = null;
    if (pauseAsked) work.pause();
    pauseAsked = false;
    resolve();
  }
  const resume = () => {
    pauseAsked = false;
    root.removeAttribute('data-work');
    work.resume();
  };
  return {
    /** After each frame: a finish() whose figure is final (or failed) resolves. */
    drawn: () => finishing && (settled(getState()) || getState().failed) && finished(),
    /** New settings end a finish() (the lifecycle as usual from here): it finishes what was shown. */
    settingsChanged: () => finishing && finished(),
    /** The sweep has stopped after pause(). */
    paused: () => root.setAttribute('data-work', 'paused'),
    /** Off-screen: the sweep takes no new step (root[data-work="paused"] once it has stopped);
     *  while finish() runs, not before the figure is final. */
    pause() {
      if (finishing) pauseAsked = true;
      else work.pause();
    },
    /** Back on screen: the sweep goes on where it stopped. */
    resume,
    /** For printing: computes to the end even off-screen (the curve with every trial, the capacity
     *  panel, the store at N) and resolves once that is drawn, or when the settings change first;
     *  then pauses if it was asked to. */
    finish() {
      if (finishing) return finishing.done;
      if (settled(getState())) return Promise.resolve();
      /** @type {(value?: unknown) => void} */
      let resolve = () => {};
      const done = new Promise((r) => {
        resolve = r;
      });
      finishing = { done, resolve };
      if (work.paused) {
        pauseAsked = true;
        root.removeAttribute('data-work');
        work.resume();
      }
      return done;
    },
    destroy: () => finishing?.resolve(),
  };
}
