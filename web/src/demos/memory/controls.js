// The memory demo's form: the primary controls (model preset, "make every attention layer linear",
// the context length) above the picture; below it the model's source, import and custom editor,
// and the "Settings" disclosure (sessions and precision, the GPU budget, units, memory axis), one
// click away and remembered in the permalink. Events only propose a
// change of state through `on` (see index.js); update(state, resolved) sets every control from
// the state. A control the reader is fixing (aria-invalid) keeps their text.

import { h, uid, setAttr, setProp } from '../../lib/dom.js';
import { coalesceFrames } from '../../lib/frame.js';
import { readField, showNumber } from '../../lib/number-field.js';
import { longTokens, shortTokens } from './format.js';
import { CONTEXT_LABEL } from './labels.js';
import { CUSTOM_ID, TWIN_RULE, presetCategory } from './models.js';
import { PRESETS } from './presets.js';
import { createEditor } from './render-editor.js';
import { createImport } from './render-import.js';
import { sourceRenderer } from './render-source.js';
import {
  DTYPES,
  GPUS,
  MAX_TOKENS,
  MIN_TOKENS,
  SLIDER_STEPS,
  STATE_DTYPE_WHY,
  TP_CHOICES,
  UNITS,
  Y_SCALES,
  gigabytesText,
  positionOf,
  tokensAt,
} from './state.js';

const field = (...children) => h('div', { class: 'lm-field' }, ...children);
const label = (id, text) => h('label', { for: id, text });
const textInput = (id, inputmode) =>
  h('input', { type: 'text', inputmode, id, autocomplete: 'off', 'aria-describedby': `${id}-error` });
const errorLine = (id) => h('p', { class: 'lm-error', id: `${id}-error`, 'aria-live': 'polite' });
const select = (id, options) =>
  h(
    'select',
    { id },
    options.map(([v, t]) => h('option', { value: v, text: t })),
  );

/** Radio buttons named `${id}-${name}`; returns { inputs, labels }. */
function radios(id, name, options) {
  const inputs = options.map(([v]) =>
    h('input', { type: 'radio', name: `${id}-${name}`, value: v, id: `${id}-${name}-${v}` }),
  );
  const labels = options.map(([v, t], i) =>
    h('label', { for: `${id}-${name}-${v}`, class: 'lm-radio' }, inputs[i], ` ${t}`),
  );
  return { inputs, labels };
}

function presetMenu(id) {
  const groups = new Map();
  for (const p of PRESETS) {
    const c = presetCategory(p);
    if (!groups.has(c)) groups.set(c, h('optgroup', { label: c }));
    groups.get(c).append(h('option', { value: p.id, text: p.name }));
  }
  return h(
    'select',
    { id: `${id}-preset` },
    [...groups.values()],
    h('option', { value: CUSTOM_ID, text: 'Custom model…' }),
  );
}

/** A text field's error message (the core's, or the parser's) beside it; marks the field. The
 *  notice above the figure (.lm-notice) is shown for it, and hidden again by clearError. */
export function showError(root, errorEl, e) {
  if (!errorEl) return;
  errorEl.textContent = e?.message ? e.message : String(e);
  if (errorEl.classList.contains('lm-notice')) errorEl.hidden = false;
  const input =
    root.querySelector(`[aria-describedby="${errorEl.id}"]:focus`) ||
    root.querySelector(`[aria-describedby="${errorEl.id}"]`);
  if (input && input.tagName === 'INPUT') input.setAttribute('aria-invalid', 'true');
}

/** Takes back what showError (or a notice) put up: the words, the notice itself, the field's mark. */
export function clearError(root, errorEl) {
  if (!errorEl) return;
  const notice = errorEl.classList.contains('lm-notice');
  if (errorEl.textContent === '' && (!notice || errorEl.hidden)) return; // nothing shown (every frame of a drag)
  errorEl.textContent = '';
  if (notice) errorEl.hidden = true;
  for (const input of root.querySelectorAll(`[aria-describedby="${errorEl.id}"]`))
    input.removeAttribute('aria-invalid');
}

/** What each number field accepts (the core checks again): the context in tokens (10k, 1M),
 *  sessions, and a custom GPU budget in bytes (a bare number is GB; 80 GiB, 512 MB; never 0). */
