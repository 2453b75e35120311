// The JavaScript face of the linear-attention core: createLinattn() resolves to the API documented
// in index.d.mts and docs/api.md. It is assembled here from one module per area of
// the API (wasm/api/), each of which checks the types of friendly arguments (objects, arrays,
// Float64Arrays), hands them to the bound calls of wasm/bindings/ as options objects read by name,
// and turns the core's refusals into thrown LinattnErrors (with `field`). It computes nothing
// itself.
import createLinattnModule from '../build/wasm/linattn.mjs';
import { attentionApi } from './api/attention.mjs';
import { check, number } from './api/check.mjs';
import { moduleOptions } from './api/load.mjs';
import { interferenceApi } from './api/interference.mjs';
import { kvApi } from './api/kv.mjs';
import { ledgerApi } from './api/ledger.mjs';
import { memoryApi } from './api/memory.mjs';
import { LinattnError, LinattnTypeError } from './errors.mjs';
import { modelFromConfig } from './model-config.mjs';

export { LinattnError, LinattnTypeError };

// The web builds (the chapter, embed.html, the standalone files and the custom elements: the
// build's plugin defines LINATTN_ELEMENTS for each) leave the config reader out of this chunk:
// their memory figure imports it itself when a reader imports a config
// (web/src/demos/memory/compute-config.js), 13 KB gzip that the first load would otherwise carry.
// In Node la.modelFromConfig is there.
// biome-ignore lint/complexity/useOptionalChain: the bundler replaces `import.meta.env.LINATTN_ELEMENTS` written out in full with a constant, which lets it drop the reader; Node has no import.meta.env
const WITH_CONFIG = !(import.meta.env && import.meta.env.LINATTN_ELEMENTS);

// In Node, the module's .wasm (a name, not a literal: the bundler must not take it as an asset).
const WASM_FILE = '../build/wasm/linattn.wasm';

/** Loads the WebAssembly module and resolves to the API (see index.d.mts). */
export async function createLinattn(opts = {}) {
  const o = await moduleOptions('createLinattn', opts, () => new URL(WASM_FILE, import.meta.url));
  const M = await (o.failed ? Promise.race([createLinattnModule(o), o.failed]) : createLinattnModule(o));
  const api = makeApi(M);
  if (M.wasmModule) compiled.set(api, M.wasmModule);
  return api;
}
export default createLinattn;

// The compiled WebAssembly.Module of an API, where its glue keeps it: the custom elements' build
// (web/build/embed.mjs) has the glue keep it, and the page hands it to the overcapacity worker,
// which then instantiates the same core instead of carrying the wasm inside itself.
const compiled = new WeakMap();
/** The compiled module behind `la`, or undefined where the glue does not keep it. */
export const compiledModule = (la) => compiled.get(la);

function makeApi(M) {
  const limits = Object.freeze(M.limits());
  const kv = kvApi(M);
  return Object.freeze({
    limits,
    ...memoryApi(M),
    ...attentionApi(M),
    ...interferenceApi(M, limits),
    ...kv.api,

    /** A Hugging Face config.json (text or parsed) as a model kvMemory takes (wasm/model-config.mjs).
     *  Left out of the custom elements' private core (see WITH_CONFIG). */
    ...(WITH_CONFIG ? { modelFromConfig } : {}),

    randomNormals(seed, count) {
      return check(M.randomNormals(number('seed', seed), number('count', count)));
    },

    ...ledgerApi(M, limits),

    /** For tests: the allocator's bytes in use, and the size of WebAssembly memory. */
    debug: Object.freeze({
      heapBytesInUse: () => M.heapBytesInUse(),
      memoryBytes: () => M.HEAP8.length,
      /** Frees the models the KV calls keep converted (at most 16; the next call converts again). */
      releaseModels: kv.release,
    }),
  });
}
