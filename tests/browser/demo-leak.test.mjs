// The page's demo code deletes every WebAssembly object it creates: each demo is mounted and
// destroyed many times in the built page (dist/), with the page's own core and the demo modules the
// page loaded (see core-probe.mjs; no test hook in the page). After warm-up the core's allocator
// must be back at exactly the same number of bytes in use, WebAssembly memory must not grow, no
// worker may outlive its demo, and the JS heap (after GC) may grow by at most JS_BOUND bytes
// (256 KB + 8 KB per mount).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { heapSnapshot, demoModuleUrls, openProbedChapter } from './core-probe.mjs';

const CYCLES = Number(process.env.LEAK_CYCLES ?? 30);
// Measured: +60..160 KB over 30 mounts and about 1 KB more per extra mount (V8's code and inline
// caches); a demo kept alive by a stray listener would hold its whole DOM, tens of KB per mount.
const JS_BOUND = 256 * 1024 + 8 * 1024 * CYCLES;

let browser, server, page, problems, cdp, urls;

before(async () => {
  ({ browser, server, page, problems, cdp } = await openProbedChapter());
  urls = await demoModuleUrls(page);
});

after(async () => {
  await browser?.close();
  await server?.close();
});

// Mounts the demo `times` times into a fresh element, lets it draw and settle, pokes its state,
// and destroys it. Runs in the page.
function cycles(page, url, times) {
  return page.evaluate(
    async ({ url, times }) => {
      const mod = await import(url);
      const frames = (n) =>
        new Promise((resolve) => {
          const tick = () => (n-- > 0 ? requestAnimationFrame(tick) : resolve());
          tick();
        });
      for (let i = 0; i < times; i++) {
        const host = document.createElement('div');
        host.className = 'demo-mount';
        document.querySelector('main, article, body').append(host);
        const handle = mod.mount(host, { la: window.__probeLa, state: undefined, onStateChange() {} });
        await frames(2);
        const state = handle.getState();
        handle.setState(state);
        await new Promise((r) => setTimeout(r, 30)); // demo timers (debounced redraws, workers) start
        handle.destroy();
        host.remove();
      }
      await frames(2);
    },
    { url, times },
  );
}

for (const name of ['ledger', 'memory', 'overcapacity']) {
  test(`the ${name} demo mounted and destroyed ${CYCLES} times leaves no core objects, workers or JS heap behind`, async () => {
    await cycles(page, urls[name], 3); // warm-up: lazy caches, first allocations, JIT
    await new Promise((r) => setTimeout(r, 300));
    const workers = page.workers().length;
    const start = await heapSnapshot(page, cdp);
    await cycles(page, urls[name], CYCLES);
    await new Promise((r) => setTimeout(r, 300)); // terminated workers disappear asynchronously
    const end = await heapSnapshot(page, cdp);
    console.log(
      `${name}: ${CYCLES} mounts: core heap ${start.wasmHeap} -> ${end.wasmHeap} bytes, ` +
        `wasm memory ${start.wasmMemory} -> ${end.wasmMemory}, JS heap ${start.jsHeap} -> ${end.jsHeap} ` +
        `(${end.jsHeap - start.jsHeap >= 0 ? '+' : ''}${end.jsHeap - start.jsHeap}), workers ${workers} -> ${page.workers().length}`,
    );
    assert.equal(
      end.wasmHeap,
      start.wasmHeap,
      `${name}: core heap bytes in use (each mount left ${(end.wasmHeap - start.wasmHeap) / CYCLES} bytes)`,
    );
    assert.equal(end.wasmMemory, start.wasmMemory, `${name}: WebAssembly memory grew`);
    assert.ok(
      page.workers().length <= workers,
      `${name}: workers left running: ${page.workers().length} (before: ${workers})`,
    );
    assert.ok(
      end.jsHeap - start.jsHeap <= JS_BOUND,
      `${name}: JS heap grew by ${end.jsHeap - start.jsHeap} bytes (bound ${JS_BOUND})`,
    );
    assert.deepEqual(problems, [], 'console errors, page errors or failed requests');
  });
}

// A figure calls into the core once per update, with models the core keeps converted while they
// are in use (la's model cache, at most 16): mounting and destroying the two figures that do so a
// thousand times, each mount drawing a state of its own, must leave the core's heap and
// WebAssembly memory exactly where they were.
const THOUSAND = 1000;
function quickCycles(page, url, times, states) {
  return page.evaluate(
    async ({ url, times, states }) => {
      const mod = await import(url);
      const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
      for (let i = 0; i < times; i++) {
        const host = document.createElement('div');
        host.className = 'demo-mount';
        document.querySelector('main, article, body').append(host);
        const handle = mod.mount(host, { la: window.__probeLa, state: undefined, onStateChange() {} });
        handle.setState({ ...handle.getState(), ...states[i % states.length] });
        await frame();
        handle.destroy();
        host.remove();
      }
      await frame();
    },
    { url, times, states },
  );
}

test(`the ledger and memory figures mounted and destroyed ${THOUSAND} times each hold the core's heap and WebAssembly memory flat`, async () => {
  const figures = {
    ledger: [{ d: 2 }, { d: 3 }, { featureMap: 'elu1' }, { step: 1 }],
    memory: ['llama-3-8b', 'gemma-2-9b', 'jamba-1.5-mini', 'deepseek-v3', 'qwen3-next-80b-a3b'].map((preset, i) => ({
      preset,
      linear: i % 2 === 0,
      tokens: 4096 * (i + 1),
    })),
  };
  for (const [name, states] of Object.entries(figures)) {
    await quickCycles(page, urls[name], 2 * states.length, states); // warm-up: every state once
    const start = await heapSnapshot(page, cdp);
    await quickCycles(page, urls[name], THOUSAND, states);
    const end = await heapSnapshot(page, cdp);
    console.log(
      `${name}: ${THOUSAND} mounts: core heap ${start.wasmHeap} -> ${end.wasmHeap}, wasm memory ${start.wasmMemory} -> ${end.wasmMemory}`,
    );
    assert.equal(end.wasmHeap, start.wasmHeap, `${name}: core heap bytes in use after ${THOUSAND} mounts`);
    assert.equal(end.wasmMemory, start.wasmMemory, `${name}: WebAssembly memory grew`);
  }
  assert.deepEqual(problems, [], 'console errors, page errors or failed requests');
});
