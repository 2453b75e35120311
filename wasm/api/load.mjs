// How each of the core's WebAssembly modules is loaded (index.mjs: the main one; spotlight.mjs:
// the spotlight's; ledger.mjs: the ledger's): the caller's options checked, and in Node the .wasm
// file read from build/wasm/; in the browser the generated loader fetches it beside itself.
import { options } from './check.mjs';

// Node is told apart by its `process` global (the page has none); read through globalThis, so
// the page's type check needs no Node types.
const nodeProcess = /** @type {{ versions?: { node?: string } } | undefined} */ (globalThis.process);
const isNode = typeof nodeProcess?.versions?.node === 'string' && typeof window === 'undefined';

/**
 * The Emscripten module's options for `name(opts)` (createLinattn, createSpotlight, createLedgerCore): the
 * caller's `wasmBinary` and `locateFile`, or in Node the bytes of the file `nodeWasm()` names.
 * @param {string} name
 * @param {{ wasmBinary?: ArrayBuffer | Uint8Array, locateFile?: (path: string) => string }} opts
 * @param {() => URL} nodeWasm the .wasm file's URL (a function: it is read only in Node)
 */
export async function moduleOptions(name, opts, nodeWasm) {
  options(`${name} options`, opts, ['wasmBinary', 'locateFile']);
  /** @type {{ wasmBinary?: ArrayBuffer | Uint8Array, locateFile?: (path: string) => string }} */
  const o = {};
  if (opts.wasmBinary) o.wasmBinary = opts.wasmBinary;
  else if (isNode) {
    const fs = await import(/* @vite-ignore */ ['node', 'fs'].join(':'));
    o.wasmBinary = fs.readFileSync(nodeWasm());
  }
  if (opts.locateFile) o.locateFile = opts.locateFile;
  return o;
}
