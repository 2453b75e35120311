// The ledger's pages: one write at a time, each with its stamp φ(k)vᵀ and the running S.
// S_t = S_{t−1} + φ(k_t) v_tᵀ (and z_t = z_{t−1} + φ(k_t) when normalized).
import { h, patch, activeElement, setText, setAttr, setProp, setStyle } from '../../lib/dom.js';
import { coalesceFrames } from '../../lib/frame.js';
import { matrixTable, renderMatrix, vectorText, keyLabel, valueLabel } from './render-tables.js';
import { formatNumber, formatVector } from './format.js';

/** The page slider: the page turns once per animation frame while it slides, at once on `change`. */
function pageSlider(stepper, ids, onStep) {
  // Dragging the slider fires more input events than there are frames: the page turns once per
  // animation frame; `change` (the keyboard, the end of a drag) turns it at once. While a pointer
  // holds it and moves it, the slider is `sliding` (figure.js: the panels out of view wait, as they
  // do for a drag in the plane), and onSlideEnd() fills them once it is let go. Input with no
  // pointer down (the keyboard, a script, assistive technology) never counts as sliding: nothing
  // would ever end it, and the panels out of view would stay behind.
  const turn = coalesceFrames(onStep);
  let pressed = false;
  const release = () => {
    pressed = false;
    endSlide();
  };
  function endSlide() {
    turn.flush();
    if (!stepper.sliding) return;
    stepper.sliding = false;
    stepper.onSlideEnd?.();
  }
  const range = h('input', {
    type: 'range',
    id: ids.range,
    min: 0,
    max: 3,
    step: 1,
    value: 3,
    class: 'lg-range',
    'data-part': 'step-range',
    oninput: (e) => {
      if (pressed) stepper.sliding = true;
      turn(Number(e.target.value));
    },
    // The pointer's release ends a slide wherever it happens (a drag that ends where it began has
    // no change event; one released off the slider has no pointerup on it).
    onpointerdown: (e) => {
      pressed = true;
      const win = e.target.ownerDocument.defaultView;
      win.addEventListener('pointerup', release, { once: true, capture: true });
      win.addEventListener('pointercancel', release, { once: true, capture: true });
    },
    onchange: () => endSlide(),
    onblur: release,
  });
  return { range, turn };
}

/** Keys: on the buttons, ←/→ (and PageUp/PageDown, Home, End) turn pages like the range slider does. */
const PAGE_KEYS = {
  ArrowLeft: 'back',
  PageUp: 'back',
  ArrowRight: 'forward',
  PageDown: 'forward',
  Home: 0,
  End: 'end',
};

/** The page turner: the slider, back and forward; each dispatches the page to turn to. */
export function createStepper({ dispatch, ids }) {
  const onStep = (to) => dispatch({ type: 'step', to });
  const back = h(
    'button',
    { type: 'button', class: 'lg-btn fig-button', 'data-action': 'back', onclick: () => onStep('back') },
    h('span', { 'aria-hidden': 'true' }, '\u25c0 '),
    'Back a write',
  );
  const forward = h(
    'button',
    { type: 'button', class: 'lg-btn fig-button', 'data-action': 'forward', onclick: () => onStep('forward') },
    'Next write',
    h('span', { 'aria-hidden': 'true' }, ' \u25b6'),
  );
  const stepper = { el: null, back, forward, range: null, status: null, turn: null, sliding: false, onSlideEnd: null };
  const { range, turn } = pageSlider(stepper, ids, onStep);
  const label = h('label', { for: ids.range }, 'Ledger page (writes applied)');
  const status = h('p', { class: 'lg-page-status', 'data-part': 'page-status' });
  const el = h(
    'div',
    { class: 'lg-stepper', role: 'group', 'aria-label': 'Turn the ledger\u2019s pages' },
    h('div', { class: 'lg-range-row' }, label, range),
    h('div', { class: 'lg-btn-row' }, back, forward),
    status,
  );
  el.addEventListener('keydown', (e) => {
    if (e.target === range || !(e.key in PAGE_KEYS)) return;
    onStep(PAGE_KEYS[e.key]);
    e.preventDefault();
  });
  Object.assign(stepper, { el, range, status, turn });
  /** Shows the state's page (written only where it changed). */
  stepper.update = (state) => updateStepper(stepper, state);
  return stepper;
}

