// The memory demo's form at work: each event dispatches a named action (reducer.js) and nothing
// else; update(state, resolved) sets every control from the state, written only where it changed,
// and showErrors(errors) puts the core's (or the page's) messages beside the controls they are
// about. A field the reader is typing in (lib/number-field.js followTyping) or fixing (aria-invalid)
// keeps their text. Elements: controls-layout.js.

import { setAttr, setProp, stateDisclosure, uid } from '../../lib/dom.js';
import { followTyping, isTyping, readField, showNumber } from '../../lib/number-field.js';
import { arrange, createInputs } from './controls-layout.js';
import { longTokens, shortTokens } from './format.js';
import { CUSTOM_ID } from './models.js';
import { createEditor } from './render-editor.js';
import { createImport } from './render-import.js';
import { sourceRenderer } from './render-source.js';
import { MAX_TOKENS, MIN_TOKENS, gigabytesText, positionOf, tokensAt } from './state.js';

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
  if (errorEl.textContent === '' && (!notice || errorEl.hidden)) return; // nothing shown
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

/** Writes a text field unless the reader is typing in it or fixing it. */
function setInput(input, value) {
  if (isTyping(input) || input.getAttribute('aria-invalid') === 'true') return; // keep the reader's text
  setProp(input, 'value', value);
}

/**
 * The events of the form: each dispatches an action. A number the field refuses is never
 * clamped: the message names the range, the figure keeps the last good value (said in the
 * message: `lastGood`), and the reader's text stays to fix.
 */
function listen(c, dispatch, lastGood) {
  const numeric = (input, origin, key, read) => () => {
    const got = read(input.value);
    if (got.error) {
      const kept = key === 'gpuCustom' ? `${showNumber(Number(lastGood[key]), 9)} GB` : showNumber(lastGood[key]);
      dispatch({ type: 'misread', origin, message: `${got.error} Kept ${kept}.` });
    } else if (key === 'gpuCustom') dispatch({ type: 'gpu', gpu: 'custom', gpuCustom: got.value });
    else dispatch({ type: key, [key]: got.value });
  };
  for (const input of [c.tokens, c.sessions, c.gpuCustom]) followTyping(input);
  const dtype = (field, el) => () => dispatch({ type: 'dtype', field, dtype: el.value });
  c.preset.onchange = () => dispatch({ type: 'preset', preset: c.preset.value });
  c.linear.onchange = () => dispatch({ type: 'linear', linear: c.linear.checked });
  // A drag streams the context on each input event (the core answers at once; the view draws once
  // per frame); its end (`change`, or a release where it began) ends the drag.
  const slid = () => tokensAt(Number(c.slider.value));
  c.slider.oninput = () => dispatch({ type: 'tokens', tokens: slid(), dragging: true });
  c.slider.onchange = () => dispatch({ type: 'dragEnd', tokens: slid() });
  c.slider.onpointerup = c.slider.onpointercancel = () => dispatch({ type: 'dragEnd' });
  c.tokens.onchange = numeric(c.tokens, 'tokens', 'tokens', (t) => readField(t, FIELDS.tokens));
  c.sessions.onchange = numeric(c.sessions, 'sessions', 'sessions', (t) => readField(t, FIELDS.sessions));
  c.kvDtype.onchange = dtype('kvDtype', c.kvDtype);
  c.stateDtype.onchange = dtype('stateDtype', c.stateDtype);
  c.weightDtype.onchange = dtype('weightDtype', c.weightDtype);
  c.tp.onchange = () => dispatch({ type: 'tp', tp: Number(c.tp.value) });
  const gpuCustom = numeric(c.gpuCustom, 'gpu', 'gpuCustom', readGpu);
  for (const radio of c.gpu.inputs) {
    radio.onchange = () => {
      if (!radio.checked) return;
      if (radio.value === 'custom') gpuCustom();
      else dispatch({ type: 'gpu', gpu: radio.value });
    };
  }
  c.gpuCustom.onchange = gpuCustom;
  const display = (field) => (radio) => {
    radio.onchange = () => radio.checked && dispatch({ type: 'display', field, value: radio.value });
  };
  c.unit.inputs.forEach(display('unit'));
  c.scale.inputs.forEach(display('yScale'));
}

