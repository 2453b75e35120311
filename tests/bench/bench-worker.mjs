// A worker of the benchmark's parallel sweep (browser.mjs benchParallel): its own instance of the
// core, computing the per-trial records of a range of trials, as the page's pool does
// (web/src/demos/overcapacity/scheduler/pool.js). In: { opts, first, count }; out: { type: 'ready' } once,
// then { part } per message.
import createLinattn from '../../wasm/index.mjs';

const ready = createLinattn();
ready.then(() => self.postMessage({ type: 'ready' }));

self.onmessage = async ({ data }) => {
  const la = await ready;
  const part = la.interferenceSweepTrials(data.opts, { first: data.first, count: data.count });
  self.postMessage({ type: 'part', part }, [part.records.buffer]);
};
