// The demo's form: d, N, key geometry, trials, seed (and "New sample"), softmax β, the N axis scale.
// Its events only propose changes of state (the `on` callbacks); render(state) shows the state.
import { h, uid, setText, setAttr, activeElement } from '../../lib/dom.js';
import { formatInt, KEY_LABELS } from './format.js';
import { BETAS, DIMS, KEYS, SCALES } from './state.js';

/**
 * @param parent where the controls go
 * @param on ( n(value) the slider moved; propose(changes); typed(name, text) a trials or seed
 *   field was entered; signal: an AbortSignal that removes every listener )
 */
export function createControls(parent, on) {
  const listen = (el, type, fn) => el.addEventListener(type, fn, { signal: on.signal });
  const controls = parent.appendChild(h('div', { class: 'oc-controls' }));

  function field(labelText, cls = '') {
    const box = controls.appendChild(h('div', { class: `oc-field ${cls}` }));
    const id = uid('oc-in');
    box.appendChild(h('label', { for: id, text: labelText }));
    return { box, id };
  }
  function typedField(labelText, size, row) {
    const f = field(labelText);
    const at = row ? f.box.appendChild(h('div', { class: row })) : f.box;
    const input = at.appendChild(
      h('input', { id: f.id, type: 'text', inputmode: 'numeric', autocomplete: 'off', spellcheck: 'false', size }),
    );
    return { ...f, at, input };
  }
  const message = (box, input) => {
    const msg = box.appendChild(h('p', { class: 'oc-msg', id: uid('oc-msg'), 'aria-live': 'polite' }));
    input.setAttribute('aria-describedby', msg.id);
    return msg;
  };

  const dField = field('State size d');
  const dSelect = dField.box.appendChild(h('select', { id: dField.id }));
  for (const d of DIMS)
    dSelect.appendChild(h('option', { value: String(d), text: `${d}  (d\u00b2 = ${formatInt(d * d)})` }));

  const nField = field('Stored associations N', 'oc-field-wide');
  const nRow = nField.box.appendChild(h('div', { class: 'oc-range-row' }));
  const nSlider = nRow.appendChild(h('input', { id: nField.id, type: 'range', min: '1', step: '1' }));
  const nOut = nRow.appendChild(h('output', { for: nField.id, class: 'oc-out' }));

  const kField = field('Key geometry');
  const kSelect = kField.box.appendChild(h('select', { id: kField.id }));
  for (const k of KEYS) kSelect.appendChild(h('option', { value: k, text: KEY_LABELS[k] }));

  const t = typedField('Trials', 4);
  const tMsg = message(t.box, t.input);
  const s = typedField('Seed', 10, 'oc-seed-row');
  const newSample = s.at.appendChild(h('button', { type: 'button', class: 'oc-button', text: 'New sample' }));
  const sMsg = message(s.box, s.input);

  const bField = field('Softmax sharpness \u03b2');
  const bRow = bField.box.appendChild(h('div', { class: 'oc-range-row' }));
  const bSlider = bRow.appendChild(
    h('input', { id: bField.id, type: 'range', min: '0', max: String(BETAS.length - 1), step: '1' }),
  );
  const bOut = bRow.appendChild(h('output', { for: bField.id, class: 'oc-out' }));

  const scaleSet = controls.appendChild(h('fieldset', { class: 'oc-field oc-scale' }));
  scaleSet.appendChild(h('legend', { text: 'N axis' }));
  const scaleName = uid('oc-scale');
  const scaleRadios = {};
  for (const sc of SCALES) {
    const lab = scaleSet.appendChild(h('label', { class: 'oc-radio' }));
    scaleRadios[sc] = lab.appendChild(h('input', { type: 'radio', name: scaleName, value: sc }));
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
    const focused = activeElement(controls);
    for (const [name, { input }] of Object.entries(typed))
      if (focused !== input || !input.hasAttribute('aria-invalid')) input.value = String(state[name]);
    bSlider.value = String(BETAS.indexOf(state.beta));
    setText(bOut, String(state.beta));
    setAttr(bSlider, 'aria-valuetext', `\u03b2 = ${state.beta}`);
    scaleRadios[state.scale].checked = true;
  }

  return { element: controls, render, fieldError };
}
