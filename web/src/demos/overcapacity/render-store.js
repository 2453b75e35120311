// "Inside one store": the key overlaps |k_i · k_j| as a heatmap and each association's read quality
// as a strip, for the current N (trial 1 of the sweep's keys), from la.interferenceStore.
// Pixels on a canvas (N² cells would be too many SVG nodes); the numbers are also in tables.
import { h, setText, setAttr } from '../../lib/dom.js';
import { formatCos, formatInt, plural } from './format.js';
import { HEATMAP_MAX_N } from './sweep.js';
import { createSlicer } from './slices.js';

/** Above this N the overlap matrix is not offered as a table (too many cells to read). */
const MATRIX_TABLE_MAX_N = 16;

/** [r, g, b] of a CSS colour, resolved by the canvas itself (works for any colour syntax). */
function rgbOf(ctx, color) {
  ctx.clearRect(0, 0, 1, 1);
  ctx.fillStyle = '#000';
  ctx.fillStyle = color;
  ctx.fillRect(0, 0, 1, 1);
  const p = ctx.getImageData(0, 0, 1, 1).data;
  return [p[0], p[1], p[2]];
}

/** What the store panel says of a large store while the slider moves (it is asked for once the slider
 *  rests: compute.js). */
const LATER = 'the store at the slider\u2019s N follows when the slider rests';
/** … and while a settings slider (β, the forget gate, the delta step) moves (compute.js, rest()). */
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

const clamp01 = (t) => (t < 0 ? 0 : t > 1 ? 1 : t);

/** The heatmap's canvas, in pixels a side: its largest size on screen (16rem). */
const HEAT_PX = 256;
/** The cells of a heatmap, one pixel each, before they are scaled up: a canvas and an image of
 *  HEATMAP_MAX_N pixels a side, of which an N × N corner is used. */
const scratch = { canvas: null, ctx: null, img: null };
function scratchImage() {
  if (!scratch.canvas) {
    scratch.canvas = document.createElement('canvas');
    scratch.canvas.width = HEATMAP_MAX_N;
    scratch.canvas.height = HEATMAP_MAX_N;
    scratch.ctx = scratch.canvas.getContext('2d');
    scratch.img = scratch.ctx.createImageData(HEATMAP_MAX_N, HEATMAP_MAX_N);
  }
  return scratch.img;
}

/** Each canvas's image, kept while its size stays: every pixel a draw writes, the next draw writes
 *  again (the pixels between the strip's bands are never written and stay transparent). */
const images = new WeakMap();
function imageOf(ctx, canvas) {
  let img = images.get(canvas);
  if (!img || img.width !== canvas.width || img.height !== canvas.height) {
    img = ctx.createImageData(canvas.width, canvas.height);
    images.set(canvas, img);
  }
  return img;
}

