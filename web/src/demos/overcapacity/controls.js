// The demo's form: d, N, key geometry, trials, seed (and "New sample"), softmax β, the N axis scale.
// Its events only propose changes of state (the `on` callbacks); render(state) shows the state.
import { html, uid, setText, setAttr } from './svg.js';
import { formatInt, KEY_LABELS } from './format.js';
import { BETAS, DIMS, KEYS, SCALES } from './state.js';

/**
 * @param parent where the controls go
 * @param on { n(value) the slider moved; propose(changes); typed(name, text) a trials or seed
 *   field was entered; signal: an AbortSignal that removes every listener }
 */
export function createControls(parent, on) {
  const listen = (el, type, fn) => el.addEventListener(type, fn, { signal: on.signal });
  const controls = html('div', { class: 'oc-controls' }, parent);

  function field(labelText, cls = '') {
    const box = html('div', { class: `oc-field ${cls}` }, controls);
    const id = uid('oc-in');
    html('label', { for: id, text: labelText }, box);
    return { box, id };
  }
  function typedField(labelText, size, row) {
    const f = field(labelText);
    const at = row ? html('div', { class: row }, f.box) : f.box;
    const input = html(
      'input',
      { id: f.id, type: 'text', inputmode: 'numeric', autocomplete: 'off', spellcheck: 'false', size },
      at,
    );
    return { ...f, at, input };
  }
  const message = (box, input) => {
    const msg = html('p', { class: 'oc-msg', id: uid('oc-msg'), 'aria-live': 'polite' }, box);
    input.setAttribute('aria-describedby', msg.id);
    return msg;
  };

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

  const t = typedField('Trials', 4);
  const tMsg = message(t.box, t.input);
  const s = typedField('Seed', 10, 'oc-seed-row');
  const newSample = html('button', { type: 'button', class: 'oc-button', text: 'New sample' }, s.at);
  const sMsg = message(s.box, s.input);

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
  for (const sc of SCALES) {
    const lab = html('label', { class: 'oc-radio' }, scaleSet);
    scaleRadios[sc] = html('input', { type: 'radio', name: scaleName, value: sc }, lab);
    lab.append(document.createTextNode(sc === 'linear' ? ' linear' : ' log'));
  }

  for (const [el, part] of [
    [dSelect, 'd'],
    [nSlider, 'n'],
    [kSelect, 'keys'],
    [t.input, 'trials'],
    [tMsg, 'trials-msg'],
    [s.input, 'seed'],
    [sMsg, 'seed-msg'],
    [newSample, 'new-sample'],
    [bSlider, 'beta'],
    [scaleRadios.linear, 'scale-linear'],
    [scaleRadios.log, 'scale-log'],
  ])
    el.dataset.part = part;

  const typed = { trials: { input: t.input, msg: tMsg }, seed: { input: s.input, msg: sMsg } };

  // ---- events: each one proposes a change of state, nothing else --------------------------------
  listen(nSlider, 'input', () => on.n(Number(nSlider.value)));
  listen(dSelect, 'change', () => on.propose({ d: Number(dSelect.value) }));
  listen(kSelect, 'change', () => on.propose({ keys: kSelect.value }));
  listen(bSlider, 'input', () => on.propose({ beta: BETAS[Number(bSlider.value)] }));
  for (const sc of SCALES) listen(scaleRadios[sc], 'change', () => on.propose({ scale: sc }));
  for (const [name, { input }] of Object.entries(typed)) {
    listen(input, 'change', () => on.typed(name, input.value));
    listen(input, 'keydown', (e) => {
      if (e.key === 'Enter') on.typed(name, input.value);
    });
  }
  listen(newSample, 'click', () => {
    const draw = new Uint32Array(1);
    crypto.getRandomValues(draw);
    fieldError('seed', '');
    on.propose({ seed: draw[0] });
  });

  /** Shows (or with '' clears) the message under a typed field. */
  function fieldError(name, text) {
    const { input, msg } = typed[name];
    msg.textContent = text || '';
    if (text) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }

  function render(state) {
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
    const focused = controls.getRootNode().activeElement;
    for (const [name, { input }] of Object.entries(typed))
      if (focused !== input || !input.hasAttribute('aria-invalid')) input.value = String(state[name]);
    bSlider.value = String(BETAS.indexOf(state.beta));
    setText(bOut, String(state.beta));
    setAttr(bSlider, 'aria-valuetext', `\u03b2 = ${state.beta}`);
    scaleRadios[state.scale].checked = true;
  }

  return { element: controls, render, fieldError };
}
