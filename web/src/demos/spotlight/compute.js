// The only file of this demo that calls the core: the executors that run requests(state)'s calls
// on the spotlight's own module (wasm/spotlight.mjs, `sp`). 'page' answers at once, on the page
// thread (the figure's own read: one call, about 15 ms of CPU at N = 4,096, m = 64 in node, under
// a millisecond at N = 32: docs/performance.md). 'idle' is the trade-off plot's extra points for
// other numbers of random features, one point a call (at most N × m = SWEEP_WORK, state.js): each
// waits until the settings have held still for QUIET ms (a drag asks for new points every frame,
// and a change of settings stops what the old ones asked for), then for an idle moment with ROOM
// ms left, so a drag pays only for the read it draws.
import { pageExecutor } from '../../lib/demo-kit/page-executor.js';

const QUIET = 400;
const ROOM = 10;
const IDLE_TIMEOUT = 500;

/** fn() once the settings have held still and the page is idle; returns the function that stops it. */
function laterOn(win) {
  const idle = win.requestIdleCallback ? (fn) => win.requestIdleCallback(fn, { timeout: IDLE_TIMEOUT }) : null;
  return (fn) => {
    let id = 0;
    const run = (deadline) => {
      id = 0;
      // Not in the tail of a busy frame: a point at 4× CPU is some 40 ms of work.
      if (deadline && !deadline.didTimeout && deadline.timeRemaining() < ROOM) id = idle(run);
      else fn();
    };
    const timer = setTimeout(() => {
      if (idle) id = idle(run);
      else run();
    }, QUIET);
    return () => {
      clearTimeout(timer);
      if (id) win.cancelIdleCallback(id);
    };
  };
}

/** The executors of this demo's requests, on core `sp`. `win`: where to wait for a quiet moment. */
export function spotlightExecutors(sp, win = globalThis) {
  const later = laterOn(win);
  // spotlight(args), or the core's refusal (a LinattnError with `field`)
  const run = pageExecutor({ spotlight: (args) => sp.spotlight(args) });
  return {
    page: run,
    idle: (request, emit, fail) => later(() => run(request, emit, fail)),
  };
}
