// §4.2 demo: the constant-vs-growing memory bar. A KV-cache calculator for real models in which
// linear attention's fixed state stays a flat line. State -> render, one direction: event handlers
// only propose a new state; it is kept only when the core accepts it (else the core's message is
// shown beside the control and the last good state stays on screen).

import './memory.css';
import { exactBytes, formatBytes, groupDigits, longTokens, parseGigabytes, parseWhole, shortTokens } from './format.js';
import {
  CUSTOM_ID,
  GROUP_FIELDS,
  KIND_LABELS,
  describeGroup,
  draftFromModel,
  hasGrowingLayers,
  hasLinearLayers,
  linearized,
  modelFromDraft,
  newGroupDraft,
} from './models.js';
import { PRESETS, findPreset } from './presets.js';
import { MAX_TOKENS, MIN_TOKENS, computeAll } from './compute.js';
import { drawChart, placeMarker } from './chart.js';
import { patchChildren, setText } from '../../dom-patch.js';
import { workTimer } from '../../work-timing.js';

const DTYPES = [
  ['fp32', 'fp32 (4 bytes)'],
  ['bf16', 'bf16 (2 bytes)'],
  ['fp8', 'fp8 (1 byte)'],
  ['int4', 'int4 (½ byte)'],
];
const GPUS = [
  ['24', '24 GB'],
  ['80', '80 GB'],
  ['141', '141 GB'],
  ['192', '192 GB'],
  ['custom', 'Custom'],
];
const DEFAULTS = Object.freeze({
  preset: 'llama-3-8b',
  linear: false,
  custom: null,
  tokens: 131072,
  sessions: 1,
  kvDtype: 'bf16',
  stateDtype: 'bf16',
  weightDtype: 'bf16',
  gpu: '80',
  gpuCustom: '48',
  unit: 'binary',
  yScale: 'log',
});
const SLIDER_STEPS = 400; // 100 positions per decade, 1K .. 10M

let mountCount = 0;

/** Slider position -> tokens, rounded to 3 significant digits (a UI choice of sample points). */
function tokensAt(pos) {
  const v = MIN_TOKENS * 10 ** ((4 * pos) / SLIDER_STEPS);
  const p = 10 ** (Math.floor(Math.log10(v)) - 2);
  return Math.min(MAX_TOKENS, Math.round(v / p) * p);
}
function positionOf(tokens) {
  const pos = Math.round((Math.log10(Math.max(tokens, 1) / MIN_TOKENS) * SLIDER_STEPS) / 4);
  return Math.min(SLIDER_STEPS, Math.max(0, pos));
}

function category(p) {
  if (p.id.startsWith('one-head')) return "The chapter's own";
  const lin = hasLinearLayers(p);
  const grow = hasGrowingLayers(p);
  if (lin && !grow) return 'Recurrent (no attention layers)';
  if (lin) return 'Hybrids: linear + attention layers';
  if (p.layers.some((g) => g.kind === 'mla')) return 'Latent attention (MLA)';
  return 'Dense softmax attention';
}

/** The all-linear shape of a model: the preset's `linearTwin`, else one state per KV head of the
 *  first attention group (custom models). */
function twinOf(model) {
  if (model.linearTwin) return model.linearTwin;
  const g = model.layers.find((l) => l.kind === 'attention');
  return g ? { heads: g.kvHeads, keyDim: g.headDim, valueDim: g.headDim } : null;
}

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v === null || v === undefined) continue;
    if (k === 'class') node.className = v;
    else if (k === 'text') node.textContent = v;
    else node.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children) if (c) node.append(c);
  return node;
}

