// The spotlight's own WebAssembly module: createSpotlight() resolves to { spotlight(options),
// limits, debug } (spotlight.d.mts, docs/api.md). It is a module apart from the one every page
// loads (index.mjs): only the figure that reads with it loads it, when it nears the screen, so a
// page with the other figures never pays for it. Loaded as index.mjs loads the main module: in
// Node its .wasm is read from build/wasm/, in the browser the generated loader fetches it beside
// itself. The checks and errors are the main API's (api/check.mjs, errors.mjs); the core computes.
import createSpotlightModule from '../build/wasm/linattn-spotlight.mjs';
import { moduleOptions } from './api/load.mjs';
import { spotlightApi } from './api/spotlight.mjs';
import { LinattnError, LinattnTypeError } from './errors.mjs';

export { LinattnError, LinattnTypeError };

// In Node, the module's .wasm (a name, not a literal: the bundler must not take it as an asset).
const WASM_FILE = '../build/wasm/linattn-spotlight.wasm';

/** Loads the spotlight's WebAssembly module and resolves to its API (see spotlight.d.mts). */
export async function createSpotlight(opts = {}) {
  const M = await createSpotlightModule(
    await moduleOptions('createSpotlight', opts, () => new URL(WASM_FILE, import.meta.url)),
  );
  return Object.freeze({
    limits: Object.freeze(M.limits()),
    ...spotlightApi(M),
    /** For tests: this module's allocator's bytes in use, and the size of its memory. */
    debug: Object.freeze({
      heapBytesInUse: () => M.heapBytesInUse(),
      memoryBytes: () => M.HEAP8.length,
    }),
  });
}
export default createSpotlight;
