// The WebAssembly cores of the page, each loaded once and handed to every demo by the hosts'
// mountDemo (mount.js, beside this file). A demo gets the page's shared core (wasm/index.mjs)
// unless its registry entry names a `core` of its own (getCore, below): the spotlight's module
// (wasm/spotlight.mjs), or the ledger's (wasm/ledger.mjs: only la.ledgerView and la.limits, for
// pages that show the ledger alone). A core's code (its entry, the Emscripten glue and, in the
// standalone builds, the inlined wasm bytes) is its own lazy chunk: a page fetches and compiles it
// when its first figure mounts, not before its first paint (through lib/core-entry.js, which also
// names its chunk's address: the served chapter's overcapacity workers import the core from there,
// scheduler/runner.js; elsewhere they carry their own, and in the custom elements' build the page
// posts its compiled module to them). In the
// standalone builds, web/build/plugins.mjs swaps each core's entry for a shim that hands it the
// inlined wasm bytes; nothing here changes.

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

// A standalone embed of a demo with a core of its own (web/build/embed.mjs) holds no shared core:
// the constant drops its import, and its inlined wasm, from the file. (Written out in full so the
// bundler folds it; node has no import.meta.env.)
const NO_SHARED = import.meta.env ? import.meta.env.LINATTN_NO_SHARED_CORE : undefined;

/** Resolves to the core API (see wasm/index.d.mts). Rejects with the load error; a later call
 *  tries again. */
export const getLinattn = once(() =>
  NO_SHARED
    ? Promise.reject(new Error("This build holds only its demo's own core."))
    : import('../../lib/core-entry.js').then(({ createLinattn }) => createLinattn()),
);

// The cores of the demos that load their own (a registry entry's `core`), each loaded once per
// page: by loader.
const own = new Map();
let oneCore = false;

/** For a page that loads the shared core anyway (the chapter, or elements beside one that needs
 *  it): a demo whose own core is a part of the shared one (`coreInShared`, the ledger's) gets the
 *  shared one, and no module of its own besides. Call before the first figure loads. */
export function shareOneCore() {
  oneCore = true;
}

/** Resolves to the core registry entry `entry` reads with: its own `core()` (loaded once per
 *  page), else the page's shared one (getLinattn). Rejects with the load error; a later call tries
 *  again. */
export function getCore(entry) {
  const loader = entry?.core;
  if (!loader || (oneCore && entry.coreInShared)) return getLinattn();
  if (!own.has(loader)) own.set(loader, once(loader));
  return own.get(loader)();
}
