// The pixels of "Inside one store" (render-store.js): the key overlaps as a heatmap and each
// association's read quality as a strip, written as images (N² cells would be too many SVG nodes,
// and a fillRect per cell too slow for a drag). Colours come from the figure's styles, read once
// per theme.
import { setText, setAttr } from '../../lib/dom.js';
import { formatInt, plural } from './format.js';
import { HEATMAP_MAX_N } from './sweep.js';

/** [r, g, b] of a CSS colour, resolved by the canvas itself (works for any colour syntax). */
function rgbOf(ctx, color) {
  ctx.clearRect(0, 0, 1, 1);
  ctx.fillStyle = '#000';
  ctx.fillStyle = color;
  ctx.fillRect(0, 0, 1, 1);
  const p = ctx.getImageData(0, 0, 1, 1).data;
  return [p[0], p[1], p[2]];
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

/** The theme's colours for the store's canvases, resolved by `probeCtx` (a 1 × 1 canvas). */
export function storeColors(rootEl, probeCtx) {
  const cs = getComputedStyle(rootEl);
  const get = (name, fallback) => cs.getPropertyValue(name).trim() || fallback;
  // The figure styles' colour roles (web/src/styles/figure.css): key overlaps are crosstalk,
  // a read's quality is the target coming back, a wrong recall an error.
  const bad = get('--role-error', get('--bad', '#c0392b'));
  return {
    bg: rgbOf(probeCtx, get('--bg', '#fff')),
    ink: rgbOf(probeCtx, get('--role-crosstalk', get('--accent', '#2451b7'))),
    read: rgbOf(probeCtx, get('--role-target', get('--accent', '#2451b7'))),
    bad,
    badRgb: rgbOf(probeCtx, bad),
    panel: get('--panel', '#f4f4f4'),
  };
}

/** The heatmap of the key overlaps on `heat` (its note in `heatNote` where N is too large). */
export function drawHeat(heat, heatNote, result, c) {
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
  writeCells(scratchImage(), result.keyOverlap, n, c);
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

/** The N × N overlap cells into the scratch image's corner, then onto its canvas. */
function writeCells(cells, o, n, c) {
  const px = cells.data;
  const [br, bg, bb] = c.bg;
  const [ir, ig, ib] = c.ink;
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
}

/** Sizes a strip's canvas to `cssWidth` CSS pixels (44 high) in device pixels. */
function sizeStrip(canvas, cssWidth) {
  const ratio = window.devicePixelRatio || 1;
  if (canvas.width === Math.floor(cssWidth * ratio)) return;
  canvas.width = Math.floor(cssWidth * ratio);
  canvas.height = Math.floor(44 * ratio);
  canvas.style.width = `${cssWidth}px`;
  canvas.style.height = '44px';
}

/**
 * One strip: each association's read quality (`cosine`) as a band of colour, a mark under each
 * wrong recall (`recalled[j] !== 1`), `cssWidth` CSS pixels wide; `what` names the reader.
 * One image of device pixels, written once: with N up to 1,024 cells per strip, a fillRect with
 * its own colour string per cell cost milliseconds of every frame of an N drag. Every row of a
 * band is the same, so one row per band is drawn and copied down the band.
 */
export function drawStrip(canvas, cssWidth, { n, cosine, recalled }, c, what) {
  sizeStrip(canvas, cssWidth);
  const { width, height } = canvas;
  const ctx = canvas.getContext('2d');
  const img = imageOf(ctx, canvas);
  const scale = width / cssWidth; // device pixels per CSS pixel
  const w = cssWidth / n;
  /** @type {(fromCss: number, toCss: number) => [number, number]} */
  const band = (fromCss, toCss) => [Math.round(fromCss * scale), Math.min(height, Math.round(toCss * scale))];
  const row = new Uint8ClampedArray(4 * width);
  const fill = (x0, x1, [r, g, b]) => {
    for (let x = x0; x < x1; x += 1) {
      row[4 * x] = r;
      row[4 * x + 1] = g;
      row[4 * x + 2] = b;
      row[4 * x + 3] = 255;
    }
  };
  const copyDown = ([y0, y1]) => {
    for (let y = y0; y < y1; y += 1) img.data.set(row, 4 * y * width);
  };
  // Each cell covers at least half a CSS pixel (a wrong recall at least 1.5, so it stays visible
  // at N = 1,024); a later cell draws over the one before, as the painted rectangles did.
  /** @type {(j: number, minCss: number) => [number, number]} */
  const columns = (j, minCss) => {
    const x0 = Math.min(width - 1, Math.floor(j * w * scale));
    return [x0, Math.max(x0 + 1, Math.min(width, Math.round((j * w + Math.max(w, minCss)) * scale)))];
  };
  const [br, bg, bb] = c.bg;
  const [ir, ig, ib] = c.read;
  for (let j = 0; j < n; j += 1) {
    const t = clamp01(cosine[j]);
    fill(...columns(j, 0.5), [br + (ir - br) * t, bg + (ig - bg) * t, bb + (ib - bb) * t]);
  }
  copyDown(band(0, 30)); // the read quality, one colour per association
  row.fill(0);
  for (let j = 0; j < n; j += 1) if (recalled[j] !== 1) fill(...columns(j, 1.5), c.badRgb);
  copyDown(band(33, 44)); // a mark under each wrong recall
  ctx.putImageData(img, 0, 0);
  setAttr(
    canvas,
    'aria-label',
    `Read quality of each of the ${formatInt(n)} stored ` +
      `${plural(n, 'association', 'associations')} through ${what}, with wrong recalls marked. ` +
      'The numbers are in the per-association table.',
  );
}
