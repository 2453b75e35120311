// The ledger's page, in page order: the notice, the feature-map choice, then the picture: the page
// the slider shows (render-now.js: its stamp, S after it and each key's read) beside the key and
// value planes (render-plane.js), labelled in place. Behind a "Numbers" disclosure: the ledger page
// by page (render-ledger.js), the angles between the keys, the reads with their query and
// decomposition (render-reads.js) and receipts vs ledger (render-receipts.js); behind a "Details"
// disclosure, the reader's own ledger (render-editor.js). Then the polite live region. Built once;
// update() fills it from the state and the core's results. It asks the core for nothing; its
// controls dispatch the ledger's actions.
import { h, uid, replace, setProp } from '../../lib/dom.js';
import { createStepper, renderWrites } from './render-ledger.js';
import { renderReads, createQueryControls, renderDecomposition } from './render-reads.js';
import { createPlane } from './render-plane.js';
import { createEditor } from './render-editor.js';
import { renderReceipts } from './render-receipts.js';
import { renderNow } from './render-now.js';
import { watchInView } from '../../lib/in-view.js';

/** A titled group of panels (role="group", named by its title). */
export function group(title, ...children) {
  const id = uid('la-ledger-group');
  return h(
    'div',
    { class: 'lg-group fig-box fig-panel', role: 'group', 'aria-labelledby': id },
    h('p', { id, class: 'lg-group-title' }, title),
    ...children,
  );
}

/**
 * A closed disclosure: `summary` names what it holds. Its class follows its open state, so that
 * linked reading (which watches the figure's classes) moves a highlight from the summary to the
 * part it names, or back, when the reader opens or closes it (symbols.js).
 */
function disclosure(summary, part, ...children) {
  const el = h('details', { class: 'lg-details fig-box', 'data-part': part }, h('summary', null, summary), ...children);
  el.addEventListener('toggle', () => el.classList.toggle('is-open', el.open));
  return el;
}

/**
 * The two feature-map radios (identity, elu + 1) in their fieldset; checking one dispatches it.
 * @param {(action: import('./reducer.js').LedgerAction) => void} dispatch
 */
export function createFeatureMap(dispatch) {
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
        if (e.target.checked) dispatch({ type: 'featureMap', value });
      },
    });
    return { value, input, el: h('span', { class: 'lg-choice' }, input, h('label', { for: id }, text)) };
  });
  const el = h(
    'fieldset',
    { class: 'lg-fieldset fig-box', 'data-part': 'feature-map' },
    h('legend', null, 'Feature map'),
    radios.map((r) => r.el),
  );
  /** Checks the state's feature map. */
  const update = (state) => {
    for (const r of radios) setProp(r.input, 'checked', r.value === state.featureMap);
  };
  return { el, radios, update };
}

/** The controls and panels, each dispatching its own actions. */
function createParts(dispatch) {
  return {
    notice: h('div', { class: 'lg-notice fig-notice', 'data-part': 'notice', hidden: true }),
    fm: createFeatureMap(dispatch),
    stepper: createStepper({ ids: { range: uid('la-ledger-range') }, dispatch }),
    now: h('div', { class: 'lg-now-wrap' }),
    writes: h('div', { class: 'lg-writes-wrap', 'data-part': 'writes' }),
    reads: h('div', { class: 'lg-scroll', 'data-label': 'Reads' }),
    query: createQueryControls({ dispatch }),
    decomposition: h('div', {
      class: 'lg-scroll',
      'data-part': 'decomposition',
      'data-label': 'Read, stamp by stamp',
    }),
    plane: createPlane({
      ids: { marker: uid('la-ledger-arrow'), keyTitle: uid('la-ledger-keys'), valueTitle: uid('la-ledger-values') },
      dispatch,
    }),
    editor: createEditor({ dispatch }),
    receipts: h('div', { class: 'lg-receipts-wrap' }),
    live: h('p', { class: 'lg-sr fig-heard', 'aria-live': 'polite', 'data-part': 'live' }),
  };
}

/** Puts the parts on the page, in page order: the picture, then the disclosures behind it. */
function layOut(el, p) {
  el.append(
    p.notice,
    p.fm.el,
    h(
      'div',
      { class: 'lg-columns' },
      group('The ledger, page by page', p.stepper.el, p.now),
      group('The plane', p.plane.el),
    ),
    disclosure(
      'Numbers: every page, the angles, the reads term by term, the receipts',
      'numbers',
      group('Every page of the ledger', p.writes),
      group('Angles and overlaps', p.plane.angles),
      group('Reads', p.reads, p.query.el, p.decomposition),
      group('Receipts vs ledger', p.receipts),
    ),
    disclosure('Details: your own keys and values', 'details', p.editor.el),
    p.live,
  );
}

