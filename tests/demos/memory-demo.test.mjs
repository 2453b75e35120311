// The memory demo's pieces that run without a browser: exact byte formatting, the preset data
// (every preset is a model the real core accepts, with a source and a `confirmed` flag), and the
// all-linear variant. Byte counts here are worked out by hand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createLinattn } from '../../wasm/index.mjs';
import {
  divideToDecimal,
  exactBytes,
  formatBytes,
  groupDigits,
  parseGigabytes,
  parseWhole,
  shortTokens,
} from '../../web/src/demos/memory/format.js';

const presets = JSON.parse(readFileSync(new URL('../../content/presets/models.json', import.meta.url), 'utf8')).presets;

test('formatBytes rounds exactly, half up, and never prints NaN, Infinity or exponents', () => {
  assert.equal(formatBytes(131072n).text, '128 KiB');
  assert.equal(formatBytes(70272n).text, '68.63 KiB'); // 68.625 rounds up
  assert.equal(formatBytes(1073741824n, 'decimal').text, '1.07 GB');
  assert.equal(formatBytes(0n).text, '0 B');
  assert.equal(formatBytes(1048575n).text, '1 MiB'); // 1023.999 KiB moves up a unit
  assert.equal(formatBytes(1023n).text, '1,023 B');
  assert.equal(formatBytes((1n << 63n) - 1n).text, '8 EiB');
  assert.equal(formatBytes(2n ** 70n).text, '1,024 EiB');
  assert.equal(exactBytes(17179869184n), '17,179,869,184 bytes');
  assert.equal(exactBytes(1n), '1 byte');
  assert.equal(divideToDecimal(5n, 2n, 0), '3');
  assert.equal(groupDigits(-1234567n), '\u22121,234,567');
  for (let e = 0n; e < 64n; e++) {
    const t = formatBytes(1n << e).text + formatBytes((1n << e) * 3n, 'decimal').text;
    assert.doesNotMatch(t, /NaN|Infinity|e[+-]?\d/);
  }
});

test('token labels and the parsing of typed numbers', () => {
  assert.deepEqual([1000, 4096, 131072, 1048576, 10000000].map(shortTokens), ['1K', '4.1K', '131K', '1.05M', '10M']);
  assert.equal(parseGigabytes('80'), 80000000000n);
  assert.equal(parseGigabytes(' 24.5 '), 24500000000n);
  assert.equal(parseGigabytes('1e3'), null);
  assert.equal(parseGigabytes('-1'), null);
  assert.equal(parseWhole('1,024'), 1024);
  assert.equal(parseWhole('-5'), -5);
  assert.ok(Number.isNaN(parseWhole('abc')));
  assert.ok(Number.isNaN(parseWhole('1.5')));
});

