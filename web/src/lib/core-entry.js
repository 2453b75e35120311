// The page's shared core (wasm/index.mjs) as the page imports it (hosts/shared/core.js, the
// overcapacity runner), and `coreChunk`: the address of the chunk the build puts it in, with the
// function that creates the core. The served chapter's overcapacity workers import the core from
// that chunk, which the page has already fetched, instead of carrying a copy of it
// (scheduler/runner.js posts the address, scheduler/worker.js imports it). The bundler renames a
// chunk's exports, so a worker finds `coreChunk` among them by its address, not by its name.
import { createLinattn } from '../../../wasm/index.mjs';

export { createLinattn, compiledModule } from '../../../wasm/index.mjs';

/** This module's chunk: its address (a served build's core chunk) and createLinattn. */
export const coreChunk = Object.freeze({ url: import.meta.url, createLinattn });
