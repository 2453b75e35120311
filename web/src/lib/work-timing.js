// A demo's own main-thread work as User Timing measures ("la-<demo>:<what>", e.g. la-ledger:frame),
// for the performance tests (tests/browser/harness.mjs watchMainThread) and the browser's profiler.
// Each measure is cleared at once, so nothing piles up; observers still see it. Shared by the demos.

/** Returns timed(what, start): records the work from `start` (performance.now()) until now. */
export function workTimer(demo) {
  return function timed(what, start) {
    const name = `la-${demo}:${what}`;
    try {
      performance.measure(name, { start, end: performance.now() });
      performance.clearMeasures(name);
    } catch {
      /* User Timing Level 3 missing: nothing to report */
    }
  };
}
