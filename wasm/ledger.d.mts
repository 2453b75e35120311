// The ledger's own module (wasm/ledger.mjs): the part of the main API the ledger figure uses,
// la.ledgerView and la.limits, from a WebAssembly module of only what they reach. Named
// ledger.d.mts so that TypeScript finds it for `import ... from './ledger.mjs'`. The results are the
// main module's bit for bit; bad options throw the main API's LinattnError / LinattnTypeError, with
// `field`.
import type { LedgerView, LedgerViewOptions, Limits } from './index.mjs';

export { LinattnError, LinattnTypeError } from './index.mjs';

export interface LedgerCore {
  /** The main module's limits, the same object's values (la.limits). */
  readonly limits: Limits;
  /** The running ledger's whole view for one state, in one call: what la.ledgerView gives. */
  ledgerView(opts: LedgerViewOptions): LedgerView;
  /** For tests: this module's allocator's bytes in use, and the size of its memory. */
  readonly debug: { heapBytesInUse(): number; memoryBytes(): number };
}

/** Loads the ledger's module (its own .wasm) and resolves to its API. wasmBinary: the .wasm's bytes
 *  (in Node read from build/wasm/ when absent); locateFile: where the browser fetches it. */
export function createLedgerCore(opts?: {
  wasmBinary?: ArrayBuffer | Uint8Array;
  locateFile?: (path: string) => string;
}): Promise<LedgerCore>;
export default createLedgerCore;
