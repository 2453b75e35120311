// Position scales (Observable Plot's and d3's linear and log scales, cut to what the figures need):
// a value in the data's units to a position in the drawing's, and back (`invert`: a pointer's
// position to a value, for the drag code). No clamping and no ticks: a demo picks its tick values
// and hands the axis mark (axis.js) their positions. A range may run backwards, as y does in SVG:
// linearScale([0, 1], [bottom, top]).

/**
 * @typedef {((v: number) => number) & {
 *   invert: (p: number) => number, domain: number[], range: number[]
 * }} Scale
 */

/**
 * Builds a scale from the position of a value as a fraction t of the domain (`at`) and back (`from`).
 * A domain of one value (t undefined) puts every value at the range's middle (as render-age drew a
 * single write); it and a range of one position invert to d0.
 * @param {number[]} domain @param {number[]} range
 * @param {((v: number) => number) | null} at @param {(t: number) => number} from
 * @returns {Scale}
 */
function scale([d0, d1], [r0, r1], at, from) {
  const width = r1 - r0;
  const map = at ? (v) => r0 + at(v) * width : () => r0 + width / 2;
  const invert = at && width !== 0 ? (p) => from((p - r0) / width) : () => d0;
  return Object.assign(map, { invert, domain: [d0, d1], range: [r0, r1] });
}

/**
 * linearScale([d0, d1], [r0, r1]) -> v => r0 + (v - d0) / (d1 - d0) * (r1 - r0), with
 * .invert(p) -> d0 + (p - r0) / (r1 - r0) * (d1 - d0), .domain and .range.
 * @param {number[]} domain @param {number[]} range
 * @returns {Scale}
 */
export function linearScale([d0, d1], range) {
  const span = d1 - d0;
  const at = span === 0 ? null : (v) => (v - d0) / span;
  return scale([d0, d1], range, at, (t) => d0 + t * span);
}

/**
 * logScale([d0, d1], [r0, r1]) -> v => r0 + log(v / d0) / log(d1 / d0) * (r1 - r0), the same in
 * any base (a power of two or of ten lands where the axis's tick is), with .invert(p) ->
 * d0 * (d1 / d0) ** ((p - r0) / (r1 - r0)). Both ends of the domain have one sign; v ≤ 0 is NaN or
 * −Infinity, so a caller clamps first (bytes to at least 1, …).
 * @param {number[]} domain @param {number[]} range
 * @returns {Scale}
 */
export function logScale([d0, d1], range) {
  const ratio = d1 / d0;
  const span = Math.log(ratio);
  const at = span === 0 ? null : (v) => Math.log(v / d0) / span;
  return scale([d0, d1], range, at, (t) => d0 * ratio ** t);
}
