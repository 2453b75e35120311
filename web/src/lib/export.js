// Taking a figure away: its picture as an SVG or PNG file and its plotted numbers as CSV, all made
// in the page (no server, no network: the standalone file works offline). What a demo offers comes
// from its handle's exportable() (ARCHITECTURE.md, "The demo contract"); the Embed/link panel
// (web/src/hosts/chapter/share-panel.js) calls these. No demo knowledge here, and no arithmetic on the numbers:
// CSV cells are written exactly as the demo hands them over.
//   svgText(svg, { title })   -> a self-contained SVG document of a live <svg> (styles inlined)
//   pngBlob(svg, { scale })   -> Promise<Blob> image/png, the SVG drawn on a canvas
//   plotCopy(svg), svgDocument(root), pngOf(text, w, h, pixels): the pieces export-sheet.js
//                                composes a standalone figure from (title, key, settings, source)
//   csvText({ columns, rows }) -> RFC 4180 text
//   figureCsv(offer)           -> the CSV of a figure with its reader's row and its settings
//   fileName(label, name, ext) -> 'figure-4.3-overcapacity-d64-random.svg'
//   download(data, name, type) starts a download of a Blob or text, through <a download>

const SVG_NS = 'http://www.w3.org/2000/svg';

/** The computed properties an SVG needs to look the same outside the page's stylesheets. */
const INHERITED = [
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-linecap',
  'stroke-linejoin',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'letter-spacing',
  'text-anchor',
  'dominant-baseline',
  'paint-order',
  'visibility',
  'shape-rendering',
];
/** Not inherited: written only when they differ from the initial value. */
const OWN = { opacity: '1', display: null, 'vector-effect': 'none' };
/** Attributes that only mean something inside the page (focus, drag targets, ids of outside labels). */
const PAGE_ONLY = ['tabindex', 'aria-labelledby', 'aria-describedby', 'focusable'];

/** The first non-transparent background behind `el` (the page's, in its theme), or white. */
export function backgroundOf(el) {
  let node = el;
  while (node) {
    const c = getComputedStyle(node).backgroundColor;
    if (c && c !== 'transparent' && !/^rgba\([^)]*,\s*0\)$/.test(c)) return c;
    const root = node.getRootNode();
    node = node.parentElement ?? (root instanceof ShadowRoot ? root.host : null);
  }
  return '#ffffff';
}

/** Writes the computed styles of `live` (and its subtree) onto `copy` as presentation attributes
 *  (fill="…", not style="…": the page's CSP forbids style attributes, and a file needs neither). */
function inlineStyles(live, copy, parentStyle) {
  const cs = getComputedStyle(live);
  for (const p of INHERITED) {
    const v = cs.getPropertyValue(p);
    if (v && (!parentStyle || parentStyle.getPropertyValue(p) !== v)) copy.setAttribute(p, v);
    else if (parentStyle) copy.removeAttribute(p); // inherited from the parent's attribute
  }
  for (const [p, initial] of Object.entries(OWN)) {
    const v = cs.getPropertyValue(p);
    if (p === 'display' ? v === 'none' : v && v !== initial) copy.setAttribute(p, v);
  }
  // A transform set through the CSSOM (the memory chart's context marker) becomes the attribute.
  const t = cs.getPropertyValue('transform');
  if (parentStyle && t && t !== 'none') copy.setAttribute('transform', t);
  copy.removeAttribute('style'); // CSSOM styles: their computed values are written above
  copy.removeAttribute('class');
  for (const a of PAGE_ONLY) copy.removeAttribute(a);
  const kids = live.children;
  const copies = copy.children;
  for (let i = 0; i < kids.length; i += 1) inlineStyles(kids[i], copies[i], cs);
}

/** The picture's size on screen, in CSS pixels; throws when it is not laid out (hidden). */
export function svgSize(svg) {
  const r = svg.getBoundingClientRect();
  const width = Math.round(r.width);
  const height = Math.round(r.height);
  if (!width || !height) throw new Error('the picture is hidden at the moment, so there is nothing to draw.');
  return { width, height };
}

/**
 * A copy of the live `svg` that looks the same outside the page: computed styles inlined (so
 * colours, dashes and text look as on the page, in its current theme), no classes or page-only
 * attributes, its size on screen as width, height and (when it has none) viewBox.
 * Returns { copy, width, height }.
 */
