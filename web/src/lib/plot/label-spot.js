// Where to write a short label at an arrow's tip so that it sits on nothing: not on its own arrow or
// head, not on another arrow, line or head, not on a label already placed, and inside the drawing.
// Each label is tried beyond its tip along its arrow first (where a reader looks for it), then turned
// by growing angles to either side, then a step further out; the first free spot wins, and when none
// is free the first try is kept. Pure geometry in the drawing's own units (y down, as SVG draws).
//
//   placeLabels(labels, { segments, boxes, bounds, gap }) -> [[x, y], ...]  label centres, in order
//     labels    [{ at: [x, y] the tip, dir: [dx, dy] where the arrow points, half: [w/2, h/2] }]
//     segments  [{ a: [x, y], b: [x, y], pad }]  marks a label keeps `pad` away from (lines, heads)
//     boxes     [[left, top, right, bottom]]      texts or marks that do not move
//     bounds    [left, top, right, bottom]         the drawing's visible box
//     gap       the space between a tip and its label's box

const TURNS = [0, 25, -25, 50, -50, 75, -75, 100, -100, 130, -130, 160, -160, 180];
const REACH = [1, 2.5, 5, 8]; // the gap, then wider ones for crowded tips (reads near the origin)

/**
 * Does the segment (x0, y0)–(x1, y1) meet the box l, t, r, b? (Liang–Barsky: the segment's part
 * inside each edge's half-plane, narrowed edge by edge.) Plain numbers in and out: the label placers
 * call it for every segment under every place they try, on every frame of a drag, and arrays or
 * objects made per call were megabytes of garbage a second.
 */
function segmentInBox(x0, y0, x1, y1, l, t, r, b) {
  const dx = x1 - x0;
  const dy = y1 - y0;
  let lo = 0;
  let hi = 1;
  for (let edge = 0; edge < 4; edge += 1) {
    // p: how fast the segment leaves the edge's half-plane; q: how far inside it (x0, y0) is.
    const p = edge === 0 ? -dx : edge === 1 ? dx : edge === 2 ? -dy : dy;
    const q = edge === 0 ? x0 - l : edge === 1 ? r - x0 : edge === 2 ? y0 - t : b - y0;
    if (p === 0) {
      if (q < 0) return false;
      continue;
    }
    const k = q / p;
    if (p < 0) lo = Math.max(lo, k);
    else hi = Math.min(hi, k);
    if (lo > hi) return false;
  }
  return true;
}

/**
 * Does the box [l, t, r, b] come within `pad` of the segment a–b?
 * @param {number[]} box @param {{ a: number[], b: number[], pad?: number }} segment
 */
export function boxMeetsSegment(box, { a, b, pad = 0 }) {
  return segmentInBox(a[0], a[1], b[0], b[1], box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad);
}

/** Does the segment a–b cross the box { l, t, r, b } (the demos' own label placers' boxes)? */
export const segmentMeetsBox = (a, b, box) => segmentInBox(a[0], a[1], b[0], b[1], box.l, box.t, box.r, box.b);

/** @param {number[]} p @param {number[]} q @param {number} pad */
const boxesMeet = (p, q, pad) => p[0] < q[2] + pad && q[0] < p[2] + pad && p[1] < q[3] + pad && q[1] < p[3] + pad;
/** @param {number[]} p @param {number[]} bounds */
const inside = (p, [l, t, r, b]) => p[0] >= l && p[1] >= t && p[2] <= r && p[3] <= b;

/**
 * The candidate centres for one label, in the order they are tried.
 * @param {{ at: number[], dir: number[], half: number[] }} label @param {number} gap
 * @returns {[number, number][]}
 */
function candidates({ at, dir, half }, gap) {
  const len = Math.hypot(dir[0], dir[1]);
  const base = len ? Math.atan2(dir[1], dir[0]) : -Math.PI / 2; // no direction: above the tip
  /** @type {[number, number][]} */
  const out = [];
  for (const reach of REACH) {
    for (const turn of TURNS) {
      const angle = base + (turn * Math.PI) / 180;
      const [ux, uy] = [Math.cos(angle), Math.sin(angle)];
      // From the tip to the box's centre: the gap, plus the box's half-extent along that direction.
      const r = gap * reach + half[0] * Math.abs(ux) + half[1] * Math.abs(uy);
      out.push([at[0] + ux * r, at[1] + uy * r]);
    }
  }
  return out;
}

/**
 * Centres for `labels`, placed one after another so that each avoids those before it.
 * @param {{ at: number[], dir: number[], half: number[] }[]} labels
 * @param {{ segments?: { a: number[], b: number[], pad?: number }[], boxes?: number[][],
 *   bounds?: number[] | null, gap?: number }} [options]
 * @returns {[number, number][]}
 */
export function placeLabels(labels, { segments = [], boxes = [], bounds = null, gap = 4 } = {}) {
  const placed = [];
  return labels.map((label) => {
    const [hw, hh] = label.half;
    /** @param {number[]} c @returns {number[]} */
    const boxAt = ([x, y]) => [x - hw, y - hh, x + hw, y + hh];
    const tries = candidates(label, gap);
    const free = tries.find((c) => {
      const box = boxAt(c);
      if (bounds && !inside(box, bounds)) return false;
      if (segments.some((s) => boxMeetsSegment(box, s))) return false;
      return !boxes.some((o) => boxesMeet(box, o, 0)) && !placed.some((o) => boxesMeet(box, o, gap / 2));
    });
    const spot = free ?? tries[0];
    placed.push(boxAt(spot));
    return spot;
  });
}

/**
 * The marks of an arrow from `from` to `tip` for placeLabels: its shaft (`pad` wide each side) and
 * the three sides of its head, a triangle `length` long and `halfWidth` wide each side, ending
 * `overshoot` past the tip (an SVG marker with refX short of its point).
 */
export function arrowSegments(from, tip, { length, halfWidth, overshoot = 0, pad = 2 }) {
  const len = Math.hypot(tip[0] - from[0], tip[1] - from[1]);
  if (!len) return [];
  const [ux, uy] = [(tip[0] - from[0]) / len, (tip[1] - from[1]) / len];
  const point = [tip[0] + ux * overshoot, tip[1] + uy * overshoot];
  const base = [tip[0] - ux * length, tip[1] - uy * length];
  const c1 = [base[0] - uy * halfWidth, base[1] + ux * halfWidth];
  const c2 = [base[0] + uy * halfWidth, base[1] - ux * halfWidth];
  return [
    { a: from, b: tip, pad },
    { a: point, b: c1, pad: 1 },
    { a: point, b: c2, pad: 1 },
    { a: c1, b: c2, pad: 1 },
  ];
}
