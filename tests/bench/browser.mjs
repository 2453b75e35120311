// The browser side of the benchmark (bench.html, served from the repository root by run.mjs):
// loads the WebAssembly core the way the page does (wasm/index.mjs, streaming compile) and exposes
//   window.benchReady             a Promise, resolved once the module is compiled
//   window.benchRun(name, impl, presets, withResult) -> { ms, result }
import createLinattn from '../../wasm/index.mjs';
import { prepare } from './workloads.mjs';

let la;
window.benchReady = createLinattn().then((x) => {
  la = x;
});

window.benchRun = (name, impl, presets, withResult) => {
  const run = prepare(name, impl, { la, presets }); // inputs are made before the clock starts
  const t0 = performance.now();
  const result = run();
  const ms = performance.now() - t0;
  return { ms, result: withResult ? result : null };
};