export function plotCopy(svg) {
  const { width, height } = svgSize(svg);
  const copy = /** @type {SVGSVGElement} */ (svg.cloneNode(true));
  inlineStyles(svg, copy, null);
  copy.setAttribute('xmlns', SVG_NS);
  copy.setAttribute('width', String(width));
  copy.setAttribute('height', String(height));
  if (!copy.getAttribute('viewBox')) copy.setAttribute('viewBox', `0 0 ${width} ${height}`);
  copy.setAttribute('role', 'img');
  const own = [...copy.children].find((c) => c.localName === 'title');
  if (own) own.removeAttribute('id');
  return { copy, width, height };
}

/** An SVG element as the text of a file. */
export const svgDocument = (root) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(root)}\n`;

/**
 * A standalone SVG document of the live `svg` alone (plotCopy), the page's background behind it,
 * `title` as its <title> when it has none.
 */
export function svgText(svg, { title = '' } = {}) {
  const { copy } = plotCopy(svg);
  const [x, y, w, h] = copy
    .getAttribute('viewBox')
    .trim()
    .split(/[\s,]+/);
  const back = document.createElementNS(SVG_NS, 'rect');
  for (const [k, v] of Object.entries({ x, y, width: w, height: h, fill: backgroundOf(svg) })) back.setAttribute(k, v);
  if (title && ![...copy.children].some((c) => c.localName === 'title')) {
    const t = document.createElementNS(SVG_NS, 'title');
    t.textContent = title;
    copy.prepend(t);
  }
  const first = [...copy.children].find((c) => c.localName !== 'title' && c.localName !== 'desc');
  copy.insertBefore(back, first ?? null);
  return svgDocument(copy);
}

/** SVG document `text` of `width` × `height` CSS pixels drawn on a canvas `pixels` wide:
 *  Promise<Blob> (image/png). */
export async function pngOf(text, width, height, pixels) {
  const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
  try {
    const img = new Image(width, height);
    img.src = url;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(pixels);
    canvas.height = Math.round((height * pixels) / width);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('This browser cannot draw the picture on a canvas.');
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    return await new Promise((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('The browser could not make the PNG.'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** The SVG drawn on a canvas at `scale` device pixels per CSS pixel: Promise<Blob> (image/png). */
export function pngBlob(svg, { scale = 2, title = '' } = {}) {
  const { width, height } = svgSize(svg);
  return pngOf(svgText(svg, { title }), width, height, width * scale);
}

/** One CSV cell: numbers as the demo gave them (full precision), text quoted when it must be;
 *  text that a spreadsheet would run as a formula gets a leading apostrophe. */
function cell(v) {
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  if (typeof v === 'bigint') return v.toString();
  let t = v === null || v === undefined ? '' : String(v);
  if (/^[=+\-@\t\r]/.test(t)) t = `'${t}`;
  return /[",\r\n]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
}

/** RFC 4180 text: a header line of `columns`, then one line per row; CRLF line ends. */
export function csvText({ columns, rows }) {
  const lines = [columns, ...rows].map((r) => r.map(cell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * The CSV of a figure that names what it shows: the plotted `rows` with their
 * `columns` (units in the heads), the reader's own point (`readerRow`, when given) as one more
 * row, a column `point` saying which rows are the curve and which is the reader's, and one column
 * per setting ("setting: d", …) holding its value on every row, so that a spreadsheet and
 * pandas.read_csv(path) open it as one table with no arguments.
 */
export function figureCsv({ rows, readerRow = null, settings = [] }) {
  const pad = (r) => [...r, ...Array(Math.max(0, rows.columns.length - r.length)).fill('')];
  const values = settings.map(([, v]) => v);
  const body = rows.rows.map((r) => [...pad(r), 'curve', ...values]);
  if (readerRow) body.push([...pad(readerRow), 'reader', ...values]);
  const columns = [...rows.columns, 'point', ...settings.map(([k]) => `setting: ${k}`)];
  return csvText({ columns, rows: body });
}

/** Lower case, digits, dots; anything else becomes one hyphen. */
export const slug = (text) =>
  String(text)
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');

/** 'Figure 4.3' + 'overcapacity-d64-random' + 'svg' -> 'figure-4.3-overcapacity-d64-random.svg'. */
export function fileName(label, name, ext) {
  const base = [label, name].filter(Boolean).map(slug).filter(Boolean).join('-') || 'figure';
  return `${base}.${ext}`;
}

/** Saves `data` (a Blob, or text of MIME `type`) as `name` through a temporary <a download>. */
export function download(data, name, type = 'application/octet-stream') {
  const blob = data instanceof Blob ? data : new Blob([data], { type });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000); // the download has its own copy by then
  return name;
}
