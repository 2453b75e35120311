// The only file of this demo that calls the core: the executors that run requests(state)'s calls
// on the spotlight's own module (wasm/spotlight.mjs, `sp`). 'page' answers at once, on the page
// thread (the figure's own read: one call, a few milliseconds at the largest N); 'idle' waits for a
// quiet moment first and is stopped if the state moves on (the trade-off plot's extra points for
// other numbers of random features), so a drag pays only for the read it draws.

/** Runs one request's call: spotlight(args), or the core's refusal (a LinattnError with `field`). */
function run(sp, request, emit, fail) {
  let value;
  try {
    value = sp[request.call](request.args);
  } catch (err) {
    fail(/** @type {Error} */ (err));
    return;
  }
  emit(value);
}

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
  return {
    page: (request, emit, fail) => run(sp, request, emit, fail),
    idle: (request, emit, fail) => later(() => run(sp, request, emit, fail)),
  };
}
