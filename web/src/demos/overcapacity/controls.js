// The demo's form: d and N right under the figure's title; key geometry, trials, seed (and "New
// sample"), softmax β, the N axis scale and "What later chapters change" (the update rule, the
// forget gate α and the delta rule's step) in a compact "Settings" disclosure, the last of the
// figure's row of disclosures (figure.js). Its events dispatch
// the demo's actions (reduce.js); update(state) shows the state.
import { h, uid, setText, setAttr, setProp, activeElement, stateDisclosure } from '../../lib/dom.js';
import { followTyping, isTyping } from '../../lib/number-field.js';
import { formatInt, KEY_LABELS, RULE_LINEAGE, withArticle } from './format.js';
import { BETAS, DIMS, KEYS, SCALES, RULES, GATES, STEPS } from './state.js';

/** The update rules' note: what the chapter writes, and each mix of rule and gate named after the
 *  family of models it follows (not all of them Gated DeltaNet), with their references. */
function appendLineage(later) {
  later.appendChild(
    h('p', {
      class: 'oc-note',
      text: 'The chapter writes S \u2190 S + k v\u1d40; a forget gate \u03b1 fades S before each write.',
    }),
  );
  // A click away: open, the list would push the curve below a 900 px window's fold.
  const more = later.appendChild(h('details', { class: 'oc-lineage-more' }));
  more.appendChild(h('summary', { text: 'Which models each mix follows' }));
  const lineage = more.appendChild(h('ul', { class: 'oc-lineage', 'data-part': 'lineage' }));
  for (const l of RULE_LINEAGE) {
    const cites = l.refs.flatMap(([text, href], n) => [n ? '; ' : null, h('a', { href, text })]);
    lineage.appendChild(h('li', { 'data-rule': l.rule }, `${l.name}: ${l.text} (`, ...cites, ')'));
  }
  later.appendChild(h('span', { class: 'oc-break', 'aria-hidden': 'true' })); // the fields on a row of their own
}

function field(into, labelText, cls = '') {
  const box = into.appendChild(h('div', { class: `oc-field ${cls}` }));
  const id = uid('oc-in');
  box.appendChild(h('label', { for: id, class: 'fig-note', text: labelText }));
  return { box, id };
}

/** A typed field (trials, seed) with its message line; `row` wraps the input (and a button). */
function typedField(into, labelText, size, row) {
  const f = field(into, labelText);
  const at = row ? f.box.appendChild(h('div', { class: row })) : f.box;
  const attrs = { id: f.id, type: 'text', inputmode: 'numeric', autocomplete: 'off', spellcheck: 'false', size };
  const input = at.appendChild(h('input', attrs));
  return { ...f, at, input };
}

/** The message line under a typed field. */
function message(box, input) {
  const msg = box.appendChild(h('p', { class: 'oc-msg la-field-msg', id: uid('oc-msg'), 'aria-live': 'polite' }));
  input.setAttribute('aria-describedby', msg.id);
  return msg;
}

/** A slider over a list of values (their indices), with its output. */
function listSlider(into, labelText, values) {
  const f = field(into, labelText);
  const row = f.box.appendChild(h('div', { class: 'oc-range-row' }));
  const input = row.appendChild(
    h('input', { id: f.id, type: 'range', min: '0', max: String(values.length - 1), step: '1' }),
  );
  const out = row.appendChild(h('output', { for: f.id, class: 'oc-out' }));
  return { input, out };
}

/** d and N, right under the figure's title. */
function buildMain(controls) {
  const dField = field(controls, 'State size d');
  dField.box.setAttribute('data-symbol', 'd'); // linked reading (web/src/hosts/chapter/linked/)
  const dSelect = dField.box.appendChild(h('select', { id: dField.id, 'data-part': 'd' }));
  for (const d of DIMS) dSelect.appendChild(h('option', { value: String(d), text: String(d) }));
  const nField = field(controls, 'Stored associations N', 'oc-field-wide');
  nField.box.setAttribute('data-symbol', 'N');
  const nRow = nField.box.appendChild(h('div', { class: 'oc-range-row' }));
  const nSlider = nRow.appendChild(h('input', { id: nField.id, type: 'range', min: '1', step: '1', 'data-part': 'n' }));
  const nOut = nRow.appendChild(h('output', { for: nField.id, class: 'oc-out' }));
  return { dSelect, nSlider, nOut };
}

