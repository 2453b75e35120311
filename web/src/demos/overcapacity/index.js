// The overcapacity slider (§4.3): store N associations in a d × d state and read each back with its
// own key; past N ≈ d the keys must overlap and the reads fill with crosstalk. Every number comes
// from the core's la.interferenceSweep (the curve, computed once per setting for every N in 1..4d,
// in a worker) and la.interferenceStore (one store at the current N); this file keeps the demo's
// state in one plain object and redraws from it.
//   chart.js       the SVG curve (band, recall, theory, softmax, N = d, marker in its own layer)
//   store-view.js  "inside one store": overlap heatmap, per-association strips, tables
//   runner.js      the workers (sweeps, stores) and the main-thread fallback
//   jobs.js        which N and trials to ask for first; the calls shared with worker.js
//   plotted-table.js  the curve's numbers as a table (pages of rows, refreshed in slices)
//   slices.js      long tables built and refreshed a slice of rows per task
//   format.js      text only: numbers from the core to strings
import './overcapacity.css';
import { html, uid, setText, setAttr } from './svg.js';
import { createPlottedTable } from './plotted-table.js';
import { createChart, SERIES } from './chart.js';
import { createStoreView } from './store-view.js';
import { createRunner } from './runner.js';
import { DIMS, runStore, storeIsCheap, storeIsQuick, sweepPhases } from './jobs.js';
import { formatCos, formatInt, formatPercent, sentenceParts, KEY_LABELS } from './format.js';
import { workTimer } from '../../work-timing.js';

export { DIMS };
export const BETAS = [0.5, 1, 2, 4, 8, 16, 32, 64, 128, 256];
const KEYS = ['random', 'orthogonal', 'elu1'];
const SCALES = ['linear', 'log'];
export const DEFAULTS = Object.freeze({ d: 64, n: 96, keys: 'random', trials: 8, seed: 1, beta: 8, scale: 'linear' });
const SWEEP_CACHE_SIZE = 6;
/** How long the N slider must rest before a sweep streaming in takes its next step. */
const SWEEP_HOLD_MS = 300;
/** How long the N slider must rest before a large store is requested. */
const STORE_SETTLE_MS = 120;

const sweepKey = (s) => `${s.d}|${s.keys}|${s.trials}|${s.seed}|${s.beta}`;

/** Index of N in a result's ns, or -1 (ns ascending; a Map per result, built once). */
const nsIndex = new WeakMap();
function indexOfN(sweep, n) {
  if (!sweep) return -1;
  let map = nsIndex.get(sweep);
  if (!map) {
    map = new Map();
    sweep.ns.forEach((v, i) => map.set(v, i));
    nsIndex.set(sweep, map);
  }
  return map.has(n) ? map.get(n) : -1;
}