export function mount(rootElement, { la, state: initialState, onStateChange } = {}) {
  const timed = workTimer('memory'); // its own work, as User Timing measures la-memory:*
  const uid = `lm${++mountCount}`;
  const ac = new AbortController();
  const on = (node, type, fn) => node.addEventListener(type, fn, { signal: ac.signal });
  let state = { ...DEFAULTS };
  let results = null;
  let draft = null; // the custom editor's strings, as typed
  let summaryTimer = 0;
  let lastChartWidth = 0;
  let renderedSamples = null; // the table is rebuilt only when the curve or the units change
  let renderedUnit = null;
  let sourceKey = null; // the model's source and layers are rebuilt only when the model changes
  let chartDrawn = null; // what the drawn chart depends on, besides the reader's context length
  let chartGeom = null; // its scales, to move the context marker without redrawing
  let sliderFrame = 0; // the slider's pending update (one per animation frame)
  let sliderTokens = null;

  // ---- DOM ---------------------------------------------------------------------------------------
  const root = h('div', { class: 'la-memory' });
  const notice = h('p', { class: 'lm-notice', 'aria-live': 'polite', hidden: true });

  // model
  const presetSelect = h('select', { id: `${uid}-preset` });
  const groups = new Map();
  for (const p of PRESETS) {
    const c = category(p);
    if (!groups.has(c)) groups.set(c, h('optgroup', { label: c }));
    groups.get(c).append(h('option', { value: p.id, text: p.name }));
  }
  for (const g of groups.values()) presetSelect.append(g);
  presetSelect.append(h('option', { value: CUSTOM_ID, text: 'Custom model…' }));
  const linearBox = h('input', { type: 'checkbox', id: `${uid}-linear` });
  const linearLabel = h(
    'label',
    { for: `${uid}-linear`, class: 'lm-check' },
    linearBox,
    ' Make every attention layer linear (one d×d state per head instead of a KV cache)',
  );
  const source = h('div', { class: 'lm-source' });
  const editor = h('fieldset', { class: 'lm-editor', hidden: true });
  const editorGroups = h('div', { class: 'lm-groups' });
  const addGroup = h('button', { type: 'button', class: 'lm-button', text: 'Add layer group' });
  const paramsInput = h('input', {
    type: 'text',
    inputmode: 'decimal',
    id: `${uid}-params`,
    autocomplete: 'off',
    'aria-describedby': `${uid}-editor-error`,
  });
  const editorError = h('p', { class: 'lm-error', id: `${uid}-editor-error`, 'aria-live': 'polite' });
  editor.append(
    h('legend', { text: 'Custom model' }),
    editorGroups,
    h('div', { class: 'lm-row' }, addGroup),
    h(
      'div',
      { class: 'lm-field' },
      h('label', { for: `${uid}-params`, text: 'Parameters (billions, for the weights)' }),
      paramsInput,
    ),
    editorError,
  );
  const modelBox = h(
    'fieldset',
    { class: 'lm-box lm-model' },
    h('legend', { text: 'Model' }),
    h('div', { class: 'lm-field' }, h('label', { for: `${uid}-preset`, text: 'Preset' }), presetSelect),
    linearLabel,
    source,
    editor,
  );

  // context and sessions
  const slider = h('input', { type: 'range', id: `${uid}-slider`, min: 0, max: SLIDER_STEPS, step: 1 });
  const tokensInput = h('input', {
    type: 'text',
    inputmode: 'numeric',
    id: `${uid}-tokens`,
    autocomplete: 'off',
    'aria-describedby': `${uid}-tokens-error`,
  });
  const tokensError = h('p', { class: 'lm-error', id: `${uid}-tokens-error`, 'aria-live': 'polite' });
  const sessionsInput = h('input', {
    type: 'text',
    inputmode: 'numeric',
    id: `${uid}-sessions`,
    autocomplete: 'off',
    'aria-describedby': `${uid}-sessions-error`,
  });
  const sessionsError = h('p', { class: 'lm-error', id: `${uid}-sessions-error`, 'aria-live': 'polite' });
  const dtypeSelect = (id) => {
    const s = h('select', { id });
    for (const [v, t] of DTYPES) s.append(h('option', { value: v, text: t }));
    return s;
  };
  const kvDtype = dtypeSelect(`${uid}-kvdtype`);
  const stateDtype = dtypeSelect(`${uid}-statedtype`);
  const contextBox = h(
    'fieldset',
    { class: 'lm-box lm-context' },
    h('legend', { text: 'Context and precision' }),
    h(
      'div',
      { class: 'lm-field lm-wide' },
      h('label', { for: `${uid}-slider`, text: 'Context length (1K to 10M tokens, log scale)' }),
      slider,
    ),
    h(
      'div',
      { class: 'lm-field' },
      h('label', { for: `${uid}-tokens`, text: 'Context (tokens, exact)' }),
      tokensInput,
      tokensError,
    ),
    h(
      'div',
      { class: 'lm-field' },
      h('label', { for: `${uid}-sessions`, text: 'Concurrent sessions' }),
      sessionsInput,
      sessionsError,
    ),
    h('div', { class: 'lm-field' }, h('label', { for: `${uid}-kvdtype`, text: 'KV cache type' }), kvDtype),
    h('div', { class: 'lm-field' }, h('label', { for: `${uid}-statedtype`, text: 'Fixed state type' }), stateDtype),
  );

  // GPU budget and display
  const gpuRadios = GPUS.map(([v, _t]) =>
    h('input', { type: 'radio', name: `${uid}-gpu`, value: v, id: `${uid}-gpu-${v}` }),
  );
  const gpuCustom = h('input', {
    type: 'text',
    inputmode: 'decimal',
    id: `${uid}-gpucustom`,
    autocomplete: 'off',
    'aria-describedby': `${uid}-gpu-error`,
  });
  const gpuError = h('p', { class: 'lm-error', id: `${uid}-gpu-error`, 'aria-live': 'polite' });
  const weightDtype = dtypeSelect(`${uid}-weightdtype`);
  const gpuBox = h(
    'fieldset',
    { class: 'lm-box lm-gpu' },
    h('legend', { text: 'GPU memory budget' }),
    h(
      'div',
      { class: 'lm-radios' },
      ...GPUS.map(([v, t], i) => h('label', { for: `${uid}-gpu-${v}`, class: 'lm-radio' }, gpuRadios[i], ` ${t}`)),
    ),
    h(
      'div',
      { class: 'lm-field' },
      h('label', { for: `${uid}-gpucustom`, text: 'Custom budget (GB, 10⁹ bytes)' }),
      gpuCustom,
      gpuError,
    ),
    h(
      'div',
      { class: 'lm-field' },
      h('label', { for: `${uid}-weightdtype`, text: 'Weights type (parameters × bytes)' }),
      weightDtype,
    ),
  );
  const radioGroup = (name, legend, options) => {
    const inputs = options.map(([v]) =>
      h('input', { type: 'radio', name: `${uid}-${name}`, value: v, id: `${uid}-${name}-${v}` }),
    );
    const box = h(
      'fieldset',
      { class: 'lm-inline' },
      h('legend', { text: legend }),
      ...options.map(([v, t], i) => h('label', { for: `${uid}-${name}-${v}`, class: 'lm-radio' }, inputs[i], ` ${t}`)),
    );
    return { box, inputs };
  };
  const unitRadios = radioGroup('unit', 'Units', [
    ['binary', 'GiB (2³⁰ bytes)'],
    ['decimal', 'GB (10⁹ bytes)'],
  ]);
  const scaleRadios = radioGroup('scale', 'Memory axis', [
    ['log', 'log'],
    ['linear', 'linear'],
  ]);
  const displayBox = h('div', { class: 'lm-display' }, unitRadios.box, scaleRadios.box);

  // outputs
  const summary = h('p', { class: 'lm-summary', 'aria-live': 'polite' });
  const bars = h('div', { class: 'lm-bars' });
  const chartTitle = h('p', { class: 'lm-chart-title', id: `${uid}-chart-title` });
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('class', 'lm-svg');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-labelledby', `${uid}-chart-title`);
  const chartBox = h('div', { class: 'lm-chart' }, svg);
  const legend = h('ul', { class: 'lm-legend' });
  const figures = h('dl', { class: 'lm-figures' });
  const tableBody = h('tbody');
  const tableHead = h('tr');
  const tableCaption = h('caption');
  const tableWrap = h(
    'div',
    { class: 'lm-table-wrap', tabindex: 0, role: 'region', 'aria-label': 'Plotted values' },
    h('table', { class: 'lm-table' }, tableCaption, h('thead', {}, tableHead), tableBody),
  );
  const details = h(
    'details',
    { class: 'lm-details' },
    h('summary', { text: 'Data table of the plotted values' }),
    tableWrap,
  );

  root.append(
    notice,
    modelBox,
    contextBox,
    gpuBox,
    displayBox,
    summary,
    bars,
    chartTitle,
    chartBox,
    legend,
    figures,
    details,
  );
  rootElement.append(root);

  // ---- the model the state describes -------------------------------------------------------------
  function resolve(s) {
    const base = s.preset === CUSTOM_ID ? s.custom : findPreset(s.preset);
    if (!base) {
      throw new Error(s.preset === CUSTOM_ID ? 'No custom model was given.' : `Unknown preset “${s.preset}”.`);
    }
    const twin = twinOf(base);
    const canLinearize = Boolean(twin) && hasGrowingLayers(base);
    if (s.linear && canLinearize) {
      return { base, twin, canLinearize, model: linearized(base, twin), original: base };
    }
    return { base, twin, canLinearize, model: base, original: null };
  }

  function gpuBytesOf(s) {
    const text = s.gpu === 'custom' ? String(s.gpuCustom) : s.gpu;
    const bytes = parseGigabytes(text);
    if (bytes === null) throw new Error(`GPU budget: “${text}” is not a number of gigabytes (e.g. 48 or 40.5).`);
    return Number(bytes);
  }

  function evaluate(s) {
    const r = resolve(s);
    const coreState = { ...s, gpuBytes: gpuBytesOf(s) };
    const cache = results ? { key: results.samplesKey, samples: results.samples } : null;
    return { ...computeAll(la, coreState, r.model, r.canLinearize ? r.twin : null, r.original, cache), resolved: r };
  }

  /** Proposes `patch`; keeps it when the core accepts it. Errors go to `errorEl`. */
  function apply(patch, errorEl, { notify = true } = {}) {
    const t0 = performance.now();
    const candidate = { ...state, ...patch };
    let next;
    try {
      next = evaluate(candidate);
    } catch (e) {
      showError(errorEl, e);
      return false;
    }
    clearError(errorEl);
    state = candidate;
    results = next;
    render();
    if (notify && typeof onStateChange === 'function') onStateChange(getState());
    timed('frame', t0);
    return true;
  }

  function showError(errorEl, e) {
    const msg = e?.message ? e.message : String(e);
    if (errorEl) {
      errorEl.textContent = msg;
      if (errorEl === notice) notice.hidden = false;
      const input =
        root.querySelector(`[aria-describedby="${errorEl.id}"]:focus`) ||
        root.querySelector(`[aria-describedby="${errorEl.id}"]`);
      if (input && input.tagName === 'INPUT') input.setAttribute('aria-invalid', 'true');
    }
  }
  function clearError(errorEl) {
    if (!errorEl) return;
    errorEl.textContent = '';
    for (const input of root.querySelectorAll(`[aria-describedby="${errorEl.id}"]`)) {
      input.removeAttribute('aria-invalid');
    }
  }

  // ---- render: state + results -> DOM -----------------------------------------------------------
  function setInput(input, value) {
    if (input.getAttribute('aria-invalid') === 'true') return; // keep the reader's text to fix
    if (input.value !== value) input.value = value;
  }

  function render() {
    const s = state;
    const r = results.resolved;
    const unit = s.unit;
    presetSelect.value = s.preset;
    linearBox.checked = s.linear && r.canLinearize;
    linearBox.disabled = !r.canLinearize;
    linearLabel.classList.toggle('lm-disabled', !r.canLinearize);
    slider.value = String(positionOf(s.tokens));
    slider.setAttribute('aria-valuetext', `${longTokens(s.tokens)} (${shortTokens(s.tokens)})`);
    setInput(tokensInput, String(s.tokens));
    setInput(sessionsInput, String(s.sessions));
    kvDtype.value = s.kvDtype;
    stateDtype.value = s.stateDtype;
    weightDtype.value = s.weightDtype;
    for (const radio of gpuRadios) radio.checked = radio.value === s.gpu;
    setInput(gpuCustom, String(s.gpuCustom));
    for (const radio of unitRadios.inputs) radio.checked = radio.value === unit;
    for (const radio of scaleRadios.inputs) radio.checked = radio.value === s.yScale;
    const modelKey = `${s.preset}|${Boolean(r.original)}|${s.preset === CUSTOM_ID ? JSON.stringify(s.custom) : ''}`;
    if (modelKey !== sourceKey) {
      sourceKey = modelKey;
      renderSource(r);
    }
    editor.hidden = s.preset !== CUSTOM_ID;
    renderFigures();
    renderBars();
    renderChart();
    if (results.samples !== renderedSamples || state.unit !== renderedUnit) renderTable();
    scheduleSummary();
  }

  function modelName() {
    const r = results.resolved;
    const name = state.preset === CUSTOM_ID ? 'Custom model' : r.base.name;
    return r.original ? `${name}, every attention layer linear` : name;
  }

  function renderSource(r) {
    source.replaceChildren();
    const p = state.preset === CUSTOM_ID ? null : r.base;
    if (p) {
      const cite = h('p', { class: 'lm-cite' }, 'Source: ');
      if (p.source.url) {
        cite.append(
          h('a', { href: p.source.url, rel: 'noopener noreferrer', target: '_blank', text: p.source.citation }),
        );
      } else cite.append(p.source.citation);
      cite.append(
        ' ',
        h('span', {
          class: p.confirmed ? 'lm-badge lm-confirmed' : 'lm-badge lm-unconfirmed',
          text: p.confirmed ? 'checked against the released config' : 'not fully confirmed: see the note',
        }),
      );
      source.append(cite, h('p', { class: 'lm-note', text: p.note }));
    }
    const list = h('ul', { class: 'lm-layers', 'aria-label': 'Layers of the model shown' });
    for (const g of r.model.layers) list.append(h('li', { text: describeGroup(g) }));
    if (r.original)
      source.append(
        h('p', {
          class: 'lm-note',
          text: 'Shown with every attention layer made linear: each keeps one state per head instead of a growing cache.',
        }),
      );
    source.append(list);
  }

  /** A byte figure: the rounded value, and the exact count on hover and focus. */
  function bytesFigure(bytes, key) {
    const f = formatBytes(bytes, state.unit);
    return h(
      'span',
      { class: 'lm-fig', tabindex: 0, 'data-figure': key, 'data-bytes': bytes.toString() },
      h('span', { class: 'lm-value', text: f.text }),
      h('span', { class: 'lm-exact', text: exactBytes(bytes) }),
    );
  }
  function textFigure(text, key, exact, raw) {
    return h(
      'span',
      { class: 'lm-fig', tabindex: exact ? 0 : null, 'data-figure': key, 'data-value': raw },
      h('span', { class: 'lm-value', text }),
      exact ? h('span', { class: 'lm-exact', text: exact }) : null,
    );
  }

  function renderFigures() {
    const s = state;
    const { now, capacity, refNow, reference, crossover, growing } = results;
    const maxTokens = BigInt(la.limits?.maxTokens ? la.limits.maxTokens : 1e10);
    const sess = `${groupDigits(s.sessions)} ${s.sessions === 1 ? 'session' : 'sessions'}`;
    const rows = [];
    rows.push(['KV cache per token (one session)', bytesFigure(now.kvBytesPerToken, 'kvPerToken')]);
    rows.push([`KV cache at ${longTokens(s.tokens)}, ${sess}`, bytesFigure(now.kvBytes, 'kvTotal')]);
    rows.push([`Fixed state, ${sess} (same at every context length)`, bytesFigure(now.stateBytes, 'stateTotal')]);
    rows.push(['Total cache memory', bytesFigure(now.totalBytes, 'total')]);
    if (reference === 'twin') {
      rows.push([
        `Same model with every attention layer linear: fixed state, ${sess}`,
        bytesFigure(refNow.stateBytes, 'twinState'),
      ]);
    }
    let cross;
    if (!growing) cross = textFigure('never: no layer keeps a growing cache', 'crossover', null, 'never');
    else if (crossover !== null && typeof crossover === 'object')
      cross = textFigure(`unavailable: ${crossover.error}`, 'crossover', null, 'error');
    else if (crossover === null)
      cross = textFigure('not applicable: no fixed state to compare with', 'crossover', null, 'none');
    else if (crossover > maxTokens || crossover <= 0n)
      cross = textFigure(`never within ${shortTokens(maxTokens)} tokens`, 'crossover', null, 'never');
    else
      cross = textFigure(
        crossover >= 1000n ? `${longTokens(crossover)} (${shortTokens(crossover)})` : longTokens(crossover),
        'crossover',
        null,
        crossover.toString(),
      );
    rows.push([
      reference === 'twin'
        ? 'Context where one session’s KV cache outgrows the all-linear model’s state'
        : 'Context where one session’s KV cache outgrows its fixed state',
      cross,
    ]);
    const r = results.resolved;
    const params = r.model.params
      ? `${groupDigits(BigInt(Math.round(r.model.params)))} parameters × ${s.weightDtype}`
      : 'no parameters given';
    rows.push([`Weights (${params})`, bytesFigure(capacity.weightBytes, 'weights')]);
    rows.push([
      `Room for cache on ${gpuLabel()}`,
      capacity.freeBytes > 0n
        ? bytesFigure(capacity.freeBytes, 'room')
        : textFigure('none: the weights alone exceed the budget', 'room', null, capacity.freeBytes.toString()),
    ]);
    rows.push([
      `Sessions that fit at ${shortTokens(s.tokens)} tokens`,
      textFigure(groupDigits(capacity.sessionsThatFit), 'sessionsFit', null, capacity.sessionsThatFit.toString()),
    ]);
    const longest = capacity.longestContext;
    rows.push([
      `Longest context that fits ${sess}`,
      textFigure(
        longest >= maxTokens && capacity.freeBytes > 0n
          ? `${longTokens(longest)} or more (the core’s limit)`
          : longTokens(longest),
        'longest',
        null,
        longest.toString(),
      ),
    ]);
    patchChildren(
      figures,
      rows.flatMap(([label, fig]) => [h('dt', { text: label }), h('dd', {}, fig)]),
    );
  }

  function gpuLabel() {
    const bytes = BigInt(gpuBytesOf(state));
    return (
      `the ${formatBytes(bytes, 'decimal').text} GPU` +
      (state.unit === 'binary' ? ` (${formatBytes(bytes, 'binary').text})` : '')
    );
  }

  function renderBars() {
    const { now, refNow, reference, capacity, originalNow } = results;
    const items = [
      ['KV cache', now.kvBytes, 'lm-bar-kv'],
      ['Fixed state', now.stateBytes, 'lm-bar-state'],
    ];
    if (reference === 'twin') items.push(['All-linear state', refNow.stateBytes, 'lm-bar-twin']);
    if (originalNow) items.push(['Before: KV cache', originalNow.kvBytes, 'lm-bar-original']);
    const dataMax = items.reduce((m, [, b]) => (b > m ? b : m), 1n);
    const room = capacity.freeBytes > 0n ? capacity.freeBytes : null;
    const showRoom = room !== null && room <= dataMax * 20n;
    const max = showRoom && room > dataMax ? room : dataMax;
    const pct = (b) => (Number(b) / Number(max)) * 100;
    if (!bars.firstChild) {
      bars.append(h('p', { class: 'lm-bars-title' }), h('div', { class: 'lm-bar-rows' }));
    }
    setText(
      bars.firstChild,
      `At ${longTokens(state.tokens)}, ${groupDigits(state.sessions)} ${state.sessions === 1 ? 'session' : 'sessions'}:`,
    );
    const rowsBox = bars.lastChild;
    // Rows persist between renders so their widths animate (CSS transition; none under reduced motion).
    while (rowsBox.children.length > items.length) rowsBox.lastChild.remove();
    items.forEach(([label, bytes, cls], i) => {
      let row = rowsBox.children[i];
      if (!row) {
        row = h(
          'div',
          { class: 'lm-bar-row' },
          h('span', { class: 'lm-bar-label' }),
          h('span', { class: 'lm-bar-track' }, h('span', { class: 'lm-bar' }), h('span', { class: 'lm-bar-room' })),
          h('span', { class: 'lm-bar-value' }),
        );
        rowsBox.append(row);
      }
      setText(row.children[0], label);
      const bar = row.children[1].children[0];
      if (bar.className !== `lm-bar ${cls}`) bar.className = `lm-bar ${cls}`;
      bar.style.width = bytes > 0n ? `max(2px, ${pct(bytes).toFixed(3)}%)` : '0';
      const mark = row.children[1].children[1];
      mark.hidden = !showRoom;
      if (showRoom) mark.style.left = `calc(${pct(room).toFixed(3)}% - 2px)`;
      setText(row.children[2], formatBytes(bytes, state.unit).text);
    });
  }

  /** `width`: the chart box's new width (from the ResizeObserver). The box is measured here only
   *  for the first drawing: reading layout right after writing to the DOM would force a layout of
   *  the whole chapter in every frame of a drag. */
  function renderChart(width) {
    if (width) lastChartWidth = Math.max(300, width);
    else if (!lastChartWidth) lastChartWidth = Math.max(300, Math.round(chartBox.clientWidth || 640));
    const r = results;
    const view = {
      width: lastChartWidth,
      samples: r.samples,
      tokens: state.tokens,
      now: r.now,
      refKind: r.reference,
      room: r.capacity.freeBytes,
      yScale: state.yScale,
      unit: state.unit,
      growing: r.growing,
      linearized: Boolean(r.resolved.original),
    };
    // Moving the context slider changes only the marker: the curve, axes and title stay.
    const depends = [
      view.width,
      view.samples,
      view.refKind,
      view.room,
      view.yScale,
      view.unit,
      view.growing,
      view.linearized,
      modelName(),
      state.sessions,
    ];
    if (chartDrawn && depends.every((v, i) => v === chartDrawn[i])) {
      placeMarker(chartGeom, view);
      renderLegend();
      return;
    }
    chartDrawn = depends;
    chartGeom = drawChart(svg, view);
    const u = state.unit;
    const first = r.samples[0];
    const last = r.samples[r.samples.length - 1];
    setText(
      chartTitle,
      `${modelName()}: memory for ${groupDigits(state.sessions)} ${state.sessions === 1 ? 'session' : 'sessions'} from ${shortTokens(first.tokens)} to ${shortTokens(last.tokens)} tokens. ` +
        `KV cache ${formatBytes(first.kvBytes, u).text} to ${formatBytes(last.kvBytes, u).text}; ` +
        `fixed state ${formatBytes(first.stateBytes, u).text} throughout` +
        (r.reference === 'twin' ? `; all-linear state ${formatBytes(first.refBytes, u).text} throughout.` : '.'),
    );
    renderLegend();
  }

  function renderLegend() {
    const r = results;
    const items = [];
    const growingGroups = r.resolved.model.layers.filter((g) => g.kind !== 'linear');
    const capped = growingGroups.length > 0 && growingGroups.every((g) => g.kind === 'attention' && g.window);
    if (r.growing)
      items.push([
        'lm-sw-kv',
        capped ? 'KV cache (stops growing once the window is full)' : 'KV cache (grows with context)',
      ]);
    if (r.now.stateBytes > 0n) items.push(['lm-sw-state', 'fixed state (flat)']);
    if (r.reference === 'twin') items.push(['lm-sw-twin', 'same model, every attention layer linear (flat)']);
    if (r.resolved.original) items.push(['lm-sw-original', 'before: with its attention layers']);
    if (r.capacity.freeBytes > 0n) items.push(['lm-sw-gpu', 'GPU room for cache after the weights']);
    items.push(['lm-sw-marker', `your context: ${shortTokens(state.tokens)} tokens`]);
    patchChildren(
      legend,
      items.map(([cls, t]) => h('li', {}, h('span', { class: `lm-swatch ${cls}`, 'aria-hidden': 'true' }), t)),
    );
  }

  function renderTable() {
    const r = results;
    renderedSamples = r.samples;
    renderedUnit = state.unit;
    const u = state.unit;
    const twin = r.reference === 'twin';
    const orig = Boolean(r.resolved.original);
    tableCaption.textContent = `${modelName()}, ${groupDigits(state.sessions)} ${state.sessions === 1 ? 'session' : 'sessions'}, KV ${state.kvDtype}, state ${state.stateDtype}: the ${r.samples.length} context lengths plotted.`;
    const heads = [
      'Context (tokens)',
      'KV cache',
      'Fixed state',
      ...(twin ? ['All-linear state'] : []),
      'Total',
      ...(orig ? ['Before (with attention)'] : []),
    ];
    tableHead.replaceChildren(...heads.map((t) => h('th', { scope: 'col', text: t })));
    const cell = (b, key) =>
      h(
        'td',
        { 'data-col': key, 'data-bytes': b.toString() },
        formatBytes(b, u).text,
        h('span', { class: 'lm-cell-exact', text: exactBytes(b) }),
      );
    tableBody.replaceChildren(
      ...r.samples.map((row) =>
        h(
          'tr',
          {},
          h('th', { scope: 'row', 'data-col': 'tokens', text: groupDigits(row.tokens) }),
          cell(row.kvBytes, 'kv'),
          cell(row.stateBytes, 'state'),
          twin ? cell(row.refBytes, 'twin') : null,
          cell(row.totalBytes, 'total'),
          orig ? cell(row.originalBytes, 'original') : null,
        ),
      ),
    );
  }

  function scheduleSummary() {
    clearTimeout(summaryTimer);
    summaryTimer = setTimeout(() => {
      if (!results) return;
      const u = state.unit;
      const { now, refNow, reference, capacity } = results;
      let text =
        `${modelName()} at ${longTokens(state.tokens)}, ${groupDigits(state.sessions)} ${state.sessions === 1 ? 'session' : 'sessions'}: ` +
        `KV cache ${formatBytes(now.kvBytes, u).text}, fixed state ${formatBytes(now.stateBytes, u).text}`;
      if (reference === 'twin')
        text += `; with every attention layer linear the state would be ${formatBytes(refNow.stateBytes, u).text}`;
      text += `. ${groupDigits(capacity.sessionsThatFit)} ${capacity.sessionsThatFit === 1n ? 'session fits' : 'sessions fit'} on ${gpuLabel()}.`;
      setText(summary, text); // the polite live region speaks once the reader pauses
    }, 350);
  }

  // ---- the custom model's editor ----------------------------------------------------------------
  function buildEditor() {
    editorGroups.replaceChildren();
    draft.groups.forEach((g, i) => {
      const box = h('fieldset', { class: 'lm-group' }, h('legend', { text: `Layer group ${i + 1}` }));
      const kindId = `${uid}-g${i}-kind`;
      const kind = h('select', { id: kindId, 'data-group': i, 'data-key': 'kind' });
      for (const [v, t] of Object.entries(KIND_LABELS)) kind.append(h('option', { value: v, text: t }));
      kind.value = g.kind;
      box.append(h('div', { class: 'lm-field' }, h('label', { for: kindId, text: 'Kind' }), kind));
      for (const [key, label] of GROUP_FIELDS[g.kind]) {
        const id = `${uid}-g${i}-${key}`;
        const input = h('input', {
          type: 'text',
          inputmode: 'numeric',
          id,
          autocomplete: 'off',
          'data-group': i,
          'data-key': key,
          'aria-describedby': `${uid}-editor-error`,
        });
        input.value = g[key];
        box.append(h('div', { class: 'lm-field' }, h('label', { for: id, text: label }), input));
      }
      const remove = h('button', {
        type: 'button',
        class: 'lm-button',
        'data-remove': i,
        text: 'Remove group',
        'aria-label': `Remove layer group ${i + 1}`,
      });
      remove.disabled = draft.groups.length === 1;
      box.append(remove);
      editorGroups.append(box);
    });
    paramsInput.value = draft.params;
  }

  function tryCustom() {
    for (const input of editor.querySelectorAll('[aria-invalid]')) input.removeAttribute('aria-invalid');
    const parsed = modelFromDraft(draft, parseWhole);
    if (parsed.error) {
      editorError.textContent = parsed.error;
      const sel =
        parsed.field === 'params'
          ? paramsInput
          : editor.querySelector(`[data-group="${parsed.group}"][data-key="${parsed.field}"]`);
      if (sel) sel.setAttribute('aria-invalid', 'true');
      return;
    }
    const custom = { ...parsed.model };
    const twin = state.custom?.linearTwin;
    if (twin) custom.linearTwin = twin;
    if (!apply({ preset: CUSTOM_ID, custom, linear: false }, editorError)) {
      // The core names the field ("model.layers[0].kvHeads must be ..."): say it in the editor's
      // words and mark that input.
      const m = /model\.layers\[(\d+)\]\.(\w+)/.exec(editorError.textContent);
      const target = m
        ? editor.querySelector(`[data-group="${m[1]}"][data-key="${m[2]}"]`)
        : editor.querySelector('input:focus');
      if (m) {
        const kind = draft.groups[Number(m[1])] && draft.groups[Number(m[1])].kind;
        const field = kind && GROUP_FIELDS[kind].find(([key]) => key === m[2]);
        editorError.textContent = editorError.textContent.replace(
          m[0],
          `Layer group ${Number(m[1]) + 1}, ${field ? field[1] : m[2]} (${m[2]})`,
        );
      }
      if (target) target.setAttribute('aria-invalid', 'true');
    }
  }

  function enterCustom() {
    const r = results.resolved;
    const custom = { layers: r.model.layers.map((g) => ({ ...g })) };
    if (r.model.params !== undefined) custom.params = r.model.params;
    if (r.twin) custom.linearTwin = r.twin;
    draft = draftFromModel(custom);
    buildEditor();
    apply({ preset: CUSTOM_ID, custom, linear: false }, editorError);
  }

  // ---- events: they only propose state ----------------------------------------------------------
  on(presetSelect, 'change', () => {
    if (presetSelect.value === CUSTOM_ID) enterCustom();
    else apply({ preset: presetSelect.value }, notice);
  });
  on(linearBox, 'change', () => apply({ linear: linearBox.checked }, notice));
  // A drag fires more input events than there are frames: the demo updates once per animation
  // frame, and at once on `change` (the keyboard, the end of a drag). While it streams, the bars
  // follow without their growth animation (it would relayout the demo for 0.35 s after each frame).
  function flushSlider(final) {
    if (sliderFrame) cancelAnimationFrame(sliderFrame);
    sliderFrame = 0;
    const tokens = sliderTokens;
    sliderTokens = null;
    if (tokens !== null) {
      clearError(tokensError);
      apply({ tokens }, tokensError);
    }
    if (final) root.classList.remove('lm-dragging');
  }
  on(slider, 'input', () => {
    sliderTokens = tokensAt(Number(slider.value));
    root.classList.add('lm-dragging');
    if (!sliderFrame) sliderFrame = requestAnimationFrame(() => flushSlider(false));
  });
  on(slider, 'change', () => flushSlider(true));
  on(tokensInput, 'change', () => {
    const v = parseWhole(tokensInput.value);
    if (Number.isNaN(v)) {
      showError(tokensError, new Error(`Context: “${tokensInput.value.trim()}” is not a whole number of tokens.`));
      return;
    }
    if (apply({ tokens: v }, tokensError)) tokensInput.value = String(state.tokens);
  });
  on(sessionsInput, 'change', () => {
    const v = parseWhole(sessionsInput.value);
    if (Number.isNaN(v)) {
      showError(sessionsError, new Error(`Sessions: “${sessionsInput.value.trim()}” is not a whole number.`));
      return;
    }
    if (apply({ sessions: v }, sessionsError)) sessionsInput.value = String(state.sessions);
  });
  on(kvDtype, 'change', () => apply({ kvDtype: kvDtype.value }, notice));
  on(stateDtype, 'change', () => apply({ stateDtype: stateDtype.value }, notice));
  on(weightDtype, 'change', () => apply({ weightDtype: weightDtype.value }, gpuError));
  for (const radio of gpuRadios) {
    on(radio, 'change', () => {
      if (!radio.checked) return;
      const patch = radio.value === 'custom' ? { gpu: 'custom', gpuCustom: gpuCustom.value } : { gpu: radio.value };
      if (!apply(patch, gpuError)) render();
    });
  }
  on(gpuCustom, 'change', () => {
    if (apply({ gpu: 'custom', gpuCustom: gpuCustom.value.trim() }, gpuError)) clearError(gpuError);
  });
  for (const radio of unitRadios.inputs)
    on(radio, 'change', () => radio.checked && apply({ unit: radio.value }, notice));
  for (const radio of scaleRadios.inputs)
    on(radio, 'change', () => radio.checked && apply({ yScale: radio.value }, notice));
  on(editor, 'change', (e) => {
    const t = e.target;
    if (t === paramsInput) draft.params = paramsInput.value;
    else if (t.dataset?.key) {
      const i = Number(t.dataset.group);
      draft.groups[i][t.dataset.key] = t.value;
      if (t.dataset.key === 'kind') {
        buildEditor();
        const again = editor.querySelector(`[data-group="${i}"][data-key="kind"]`);
        if (again) again.focus();
      }
    } else return;
    tryCustom();
  });
  on(editor, 'click', (e) => {
    const t = e.target;
    if (t === addGroup) {
      draft.groups.push(newGroupDraft());
      buildEditor();
      const inputs = editorGroups.lastChild.querySelectorAll('select, input');
      if (inputs[0]) inputs[0].focus();
      tryCustom();
    } else if (t.dataset && t.dataset.remove !== undefined) {
      const i = Number(t.dataset.remove);
      draft.groups.splice(i, 1);
      buildEditor();
      const next = editorGroups.children[Math.min(i, draft.groups.length - 1)];
      if (next) next.querySelector('select').focus();
      tryCustom();
    }
  });
  if (typeof ResizeObserver === 'function') {
    const ro = new ResizeObserver((entries) => {
      const width = Math.round(entries[entries.length - 1].contentRect.width);
      if (results && width && Math.max(300, width) !== lastChartWidth) renderChart(width);
    });
    ro.observe(chartBox);
    ac.signal.addEventListener('abort', () => ro.disconnect());
  }

  // ---- the handle ---------------------------------------------------------------------------------
  function getState() {
    const out = { ...state };
    if (state.custom) out.custom = JSON.parse(JSON.stringify(state.custom));
    return out;
  }

  const CHECKS = {
    preset: (v) => typeof v === 'string' && (v === CUSTOM_ID || findPreset(v) !== null),
    linear: (v) => typeof v === 'boolean',
    custom: (v) => v === null || (typeof v === 'object' && Array.isArray(v.layers)),
    tokens: (v) => typeof v === 'number' && Number.isInteger(v),
    sessions: (v) => typeof v === 'number' && Number.isInteger(v),
    kvDtype: (v) => DTYPES.some(([d]) => d === v),
    stateDtype: (v) => DTYPES.some(([d]) => d === v),
    weightDtype: (v) => DTYPES.some(([d]) => d === v),
    gpu: (v) => GPUS.some(([g]) => g === v),
    gpuCustom: (v) => (typeof v === 'string' || typeof v === 'number') && parseGigabytes(String(v)) !== null,
    unit: (v) => v === 'binary' || v === 'decimal',
    yScale: (v) => v === 'log' || v === 'linear',
  };

  /** Applies the known, valid fields of `obj`; names the others in a visible notice. */
  function setState(obj, { notify = false } = {}) {
    const ignored = [];
    const patch = {};
    if (obj && typeof obj === 'object') {
      for (const [k, v] of Object.entries(obj)) {
        if (!(k in CHECKS)) ignored.push(`unknown setting “${k}”`);
        else if (!CHECKS[k](v)) ignored.push(`invalid ${k}`);
        else patch[k] = k === 'gpuCustom' ? String(v) : v;
      }
    } else if (obj !== undefined) ignored.push('settings were not an object');
    if (patch.preset === CUSTOM_ID && !patch.custom && !state.custom) {
      delete patch.preset;
      ignored.push('preset “custom” without a custom model');
    }
    if (!apply(patch, null, { notify })) {
      // Keep what can be kept: one field at a time, in a fixed order.
      for (const k of Object.keys(patch)) {
        if (k === 'preset' && patch.preset === CUSTOM_ID && 'custom' in patch) continue; // with custom
        const one = { [k]: patch[k] };
        if (k === 'custom' && patch.preset === CUSTOM_ID) one.preset = CUSTOM_ID;
        try {
          evaluate({ ...state, ...one });
          apply(one, null, { notify });
        } catch (e) {
          ignored.push(`${k}: ${e.message}`);
        }
      }
    }
    if (state.preset === CUSTOM_ID) {
      draft = draftFromModel(state.custom);
      buildEditor();
    }
    notice.hidden = ignored.length === 0;
    notice.textContent = ignored.length ? `Some settings were ignored: ${ignored.join('; ')}.` : '';
  }

  function destroy() {
    clearTimeout(summaryTimer);
    cancelAnimationFrame(sliderFrame);
    ac.abort();
    root.remove();
    results = null;
  }

  // first paint: the defaults, then whatever settings came with the mount
  apply({}, notice, { notify: false });
  if (initialState !== undefined && initialState !== null) setState(initialState);

  return { getState, setState: (obj) => setState(obj, { notify: false }), destroy };
}

export default mount;
