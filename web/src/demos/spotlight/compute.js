// The only file of this demo that calls the core: the executors that run requests(state)'s calls
// on the spotlight's own module (wasm/spotlight.mjs, `sp`). 'page' answers at once, on the page
// thread (the figure's own read: one call, a few milliseconds at the largest N); 'idle' waits for a
// quiet moment first and is stopped if the state moves on (the trade-off plot's extra points for
// other numbers of random features), so a drag pays only for the read it draws.
import { pageExecutor } from '../../lib/demo-kit/page-executor.js';

/** The executors of this demo's requests, on core `sp`. `win`: where to wait for a quiet moment. */
export function spotlightExecutors(sp, win = globalThis) {
  const later = win.requestIdleCallback
    ? (fn) => {
        const id = win.requestIdleCallback(fn, { timeout: 120 });
        return () => win.cancelIdleCallback(id);
      }
    : (fn) => {
        const id = setTimeout(fn, 16);
        return () => clearTimeout(id);
      };
  // spotlight(args), or the core's refusal (a LinattnError with `field`)
  const run = pageExecutor({ spotlight: (args) => sp.spotlight(args) });
  return {
    page: run,
    idle: (request, emit, fail) => later(() => run(request, emit, fail)),
  };
}
