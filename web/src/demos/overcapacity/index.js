// The overcapacity slider (§4.3): store N associations in a d × d state and read each back with its
// own key; the reads fill with crosstalk from the first extra write on. Every number comes from the
// core (the curve from la.interferenceSweep, one store and recall by age from la.interferenceStore,
// the capacity panel from la.capacity). On the demo kit (lib/demo-kit/):
//   reduce.js     the state and its named actions, every answer held in it (answers.js,
//                 store-pace.js: which store is asked for when)
//   requests.js   the work the state asks for: sweeps, capacity numbers, stores, the sliders' rests
//   executors.js  where it runs: the pool of workers or the page thread (scheduler/), a timer
//   view.js       the controls and the figure (figure.js, render-*.js) drawn from the state
//   handle.js     what the host drives; lifecycle.js finish() and pause()
// Controls dispatch actions (actions.js: a settings slider's moves once per frame).
import '../../styles/figure.css'; // the figures' shared styles: one copy for every figure on a page
import './overcapacity.css';
import { DEFAULTS, BETAS, DIMS } from './state.js';
import { createDemo } from '../../lib/demo-kit/demo.js';
import { createReducer, initialState } from './reduce.js';
import { requests } from './requests.js';
import { createExecutors } from './executors.js';
import { createDispatch, checkOnce, afterChange } from './actions.js';
import { createControls } from './controls.js';
import { createFigure } from './figure.js';
import { createView } from './view.js';
import { createLifecycle } from './lifecycle.js';
import { overcapacityHandle } from './handle.js';
import { workTimer } from '../../lib/work-timing.js';

export { DEFAULTS, BETAS, DIMS };

/**
 * @param {HTMLElement} root
 * @param {import('../types').MountOptions} options
 * @returns {import('../types').DemoHandle}
 */
export function mount(root, { la, state: given, onStateChange = () => {} }) {
  if (!la) throw new Error('The overcapacity demo needs the core (la).');
  const timed = workTimer('overcapacity'); // its own work, as User Timing measures la-overcapacity:*
  const [ac, life] = [new AbortController(), { destroyed: false }];
  root.classList.add('la-overcapacity');
  root.replaceChildren();
  const checkSweep = checkOnce(la);
  /** @type {ReturnType<typeof createDemo> | undefined} */
  let demo;
  const tell = (action) => !life.destroyed && demo?.dispatch(action);
  const on = { signal: ac.signal, paused: () => lifecycle.paused(), mode: (mode) => tell({ type: 'mode', mode }) };
  const work = createExecutors(la, root, on);
  const dispatch = createDispatch({ dispatch: tell, flush: () => demo?.flush() });
  const controls = createControls(root, { dispatch, signal: ac.signal });
  const figure = createFigure(root, { timed, dispatch, signal: ac.signal, settings: controls.settings });
  const lifecycle = createLifecycle(root, () => demo.getState(), work);
  const drawing = createView({ controls, figure, timed, onStateChange, afterDraw: () => lifecycle.drawn() });
  demo = createDemo({
    ...{ initial: initialState(given, checkSweep), reduce: createReducer(checkSweep), requests },
    ...{ executors: work.executors, view: drawing.view, keep: 0 }, // every answer is held in the state
    changed: afterChange({ work, lifecycle, drawing }),
  });
  demo.dispatch({ type: 'mode', mode: work.mode }); // (workers that failed to start at once)
  demo.flush(); // the first paint, before mount returns
  return overcapacityHandle({ root, demo, dispatch, figure, lifecycle, work, ac, life });
}
