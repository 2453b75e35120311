// The memory presets of 2025-2026 through the real core: for each, the bytes per token that grow
// with the context, the bytes that stop growing at a window or chunk, and the state fixed per
// sequence (recurrent / SSM matrices and short-convolution state), each worked by hand from the
// model's config (shown beside it), plus the published figures we know (Jamba-1.5 paper: 4 GB and
// 9 GB of KV cache at 256K tokens). Also tensor parallelism in kvCapacity.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createLinattn } from '../../wasm/index.mjs';
import { modelFromConfig } from '../../wasm/model-config.mjs';

const presets = JSON.parse(readFileSync(new URL('../../content/presets/models.json', import.meta.url), 'utf8')).presets;
const preset = (id) => {
  const p = presets.find((x) => x.id === id);
  assert.ok(p, id);
  return { layers: p.layers, params: p.params };
};
const fixture = (name) => readFileSync(new URL(`./fixtures/configs/${name}`, import.meta.url), 'utf8');

const la = await createLinattn();
const GiB = 1024n ** 3n;

// One session in bf16 (2 bytes a number) unless said otherwise.
function terms(model, tokens, opts = {}) {
  return la.kvMemory(model, { tokens, ...opts });
}

test('gpt-oss-120b / -20b: half the layers stop growing at 128 tokens', () => {
  // 120b: 18 full layers x 2 (K, V) x 8 KV heads x 64 x 2 bytes = 36,864 bytes per token, forever;
  // 18 windowed layers the same 36,864 per token up to 128 tokens: 36,864 x 128 = 4,718,592 at most.
  const r = terms(preset('gpt-oss-120b'), 100000);
  assert.equal(r.growingBytesPerToken, 36864n);
  assert.equal(r.cappedBytesPerToken, 36864n);
  assert.equal(r.growingBytes, 36864n * 100000n);
  assert.equal(r.cappedBytes, 4718592n);
  assert.equal(r.kvBytes, 36864n * 100000n + 4718592n);
  assert.equal(r.stateBytes, 0n);
  // Under the window every layer still grows.
  assert.equal(terms(preset('gpt-oss-120b'), 100).kvBytes, 73728n * 100n);
  // 20b: 12 + 12 layers x 2 x 8 x 64 x 2 = 24,576 each; windowed part at most 24,576 x 128 = 3,145,728.
  const s = terms(preset('gpt-oss-20b'), 100000);
  assert.equal(s.growingBytesPerToken, 24576n);
  assert.equal(s.cappedBytes, 3145728n);
});

test('Gemma-3-27B: 52 windowed layers flat after 1,024 tokens, 10 global layers grow', () => {
  // per layer and token 2 x 16 x 128 x 2 = 8,192 bytes; 10 global: 81,920; 52 local: 425,984 per
  // token up to 1,024 tokens = 436,207,616 bytes at most.
  const r = terms(preset('gemma-3-27b'), 131072);
  assert.equal(r.growingBytesPerToken, 81920n);
  assert.equal(r.cappedBytesPerToken, 425984n);
  assert.equal(r.cappedBytes, 436207616n);
  assert.equal(r.growingBytes, 81920n * 131072n);
});

test('Llama-4-Scout: 36 chunked layers hold the chunk in progress, at most 8,192 tokens', () => {
  // per layer and token 2 x 8 x 128 x 2 = 4,096; 12 global: 49,152; 36 chunked: 147,456 per token
  // for the tokens of the chunk in progress: 1,000,000 = 122 x 8,192 + 576, so 576 x 147,456.
  const r = terms(preset('llama-4-scout'), 1000000);
  assert.equal(r.growingBytesPerToken, 49152n);
  assert.equal(r.cappedBytesPerToken, 147456n);
  assert.equal(r.cappedBytes, 576n * 147456n);
  // At 10,000 tokens: 1,808 tokens in the chunk, 266,600,448 bytes (254.25 MiB, not 1,152 MiB).
  assert.equal(terms(preset('llama-4-scout'), 10000).cappedBytes, 266600448n);
  assert.equal(terms(preset('llama-4-scout'), 8192).cappedBytes, 1207959552n);
  assert.equal(r.growingBytes, 49152n * 1000000n);
  // The config's own import gives the same figures.
  const m = modelFromConfig(fixture('llama-4-scout-17b-16e-instruct.json'));
  assert.deepEqual(terms(m, 1000000), r);
});