export function createStoreView(parent, rootEl) {
  const section = parent.appendChild(h('div', { class: 'oc-store' }));
  const head = section.appendChild(h('p', { class: 'oc-subhead' }));
  const grid = section.appendChild(h('div', { class: 'oc-store-grid' }));

  const heatBox = grid.appendChild(h('div', { class: 'oc-heat' }));
  const heatCaption = heatBox.appendChild(h('p', { class: 'oc-caption' }));
  const heatSquare = heatBox.appendChild(h('div', { class: 'oc-heat-square' }));
  const heat = heatSquare.appendChild(h('canvas', { class: 'oc-heat-canvas', role: 'img' }));
  const heatNote = heatSquare.appendChild(h('p', { class: 'oc-note' }));

  const stripBox = grid.appendChild(h('div', { class: 'oc-strip' }));
  const stripCaption = stripBox.appendChild(h('p', { class: 'oc-caption' }));
  stripCaption.textContent =
    'Each column is one stored association, read back with its own key: ' +
    'the stronger its colour, the higher the cosine; a mark below it means top-1 recall picked the wrong value.';
  stripBox.appendChild(h('p', { class: 'oc-strip-label', text: 'Linear state' }));
  const strip = stripBox.appendChild(h('canvas', { class: 'oc-strip-canvas', role: 'img', height: 44 }));
  stripBox.appendChild(h('p', { class: 'oc-strip-label', text: 'Softmax attention over the same keys and values' }));
  const softStrip = stripBox.appendChild(h('canvas', { class: 'oc-strip-canvas', role: 'img', height: 44 }));
  const stripKey = stripBox.appendChild(h('p', { class: 'oc-key' }));
  stripKey.appendChild(h('span', { class: 'oc-key-bad', 'aria-hidden': 'true' }));
  stripKey.appendChild(h('span', { text: ' wrong value recalled' }));

  const perDetails = section.appendChild(h('details', { class: 'oc-details' }));
  perDetails.appendChild(h('summary', { text: 'Per-association numbers (table)' }));
  const perTableBox = perDetails.appendChild(
    h('div', {
      class: 'oc-table-scroll',
      tabindex: 0,
      role: 'region',
      'aria-label': 'Per-association numbers, scrollable',
    }),
  );

  const matDetails = section.appendChild(h('details', { class: 'oc-details' }));
  const matSummary = matDetails.appendChild(h('summary', { text: 'Key overlaps |k\u1d62\u00b7k\u2c7c| (table)' }));
  const matTableBox = matDetails.appendChild(
    h('div', { class: 'oc-table-scroll', tabindex: 0, role: 'region', 'aria-label': 'Key overlaps, scrollable' }),
  );

  for (const [el, part] of [
    [head, 'store-head'],
    [heat, 'heatmap'],
    [heatNote, 'heat-note'],
    [strip, 'strip'],
    [softStrip, 'softmax-strip'],
    [perDetails, 'store-table'],
    [matDetails, 'overlap-table'],
  ])
    el.dataset.part = part;

  const probe = document.createElement('canvas');
  probe.width = probe.height = 1;
  const probeCtx = probe.getContext('2d', { willReadFrequently: true });

  let current = null; // { result, label } on the canvases
  let palette = null; // the theme's colours, read once per theme (reading them forces a style pass)
  let stripWidth = 0; // CSS px, from the ResizeObserver of the page (not read while drawing)

  function colors() {
    if (palette) return palette;
    const cs = getComputedStyle(rootEl);
    const get = (name, fallback) => cs.getPropertyValue(name).trim() || fallback;
    // The figure styles' colour roles (web/src/styles/figure.css): key overlaps are crosstalk,
    // a read's quality is the target coming back, a wrong recall an error.
    const bad = get('--role-error', get('--bad', '#c0392b'));
    palette = {
      bg: rgbOf(probeCtx, get('--bg', '#fff')),
      ink: rgbOf(probeCtx, get('--role-crosstalk', get('--accent', '#2451b7'))),
      read: rgbOf(probeCtx, get('--role-target', get('--accent', '#2451b7'))),
      bad,
      badRgb: rgbOf(probeCtx, bad),
      panel: get('--panel', '#f4f4f4'),
    };
    return palette;
  }

  function drawHeat(result, c) {
    const n = result.n;
    if (!result.keyOverlap || n > HEATMAP_MAX_N) {
      heat.hidden = true;
      setText(
        heatNote,
        `The overlap heatmap is drawn for N \u2264 ${HEATMAP_MAX_N}; ` +
          `at N = ${formatInt(n)} it would have ${formatInt(n)} \u00d7 ${formatInt(n)} cells, too small to see. ` +
          'Move N down to look inside.',
      );
      return;
    }
    heat.hidden = false;
    setText(heatNote, '');
    // A canvas of one fixed size (HEAT_PX square): the N × N cells are written into a scratch
    // canvas that never changes size either, then drawn scaled up, pixel for pixel. Resizing the
    // shown canvas to N × N for each store made Chromium allocate a new canvas in each frame of a drag.
    if (heat.width !== HEAT_PX) {
      heat.width = HEAT_PX;
      heat.height = HEAT_PX;
    }
    const cells = scratchImage();
    const px = cells.data;
    const [br, bg, bb] = c.bg;
    const [ir, ig, ib] = c.ink;
    const o = result.keyOverlap;
    for (let i = 0; i < n; i += 1) {
      let p = 4 * i * HEATMAP_MAX_N;
      for (let j = 0; j < n; j += 1) {
        const t = clamp01(o[i * n + j]);
        px[p] = br + (ir - br) * t;
        px[p + 1] = bg + (ig - bg) * t;
        px[p + 2] = bb + (ib - bb) * t;
        px[p + 3] = 255;
        p += 4;
      }
    }
    scratch.ctx.putImageData(cells, 0, 0, 0, 0, n, n);
    const ctx = heat.getContext('2d');
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(scratch.canvas, 0, 0, n, n, 0, 0, HEAT_PX, HEAT_PX);
    setAttr(
      heat,
      'aria-label',
      `Heatmap of the key overlaps |k\u1d62\u00b7k\u2c7c| of the ` +
        `${formatInt(n)} stored keys: row i, column j; the stronger the colour, the larger the overlap, and the diagonal ` +
        'is each unit key with itself. The numbers are in the key-overlap table.',
    );
  }

  function drawStrip(canvas, n, cosine, recalled, c, what) {
    if (!stripWidth) stripWidth = Math.max(200, Math.floor(stripBox.clientWidth || 300));
    const cssWidth = stripWidth;
    const ratio = window.devicePixelRatio || 1;
    if (canvas.width !== Math.floor(cssWidth * ratio)) {
      canvas.width = Math.floor(cssWidth * ratio);
      canvas.height = Math.floor(44 * ratio);
      canvas.style.width = `${cssWidth}px`;
      canvas.style.height = '44px';
    }
    // One image of device pixels, written once: with N up to 1,024 cells per strip, a fillRect
    // with its own colour string per cell cost milliseconds of every frame of an N drag. Every row
    // of a band is the same, so one row per band is drawn and copied down the band.
    const width = canvas.width;
    const height = canvas.height;
    const ctx = canvas.getContext('2d');
    const img = imageOf(ctx, canvas);
    const px = img.data;
    const scale = width / cssWidth; // device pixels per CSS pixel
    const w = cssWidth / n;
    const band = (fromCss, toCss) => [Math.round(fromCss * scale), Math.min(height, Math.round(toCss * scale))];
    const [top0, top1] = band(0, 30); // the read quality, one colour per association
    const [bad0, bad1] = band(33, 44); // a mark under each wrong recall
    const row = new Uint8ClampedArray(4 * width);
    const fill = (x0, x1, r, g, b) => {
      for (let x = x0; x < x1; x += 1) {
        row[4 * x] = r;
        row[4 * x + 1] = g;
        row[4 * x + 2] = b;
        row[4 * x + 3] = 255;
      }
    };
    const copyDown = (y0, y1) => {
      for (let y = y0; y < y1; y += 1) px.set(row, 4 * y * width);
    };
    // Each cell covers at least half a CSS pixel (a wrong recall at least 1.5, so it stays visible
    // at N = 1,024); a later cell draws over the one before, as the painted rectangles did.
    const columns = (j, minCss) => {
      const x0 = Math.min(width - 1, Math.floor(j * w * scale));
      return [x0, Math.max(x0 + 1, Math.min(width, Math.round((j * w + Math.max(w, minCss)) * scale)))];
    };
    const [br, bg, bb] = c.bg;
    const [ir, ig, ib] = c.read;
    for (let j = 0; j < n; j += 1) {
      const t = clamp01(cosine[j]);
      const [x0, x1] = columns(j, 0.5);
      fill(x0, x1, br + (ir - br) * t, bg + (ig - bg) * t, bb + (ib - bb) * t);
    }
    copyDown(top0, top1);
    row.fill(0);
    const [rr, rg, rb] = c.badRgb;
    for (let j = 0; j < n; j += 1) {
      if (recalled[j] === 1) continue;
      const [x0, x1] = columns(j, 1.5);
      fill(x0, x1, rr, rg, rb);
    }
    copyDown(bad0, bad1);
    ctx.putImageData(img, 0, 0);
    setAttr(
      canvas,
      'aria-label',
      `Read quality of each of the ${formatInt(n)} stored ` +
        `${plural(n, 'association', 'associations')} through ${what}, with wrong recalls marked. ` +
        'The numbers are in the per-association table.',
    );
  }

  // Up to 1,024 rows of five cells: built a slice per task (slices.js), so a store arriving
  // mid-drag never holds the main thread for long (a newer store cancels the rest of an older table).
  const slicer = createSlicer();
  function fillRowsInSlices(body, count, makeRow) {
    slicer.run(count, (start, end) => {
      const rows = document.createDocumentFragment();
      for (let i = start; i < end; i += 1) makeRow(i, rows);
      body.appendChild(rows);
    });
  }

  function fillPerTable() {
    perTableBox.replaceChildren();
    if (!perDetails.open || !current) return;
    const r = current.result;
    const table = perTableBox.appendChild(h('table', { class: 'oc-table' }));
    table.appendChild(
      h('caption', {
        text: `Each stored association read back with its own key, N = ${formatInt(r.n)}, ${current.label}`,
      }),
    );
    const hr = table.appendChild(h('thead', {})).appendChild(h('tr', {}));
    for (const head of ['association', 'cosine, linear', 'recalled, linear', 'cosine, softmax', 'recalled, softmax']) {
      hr.appendChild(h('th', { scope: 'col', text: head }));
    }
    const body = table.appendChild(h('tbody', {}));
    fillRowsInSlices(body, r.n, (j, parent) => {
      const tr = parent.appendChild(h('tr', {}));
      tr.appendChild(h('th', { scope: 'row', text: String(j + 1) }));
      tr.appendChild(h('td', { text: formatCos(r.cosine[j], 3) }));
      tr.appendChild(h('td', { text: r.recalled[j] === 1 ? 'yes' : 'no' }));
      tr.appendChild(h('td', { text: formatCos(r.softmaxCosine[j], 3) }));
      tr.appendChild(h('td', { text: r.softmaxRecalled[j] === 1 ? 'yes' : 'no' }));
    });
  }

  function fillMatrixTable() {
    matTableBox.replaceChildren();
    if (!current) return;
    const r = current.result;
    if (r.n > MATRIX_TABLE_MAX_N || !r.keyOverlap) {
      matTableBox.appendChild(h('p', { text: `The overlap table is offered for N \u2264 ${MATRIX_TABLE_MAX_N}.` }));
      return;
    }
    if (!matDetails.open) return;
    const table = matTableBox.appendChild(h('table', { class: 'oc-table oc-matrix' }));
    table.appendChild(
      h('caption', { text: `|k\u1d62\u00b7k\u2c7c| for the ${formatInt(r.n)} stored keys, ${current.label}` }),
    );
    const hr = table.appendChild(h('thead', {})).appendChild(h('tr', {}));
    hr.appendChild(h('td', {}));
    for (let j = 0; j < r.n; j += 1) hr.appendChild(h('th', { scope: 'col', text: `k${j + 1}` }));
    const body = table.appendChild(h('tbody', {}));
    for (let i = 0; i < r.n; i += 1) {
      const tr = body.appendChild(h('tr', {}));
      tr.appendChild(h('th', { scope: 'row', text: `k${i + 1}` }));
      for (let j = 0; j < r.n; j += 1) tr.appendChild(h('td', { text: formatCos(r.keyOverlap[i * r.n + j], 2) }));
    }
  }

  perDetails.addEventListener('toggle', fillPerTable);
  matDetails.addEventListener('toggle', fillMatrixTable);

  function draw() {
    if (!current) return;
    const c = colors();
    drawHeat(current.result, c);
    const r = current.result;
    drawStrip(strip, r.n, r.cosine, r.recalled, c, 'the linear state');
    drawStrip(softStrip, r.n, r.softmaxCosine, r.softmaxRecalled, c, 'softmax attention');
  }

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
        heatCaption,
        'Key overlaps |k\u1d62\u00b7k\u2c7c| (row i, column j); the off-diagonal cells are the crosstalk coefficients.',
      );
      setText(matSummary, summaryText(shown.result.n));
      draw();
      if (perDetails.open) fillPerTable();
      if (matDetails.open) fillMatrixTable();
    },
    /** Redraws the canvases; `themeChanged` re-reads the colours, `width` is the strip's new width. */
    redraw(themeChanged = false, width = 0) {
      if (themeChanged) palette = null;
      if (width) stripWidth = Math.max(200, Math.floor(width));
      draw();
    },
    stripElement: stripBox,
  };

  function summaryText(n) {
    return n <= MATRIX_TABLE_MAX_N
      ? 'Key overlaps |k\u1d62\u00b7k\u2c7c| (table)'
      : `Key overlaps (table offered for N \u2264 ${MATRIX_TABLE_MAX_N})`;
  }
}
