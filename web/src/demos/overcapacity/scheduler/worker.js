// The overcapacity demo's worker: one of the pool (pool.js) that shares the trials of sweeps and
// capacity calls, or the store worker. Each runs its own instance of the core and answers one
// task at a time; what to run, in what order, and when to stop is decided on the page (pool.js,
// runner.js). Messages in:
//   { type: 'preview', id, params, phase }          one preview of a sweep (core-work.js runPreview)
//   { type: 'trials', id, params, phase, first, count }   trials first..first+count-1 of a full
//                          sweep as per-trial records (la.interferenceSweepTrials)
//   { type: 'capacity', id, opts, first, count }    trials of one capacity call (la.capacityTrials)
//   { type: 'store', id, params }                   one store (core-work.js runStore)
//   { type: 'init', wasmModule, coreUrl }           first, from the page that started it (runner.js):
//                          the page's compiled core where it has one (the custom elements' build,
//                          whose worker carries no wasm), else undefined: the worker loads its own;
//                          coreUrl: the page's core chunk (the served chapter), whose code the
//                          worker imports instead of its own copy (a chunk of the worker's bundle,
//                          fetched only without coreUrl, or if that chunk has no coreChunk)
// Messages out: { type: 'ready' } once the core has loaded, or { type: 'fatal', message } when it
// cannot; then one answer per task: { type: 'sweep', id, result } (preview), { type: 'trials', id,
// part }, { type: 'capacity', id, part }, { type: 'store', id, result }, or { type: 'error', id,
// kind, message }.
import { runPreview, runSweepTrials, runCapacityTrials, runStore, transferList } from './core-work.js';

/** createLinattn: from the page's core chunk at `coreUrl` where given, else the worker's own. */
async function coreLoader(coreUrl) {
  if (coreUrl) {
    const shared = await import(/* @vite-ignore */ coreUrl);
    // (lib/core-entry.js's coreChunk: the export, whatever the bundler named it, that names coreUrl)
    const chunk = Object.values(shared).find((v) => v?.url === coreUrl);
    if (typeof chunk?.createLinattn === 'function') return chunk.createLinattn;
  }
  return (await import('../../../../../wasm/index.mjs')).createLinattn;
}

let init;
/** The core, loaded once the init message has come (with no init the page's watchdog gives up). */
const ready = new Promise((resolve) => (init = resolve)).then(async ({ wasmModule, coreUrl }) => {
  const createLinattn = await coreLoader(coreUrl);
  return createLinattn(wasmModule ? { wasmModule } : {});
});

/**
 * A message to the page, its typed arrays' buffers transferred (a worker's postMessage).
 * @param {object} message
 * @param {object} [payload] the object whose typed arrays are transferred
 */
const post = (message, payload) => /** @type {any} */ (self).postMessage(message, payload ? transferList(payload) : []);

ready.then(
  () => self.postMessage({ type: 'ready' }),
  (err) => self.postMessage({ type: 'fatal', message: String(err?.message ? err.message : err) }),
);

const KIND = { preview: 'sweep', trials: 'sweep', capacity: 'capacity', store: 'store' };

self.onmessage = async ({ data }) => {
  if (data.type === 'init') return init(data);
  let la;
  try {
    la = await ready;
  } catch {
    return;
  }
  const { id } = data;
  try {
    if (data.type === 'preview') {
      const result = runPreview(la, data.params, data.phase);
      post({ type: 'sweep', id, result }, result);
    } else if (data.type === 'trials') {
      const part = runSweepTrials(la, data.params, data.phase, data.first, data.count);
      post({ type: 'trials', id, part }, part);
    } else if (data.type === 'capacity') {
      const part = runCapacityTrials(la, data.opts, data.first, data.count);
      post({ type: 'capacity', id, part }, part);
    } else if (data.type === 'store') {
      const result = runStore(la, data.params);
      post({ type: 'store', id, result }, result);
    }
  } catch (err) {
    self.postMessage({ type: 'error', id, kind: KIND[data.type], message: err.message });
  }
};
