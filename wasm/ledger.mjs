// The ledger's own WebAssembly module: createLedgerCore() resolves to { ledgerView(options),
// limits, debug } (ledger.d.mts, docs/api.md), the part of the main API the ledger figure uses,
// with the same results bit for bit: the same C++ (wasm/bindings/ledger_wire.hpp) and the same
// wrapper (api/ledger.mjs). Its module links only what the ledger's view reaches, so a page with
// only the ledger (one <linattn-ledger>, its standalone embed) loads a fraction of the main one.
// Loaded as index.mjs loads the main module (api/load.mjs).
import createLedgerModule from '../build/wasm/linattn-ledger.mjs';
import { ledgerApi } from './api/ledger.mjs';
import { moduleOptions } from './api/load.mjs';
import { LinattnError, LinattnTypeError } from './errors.mjs';

export { LinattnError, LinattnTypeError };

// In Node, the module's .wasm (a name, not a literal: the bundler must not take it as an asset).
const WASM_FILE = '../build/wasm/linattn-ledger.wasm';

/** Loads the ledger's WebAssembly module and resolves to its API (see ledger.d.mts). */
export async function createLedgerCore(opts = {}) {
  const M = await createLedgerModule(
    await moduleOptions('createLedgerCore', opts, () => new URL(WASM_FILE, import.meta.url)),
  );
  const limits = Object.freeze(M.limits());
  return Object.freeze({
    limits,
    ...ledgerApi(M, limits),
    /** For tests: this module's allocator's bytes in use, and the size of its memory. */
    debug: Object.freeze({
      heapBytesInUse: () => M.heapBytesInUse(),
      memoryBytes: () => M.HEAP8.length,
    }),
  });
}
export default createLedgerCore;
