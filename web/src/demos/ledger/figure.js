// The ledger's page, every panel in page order: the notice, the feature-map choice, the ledger page
// by page (render-ledger.js), the plane (render-plane.js; first in the second column, in the page
// and the tab order alike, so its handles come before the read's menu below it), the reads with
// their query and decomposition (render-reads.js), the reader's own ledger (render-editor.js), receipts vs ledger
// (render-receipts.js) and the polite live region. Built once; update() fills it from the state and
// the core's results. It asks the core for nothing; its events go to the handlers it is given.
import { h, uid, replace, setProp } from '../../lib/dom.js';
import { createStepper, renderWrites } from './render-ledger.js';
import { renderReads, createQueryControls, renderDecomposition } from './render-reads.js';
import { createPlane } from './render-plane.js';
import { createEditor } from './render-editor.js';
import { renderReceipts } from './render-receipts.js';
import { watchInView } from '../../lib/in-view.js';

/** A titled group of panels (role="group", named by its title). */
export function group(title, ...children) {
  const id = uid('la-ledger-group');
  return h(
    'div',
    { class: 'la-ledger__group', role: 'group', 'aria-labelledby': id },
    h('p', { id, class: 'la-ledger__group-title' }, title),
    ...children,
  );
}

/**
 * The two feature-map radios (identity, elu + 1) in their fieldset.
 * @param {(value: string) => void} onFeatureMap called with the value of the radio checked
 */
export function createFeatureMap(onFeatureMap) {
  const name = uid('la-ledger-fm');
  const radios = [
    { value: 'identity', text: '\u03c6 = identity, no normalizer (as in the worked example)' },
    { value: 'elu1', text: '\u03c6 = elu + 1, with the normalizer z' },
  ].map(({ value, text }) => {
    const id = `${name}-${value}`;
    const input = h('input', {
      type: 'radio',
      name,
      id,
      value,
      'data-part': `fm-${value}`,
      onchange: (e) => {
        if (e.target.checked) onFeatureMap(value);
      },
    });
    return { value, input, el: h('span', { class: 'la-ledger__choice' }, input, h('label', { for: id }, text)) };
  });
  const el = h(
    'fieldset',
    { class: 'la-ledger__fieldset', 'data-part': 'feature-map' },
    h('legend', null, 'Feature map'),
    radios.map((r) => r.el),
  );
  /** Checks the state's feature map. */
  const update = (state) => {
    for (const r of radios) setProp(r.input, 'checked', r.value === state.featureMap);
  };
  return { el, radios, update };
}

/**
 * @param {HTMLElement} el the demo's element (the panels are appended to it)
 * @param {Record<string, any>} on the reader's edit handlers (handlers.js)
 */
