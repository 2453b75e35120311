// What the overlap test measures in a page: every text a reader sees inside a figure (SVG <text>,
// HTML text) as a box, and every mark a text must not sit on: arrowheads (worked out from each
// line's marker-start/-end and its <marker>), point markers (small circles), and the lines labels are
// placed against (SVG lines, curves and arrows' shafts, ring outlines, thin HTML rules such as a
// limit mark),
// all as convex polygons in page pixels. `figureOverlaps({ scope, tolerance })` runs in
// the page (page.evaluate) and returns one entry per pair that overlaps by more than `tolerance` px:
//   { a, b, depth, at: [x, y] }   a, b: 'text "r₁" (svg text.lg-label)', 'arrowhead of …'
// A text's box is its em box (font-size tall, centred on the glyph cell the browser reports), so two
// lines of text set closer than the font's ascent + descent do not count as touching. The axes' grid
// lines (lib/plot/axis.js: .plot-grid) are the background, not marks; filled areas are not either.
// Self-contained: page.evaluate sends the function's source only.

/* global document, getComputedStyle, NodeFilter, SVGGraphicsElement, DOMPoint */
export function figureOverlaps({ scope, tolerance = 1 }) {
  const root = document.querySelector(scope);
  if (!root) throw new Error(`no ${scope}`);
  const shown = (el) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
  const short = (t) => (t.length > 40 ? `${t.slice(0, 39)}…` : t);
  const nameOf = (el) => {
    const cls = typeof el.className === 'string' ? el.className : el.getAttribute('class') || '';
    const tag = el instanceof SVGElement ? `svg ${el.tagName}` : el.tagName.toLowerCase();
    return `${tag}${cls.trim() ? `.${cls.trim().split(/\s+/).join('.')}` : ''}`;
  };
  const rectPoly = (l, t, r, b) => [
    [l, t],
    [r, t],
    [r, b],
    [l, b],
  ];
  const page = (m, x, y) => {
    const p = new DOMPoint(x, y).matrixTransform(m);
    return [p.x + scrollX, p.y + scrollY];
  };
  /** The parts of a box left visible by the ancestors that clip it (overflow, visually hidden). */
  function clipped(el, [l, t, r, b], self = true) {
    for (let a = el; a && a !== document.documentElement; a = a.parentElement) {
      const cs = getComputedStyle(a);
      if (cs.clip !== 'auto' && cs.clip !== '' && cs.position === 'absolute') return null;
      if (cs.clipPath !== 'none' && !(a instanceof SVGElement)) return null;
      if ((a === el && !self) || (cs.overflowX === 'visible' && cs.overflowY === 'visible')) continue;
      if (a instanceof SVGElement && a.tagName !== 'svg') continue;
      const c = a.getBoundingClientRect();
      [l, t, r, b] = [Math.max(l, c.left), Math.max(t, c.top), Math.min(r, c.right), Math.min(b, c.bottom)];
      if (r - l < 1 || b - t < 1) return null;
    }
    return [l + scrollX, t + scrollY, r + scrollX, b + scrollY];
  }

  const texts = [];
  for (const el of root.querySelectorAll('svg text')) {
    const text = el.textContent.trim();
    if (!text || !shown(el) || el.closest('defs, marker, clipPath, mask')) continue;
    const box = el.getBBox();
    const m = el.getScreenCTM();
    if (!box.width || !box.height || !m) continue;
    const fs = Number.parseFloat(getComputedStyle(el).fontSize);
    const trim = Math.max(0, (box.height - fs) / 2);
    const [t, b] = [box.y + trim, box.y + box.height - trim];
    const poly = [
      [box.x, t],
      [box.x + box.width, t],
      [box.x + box.width, b],
      [box.x, b],
    ].map(([x, y]) => page(m, x, y));
    texts.push({ what: `text "${short(text)}" (${nameOf(el)})`, el, poly });
  }
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.data.trim() || !el || el.closest('svg, select, option, textarea, script, style, template')) continue;
    if (!shown(el)) continue;
    const fs = Number.parseFloat(getComputedStyle(el).fontSize);
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) {
      if (r.width < 2 || r.height < 2) continue;
      const trim = Math.max(0, (r.height - fs) / 2);
      const box = clipped(el, [r.left, r.top + trim, r.right, r.bottom - trim]);
      if (box) texts.push({ what: `text "${short(node.data.trim())}" (${nameOf(el)})`, el, poly: rectPoly(...box) });
    }
  }

  const marks = [];
  /** A segment from p to q drawn `w` px wide, as a thin quad. */
  const segment = (p, q, w) => {
    const [dx, dy] = [q[0] - p[0], q[1] - p[1]];
    const len = Math.hypot(dx, dy) || 1;
    const [nx, ny] = [(-dy / len) * (w / 2), (dx / len) * (w / 2)];
    return [
      [p[0] + nx, p[1] + ny],
      [q[0] + nx, q[1] + ny],
      [q[0] - nx, q[1] - ny],
      [p[0] - nx, p[1] - ny],
    ];
  };
  /** Does a fill or stroke paint anything (not none, not a transparent colour)? */
  const paints = (paint) => paint !== 'none' && !/^transparent$|^rgba\(.*,\s*0\)$/.test(paint);
  const strokeWidth = (el, m) => {
    const cs = getComputedStyle(el);
    if (!paints(cs.stroke) || cs.strokeOpacity === '0') return 0;
    const w = Number.parseFloat(cs.strokeWidth) || 1;
    return cs.vectorEffect === 'non-scaling-stroke' ? w : w * Math.hypot(m.a, m.b);
  };
  /** The arrowhead a <marker> draws at `at` (local point) pointing along `dir`, in page pixels. */
  function arrowhead(marker, at, dir, m, sw) {
    const vb = marker.viewBox.baseVal;
    const units = marker.getAttribute('markerUnits') === 'userSpaceOnUse' ? 1 : sw / Math.hypot(m.a, m.b) || 1;
    const mw = marker.markerWidth.baseVal.value;
    const mh = marker.markerHeight.baseVal.value;
    const sx = (mw / (vb?.width || mw)) * units;
    const sy = (mh / (vb?.height || mh)) * units;
    const [rx, ry] = [marker.refX.baseVal.value, marker.refY.baseVal.value];
    const shape = marker.querySelector('path, polygon');
    if (!shape) return null;
    const [len, angle] = [shape.getTotalLength(), Math.atan2(dir[1], dir[0])];
    const pts = [];
    for (let i = 0; i < 12; i += 1) {
      const p = shape.getPointAtLength((len * i) / 12);
      const [lx, ly] = [(p.x - rx) * sx, (p.y - ry) * sy];
      pts.push(
        page(
          m,
          at[0] + lx * Math.cos(angle) - ly * Math.sin(angle),
          at[1] + lx * Math.sin(angle) + ly * Math.cos(angle),
        ),
      );
    }
    return pts;
  }
  const markerOf = (el, which) => {
    const ref = getComputedStyle(el)[which];
    const id = ref && ref !== 'none' ? ref.match(/#([^")]+)/)?.[1] : null;
    return id ? el.getRootNode().getElementById(id) : null;
  };
  for (const el of root.querySelectorAll('svg line, svg path, svg polyline, svg circle')) {
    if (!shown(el) || el.closest('defs, marker, clipPath, mask')) continue;
    if (el.matches('.plot-grid')) continue;
    const m = el.getScreenCTM();
    if (!m) continue;
    const sw = strokeWidth(el, m);
    const what = nameOf(el);
    if (el.tagName === 'circle') {
      const [cx, cy, r] = [el.cx.baseVal.value, el.cy.baseVal.value, el.r.baseVal.value];
      const rPx = r * Math.hypot(m.a, m.b);
      if (!rPx) continue;
      const ring = Array.from({ length: 32 }, (_, i) => {
        const t = (i / 32) * 2 * Math.PI;
        return page(m, cx + r * Math.cos(t), cy + r * Math.sin(t));
      });
      const filled = paints(getComputedStyle(el).fill) && getComputedStyle(el).fillOpacity !== '0';
      if (filled && rPx <= 12) marks.push({ what: `marker ${what}`, el, poly: ring });
      else if (sw)
        ring.forEach((p, i) => marks.push({ what: `outline ${what}`, el, poly: segment(p, ring[(i + 1) % 32], sw) }));
      continue;
    }
    const start = markerOf(el, 'markerStart');
    const end = markerOf(el, 'markerEnd');
    const len = el.getTotalLength();
    if (!len) continue;
    const at = (s) => {
      const p = el.getPointAtLength(Math.min(Math.max(s, 0), len));
      return [p.x, p.y];
    };
    const steps = el.tagName === 'line' ? 1 : Math.min(400, Math.ceil((len * Math.hypot(m.a, m.b)) / 3));
    const pts = Array.from({ length: steps + 1 }, (_, i) => at((len * i) / steps));
    if (sw)
      for (let i = 0; i < steps; i += 1)
        marks.push({ what, el, poly: segment(page(m, ...pts[i]), page(m, ...pts[i + 1]), sw) });
    const heads = [
      [end, at(len), at(len - 0.5)],
      [start, at(0), at(0.5)],
    ];
    for (const [marker, tip, back] of heads) {
      if (!marker) continue;
      const poly = arrowhead(marker, tip, [tip[0] - back[0], tip[1] - back[1]], m, sw);
      if (poly) marks.push({ what: `arrowhead of ${what}`, el, poly });
    }
  }
  for (const el of root.querySelectorAll('*')) {
    if (el instanceof SVGElement || el.textContent.trim() || el.matches('input, select, button, textarea, img'))
      continue;
    const r = el.getBoundingClientRect();
    if (!(Math.min(r.width, r.height) <= 4 && Math.max(r.width, r.height) >= 8) || !shown(el)) continue;
    const cs = getComputedStyle(el);
    const drawn =
      paints(cs.backgroundColor) ||
      cs.backgroundImage !== 'none' ||
      ['Left', 'Top'].some((s) => Number.parseFloat(cs[`border${s}Width`]) > 0 && cs[`border${s}Style`] !== 'none');
    const box = drawn && clipped(el, [r.left, r.top, r.right, r.bottom], false);
    if (box) marks.push({ what: `rule ${nameOf(el)}`, el, poly: rectPoly(...box) });
  }

  /** How far one convex polygon must move to leave the other (separating axes): 0 when apart. A
   *  thin line across a text counts as deep as the text is wide on that side, not as its width. */
  function depth(p, q) {
    let least = Number.POSITIVE_INFINITY;
    for (const poly of [p, q]) {
      for (let i = 0; i < poly.length; i += 1) {
        const [a, b] = [poly[i], poly[(i + 1) % poly.length]];
        const [ax, ay] = [b[1] - a[1], a[0] - b[0]];
        const n = Math.hypot(ax, ay);
        if (!n) continue;
        const proj = (pts) => pts.map(([x, y]) => (x * ax + y * ay) / n);
        const [pp, qq] = [proj(p), proj(q)];
        const o = Math.min(Math.max(...pp) - Math.min(...qq), Math.max(...qq) - Math.min(...pp));
        if (o <= 0) return 0;
        least = Math.min(least, o);
      }
    }
    return least;
  }
  const centre = (poly) => poly.reduce(([x, y], [px, py]) => [x + px / poly.length, y + py / poly.length], [0, 0]);
  const origin = root.getBoundingClientRect();
  const found = [];
  for (const item of [...texts, ...marks]) {
    const xs = item.poly.map((p) => p[0]);
    const ys = item.poly.map((p) => p[1]);
    item.box = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  }
  const check = (a, b) => {
    const [p, q] = [a.box, b.box];
    if (p[2] - q[0] <= tolerance || q[2] - p[0] <= tolerance || p[3] - q[1] <= tolerance || q[3] - p[1] <= tolerance)
      return;
    if (a.el === b.el || a.el.contains(b.el) || b.el.contains(a.el)) return;
    const d = depth(a.poly, b.poly);
    if (d <= tolerance) return;
    const [x, y] = centre(a.poly);
    found.push({
      a: a.what,
      b: b.what,
      depth: Math.round(d * 10) / 10,
      at: [Math.round(x - origin.left - scrollX), Math.round(y - origin.top - scrollY)],
    });
  };
  for (let i = 0; i < texts.length; i += 1) {
    for (let j = i + 1; j < texts.length; j += 1) check(texts[i], texts[j]);
    for (const mark of marks) check(texts[i], mark);
  }
  // One entry per pair (a line drawn in pieces is one mark): the deepest.
  const pairs = new Map();
  for (const f of found) {
    const key = `${f.a}|${f.b}`;
    if (!pairs.has(key) || pairs.get(key).depth < f.depth) pairs.set(key, f);
  }
  return [...pairs.values()];
}