test('Qwen3.5 hybrids: recurrent state and convolution state are fixed per sequence', () => {
  // 27B: 16 attention layers x 2 x 4 x 256 x 2 = 65,536 bytes per token.
  // state: 48 layers x 48 heads x 128 x 128 = 37,748,736 numbers; fp32 (the config's mamba_ssm_dtype):
  // 150,994,944 bytes. conv: 48 layers x (4 - 1) x 10,240 channels = 1,474,560 numbers: 5,898,240 in fp32.
  const r = terms(preset('qwen3.5-27b'), 262144, { stateDtype: 'fp32' });
  assert.equal(r.growingBytesPerToken, 65536n);
  assert.equal(r.cappedBytesPerToken, 0n);
  assert.equal(r.convBytes, 5898240n);
  assert.equal(r.stateBytes, 150994944n + 5898240n);
  // 35B-A3B in bf16: 10 x 2 x 2 x 256 x 2 = 20,480 per token; 30 x 32 x 128 x 128 x 2 = 31,457,280;
  // conv 30 x 3 x 8,192 x 2 = 1,474,560.
  const s = terms(preset('qwen3.5-35b-a3b'), 1000);
  assert.equal(s.growingBytesPerToken, 20480n);
  assert.equal(s.convBytes, 1474560n);
  assert.equal(s.stateBytes, 31457280n + 1474560n);
});

test('Nemotron-H-8B: 4 attention layers grow, 24 Mamba-2 layers are fixed', () => {
  // 4 x 2 x 8 x 128 x 2 = 16,384 bytes per token. SSM: 24 x 128 heads x 64 x 128 state x 2 =
  // 50,331,648; conv: 24 x 3 x (128 x 64 + 2 x 8 x 128 = 10,240) x 2 = 1,474,560; fixed in all
  // 51,806,208 bytes (another project's test derives the same 51,806,208 from vLLM's cache shapes).
  const r = terms(preset('nemotron-h-8b'), 8192);
  assert.equal(r.growingBytesPerToken, 16384n);
  assert.equal(r.convBytes, 1474560n);
  assert.equal(r.stateBytes, 51806208n);
  assert.equal(r.growingBytes, 16384n * 8192n);
});

test('Falcon-H1-7B: attention and Mamba-2 in all 44 layers', () => {
  // 44 x 2 x 2 x 128 x 2 = 45,056 bytes per token (44 KiB); SSM 44 x 24 x 128 x 256 x 2 = 69,206,016;
  // conv 44 x 3 x 3,584 x 2 = 946,176.
  const r = terms(preset('falcon-h1-7b'), 4096);
  assert.equal(r.growingBytesPerToken, 45056n);
  assert.equal(r.convBytes, 946176n);
  assert.equal(r.stateBytes, 69206016n + 946176n);
});

test("Jamba-1.5: the paper's 4 GB and 9 GB of KV cache at 256K tokens", () => {
  // Mini: 4 attention layers x 2 x 8 x 128 x 2 = 16,384 bytes per token x 262,144 = 4 GiB.
  const mini = terms(preset('jamba-1.5-mini'), 262144);
  assert.equal(mini.growingBytesPerToken, 16384n);
  assert.equal(mini.kvBytes, 4n * GiB);
  // Mamba: 28 x 8,192 x 16 x 2 = 7,340,032; conv 28 x 3 x 8,192 x 2 = 1,376,256.
  assert.equal(mini.convBytes, 1376256n);
  assert.equal(mini.stateBytes, 7340032n + 1376256n);
  // Large: 9 attention layers: 36,864 bytes per token x 262,144 = 9 GiB.
  const large = terms(preset('jamba-1.5-large'), 262144);
  assert.equal(large.kvBytes, 9n * GiB);
  // Mamba: 63 x 16,384 x 16 x 2 = 33,030,144; conv 63 x 3 x 16,384 x 2 = 6,193,152.
  assert.equal(large.stateBytes, 33030144n + 6193152n);
  // The transcribed Mini config imports to the same numbers.
  assert.deepEqual(terms(modelFromConfig(fixture('jamba-1.5-mini.transcribed.json')), 262144), mini);
});

test('MiniMax-M1: 10 softmax layers grow, 70 lightning layers are fixed', () => {
  // 10 x 2 x 8 x 128 x 2 = 40,960 per token; 70 x 64 x 128 x 128 x 2 = 146,800,640; no convolution.
  const r = terms(preset('minimax-m1'), 1000000);
  assert.equal(r.growingBytesPerToken, 40960n);
  assert.equal(r.stateBytes, 146800640n);
  assert.equal(r.convBytes, 0n);
});

