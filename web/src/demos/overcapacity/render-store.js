// "Inside one store": the key overlaps |k_i · k_j| as a heatmap and each association's read quality
// as a strip, for the current N (trial 1 of the sweep's keys), from la.interferenceStore.
// Pixels on a canvas (store-paint.js); the numbers are also in tables (store-tables.js).
import { h, setText } from '../../lib/dom.js';
import { formatInt } from './format.js';
import { storeColors, drawHeat, drawStrip } from './store-paint.js';
import { createStoreTables, summaryText } from './store-tables.js';

/** What the store panel says of a large store while the slider moves (it is asked for once the slider
 *  rests: store-pace.js). */
const LATER = 'the store at the slider\u2019s N follows when the slider rests';
/** … and while a settings slider (β, the forget gate, the delta step) moves (store-pace.js). */
const LATER_SETTINGS = 'the store of the new settings follows when the slider rests';
const computing = (n) => `computing N = ${formatInt(n)}\u2026`;
/** The panel's heading for the store shown ({ result, label }) and a note on the one to come. */
const heading = (shown, note) =>
  `Inside one store: N = ${formatInt(shown.result.n)}, ${shown.label}${note ? ` (${note})` : ''}`;
/** The heading for the store slice of the view (update()). */
function headText(shown, note) {
  const words = !note
    ? ''
    : note.kind === 'pending'
      ? computing(note.n)
      : note.kind === 'settings'
        ? LATER_SETTINGS
        : LATER;
  if (shown) return heading(shown, words);
  return words ? `Inside one store: ${words}${note.kind === 'pending' ? '' : '.'}` : '';
}

const STRIP_TEXT =
  'Each column is one stored association, read back with its own key: ' +
  'the stronger its colour, the higher the cosine; a mark below it means top-1 recall picked the wrong value.';

/** The heatmap's and the strips' elements. */
function buildCanvases(grid) {
  const heatBox = grid.appendChild(h('div', { class: 'oc-heat' }));
  const heatCaption = heatBox.appendChild(h('p', { class: 'oc-caption' }));
  const heatSquare = heatBox.appendChild(h('div', { class: 'oc-heat-square' }));
  const heat = heatSquare.appendChild(h('canvas', { class: 'oc-heat-canvas', role: 'img' }));
  const heatNote = heatSquare.appendChild(h('p', { class: 'oc-note' }));
  const stripBox = grid.appendChild(h('div', { class: 'oc-strip' }));
  stripBox.appendChild(h('p', { class: 'oc-caption' })).textContent = STRIP_TEXT;
  stripBox.appendChild(h('p', { class: 'oc-strip-label', text: 'Linear state' }));
  const strip = stripBox.appendChild(h('canvas', { class: 'oc-strip-canvas', role: 'img', height: 44 }));
  stripBox.appendChild(h('p', { class: 'oc-strip-label', text: 'Softmax attention over the same keys and values' }));
  const softStrip = stripBox.appendChild(h('canvas', { class: 'oc-strip-canvas', role: 'img', height: 44 }));
  const stripKey = stripBox.appendChild(h('p', { class: 'oc-key' }));
  stripKey.appendChild(h('span', { class: 'oc-key-bad', 'aria-hidden': 'true' }));
  stripKey.appendChild(h('span', { text: ' wrong value recalled' }));
  heat.dataset.part = 'heatmap';
  heatNote.dataset.part = 'heat-note';
  strip.dataset.part = 'strip';
  softStrip.dataset.part = 'softmax-strip';
  return { heatCaption, heat, heatNote, stripBox, strip, softStrip };
}

/** The canvases' painter: draw(shown) paints a store; recolor() and width(w) follow the theme and
 *  the strip's width (from the page's ResizeObserver, never read while drawing). */
function createPainter(els, rootEl) {
  const probe = document.createElement('canvas');
  probe.width = probe.height = 1;
  const probeCtx = probe.getContext('2d', { willReadFrequently: true });
  let palette = null; // the theme's colours, read once per theme (reading them forces a style pass)
  let stripWidth = 0; // CSS px
  return {
    draw(result) {
      palette ||= storeColors(rootEl, probeCtx);
      drawHeat(els.heat, els.heatNote, result, palette);
      if (!stripWidth) stripWidth = Math.max(200, Math.floor(els.stripBox.clientWidth || 300));
      const soft = { n: result.n, cosine: result.softmaxCosine, recalled: result.softmaxRecalled };
      drawStrip(els.strip, stripWidth, result, palette, 'the linear state');
      drawStrip(els.softStrip, stripWidth, soft, palette, 'softmax attention');
    },
    recolor: () => (palette = null),
    width: (w) => (stripWidth = Math.max(200, Math.floor(w))),
  };
}

export function createStoreView(parent, rootEl) {
  const section = parent.appendChild(h('div', { class: 'oc-store' }));
  const head = section.appendChild(h('p', { class: 'oc-subhead', 'data-part': 'store-head' }));
  const els = buildCanvases(section.appendChild(h('div', { class: 'oc-store-grid' })));
  const tables = createStoreTables(section);
  const painter = createPainter(els, rootEl);
  let current = null; // { result, label } on the canvases
  const draw = () => current && painter.draw(current.result);
  return {
    element: section,
    /** Draws the store slice of the view: `shown` ({ result, label } or null) and `note` on the
     *  store to come (null; { kind: 'pending', n } being computed; { kind: 'waiting' } asked for
     *  once the N slider rests; { kind: 'settings' } once a settings slider rests). The canvases
     *  and tables are drawn again only for another result: the same one with another note
     *  (a slider back at its value) rewrites only the heading. */
    update({ shown, note }) {
      setText(head, headText(shown, note));
      if (!shown || (current?.result === shown.result && current.label === shown.label)) return;
      current = shown;
      setText(
        els.heatCaption,
        'Key overlaps |k\u1d62\u00b7k\u2c7c| (row i, column j); the off-diagonal cells are the crosstalk coefficients.',
      );
      setText(tables.matSummary, summaryText(shown.result.n));
      draw();
      tables.show(shown);
    },
    /** Redraws the canvases; `themeChanged` re-reads the colours, `width` is the strip's new width. */
    redraw(themeChanged = false, width = 0) {
      if (themeChanged) painter.recolor();
      if (width) painter.width(width);
      draw();
    },
    stripElement: els.stripBox,
  };
}
