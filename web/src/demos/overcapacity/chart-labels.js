// Where the curve's words go: the marker's "N = …" beside its line, "N = d = 64" beside the dotted
// line, and each curve's name at its right end (curves that end within a line of each other share
// one name; left of the marker or the dotted line where those cross its end). Each label tries its
// places in order and takes the first whose box stays in the plot, crosses no curve, no vertical
// line but its own and no label placed before it. Where none is free the marker's label takes its
// first; a curve's name and the dotted line's are left out (the key in "Numbers" names every curve,
// the tick under the line gives d). Widths are estimated from the text: nothing here reads the
// layout, and a drag of N places the words again on every frame.
import { segmentMeetsBox as segmentHits } from '../../lib/plot/label-spot.js';

/** Room kept around a label's box. */
const PAD = 3;
/** A glyph cell's share of the font size above the baseline and below it. */
const ASCENT = 0.85;
const DESCENT = 0.25;

/** An estimate of a text's width that is never short (digits and capitals included). */
export const widthOf = (text, fs, bold = false) => text.length * fs * (bold ? 0.64 : 0.6);

/** The index of the first point of `pts` (sorted by x) at or right of x. */
function firstFrom(pts, x) {
  let [lo, hi] = [0, pts.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (pts[mid][0] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Does the polyline `pts` (points sorted by x) cross `box`? Only its segments under the box count. */
function crosses(pts, box) {
  for (let i = Math.max(1, firstFrom(pts, box.l)); i < pts.length && pts[i - 1][0] <= box.r; i += 1)
    if (segmentHits(pts[i - 1], pts[i], box)) return true;
  return false;
}

const meet = (a, b) => a.l < b.r && b.l < a.r && a.t < b.b && b.t < a.b;

/** A label's box with PAD around it: { x, y, anchor } a place, w its width, fs its font size. */
function boxOf({ x, y, anchor }, w, fs) {
  const l = anchor === 'end' ? x - w : x;
  return { l: l - PAD, r: l + w + PAD, t: y - ASCENT * fs - PAD, b: y + DESCENT * fs + PAD };
}

/**
 * Places `labels` in order: [{ texts (the words, then shorter words for where they do not fit), fs,
 * bold, places: [{ x, y, anchor }] or (w) => places for words w wide, own (a line of `lines` it may touch), optional (left out where
 * no place is free) }]. lines: polylines in the plot's units; area: the plot { l, t, r, b }.
 * Returns each label's { x, y, anchor, text }, null for one left out.
 */
export function placeLabels(labels, { lines, area }) {
  const taken = [];
  return labels.map(({ texts, fs, bold, places, own, optional }) => {
    const free = (p, w) => {
      const box = boxOf(p, w, fs);
      const inside = box.l >= area.l - PAD && box.r <= area.r + PAD && box.t >= area.t - PAD && box.b <= area.b;
      return inside && !lines.some((line) => line !== own && crosses(line, box)) && !taken.some((b) => meet(b, box));
    };
    let at = null;
    const placesFor = (w) => (typeof places === 'function' ? places(w) : places);
    for (const text of texts) {
      const w = widthOf(text, fs, bold);
      const p = placesFor(w).find((q) => free(q, w));
      if (p) at = { ...p, text, w };
      if (p) break;
    }
    const w0 = widthOf(texts[0], fs, bold);
    if (!at && !optional) at = { ...placesFor(w0)[0], text: texts[0], w: w0 };
    if (at) taken.push(boxOf(at, at.w, fs));
    return at;
  });
}

/** Rows for a label beside a vertical line, from the plot's foot and top inwards, `step` apart. */
export function rowsBeside(top, bottom, step) {
  const rows = [];
  for (let k = 0; top + k * step < bottom - k * step; k += 1) rows.push(bottom - k * step, top + k * step);
  return rows;
}

/**
 * The curves' names at their right ends: series whose last values lie within a line of each
 * other share one name. ends: [{ name: [group, what], y (px of the last value), cls }], in the
 * order names are given; returns [{ texts, cls, top, bottom, keys (their indices in `ends`) }] (top, bottom: the group's highest and lowest end).
 */
export function endGroups(ends, gap) {
  const sorted = ends.map((e, order) => ({ ...e, order })).filter((e) => Number.isFinite(e.y));
  sorted.sort((a, b) => a.y - b.y);
  const groups = [];
  for (const e of sorted) {
    const last = groups[groups.length - 1];
    if (last && e.y - last.bottom < gap) {
      last.members.push(e);
      last.bottom = e.y;
    } else groups.push({ members: [e], top: e.y, bottom: e.y });
  }
  return groups.map(({ members, top, bottom }) => {
    members.sort((a, b) => a.order - b.order); // (named in the order of `ends`)
    const by = new Map();
    for (const { name } of members) by.set(name[0], [...(by.get(name[0]) ?? []), name[1]]);
    const parts = [...by].map(([group, whats]) => (group ? `${group}: ${whats.join(', ')}` : whats.join(', ')));
    // where the whole name does not fit: a group of one kind by its kind alone ("softmax β = 8")
    const short = by.size === 1 && members.length > 1 && members[0].name[0] ? [members[0].name[0]] : [];
    return {
      texts: [parts.join(' \u2248 '), ...short],
      cls: members[0].cls,
      top,
      bottom,
      keys: members.map((m) => m.order),
    };
  });
}

/** The highest and lowest y of the polylines `lines` (points sorted by x) over l..r: of every
 *  segment that reaches into it, both ends (a little more than the curve, never less). */
function yRange(lines, l, r) {
  let [top, bottom] = [Infinity, -Infinity];
  for (const pts of lines) {
    for (let i = firstFrom(pts, l); i < pts.length; i += 1) {
      const a = pts[Math.max(0, i - 1)];
      const b = pts[i];
      if (a[0] > r) break;
      if (b[0] < l) continue;
      top = Math.min(top, a[1], b[1]);
      bottom = Math.max(bottom, a[1], b[1]);
    }
  }
  return top <= bottom ? [top, bottom] : null;
}

/**
 * A curve name's places, w wide, right-aligned at each of `rights`: above the curves it names
 * (`own`, their points) over its span, then below, then a line further up or down each time.
 */
export function aboveOrBelow(own, rights, w, fs) {
  const places = [];
  for (const x of rights) {
    const span = yRange(own, x - w, x);
    if (!span) continue;
    for (const k of [0, 1, 2]) {
      places.push({ x, y: span[0] - PAD - DESCENT * fs - 2 - k * (fs + 2), anchor: 'end' });
      places.push({ x, y: span[1] + PAD + ASCENT * fs + 2 + k * (fs + 2), anchor: 'end' });
    }
  }
  return places;
}
