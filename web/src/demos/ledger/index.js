// The running ledger (§4.1): the chapter's worked d = 2 example written one stamp at a time, reads
// with a verdict and their stamp-by-stamp decomposition, keys to drag in the plane, the reader's own
// ledger, identity ↔ elu + 1, and receipts vs ledger. State -> core -> render, one direction; every
// number on screen comes from the core (la.memory) and is only formatted here.
import './ledger.css';
import { h, uid, replace } from '../../lib/dom.js';
import { formatNumber, formatVector } from './format.js';
import { exampleState, cloneState, mergeState, isZeroVector, MAX_ASSOCIATIONS } from './state.js';
import { stepTo, removeAssociation, addAssociation, changeDim } from './edits.js';
import { computeLedger } from './model.js';
import { unitAt } from './geometry.js';
import { buildStepper, updateStepper, renderWrites } from './render-ledger.js';
import { renderReads, buildQueryControls, updateQueryControls, renderDecomposition } from './render-reads.js';
import { buildPlane, renderPlane } from './render-plane.js';
import { buildEditor, updateEditor } from './render-editor.js';
import { renderReceipts } from './render-receipts.js';
import { keyLabel } from './render-tables.js';
import { workTimer } from '../../lib/work-timing.js';
import { parseNumber } from '../../lib/numbers.js';
import { markScrollables } from '../../lib/scrollables.js';
import { keepingFocus } from './focus.js';

const ANNOUNCE_DELAY_MS = 500;

function group(title, ...children) {
  const id = uid('la-ledger-group');
  return h(
    'div',
    { class: 'la-ledger__group', role: 'group', 'aria-labelledby': id },
    h('p', { id, class: 'la-ledger__group-title' }, title),
    ...children,
  );
}

/**
 * @param {HTMLElement} root
 * @param {import('../types').MountOptions} options
 * @returns {import('../types').DemoHandle}
 */
