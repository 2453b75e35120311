// §4.2 demo: the constant-vs-growing memory bar. A KV-cache calculator for real models in which
// linear attention's fixed state stays a flat line. State -> core -> render, one direction: event
// handlers (controls.js, render-editor.js) only propose a new state; it is kept only when the core
// accepts it (compute.js), else the core's message is shown beside the control and the last good
// state stays on screen. The pieces: state.js (defaults, checks, merging), compute.js (the core),
// render-*.js (drawing), controls.js (the form), labels.js (shared words), models.js (shapes).

import './memory.css';
import { h } from '../../lib/dom.js';
import { workTimer } from '../../lib/work-timing.js';
import { computeMemory } from './compute.js';
import { importConfig } from './compute-config.js';
import { createControls, clearError, showError } from './controls.js';
import { CUSTOM_ID, MAX_LAYER_GROUPS, customFrom } from './models.js';
import { PRESETS } from './presets.js';
import { renderBars } from './render-bars.js';
import { createChart } from './render-chart.js';
import { renderFigures } from './render-figures.js';
import { createSummary } from './render-summary.js';
import { createTable } from './render-table.js';
import { defaultState, fieldPatches, linkState, mergeState } from './state.js';
import { exportOf } from './export.js';

const PRESET_IDS = new Set(PRESETS.map((p) => p.id));

/**
 * @param {HTMLElement} rootElement
 * @param {import('../types').MountOptions} options
 * @returns {import('../types').DemoHandle}
 */
