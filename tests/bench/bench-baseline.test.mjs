// The benchmark's plain-JavaScript KV calculator (tests/bench/baseline.mjs) against the core, on every
// preset of content/presets/models.json: every field both return, for every context length and KV
// number format the benchmark runs. `npm run bench` checks the same through a checksum; this test
// says which field of which preset went wrong, and fails in `npm test`, not only in the bench.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createLinattn } from '../../wasm/index.mjs';
import * as js from './baseline.mjs';
import { WORKLOADS, contextLengths, prepare } from './workloads.mjs';

const la = await createLinattn();
const presets = JSON.parse(readFileSync(new URL('../../content/presets/models.json', import.meta.url), 'utf8')).presets;

test('the bench baseline computes the KV cache of every preset, state and capacity as the core does', () => {
  const q = WORKLOADS.kv;
  let compared = 0;
  for (const p of presets) {
    const model = { layers: p.layers, params: p.params ?? 0 };
    for (const kvDtype of q.dtypes) {
      for (const tokens of contextLengths()) {
        const at = `${p.id}, ${kvDtype}, ${tokens} tokens`;
        const want = la.kvMemory(model, { tokens, sessions: q.sessions, kvDtype, stateDtype: 'bf16' });
        const got = js.kvMemory(model, { tokens, sessions: q.sessions, kvDtype, stateDtype: 'bf16' });
        assert.deepEqual(got, want, `kvMemory: ${at}`);
        const opts = { tokens, sessions: q.capacitySessions, kvDtype, stateDtype: 'bf16', gpuBytes: q.gpuBytes };
        const cw = la.kvCapacity(model, opts);
        const cg = js.kvCapacity(model, opts);
        for (const k of ['weightBytes', 'freeBytes', 'sessionsThatFit', 'longestContext']) {
          assert.equal(cg[k], cw[k], `kvCapacity ${k}: ${at}`);
        }
        compared++;
      }
      assert.equal(
        js.kvCrossover(model, { stateBytes: q.stateBytes, kvDtype }),
        la.kvCrossover(model, { stateBytes: q.stateBytes, kvDtype }),
        `kvCrossover: ${p.id}, ${kvDtype}`,
      );
    }
  }
  assert.ok(compared >= presets.length * 3, `${compared} comparisons`);
  // Hybrids with every layer kind are among them (SSM, chunked, windowed, MLA, linear).
  const kinds = new Set(
    presets.flatMap((p) => p.layers.map((g) => (g.chunk ? 'chunked' : g.window ? 'window' : g.kind))),
  );
  for (const k of ['attention', 'mla', 'linear', 'ssm', 'chunked', 'window'])
    assert.ok(kinds.has(k), `a preset with ${k}`);
});

test('the kv workload of the bench gives the same checksum in WebAssembly and plain JavaScript', () => {
  const wasm = prepare('kv', 'wasm', { la, presets })();
  const plain = prepare('kv', 'js', { presets })();
  assert.deepEqual(plain, wasm);
});