export function mount(root, { la, state: initial, onStateChange = () => {} } = {}) {
  const timed = workTimer('overcapacity'); // its own work, as User Timing measures la-overcapacity:*
  if (!la) throw new Error('The overcapacity demo needs the core (la).');
  const ac = new AbortController();
  const on = (el, type, fn, opts = {}) => el.addEventListener(type, fn, { ...opts, signal: ac.signal });
  root.classList.add('la-overcapacity');
  root.replaceChildren();

  // ---- state ---------------------------------------------------------------------------------
  const state = { ...DEFAULTS };
  const view = {
    cache: new Map(), // sweepKey -> { sweep, complete }
    requested: null, // { key, id } of the sweep in flight
    fallback: { ...DEFAULTS }, // the settings before the latest sweep change (if the core refuses it)
    store: null, // { key, n, result } shown
    storeWanted: null, // { key, n, id }
    mode: 'worker',
  };

  // ---- DOM -----------------------------------------------------------------------------------
  const controls = html('div', { class: 'oc-controls' }, root);

  function field(labelText, cls = '') {
    const box = html('div', { class: `oc-field ${cls}` }, controls);
    const id = uid('oc-in');
    const label = html('label', { for: id, text: labelText }, box);
    return { box, id, label };
  }

  const dField = field('State size d');
  const dSelect = html('select', { id: dField.id }, dField.box);
  for (const d of DIMS) html('option', { value: String(d), text: `${d}  (d\u00b2 = ${formatInt(d * d)})` }, dSelect);

  const nField = field('Stored associations N', 'oc-field-wide');
  const nRow = html('div', { class: 'oc-range-row' }, nField.box);
  const nSlider = html('input', { id: nField.id, type: 'range', min: '1', step: '1' }, nRow);
  const nOut = html('output', { for: nField.id, class: 'oc-out' }, nRow);

  const kField = field('Key geometry');
  const kSelect = html('select', { id: kField.id }, kField.box);
  for (const k of KEYS) html('option', { value: k, text: KEY_LABELS[k] }, kSelect);

  const tField = field('Trials');
  const tInput = html(
    'input',
    { id: tField.id, type: 'text', inputmode: 'numeric', autocomplete: 'off', spellcheck: 'false', size: 4 },
    tField.box,
  );
  const tMsg = html('p', { class: 'oc-msg', id: uid('oc-msg'), 'aria-live': 'polite' }, tField.box);
  tInput.setAttribute('aria-describedby', tMsg.id);

  const sField = field('Seed');
  const sRow = html('div', { class: 'oc-seed-row' }, sField.box);
  const sInput = html(
    'input',
    { id: sField.id, type: 'text', inputmode: 'numeric', autocomplete: 'off', spellcheck: 'false', size: 10 },
    sRow,
  );
  const newSample = html('button', { type: 'button', class: 'oc-button', text: 'New sample' }, sRow);
  const sMsg = html('p', { class: 'oc-msg', id: uid('oc-msg'), 'aria-live': 'polite' }, sField.box);
  sInput.setAttribute('aria-describedby', sMsg.id);

  const bField = field('Softmax sharpness \u03b2');
  const bRow = html('div', { class: 'oc-range-row' }, bField.box);
  const bSlider = html(
    'input',
    { id: bField.id, type: 'range', min: '0', max: String(BETAS.length - 1), step: '1' },
    bRow,
  );
  const bOut = html('output', { for: bField.id, class: 'oc-out' }, bRow);

  const scaleSet = html('fieldset', { class: 'oc-field oc-scale' }, controls);
  html('legend', { text: 'N axis' }, scaleSet);
  const scaleName = uid('oc-scale');
  const scaleRadios = {};
  for (const s of SCALES) {
    const lab = html('label', { class: 'oc-radio' }, scaleSet);
    scaleRadios[s] = html('input', { type: 'radio', name: scaleName, value: s }, lab);
    lab.append(document.createTextNode(s === 'linear' ? ' linear' : ' log'));
  }

  for (const [el, part] of [
    [dSelect, 'd'],
    [nSlider, 'n'],
    [kSelect, 'keys'],
    [tInput, 'trials'],
    [tMsg, 'trials-msg'],
    [sInput, 'seed'],
    [sMsg, 'seed-msg'],
    [newSample, 'new-sample'],
    [bSlider, 'beta'],
    [scaleRadios.linear, 'scale-linear'],
    [scaleRadios.log, 'scale-log'],
  ])
    el.dataset.part = part;

  const notice = html('p', { class: 'oc-notice', role: 'status' }, root);
  notice.hidden = true;
  const errorMsg = html('p', { class: 'oc-error', role: 'alert', 'data-part': 'error' }, root);
  errorMsg.hidden = true;

  const sentence = html('p', { class: 'oc-sentence', 'data-field': 'sentence' }, root);
  const status = html('p', { class: 'oc-status', 'aria-live': 'polite' }, root);

  const chart = createChart(root);
  const legend = html('ul', { class: 'oc-legend', 'aria-label': 'Legend' }, root);
  const bandItem = html('li', {}, legend);
  html('span', { class: 'oc-swatch oc-swatch-band', 'aria-hidden': 'true' }, bandItem);
  html('span', { text: 'mean cosine \u00b1 one standard deviation over trials' }, bandItem);
  const legendTexts = {};
  for (const s of SERIES) {
    const li = html('li', {}, legend);
    html('span', { class: `oc-swatch oc-swatch-line ${s.cls}`, 'aria-hidden': 'true' }, li);
    legendTexts[s.key] = html('span', { text: s.label }, li);
  }
  const dItem = html('li', {}, legend);
  html('span', { class: 'oc-swatch oc-swatch-line oc-swatch-d', 'aria-hidden': 'true' }, dItem);
  html('span', { text: 'N = d: as many associations as key dimensions' }, dItem);

  const readout = html('dl', { class: 'oc-readout' }, root);
  const rd = {};
  for (const [key, label] of [
    ['n', 'At N'],
    ['cosine', 'Mean cosine, linear state'],
    ['cosineStd', 'Spread over trials (std)'],
    ['recall', 'Top-1 recall, linear state'],
    ['theory', 'Theory (random unit keys)'],
    ['softmaxCosine', 'Mean cosine, softmax'],
    ['softmaxRecall', 'Top-1 recall, softmax'],
  ]) {
    const row = html('div', { class: 'oc-readout-row' }, readout);
    html('dt', { text: label }, row);
    rd[key] = html('dd', { 'data-field': key }, row);
  }
  const memoryLine = html('p', { class: 'oc-memory', 'data-field': 'memory' }, root);

  const table = createPlottedTable(
    root,
    () => {
      const entry = currentSweep();
      return { entry, state, nIndex: indexOfN(entry?.sweep, state.n) };
    },
    timed,
  );

  const storeView = createStoreView(root, root);
  const live = html('p', { class: 'oc-sr', 'aria-live': 'polite' }, root);

  // ---- the core, off the main thread ---------------------------------------------------------
  const runner = createRunner(la, {
    sweep: onSweep,
    store: onStore,
    error: onError,
    mode: (m) => {
      view.mode = m;
      renderStatus();
    },
  });

  // ---- validation: range checks and the work budget are the core's (checkSweep throws its message)
  function probe(candidate) {
    la.checkSweep({
      d: candidate.d,
      nMax: 4 * candidate.d,
      trials: candidate.trials,
      seed: candidate.seed,
      keys: candidate.keys,
      beta: candidate.beta,
    });
  }

  function parseWhole(text, name) {
    const t = String(text).trim();
    if (!/^\d+$/.test(t)) throw new Error(`${name} must be a whole number (got "${t.slice(0, 20)}")`);
    return Number(t);
  }

  /** Checks each proposed field on its own; returns { next, errors: {field: message}, unknown }. */
  function validate(changes) {
    const next = { ...state };
    const errors = {};
    const unknown = [];
    for (const [k, v] of Object.entries(changes)) {
      if (!(k in DEFAULTS)) {
        unknown.push(k);
        continue;
      }
      try {
        if (k === 'd') {
          if (!DIMS.includes(v)) throw new Error(`d must be one of ${DIMS.join(', ')}`);
          next.d = v;
        } else if (k === 'n') {
          if (!Number.isInteger(v)) throw new Error('N must be a whole number');
          next.n = v;
        } else if (k === 'keys') {
          if (!KEYS.includes(v)) throw new Error(`keys must be one of ${KEYS.join(', ')}`);
          next.keys = v;
        } else if (k === 'scale') {
          if (!SCALES.includes(v)) throw new Error('scale must be "linear" or "log"');
          next.scale = v;
        } else if (k === 'beta') {
          if (!BETAS.includes(v)) throw new Error(`\u03b2 must be one of ${BETAS.join(', ')}`);
          next.beta = v;
        } else {
          const value = typeof v === 'string' ? parseWhole(v, k === 'seed' ? 'Seed' : 'Trials') : v;
          probe({ ...state, [k]: value });
          next[k] = value;
        }
      } catch (err) {
        errors[k] = err.message;
      }
    }
    // N follows d (same load N/d) unless N was given; then it must fit 1..4d.
    if ('d' in changes && !errors.d && !('n' in changes && !errors.n) && next.d !== state.d) {
      next.n = Math.round((state.n * next.d) / state.d);
    }
    if (!errors.n && (next.n < 1 || next.n > 4 * next.d)) {
      if ('n' in changes) errors.n = `N must be from 1 to 4d = ${4 * next.d}`;
      next.n = Math.min(Math.max(next.n, 1), 4 * next.d);
    }
    if (errors.n) next.n = Math.min(Math.max(state.n, 1), 4 * next.d);
    // Settings that pass one by one can still exceed the sweep's work budget together (d = 256 with
    // many trials): refuse them now rather than after the worker's previews.
    if (!errors.trials && !errors.d) {
      try {
        probe(next);
      } catch (err) {
        errors['trials' in changes ? 'trials' : 'd'] = err.message;
        Object.assign(next, { d: state.d, n: state.n, trials: state.trials }); // the last good ones
      }
    }
    return { next, errors, unknown };
  }

  // ---- state changes -------------------------------------------------------------------------
  function commit(next) {
    const sweepChanged = sweepKey(next) !== sweepKey(state);
    const scaleChanged = next.scale !== state.scale || next.d !== state.d;
    if (sweepChanged) view.fallback = { ...state };
    Object.assign(state, next);
    if (sweepChanged) ensureSweep();
    else if (scaleChanged) renderChart();
    renderControls();
    renderAtN();
    ensureStore();
    onStateChange(getState());
  }

  // The slider fires more input events than there are frames: state changes at once, the picture
  // is redrawn once per animation frame (the first frame after the event).
  let frame = 0;
  let heldAt = -Infinity;
  function setN(n) {
    if (n === state.n) return;
    state.n = n;
    if (!frame) frame = requestAnimationFrame(renderN);
    // While N moves, a sweep still streaming in waits (from its next step on) until the slider has
    // rested SWEEP_HOLD_MS: the frames of the drag come first.
    const now = performance.now();
    if (now - heldAt > SWEEP_HOLD_MS / 3) {
      heldAt = now;
      runner.hold(SWEEP_HOLD_MS);
    }
  }
  function renderN() {
    frame = 0;
    const t0 = performance.now();
    renderControls();
    renderAtN();
    ensureStore();
    onStateChange(getState());
    timed('frame', t0);
  }

  function showFieldError(input, msgEl, message) {
    msgEl.textContent = message || '';
    if (message) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }

  function showNotice(lines) {
    notice.hidden = lines.length === 0;
    notice.textContent = lines.join(' ');
  }

  function showError(message) {
    errorMsg.hidden = !message;
    errorMsg.textContent = message || '';
  }

  // ---- the sweep -----------------------------------------------------------------------------
  function currentSweep() {
    return view.cache.get(sweepKey(state)) || null;
  }

  function ensureSweep() {
    const key = sweepKey(state);
    const have = view.cache.get(key);
    if (have?.complete) {
      view.requested = null;
      renderChart();
      return;
    }
    if (view.requested && view.requested.key === key) return;
    const params = { d: state.d, trials: state.trials, seed: state.seed, keys: state.keys, beta: state.beta };
    // A sweep left part-way (the reader went elsewhere and came back) skips the previews.
    const partial = have && have.sweep.phase === 'full';
    const phases = sweepPhases(params, state.n).filter((p) => !partial || p.name === 'full');
    view.requested = { key, id: 0, params, phases: phases.length };
    view.requested.id = runner.sweep(params, phases);
    renderChart();
  }

  function onSweep(id, result) {
    if (!view.requested || id !== view.requested.id) return;
    const key = view.requested.key;
    const had = view.cache.get(key);
    if (result.complete) view.requested = null;
    // A restarted sweep does not show fewer trials than one seen before for the same settings.
    if (
      had &&
      had.sweep.phase === 'full' &&
      !result.complete &&
      (result.phase !== 'full' || result.trials <= had.sweep.trials)
    )
      return;
    view.cache.delete(key);
    view.cache.set(key, { sweep: result, complete: result.complete });
    while (view.cache.size > SWEEP_CACHE_SIZE) view.cache.delete(view.cache.keys().next().value);
    if (key === sweepKey(state)) {
      const t0 = performance.now();
      renderChart();
      renderAtN();
      timed('sweep', t0);
    }
  }

  function onError(id, kind, message) {
    if (kind === 'sweep') {
      if (!view.requested || id !== view.requested.id) return;
      const key = view.requested.key;
      view.requested = null;
      view.cache.delete(key);
      // Keep the last good state: go back to the settings whose sweep the core accepted.
      showError(`The core refused these settings: ${message}. Went back to the previous ones.`);
      const back = { ...view.fallback, scale: state.scale };
      Object.assign(state, back);
      ensureSweep();
      renderControls();
      renderChart();
      renderAtN();
      ensureStore();
      onStateChange(getState());
    } else {
      const request = storeRequests.get(id);
      storeRequests.delete(id);
      if (request && request === view.storeWanted) {
        view.storeWanted = null;
        showError(message);
      }
    }
  }

  // ---- the store at the current N ------------------------------------------------------------
  function storeLabel() {
    return `trial 1 of seed ${state.seed}, ${KEY_LABELS[state.keys]}, softmax \u03b2 = ${state.beta}`;
  }

  let storeTimer = 0;
  const storeRequests = new Map(); // id -> the request ({ key, n, label }) still unanswered
  function ensureStore() {
    const key = `${sweepKey(state)}|${state.n}`;
    if (view.store && view.store.key === key) return;
    if (view.storeWanted && view.storeWanted.key === key) return;
    const params = { d: state.d, n: state.n, seed: state.seed, keys: state.keys, beta: state.beta };
    if (storeIsCheap(state.d, state.n)) {
      clearTimeout(storeTimer);
      runner.cancelStores();
      storeRequests.clear();
      view.storeWanted = null;
      try {
        showStore(key, runStore(la, params), storeLabel());
      } catch (err) {
        showError(err.message);
      }
      return;
    }
    // A large store takes a worker from 10 ms to over a second: ask for it once the slider rests,
    // so a fast drag does not keep a second core busy with stores nobody will see.
    const wanted = { key, n: state.n, id: 0, label: storeLabel() };
    view.storeWanted = wanted;
    storeView.pending(state.n);
    clearTimeout(storeTimer);
    const ask = () => {
      if (view.storeWanted !== wanted) return;
      wanted.id = runner.store(params);
      storeRequests.set(wanted.id, wanted);
    };
    if (storeIsQuick(state.d, state.n)) ask();
    else storeTimer = setTimeout(ask, STORE_SETTLE_MS);
  }

  function onStore(id, result) {
    const request = storeRequests.get(id);
    storeRequests.delete(id);
    const wanted = view.storeWanted;
    if (!request || !wanted) return;
    if (request === wanted) {
      view.storeWanted = null;
      showStore(wanted.key, result, wanted.label);
    } else if (request.key.startsWith(`${sweepKey(state)}|`)) {
      // An older store of the same settings is worth showing while the newest one computes.
      showStore(request.key, result, request.label, state.n);
    }
  }

  function showStore(key, result, label, pendingN = null) {
    const t0 = performance.now();
    view.store = { key, result, label };
    storeView.show(result, label, pendingN);
    timed('store', t0);
  }

  // ---- rendering -----------------------------------------------------------------------------
  function renderControls() {
    dSelect.value = String(state.d);
    setAttr(nSlider, 'max', 4 * state.d);
    if (nSlider.value !== String(state.n)) nSlider.value = String(state.n);
    setText(nOut, formatInt(state.n));
    setAttr(
      nSlider,
      'aria-valuetext',
      `${formatInt(state.n)} associations in a ${formatInt(state.d)}-dimensional state`,
    );
    kSelect.value = state.keys;
    // A field the reader is still correcting keeps their text (the root may sit in a shadow root).
    const focused = root.getRootNode().activeElement;
    if (focused !== tInput || !tInput.hasAttribute('aria-invalid')) tInput.value = String(state.trials);
    if (focused !== sInput || !sInput.hasAttribute('aria-invalid')) sInput.value = String(state.seed);
    const bi = BETAS.indexOf(state.beta);
    bSlider.value = String(bi);
    setText(bOut, String(state.beta));
    setAttr(bSlider, 'aria-valuetext', `\u03b2 = ${state.beta}`);
    scaleRadios[state.scale].checked = true;
    setText(legendTexts.softmaxCosineMean, `mean cosine, softmax (\u03b2 = ${state.beta})`);
    setText(legendTexts.softmaxRecallMean, `top-1 recall, softmax (\u03b2 = ${state.beta})`);
  }

  function renderStatus() {
    const entry = currentSweep();
    let text = '';
    if (!entry) text = `Computing the curve for N = 1 to ${formatInt(4 * state.d)} (${state.trials} trials)\u2026`;
    else if (entry.sweep.phase === 'preview') {
      const ns = entry.sweep.ns;
      text =
        `Showing a quick preview (1 trial, N from 1 to ${formatInt(ns[ns.length - 1])} on a coarse grid); ` +
        `the full curve with ${state.trials} ${state.trials === 1 ? 'trial' : 'trials'} is computing\u2026`;
    } else if (!entry.complete) {
      text =
        `Averaged over ${entry.sweep.trials} of ${state.trials} trials so far; ` +
        'the curve and its band firm up as the others arrive\u2026';
    }
    if (view.mode === 'main')
      text += (text ? ' ' : '') + '(Background workers are unavailable here, so the page computes in its own thread.)';
    setText(status, text);
    setAttr(root, 'data-sweep', sweepStage(entry));
  }

  /** pending (no numbers yet), preview (coarse, one trial), partial (every N, some of the trials)
   *  or complete: the root's data-sweep, for styles and tests. */
  function sweepStage(entry) {
    if (!entry) return 'pending';
    if (entry.complete) return 'complete';
    return entry.sweep.phase === 'preview' ? 'preview' : 'partial';
  }

  function renderChart() {
    const entry = currentSweep();
    // The width comes from the ResizeObserver (reading clientWidth here would force a layout).
    chart.update({ sweep: entry ? entry.sweep : null, d: state.d, scale: state.scale });
    renderStatus();
    renderAtN();
    table.render();
  }

  let liveTimer = 0;
  function renderAtN() {
    const entry = currentSweep();
    const sweep = entry ? entry.sweep : null;
    const i = indexOfN(sweep, state.n);
    chart.marker(state.n, i);
    setText(rd.n, formatInt(state.n));
    if (i < 0) {
      setText(
        sentence,
        `With ${formatInt(state.n)} associations in a ${formatInt(state.d)}-dimensional state: computing\u2026`,
      );
      for (const k of ['cosine', 'cosineStd', 'recall', 'theory', 'softmaxCosine', 'softmaxRecall'])
        setText(rd[k], '\u2026');
      setText(memoryLine, '');
      setAttr(root, 'data-n', '');
      return;
    }
    setText(sentence, sentenceParts(sweep, i, state.d));
    setText(rd.cosine, formatCos(sweep.cosineMean[i]));
    setText(rd.cosineStd, sweep.trials > 1 ? formatCos(sweep.cosineStd[i], 3) : '\u2014 (one trial)');
    setText(rd.recall, formatPercent(sweep.recallMean[i]));
    setText(rd.theory, formatCos(sweep.theoryCosine[i]));
    setText(rd.softmaxCosine, formatCos(sweep.softmaxCosineMean[i]));
    setText(rd.softmaxRecall, formatPercent(sweep.softmaxRecallMean[i]));
    memoryLine.textContent =
      `Memory: softmax keeps every key and value, N\u00b7(d\u2096+d\u1d65) = ` +
      `${formatInt(sweep.cacheNumbers[i])} numbers, growing with N; the linear state keeps ` +
      `d\u00b2 = ${formatInt(sweep.stateNumbers[i])} numbers, whatever N.`;
    setAttr(root, 'data-n', state.n);
    // The sentence is re-announced only when the reader pauses, not on every slider step.
    clearTimeout(liveTimer);
    liveTimer = setTimeout(() => {
      setText(live, sentence.textContent);
    }, 700);
  }

  // ---- events: handlers only change state ----------------------------------------------------
  on(nSlider, 'input', () => setN(Number(nSlider.value)));
  on(dSelect, 'change', () => propose({ d: Number(dSelect.value) }));
  on(kSelect, 'change', () => propose({ keys: kSelect.value }));
  on(bSlider, 'input', () => propose({ beta: BETAS[Number(bSlider.value)] }));
  for (const s of SCALES) on(scaleRadios[s], 'change', () => propose({ scale: s }));
  on(tInput, 'change', () => proposeTyped('trials', tInput, tMsg));
  on(sInput, 'change', () => proposeTyped('seed', sInput, sMsg));
  for (const [input, msg, name] of [
    [tInput, tMsg, 'trials'],
    [sInput, sMsg, 'seed'],
  ]) {
    on(input, 'keydown', (e) => {
      if (e.key === 'Enter') proposeTyped(name, input, msg);
    });
  }
  on(newSample, 'click', () => {
    const draw = new Uint32Array(1);
    crypto.getRandomValues(draw);
    showFieldError(sInput, sMsg, '');
    propose({ seed: draw[0] });
  });

  function proposeTyped(name, input, msg) {
    const { next, errors } = validate({ [name]: input.value });
    if (errors[name]) {
      showFieldError(input, msg, `${errors[name]}. Kept ${state[name]}.`);
      return;
    }
    showFieldError(input, msg, '');
    if (next[name] !== state[name]) {
      showError('');
      commit(next);
    }
  }

  function propose(changes) {
    const { next, errors } = validate(changes);
    const msgs = Object.values(errors);
    showError(msgs.length ? msgs.join(' ') : '');
    commit(next);
  }

  // Theme changes: redraw the canvases in the new colours.
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  on(media, 'change', () => storeView.redraw(true));
  const themeWatch = new MutationObserver(() => storeView.redraw(true));
  themeWatch.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'class'] });
  // Inside a custom element the theme is an attribute of the shadow host.
  const host = root.getRootNode().host;
  if (host) themeWatch.observe(host, { attributes: true, attributeFilter: ['theme', 'class'] });
  let resizeFrame = 0;
  const widths = new Map();
  const resizeWatch = new ResizeObserver((entries) => {
    for (const e of entries) widths.set(e.target, e.contentRect.width);
    cancelAnimationFrame(resizeFrame);
    resizeFrame = requestAnimationFrame(() => {
      const chartWidth = widths.get(chart.element);
      if (chartWidth && chart.setWidth(chartWidth)) renderChart();
      const stripWidth = widths.get(storeView.stripElement);
      if (stripWidth) storeView.redraw(false, stripWidth);
    });
  });
  resizeWatch.observe(storeView.stripElement);
  resizeWatch.observe(chart.element);

  // ---- public handle -------------------------------------------------------------------------
  function getState() {
    return { ...state };
  }

  function setState(obj) {
    const { next, lines } = check(obj);
    showNotice(lines);
    commit(next);
    return getState();
  }

  /** Validates settings from outside; `lines` says what was ignored and why. */
  function check(obj) {
    if (!obj || typeof obj !== 'object' || Array.isArray(obj)) {
      return { next: { ...state }, lines: ['Ignored settings that were not an object.'] };
    }
    const { next, errors, unknown } = validate(obj);
    const lines = [];
    if (unknown.length)
      lines.push(
        `Ignored unknown ${unknown.length === 1 ? 'setting' : 'settings'}: ${unknown
          .slice(0, 5)
          .map((u) => String(u).slice(0, 30))
          .join(', ')}.`,
      );
    for (const [k, m] of Object.entries(errors)) lines.push(`Ignored ${k}: ${m}.`);
    return { next, lines };
  }

  // First picture: the given state (if any), else the defaults.
  if (initial !== undefined && initial !== null) {
    const { next, lines } = check(initial);
    Object.assign(state, next);
    showNotice(lines);
  }
  renderControls();
  ensureSweep();
  renderChart();
  ensureStore();

  return {
    getState,
    setState,
    destroy() {
      ac.abort();
      clearTimeout(liveTimer);
      clearTimeout(storeTimer);
      cancelAnimationFrame(frame);
      cancelAnimationFrame(resizeFrame);
      themeWatch.disconnect();
      resizeWatch.disconnect();
      runner.destroy();
      table.destroy();
      view.cache.clear();
      root.replaceChildren();
      root.classList.remove('la-overcapacity');
      delete root.dataset.sweep;
      delete root.dataset.n;
    },
  };
}
