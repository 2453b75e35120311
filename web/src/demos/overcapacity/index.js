// The overcapacity slider (§4.3): store N associations in a d × d state and read each back with its
// own key; the reads fill with crosstalk from the first extra write on. Every number comes from the
// core (the curve from la.interferenceSweep, one store and recall by age from la.interferenceStore,
// the capacity panel from la.capacity). One way through it:
//   controls dispatch actions -> reduce.js (the state, pure) -> actions.js asks compute.js for the
//   work (scheduler/: the queue, the executors, the pacing) -> view.js draws the figure once per
//   animation frame (figure.js and its render-*.js panels).
import './overcapacity.css';
import { DEFAULTS, BETAS, DIMS, linkState } from './state.js';
import { createStore } from '../../lib/demo-kit/store.js';
import { createReducer, initialState } from './reduce.js';
import { createDispatch, effects, checkOnce, watchSliding } from './actions.js';
import { createControls } from './controls.js';
import { createCompute } from './compute.js';
import { createFigure } from './figure.js';
import { createDrawing } from './view.js';
import { createLifecycle } from './lifecycle.js';
import { workTimer } from '../../lib/work-timing.js';
import { indexOfN } from './sweep.js';
import { overcapacitySymbols } from './symbols.js';
import { exportOf } from './export.js';

export { DEFAULTS, BETAS, DIMS };

/**
 * @param {HTMLElement} root
 * @param {import('../types').MountOptions} options
 * @returns {import('../types').DemoHandle}
 */
export function mount(root, { la, state: given, onStateChange = () => {} }) {
  if (!la) throw new Error('The overcapacity demo needs the core (la).');
  const timed = workTimer('overcapacity'); // its own work, as User Timing measures la-overcapacity:*
  const ac = new AbortController();
  root.classList.add('la-overcapacity');
  root.replaceChildren();
  const checkSweep = checkOnce(la);
  const store = createStore(createReducer(checkSweep), initialState(given, checkSweep));
  const settings = () => store.get().settings;
  const held = {
    sweeps: () => store.get().sweeps,
    answer: (key, value) => store.dispatch({ type: 'answer', call: 'sweep', key, value }),
    forget: (key) => store.dispatch({ type: 'forget', call: 'sweep', key }),
  };
  const compute = createCompute(la, settings, (what) => changed(what), held);
  const dispatch = createDispatch(store, compute);
  const controls = createControls(root, { dispatch, signal: ac.signal });
  const figure = createFigure(root, { timed, dispatch, signal: ac.signal });
  const lifecycle = createLifecycle(root, compute);
  const parts = { getState: store.get, controls, figure, compute, timed, onStateChange };
  const drawing = createDrawing({ ...parts, afterDraw: () => lifecycle.drawn() });
  store.subscribe(effects({ compute, controls, drawing, lifecycle }));
  watchSliding(root, compute, ac.signal);
  function changed(what) {
    if (what === 'paused') root.setAttribute('data-work', 'paused');
    else if (what === 'refused') store.dispatch({ type: 'refused', message: compute.error.message });
    else if (what === 'error') store.dispatch({ type: 'failed', message: compute.error.message });
    else drawing.redraw(what);
  }
  const getState = () => linkState(settings());
  const update = (obj) => {
    store.dispatch({ type: 'update', settings: obj });
    return getState();
  };
  compute.ensureSweep();
  compute.ensureCapacity();
  drawing.redraw('state', true);
  return {
    getState,
    update,
    setState: update,
    /** What the Embed panel saves (web/src/lib/export.js, export-sheet.js): the curve with its key
     *  and settings, and the sweep's numbers it plots (rounded as its table shows them). */
    exportable: () => exportOf(compute.current(), settings(), root),
    /** Linked reading (web/src/hosts/chapter/linked/): N, d and the crosstalk at N, from the sweep. Left out of
     *  the custom elements' build, which has no chapter math to link (a build-time constant). */
    symbols: import.meta.env.LINATTN_ELEMENTS
      ? undefined
      : () => {
          const sweep = compute.current()?.sweep ?? null;
          return overcapacitySymbols(settings(), sweep, indexOfN(sweep, settings().n), root);
        },
    pause: lifecycle.pause,
    resume: lifecycle.resume,
    finish: lifecycle.finish,
    destroy() {
      lifecycle.destroy();
      ac.abort();
      drawing.destroy();
      dispatch.cancel();
      figure.destroy();
      compute.destroy();
      root.replaceChildren();
      root.classList.remove('la-overcapacity');
      for (const name of ['sweep', 'n', 'work']) delete root.dataset[name];
    },
  };
}
