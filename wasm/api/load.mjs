// How each of the core's WebAssembly modules is loaded (index.mjs: the main one; spotlight.mjs:
// the spotlight's; ledger.mjs: the ledger's): the caller's options checked, and in Node the .wasm
// file read from build/wasm/; in the browser the generated loader fetches it beside itself.
import { options } from './check.mjs';

// Node is told apart by its `process` global (the page has none); read through globalThis, so
// the page's type check needs no Node types.
const nodeProcess = /** @type {{ versions?: { node?: string } } | undefined} */ (globalThis.process);
const isNode = typeof nodeProcess?.versions?.node === 'string' && typeof window === 'undefined';

/**
 * @typedef {{ wasmBinary?: ArrayBuffer | Uint8Array, locateFile?: (path: string) => string,
 *   wasmModule?: WebAssembly.Module }} LoadOptions
 */

/**
 * The Emscripten module's options for `name(opts)` (createLinattn, createSpotlight,
 * createLedgerCore): the
 * caller's `wasmBinary` and `locateFile`, or in Node the bytes of the file `nodeWasm()` names; a
 * caller's `wasmModule` (the core already compiled, e.g. by the page that starts a worker) is
 * instantiated as it is, nothing fetched (Emscripten's instantiateWasm hook). `failed` rejects
 * when that instantiation fails (the hook cannot reject the module's own promise).
 * @param {string} name
 * @param {LoadOptions} opts
 * @param {() => URL} nodeWasm the .wasm file's URL (a function: it is read only in Node)
 */
export async function moduleOptions(name, opts, nodeWasm) {
  options(`${name} options`, opts, ['wasmBinary', 'locateFile', 'wasmModule']);
  /** @type {LoadOptions & { instantiateWasm?: Function, failed?: Promise<never> }} */
  const o = {};
  if (opts.wasmModule) return fromModule(opts.wasmModule);
  if (opts.wasmBinary) o.wasmBinary = opts.wasmBinary;
  else if (isNode) {
    const fs = await import(/* @vite-ignore */ ['node', 'fs'].join(':'));
    o.wasmBinary = fs.readFileSync(nodeWasm());
  }
  if (opts.locateFile) o.locateFile = opts.locateFile;
  return o;
}

/** Options that instantiate the compiled `wasmModule` (see moduleOptions). */
function fromModule(wasmModule) {
  let fail;
  const failed = new Promise((_resolve, reject) => (fail = reject));
  failed.catch(() => {}); // (read only by a caller that races it)
  const instantiateWasm = (imports, done) => {
    WebAssembly.instantiate(wasmModule, imports).then((instance) => done(instance, wasmModule), fail);
    return {};
  };
  return { instantiateWasm, failed };
}
