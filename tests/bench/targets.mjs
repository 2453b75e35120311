// The benchmark's targets that read more than one number, as pure functions of
// what run.mjs measured, so that tests/bench/bench-targets.test.mjs can hold them to their wording.
//   DRAG_LIMITS          the drag targets at full speed (1×) and on the phone run (4×: PHONE in
//                        page-metrics.mjs)
//   dragTargets(drags, run)   { <target name>: met } for every demo of one run, each read from its
//                        most costly control (worstControl)
//   parallelRequired(native)  the 2-worker speed-up the sweep must reach, from native's in the same run
//   parallelTarget(p)    { name, met, required } for one sweep's parallel numbers
//   consecutiveDragRuns(history, targets)   were the 1× drag targets met in this whole run and the one before?
import { worstControl } from './page-metrics.mjs';

/**
 * Per run of the drags: its label in target names, and the limits on every control of every demo
 * (ms). 1×: the CPU p95 of an update (one 60 Hz frame, 16.7 ms, with half of it for the page's own
 * work), input to next frame p95, the longest task (thread time). 4× (a mid-range phone, touch):
 * the update on screen within two frames (33 ms) at p95, no task over 50 ms, and a drag's first
 * frame within 50 ms. Its CPU per update is reported beside them, not held to a limit: at 4× the
 * browser's own work per frame is 8–10 ms before any of the page's.
 */
export const DRAG_LIMITS = {
  desktop: { label: '', cpuP95: 8, frameP95: 17, maxTask: 50 },
  phone: { label: ' at 4× CPU (390 × 844, touch)', frameP95: 33, maxTask: 50, firstFrame: 50 },
};

/**
 * { <target name>: met } for the drags of one run (`desktop` or `phone`): per demo, its most costly
 * control against each limit the run has; a demo or control not measured fails its targets.
 */
export function dragTargets(drags, run = 'desktop') {
  const lim = DRAG_LIMITS[run];
  const out = {};
  for (const [demo, d] of Object.entries(drags ?? {})) {
    const w = worstControl(d);
    const at = `${demo}, every control${lim.label}`;
    if (lim.cpuP95 !== undefined)
      out[`${at}: drag update CPU p95 <= ${lim.cpuP95} ms`] = !w.error && w.cpuP95 <= lim.cpuP95;
    out[`${at}: input-to-frame p95 <= ${lim.frameP95} ms`] = !w.error && w.frameP95 <= lim.frameP95;
    out[`${at}: no task > ${lim.maxTask} ms`] = !w.error && w.maxTask <= lim.maxTask;
    if (lim.firstFrame !== undefined)
      out[`${at}: first drag frame <= ${lim.firstFrame} ms`] = !w.error && w.firstFrame <= lim.firstFrame;
  }
  return out;
}

/**
 * The 2-worker speed-up a sweep must reach, given native code's 2-thread speed-up measured in the
 * same run: 0.9 × native's (what this host gives two threads at this moment, less the
 * workers' merging and messaging), and 1.7 × at least when native's is 1.85 × or more (a host that
 * gives two cores their due). A busy host's low native speed-up lowers the bar with it; a good
 * host's cannot hide a regression.
 */
export function parallelRequired(native) {
  if (!(native > 0)) return Number.NaN;
  return native >= 1.85 ? Math.max(1.7, 0.9 * native) : 0.9 * native;
}

/**
 * One sweep's parallel target from its numbers in run.mjs (`speedup`: { native, wasmChrome }, the
 * medians of the per-rep ratios; `wasmIdentical`): { met, required }. Missing numbers fail it.
 */
export function parallelTarget(p) {
  const required = parallelRequired(p?.speedup?.native);
  const met = Boolean(p?.wasmIdentical) && p.speedup.wasmChrome >= required;
  return { met, required };
}

/** The parallel target's name, as bench.json lists it. */
export const PARALLEL_TARGET =
  "sweep256: 2 workers' speed-up >= 0.9x native's 2-thread speed-up in the same run, and >= 1.7x when native's is >= 1.85x (wall), bit-identical";

/** The name of the target that reads two whole runs in a row. */
export const CONSECUTIVE_TARGET = '1× drag targets met in this whole run and the whole run before it on this machine';

/**
 * Were the 1× drag targets met in this whole run and in the one before it (met in two
 * consecutive whole runs, whatever the CPU)? `history`: the earlier whole runs, oldest first, each
 * { date, cpu, dragTargets: { <name>: met } }; `now`: this run's { <name>: met } of dragTargets().
 * { met, previous } (`previous`: the run before, or null: no earlier run, not met).
 */
export function consecutiveDragRuns(history, now) {
  const previous = history?.length ? history[history.length - 1] : null;
  const names = Object.keys(now);
  const allMet = (t) => names.length > 0 && names.every((n) => t?.[n] === true);
  return { met: Boolean(previous) && allMet(now) && allMet(previous.dragTargets), previous };
}
