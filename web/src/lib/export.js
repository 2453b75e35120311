// Taking a figure away: its picture as an SVG or PNG file and its plotted numbers as CSV, all made
// in the page (no server, no network: the standalone file works offline). What a demo offers comes
// from its handle's exportable() (ARCHITECTURE.md, "The demo contract"); the Embed/link panel
// (web/src/hosts/chapter/share-panel.js) calls these. No demo knowledge here, and no arithmetic on the numbers:
// CSV cells are written exactly as the demo hands them over.
//   svgText(svg, { title })   -> a self-contained SVG document of a live <svg> (styles inlined)
//   pngBlob(svg, { scale })   -> Promise<Blob> image/png, the SVG drawn on a canvas
//   csvText({ columns, rows }) -> RFC 4180 text
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
function backgroundOf(el) {
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
 * A standalone SVG document of the live `svg`: computed styles inlined (so colours, dashes and
 * text look as on the page, in its current theme), the page's background behind it, its size
 * on screen as width and height, `title` as its <title> when it has none.
 */
export function svgText(svg, { title = '' } = {}) {
  const { width, height } = svgSize(svg);
  const copy = /** @type {SVGSVGElement} */ (svg.cloneNode(true));
  inlineStyles(svg, copy, null);
  copy.setAttribute('xmlns', SVG_NS);
  copy.setAttribute('width', String(width));
  copy.setAttribute('height', String(height));
  if (!copy.getAttribute('viewBox')) copy.setAttribute('viewBox', `0 0 ${width} ${height}`);
  copy.setAttribute('role', 'img');
  const [x, y, w, h] = copy
    .getAttribute('viewBox')
    .trim()
    .split(/[\s,]+/);
  const back = document.createElementNS(SVG_NS, 'rect');
  for (const [k, v] of Object.entries({ x, y, width: w, height: h, fill: backgroundOf(svg) })) back.setAttribute(k, v);
  const own = [...copy.children].find((c) => c.localName === 'title');
  if (own) own.removeAttribute('id');
  else if (title) {
    const t = document.createElementNS(SVG_NS, 'title');
    t.textContent = title;
    copy.prepend(t);
  }
  const first = [...copy.children].find((c) => c.localName !== 'title' && c.localName !== 'desc');
  copy.insertBefore(back, first ?? null);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}\n`;
}

/** The SVG drawn on a canvas at `scale` device pixels per CSS pixel: Promise<Blob> (image/png). */
export async function pngBlob(svg, { scale = 2, title = '' } = {}) {
  const { width, height } = svgSize(svg);
  const url = URL.createObjectURL(new Blob([svgText(svg, { title })], { type: 'image/svg+xml' }));
  try {
    const img = new Image(width, height);
    img.src = url;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
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
