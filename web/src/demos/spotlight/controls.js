// The spotlight figure's controls: two sliders in view (the number of tokens N, on a log scale,
// and the other keys' cosine to the target, from unrelated to near misses) and the rest in a
// Settings disclosure (β, m, d, the query's noise, seed, target position, number format). Each
// dispatches a proposal; the core has the last word on ranges (state.js). sync(state) writes the
// controls back from the state (a link, update(), a refusal), touching only what differs.
import { activeElement, h, setProp, setText, setAttr, uid, stateDisclosure } from '../../lib/dom.js';
import { formatNumber, formatPlain } from '../../lib/format.js';
import { coalesceFrames } from '../../lib/frame.js';
import { readField } from '../../lib/number-field.js';
import { DTYPES } from './state.js';

const N_STEPS = 110; // slider positions, N = 2 .. 4096 evenly in log N
export const nAt = (pos) => Math.round(2 * 2048 ** (pos / N_STEPS));
const positionOfN = (n) => Math.round((N_STEPS * Math.log2(Math.max(2, n) / 2)) / 11);

/** The Settings fields: [name, label, spec for readField (limits: the core's `sp.limits`)].
 * @returns {[string, string, { min?: number, max?: number, integer?: boolean }][]} */
const fieldSpecs = (limits) => [
  ['beta', 'Softmax sharpness \u03b2', { min: 0 }],
  ['features', 'Random features m', { min: 1, max: limits.maxSpotlightFeatures, integer: true }],
  ['d', 'Key size d', { min: 2, max: limits.maxSpotlightDim, integer: true }],
  ['noise', 'Query noise', { min: 0, max: limits.maxSpotlightNoise }],
  ['seed', 'Seed', { min: 0, integer: true }],
  ['target', 'Target position (from 0)', { min: 0, integer: true }],
];

function slider(label, attrs, output) {
  const id = uid('spot');
  const input = h('input', { type: 'range', id, ...attrs });
  return { input, el: h('div', { class: 'spot-slider' }, h('label', { for: id }, label, ' ', output), input) };
}

/** hold(true) when a pointer presses one of `inputs`, hold(false) when it lets go (or the value is
 *  committed); returns the function that removes the listeners. */
function holdWhilePressed(inputs, hold) {
  const win = inputs[0].ownerDocument?.defaultView ?? globalThis;
  let held = false;
  const set = (on) => {
    if (on === held) return;
    held = on;
    hold(on);
  };
  const press = () => set(true);
  const release = () => set(false);
  for (const input of inputs) {
    input.addEventListener('pointerdown', press);
    input.addEventListener('change', release);
  }
  win.addEventListener('pointerup', release);
  win.addEventListener('pointercancel', release);
  return () => {
    for (const input of inputs) {
      input.removeEventListener('pointerdown', press);
      input.removeEventListener('change', release);
    }
    win.removeEventListener('pointerup', release);
    win.removeEventListener('pointercancel', release);
  };
}

/** Builds the controls; `dispatch` the demo's. Returns { top, settings, sync(state), destroy() }. */
export function createControls(dispatch, limits) {
  const propose = (patch) => dispatch({ type: 'propose', patch, from: 'reader' });
  const nOut = h('output', { class: 'spot-out', 'data-part': 'n-value' });
  const cOut = h('output', { class: 'spot-out', 'data-part': 'cosine-value' });
  const n = slider('Tokens N =', { min: 0, max: N_STEPS, step: 1, 'data-part': 'n' }, nOut);
  const c = slider(
    'Other keys\u2019 cosine to the target',
    { min: 0, max: 0.95, step: 0.05, 'data-part': 'cosine' },
    cOut,
  );
  const moveN = coalesceFrames((pos) => propose({ n: nAt(pos) }));
  const moveC = coalesceFrames((v) => propose({ cosine: v }));
  n.input.addEventListener('input', () => moveN(Number(n.input.value)));
  c.input.addEventListener('input', () => moveC(Number(c.input.value)));
  const letGo = holdWhilePressed([n.input, c.input], (on) => dispatch({ type: 'hold', on }));

  const fields = new Map();
  const rows = fieldSpecs(limits).map(([name, label, spec]) => {
    const id = uid(`spot-${name}`);
    const input = h('input', { type: 'text', id, inputmode: 'decimal', 'data-part': name, size: 7 });
    const error = h('span', { class: 'spot-field-error fig-error', role: 'alert' });
    input.addEventListener('change', () => {
      const r = readField(input.value, { label, ...spec });
      setAttr(input, 'aria-invalid', r.error ? 'true' : 'false');
      setText(error, r.error ?? '');
      if (!r.error) propose({ [name]: r.value });
    });
    fields.set(name, input);
    return h('div', { class: 'spot-field' }, h('label', { for: id }, label), input, error);
  });
  const dtypeId = uid('spot-dtype');
  const dtype = h('select', { id: dtypeId, 'data-part': 'dtype' }, ...DTYPES.map((t) => h('option', { value: t }, t)));
  dtype.addEventListener('change', () => propose({ dtype: dtype.value }));
  const details = h(
    'details',
    { class: 'spot-settings fig-box fig-panel' },
    h('summary', {}, 'Settings'),
    h(
      'div',
      { class: 'spot-fields' },
      ...rows,
      h('div', { class: 'spot-field' }, h('label', { for: dtypeId }, 'Number format'), dtype),
    ),
  );
  const disclosure = stateDisclosure(details, (open) => dispatch({ type: 'open', open }));

  return {
    top: h('div', { class: 'spot-controls' }, n.el, c.el),
    settings: details,
    sync(settings) {
      // A slider in the reader's hands keeps its own position (a key press or a drag between two
      // frames would otherwise be put back to the value of the frame before).
      if (activeElement(n.input) !== n.input) setProp(n.input, 'value', String(positionOfN(settings.n)));
      setText(nOut, String(settings.n));
      if (activeElement(c.input) !== c.input) setProp(c.input, 'value', String(settings.cosine));
      setText(cOut, formatNumber(settings.cosine, 2));
      for (const [name, input] of fields) {
        if (activeElement(input) !== input) setProp(input, 'value', formatPlain(settings[name]));
      }
      setProp(dtype, 'value', settings.dtype);
      disclosure.show(settings.settings);
    },
    destroy() {
      letGo();
      moveN.cancel();
      moveC.cancel();
    },
  };
}