test('every preset is data the core accepts, with a cited source, a note and a confirmed flag', async () => {
  const la = await createLinattn();
  const ids = new Set();
  for (const p of presets) {
    assert.ok(!ids.has(p.id), `duplicate id ${p.id}`);
    ids.add(p.id);
    assert.equal(typeof p.name, 'string');
    assert.equal(typeof p.note, 'string');
    assert.equal(typeof p.confirmed, 'boolean', `${p.id}.confirmed`);
    assert.ok(
      p.source && typeof p.source.citation === 'string' && p.source.citation.length > 0,
      `${p.id} cites a source`,
    );
    assert.ok(p.source.url === null || /^https:\/\//.test(p.source.url), `${p.id} url`);
    if (!p.confirmed) assert.match(p.note, /Uncertain/, `${p.id}: an unconfirmed preset says what is uncertain`);
    const model = { layers: p.layers };
    if (p.params !== undefined) model.params = p.params;
    const r = la.kvMemory(model, { tokens: 1000 });
    assert.equal(typeof r.kvBytes, 'bigint');
  }
  const byId = (id) => ({ layers: presets.find((p) => p.id === id).layers });
  const bf16 = 2n;
  assert.equal(la.kvMemory(byId('llama-3-8b'), { tokens: 1 }).kvBytesPerToken, 2n * 8n * 128n * 32n * bf16);
  assert.equal(la.kvMemory(byId('deepseek-v3'), { tokens: 1 }).kvBytesPerToken, 576n * 61n * bf16);
  assert.equal(la.kvMemory(byId('one-head-linear'), { tokens: 1e7, stateDtype: 'fp32' }).stateBytes, 4096n * 4n);
});

test('the all-linear variant replaces attention and MLA groups and merges equal shapes', async () => {
  const { linearized } = await import('../../web/src/demos/memory/models.js');
  const out = linearized(
    {
      layers: [
        { kind: 'linear', count: 36, heads: 32, keyDim: 128, valueDim: 128 },
        { kind: 'attention', count: 12, kvHeads: 2, headDim: 256 },
      ],
    },
    { heads: 32, keyDim: 128, valueDim: 128 },
  );
  assert.deepEqual(out.layers, [{ kind: 'linear', count: 48, heads: 32, keyDim: 128, valueDim: 128 }]);
});

test('the preset menu headings describe the attention (full, windowed or chunked, latent), never “dense” of a mixture of experts', async () => {
  const { presetCategory } = await import('../../web/src/demos/memory/models.js');
  const byId = (id) => presets.find((p) => p.id === id);
  for (const p of presets) assert.doesNotMatch(presetCategory(p), /dense/i, `${p.id}: ${presetCategory(p)}`);
  assert.equal(presetCategory(byId('llama-2-7b')), 'Full softmax attention');
  assert.equal(presetCategory(byId('qwen2.5-7b')), 'Full softmax attention');
  // every layer full or some of them windowed or chunked: mixture of experts or not is no matter here
  for (const id of ['mistral-7b-v0.1', 'gemma-2-9b', 'gemma-3-27b', 'gpt-oss-120b', 'gpt-oss-20b', 'llama-4-scout'])
    assert.equal(presetCategory(byId(id)), 'Windowed or chunked attention (some layers or all)', id);
});

test('model shapes: the preset menu headings, the all-linear twin and the custom editor starting copy', async () => {
  const { customFrom, presetCategory, twinOf } = await import('../../web/src/demos/memory/models.js');
  const byId = (id) => presets.find((p) => p.id === id);
  assert.equal(presetCategory(byId('llama-3-8b')), 'Full softmax attention');
  assert.equal(presetCategory(byId('deepseek-v3')), 'Latent attention (MLA)');
  assert.equal(presetCategory(byId('qwen3-next-80b-a3b')), 'Hybrids: linear + attention layers');
  assert.equal(presetCategory(byId('one-head-linear')), "The chapter's own");
  // one rule (query heads × head_dim²): a preset writes its query heads down; a custom model gives
  // them on its attention groups; an old link without them falls back to the KV heads
  assert.deepEqual(twinOf(byId('llama-3-8b')), { heads: 32, keyDim: 128, valueDim: 128 });
  const custom = {
    layers: [
      { kind: 'mla', count: 3, latentDim: 576 },
      { kind: 'attention', count: 4, kvHeads: 8, headDim: 64 },
    ],
  };
  assert.deepEqual(twinOf(custom), { heads: 8, keyDim: 64, valueDim: 64 });
  assert.equal(twinOf({ layers: [{ kind: 'mla', count: 3, latentDim: 576 }] }), null);
  assert.deepEqual(twinOf({ layers: [{ ...custom.layers[1], queryHeads: 32 }] }), {
    heads: 32,
    keyDim: 64,
    valueDim: 64,
  });
  // the editor starts from a deep copy of what is shown, with its params, the twin's query heads on
  // the attention groups of its head_dim, and the trained context
  const shown = {
    model: { layers: custom.layers, params: 7e9 },
    twin: { heads: 32, keyDim: 64, valueDim: 64 },
    base: { maxContext: 8192 },
  };
  const copy = customFrom(shown);
  assert.deepEqual(copy, {
    layers: [custom.layers[0], { ...custom.layers[1], queryHeads: 32 }],
    params: 7e9,
    maxContext: 8192,
  });
  // an MLA-only model has no attention group to carry them: its twin stays whole
  const mla = { model: { layers: [custom.layers[0]] }, twin: { heads: 128, keyDim: 128, valueDim: 128 } };
  assert.deepEqual(customFrom(mla), { layers: [custom.layers[0]], linearTwin: mla.twin });
  copy.layers[1].kvHeads = 1;
  assert.equal(custom.layers[1].kvHeads, 8);
  assert.deepEqual(customFrom({ model: { layers: [] }, twin: null }), { layers: [] });
});

test('computeMemory: a move of the context slider reuses the curve, the state per session and the crossover, and shows the same numbers as a fresh computation', async () => {
  const la = await createLinattn();
  const { computeMemory } = await import('../../web/src/demos/memory/compute.js');
  const { defaultState } = await import('../../web/src/demos/memory/state.js');
  for (const preset of ['llama-3-8b', 'minimax-text-01', 'qwen3-next-80b-a3b']) {
    const at1k = { ...defaultState(), preset, tokens: 1000 };
    const first = computeMemory(la, at1k);
    const moved = computeMemory(la, { ...at1k, tokens: 1000000 }, first);
    const fresh = computeMemory(la, { ...at1k, tokens: 1000000 });
    assert.equal(moved.samples, first.samples, `${preset}: the curve is reused`);
    assert.equal(moved.crossover, first.crossover, `${preset}: the crossover is reused`);
    assert.deepEqual(moved, fresh, `${preset}: what is shown at 1M tokens`);
    assert.notDeepEqual(moved.now, first.now, `${preset}: the bytes at the context do change`);
    // Another KV dtype is another curve, state and crossover.
    const bf = computeMemory(la, { ...at1k, tokens: 1000000, kvDtype: 'fp8' }, first);
    assert.notEqual(bf.samples, first.samples);
    assert.deepEqual(bf, computeMemory(la, { ...at1k, tokens: 1000000, kvDtype: 'fp8' }));
  }
});

test('the figure asks the core for the curve columns it draws, the ones the bench times it asking for', async () => {
  const { CURVE_FIELDS } = await import('../../web/src/demos/memory/compute.js');
  const { MEMORY_CURVE_FIELDS, nativeSpec } = await import('../bench/workloads.mjs');
  assert.deepEqual(CURVE_FIELDS, MEMORY_CURVE_FIELDS);
  // The native side's bits: bit k for the k-th field of a KV result (wasm/core/kv_batch.hpp).
  const line = nativeSpec(presets)
    .split('\n')
    .find((l) => l.startsWith('memoryupdate '));
  const order = ['kvBytesPerToken', 'growingBytesPerToken', 'cappedBytesPerToken', 'kvBytes', 'growingBytes'];
  order.push('cappedBytes', 'cappedFullTokens', 'stateBytes', 'convBytes', 'totalBytes', 'perSessionBytes');
  const bits = CURVE_FIELDS.reduce((m, f) => m | (1 << order.indexOf(f)), 0);
  assert.equal(Number(line.split(' ').at(-1)), bits);
});

test('the summary says what fits no finer than the core knows it: unknown weights, weights too big, a limit', async () => {
  const { fitSentence } = await import('../../web/src/demos/memory/labels.js');
  const { computeAll } = await import('../../web/src/demos/memory/compute.js');
  const la = await createLinattn();
  const state = { gpu: '80', unit: 'binary', tp: 1, tokens: 8192, sessions: 1, kvDtype: 'bf16', stateDtype: 'bf16' };
  const s = { ...state, gpuBytes: 80e9, weightDtype: 'bf16' };
  const mixtral = { layers: [{ kind: 'attention', count: 32, kvHeads: 8, headDim: 128 }] };
  // No params: the core refuses kvCapacity, and the figure asks for the count instead of a number.
  const unknown = computeAll(la, s, mixtral, null, null);
  assert.equal(unknown.capacity, null);
  assert.match(fitSentence(state, unknown.capacity), /needs the model’s parameter count/);
  const heavy = computeAll(la, s, { ...mixtral, params: 46.7e9 }, null, null);
  assert.equal(
    fitSentence(state, heavy.capacity),
    'Nothing fits on the 80 GB (74.51 GiB) GPU: the weights alone need 86.99 GiB of 80 GB.',
  );
  const head = { layers: [{ kind: 'linear', count: 1, heads: 1, keyDim: 64, valueDim: 64 }], params: 0 };
  const many = computeAll(la, s, head, null, null);
  assert.equal(fitSentence(state, many.capacity), 'More than 1,000,000 sessions fit on the 80 GB (74.51 GiB) GPU.');
});

test('a chunked model’s curve is the saw tooth: asked of the core just before and after each chunk boundary', async () => {
  const la = await createLinattn();
  const { computeMemory } = await import('../../web/src/demos/memory/compute.js');
  const { defaultState } = await import('../../web/src/demos/memory/state.js');
  const r = computeMemory(la, { ...defaultState(), preset: 'llama-4-scout', tokens: 10000 });
  const at = (t) => r.curve.find((row) => row.tokens === t);
  // 12 global layers x 4,096 B per token, 36 chunked x 4,096 B per token of the chunk in progress:
  // at 8,192 the chunk is full (8,192 x 196,608), at 8,193 a new one holds 1 token.
  assert.equal(at(8192).kvBytes, 8192n * 196608n);
  assert.equal(at(8193).kvBytes, 8193n * 49152n + 147456n);
  assert.ok(at(8193).kvBytes < at(8192).kvBytes);
  // Every boundary while a tooth is at least a thousandth of the (log) context axis wide, so the
  // first hundred teeth are each drawn; past that, one boundary per thousandth of the axis.
  for (let k = 1; k <= 100; k++) assert.ok(at(8192 * k + 1).kvBytes < at(8192 * k).kvBytes, `tooth ${k}`);
  assert.ok(r.curve.length < 1000, `${r.curve.length} points`);
  const tops = r.curve.filter((row) => row.tokens % 8192 === 0).map((row) => row.tokens);
  for (let i = 1; i < tops.length; i++) {
    const [a, b] = [tops[i - 1], tops[i]];
    assert.ok(b - a === 8192 || Math.log10(b / a) <= 4 / 1000 + 1e-12, `teeth at ${a} and ${b}`);
    assert.ok(at(b + 1).kvBytes < at(b).kvBytes, `the drop after ${b}`);
  }
  assert.ok(tops.includes(8192 * 100) && tops.at(-1) > 9.9e6);
  // The table keeps its 60-odd lengths, each at its true size (10,000 tokens: 1,808 in the chunk).
  assert.ok(r.samples.length <= 62);
  assert.equal(r.now.kvBytes, 10000n * 49152n + 1808n * 147456n);
  // A model without chunks is drawn through its samples alone.
  const dense = computeMemory(la, { ...defaultState(), preset: 'llama-3-8b' });
  assert.equal(dense.curve, dense.samples);
});
