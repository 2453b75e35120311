// The WebAssembly core of the page, loaded once and handed to every demo by the hosts' mountDemo
// (mount.js, beside this file); a demo whose registry entry names a `core` of its own gets that
// one instead (getCore, below). The core's code (wasm/index.mjs, the Emscripten glue and, in
// the standalone builds, the inlined wasm bytes) is its own lazy chunk: a page fetches and
// compiles it when its first figure mounts, not before its first paint. Workers load their own
// (overcapacity/scheduler/worker.js imports wasm/index.mjs directly). In the standalone builds,
// web/build/plugins.mjs swaps wasm/index.mjs for a shim that hands the inlined wasm bytes to
// createLinattn; nothing here changes.

let shared = null;

// A standalone embed of a demo with a core of its own (web/build/embed.mjs) holds no shared core:
// the constant drops its import, and its inlined wasm, from the file. (Written out in full so the
// bundler folds it; node has no import.meta.env.)
const NO_SHARED = import.meta.env ? import.meta.env.LINATTN_NO_SHARED_CORE : undefined;

/** Resolves to the core API (see wasm/index.d.mts). Rejects with the load error; a later call
 *  tries again. */
export function getLinattn() {
  if (NO_SHARED) return Promise.reject(new Error("This build holds only its demo's own core."));
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

// The cores of the demos that load their own (a registry entry's `core`, e.g. the ledger's module,
// wasm/ledger.mjs), each loaded once per page: by loader.
const own = new Map();
let oneCore = false;

/** For a page that shows every figure (the chapter): it loads the shared core anyway, so each demo
 *  gets that one, and no module of its own besides. Call before the first figure loads. */
export function shareOneCore() {
  oneCore = true;
}

/** Resolves to the core a demo's entry asks for: its own `core()` (loaded once per page), else
 *  the page's shared one (getLinattn). Rejects with the load error; a later call tries again. */
export function getCore(loader) {
  if (!loader || oneCore) return getLinattn();
  let core = own.get(loader);
  if (!core) {
    core = loader().catch((err) => {
      own.delete(loader);
      throw err;
    });
    own.set(loader, core);
  }
  return core;
}
