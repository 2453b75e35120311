// The overcapacity demo's worker: runs sweeps and stores on its own instance of the core so the
// page never waits for them. Messages in:
//   { type: 'sweep', id, params: {d, trials, seed, keys, beta}, phases: [{name, trials, ns, step}] }
//   { type: 'store', id, params: {d, n, seed, keys, beta} }
// Messages out: { type: 'ready' } once; then per sweep request { type: 'sweep', id, result } for
// every preview and every step of the full sweep (jobs.js sweepResults), per store request
// { type: 'store', id, result }, or { type: 'error', id, kind, message } for either;
// { type: 'fatal', message } when the core cannot load.
import { createLinattn } from '../../../../wasm/index.mjs';
import { sweepResults, runStore, transferList } from './jobs.js';

const ready = createLinattn();
let latestSweep = -1;

ready.then(
  () => self.postMessage({ type: 'ready' }),
  (err) => self.postMessage({ type: 'fatal', message: String(err && err.message ? err.message : err) }),
);

// Lets queued messages (a newer request) run before the next preview or step starts.
const yieldToQueue = () => new Promise((resolve) => setTimeout(resolve, 0));

self.onmessage = async ({ data }) => {
  let la;
  try { la = await ready; } catch { return; }
  if (data.type === 'sweep') {
    latestSweep = data.id;
    const results = sweepResults(la, data.params, data.phases);
    try {
      for (;;) {
        const { value: result, done } = results.next();
        if (done) return;
        self.postMessage({ type: 'sweep', id: data.id, result }, transferList(result));
        await yieldToQueue();
        if (latestSweep !== data.id) return;  // superseded
      }
    } catch (err) {
      self.postMessage({ type: 'error', id: data.id, kind: 'sweep', message: err.message });
    } finally {
      results.return();  // frees the core's stream when stopped early
    }
  } else if (data.type === 'store') {
    try {
      const result = runStore(la, data.params);
      self.postMessage({ type: 'store', id: data.id, result }, transferList(result));
    } catch (err) {
      self.postMessage({ type: 'error', id: data.id, kind: 'store', message: err.message });
    }
  }
};