export function mount(rootElement, { la, state: initialState, onStateChange }) {
  const timed = workTimer('memory'); // its own work, as User Timing measures la-memory:*
  let state = defaultState();
  let results = null; // the core's answer for `state` (compute.js)
  let paused = false;
  let hiddenWidth = 0; // the chart box's width, when it changed during a pause
  let lastError = null; // the core's last refusal (its .field names the setting)

  // ---- state changes -----------------------------------------------------------------------------
  /** Proposes `patch`; keeps it when the core accepts it. Errors go to `errorEl`. */
  function propose(patch, errorEl, { notify = true } = {}) {
    const t0 = performance.now();
    const candidate = { ...state, ...patch };
    let next;
    try {
      next = computeMemory(la, candidate, results);
    } catch (e) {
      lastError = e;
      showError(root, errorEl, e);
      return false;
    }
    lastError = null;
    clearError(root, errorEl);
    state = candidate;
    results = next;
    render();
    if (notify && typeof onStateChange === 'function') onStateChange(linkState(state));
    timed('frame', t0);
    return true;
  }

  /** The custom editor's model (with the all-linear shape, name and trained context it started from):
   *  null when the core accepts it, else its Error. */
  function proposeCustom(model) {
    const custom = { ...model };
    for (const k of ['linearTwin', 'name', 'maxContext']) {
      if (state.custom?.[k] !== undefined) custom[k] = state.custom[k];
    }
    return propose({ preset: CUSTOM_ID, custom, linear: false }, controls.editor.error) ? null : lastError;
  }
  /** A pasted or dropped config.json: the model it describes, or why not (the previous one stays). */
  function importText(text) {
    let imported;
    try {
      imported = importConfig(text);
    } catch (e) {
      return { ok: false, message: e?.message ? e.message : String(e) };
    }
    if (!propose({ preset: CUSTOM_ID, custom: imported.model, linear: false }, controls.importer.error)) {
      return { ok: false, message: controls.importer.error.textContent };
    }
    controls.editor.show(state.custom);
    return { ok: true, name: imported.model.name, notes: imported.notes };
  }
  /** "Custom model…": the editor starts as a copy of the model on screen. */
  function enterCustom() {
    const custom = customFrom(results.resolved);
    controls.editor.show(custom);
    propose({ preset: CUSTOM_ID, custom, linear: false }, controls.editor.error);
  }

  // ---- DOM ---------------------------------------------------------------------------------------
  const root = h('div', { class: 'la-memory' });
  const maxGroups = Number.isInteger(la.limits?.maxLayerGroups) ? la.limits.maxLayerGroups : MAX_LAYER_GROUPS;
  const controls = createControls(root, {
    propose,
    custom: proposeCustom,
    enterCustom,
    refresh: () => render(),
    importText,
    maxGroups,
    // the reader opened or closed "Settings": remembered in the state (and the link)
    settingsToggled: (open) => open !== state.settings && propose({ settings: open }, controls.notice),
  });
  const summary = createSummary();
  const bars = h('div', { class: 'lm-bars' });
  const chart = createChart(controls.id, (tokens, done) => controls.slideTo(tokens, done));
  const figures = h('dl', { class: 'lm-figures' });
  const table = createTable();
  // The picture leads: the model and the context right above the bars and the curve; the words,
  // the numbers and every other control after them.
  const picture = h('div', { class: 'lm-picture' }, bars, chart.title, chart.box, chart.legend);
  root.append(controls.notice, controls.primary, picture, summary.el, figures, ...controls.below, table.el);
  rootElement.append(root);
  // A config.json dropped anywhere on the figure is imported; one dropped beside it is ignored,
  // never opened by the browser in place of the page.
  controls.importer.catchDrops(root);
  const view = rootElement.ownerDocument?.defaultView;
  const keepPage = (e) => {
    if (e.dataTransfer?.types?.includes('Files')) e.preventDefault();
  };
  view?.addEventListener('dragover', keepPage);
  view?.addEventListener('drop', keepPage);

  // ---- render: state + results -> DOM ------------------------------------------------------------
  function render() {
    controls.update(state, results.resolved);
    renderFigures(figures, state, results, la.limits, { live: controls.dragging() });
    chart.update(state, results);
    renderBars(bars, state, results, chart.axis());
    table.update(state, results);
    summary.update(state, results);
  }

  // The chart is drawn at its new width in the next frame, not in the observer's callback: the
  // drawing sets the box's height (the SVG's height follows its width), a change the observer would
  // have to report again in the same frame (Firefox then fires "ResizeObserver loop completed with
  // undelivered notifications" at the window, which a host's error tracker records).
  let resizeFrame = 0;
  let resizeWidth = 0;
  function resized() {
    resizeFrame = 0;
    if (paused) hiddenWidth = resizeWidth;
    else if (results && chart.wantsWidth(resizeWidth)) chart.update(state, results, resizeWidth);
  }
  const resize =
    typeof ResizeObserver === 'function'
      ? new ResizeObserver((entries) => {
          resizeWidth = Math.round(entries[entries.length - 1].contentRect.width);
          resizeFrame ||= requestAnimationFrame(resized);
        })
      : null;
  resize?.observe(chart.box);

  // ---- the handle ----------------------------------------------------------------------------------
  /** Applies the known, valid fields of `obj`; names the others in a visible notice. */
  function update(obj, { notify = false } = {}) {
    const { patch, notices: ignored } = mergeState(state, obj, PRESET_IDS);
    if (!propose(patch, null, { notify })) {
      // Keep what can be kept: one field at a time, in a fixed order.
      for (const [k, one] of fieldPatches(patch)) {
        try {
          computeMemory(la, { ...state, ...one }, results);
          propose(one, null, { notify });
        } catch (e) {
          ignored.push(`${k}: ${e.message}`);
        }
      }
    }
    if (state.preset === CUSTOM_ID) controls.editor.show(state.custom);
    controls.notice.hidden = ignored.length === 0;
    controls.notice.textContent = ignored.length ? `Some settings were ignored: ${ignored.join('; ')}.` : '';
  }

  /** Off-screen (data-paused): no slider frame or summary timer runs; what was pending runs on resume(). */
  function pause() {
    paused = true;
    root.dataset.paused = 'true';
    controls.pause();
    summary.pause();
  }
  function resume() {
    if (!paused) return;
    paused = false;
    delete root.dataset.paused;
    controls.resume();
    summary.resume();
    if (results && chart.wantsWidth(hiddenWidth)) chart.update(state, results, hiddenWidth);
    hiddenWidth = 0;
  }

  function destroy() {
    controls.destroy();
    summary.destroy();
    resize?.disconnect();
    view?.removeEventListener('dragover', keepPage);
    view?.removeEventListener('drop', keepPage);
    cancelAnimationFrame(resizeFrame);
    root.remove();
    results = null;
  }

  // first paint: the defaults, then whatever settings came with the mount
  propose({}, controls.notice, { notify: false });
  if (initialState !== undefined && initialState !== null) update(initialState);

  /** What the Embed panel saves (web/src/lib/export.js, export-sheet.js): the chart with its key
   *  and settings, and the core's bytes it plots (export.js). */
  const exportable = () => exportOf(state, results, chart);

  const setState = (obj) => update(obj, { notify: false });
  return { getState: () => linkState(state), update: setState, setState, pause, resume, destroy, exportable };
}

export default mount;