/** Sets every control from the state; each property is written only when it changes (setProp):
 *  a drag draws every frame, and setting a slider's value, even to the same one, re-lays it out. */
function updateInputs(c, s, resolved) {
  setProp(c.preset, 'value', s.preset);
  setProp(c.linear, 'checked', s.linear && resolved.canLinearize);
  setProp(c.linear, 'disabled', !resolved.canLinearize);
  c.linearLabel.classList.toggle('lm-disabled', !resolved.canLinearize);
  setProp(c.slider, 'value', String(positionOf(s.tokens)));
  setAttr(c.slider, 'aria-valuetext', `${longTokens(s.tokens)} (${shortTokens(s.tokens)})`);
  setInput(c.tokens, showNumber(s.tokens));
  setInput(c.sessions, showNumber(s.sessions));
  setProp(c.kvDtype, 'value', s.kvDtype);
  setProp(c.stateDtype, 'value', s.stateDtype);
  setProp(c.tp, 'value', String(s.tp ?? 1));
  setProp(c.weightDtype, 'value', s.weightDtype);
  for (const radio of c.gpu.inputs) setProp(radio, 'checked', radio.value === s.gpu);
  setInput(c.gpuCustom, showNumber(Number(s.gpuCustom), 9));
  for (const radio of c.unit.inputs) setProp(radio, 'checked', radio.value === s.unit);
  for (const radio of c.scale.inputs) setProp(radio, 'checked', radio.value === s.yScale);
}

/**
 * Builds the controls of the demo whose element is `root`. act: { dispatch(action), refused(origin)
 * (the core's verdict on the action just dispatched) }; maxGroups: the core's limit of layer
 * groups. Returns { id, notice, primary (model and context, above the picture), below (the other
 * controls, in order, after it), editor, importer, update(state, resolved), showErrors(errors) }.
 */
export function createControls(root, act, maxGroups) {
  const id = uid('lm');
  const c = createInputs(id);
  const editor = createEditor(id, act, maxGroups);
  const importer = createImport(id, act.dispatch);
  const { primary, below, settings } = arrange(id, c, editor, importer);
  const renderSource = sourceRenderer(c.source);
  const lastGood = { tokens: 0, sessions: 0, gpuCustom: '' };
  listen(c, act.dispatch, lastGood);
  const lines = { notice: c.notice, tokens: c.tokensError, sessions: c.sessionsError, gpu: c.gpuError };
  const shown = { notice: '', tokens: '', sessions: '', gpu: '', editor: undefined };
  const disclosure = stateDisclosure(settings, (open) => act.dispatch({ type: 'settings', open }));

  function update(s, resolved) {
    updateInputs(c, s, resolved);
    Object.assign(lastGood, { tokens: s.tokens, sessions: s.sessions, gpuCustom: s.gpuCustom });
    disclosure.show(s.settings);
    renderSource(s, resolved);
    setProp(editor.el, 'hidden', s.preset !== CUSTOM_ID);
  }

  /** The messages of `errors` (reducer.js) where they changed; the editor's in its own words. */
  function showErrors(errors) {
    for (const [origin, line] of Object.entries(lines)) {
      const message = errors[origin] ?? '';
      if (message === shown[origin]) continue;
      shown[origin] = message;
      if (message) showError(root, line, message);
      else clearError(root, line);
    }
    if (errors.editor === shown.editor) return;
    shown.editor = errors.editor;
    editor.showRefusal(errors.editor);
  }

  return { id, notice: c.notice, primary, below, editor, importer, update, showErrors };
}
