// createLinattn({ wasmModule }): the core compiled elsewhere (the custom elements' page posts its
// own to the overcapacity worker) is instantiated as it is, and a module that cannot be
// instantiated rejects instead of leaving the caller waiting.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { compiledModule, createLinattn } from '../../wasm/index.mjs';

const wasmFile = new URL('../../build/wasm/linattn.wasm', import.meta.url);
// A module whose one import, x.y, no core provides: its instantiation fails to link.
const FOREIGN = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 4, 1, 96, 0, 0, 2, 7, 1, 1, 120, 1, 121, 0, 0]);

test('a compiled module gives the same core as the loader: same limits, same numbers', async () => {
  const wasmModule = await WebAssembly.compile(readFileSync(wasmFile));
  const [fromModule, loaded] = await Promise.all([createLinattn({ wasmModule }), createLinattn()]);
  assert.deepEqual(fromModule.limits, loaded.limits);
  assert.deepEqual([...fromModule.randomNormals(7, 5)], [...loaded.randomNormals(7, 5)]);
  // Node's glue is not the elements' build: it keeps no module to hand on.
  assert.equal(compiledModule(loaded), undefined);
});

test('a module that is not the core, or not a module, rejects (no wait forever)', async () => {
  const other = await WebAssembly.compile(FOREIGN);
  for (const wasmModule of [other, {}]) {
    const outcome = await Promise.race([
      createLinattn({ wasmModule }).then(
        () => 'resolved',
        (e) => e,
      ),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 5000)),
    ]);
    assert.ok(
      outcome instanceof Error,
      `createLinattn with ${other === wasmModule ? 'a foreign module' : '{}'}: ${outcome}`,
    );
  }
});