const FIELDS = {
  tokens: { label: 'Context', min: MIN_TOKENS, max: MAX_TOKENS, integer: true, unit: 'tokens', unitName: 'tokens' },
  sessions: { label: 'Sessions', min: 1, max: 1e9, integer: true },
  gpu: { label: 'GPU budget', min: 0, max: 999_999_999e9, zero: false, unit: 'bytes', show: gbWords },
};
/** A byte bound as GB for the GPU field's range: "999,999,999 GB". */
function gbWords(bytes) {
  return `${showNumber(bytes / 1e9, 9)} GB`;
}
/** The GPU field's text as the state's gigabytes ("80 GiB" -> "85.89934592"), or { error }. */
export function readGpu(text) {
  const read = readField(text, FIELDS.gpu);
  return read.error ? read : { value: gigabytesText(Math.round(read.value)) };
}

/** Writes a text field unless the reader is fixing it. */
function setInput(input, value) {
  if (input.getAttribute('aria-invalid') === 'true') return; // keep the reader's text to fix
  setProp(input, 'value', value);
}

/**
 * Builds the controls of the demo whose element is `root`. `on`: { propose(patch, errorEl) ->
 * accepted, custom(model) -> accepted, enterCustom(), refresh(), importText(text) -> { ok, ... },
 * maxGroups, settingsToggled(open) }. Returns { id, notice, primary (model and context, above the
 * picture), below (the other controls, in order, after it), editor, importer, slideTo, dragging(),
 * update(state, resolved), pause(), resume(), destroy() }.
 */
