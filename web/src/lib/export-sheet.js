// A figure that stands on its own outside the chapter: the picture as the page draws it
// (export.js plotCopy), with what the page says around it drawn in: the figure's number and
// title above; below, a key to every mark it draws, the settings that change its numbers and
// where it comes from (the chapter, and its address when known). Used for the SVG and the PNG
// the Embed panel saves (hosts/chapter/share-panel.js). Layout only: text is measured with a
// canvas in the page's font, lines wrap at the sheet's width.
//   sheetSvg(offer, { heading, source })  -> SVGSVGElement (standalone: xmlns, size, no classes)
//   offer: exportable() of a demo: { svg, legend: [{ label, mark }], settings: [[label, value]],
//          axes?: { y?: string } } (web/src/demos/types.d.ts, Exportable)

import { plotCopy, backgroundOf } from './export.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
const PAD = 16;
const MIN_WIDTH = 480; // a phone's picture still gets a sheet wide enough for its key
const SWATCH = 28;
const Y_TITLE = 20; // room left of the picture for a y axis title the picture lacks

function svgNode(name, attrs, text) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

/** `text` in lines no wider than `width` px in `font` (words kept whole; a longer word alone). */
export function wrapText(text, width, font) {
  const ctx = document.createElement('canvas').getContext('2d');
  const measure = ctx
    ? (s) => {
        ctx.font = font;
        return ctx.measureText(s).width;
      }
    : (s) => s.length * 7; // no canvas: about 7 px a character at 12-13 px
  const lines = [];
  let line = '';
  for (const word of String(text).split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && measure(next) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** A swatch for legend item `mark` (an SVG mark of the picture, or the page legend's swatch):
 *  the same stroke, dashes and fill, as a short line or a small box at (x, y) (y: the middle). */
function swatchOf(mark, x, y) {
  const cs = getComputedStyle(mark);
  const opacity = cs.opacity !== '1' ? cs.opacity : null;
  if (mark instanceof SVGElement) {
    const line = cs.stroke !== 'none' && (cs.fill === 'none' || mark.localName === 'line');
    if (line) {
      return svgNode('line', {
        x1: x,
        x2: x + SWATCH,
        y1: y,
        y2: y,
        stroke: cs.stroke,
        'stroke-width': cs.strokeWidth,
        'stroke-dasharray': cs.strokeDasharray !== 'none' ? cs.strokeDasharray : null,
        'stroke-opacity': cs.strokeOpacity !== '1' ? cs.strokeOpacity : null,
        opacity,
      });
    }
    return svgNode('rect', {
      x,
      y: y - 6,
      width: SWATCH,
      height: 12,
      fill: cs.fill,
      'fill-opacity': cs.fillOpacity !== '1' ? cs.fillOpacity : null,
      opacity,
    });
  }
  const bw = Number.parseFloat(cs.borderTopWidth) || 0;
  if (bw > 0 && cs.borderTopStyle !== 'none') {
    const dash = { dashed: `${3 * bw} ${2 * bw}`, dotted: `${bw} ${bw}` }[cs.borderTopStyle] ?? null;
    return svgNode('line', {
      x1: x,
      x2: x + SWATCH,
      y1: y,
      y2: y,
      stroke: cs.borderTopColor,
      'stroke-width': bw,
      'stroke-dasharray': dash,
      opacity,
    });
  }
  return svgNode('rect', { x, y: y - 6, width: SWATCH, height: 12, fill: cs.backgroundColor, opacity });
}

/**
 * The standalone sheet of `offer` (see the top of this file): `heading` ('Figure 4.3: …'),
 * `source` { title, url } (url may be null). Its size: the picture's width (at least MIN_WIDTH)
 * and as tall as its lines need.
 */
export function sheetSvg(offer, { heading, source }) {
  const plot = plotCopy(offer.svg);
  const live = getComputedStyle(offer.svg);
  const family = live.fontFamily || 'sans-serif';
  const ink = live.color || '#000';
  const yTitle = offer.axes?.y ? Y_TITLE : 0;
  const width = Math.max(MIN_WIDTH, plot.width + yTitle + 2 * PAD);
  const inner = width - 2 * PAD;
  const body = [];
  let y = PAD;
  /** Wrapped lines of `text` at `size` px, `indent` px in; returns the first line's middle. */
  const lines = (text, { size = 12, weight = 'normal', indent = 0, muted = false } = {}) => {
    const lead = Math.round(size * 1.35);
    const mid = y + lead / 2;
    for (const t of wrapText(text, inner - indent, `${weight} ${size}px ${family}`)) {
      body.push(
        svgNode(
          'text',
          {
            x: PAD + indent,
            y: y + size,
            'font-family': family,
            'font-size': size,
            'font-weight': weight,
            fill: ink,
            opacity: muted ? 0.75 : null,
          },
          t,
        ),
      );
      y += lead;
    }
    return mid;
  };

  lines(heading, { size: 16, weight: 'bold' });
  y += 6;
  const px = PAD + yTitle + Math.max(0, (inner - yTitle - plot.width) / 2);
  for (const [k, v] of Object.entries({ x: px, y, width: plot.width, height: plot.height })) {
    plot.copy.setAttribute(k, String(v));
  }
  plot.copy.removeAttribute('role');
  body.push(plot.copy);
  if (yTitle) {
    const cy = y + plot.height / 2;
    const at = { x: PAD + 12, y: cy, 'text-anchor': 'middle', transform: `rotate(-90 ${PAD + 12} ${cy})` };
    body.push(svgNode('text', { ...at, 'font-family': family, 'font-size': 12, fill: ink }, offer.axes.y));
  }
  y += plot.height + 10;
  for (const { label, mark } of offer.legend ?? []) {
    const mid = lines(label, { indent: SWATCH + 8 });
    if (mark) body.push(swatchOf(mark, PAD, mid));
  }
  y += 6;
  const settings = (offer.settings ?? []).map(([k, v]) => `${k} = ${v}`).join(' \u00b7 ');
  if (settings) lines(`Settings: ${settings}`, { muted: true });
  const from = [source?.title, source?.url].filter(Boolean).join(', ');
  if (from) lines(`Source: ${from}`, { muted: true });
  const height = Math.ceil(y + PAD);

  const root = svgNode('svg', {
    xmlns: SVG_NS,
    width,
    height,
    viewBox: `0 0 ${width} ${height}`,
    role: 'img',
  });
  root.append(
    svgNode('title', {}, heading),
    svgNode('rect', { x: 0, y: 0, width, height, fill: backgroundOf(offer.svg) }),
    ...body,
  );
  return root;
}