function updateStepper(stepper, state) {
  const n = state.associations.length;
  // Written only when they change: a drag in the plane re-renders the stepper on every frame, and
  // setting a slider's value, even to the same one, re-lays out its thumb.
  setProp(stepper.range, 'max', String(n));
  setProp(stepper.range, 'value', String(state.step));
  setProp(stepper.range, 'disabled', n === 0);
  const text =
    n === 0
      ? 'The ledger has no associations to write'
      : `Page ${state.step} of ${n}: ${state.step} ${state.step === 1 ? 'write' : 'writes'} applied`;
  setAttr(stepper.range, 'aria-valuetext', text);
  setText(stepper.status, text + '.');
  // A button that gets disabled while focused would drop keyboard focus to the page: hand it to the
  // page slider instead.
  const focused = activeElement(stepper.el);
  setProp(stepper.back, 'disabled', state.step === 0);
  setProp(stepper.forward, 'disabled', state.step >= n);
  if (
    (focused === stepper.back && stepper.back.disabled) ||
    (focused === stepper.forward && stepper.forward.disabled)
  ) {
    stepper.range.focus();
  }
}

// The pages on screen, by container: their shape (all but how many pages are turned), the list,
// and per page the parts a frame rewrites.
const shown = new WeakMap();

/** One page: write i's head (k → v, and φ(k) when normalized), its stamp and S after it. */
function pageItem(w, view) {
  const i = w.index;
  const phi = view.normalized;
  const stampName = phi ? `\u03c6(${keyLabel(i)})${valueLabel(i)}\u1d40` : `${keyLabel(i)}${valueLabel(i)}\u1d40`;
  const li = h(
    'li',
    { class: 'lg-write', 'data-part': `write-${i + 1}` },
    h(
      'p',
      { class: 'lg-write-head' },
      h('span', { class: 'lg-verb', text: 'write ' }),
      vectorText(keyLabel(i), w.k),
      ' \u2192 ',
      vectorText(valueLabel(i), w.v),
      phi ? [h('br'), vectorText(`\u03c6(${keyLabel(i)})`, w.phiK)] : null,
    ),
    h(
      'div',
      { class: 'lg-pair' },
      matrixTable({
        caption: `stamp ${stampName}`,
        values: w.stamp,
        rows: view.dk,
        cols: view.dv,
        changed: w.changed,
        part: `stamp-${i + 1}`,
      }),
      matrixTable({
        caption: `S after write ${i + 1}`,
        values: w.S,
        rows: view.dk,
        cols: view.dv,
        changed: null,
        part: `S-${i + 1}`,
      }),
    ),
  );
  return {
    li,
    headP: li.firstChild,
    head: Array.from(li.querySelectorAll('.lg-write-head .lg-num')),
    stamp: li.querySelector('[data-part^="stamp-"]'),
    S: li.querySelector('[data-part^="S-"]'),
  };
}

/** A page to be built later: an empty item as tall as the page before it was (if known). */
function pendingPage(w, height) {
  const li = h('li', { class: 'lg-write is-pending', 'data-part': `write-${w.index + 1}` });
  if (height > 0) setStyle(li, 'minHeight', `${height}px`);
  return { pending: true, li };
}

/** Builds the page that waited at list[i], in its place; returns it. */
function buildPending(list, i, w, view, pages) {
  const built = pageItem(w, view);
  list[i].li.replaceWith(built.li);
  pages?.removed(list[i].li);
  pages?.added(built.li, false);
  list[i] = built;
  return built;
}