export function createFigure(el, on) {
  const notice = h('div', { class: 'la-ledger__notice', 'data-part': 'notice', hidden: true });
  const fm = createFeatureMap(on.onFeatureMap);
  const stepper = createStepper({ ids: { range: uid('la-ledger-range') }, onStep: on.onStep });
  const writes = h('div', { class: 'la-ledger__writes-wrap', 'data-part': 'writes' });
  const reads = h('div', { class: 'la-ledger__scroll', 'data-label': 'Reads' });
  const query = createQueryControls({ onQuery: on.onQuery, onFreeQuery: on.onFreeQuery });
  const decomposition = h('div', {
    class: 'la-ledger__scroll',
    'data-part': 'decomposition',
    'data-label': 'Read, stamp by stamp',
  });
  const plane = createPlane({
    ids: { marker: uid('la-ledger-arrow'), keyTitle: uid('la-ledger-keys'), valueTitle: uid('la-ledger-values') },
    onAngle: on.onAngle,
  });
  const editor = createEditor({
    onField: on.onField,
    onRemove: on.onRemove,
    onAdd: on.onAdd,
    onReset: on.onReset,
    onDim: on.onDim,
  });
  const receipts = h('div', { class: 'la-ledger__receipts-wrap' });
  const live = h('p', { class: 'la-ledger__sr', 'aria-live': 'polite', 'data-part': 'live' });

  el.append(
    notice,
    fm.el,
    h(
      'div',
      { class: 'la-ledger__columns' },
      group('The ledger, page by page', stepper.el, writes),
      h(
        'div',
        { class: 'la-ledger__column' },
        group('The plane', plane.el),
        group('Reads', reads, query.el, decomposition),
      ),
    ),
    group('Your own ledger', editor.el),
    group('Receipts vs ledger', receipts),
    live,
  );

  /** Shows the notices (sentences) above the ledger; none hides the area. */
  function showNotices(list) {
    replace(notice, ...list.map((t) => h('p', null, t)));
    notice.hidden = list.length === 0;
  }

  // While a key is dragged in the plane or the page slider slides, the panels out of view wait: each
  // is filled when it comes into view or when the drag ends, so a frame of the drag costs only what
  // the reader can see.
  // Everything else (a click, a key, a typed number) fills every panel at once.
  // `scrolls`: the panel holds a box that may scroll sideways (.la-ledger__scroll), to be checked
  // after it is drawn (figure.onScrollableDrawn); a frame that draws none of them asks nothing.
  // The ledger's pages run past the screen's height (8 of them at most): during a drag, a page out
  // of view waits as well, and the pages panel counts as not yet filled until the drag ends.
  const pageView = watchInView([], () => drawStale(panels[0]));
  // A page added after a skipped one waits, empty (render-ledger.js): it counts as out of view
  // until the observer says otherwise, and is built when it comes into view or the drag ends.
  const pageWatch = {
    skip: (li) => (plane.dragging !== null || stepper.sliding) && !pageView.sees(li),
    height: pageView.height,
    added: (li, pending) => pageView.watch(li, { out: Boolean(pending) }),
    removed: pageView.unwatch,
  };
  const panels = [
    {
      el: writes,
      draw(st, vw) {
        if (renderWrites(writes, st, vw, pageWatch)) this.stale = true;
      },
    },
    { el: reads, scrolls: true, draw: (st, vw) => renderReads(reads, st, vw) },
    { el: decomposition, scrolls: true, draw: (st, vw) => renderDecomposition(decomposition, st, vw) },
    { el: editor.el, scrolls: true, draw: (st) => editor.update(st) },
    { el: receipts, draw: (st, vw) => renderReceipts(receipts, st, vw) },
  ].map((p) => ({ ...p, stale: false }));
  let shown = null; // { state, view } of the last render
  const draw = (p) => {
    p.draw(shown.state, shown.view);
    if (p.scrolls) figure.onScrollableDrawn?.();
  };
  const drawStale = (p) => {
    if (!p.stale || !shown) return;
    p.stale = false;
    draw(p);
  };
  const inView = watchInView(
    panels.map((p) => p.el),
    (el) => drawStale(panels.find((p) => p.el === el)),
  );
  // The editor's controls name associations by index: a panel left waiting by a drag is brought up
  // to date before the reader (or a script) uses any of them, so a control acts on what it shows.
  const editorPanel = panels.find((p) => p.el === editor.el);
  for (const type of ['focusin', 'pointerdown', 'keydown', 'input', 'change', 'click']) {
    editor.el.addEventListener(type, () => drawStale(editorPanel), true);
  }
  plane.onDragEnd = () => {
    for (const p of panels) drawStale(p);
  };
  stepper.onSlideEnd = plane.onDragEnd;

  /** Fills every panel from the state and the core's results for it. */
  function update(state, view) {
    shown = { state, view };
    const dragging = plane.dragging !== null || stepper.sliding;
    fm.update(state);
    stepper.update(state);
    query.update(state);
    plane.update(state, view);
    for (const p of panels) {
      p.stale = dragging && !inView.sees(p.el);
      if (!p.stale) draw(p);
    }
  }

  const figure = {
    notice,
    stepper,
    writes,
    reads,
    query,
    decomposition,
    plane,
    editor,
    receipts,
    live,
    update,
    showNotices,
    disconnect: () => {
      inView.disconnect();
      pageView.disconnect();
    },
    /** Set by the demo: called after a panel with a sideways-scrolling box is drawn. */
    onScrollableDrawn: null,
  };
  return figure;
}
