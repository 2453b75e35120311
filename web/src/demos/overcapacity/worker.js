// The overcapacity demo's worker: runs sweeps and stores on its own instance of the core so the
// page never waits for them. Messages in:
//   { type: 'sweep', id, params: {d, trials, seed, keys, beta}, phases: [{name, trials, ns, step}] }
//   { type: 'store', id, params: {d, n, seed, keys, beta, rule, gate, step} }
//   { type: 'capacity', id, params: {measure, level, trials, seed, rule, gate, step} }  the capacity
//                          panel: one { type: 'capacity', id, result, done } per (d, key geometry)
//   { type: 'hold', ms }   the reader is dragging: start no new preview or step for ms milliseconds
//                          (the one running finishes), so the page's frames get the CPU
//   { type: 'pause' }      the figure is off-screen (or, for capacity, the curve is computing): take
//                          no new step until 'resume' (the stream is kept)
//   { type: 'resume' }     go on where the sweep stopped
// Messages out: { type: 'ready' } once; then per sweep request { type: 'sweep', id, result } for
// every preview and every step of the full sweep (jobs.js sweepResults), per store request
// { type: 'store', id, result }, or { type: 'error', id, kind, message } for either;
// { type: 'paused', id } when a paused sweep has stopped between steps;
// { type: 'fatal', message } when the core cannot load.
import { createLinattn } from '../../../../wasm/index.mjs';
import { sweepResults, runStore, transferList, capacityResults } from './jobs.js';

const ready = createLinattn();

/**
 * A message to the page, its typed arrays' buffers transferred (a worker's postMessage).
 * @param {object} message
 * @param {Transferable[]} [transfer]
 */
const post = (message, transfer = []) => /** @type {any} */ (self).postMessage(message, transfer);
let latestSweep = -1;
let latestCapacity = -1;

ready.then(
  () => self.postMessage({ type: 'ready' }),
  (err) => self.postMessage({ type: 'fatal', message: String(err?.message ? err.message : err) }),
);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
// Lets queued messages (a newer request, a hold) run before the next preview or step starts.
const yieldToQueue = () => sleep(0);

let holdUntil = 0; // performance.now() until which the page asked sweeps to wait
async function waitWhileHeld() {
  for (let left = holdUntil - performance.now(); left > 0; left = holdUntil - performance.now()) await sleep(left);
}

let paused = false;
let wakeUp = []; // resolvers of the sweeps waiting while paused
function wake() {
  const waiting = wakeUp;
  wakeUp = [];
  for (const resolve of waiting) resolve();
}
/** Waits while paused (saying so once), unless a newer sweep supersedes this one. */
async function waitWhilePaused(id) {
  let said = false;
  while (paused && latestSweep === id) {
    if (!said) self.postMessage({ type: 'paused', id });
    said = true;
    await new Promise((resolve) => wakeUp.push(resolve));
  }
}

self.onmessage = async ({ data }) => {
  if (data.type === 'pause') {
    paused = true;
    return;
  }
  if (data.type === 'resume') {
    paused = false;
    wake();
    return;
  }
  if (data.type === 'hold') {
    holdUntil = Math.max(holdUntil, performance.now() + Math.min(Math.max(Number(data.ms) || 0, 0), 2000));
    return;
  }
  let la;
  try {
    la = await ready;
  } catch {
    return;
  }
  if (data.type === 'sweep') {
    latestSweep = data.id;
    wake(); // an older sweep waiting while paused ends (superseded)
    const results = sweepResults(la, data.params, data.phases);
    try {
      for (;;) {
        await waitWhilePaused(data.id);
        if (latestSweep !== data.id) return; // superseded
        const { value: result, done } = results.next();
        if (done) return;
        post({ type: 'sweep', id: data.id, result }, transferList(result));
        await yieldToQueue();
        await waitWhileHeld();
        if (latestSweep !== data.id) return; // superseded
      }
    } catch (err) {
      self.postMessage({ type: 'error', id: data.id, kind: 'sweep', message: err.message });
    } finally {
      results.return(); // frees the core's stream when stopped early
    }
  } else if (data.type === 'capacity') {
    latestCapacity = data.id;
    const results = capacityResults(la, data.params);
    try {
      for (;;) {
        // Paused: off-screen, or the page's curve is computing (it comes first).
        while (paused && latestCapacity === data.id) await new Promise((resolve) => wakeUp.push(resolve));
        if (latestCapacity !== data.id) return; // superseded
        const { value: result, done } = results.next();
        if (latestCapacity !== data.id) return; // superseded
        self.postMessage({ type: 'capacity', id: data.id, result: done ? null : result, done });
        if (done) return;
        await yieldToQueue();
        await waitWhileHeld();
      }
    } catch (err) {
      self.postMessage({ type: 'error', id: data.id, kind: 'capacity', message: err.message });
    }
  } else if (data.type === 'store') {
    try {
      const result = runStore(la, data.params);
      post({ type: 'store', id: data.id, result }, transferList(result));
    } catch (err) {
      self.postMessage({ type: 'error', id: data.id, kind: 'store', message: err.message });
    }
  }
};