/** Whether two lists hold the same values (Object.is: −0 is not 0, as the page prints them apart). */
function sameList(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

/** Writes page i's numbers where they stand, and the marks of the latest page (its highlight, and
 *  for linked reading the stamp φ(k)vᵀ of equation (3), the running S and φ(k)v). */
function fillPage(page, w, view, latest) {
  const nums = [...w.k, ...w.v, ...(view.normalized ? w.phiK : [])];
  // A page whose numbers and marks are those it shows is left as it is: a page turn changes none of
  // the pages before it but the last (formatting and comparing their numbers again was about 1 ms
  // of a turn at 8 associations, in-page A/B).
  const shown = [...nums, ...w.stamp, ...w.S, latest];
  if (page.shown && sameList(page.shown, shown)) return;
  page.shown = shown;
  page.head.forEach((span, j) => setText(span, formatNumber(nums[j])));
  renderMatrix(page.stamp, w.stamp, w.changed);
  renderMatrix(page.S, w.S, latest ? w.changed : null);
  if (page.li.classList.contains('is-latest') !== latest) page.li.classList.toggle('is-latest', latest);
  for (const [el, symbol] of [
    [page.headP, 'phi-k v'],
    [page.stamp, 'stamp'],
    [page.S, 'S'],
  ]) {
    if (latest) setAttr(el, 'data-symbol', symbol);
    else if (el.hasAttribute('data-symbol')) el.removeAttribute('data-symbol');
  }
}

/**
 * The ledger's pages up to the one shown, then the normalizer z and the line about the next page.
 * Turning pages (the slider, the buttons) adds or removes
 * only the pages between the old and the new one, and moves the latest page's marks; a key being
 * dragged rewrites the numbers where they stand. Anything else (another number of associations, d,
 * the feature map, the blank first page) builds the list again.
 * A page added after one that is skipped (below it, so out of view too) is made empty
 * (pendingPage) and built when it comes into view or the drag ends: building and laying out a
 * page's head and tables was about 2 ms of each page turn of the slider at 8 associations.
 * The normalizer and the next-page line wait, too, while a drag goes on and they are out of view.
 * `pages` (optional): { skip(el) a page (or the lines below them) to leave as it is for now (out of
 * view during a drag),
 * height(li) its last known height, if any; added(li, pending), removed(li) } (figure.js watches
 * each page). Returns true when a page was skipped.
 */
export function renderWrites(container, state, view, pages = null) {
  const shape = `${state.associations.length}|${view.dk}x${view.dv}|${view.normalized}`;
  let last = shown.get(container);
  if (!last || last.shape !== shape || state.step === 0 || last.step === 0) {
    for (const p of last?.pages ?? []) pages?.removed(p.li);
    for (const el of last?.tail ?? []) pages?.removed(el);
    const list = h('ol', { class: 'lg-writes fig-list', 'aria-label': 'Writes so far' });
    const { z, next } = tail(state, view);
    const empty =
      state.step === 0
        ? h('p', { class: 'lg-empty' }, 'A blank page: S is all zeros, so every read returns zeros.')
        : null;
    patch(container, empty, list, z, next);
    last = {
      shape,
      step: 0,
      list: container.querySelector('.lg-writes'),
      pages: [],
      zNums: Array.from(container.querySelectorAll('[data-part="z"] .lg-num')),
      next: container.querySelector('.lg-next'),
    };
    // The normalizer and the line about the next page sit below the pages: watched as they are.
    last.tail = [last.zNums.length ? container.querySelector('[data-part="z"]') : null, last.next].filter(Boolean);
    for (const el of last.tail) pages?.added(el, false);
    shown.set(container, last);
  }
  while (last.pages.length > state.step) {
    const gone = last.pages.pop().li;
    gone.remove();
    pages?.removed(gone);
  }
  if (last.pages.length < state.step) {
    const after = last.pages.at(-1)?.li;
    const wait = after !== undefined && Boolean(pages?.skip(after));
    const height = wait ? pages?.height(after) : undefined;
    const added = view.writes
      .slice(last.pages.length, state.step)
      .map((w) => (wait ? pendingPage(w, height) : pageItem(w, view)));
    last.list.append(...added.map((p) => p.li));
    last.pages.push(...added);
    for (const p of added) pages?.added(p.li, p.pending);
  }
  let skipped = false;
  view.writes.forEach((w, i) => {
    const page = last.pages[i];
    if (pages?.skip(page.li)) skipped = true;
    else fillPage(page.pending ? buildPending(last.pages, i, w, view, pages) : page, w, view, i === state.step - 1);
  });
  last.step = state.step;
  // The normalizer's numbers and the line about the next page, rewritten where they stand, unless
  // a drag goes on and they are out of view (in-page A/B of the page slider at 8 associations: about
  // 0.4 ms of a page turn's p95).
  if (last.tail.some((el) => pages?.skip(el))) skipped = true;
  else {
    last.zNums.forEach((span, j) => setText(span, formatNumber(view.z[j])));
    setText(last.next, nextLine(state));
  }
  return skipped;
}

/** The line about the next page. */
function nextLine(state) {
  const rest = state.associations.slice(state.step);
  if (!rest.length)
    return state.associations.length ? 'All writes applied.' : 'Add an association below to start writing.';
  return (
    `Next page: write ${keyLabel(state.step)} = ${formatVector(rest[0].k)} \u2192 ${valueLabel(state.step)} = ${formatVector(rest[0].v)}` +
    (rest.length > 1 ? ` (and ${rest.length - 1} more).` : '.')
  );
}

/** The normalizer line (or null) and the line about the next page. */
function tail(state, view) {
  const next = h('p', { class: 'lg-next' }, nextLine(state));
  const z =
    view.normalized && state.step > 0
      ? h(
          'p',
          { class: 'lg-z', 'data-part': 'z', 'data-symbol': 'z' },
          'normalizer ',
          vectorText('z', view.z),
          ' (the sum of every \u03c6(k) so far)',
        )
      : null;
  return { z, next };
}