// While a key is dragged in the plane or the page slider slides, the panels out of view wait: each
// is filled when it comes into view or when the drag ends, so a frame of the drag costs only what
// the reader can see.
// Everything else (a click, a key, a typed number) fills every panel at once.
// `scrolls`: the panel holds a box that may scroll sideways (.lg-scroll), to be checked
// after it is drawn (figure.onScrollableDrawn); a frame that draws none of them asks nothing.
// The ledger's pages run past the screen's height (8 of them at most): during a drag, a page out
// of view waits as well, and the pages panel counts as not yet filled until the drag ends.
/**
 * @param {ReturnType<typeof createParts>} p
 * @param {() => void} scrolled called after a panel with a sideways-scrolling box is drawn
 */
function createPanels(p, scrolled) {
  const { plane, stepper, editor } = p;
  const dragging = () => plane.dragging !== null || stepper.sliding;
  const pageView = watchInView([], () => drawStale(panels[1])); // the pages' panel
  // A page added after a skipped one waits, empty (render-ledger.js): it counts as out of view
  // until the observer says otherwise, and is built when it comes into view or the drag ends.
  const pageWatch = {
    skip: (li) => dragging() && !pageView.sees(li),
    height: pageView.height,
    added: (li, pending) => pageView.watch(li, { out: Boolean(pending) }),
    removed: pageView.unwatch,
  };
  const panels = [
    { el: p.now, draw: (st, vw) => renderNow(p.now, st, vw) },
    {
      el: p.writes,
      draw(st, vw) {
        if (renderWrites(p.writes, st, vw, pageWatch)) this.stale = true;
      },
    },
    { el: p.reads, scrolls: true, draw: (st, vw) => renderReads(p.reads, st, vw) },
    { el: p.decomposition, scrolls: true, draw: (st, vw) => renderDecomposition(p.decomposition, st, vw) },
    { el: editor.el, scrolls: true, draw: (st) => editor.update(st) },
    { el: p.receipts, draw: (st, vw) => renderReceipts(p.receipts, st, vw) },
  ].map((panel) => ({ ...panel, stale: false }));
  let shown = null; // { state, view } of the last update
  const draw = (panel) => {
    panel.draw(shown.state, shown.view);
    if (panel.scrolls) scrolled();
  };
  const drawStale = (panel) => {
    if (!panel.stale || !shown) return;
    panel.stale = false;
    draw(panel);
  };
  const inView = watchInView(
    panels.map((panel) => panel.el),
    (el) => drawStale(panels.find((panel) => panel.el === el)),
  );
  // The editor's controls name associations by index: a panel left waiting by a drag is brought up
  // to date before the reader (or a script) uses any of them, so a control acts on what it shows.
  const editorPanel = panels.find((panel) => panel.el === editor.el);
  for (const type of ['focusin', 'pointerdown', 'keydown', 'input', 'change', 'click']) {
    editor.el.addEventListener(type, () => drawStale(editorPanel), true);
  }
  plane.onDragEnd = () => {
    for (const panel of panels) drawStale(panel);
  };
  stepper.onSlideEnd = plane.onDragEnd;
  /** Fills every panel in view (every panel, unless a drag goes on) from the state and its view. */
  function update(state, view) {
    shown = { state, view };
    for (const panel of panels) {
      panel.stale = dragging() && !inView.sees(panel.el);
      if (!panel.stale) draw(panel);
    }
  }
  const disconnect = () => {
    inView.disconnect();
    pageView.disconnect();
  };
  return { update, disconnect };
}

/**
 * The ledger's page, built once: its controls dispatch their actions; update() fills it.
 * @param {HTMLElement} el the demo's element (the panels are appended to it)
 * @param {(action: import('./reducer.js').LedgerAction) => void} dispatch
 */
export function createFigure(el, dispatch) {
  const parts = createParts(dispatch);
  layOut(el, parts);
  const panels = createPanels(parts, () => figure.onScrollableDrawn?.());

  /** Shows the notices (sentences) above the ledger; none hides the area. */
  function showNotices(list) {
    replace(parts.notice, ...list.map((t) => h('p', null, t)));
    parts.notice.hidden = list.length === 0;
  }

  /** Fills every panel from the state and the core's results for it. */
  function update(state, view) {
    parts.fm.update(state);
    parts.stepper.update(state);
    parts.query.update(state);
    parts.plane.update(state, view);
    panels.update(state, view);
  }

  const figure = {
    ...parts,
    update,
    showNotices,
    disconnect: panels.disconnect,
    /** Set by the demo: called after a panel with a sideways-scrolling box is drawn. */
    onScrollableDrawn: null,
  };
  return figure;
}