test('every preset states its maxContext and where it comes from', () => {
  for (const p of presets) {
    assert.ok(p.maxContext === null || (Number.isInteger(p.maxContext) && p.maxContext > 0), p.id);
    assert.equal(typeof p.maxContextSource, 'string', p.id);
    assert.ok(p.maxContextSource.length > 0, p.id);
  }
});

test('tensor parallelism: N GPUs share the weights and the KV heads; few KV heads are replicated', () => {
  // Llama-3.1-70B (70.6 B parameters, 80 layers, 8 KV heads x 128) on 80 GB GPUs at 8,192 tokens.
  const llama = preset('llama-3.1-70b');
  const one = la.kvCapacity(llama, { tokens: 8192, gpuBytes: 80e9 });
  // One GPU: weights 141.2 GB do not fit.
  assert.equal(one.weightBytes, 141200000000n);
  assert.equal(one.sessionsThatFit, 0n);
  // Four GPUs: 35.3 GB of weights each; 2 KV heads each: 80 x 2 x 2 x 128 x 2 = 81,920 bytes per
  // token, 671,088,640 per session of 8,192 tokens; (80e9 - 35.3e9) / 671,088,640 = 66 sessions.
  const four = la.kvCapacity(llama, { tokens: 8192, gpuBytes: 80e9, tp: 4 });
  assert.equal(four.weightBytes, 35300000000n);
  assert.equal(four.sessionBytes, 671088640n);
  assert.equal(four.sessionsThatFit, 66n);
  assert.equal(four.longestContext, (80000000000n - 35300000000n) / 81920n);
  assert.equal(four.kvHeadsReplicated, false);
  // Sixteen GPUs: 8 KV heads cannot be split 16 ways; each GPU keeps one: 40,960 bytes per token.
  const sixteen = la.kvCapacity(llama, { tokens: 8192, gpuBytes: 80e9, tp: 16 });
  assert.equal(sixteen.kvHeadsReplicated, true);
  assert.equal(sixteen.sessionBytes, 40960n * 8192n);
  // Bad tp values name the option.
  for (const tp of [0, 2.5, 2048]) {
    assert.throws(
      () => la.kvCapacity(llama, { tokens: 1, gpuBytes: 1e9, tp }),
      (e) => e.field === 'tp',
    );
  }
});

test('la.modelFromConfig feeds kvMemory directly, and refuses with the field named', () => {
  const m = la.modelFromConfig(fixture('qwen3-next-80b-a3b-thinking.json'));
  // 12 attention layers x 2 x 2 x 256 x 2 = 24,576 bytes per token; 36 x 32 x 128 x 128 x 2 =
  // 37,748,736 bytes of state; conv 36 x 3 x 8,192 x 2 = 1,769,472.
  const r = la.kvMemory(m, { tokens: 1000 });
  assert.equal(r.growingBytesPerToken, 24576n);
  assert.equal(r.convBytes, 1769472n);
  assert.equal(r.stateBytes, 37748736n + 1769472n);
  assert.throws(
    () => la.modelFromConfig('{"model_type": "my_decoder"}'),
    (e) => e.name === 'LinattnTypeError' && e instanceof TypeError && e.field === 'config.num_hidden_layers',
  );
  assert.throws(
    () => la.modelFromConfig('{"model_type": "bert"}'),
    (e) => e.name === 'LinattnError' && e instanceof RangeError && e.field === 'config.model_type',
  );
  assert.throws(
    () => la.modelFromConfig('not json'),
    (e) => e.name === 'LinattnTypeError' && e instanceof TypeError && e.field === 'config',
  );
});

test('Kimi-Linear and Qwen3-Next now count their short-convolution state', () => {
  // Kimi: 20 KDA layers x 32 x 128 x 128 x 2 = 20,971,520; conv 20 x 3 x 12,288 x 2 = 1,474,560.
  const kimi = terms(preset('kimi-linear-48b-a3b'), 1000);
  assert.equal(kimi.convBytes, 1474560n);
  assert.equal(kimi.stateBytes, 20971520n + 1474560n);
  // Qwen3-Next: 36 x 32 x 128 x 128 x 2 = 37,748,736; conv 36 x 3 x 8,192 x 2 = 1,769,472; the
  // config import gives the same.
  const next = terms(preset('qwen3-next-80b-a3b'), 1000);
  assert.equal(next.stateBytes, 37748736n + 1769472n);
  assert.deepEqual(terms(modelFromConfig(fixture('qwen3-next-80b-a3b-thinking.json')), 1000), next);
});
