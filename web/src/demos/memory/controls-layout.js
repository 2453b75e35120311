// The memory demo's form as elements: the primary controls (model preset, "make every attention
// layer linear", the context length) above the picture; below it two disclosures: "About the model"
// (its source, import and custom editor) and "Settings" (sessions and precision, the GPU budget,
// units, memory axis), one click away, Settings remembered in the permalink. No behaviour here
// (controls.js).

import { h } from '../../lib/dom.js';
import { CONTEXT_LABEL } from './labels.js';
import { CUSTOM_ID, TWIN_RULE, presetCategory } from './models.js';
import { PRESETS } from './presets.js';
import { DTYPES, GPUS, SLIDER_STEPS, STATE_DTYPE_WHY, TP_CHOICES, UNITS, Y_SCALES } from './state.js';

const field = (...children) => h('div', { class: 'lm-field' }, ...children);
const label = (id, text) => h('label', { for: id, text });
const textInput = (id, inputmode) =>
  h('input', { type: 'text', inputmode, id, autocomplete: 'off', 'aria-describedby': `${id}-error` });
const errorLine = (id) =>
  h('p', { class: 'lm-error fig-error la-field-msg', id: `${id}-error`, 'aria-live': 'polite' });
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

/** Every input of the form, with ids from `id`. */
export function createInputs(id) {
  const linear = h('input', { type: 'checkbox', id: `${id}-linear` });
  return {
    notice: h('p', { class: 'lm-notice fig-notice', 'aria-live': 'polite', hidden: true }),
    preset: presetMenu(id),
    linear,
    linearLabel: h(
      'label',
      { for: `${id}-linear`, class: 'lm-check' },
      linear,
      ' Make every attention layer linear (one d×d state per head instead of a KV cache)',
    ),
    source: h('div', { class: 'lm-source' }),
    slider: h('input', { type: 'range', id: `${id}-slider`, min: 0, max: SLIDER_STEPS, step: 1 }),
    tokens: textInput(`${id}-tokens`, 'numeric'),
    tokensError: errorLine(`${id}-tokens`),
    sessions: textInput(`${id}-sessions`, 'numeric'),
    sessionsError: errorLine(`${id}-sessions`),
    kvDtype: select(`${id}-kvdtype`, DTYPES),
    stateDtype: select(`${id}-statedtype`, DTYPES),
    tp: select(
      `${id}-tp`,
      TP_CHOICES.map((n) => [String(n), n === 1 ? '1 GPU' : `${n} GPUs`]),
    ),
    gpu: radios(id, 'gpu', GPUS),
    gpuCustom: h('input', {
      type: 'text',
      inputmode: 'decimal',
      id: `${id}-gpucustom`,
      autocomplete: 'off',
      'aria-describedby': `${id}-gpu-error`,
    }),
    gpuError: errorLine(`${id}-gpu`),
    weightDtype: select(`${id}-weightdtype`, DTYPES),
    unit: radios(id, 'unit', UNITS),
    scale: radios(id, 'scale', Y_SCALES),
  };
}

/** The "Settings" disclosure: sessions and precision, the GPU budget, units and the memory axis. */
function settingsBox(id, c) {
  const sessionsBox = h(
    'fieldset',
    { class: 'lm-box lm-context fig-box fig-panel' },
    h('legend', { text: 'Sessions and precision' }),
    field(label(`${id}-sessions`, 'Concurrent sessions'), c.sessions, c.sessionsError),
    field(label(`${id}-kvdtype`, 'KV cache type'), c.kvDtype),
    field(label(`${id}-statedtype`, 'Fixed state type'), c.stateDtype),
    h('p', { class: 'lm-note lm-dtype-why', text: STATE_DTYPE_WHY }),
  );
  const gpuBox = h(
    'fieldset',
    { class: 'lm-box lm-gpu fig-box fig-panel' },
    h('legend', { text: 'GPU memory budget' }),
    h('div', { class: 'lm-radios' }, c.gpu.labels),
    field(label(`${id}-gpucustom`, 'Custom budget (GB, 10⁹ bytes)'), c.gpuCustom, c.gpuError),
    field(label(`${id}-weightdtype`, 'Weights type (parameters × bytes)'), c.weightDtype),
    field(label(`${id}-tp`, 'Tensor parallelism (the model split over N GPUs of this budget)'), c.tp),
  );
  return h(
    'details',
    { class: 'lm-settings', 'data-part': 'settings' },
    h('summary', { text: 'Settings' }),
    sessionsBox,
    gpuBox,
    h(
      'div',
      { class: 'lm-display' },
      h('fieldset', { class: 'lm-inline fig-box fig-panel' }, h('legend', { text: 'Units' }), c.unit.labels),
      h('fieldset', { class: 'lm-inline fig-box fig-panel' }, h('legend', { text: 'Memory axis' }), c.scale.labels),
    ),
  );
}

/** The form's layout: { primary (model and context, above the picture), below (after it: the "About
 *  the model" and "Settings" disclosures), settings }. */
export function arrange(id, c, editor, importer) {
  const primary = h(
    'div',
    { class: 'lm-primary', role: 'group', 'aria-label': 'Model and context' },
    h('div', { class: 'lm-primary-model' }, field(label(`${id}-preset`, 'Model'), c.preset), c.linearLabel),
    h(
      'div',
      { class: 'lm-primary-context' },
      h('div', { class: 'lm-field lm-slider-field' }, label(`${id}-slider`, CONTEXT_LABEL), c.slider),
      field(label(`${id}-tokens`, 'Tokens, exact'), c.tokens, c.tokensError),
    ),
  );
  const settings = settingsBox(id, c);
  // About the model: its source, the twin's rule, a config.json of the reader's own and the custom
  // model's editor, folded (view.js opens it when the reader picks a custom model or imports one).
  const about = h(
    'details',
    { class: 'lm-about', 'data-part': 'about' },
    h('summary', { text: 'About the model' }),
    h(
      'div',
      { class: 'lm-box lm-model fig-box fig-panel' },
      h('p', { class: 'lm-note lm-twin-rule', text: TWIN_RULE }),
      c.source,
      importer.el,
      editor.el,
    ),
  );
  const below = [about, settings];
  return { primary, below, settings };
}
