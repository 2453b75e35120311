// The overcapacity slider (§4.3): store N associations in a d × d state and read each back with its
// own key; the reads fill with crosstalk from the first extra write on. Every number comes from the
// core (the curve from la.interferenceSweep, one store and recall by age from la.interferenceStore,
// the capacity panel from la.capacity). This file wires the pieces, one way:
// events change state -> compute asks the core -> the figure draws from state and results.
//   state.js      the settings: defaults, validation, merging (pure)
//   controls.js   the form; its events only propose changes of state
//   compute.js    the requests of the core (results held, the sweep and store awaited), pause/resume
//   scheduler/    where and in which order the core's calls run (runner.js, pool.js, slot.js,
//                 worker.js, jobs.js)
//   figure.js     the panels: render-readout.js (words, numbers at N), render-chart.js (curve, legend),
//                 render-table.js (plotted numbers), render-store.js (inside one store),
//                 render-age.js (recall by age), render-capacity.js (capacity against d, tolerance)
//   layout-watch.js  theme and width changes; format.js  numbers to text
import './overcapacity.css';
import { DEFAULTS, BETAS, DIMS, sweepKey, validate, mergeSettings, linkState } from './state.js';
import { createControls } from './controls.js';
import { createCompute } from './compute.js';
import { createFigure } from './figure.js';
import { workTimer } from '../../lib/work-timing.js';
import { coalesceFrames } from '../../lib/frame.js';
import { indexOfN } from './sweep.js';
import { overcapacitySymbols } from './symbols.js';

export { DEFAULTS, BETAS, DIMS };

/**
 * @param {HTMLElement} root
 * @param {import('../types').MountOptions} options
 * @returns {import('../types').DemoHandle}
 */
