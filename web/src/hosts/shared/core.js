// The WebAssembly cores of the page, each loaded once and handed to every demo by the hosts'
// mountDemo (mount.js, beside this file). The core's code (wasm/index.mjs, the Emscripten glue and, in
// the standalone builds, the inlined wasm bytes) is its own lazy chunk: a page fetches and
// compiles it when its first figure mounts, not before its first paint. Workers load their own
// (overcapacity/scheduler/worker.js imports wasm/index.mjs directly), except in the custom
// elements' build, where the page posts its compiled module to them (scheduler/runner.js). In the standalone builds,
// web/build/plugins.mjs swaps wasm/index.mjs for a shim that hands the inlined wasm bytes to
// createLinattn; nothing here changes.

/** `load` called once; a rejection is passed on and the next call tries again. */
function once(load) {
  let shared = null;
  return () => {
    shared ??= load().catch((err) => {
      shared = null;
      throw err;
    });
    return shared;
  };
}

/** Resolves to the core API (see wasm/index.d.mts). Rejects with the load error; a later call
 *  tries again. */
export const getLinattn = once(() => import('../../../../wasm/index.mjs').then(({ createLinattn }) => createLinattn()));

/** Resolves to the spotlight's own module (wasm/spotlight.d.mts): loaded apart, by the one figure
 *  that reads with it, so a page without that figure never fetches it. Rejects as getLinattn. */
export const getSpotlight = once(() =>
  import('../../../../wasm/spotlight.mjs').then(({ createSpotlight }) => createSpotlight()),
);

/** The core demo entry `entry` reads with (the registry's `core`). */
export const coreFor = (entry) => (entry?.core === 'spotlight' ? getSpotlight() : getLinattn());