export function mount(root, { la, state: initial, onStateChange }) {
  const timed = workTimer('ledger'); // its own work, as User Timing measures la-ledger:*
  const el = h('div', { class: 'la-ledger' });
  root.append(el);
  if (!la || typeof la.memory !== 'function') {
    el.append(h('p', { class: 'la-ledger__bad' }, 'The ledger needs the WebAssembly core, which did not load.'));
    const none = () => {};
    return {
      getState: () => null,
      update: none,
      setState: none,
      pause: none,
      resume: none,
      destroy: () => el.remove(),
    };
  }
  const limit = la.limits?.maxAbsValue ?? 1e6;
  let state = exampleState();
  let view = null;
  let destroyed = false;
  let paused = false; // off-screen: no animation-frame work (the host's IntersectionObserver)
  let announceTimer = 0;
  let lastAnnounced = '';

  // ---- skeleton (built once; render() fills it from `state` and `view`) ----
  const notice = h('div', { class: 'la-ledger__notice', 'data-part': 'notice', hidden: true });
  const fmName = uid('la-ledger-fm');
  const fmRadios = [
    { value: 'identity', text: '\u03c6 = identity, no normalizer (as in the worked example)' },
    { value: 'elu1', text: '\u03c6 = elu + 1, with the normalizer z' },
  ].map(({ value, text }) => {
    const id = `${fmName}-${value}`;
    const input = h('input', {
      type: 'radio',
      name: fmName,
      id,
      value,
      'data-part': `fm-${value}`,
      onchange: (e) => {
        if (e.target.checked)
          act((s) => {
            s.featureMap = value;
          });
      },
    });
    return { value, input, el: h('span', { class: 'la-ledger__choice' }, input, h('label', { for: id }, text)) };
  });
  const fmField = h(
    'fieldset',
    { class: 'la-ledger__fieldset' },
    h('legend', null, 'Feature map'),
    fmRadios.map((r) => r.el),
  );

  const stepper = buildStepper({ ids: { range: uid('la-ledger-range') }, onStep });
  const writes = h('div', { class: 'la-ledger__writes-wrap', 'data-part': 'writes' });
  const reads = h('div', { class: 'la-ledger__scroll', 'data-label': 'Reads' });
  const query = buildQueryControls({
    onQuery: (i) =>
      act((s) => {
        s.query = i;
      }),
    onFreeQuery,
  });
  const decomposition = h('div', {
    class: 'la-ledger__scroll',
    'data-part': 'decomposition',
    'data-label': 'Read, stamp by stamp',
  });
  const plane = buildPlane({
    ids: { marker: uid('la-ledger-arrow'), keyTitle: uid('la-ledger-keys'), valueTitle: uid('la-ledger-values') },
    onAngle,
  });
  const editor = buildEditor({ onField, onRemove, onAdd, onReset, onDim });
  const receipts = h('div', { class: 'la-ledger__receipts-wrap' });
  const live = h('p', { class: 'la-ledger__sr', 'aria-live': 'polite', 'data-part': 'live' });

  el.append(
    notice,
    fmField,
    h(
      'div',
      { class: 'la-ledger__columns' },
      group('The ledger, page by page', stepper.el, writes),
      h(
        'div',
        { class: 'la-ledger__column' },
        group('Reads', reads, query.el, decomposition),
        group('The plane', plane.el),
      ),
    ),
    group('Your own ledger', editor.el),
    group('Receipts vs ledger', receipts),
    live,
  );

  // ---- state changes ----
  /** Recomputes everything with the core for `candidate`; keeps the last good state on error. */
  function commit(candidate, { fromReader = true } = {}) {
    const t0 = performance.now();
    let next;
    try {
      next = computeLedger(la, candidate);
    } catch {
      // Everything the fields and links accept is computable (the core's limits cover the sums);
      // should the core still refuse, the reader gets a sentence, not the core's argument names.
      return 'The ledger could not be computed with these numbers, so it was left as it was.';
    }
    state = candidate;
    view = next;
    render();
    if (fromReader && typeof onStateChange === 'function') onStateChange(cloneState(state));
    scheduleAnnouncement();
    timed('frame', t0);
    return null;
  }

  /** Applies an edit to a copy of the state; a rejected edit is shown in the notice area. */
  function act(edit) {
    if (destroyed) return;
    const candidate = cloneState(state);
    edit(candidate);
    const error = commit(candidate);
    if (error) {
      showNotices([error]);
      render(); // put controls back to the last good state
    }
  }

  function onStep(where) {
    act((s) => stepTo(s, where));
  }

  function onAngle(target, degrees) {
    if (target >= state.associations.length) return; // a late frame for a key just removed
    act((s) => {
      const k = unitAt(degrees);
      if (target === -1) s.freeQuery = k;
      else s.associations[target].k = k;
    });
  }

  function fieldEdit(field, text, apply, { nonZeroKey = null } = {}) {
    if (destroyed) return;
    const parsed = parseNumber(text, { min: -limit, max: limit });
    if (parsed.error) return fieldError(field, parsed.error);
    const candidate = cloneState(state);
    const vec = apply(candidate, parsed.value);
    if (nonZeroKey && isZeroVector(vec)) {
      return fieldError(field, `${nonZeroKey} would be all zeros: a key needs a direction to file its value under.`);
    }
    const error = commit(candidate);
    if (error) return fieldError(field, error);
    field.setError(null);
    field.setValue(parsed.value);
  }

  function fieldError(field, message) {
    field.setError(message);
    say(message);
  }

  function onField(i, part, j, text, field) {
    fieldEdit(
      field,
      text,
      (s, x) => {
        s.associations[i][part][j] = x;
        return s.associations[i][part];
      },
      { nonZeroKey: part === 'k' ? keyLabel(i) : null },
    );
  }

  function onFreeQuery(j, text, field) {
    fieldEdit(field, text, (s, x) => {
      s.freeQuery[j] = x;
      return s.freeQuery;
    });
  }

  function onRemove(i) {
    // Focus goes to the × of the association that moved up into this row, else the one before,
    // else "Add an association".
    keepingFocus(el, () => act((s) => removeAssociation(s, i)), [
      `[data-action="remove-${i + 1}"]`,
      `[data-action="remove-${i}"]`,
      '[data-action="add"]',
    ]);
    editor.msg.textContent = '';
  }

  function onAdd() {
    if (state.associations.length >= MAX_ASSOCIATIONS) {
      editor.msg.textContent = `This ledger holds at most ${MAX_ASSOCIATIONS} associations.`;
      return;
    }
    // The last one disables "Add" under the focus: the new association's first key field takes it.
    const n = state.associations.length + 1;
    keepingFocus(el, () => act(addAssociation), [`[data-part="k${n}-1"]`]);
    editor.msg.textContent =
      state.associations.length >= MAX_ASSOCIATIONS
        ? `That makes ${MAX_ASSOCIATIONS}, the most this ledger holds.`
        : '';
  }

  function onReset() {
    if (destroyed) return;
    showNotices([]);
    editor.msg.textContent = '';
    editor.signature = ''; // rebuild the fields: clears their messages
    query.d = 0;
    commit(exampleState());
  }

  function onDim(d) {
    let dropped = [];
    act((s) => {
      dropped = changeDim(s, d);
    });
    editor.msg.textContent = dropped.length
      ? `Dropped ${dropped.map((i) => keyLabel(i)).join(', ')}: without its third coordinate the key was all zeros.`
      : '';
  }

  // ---- rendering ----
  function showNotices(list) {
    replace(notice, ...list.map((t) => h('p', null, t)));
    notice.hidden = list.length === 0;
  }

  function render() {
    for (const r of fmRadios) r.input.checked = r.value === state.featureMap;
    updateStepper(stepper, state);
    renderWrites(writes, state, view);
    renderReads(reads, state, view);
    updateQueryControls(query, state);
    renderDecomposition(decomposition, state, view);
    renderPlane(plane, state, view);
    updateEditor(editor, state);
    renderReceipts(receipts, state, view);
    scheduleScrollables();
  }

  // Which boxes scroll is a question about layout: asked after the frame that shows the update has
  // been drawn (layout is then up to date), never right after writing to the DOM, which would force
  // a second layout of the whole chapter inside every frame of a drag.
  let scrollFrame = 0;
  let scrollTimer = 0;
  function scheduleScrollables() {
    if (paused || scrollFrame || scrollTimer) return;
    scrollFrame = requestAnimationFrame(() => {
      scrollFrame = 0;
      scrollTimer = setTimeout(() => {
        scrollTimer = 0;
        if (!destroyed && !paused) markOwnScrollables();
      }, 0);
    });
  }

  /** A box that scrolls sideways (narrow screens) becomes focusable so the keyboard can scroll it. */
  const markOwnScrollables = () => markScrollables(el, '.la-ledger__scroll');

  function say(text) {
    live.textContent = text;
    lastAnnounced = text;
  }

  /** Read verdicts for the polite live region, after the reader pauses (drags would flood it). */
  function scheduleAnnouncement() {
    clearTimeout(announceTimer);
    announceTimer = setTimeout(() => {
      if (destroyed) return;
      const n = state.associations.length;
      const parts = view.reads
        .slice(0, 4)
        .map(
          (r) =>
            `${keyLabel(r.index)} reads ${formatVector(r.read)}, ` +
            (r.exact ? 'exact' : `off by ${formatNumber(r.error)}`),
        );
      if (view.reads.length > 4) parts.push('and more');
      const text =
        `After ${state.step} of ${n} writes: ` + (parts.length ? parts.join('; ') + '.' : 'nothing to read.');
      if (text !== lastAnnounced) say(text);
    }, ANNOUNCE_DELAY_MS);
  }

  const resizeObserver = typeof ResizeObserver === 'function' ? new ResizeObserver(() => markOwnScrollables()) : null;
  resizeObserver?.observe(el);

  // ---- first render ----
  const merged = mergeState(exampleState(), initial, limit);
  let error = commit(merged.state, { fromReader: false });
  if (error) {
    merged.notices.push('The ledger in the link could not be computed, so the chapter\u2019s example is shown.');
    error = commit(exampleState(), { fromReader: false });
  }
  showNotices(merged.notices);
  if (error) replace(el, h('p', { class: 'la-ledger__bad' }, `The ledger could not be computed: ${error}`));

  /** Settings from outside (a permalink, an attribute, element.state): merged, checked, shown. */
  function update(obj) {
    if (destroyed) return;
    const m = mergeState(state, obj, limit);
    const err = commit(m.state, { fromReader: false });
    if (err) m.notices.push(`The new settings were not applied: ${err}`);
    showNotices(m.notices);
    if (!err) updateEditor(editor, state, { rebuild: true });
  }

  /** Drops any work waiting for an animation frame: the slider's page turn, a drag's last move,
   *  the scrollable-box check. */
  function cancelFrames() {
    stepper.turn.cancel();
    for (const hd of plane.handleList ?? []) hd.frames?.cancel();
    cancelAnimationFrame(scrollFrame);
    clearTimeout(scrollTimer);
    scrollFrame = 0;
    scrollTimer = 0;
  }

  return {
    getState: () => cloneState(state),
    update,
    setState: update,
    pause() {
      paused = true;
      cancelFrames();
    },
    resume() {
      if (!paused || destroyed) return;
      paused = false;
      scheduleScrollables(); // the layout may have changed while it was off-screen
    },
    destroy() {
      destroyed = true;
      clearTimeout(announceTimer);
      cancelFrames();
      resizeObserver?.disconnect();
      // Every la.memory is created and deleted within computeLedger, so no WebAssembly object is alive here.
      el.remove();
    },
  };
}

export default mount;
