// The page's demo code deletes every WebAssembly object it creates: each demo is mounted and
// destroyed many times in the built page (dist/), with the page's own core and the demo modules the
// page loaded (see core-probe.mjs; no test hook in the page). After warm-up the core's allocator
// must be back at exactly the same number of bytes in use, WebAssembly memory must not grow (the
// shared core's, and the spotlight's own core's, which that figure mounts with), no
// worker may outlive its demo, and the JS heap (after GC) may grow by at most JS_BOUND bytes
// (256 KB + 8 KB per mount).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { DEMOS, heapSnapshot, demoModuleUrls, openProbedChapter } from './core-probe.mjs';

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

// The core each demo mounts with, as the page hands it over (core-probe.mjs): the spotlight's own
// module for the spotlight, the shared one for the others.
const coreOf = (name) => (name === 'spotlight' ? '__probeSp' : '__probeLa');

// Mounts the demo `times` times into a fresh element, lets it draw and settle, pokes its state,
// and destroys it. Runs in the page.
function cycles(page, url, times, core) {
  return page.evaluate(
    async ({ url, times, core }) => {
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
        const handle = mod.mount(host, { la: window[core], state: undefined, onStateChange() {} });
        await frames(2);
        const state = handle.getState();
        handle.setState(state);
        await new Promise((r) => setTimeout(r, 30)); // demo timers (debounced redraws, workers) start
        handle.destroy();
        host.remove();
      }
      await frames(2);
    },
    { url, times, core },
  );
}

for (const name of DEMOS) {
  test(`the ${name} demo mounted and destroyed ${CYCLES} times leaves no core objects, workers or JS heap behind`, async () => {
    await cycles(page, urls[name], 3, coreOf(name)); // warm-up: lazy caches, first allocations, JIT
    await new Promise((r) => setTimeout(r, 300));
    const workers = page.workers().length;
    const start = await heapSnapshot(page, cdp);
    await cycles(page, urls[name], CYCLES, coreOf(name));
    await new Promise((r) => setTimeout(r, 300)); // terminated workers disappear asynchronously
    const end = await heapSnapshot(page, cdp);
    console.log(
      `${name}: ${CYCLES} mounts: core heap ${start.wasmHeap} -> ${end.wasmHeap} bytes, ` +
        `wasm memory ${start.wasmMemory} -> ${end.wasmMemory}, spotlight core heap ${start.spotHeap} -> ` +
        `${end.spotHeap}, its memory ${start.spotMemory} -> ${end.spotMemory}, JS heap ${start.jsHeap} -> ${end.jsHeap} ` +
        `(${end.jsHeap - start.jsHeap >= 0 ? '+' : ''}${end.jsHeap - start.jsHeap}), workers ${workers} -> ${page.workers().length}`,
    );
    assert.equal(
      end.wasmHeap,
      start.wasmHeap,
      `${name}: core heap bytes in use (each mount left ${(end.wasmHeap - start.wasmHeap) / CYCLES} bytes)`,
    );
    assert.equal(end.wasmMemory, start.wasmMemory, `${name}: WebAssembly memory grew`);
    assert.equal(
      end.spotHeap,
      start.spotHeap,
      `${name}: spotlight core heap bytes in use (each mount left ${(end.spotHeap - start.spotHeap) / CYCLES} bytes)`,
    );
    assert.equal(end.spotMemory, start.spotMemory, `${name}: the spotlight core's WebAssembly memory grew`);
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
// WebAssembly memory exactly where they were. The spotlight calls its own core once per update
// too (a read of up to 4,096 tokens, its buffers sized by N, m and d): the same for it, on its core.
// These hosts are hidden: the figure's code runs as on screen (it mounts, calls the core, draws its
// state into its elements at the width it falls back to, and is destroyed), but the browser lays out
// and paints none of it, which halved the time of the ledger's and the spotlight's mounts (the
// tests above draw every one of their mounts on screen).
const THOUSAND = 1000;
function quickCycles(page, url, times, states, core) {
  return page.evaluate(
    async ({ url, times, states, core }) => {
      const mod = await import(url);
      const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
      for (let i = 0; i < times; i++) {
        const host = document.createElement('div');
        host.className = 'demo-mount';
        host.hidden = true;
        document.querySelector('main, article, body').append(host);
        const handle = mod.mount(host, { la: window[core], state: undefined, onStateChange() {} });
        handle.setState({ ...handle.getState(), ...states[i % states.length] });
        await frame();
        handle.destroy();
        host.remove();
      }
      await frame();
    },
    { url, times, states, core },
  );
}

test(`the ledger, memory and spotlight figures mounted and destroyed ${THOUSAND} times each hold the core's heap and WebAssembly memory flat`, async () => {
  const figures = {
    ledger: [{ d: 2 }, { d: 3 }, { featureMap: 'elu1' }, { step: 1 }],
    memory: ['llama-3-8b', 'gemma-2-9b', 'jamba-1.5-mini', 'deepseek-v3', 'qwen3-next-80b-a3b'].map((preset, i) => ({
      preset,
      linear: i % 2 === 0,
      tokens: 4096 * (i + 1),
    })),
    spotlight: [
      { n: 64 },
      { n: 4096, cosine: 0.5 },
      { features: 256, d: 32 },
      { dtype: 'fp8', beta: 2 },
      { n: 1000, noise: 0.5, seed: 7 },
    ],
  };
  for (const [name, states] of Object.entries(figures)) {
    // the core this figure mounts with: its heap is the one that must stay flat
    const [heap, memory] = name === 'spotlight' ? ['spotHeap', 'spotMemory'] : ['wasmHeap', 'wasmMemory'];
    await quickCycles(page, urls[name], 2 * states.length, states, coreOf(name)); // warm-up: every state once
    const start = await heapSnapshot(page, cdp);
    await quickCycles(page, urls[name], THOUSAND, states, coreOf(name));
    const end = await heapSnapshot(page, cdp);
    console.log(
      `${name}: ${THOUSAND} mounts: core heap ${start[heap]} -> ${end[heap]}, wasm memory ${start[memory]} -> ${end[memory]}`,
    );
    assert.equal(end[heap], start[heap], `${name}: core heap bytes in use after ${THOUSAND} mounts`);
    assert.equal(end[memory], start[memory], `${name}: WebAssembly memory grew`);
  }
  assert.deepEqual(problems, [], 'console errors, page errors or failed requests');
});
