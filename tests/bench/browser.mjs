// The browser side of the benchmark (bench.html, served from the repository root by run.mjs):
// loads the WebAssembly core the way the page does (wasm/index.mjs, streaming compile) and exposes
//   window.benchReady             a Promise, resolved once the module is compiled
//   window.benchPrepare(name, impl, presets) sets a workload up (its inputs made, untimed: a task
//     of its own, so that the CPU time run.mjs reads around benchRun holds neither this nor the
//     presets' deserialization, as the native and the Node runs leave them out of theirs)
//   window.benchRun(withResult) -> { ms, result }: runs the workload last set up
//   window.benchParallel(name, workers) -> { ms, identical }: the sweep split over `workers` workers
//     (bench-worker.mjs, started and loaded before the clock starts), merged on the page by the
//     core; wall time from handing out the trials to the merged result, and whether it is bit for
//     bit the one-call sweep
import createLinattn from '../../wasm/index.mjs';
import { prepare, WORKLOADS } from './workloads.mjs';

let la;
window.benchReady = createLinattn().then((x) => {
  la = x;
});

let run = null;
window.benchPrepare = (name, impl, presets) => {
  run = prepare(name, impl, { la, presets }); // inputs are made before the clock starts
};
window.benchRun = (withResult) => {
  const t0 = performance.now();
  const result = run();
  const ms = performance.now() - t0;
  return { ms, result: withResult ? result : null };
};

const pools = new Map(); // workers -> loaded Workers
async function workersOf(n) {
  if (!pools.has(n)) {
    const ws = Array.from(
      { length: n },
      () => new Worker(new URL('./bench-worker.mjs', import.meta.url), { type: 'module' }),
    );
    await Promise.all(ws.map((w) => new Promise((resolve) => w.addEventListener('message', resolve, { once: true }))));
    pools.set(n, ws);
  }
  return pools.get(n);
}
const references = new Map(); // workload -> its one-call result

function sameBits(a, b) {
  for (const [k, x] of Object.entries(a)) {
    if (!(x instanceof Float64Array)) continue;
    const y = b[k];
    if (!(y instanceof Float64Array) || y.length !== x.length) return false;
    const xa = new BigUint64Array(x.buffer, x.byteOffset, x.length);
    const ya = new BigUint64Array(y.buffer, y.byteOffset, y.length);
    for (let i = 0; i < xa.length; i++) if (xa[i] !== ya[i]) return false;
  }
  return true;
}

window.benchParallel = async (name, n) => {
  const w = WORKLOADS[name];
  const opts = { d: w.d, nMax: w.nMax, trials: w.trials, seed: w.seed, keys: 'random', beta: w.beta };
  const ws = await workersOf(n);
  const t0 = performance.now();
  const parts = await Promise.all(
    ws.map((worker, k) => {
      const first = Math.floor((w.trials * k) / n);
      const count = Math.floor((w.trials * (k + 1)) / n) - first;
      return new Promise((resolve) => {
        worker.addEventListener('message', ({ data }) => resolve(data.part), { once: true });
        worker.postMessage({ opts, first, count });
      });
    }),
  );
  const merged = la.mergeSweepTrials(opts, parts);
  const ms = performance.now() - t0;
  if (!references.has(name)) references.set(name, la.interferenceSweep(opts));
  return { ms, identical: sameBits(references.get(name), merged) };
};