/** In "Settings": key geometry, trials, seed and "New sample", β, the N axis scale. */
function buildSettings(more) {
  const kField = field(more, 'Key geometry');
  const kSelect = kField.box.appendChild(h('select', { id: kField.id, 'data-part': 'keys' }));
  for (const k of KEYS) kSelect.appendChild(h('option', { value: k, text: KEY_LABELS[k] }));
  const t = typedField(more, 'Trials', 4);
  const tMsg = message(t.box, t.input);
  const s = typedField(more, 'Seed', 10, 'oc-seed-row');
  const newSample = s.at.appendChild(
    h('button', { type: 'button', class: 'oc-button fig-button', text: 'New sample' }),
  );
  const sMsg = message(s.box, s.input);
  const beta = listSlider(more, 'Softmax sharpness \u03b2', BETAS);
  const scaleSet = more.appendChild(h('fieldset', { class: 'oc-field oc-scale' }));
  scaleSet.appendChild(h('legend', { class: 'fig-note', text: 'N axis' }));
  const scaleName = uid('oc-scale');
  const scaleRadios = {};
  for (const sc of SCALES) {
    const lab = scaleSet.appendChild(h('label', { class: 'oc-radio fig-note' }));
    scaleRadios[sc] = lab.appendChild(h('input', { type: 'radio', name: scaleName, value: sc }));
    lab.append(document.createTextNode(sc === 'linear' ? ' linear' : ' log'));
  }
  const parts = [
    [t.input, 'trials'],
    [tMsg, 'trials-msg'],
    [s.input, 'seed'],
    [sMsg, 'seed-msg'],
  ];
  parts.push([newSample, 'new-sample'], [beta.input, 'beta']);
  parts.push([scaleRadios.linear, 'scale-linear'], [scaleRadios.log, 'scale-log']);
  for (const [el, part] of parts) el.dataset.part = part;
  const typed = { trials: { input: t.input, msg: tMsg }, seed: { input: s.input, msg: sMsg } };
  return { kSelect, typed, newSample, bSlider: beta.input, bOut: beta.out, scaleRadios };
}

const RULE_LABELS = {
  add: 'additive: S \u2190 \u03b1S + kv\u1d40 (this chapter)',
  delta: 'delta: S \u2190 \u03b1S \u2212 step\u00b7k(k\u1d40\u03b1S \u2212 v\u1d40)',
};

/** What later chapters change: the update rule (linked to the papers it follows), the gate, the step. */
function buildLater(settings) {
  const later = settings.appendChild(h('fieldset', { class: 'oc-later', 'data-part': 'later' }));
  later.appendChild(h('legend', { text: 'What later chapters change' }));
  appendLineage(later);
  const rField = field(later, 'Update rule');
  const rSelect = rField.box.appendChild(h('select', { id: rField.id, 'data-part': 'rule' }));
  for (const r of RULES) rSelect.appendChild(h('option', { value: r, text: RULE_LABELS[r] }));
  const gate = listSlider(later, 'Forget gate \u03b1 (1 = none)', GATES);
  const step = listSlider(later, 'Delta rule step (its \u03b2)', STEPS);
  gate.input.dataset.part = 'gate';
  step.input.dataset.part = 'step';
  return { rSelect, gate, step };
}

/** The events: each one dispatches an action, nothing else. */
function wire(el, on) {
  const listen = (target, type, fn) => target.addEventListener(type, fn, { signal: on.signal });
  const propose = (changes) => on.dispatch({ type: 'propose', changes });
  const slide = (changes) => on.dispatch({ type: 'slide', changes });
  listen(el.nSlider, 'input', () => on.dispatch({ type: 'n', n: Number(el.nSlider.value) }));
  listen(el.dSelect, 'change', () => propose({ d: Number(el.dSelect.value) }));
  listen(el.kSelect, 'change', () => propose({ keys: el.kSelect.value }));
  // The settings sliders slide (applied once per frame; the sweep waits for them to rest).
  listen(el.bSlider, 'input', () => slide({ beta: BETAS[Number(el.bSlider.value)] }));
  for (const sc of SCALES) listen(el.scaleRadios[sc], 'change', () => propose({ scale: sc }));
  listen(el.rSelect, 'change', () => propose({ rule: el.rSelect.value }));
  listen(el.gate.input, 'input', () => slide({ gate: GATES[Number(el.gate.input.value)] }));
  listen(el.step.input, 'input', () => slide({ step: STEPS[Number(el.step.input.value)] }));
  for (const slider of [el.bSlider, el.gate.input, el.step.input])
    listen(slider, 'change', () => on.dispatch({ type: 'rest' }));
  for (const [name, { input }] of Object.entries(el.typed)) {
    followTyping(input);
    listen(input, 'change', () => on.dispatch({ type: 'typed', name, text: input.value }));
    listen(input, 'keydown', (e) => {
      if (e.key === 'Enter') on.dispatch({ type: 'typed', name, text: input.value });
    });
  }
  listen(el.newSample, 'click', () => {
    const draw = new Uint32Array(1);
    crypto.getRandomValues(draw);
    propose({ seed: draw[0] }); // (a good seed: its field's message goes, reduce.js)
  });
}

