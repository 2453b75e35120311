// The running ledger (§4.1): the chapter's worked d = 2 example written one stamp at a time, reads
// with a verdict and their stamp-by-stamp decomposition, keys to drag in the plane, the reader's own
// ledger, identity ↔ elu + 1, and receipts vs ledger. State -> core -> render, one direction; every
// number on screen comes from the core (la.ledgerView) and is only formatted here. This file wires:
//   state.js, edits.js   the state: example, checks, merging; the edits (pure)
//   model.js             the core's work for a state (computeLedger)
//   handlers.js          the reader's edits; they only propose a new state through act()/commit()
//   figure.js            the panels in page order (render-*.js) and the notice area
//   live.js              the live region's announcements and the scrollable-box check
//   format.js, geometry.js, fields.js, focus.js   numbers to text, angles, number fields, focus
import './ledger.css';
import { h, replace } from '../../lib/dom.js';
import { exampleState, cloneState, mergeState } from './state.js';
import { computeLedger } from './model.js';
import { createHandlers } from './handlers.js';
import { createFigure } from './figure.js';
import { createAnnouncer, watchScrollables } from './live.js';
import { workTimer } from '../../lib/work-timing.js';
import { ledgerSymbols } from './symbols.js';
import { exportOf } from './export.js';

/**
 * @param {HTMLElement} root
 * @param {import('../types').MountOptions} options
 * @returns {import('../types').DemoHandle}
 */
export function mount(root, { la, state: initial, onStateChange }) {
  const timed = workTimer('ledger'); // its own work, as User Timing measures la-ledger:*
  const el = h('div', { class: 'la-ledger' });
  root.append(el);
  if (!la || typeof la.ledgerView !== 'function') {
    el.append(h('p', { class: 'la-ledger__bad' }, 'The ledger needs the WebAssembly core, which did not load.'));
    const none = () => {};
    return {
      getState: () => null,
      update: none,
      setState: none,
      pause: none,
      resume: none,
      destroy: () => el.remove(),
    };
  }
  const limit = la.limits?.maxAbsValue ?? 1e6;
  let state = exampleState();
  let view = null;
  let destroyed = false;
  let paused = false; // off-screen: no animation-frame work (the host's IntersectionObserver)
  const alive = () => !destroyed;

  // ---- the page (built once; render() fills it from `state` and `view`) ----
  const on = createHandlers({
    el,
    getState: () => state,
    act,
    commit,
    parts: () => figure,
    limit,
    say: (text) => announcer.say(text),
    alive,
  });
  const figure = createFigure(el, on);
  const announcer = createAnnouncer(figure.live, { state: () => state, view: () => view, alive });
  const scrollables = watchScrollables(el, { paused: () => paused, alive });

  // ---- state changes ----
  /** Recomputes everything with the core for `candidate`; keeps the last good state on error. */
  function commit(candidate, { fromReader = true } = {}) {
    const t0 = performance.now();
    let next;
    try {
      next = computeLedger(la, candidate);
    } catch {
      // Everything the fields and links accept is computable (the core's limits cover the sums);
      // should the core still refuse, the reader gets a sentence, not the core's argument names.
      return 'The ledger could not be computed with these numbers, so it was left as it was.';
    }
    state = candidate;
    view = next;
    render();
    if (fromReader && typeof onStateChange === 'function') onStateChange(cloneState(state));
    announcer.schedule();
    timed('frame', t0);
    return null;
  }

  /** Applies an edit to a copy of the state; a rejected edit is shown in the notice area. */
  function act(edit) {
    if (destroyed) return;
    const candidate = cloneState(state);
    edit(candidate);
    const error = commit(candidate);
    if (error) {
      figure.showNotices([error]);
      render(); // put controls back to the last good state
    }
  }

  // Whether a box scrolls sideways is asked after a frame that drew one (not on every frame of a
  // drag, which redraws only the pages and the plane).
  figure.onScrollableDrawn = () => scrollables.schedule();

  function render() {
    figure.update(state, view);
  }

  // ---- first render ----
  const merged = mergeState(exampleState(), initial, limit);
  let error = commit(merged.state, { fromReader: false });
  if (error) {
    merged.notices.push('The ledger in the link could not be computed, so the chapter\u2019s example is shown.');
    error = commit(exampleState(), { fromReader: false });
  }
  figure.showNotices(merged.notices);
  if (error) replace(el, h('p', { class: 'la-ledger__bad' }, `The ledger could not be computed: ${error}`));

  /** Settings from outside (a permalink, an attribute, element.state): merged, checked, shown. */
  function update(obj) {
    if (destroyed) return;
    const m = mergeState(state, obj, limit);
    const err = commit(m.state, { fromReader: false });
    if (err) m.notices.push(`The new settings were not applied: ${err}`);
    figure.showNotices(m.notices);
    if (!err) figure.editor.update(state, { rebuild: true });
  }

  /** Drops any work waiting for an animation frame: the slider's page turn, a drag's last move,
   *  the scrollable-box check. */
  function cancelFrames() {
    figure.stepper.turn.cancel();
    for (const hd of figure.plane.handleList ?? []) hd.frames?.cancel();
    figure.plane.dragMatrix?.forget(); // a drag cut short: its scroll and resize listeners go too
    scrollables.cancel();
  }

  return {
    getState: () => cloneState(state),
    update,
    setState: update,
    pause() {
      paused = true;
      cancelFrames();
    },
    resume() {
      if (!paused || destroyed) return;
      paused = false;
      scrollables.schedule(); // the layout may have changed while it was off-screen
    },
    /** What the Embed panel saves (web/src/lib/export.js, export-sheet.js): the values' plane
     *  (d = 2) with its key and settings, and each read (export.js). */
    exportable: () => exportOf(state, view, figure.plane.valueLayer.ownerSVGElement),
    /** Linked reading (web/src/hosts/chapter/linked/): each symbol of the chapter's math this figure shows. Left
     *  out of the custom elements' build, which has no chapter math to link (a build-time constant:
     *  the bundler drops symbols.js there, 0.8 KB gzip of the one-element budget). */
    symbols: import.meta.env.LINATTN_ELEMENTS ? undefined : () => ledgerSymbols(state, view, el),
    destroy() {
      destroyed = true;
      announcer.cancel();
      cancelFrames();
      scrollables.disconnect();
      figure.disconnect();
      // la.ledgerView makes and frees its memories within the call: no WebAssembly object is alive here.
      el.remove();
    },
  };
}

export default mount;
