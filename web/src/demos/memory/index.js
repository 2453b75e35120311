// §4.2 demo: the constant-vs-growing memory bar, a KV-cache calculator for real models in which
// linear attention's fixed state stays a flat line. On the demo kit (web/src/lib/demo-kit/): state
// reducer.js (a setting is kept only when the core accepts it), work requests.js (on the page thread:
// page-executor.js), view view.js; controls dispatch actions; parts.js builds the elements.

import '../../styles/figure.css'; // the figures' shared styles: one copy for every figure on a page
import './memory.css';
import { createDemo } from '../../lib/demo-kit/demo.js';
import { exportOf } from './export.js';
import { pageExecutor } from './page-executor.js';
import { createParts } from './parts.js';
import { initialState, reduce } from './reducer.js';
import { requests } from './requests.js';
import { linkState } from './state.js';
import { createView } from './view.js';

/**
 * @param {HTMLElement} rootElement
 * @param {import('../types').MountOptions} options
 * @returns {import('../types').DemoHandle}
 */
export function mount(rootElement, { la, state: initial, onStateChange }) {
  /** @type {ReturnType<typeof createDemo<import('./reducer.js').DemoState>>} */ let demo;
  const parts = createParts(rootElement, la, () => demo);
  const core = pageExecutor(la);
  demo = createDemo({
    initial: initialState(),
    reduce,
    requests,
    executors: { page: core.run },
    view: createView(parts, la.limits, core),
    keep: 0, // each candidate is asked once (requests.js keyOf): nothing to keep
    // the reader's changes the core accepted go to the host (a permalink); a host's own do not
    changed: (next, prev) =>
      next.memory !== prev.memory && prev.candidate?.notify && onStateChange?.(linkState(next.memory)),
  });
  /** Applies the known, valid fields of `obj` (drawn at once); names the others in a visible notice. */
  function update(obj) {
    demo.dispatch({ type: 'update', input: obj });
    demo.flush();
  }
  if (initial !== undefined && initial !== null) demo.dispatch({ type: 'update', input: initial });
  demo.flush(); // the first paint: the defaults, then whatever settings came with the mount
  return {
    getState: () => linkState(demo.getState().memory),
    update,
    setState: update,
    /** Off-screen (data-paused): no drawing or summary timer runs; what changed meanwhile, on resume(). */
    pause: () => parts.pause(demo),
    resume: () => parts.resume(demo),
    destroy: () => parts.destroy(demo),
    /** What the Embed panel saves: the chart with its key and settings, the core's bytes it plots. */
    exportable() {
      demo.flush(); // what is pending is drawn first: the chart saved is the state's
      return exportOf(demo.getState(), parts.chart);
    },
  };
}

export default mount;