/** Shows the state; every property is written only when it changes (setProp): a drag of N
 *  renders on each frame. */
function render(el, state) {
  setProp(el.dSelect, 'value', String(state.d));
  setAttr(el.nSlider, 'max', 4 * state.d);
  setProp(el.nSlider, 'value', String(state.n));
  setText(el.nOut, formatInt(state.n));
  const nText = `${formatInt(state.n)} associations in ${withArticle(formatInt(state.d))}-dimensional state`;
  setAttr(el.nSlider, 'aria-valuetext', nText);
  setProp(el.kSelect, 'value', state.keys);
  // A field the reader is typing in, or still correcting, keeps their text (the root may sit in a
  // shadow root).
  const focused = activeElement(el.controls);
  for (const [name, { input }] of Object.entries(el.typed))
    if (!isTyping(input) && (focused !== input || !input.hasAttribute('aria-invalid')))
      setProp(input, 'value', String(state[name]));
  setProp(el.bSlider, 'value', String(BETAS.indexOf(state.beta)));
  setText(el.bOut, String(state.beta));
  setAttr(el.bSlider, 'aria-valuetext', `\u03b2 = ${state.beta}`);
  setProp(el.scaleRadios[state.scale], 'checked', true);
  setProp(el.rSelect, 'value', state.rule);
  const { gate, step } = el;
  setProp(gate.input, 'value', String(GATES.indexOf(state.gate)));
  setText(gate.out, state.gate === 1 ? '1 (none)' : String(state.gate));
  setAttr(gate.input, 'aria-valuetext', state.gate === 1 ? '\u03b1 = 1, no forgetting' : `\u03b1 = ${state.gate}`);
  setProp(step.input, 'value', String(STEPS.indexOf(state.step)));
  setText(step.out, String(state.step));
  setAttr(step.input, 'aria-valuetext', `step = ${state.step}`);
  // The step is the delta rule's: it changes nothing for the additive rule.
  setProp(step.input, 'disabled', state.rule !== 'delta');
}

/**
 * @param parent where the controls go
 * @param on ( dispatch(action): the demo's named actions (reduce.js), and { type: 'rest' } when a
 *   settings slider stops (β, the forget gate, the delta step); signal: an AbortSignal that removes
 *   every listener )
 */
export function createControls(parent, on) {
  const controls = parent.appendChild(h('div', { class: 'oc-controls fig-box fig-panel' }));
  const settings = parent.appendChild(h('details', { class: 'oc-settings', 'data-part': 'settings' }));
  settings.appendChild(h('summary', { text: 'Settings' }));
  const more = settings.appendChild(h('div', { class: 'oc-controls fig-box fig-panel' }));
  const el = { controls, settings, ...buildMain(controls), ...buildSettings(more), ...buildLater(settings) };
  wire(el, on);
  // opened or closed by the reader: remembered in the state and the link
  const disclosure = stateDisclosure(settings, (open) => on.dispatch({ type: 'settings', open }), on);
  return {
    element: controls,
    settings, // (placed in the figure's row of disclosures: figure.js)
    update(state) {
      disclosure.show(state.settings);
      render(el, state);
    },
    /** Shows (or with '' clears) the message under a typed field. */
    fieldError(name, text) {
      const { input, msg } = el.typed[name];
      msg.textContent = text || '';
      if (text) input.setAttribute('aria-invalid', 'true');
      else input.removeAttribute('aria-invalid');
    },
  };
}
