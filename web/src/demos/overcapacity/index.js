// The overcapacity slider (§4.3): store N associations in a d × d state and read each back with its
// own key; past N ≈ d the keys must overlap and the reads fill with crosstalk. Every number comes
// from the core (la.interferenceSweep for the curve, la.interferenceStore for one store). This file
// wires the pieces: state -> compute -> render, one direction.
//   state.js          the settings: defaults, validation, merging (pure)
//   controls.js       the form; its events only propose changes of state
//   compute.js        the requests of the core (results held, sweep and store awaited)
//   runner.js, worker.js, jobs.js   where and in which order the core's calls run
//   render-chart.js   the SVG curve and its legend; render-readout.js the words and numbers at N
//   render-table.js   the plotted numbers as a table; render-store.js "inside one store"
//   layout-watch.js   theme and width changes; format.js numbers to text
import './overcapacity.css';
import { h } from '../../lib/dom.js';
import { DEFAULTS, BETAS, DIMS, sweepKey, validate, mergeSettings } from './state.js';
import { createControls } from './controls.js';
import { createCompute, indexOfN } from './compute.js';
import { createChart, createLegend } from './render-chart.js';
import { createReadout } from './render-readout.js';
import { createPlottedTable } from './render-table.js';
import { createStoreView } from './render-store.js';
import { watchLayout } from './layout-watch.js';
import { workTimer } from '../../lib/work-timing.js';
import { coalesceFrames } from '../../lib/frame.js';

export { DEFAULTS, BETAS, DIMS };
/** How long the N slider must rest before a sweep streaming in takes its next step. */
const SWEEP_HOLD_MS = 300;

export function mount(root, { la, state: initial, onStateChange = () => {} } = {}) {
  const timed = workTimer('overcapacity'); // its own work, as User Timing measures la-overcapacity:*
  if (!la) throw new Error('The overcapacity demo needs the core (la).');
  const ac = new AbortController();
  root.classList.add('la-overcapacity');
  root.replaceChildren();
  const state = { ...DEFAULTS };
  const getState = () => ({ ...state });
  const checkSweep = (params) => la.checkSweep(params);
  const check = (changes) => validate(state, changes, checkSweep);

  // ---- the pieces, in page order -------------------------------------------------------------
  const controls = createControls(root, { n: setN, propose, typed, signal: ac.signal });
  const notice = root.appendChild(h('p', { class: 'oc-notice', role: 'status', hidden: true }));
  const errorMsg = root.appendChild(h('p', { class: 'oc-error', role: 'alert', 'data-part': 'error', hidden: true }));
  const words = createReadout();
  root.append(...words.above);
  const chart = createChart(root);
  const legend = createLegend(root);
  root.append(...words.below);
  const table = createPlottedTable(root, () => ({ entry: jobs.current(), state, nIndex: nIndex() }), timed);
  const storeView = createStoreView(root, root);
  root.append(words.live);

  const jobs = createCompute(la, getState, {
    sweep: () => timedRender('sweep', renderChart), // (renderChart draws the numbers at N too)
    refused: (message) => {
      // Keep the last good state: go back to the settings whose sweep the core accepted.
      showError(`The core refused these settings: ${message}. Went back to the previous ones.`);
      Object.assign(state, jobs.fallback, { scale: state.scale });
      jobs.ensureSweep();
      renderChart();
      renderAll();
    },
    store: (result, label, pendingN) => timedRender('store', () => storeView.show(result, label, pendingN)),
    storePending: (n) => storeView.pending(n),
    storeError: showError,
    mode: () => renderStatus(),
    paused: () => root.setAttribute('data-work', 'paused'),
  });
  const stopWatching = watchLayout(
    root,
    { chart: chart.element, strip: storeView.stripElement },
    {
      theme: () => storeView.redraw(true),
      chartWidth: (w) => {
        if (chart.setWidth(w)) renderChart();
      },
      stripWidth: (w) => storeView.redraw(false, w),
    },
  );

  // ---- state changes: handlers and the handle only change state, then draw from it ------------
  function commit(next) {
    const sweepChanged = sweepKey(next) !== sweepKey(state);
    const scaleChanged = next.scale !== state.scale || next.d !== state.d;
    if (sweepChanged) jobs.fallback = { ...state };
    Object.assign(state, next);
    if (sweepChanged) jobs.ensureSweep();
    if (sweepChanged || scaleChanged) renderChart();
    renderAll();
  }
  function propose(changes) {
    const { next, errors } = check(changes);
    showError(Object.values(errors).join(' '));
    commit(next);
  }
  function typed(name, text) {
    const { next, errors } = check({ [name]: text });
    if (errors[name]) return controls.fieldError(name, `${errors[name]}. Kept ${state[name]}.`);
    controls.fieldError(name, '');
    if (next[name] === state[name]) return;
    showError('');
    commit(next);
  }
  // The slider fires more input events than there are frames: state changes at once, the picture
  // follows once per animation frame. While N moves, a sweep streaming in waits (runner.hold).
  const frame = coalesceFrames(() => timedRender('frame', renderAll));
  let heldAt = -Infinity;
  function setN(n) {
    if (n === state.n) return;
    state.n = n;
    frame();
    const now = performance.now();
    if (now - heldAt > SWEEP_HOLD_MS / 3) {
      heldAt = now;
      jobs.hold(SWEEP_HOLD_MS);
    }
  }

  // ---- drawing from state and results --------------------------------------------------------
  const nIndex = () => indexOfN(jobs.current()?.sweep, state.n);
  function timedRender(what, draw) {
    const t0 = performance.now();
    draw();
    timed(what, t0);
  }
  function renderAll() {
    controls.render(state);
    legend.render(state);
    renderAtN();
    jobs.ensureStore();
    onStateChange(getState());
  }
  const renderStatus = () => words.renderStatus(root, jobs.current(), state, jobs.mode);
  function renderChart() {
    const entry = jobs.current();
    chart.update({ sweep: entry ? entry.sweep : null, d: state.d, scale: state.scale });
    renderStatus();
    renderAtN();
    table.render();
  }
  function renderAtN() {
    const i = nIndex();
    chart.marker(state.n, i);
    words.renderAtN(root, jobs.current()?.sweep ?? null, i, state);
  }
  function showError(message) {
    errorMsg.hidden = !message;
    errorMsg.textContent = message || '';
  }
  function showNotice(lines) {
    notice.hidden = lines.length === 0;
    notice.textContent = lines.join(' ');
  }

  // ---- first picture: the given state (if any), else the defaults -----------------------------
  if (initial !== undefined && initial !== null) {
    const { next, lines } = mergeSettings(state, initial, checkSweep);
    Object.assign(state, next);
    showNotice(lines);
  }
  controls.render(state);
  legend.render(state);
  jobs.ensureSweep();
  renderChart();
  jobs.ensureStore();

  function update(obj) {
    const { next, lines } = mergeSettings(state, obj, checkSweep);
    showNotice(lines);
    commit(next);
    return getState();
  }
  return {
    getState,
    update,
    setState: update,
    /** Off-screen: the sweep takes no new step (root[data-work="paused"] once it has stopped). */
    pause: () => jobs.pause(),
    /** Back on screen: the sweep goes on where it stopped. */
    resume() {
      root.removeAttribute('data-work');
      jobs.resume();
    },
    destroy() {
      ac.abort();
      stopWatching();
      words.destroy();
      frame.cancel();
      jobs.destroy();
      table.destroy();
      root.replaceChildren();
      root.classList.remove('la-overcapacity');
      for (const name of ['sweep', 'n', 'work']) delete root.dataset[name];
    },
  };
}
