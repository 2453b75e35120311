// The overcapacity slider (§4.3): store N associations in a d × d state and read each back with its
// own key; the reads fill with crosstalk from the first extra write on. Every number comes from the
// core (the curve from la.interferenceSweep, one store and recall by age from la.interferenceStore,
// the capacity panel from la.capacity). This file wires the pieces, one way:
//   events change state -> compute asks the core -> the view (state, results, notice and error
//   lines) -> the figure draws it, once per animation frame.
//   state.js      the settings: defaults, validation, merging (pure); sweep.js  what a sweep is (pure)
//   controls.js   the form; its events only propose changes of state
//   compute.js    the requests of the core and the results held, as plain data; it says what
//                 changed (changed(what)) and is the only file that talks to the scheduler
//   scheduler/    where and in which order the core's calls run (runner.js, pool.js, slot.js,
//                 worker.js, core-work.js)
//   figure.js     the panels, drawn from the view: render-readout.js (words, numbers at N),
//                 render-chart.js (curve, legend), render-table.js (plotted numbers),
//                 render-store.js (inside one store), render-age.js (recall by age),
//                 render-capacity.js (capacity against d, tolerance)
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
import { exportOf } from './export.js';

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
  const lines = { notice: [], message: '' }; // the notice (settings ignored) and error lines
  let fallback = { ...DEFAULTS }; // the settings before the latest sweep change (a refused one's way back)
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
  const figure = createFigure(root, { timed, propose, slide, rest, setN, signal: ac.signal });
  const compute = createCompute(la, getState, changed);

  // ---- the view: a snapshot of the state, the results and the lines, drawn once per frame ---------
  /** What the figure draws: the state, the results held for it (compute.js `results`), N's index
   *  in the sweep, the notice and error lines. */
  function view() {
    const results = compute.results();
    const nIndex = indexOfN(results.entry?.sweep, state.n);
    return { state: { ...state }, ...results, nIndex, notice: lines.notice, message: lines.message };
  }
  const dirty = new Set(); // what changed since the last frame: 'state' and compute's `what`s
  let tell = false; // the reader changed the state since the last frame: tell the host
  let drawing = false; // (what changes while a frame draws is drawn in it, not in another)
  const frame = coalesceFrames(draw);
  function draw() {
    const t0 = performance.now();
    // The measure's name says why the frame was drawn: the reader's change, else a result.
    const why = dirty.has('state') ? 'frame' : ['sweep', 'store', 'capacity'].find((w) => dirty.has(w)) || 'results';
    drawing = true;
    try {
      if (dirty.has('state')) {
        controls.update(state);
        // A store small enough for the frame is computed here and drawn in it; one from a worker
        // is drawn in the next frame, with the next N of a drag: the page is laid out and painted
        // once for both.
        compute.ensureStore();
      }
      dirty.clear();
      figure.update(view());
    } finally {
      drawing = false;
    }
    timed(why, t0);
    if (finishing && (settled() || compute.error)) finished();
    if (tell) {
      tell = false;
      onStateChange(getState());
    }
  }
  /** `what` changed: drawn in the next frame (`now`: in this task, for a discrete change). */
  function redraw(what, now = false) {
    dirty.add(what);
    if (drawing) return;
    frame();
    if (now) frame.flush();
  }
  function changed(what) {
    if (what === 'paused') {
      root.setAttribute('data-work', 'paused');
      return;
    }
    if (what === 'refused') {
      // Keep the last good state: go back to the settings whose sweep the core accepted.
      lines.message = `The core refused these settings: ${compute.error.message}. Went back to the previous ones.`;
      Object.assign(state, fallback, { scale: state.scale });
      compute.ensureSweep();
      tell = true;
      redraw('state');
      return;
    }
    if (what === 'error') lines.message = compute.error.message;
    redraw(what);
  }

  // ---- finish(): the work goes on off-screen until what the figure shows is final (printing) -----
  let finishing = null; // { done, resolve } while finish() holds pause() back
  let pauseAsked = false; // pause() came while finishing: it takes effect once finished
  const settled = () => {
    const r = compute.results();
    return Boolean(r.entry?.complete && r.capacity?.complete && !r.waiting && !r.store.note);
  };
  function finished() {
    const { resolve } = finishing;
    finishing = null;
    if (pauseAsked) compute.pause();
    pauseAsked = false;
    resolve();
  }

  // ---- state changes: event handlers and the handle change state; the frame draws from it ------
  // `fromReader`: false for update() (a script or the host): only the reader's changes are told to
  // onStateChange (the demo contract, ARCHITECTURE.md).
  // `sliding`: the change comes from a settings slider still moving (slide()): the sweep and
  // capacity numbers of its new value wait until it rests (compute.js, whenRested).
  function commit(next, fromReader = true, sliding = false) {
    // New settings end a finish() (the lifecycle as usual from here): it finishes what was shown.
    if (finishing) finished();
    const sweepChanged = sweepKey(next) !== sweepKey(state);
    if (sweepChanged) fallback = { ...state };
    Object.assign(state, next);
    if (sliding) compute.whenRested();
    else {
      compute.rest();
      if (sweepChanged) compute.ensureSweep();
      // The capacity panel does not depend on N: it is asked for on settings changes, not slider frames.
      compute.ensureCapacity();
    }
    tell ||= fromReader;
    redraw('state', true);
  }
  function propose(changes, sliding = false) {
    const { next, errors } = validate(state, changes, checkSweep);
    lines.message = Object.values(errors).join(' ');
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
    compute.rest();
  }
  // A pointer still moving on a settings slider has not rested, even while its value stays (β takes
  // a few values: at 4× CPU a drag across it held each one for 4–5 frames, 250 ms and more, and a
  // sweep was asked for at each one mid-drag).
  root.addEventListener(
    'pointermove',
    (e) => {
      if (e.buttons && compute.waiting && e.target instanceof HTMLInputElement && e.target.type === 'range')
        compute.stillSliding();
    },
    { capture: true, passive: true, signal: ac.signal },
  );
  function typed(name, text) {
    const { next, errors } = validate(state, { [name]: text }, checkSweep);
    if (errors[name]) return controls.fieldError(name, `${errors[name]}. Kept ${state[name]}.`);
    controls.fieldError(name, '');
    if (next[name] === state[name]) return;
    lines.message = '';
    commit(next);
  }
  // The slider fires more input events than there are frames: state changes at once, the picture
  // follows once per animation frame, and a sweep streaming in waits while N moves.
  function setN(n) {
    if (n === state.n) return;
    state.n = n;
    tell = true;
    redraw('state');
    compute.holdForDrag();
  }
  function update(obj) {
    const merged = mergeSettings(state, obj, checkSweep);
    lines.notice = merged.lines;
    commit(merged.next, false);
    return getState();
  }

  // First picture: the given state (if any), else the defaults.
  if (initial !== undefined && initial !== null) {
    const merged = mergeSettings(state, initial, checkSweep);
    Object.assign(state, merged.next);
    lines.notice = merged.lines;
  }
  compute.ensureSweep();
  compute.ensureCapacity();
  redraw('state', true);

  return {
    getState,
    update,
    setState: update,
    /** What the Embed panel saves (web/src/lib/export.js, export-sheet.js): the curve with its key
     *  and settings, and the sweep's numbers it plots (rounded as its table shows them). */
    exportable: () => exportOf(compute.current(), state, root),
    /** Linked reading (web/src/hosts/chapter/linked/): N, d and the crosstalk at N, from the sweep. Left out of
     *  the custom elements' build, which has no chapter math to link (a build-time constant). */
    symbols: import.meta.env.LINATTN_ELEMENTS
      ? undefined
      : () => {
          const sweep = compute.current()?.sweep ?? null;
          return overcapacitySymbols(state, sweep, indexOfN(sweep, state.n), root);
        },
    /** Off-screen: the sweep takes no new step (root[data-work="paused"] once it has stopped);
     *  while finish() runs, not before the figure is final. */
    pause() {
      if (finishing) pauseAsked = true;
      else compute.pause();
    },
    /** Back on screen: the sweep goes on where it stopped. */
    resume() {
      pauseAsked = false;
      root.removeAttribute('data-work');
      compute.resume();
    },
    /** For printing: computes to the end even off-screen (the curve with every trial, the capacity
     *  panel, the store at N) and resolves once that is drawn, or when the settings change first;
     *  then pauses if it was asked to. */
    finish() {
      if (finishing) return finishing.done;
      if (settled()) return Promise.resolve();
      /** @type {(value?: unknown) => void} */
      let resolve = () => {};
      const done = new Promise((r) => {
        resolve = r;
      });
      finishing = { done, resolve };
      if (compute.paused) {
        pauseAsked = true;
        root.removeAttribute('data-work');
        compute.resume();
      }
      return done;
    },
    destroy() {
      finishing?.resolve();
      ac.abort();
      frame.cancel();
      slideFrame.cancel();
      figure.destroy();
      compute.destroy();
      root.replaceChildren();
      root.classList.remove('la-overcapacity');
      for (const name of ['sweep', 'n', 'work']) delete root.dataset[name];
    },
  };
}
