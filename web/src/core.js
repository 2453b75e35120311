// The one WebAssembly core of the page, loaded once and shared by every demo (and by workers that
// import this file: each realm gets its own instance).
// In the standalone build, web/build/plugins.mjs swaps wasm/index.mjs for a shim that hands the
// inlined wasm bytes to createLinattn; nothing here changes.
import { createLinattn } from '../../wasm/index.mjs';

let shared = null;

/** Resolves to the core API (see wasm/index.d.mts). Rejects with the load error; a later call
 *  tries again. */
export function getLinattn() {
  if (!shared) {
    shared = createLinattn().catch((err) => {
      shared = null;
      throw err;
    });
  }
  return shared;
}
