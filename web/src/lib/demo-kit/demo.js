// One way every demo updates (ARCHITECTURE.md, "The demo skeleton"):
//   controls ── dispatch(action) ──▶ reduce(state, action) ──▶ requests(state) ──▶ executors
//       ▲                                     ▲                                      │
//       └──── view(state, answers), once per frame ◀── { type: 'answer', key, … } ◀──┘
// A demo declares its initial state, its pure reducer, its pure requests and its view; the kit
// holds the state, runs the work and draws. Nothing relays callbacks: a control dispatches.
import { createStore } from './store.js';
import { createWork } from './work.js';
import { createViewLoop } from './view-loop.js';

/**
 * @template S
 * @param {{
 *   initial: S,
 *   reduce: (state: S, action: { type: string }) => S,
 *   requests?: (state: S) => import('./work.js').Request[],
 *   executors?: Record<string, import('./work.js').Executor>,
 *   view: (state: S, answers: { get(key: string): import('./work.js').Held | undefined }) => void,
 *   changed?: (next: S, prev: S, action: { type: string }) => void,
 *   keep?: number,
 * }} spec `changed` hears every change of state (the permalink, onStateChange)
 */
export function createDemo({ initial, reduce, requests = () => [], executors = {}, view, changed, keep }) {
  const store = createStore(reduce, initial);
  const answers = { get: (key) => work.get(key), busy: (key) => work.busy(key) };
  const loop = createViewLoop(() => view(store.get(), answers));
  const work = createWork({
    executors,
    keep,
    onAnswer: (key, held) => {
      store.dispatch({ type: 'answer', key, ...held });
      loop.schedule();
    },
  });
  store.subscribe((next, prev, action) => {
    work.want(requests(next));
    loop.schedule();
    changed?.(next, prev, action);
  });
  work.want(requests(initial));
  loop.schedule();

  return {
    dispatch: store.dispatch,
    getState: store.get,
    answers,
    /** Draws now what is pending (the first paint, print, a test). */
    flush: () => loop.flush(),
    /** Off-screen: no drawing (executors decide what of their work pauses). */
    pause: () => loop.pause(),
    resume: () => loop.resume(),
    destroy() {
      loop.destroy();
      work.destroy();
    },
  };
}
