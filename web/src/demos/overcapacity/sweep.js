// What a sweep is, for every part of the demo: the sizes d it offers, the key geometries, the
// largest store drawn as a heatmap, and two readings of a held result (where N sits in it, how far
// it has come). Pure: no DOM, no core; the state, the scheduler and the views all import it.

/** The state sizes d the demo offers (N goes up to 4d); the capacity panel measures each. */
export const DIMS = [8, 16, 32, 64, 128, 256];

/** The key geometries: a setting of the curve, and the capacity panel's lines (one each). */
export const KEYS = ['random', 'orthogonal', 'elu1'];

/** Largest N whose key-overlap matrix is drawn as a heatmap (and posted back by the worker). */
export const HEATMAP_MAX_N = 128;

/** Index of N in a result's ns, or -1 (ns ascending; a Map per result, built once). */
const nsIndex = new WeakMap();
export function indexOfN(sweep, n) {
  if (!sweep) return -1;
  let map = nsIndex.get(sweep);
  if (!map) {
    map = new Map();
    sweep.ns.forEach((v, i) => map.set(v, i));
    nsIndex.set(sweep, map);
  }
  return map.has(n) ? map.get(n) : -1;
}

/** pending (no numbers yet), preview (coarse, one trial), partial (every N, some of the trials) or
 *  complete: the root's data-sweep, for styles and tests. */
export function sweepStage(entry) {
  if (!entry) return 'pending';
  if (entry.complete) return 'complete';
  return entry.sweep.phase === 'preview' ? 'preview' : 'partial';
}
