// Types of the Emscripten-generated loaders build/wasm/linattn.mjs, linattn-spotlight.mjs and
// linattn-ledger.mjs, for the type check only (scripts/typecheck.sh copies this file beside each
// generated one, where TypeScript looks for it).
// The bound functions are plumbing; wasm/api/ wraps every one of them and index.d.mts types those.
export interface LinattnModuleOptions {
  wasmBinary?: ArrayBuffer | Uint8Array;
  locateFile?: (path: string, prefix: string) => string;
  instantiateWasm?: Function;
  print?: (text: string) => void;
  printErr?: (text: string) => void;
}
// biome-ignore lint/suspicious/noExplicitAny: Embind registers its functions on the module at run time.
export type LinattnModule = Record<string, any>;
export default function createLinattnModule(options?: LinattnModuleOptions): Promise<LinattnModule>;
