// The demo's form: d and N right under the figure's title; key geometry, trials, seed (and "New
// sample"), softmax β, the N axis scale and "What later chapters change" (the update rule, the
// forget gate α and the delta rule's step) in a compact "Settings" disclosure. Its events dispatch
// the demo's actions (reduce.js); update(state) shows the state.
import { h, uid, setText, setAttr, setProp, activeElement } from '../../lib/dom.js';
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

/**
 * @param parent where the controls go
 * @param on ( dispatch(action): the demo's named actions (reduce.js), and { type: 'rest' } when a
 *   settings slider stops (β, the forget gate, the delta step); signal: an AbortSignal that removes
 *   every listener )
 */
export function createControls(parent, on) {
  const propose = (changes) => on.dispatch({ type: 'propose', changes });
  const slide = (changes) => on.dispatch({ type: 'slide', changes });
  const listen = (el, type, fn) => el.addEventListener(type, fn, { signal: on.signal });
  const controls = parent.appendChild(h('div', { class: 'oc-controls' }));
  const settings = parent.appendChild(h('details', { class: 'oc-settings', 'data-part': 'settings' }));
  settings.appendChild(h('summary', { text: 'Settings' }));
  // opened or closed by the reader: remembered in the state and the link (render() sets it back)
  listen(settings, 'toggle', () => on.dispatch({ type: 'settings', open: settings.open }));
  const more = settings.appendChild(h('div', { class: 'oc-controls' }));
  let into = controls;

  function field(labelText, cls = '') {
    const box = into.appendChild(h('div', { class: `oc-field ${cls}` }));
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
  dField.box.setAttribute('data-symbol', 'd'); // linked reading (web/src/hosts/chapter/linked/)
  const dSelect = dField.box.appendChild(h('select', { id: dField.id }));
  for (const d of DIMS) dSelect.appendChild(h('option', { value: String(d), text: String(d) }));

  const nField = field('Stored associations N', 'oc-field-wide');
  nField.box.setAttribute('data-symbol', 'N');
  const nRow = nField.box.appendChild(h('div', { class: 'oc-range-row' }));
  const nSlider = nRow.appendChild(h('input', { id: nField.id, type: 'range', min: '1', step: '1' }));
  const nOut = nRow.appendChild(h('output', { for: nField.id, class: 'oc-out' }));

  into = more;
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

  const scaleSet = more.appendChild(h('fieldset', { class: 'oc-field oc-scale' }));
  scaleSet.appendChild(h('legend', { text: 'N axis' }));
  const scaleName = uid('oc-scale');
  const scaleRadios = {};
  for (const sc of SCALES) {
    const lab = scaleSet.appendChild(h('label', { class: 'oc-radio' }));
    scaleRadios[sc] = lab.appendChild(h('input', { type: 'radio', name: scaleName, value: sc }));
    lab.append(document.createTextNode(sc === 'linear' ? ' linear' : ' log'));
  }

  // ---- what later chapters change: the update rule, linked to the papers it follows ----------------
  const later = settings.appendChild(h('fieldset', { class: 'oc-later', 'data-part': 'later' }));
  later.appendChild(h('legend', { text: 'What later chapters change' }));
  appendLineage(later);
  into = later;
  const rField = field('Update rule');
  const rSelect = rField.box.appendChild(h('select', { id: rField.id }));
  const RULE_LABELS = {
    add: 'additive: S \u2190 \u03b1S + kv\u1d40 (this chapter)',
    delta: 'delta: S \u2190 \u03b1S \u2212 step\u00b7k(k\u1d40\u03b1S \u2212 v\u1d40)',
  };
  for (const r of RULES) rSelect.appendChild(h('option', { value: r, text: RULE_LABELS[r] }));
  function listSlider(labelText, values) {
    const f = field(labelText);
    const row = f.box.appendChild(h('div', { class: 'oc-range-row' }));
    const input = row.appendChild(
      h('input', { id: f.id, type: 'range', min: '0', max: String(values.length - 1), step: '1' }),
    );
    const out = row.appendChild(h('output', { for: f.id, class: 'oc-out' }));
    return { input, out };
  }
  const gate = listSlider('Forget gate \u03b1 (1 = none)', GATES);
  const step = listSlider('Delta rule step (its \u03b2)', STEPS);
  into = controls;

  for (const [el, part] of [
    [rSelect, 'rule'],
    [gate.input, 'gate'],
    [step.input, 'step'],
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
  listen(nSlider, 'input', () => on.dispatch({ type: 'n', n: Number(nSlider.value) }));
  listen(dSelect, 'change', () => propose({ d: Number(dSelect.value) }));
  listen(kSelect, 'change', () => propose({ keys: kSelect.value }));
  // The settings sliders slide (proposed once per frame; the sweep waits for them to rest).
  listen(bSlider, 'input', () => slide({ beta: BETAS[Number(bSlider.value)] }));
  for (const sc of SCALES) listen(scaleRadios[sc], 'change', () => propose({ scale: sc }));
  listen(rSelect, 'change', () => propose({ rule: rSelect.value }));
  listen(gate.input, 'input', () => slide({ gate: GATES[Number(gate.input.value)] }));
  listen(step.input, 'input', () => slide({ step: STEPS[Number(step.input.value)] }));
  for (const slider of [bSlider, gate.input, step.input]) listen(slider, 'change', () => on.dispatch({ type: 'rest' }));
  for (const [name, { input }] of Object.entries(typed)) {
    listen(input, 'change', () => on.dispatch({ type: 'typed', name, text: input.value }));
    listen(input, 'keydown', (e) => {
      if (e.key === 'Enter') on.dispatch({ type: 'typed', name, text: input.value });
    });
  }
  listen(newSample, 'click', () => {
    const draw = new Uint32Array(1);
    crypto.getRandomValues(draw);
    fieldError('seed', '');
    propose({ seed: draw[0] });
  });

  /** Shows (or with '' clears) the message under a typed field. */
  function fieldError(name, text) {
    const { input, msg } = typed[name];
    msg.textContent = text || '';
    if (text) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }

  let shownSettings = false; // the state's `settings` last applied to the disclosure
  function render(state) {
    // Only a change of the state opens or closes it: a render between the reader's click and its
    // toggle event (a sweep streaming in) must not undo the click.
    if (Boolean(state.settings) !== shownSettings) {
      shownSettings = Boolean(state.settings);
      settings.open = shownSettings;
    }
    // Every property is written only when it changes (setProp): a drag of N renders on each frame.
    setProp(dSelect, 'value', String(state.d));
    setAttr(nSlider, 'max', 4 * state.d);
    setProp(nSlider, 'value', String(state.n));
    setText(nOut, formatInt(state.n));
    setAttr(
      nSlider,
      'aria-valuetext',
      `${formatInt(state.n)} associations in ${withArticle(formatInt(state.d))}-dimensional state`,
    );
    setProp(kSelect, 'value', state.keys);
    // A field the reader is still correcting keeps their text (the root may sit in a shadow root).
    const focused = activeElement(controls);
    for (const [name, { input }] of Object.entries(typed))
      if (focused !== input || !input.hasAttribute('aria-invalid')) setProp(input, 'value', String(state[name]));
    setProp(bSlider, 'value', String(BETAS.indexOf(state.beta)));
    setText(bOut, String(state.beta));
    setAttr(bSlider, 'aria-valuetext', `\u03b2 = ${state.beta}`);
    setProp(scaleRadios[state.scale], 'checked', true);
    setProp(rSelect, 'value', state.rule);
    setProp(gate.input, 'value', String(GATES.indexOf(state.gate)));
    setText(gate.out, state.gate === 1 ? '1 (none)' : String(state.gate));
    setAttr(gate.input, 'aria-valuetext', state.gate === 1 ? '\u03b1 = 1, no forgetting' : `\u03b1 = ${state.gate}`);
    setProp(step.input, 'value', String(STEPS.indexOf(state.step)));
    setText(step.out, String(state.step));
    setAttr(step.input, 'aria-valuetext', `step = ${state.step}`);
    // The step is the delta rule's: it changes nothing for the additive rule.
    setProp(step.input, 'disabled', state.rule !== 'delta');
  }

  return { element: controls, update: render, fieldError };
}
