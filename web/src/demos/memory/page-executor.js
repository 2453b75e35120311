// The memory demo's page-thread executor (web/src/lib/demo-kit/work.js): runs the core calls
// requests.js names, by name, and answers at once (a refusal as the core's Error). It adds up the
// time the core took, for the view to report with its own (User Timing la-memory:frame).
import { pageExecutor as runNamed } from '../../lib/demo-kit/page-executor.js';
import { computeMemory } from './compute.js';

const CALLS = {
  computeMemory: (la, { state, previous }) => computeMemory(la, state, previous),
};

/** Returns { run (the executor), spent() ({ ms, calls }: the core's work since the last spent()) }. */
export function pageExecutor(la) {
  let ms = 0;
  let calls = 0;
  /** Each call timed, a refusal included. */
  const timed = Object.fromEntries(
    Object.entries(CALLS).map(([name, call]) => [
      name,
      (args) => {
        const t0 = performance.now();
        try {
          return call(la, args);
        } finally {
          ms += performance.now() - t0;
          calls += 1;
        }
      },
    ]),
  );
  function spent() {
    const work = { ms, calls };
    ms = 0;
    calls = 0;
    return work;
  }
  return { run: runNamed(timed), spent };
}