export function mount(root, { la, state: initial, onStateChange = () => {} }) {
  const timed = workTimer('overcapacity'); // its own work, as User Timing measures la-overcapacity:*
  if (!la) throw new Error('The overcapacity demo needs the core (la).');
  const ac = new AbortController();
  root.classList.add('la-overcapacity');
  root.replaceChildren();
  const state = { ...DEFAULTS };
  const getState = () => linkState(state);
  // The core's ranges and work budget (it throws what it refuses). Settings it has passed are not
  // asked about again: a drag of β proposes once a frame, often a value it has seen.
  const passed = new Set();
  const checkSweep = (params) => {
    const key = JSON.stringify(params);
    if (passed.has(key)) return;
    la.checkSweep(params);
    if (passed.size >= 256) passed.clear();
    passed.add(key);
  };

  const settingsToggled = (open) => open !== state.settings && propose({ settings: open });
  const controls = createControls(root, { n: setN, propose, slide, rest, typed, settingsToggled, signal: ac.signal });
  const figure = createFigure(root, {
    state: () => state,
    entry: () => jobs.current(),
    capacity: () => jobs.capacity(),
    mode: () => jobs.mode,
    timed,
    propose,
    slide,
    rest,
    waiting: () => jobs.waiting,
    setN,
    signal: ac.signal,
  });
  const jobs = createCompute(la, getState, {
    sweep: () => timedRender('sweep', figure.renderChart),
    refused: (message) => {
      // Keep the last good state: go back to the settings whose sweep the core accepted.
      figure.showError(`The core refused these settings: ${message}. Went back to the previous ones.`);
      Object.assign(state, jobs.fallback, { scale: state.scale });
      jobs.ensureSweep();
      figure.renderChart();
      renderAll();
    },
    // A store computed inside the frame is drawn in it (and an older one still waiting is dropped);
    // one from a worker is drawn in the next frame (storeFrame), not in the message's own task:
    // during a drag that frame is also the next N's, so the page is laid out and painted once for
    // both instead of twice.
    store(result, label, pending, arrived) {
      if (arrived) return storeFrame([result, label, pending]);
      storeFrame.cancel();
      drawStore([result, label, pending]);
    },
    capacity: () => timedRender('capacity', figure.renderCapacity),
    capacityError: (message) => figure.showError(message),
    storePending: (n) => figure.store.pending(n),
    storeWaiting: (n, settings) => figure.store.waiting(settings),
    storeError: (message) => figure.showError(message),
    rested: () => {
      figure.renderChart();
      figure.renderCapacity();
    },
    mode: () => figure.renderStatus(),
    paused: () => root.setAttribute('data-work', 'paused'),
  });

  // ---- state changes: event handlers and the handle change state, then draw from it -----------
  // `fromReader`: false for update() (a script or the host): only the reader's changes are told to
  // onStateChange (the demo contract, ARCHITECTURE.md).
  // `sliding`: the change comes from a settings slider still moving (slide()): the sweep and
  // capacity numbers of its new value wait until it rests (compute.js, whenRested).
  function commit(next, fromReader = true, sliding = false) {
    const sweepChanged = sweepKey(next) !== sweepKey(state);
    const scaleChanged = next.scale !== state.scale || next.d !== state.d;
    if (sweepChanged) jobs.fallback = { ...state };
    Object.assign(state, next);
    if (sliding) jobs.whenRested();
    else {
      jobs.rest();
      if (sweepChanged) jobs.ensureSweep();
      // The capacity panel does not depend on N: it is drawn on settings changes, not slider frames.
      jobs.ensureCapacity();
    }
    if (sweepChanged || scaleChanged) figure.renderChart();
    figure.renderCapacity();
    renderAll(fromReader);
  }
  function propose(changes, sliding = false) {
    const { next, errors } = validate(state, changes, checkSweep);
    figure.showError(Object.values(errors).join(' '));
    commit(next, true, sliding);
  }
  // A settings slider (β, the forget gate, the delta step, the tolerance) fires more input events
  // than there are frames: its changes are proposed once per animation frame, and its `change`
  // event (the end of a drag, a key) is rest(): what waited for it is asked for at once.
  let slid = {};
  const slideFrame = coalesceFrames(() => {
    const changes = slid;
    slid = {};
    propose(changes, true);
  });
  function slide(changes) {
    Object.assign(slid, changes);
    slideFrame();
  }
  function rest() {
    slideFrame.flush();
    jobs.rest();
  }
  function typed(name, text) {
    const { next, errors } = validate(state, { [name]: text }, checkSweep);
    if (errors[name]) return controls.fieldError(name, `${errors[name]}. Kept ${state[name]}.`);
    controls.fieldError(name, '');
    if (next[name] === state[name]) return;
    figure.showError('');
    commit(next);
  }
  // The slider fires more input events than there are frames: state changes at once, the picture
  // follows once per animation frame, and a sweep streaming in waits while N moves.
  const frame = coalesceFrames(() => timedRender('frame', renderAll));
  const drawStore = ([result, label, pending]) => timedRender('store', () => figure.showStore(result, label, pending));
  const storeFrame = coalesceFrames(drawStore);
  function setN(n) {
    if (n === state.n) return;
    state.n = n;
    frame();
    jobs.holdForDrag();
  }
  function update(obj) {
    const { next, lines } = mergeSettings(state, obj, checkSweep);
    figure.showNotice(lines);
    commit(next, false);
    return getState();
  }

  // ---- drawing -----------------------------------------------------------------------------------
  function timedRender(what, draw) {
    const t0 = performance.now();
    draw();
    timed(what, t0);
  }
  function renderAll(fromReader = true) {
    controls.render(state);
    figure.renderSettings(state);
    figure.renderAtN();
    jobs.ensureStore();
    if (fromReader) onStateChange(getState());
  }

  // First picture: the given state (if any), else the defaults.
  if (initial !== undefined && initial !== null) {
    const { next, lines } = mergeSettings(state, initial, checkSweep);
    Object.assign(state, next);
    figure.showNotice(lines);
  }
  controls.render(state);
  figure.renderSettings(state);
  jobs.ensureSweep();
  figure.renderChart();
  jobs.ensureStore();
  jobs.ensureCapacity();
  figure.renderCapacity();

  return {
    getState,
    update,
    setState: update,
    /** What the Embed panel saves (web/src/lib/export.js): the curve, and the sweep's numbers it plots. */
    exportable() {
      const entry = jobs.current();
      const sweep = entry?.sweep ?? null;
      const series = ['cosineMean', 'cosineStd', 'recallMean', 'missMean', 'theoryCosine', 'softmaxCosineMean'];
      series.push('softmaxRecallMean');
      const columns = ['N', 'mean cosine', 'cosine std', 'top-1 recall', 'wrong picks', 'theory cosine'];
      columns.push(`softmax cosine (beta ${state.beta})`, `softmax recall (beta ${state.beta})`);
      const rows = sweep ? Array.from(sweep.ns, (n, i) => [n, ...series.map((k) => sweep[k][i])]) : [];
      const extra = Object.entries({ trials: state.trials, seed: state.seed, beta: state.beta })
        .filter(([k, v]) => v !== DEFAULTS[k])
        .map(([k, v]) => `${k}${v}`);
      if (state.scale !== DEFAULTS.scale) extra.push(state.scale);
      if (sweep && !entry.complete) extra.push(`${sweep.trials}-of-${state.trials}-trials`);
      const name = [`overcapacity-d${state.d}-${state.keys}`, ...extra].join('-');
      const svg = /** @type {SVGSVGElement} */ (root.querySelector('.oc-chart > svg:not(.oc-marker-layer)'));
      return { name, svg, rows: { columns, rows } };
    },
    /** Linked reading (web/src/linked/): N, d and the crosstalk at N, from the sweep. Left out of
     *  the custom elements' build, which has no chapter math to link (a build-time constant). */
    symbols: import.meta.env.LINATTN_ELEMENTS
      ? undefined
      : () => {
          const sweep = jobs.current()?.sweep ?? null;
          return overcapacitySymbols(state, sweep, indexOfN(sweep, state.n), root);
        },
    /** Off-screen: the sweep takes no new step (root[data-work="paused"] once it has stopped). */
    pause: () => jobs.pause(),
    /** Back on screen: the sweep goes on where it stopped. */
    resume() {
      root.removeAttribute('data-work');
      jobs.resume();
    },
    destroy() {
      ac.abort();
      frame.cancel();
      slideFrame.cancel();
      storeFrame.cancel();
      figure.destroy();
      jobs.destroy();
      root.replaceChildren();
      root.classList.remove('la-overcapacity');
      for (const name of ['sweep', 'n', 'work']) delete root.dataset[name];
    },
  };
}
