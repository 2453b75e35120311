// The one WebAssembly core of the page, loaded once and handed to every demo by the hosts'
// mountDemo (mount.js, beside this file). The core's code (wasm/index.mjs, the Emscripten glue and, in
// the standalone builds, the inlined wasm bytes) is its own lazy chunk: a page fetches and
// compiles it when its first figure mounts, not before its first paint. Workers load their own
// (overcapacity/scheduler/worker.js imports wasm/index.mjs directly). In the standalone builds,
// web/build/plugins.mjs swaps wasm/index.mjs for a shim that hands the inlined wasm bytes to
// createLinattn; nothing here changes.

let shared = null;

/** Resolves to the core API (see wasm/index.d.mts). Rejects with the load error; a later call
 *  tries again. */
export function getLinattn() {
  if (!shared) {
    shared = import('../../../../wasm/index.mjs')
      .then(({ createLinattn }) => createLinattn())
      .catch((err) => {
        shared = null;
        throw err;
      });
  }
  return shared;
}