export function createControls(root, on) {
  const id = uid('lm');
  const notice = h('p', { class: 'lm-notice', 'aria-live': 'polite', hidden: true });
  const preset = presetMenu(id);
  const linear = h('input', { type: 'checkbox', id: `${id}-linear` });
  const linearLabel = h(
    'label',
    { for: `${id}-linear`, class: 'lm-check' },
    linear,
    ' Make every attention layer linear (one d×d state per head instead of a KV cache)',
  );
  const source = h('div', { class: 'lm-source' });
  const renderSource = sourceRenderer(source);
  const editor = createEditor(id, on.custom, on.maxGroups);
  const importer = createImport(id, on.importText);
  const slider = h('input', { type: 'range', id: `${id}-slider`, min: 0, max: SLIDER_STEPS, step: 1 });
  const tokens = textInput(`${id}-tokens`, 'numeric');
  const tokensError = errorLine(`${id}-tokens`);
  const sessions = textInput(`${id}-sessions`, 'numeric');
  const sessionsError = errorLine(`${id}-sessions`);
  const kvDtype = select(`${id}-kvdtype`, DTYPES);
  const stateDtype = select(`${id}-statedtype`, DTYPES);
  const tp = select(
    `${id}-tp`,
    TP_CHOICES.map((n) => [String(n), n === 1 ? '1 GPU' : `${n} GPUs`]),
  );
  const gpu = radios(id, 'gpu', GPUS);
  const gpuCustom = h('input', {
    type: 'text',
    inputmode: 'decimal',
    id: `${id}-gpucustom`,
    autocomplete: 'off',
    'aria-describedby': `${id}-gpu-error`,
  });
  const gpuError = h('p', { class: 'lm-error', id: `${id}-gpu-error`, 'aria-live': 'polite' });
  const weightDtype = select(`${id}-weightdtype`, DTYPES);
  const unit = radios(id, 'unit', UNITS);
  const scale = radios(id, 'scale', Y_SCALES);

  // ---- events: they only propose state -------------------------------------------------------
  // A number the field refuses is never clamped: the message names the range, the figure keeps
  // the last good value (said in the message), and the reader's text stays to fix.
  const numeric = (input, errorEl, key, read) => () => {
    const got = read(input.value);
    if (got.error) {
      const kept = key === 'gpuCustom' ? `${showNumber(Number(lastGood[key]), 9)} GB` : showNumber(lastGood[key]);
      showError(root, errorEl, new Error(`${got.error} Kept ${kept}.`));
      return;
    }
    const patch = key === 'gpuCustom' ? { gpu: 'custom', gpuCustom: got.value } : { [key]: got.value };
    on.propose(patch, errorEl);
  };
  const lastGood = { tokens: 0, sessions: 0, gpuCustom: '' };
  preset.onchange = () =>
    preset.value === CUSTOM_ID ? on.enterCustom() : on.propose({ preset: preset.value }, notice);
  linear.onchange = () => on.propose({ linear: linear.checked }, notice);
  // A drag fires more input events than there are frames: the demo updates once per animation
  // frame, and at once on `change` (the keyboard, the end of a drag). While it streams, the bars
  // follow without their growth animation (it would relayout the demo for 0.35 s after each frame).
  // While a drag streams, the demo also leaves out what no one can see before it ends (each
  // figure's exact byte count, shown on hover or focus): the drag's last frame writes it all.
  let slid = null; // the slider's latest position not yet proposed (kept over a pause)
  let paused = false;
  let dragging = false;
  const proposeSlid = () => {
    const v = slid;
    slid = null;
    return v !== null && on.propose({ tokens: v }, tokensError);
  };
  const slideFrame = coalesceFrames(proposeSlid);
  function dragStep() {
    if (!dragging) {
      dragging = true;
      root.classList.add('lm-dragging');
    }
    if (!paused) slideFrame();
  }
  function dragEnd() {
    slideFrame.cancel();
    const wasDragging = dragging;
    dragging = false;
    root.classList.remove('lm-dragging');
    if (!proposeSlid() && wasDragging) on.refresh(); // the last position was drawn mid-drag
  }
  slider.oninput = () => {
    slid = tokensAt(Number(slider.value));
    dragStep();
  };
  slider.onchange = dragEnd;
  // A drag that ends where it began fires no change event: its release ends it all the same.
  slider.onpointerup = slider.onpointercancel = () => {
    if (dragging) dragEnd();
  };
  /** The chart's context handle: the same coalesced path as the slider. */
  function slideTo(tokens, done) {
    slid = tokens;
    if (done) dragEnd();
    else dragStep();
  }
  tokens.onchange = numeric(tokens, tokensError, 'tokens', (t) => readField(t, FIELDS.tokens));
  sessions.onchange = numeric(sessions, sessionsError, 'sessions', (t) => readField(t, FIELDS.sessions));
  kvDtype.onchange = () => on.propose({ kvDtype: kvDtype.value }, notice);
  stateDtype.onchange = () => on.propose({ stateDtype: stateDtype.value }, notice);
  tp.onchange = () => on.propose({ tp: Number(tp.value) }, gpuError);
  weightDtype.onchange = () => on.propose({ weightDtype: weightDtype.value }, gpuError);
  for (const radio of gpu.inputs) {
    radio.onchange = () => {
      if (!radio.checked) return;
      if (radio.value === 'custom') return numeric(gpuCustom, gpuError, 'gpuCustom', readGpu)();
      if (!on.propose({ gpu: radio.value }, gpuError)) on.refresh();
    };
  }
  gpuCustom.onchange = numeric(gpuCustom, gpuError, 'gpuCustom', readGpu);
  for (const radio of unit.inputs) radio.onchange = () => radio.checked && on.propose({ unit: radio.value }, notice);
  for (const radio of scale.inputs) radio.onchange = () => radio.checked && on.propose({ yScale: radio.value }, notice);

  // The primary controls sit right above the picture: the model and the context length. After the
  // picture comes what the reader is looking at (the model's details and import); everything else
  // (sessions and precision, the GPU budget, units and axis) is one click away in "Settings".
  const sessionsBox = h(
    'fieldset',
    { class: 'lm-box lm-context' },
    h('legend', { text: 'Sessions and precision' }),
    field(label(`${id}-sessions`, 'Concurrent sessions'), sessions, sessionsError),
    field(label(`${id}-kvdtype`, 'KV cache type'), kvDtype),
    field(label(`${id}-statedtype`, 'Fixed state type'), stateDtype),
    h('p', { class: 'lm-note lm-dtype-why', text: STATE_DTYPE_WHY }),
  );
  const gpuBox = h(
    'fieldset',
    { class: 'lm-box lm-gpu' },
    h('legend', { text: 'GPU memory budget' }),
    h('div', { class: 'lm-radios' }, gpu.labels),
    field(label(`${id}-gpucustom`, 'Custom budget (GB, 10⁹ bytes)'), gpuCustom, gpuError),
    field(label(`${id}-weightdtype`, 'Weights type (parameters × bytes)'), weightDtype),
    field(label(`${id}-tp`, 'Tensor parallelism (the model split over N GPUs of this budget)'), tp),
  );
  const settings = h(
    'details',
    { class: 'lm-settings', 'data-part': 'settings' },
    h('summary', { text: 'Settings' }),
    sessionsBox,
    gpuBox,
    h(
      'div',
      { class: 'lm-display' },
      h('fieldset', { class: 'lm-inline' }, h('legend', { text: 'Units' }), unit.labels),
      h('fieldset', { class: 'lm-inline' }, h('legend', { text: 'Memory axis' }), scale.labels),
    ),
  );
  settings.ontoggle = () => on.settingsToggled?.(settings.open);
  const primary = h(
    'div',
    { class: 'lm-primary', role: 'group', 'aria-label': 'Model and context' },
    h('div', { class: 'lm-primary-model' }, field(label(`${id}-preset`, 'Model'), preset), linearLabel),
    h(
      'div',
      { class: 'lm-primary-context' },
      h('div', { class: 'lm-field lm-slider-field' }, label(`${id}-slider`, CONTEXT_LABEL), slider),
      field(label(`${id}-tokens`, 'Tokens, exact'), tokens, tokensError),
    ),
  );
  const below = [
    h(
      'fieldset',
      { class: 'lm-box lm-model' },
      h('legend', { text: 'About the model' }),
      h('p', { class: 'lm-note lm-twin-rule', text: TWIN_RULE }),
      source,
      importer.el,
      editor.el,
    ),
    settings,
  ];

  let shownSettings = false; // the state's `settings` last applied to the disclosure
  function update(s, resolved) {
    // Every property is written only when it changes (setProp): dragging the context slider renders
    // on each frame, and setting the slider's own value, even to the same one, re-lays out its thumb.
    setProp(preset, 'value', s.preset);
    setProp(linear, 'checked', s.linear && resolved.canLinearize);
    setProp(linear, 'disabled', !resolved.canLinearize);
    linearLabel.classList.toggle('lm-disabled', !resolved.canLinearize);
    setProp(slider, 'value', String(positionOf(s.tokens)));
    setAttr(slider, 'aria-valuetext', `${longTokens(s.tokens)} (${shortTokens(s.tokens)})`);
    Object.assign(lastGood, { tokens: s.tokens, sessions: s.sessions, gpuCustom: s.gpuCustom });
    setInput(tokens, showNumber(s.tokens));
    setInput(sessions, showNumber(s.sessions));
    setProp(kvDtype, 'value', s.kvDtype);
    setProp(stateDtype, 'value', s.stateDtype);
    setProp(tp, 'value', String(s.tp ?? 1));
    setProp(weightDtype, 'value', s.weightDtype);
    for (const radio of gpu.inputs) setProp(radio, 'checked', radio.value === s.gpu);
    setInput(gpuCustom, showNumber(Number(s.gpuCustom), 9));
    for (const radio of unit.inputs) setProp(radio, 'checked', radio.value === s.unit);
    for (const radio of scale.inputs) setProp(radio, 'checked', radio.value === s.yScale);
    // Only a change of the state opens or closes it, never a render between the reader's click
    // and its toggle event.
    if (Boolean(s.settings) !== shownSettings) {
      shownSettings = Boolean(s.settings);
      settings.open = shownSettings;
    }
    renderSource(s, resolved);
    setProp(editor.el, 'hidden', s.preset !== CUSTOM_ID);
  }

  /** Off-screen: a pending slider update waits for resume(). */
  function pause() {
    paused = true;
    slideFrame.cancel();
  }
  function resume() {
    paused = false;
    if (slid !== null) slideFrame();
  }

  return {
    id,
    notice,
    primary,
    below,
    editor,
    importer,
    slideTo,
    /** True while a drag of the context streams (between its first move and its end). */
    dragging: () => dragging,
    update,
    pause,
    resume,
    destroy: () => slideFrame.cancel(),
  };
}
