// modelFromConfig (wasm/model-config.mjs) on real config.json texts kept as fixtures
// (tests/api/fixtures/configs, sources in SOURCES.md): each fixture -> the layer groups worked
// out by hand from the config's own numbers (shown beside each case), and bad input -> a clear Error.
// Pure JavaScript: no WebAssembly, no network.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { modelFromConfig, SUPPORTED_MODEL_TYPES } from '../../wasm/model-config.mjs';

const fixture = (name) => readFileSync(new URL(`./fixtures/configs/${name}`, import.meta.url), 'utf8');
const fromFixture = (name) => modelFromConfig(fixture(name));

test('llama (Llama-3.1-8B, verbatim): 32 full-attention layers, params from the config', () => {
  const m = fromFixture('llama-3.1-8b.json');
  assert.equal(m.modelType, 'llama');
  // num_hidden_layers 32, num_key_value_heads 8; no head_dim in the file: 4096 / 32 = 128 (noted).
  assert.deepEqual(m.layers, [{ kind: 'attention', count: 32, kvHeads: 8, headDim: 128 }]);
  assert.ok(m.notes.some((n) => /head_dim absent/.test(n)));
  assert.equal(m.maxContext, 131072); // max_position_embeddings
  // vocab 128256 x hidden 4096 twice (embeddings + untied lm_head) = 1,050,673,152
  // per layer: q,o 2 x 4096 x 4096 + k,v 2 x 4096 x 1024 + MLP 3 x 4096 x 14336 + 2 norms x 4096
  //          = 33,554,432 + 8,388,608 + 176,160,768 + 8,192 = 218,112,000; x 32 = 6,979,584,000
  // + final norm 4096 -> 8,030,261,248
  assert.equal(m.params, 8030261248);
});

test('qwen3 (Qwen3-8B, verbatim): head_dim read from the config, q/k norms in params', () => {
  const m = fromFixture('qwen3-8b.json');
  assert.deepEqual(m.layers, [{ kind: 'attention', count: 36, kvHeads: 8, headDim: 128 }]);
  // use_sliding_window false: sliding_window (null here) is not used.
  assert.equal(m.maxContext, 40960);
  // 151936 x 4096 x 2 = 1,244,659,712; per layer 2 x 4096 x 4096 + 2 x 4096 x 1024 + 3 x 4096 x 12288
  // + 2 x 4096 + 2 x 128 (q_norm, k_norm) = 33,554,432 + 8,388,608 + 150,994,944 + 8,192 + 256
  // = 192,946,432; x 36 = 6,946,071,552; + 4096 -> 8,190,735,360
  assert.equal(m.params, 8190735360);
});

test('qwen2 (Qwen2-7B, transcription): qkv biases in params, the window is off', () => {
  const m = fromFixture('qwen2-7b.transcribed.json');
  // 3584 / 28 = 128 (no head_dim in the file); use_sliding_window false although sliding_window is 131072.
  assert.deepEqual(m.layers, [{ kind: 'attention', count: 28, kvHeads: 4, headDim: 128 }]);
  assert.ok(m.notes.some((n) => /use_sliding_window is false/.test(n)));
  // 152064 x 3584 x 2 = 1,089,994,752; per layer 2 x 3584 x 3584 + 2 x 3584 x 512 + biases
  // (3584 + 2 x 512) + 3 x 3584 x 18944 + 2 x 3584 = 25,690,112 + 3,670,016 + 4,608 + 203,685,888
  // + 7,168 = 233,057,792; x 28 = 6,525,618,176; + 3584 -> 7,615,616,512
  assert.equal(m.params, 7615616512);
});

test('qwen2 with use_sliding_window: layers from max_window_layers on slide', () => {
  const cfg = JSON.parse(fixture('qwen2-7b.transcribed.json'));
  const m = modelFromConfig({ ...cfg, use_sliding_window: true, sliding_window: 4096, max_window_layers: 20 });
  assert.deepEqual(m.layers, [
    { kind: 'attention', count: 20, kvHeads: 4, headDim: 128 },
    { kind: 'attention', count: 8, kvHeads: 4, headDim: 128, window: 4096 },
  ]);
});

test('mistral (Mistral-7B-v0.3, transcription): sliding_window null -> full attention', () => {
  const m = fromFixture('mistral-7b-v0.3.transcribed.json');
  assert.deepEqual(m.layers, [{ kind: 'attention', count: 32, kvHeads: 8, headDim: 128 }]);
  // Mistral-7B-v0.1's sliding_window 4096 puts the window on every layer.
  const v01 = modelFromConfig({ ...JSON.parse(fixture('mistral-7b-v0.3.transcribed.json')), sliding_window: 4096 });
  assert.deepEqual(v01.layers, [{ kind: 'attention', count: 32, kvHeads: 8, headDim: 128, window: 4096 }]);
  // 32768 x 4096 x 2 + 32 x (2 x 4096^2 + 2 x 4096 x 1024 + 3 x 4096 x 14336 + 2 x 4096) + 4096
  assert.equal(m.params, 7248023552);
});

test('gemma2 (Gemma-2-9B, transcription): 42 layers alternate local/global; head_dim 256, not 3584/16', () => {
  const m = fromFixture('gemma-2-9b.transcribed.json');
  // layer i slides when (i + 1) is odd: 21 windowed (4096) + 21 global; head_dim 256 from the file.
  assert.deepEqual(m.layers, [
    { kind: 'attention', count: 21, kvHeads: 8, headDim: 256, window: 4096 },
    { kind: 'attention', count: 21, kvHeads: 8, headDim: 256 },
  ]);
  // 42 x (attention 3584 x 16 x 256 x 2 + 3584 x 8 x 256 x 2 + gated MLP 3 x 3584 x 14336 + norms)
  // + tied embeddings 256,000 x 3584: 9,241,404,928 (the published 9.24B, google/gemma-2-9b)
  assert.equal(m.params, 9241404928);
});

test('gemma3 (Gemma-3-1B, transcription) and its nested text_config form', () => {
  const m = fromFixture('gemma-3-1b-it.transcribed.json');
  // 26 layers, sliding_window_pattern 6: layers 6, 12, 18, 24 (1-based) global -> 4 global, 22 local (512).
  assert.deepEqual(m.layers, [
    { kind: 'attention', count: 22, kvHeads: 1, headDim: 256, window: 512 },
    { kind: 'attention', count: 4, kvHeads: 1, headDim: 256 },
  ]);
  // The multimodal wrapper (model_type gemma3) keeps the same numbers in text_config; some released
  // files omit sliding_window_pattern (default 6). The wrapper below is built by the test.
  const text = JSON.parse(fixture('gemma-3-1b-it.transcribed.json'));
  delete text.sliding_window_pattern;
  const wrapped = modelFromConfig({
    model_type: 'gemma3',
    architectures: ['Gemma3ForConditionalGeneration'],
    text_config: text,
  });
  assert.deepEqual(wrapped.layers, m.layers);
  assert.ok(wrapped.notes.some((n) => /text_config/.test(n)));
  assert.ok(wrapped.notes.includes('sliding_window_pattern: 6, Gemma3TextConfig default.'));
  assert.equal(wrapped.maxContext, 32768);
});

test('deepseek_v2 / deepseek_v3 (MLA): one latent of kv_lora_rank + qk_rope_head_dim per layer', () => {
  // DeepSeek-V3 (verbatim): 61 layers x (512 + 64); num_key_value_heads 128 is not what MLA caches.
  const v3 = fromFixture('deepseek-v3.json');
  assert.deepEqual(v3.layers, [{ kind: 'mla', count: 61, latentDim: 576 }]);
  assert.ok(v3.notes.some((n) => /multi-token-prediction/.test(n)));
  assert.equal(v3.maxContext, 163840);
  // DeepSeek-V2-Lite (transcription): 27 layers x (512 + 64).
  const v2 = fromFixture('deepseek-v2-lite.transcribed.json');
  assert.deepEqual(v2.layers, [{ kind: 'mla', count: 27, latentDim: 576 }]);
});

test('qwen3_next (Qwen3-Next-80B-A3B, verbatim): full_attention_interval 4 -> 36 Gated DeltaNet + 12 attention', () => {
  const m = fromFixture('qwen3-next-80b-a3b-thinking.json');
  // linear: 32 value heads x 128 x 128; conv kernel 4 over q,k (16 heads x 128 each) and v (32 x 128):
  // 2 x 16 x 128 + 32 x 128 = 8,192 channels. Attention: 2 KV heads x head_dim 256 (given).
  assert.deepEqual(m.layers, [
    { kind: 'linear', count: 36, heads: 32, keyDim: 128, valueDim: 128, convKernel: 4, convChannels: 8192 },
    { kind: 'attention', count: 12, kvHeads: 2, headDim: 256 },
  ]);
  assert.equal(m.maxContext, 262144);
});

test('qwen3_5 / qwen3_5_moe (Qwen3.5, verbatim): layer_types inside text_config', () => {
  const dense = fromFixture('qwen3.5-27b.json');
  // 64 layers, every 4th full: 48 linear (48 value heads x 128 x 128; conv 2 x 16 x 128 + 48 x 128
  // = 10,240) + 16 attention (4 KV heads x 256).
  assert.deepEqual(dense.layers, [
    { kind: 'linear', count: 48, heads: 48, keyDim: 128, valueDim: 128, convKernel: 4, convChannels: 10240 },
    { kind: 'attention', count: 16, kvHeads: 4, headDim: 256 },
  ]);
  const moe = fromFixture('qwen3.5-35b-a3b.json');
  // 40 layers: 30 linear (32 value heads; conv 2 x 16 x 128 + 32 x 128 = 8,192) + 10 attention (2 x 256).
  assert.deepEqual(moe.layers, [
    { kind: 'linear', count: 30, heads: 32, keyDim: 128, valueDim: 128, convKernel: 4, convChannels: 8192 },
    { kind: 'attention', count: 10, kvHeads: 2, headDim: 256 },
  ]);
});

test('kimi_linear (Kimi-Linear-48B-A3B, transcription): 1-based full_attn_layers -> 20 KDA + 7 MLA', () => {
  const m = fromFixture('kimi-linear-48b-a3b.transcribed.json');
  // full_attn_layers 4, 8, ..., 24, 27 are 1-based (27 is the last of 27 layers): 7 MLA (512 + 64).
  // KDA: 32 heads x 128 x 128; conv kernel 4 on q, k and v: 3 x 32 x 128 = 12,288 channels.
  // The top-level head_dim 72 (2304 / 32) is not what either kind caches.
  assert.deepEqual(m.layers, [
    { kind: 'linear', count: 20, heads: 32, keyDim: 128, valueDim: 128, convKernel: 4, convChannels: 12288 },
    { kind: 'mla', count: 7, latentDim: 576 },
  ]);
  assert.equal(m.maxContext, 1048576); // model_max_length (the file has no max_position_embeddings)
  assert.ok(m.notes.some((n) => /model_max_length/.test(n)));
});

test('gpt_oss (gpt-oss-120b and -20b, verbatim): layer_types alternate a 128-token window and full attention', () => {
  const big = fromFixture('gpt-oss-120b.json');
  // 36 layers: 18 sliding (window 128) + 18 full; 8 KV heads x head_dim 64 (given; 2880 / 64 = 45 is not it).
  assert.deepEqual(big.layers, [
    { kind: 'attention', count: 18, kvHeads: 8, headDim: 64, window: 128 },
    { kind: 'attention', count: 18, kvHeads: 8, headDim: 64 },
  ]);
  const small = fromFixture('gpt-oss-20b.json');
  assert.deepEqual(small.layers, [
    { kind: 'attention', count: 12, kvHeads: 8, headDim: 64, window: 128 },
    { kind: 'attention', count: 12, kvHeads: 8, headDim: 64 },
  ]);
  assert.equal(small.maxContext, 131072);
});

test('nemotron_h (Nemotron-H-56B verbatim, -8B transcription): hybrid_override_pattern decides', () => {
  const big = fromFixture('nemotron-h-56b-base-8k.json');
  // The file has Infinity (time_step_limit), which JSON lacks: read as null, and noted.
  assert.ok(big.notes.some((n) => /Infinity/.test(n)));
  // 118 characters: 54 'M', 10 '*', 54 '-'. Mamba-2: 256 heads x 64 x 256 state; conv 4 over
  // 256 x 64 + 2 x 8 groups x 256 = 20,480 channels. Attention: 8 KV heads x attention_head_dim 128.
  assert.deepEqual(big.layers, [
    { kind: 'ssm', count: 54, heads: 256, headDim: 64, stateDim: 256, convKernel: 4, convChannels: 20480 },
    { kind: 'attention', count: 10, kvHeads: 8, headDim: 128 },
  ]);
  const small = fromFixture('nemotron-h-8b-base-8k.transcribed.json');
  // 52 characters: 24 'M', 4 '*', 24 '-'; 128 heads x 64 x 128; conv 128 x 64 + 2 x 8 x 128 = 10,240.
  assert.deepEqual(small.layers, [
    { kind: 'ssm', count: 24, heads: 128, headDim: 64, stateDim: 128, convKernel: 4, convChannels: 10240 },
    { kind: 'attention', count: 4, kvHeads: 8, headDim: 128 },
  ]);
});

test('falcon_h1 (Falcon-H1-7B, transcription): attention and Mamba-2 in every layer', () => {
  const m = fromFixture('falcon-h1-7b.transcribed.json');
  // 44 layers, each one attention (2 KV heads x 128) and one SSM (24 heads x 128 x 256; conv 4 over
  // mamba_d_ssm 3072 + 2 x 1 group x 256 = 3,584 channels): two groups of the same count.
  assert.deepEqual(m.layers, [
    { kind: 'attention', count: 44, kvHeads: 2, headDim: 128 },
    { kind: 'ssm', count: 44, heads: 24, headDim: 128, stateDim: 256, convKernel: 4, convChannels: 3584 },
  ]);
  // mamba_d_ssm absent -> mamba_expand x hidden_size (2 x 3072); mamba_d_head 'auto' -> d_ssm / heads.
  const cfg = JSON.parse(fixture('falcon-h1-7b.transcribed.json'));
  delete cfg.mamba_d_ssm;
  cfg.mamba_d_head = 'auto';
  const auto = modelFromConfig(cfg);
  assert.deepEqual(auto.layers[1], {
    kind: 'ssm',
    count: 44,
    heads: 24,
    headDim: 256,
    stateDim: 256,
    convKernel: 4,
    convChannels: 6656,
  });
});

test('jamba (Jamba-1.5-Mini, transcription): attention where i % 8 == 4', () => {
  const m = fromFixture('jamba-1.5-mini.transcribed.json');
  // 32 layers: attention at 4, 12, 20, 28 -> 4 attention (8 KV heads x 4096 / 32 = 128) + 28 Mamba;
  // Mamba (v1): d_inner = 2 x 4096 = 8,192 channels (heads of size 1) x d_state 16; conv 4 over 8,192.
  assert.deepEqual(m.layers, [
    { kind: 'ssm', count: 28, heads: 8192, headDim: 1, stateDim: 16, convKernel: 4, convChannels: 8192 },
    { kind: 'attention', count: 4, kvHeads: 8, headDim: 128 },
  ]);
  assert.equal(m.maxContext, 262144);
});

test('llama4 (Llama-4-Scout, as vendored): chunked attention on 3 of 4 layers', () => {
  const m = fromFixture('llama-4-scout-17b-16e-instruct.json');
  // text_config: 48 layers; no no_rope_layers in the file: every 4th layer (4, 8, ..., 48) global
  // NoPE -> 12 full + 36 chunked (attention_chunk_size 8192); 8 KV heads x head_dim 128.
  assert.deepEqual(m.layers, [
    { kind: 'attention', count: 36, kvHeads: 8, headDim: 128, chunk: 8192 },
    { kind: 'attention', count: 12, kvHeads: 8, headDim: 128 },
  ]);
  assert.equal(m.maxContext, 10485760);
  // An explicit no_rope_layers list (1 = RoPE, chunked) wins over the default.
  const cfg = JSON.parse(fixture('llama-4-scout-17b-16e-instruct.json'));
  cfg.text_config.no_rope_layers = Array.from({ length: 48 }, (_, i) => (i % 2 ? 0 : 1));
  assert.equal(modelFromConfig(cfg).layers[0].count, 24);
});

test('minimax (MiniMax-M1, verbatim): attn_type_list 0 lightning / 1 softmax', () => {
  const m = fromFixture('minimax-m1.json');
  // 80 layers, every 8th softmax: 70 lightning (64 heads x 128 x 128) + 10 softmax (8 KV heads x 128).
  assert.deepEqual(m.layers, [
    { kind: 'linear', count: 70, heads: 64, keyDim: 128, valueDim: 128 },
    { kind: 'attention', count: 10, kvHeads: 8, headDim: 128 },
  ]);
  assert.equal(m.maxContext, 10240000);
});

test('every supported model_type is covered by a fixture or a test above', () => {
  const covered = new Set([
    'llama',
    'mistral',
    'qwen2',
    'qwen3',
    'gemma2',
    'gemma3',
    'gemma3_text',
    'deepseek_v2',
    'deepseek_v3',
    'qwen3_next',
    'qwen3_5',
    'qwen3_5_moe',
    'kimi_linear',
    'gpt_oss',
    'nemotron_h',
    'falcon_h1',
    'jamba',
    'llama4',
    'minimax_m1',
  ]);
  for (const t of [
    'llama',
    'mistral',
    'qwen2',
    'qwen3',
    'gemma2',
    'gemma3',
    'deepseek_v2',
    'deepseek_v3',
    'qwen3_next',
    'kimi_linear',
    'gpt_oss',
    'nemotron_h',
    'falcon_h1',
    'jamba',
    'llama4',
  ]) {
    assert.ok(SUPPORTED_MODEL_TYPES.includes(t), t);
    assert.ok(covered.has(t), t);
  }
});

// ---- bad input ----------------------------------------------------------------------------------

function throwsNaming(fn, Kind, pattern, field) {
  let caught;
  try {
    fn();
  } catch (e) {
    caught = e;
  }
  assert.ok(caught instanceof Kind, `expected ${Kind.name}, got ${caught}`);
  assert.match(caught.message, pattern);
  if (field !== undefined) assert.equal(caught.field, field);
}

test('not JSON, not an object: a clear TypeError', () => {
  throwsNaming(() => modelFromConfig('{"model_type": "llama",'), TypeError, /not valid JSON/, 'config');
  throwsNaming(() => modelFromConfig('[1, 2]'), TypeError, /JSON object/, 'config');
  throwsNaming(() => modelFromConfig(42), TypeError, /JSON object/, 'config');
  throwsNaming(() => modelFromConfig(null), TypeError, /JSON object/, 'config');
  throwsNaming(() => modelFromConfig('x'.repeat(9 * 1024 * 1024)), RangeError, /too long/, 'config');
  // "Infinity" inside a string stays a string; outside, it is only tolerated as a value.
  throwsNaming(() => modelFromConfig('{"model_type": "llama", Infinity: 1}'), TypeError, /not valid JSON/);
});

test('an unknown model_type without the standard keys is refused naming the missing field', () => {
  throwsNaming(
    () => modelFromConfig({ model_type: 'my_decoder' }),
    TypeError,
    /config\.num_hidden_layers is missing: model_type 'my_decoder' is not one this reader knows by name/,
    'config.num_hidden_layers',
  );
  throwsNaming(
    () => modelFromConfig({ num_hidden_layers: 2 }),
    TypeError,
    /model_type is missing/,
    'config.model_type',
  );
  throwsNaming(() => modelFromConfig({ model_type: 7 }), TypeError, /must be a string/);
  throwsNaming(() => modelFromConfig({ model_type: 'toString' }), TypeError, /num_hidden_layers is missing/);
});

test('missing fields are named, with their path', () => {
  const qwen = JSON.parse(fixture('qwen3-8b.json'));
  delete qwen.num_hidden_layers;
  throwsNaming(
    () => modelFromConfig(qwen),
    TypeError,
    /config\.num_hidden_layers is missing/,
    'config.num_hidden_layers',
  );
  const scout = JSON.parse(fixture('llama-4-scout-17b-16e-instruct.json'));
  delete scout.text_config.attention_chunk_size;
  throwsNaming(() => modelFromConfig(scout), TypeError, /config\.text_config\.attention_chunk_size is missing/);
  const ds = JSON.parse(fixture('deepseek-v3.json'));
  delete ds.kv_lora_rank;
  throwsNaming(() => modelFromConfig(ds), TypeError, /kv_lora_rank is missing/, 'config.kv_lora_rank');
  const kimi = JSON.parse(fixture('kimi-linear-48b-a3b.transcribed.json'));
  delete kimi.linear_attn_config;
  throwsNaming(() => modelFromConfig(kimi), TypeError, /linear_attn_config is missing/);
  const oss = JSON.parse(fixture('gpt-oss-20b.json'));
  delete oss.sliding_window;
  throwsNaming(() => modelFromConfig(oss), TypeError, /sliding_window is missing but some layers slide/);
});

test('inconsistent patterns are refused, not guessed', () => {
  const nemo = JSON.parse(fixture('nemotron-h-8b-base-8k.transcribed.json'));
  throwsNaming(
    () => modelFromConfig({ ...nemo, num_hidden_layers: 40 }),
    RangeError,
    /52 characters but num_hidden_layers is 40/,
  );
  throwsNaming(
    () => modelFromConfig({ ...nemo, hybrid_override_pattern: nemo.hybrid_override_pattern.replace('*', 'X') }),
    RangeError,
    /is 'X'/,
  );
  const oss = JSON.parse(fixture('gpt-oss-20b.json'));
  throwsNaming(
    () => modelFromConfig({ ...oss, layer_types: oss.layer_types.slice(1) }),
    RangeError,
    /23 entries but num_hidden_layers is 24/,
  );
  throwsNaming(
    () => modelFromConfig({ ...oss, layer_types: oss.layer_types.map(() => 'mystery') }),
    RangeError,
    /layer_types\[0\] is "mystery": a layer kind not sized here/,
  );
  const kimi = JSON.parse(fixture('kimi-linear-48b-a3b.transcribed.json'));
  kimi.linear_attn_config.full_attn_layers = [0, 4];
  throwsNaming(() => modelFromConfig(kimi), RangeError, /layer number from 1 to 27 \(got 0\)/);
  const jamba = JSON.parse(fixture('jamba-1.5-mini.transcribed.json'));
  throwsNaming(() => modelFromConfig({ ...jamba, attn_layer_offset: 8 }), RangeError, /attn_layer_offset/);
});

test('absurd sizes are refused with the field named', () => {
  const llama = JSON.parse(fixture('llama-3.1-8b.json'));
  throwsNaming(
    () => modelFromConfig({ ...llama, num_hidden_layers: 1e12 }),
    RangeError,
    /num_hidden_layers must be a whole number from 1 to 10,000 \(got 1,000,000,000,000\)/,
    'config.num_hidden_layers',
  );
  throwsNaming(() => modelFromConfig({ ...llama, num_key_value_heads: -8 }), RangeError, /num_key_value_heads/);
  throwsNaming(() => modelFromConfig({ ...llama, num_key_value_heads: 8.5 }), RangeError, /num_key_value_heads/);
  throwsNaming(() => modelFromConfig({ ...llama, num_key_value_heads: '8' }), RangeError, /num_key_value_heads/);
  throwsNaming(() => modelFromConfig({ ...llama, head_dim: 2 ** 30 }), RangeError, /head_dim/);
  throwsNaming(
    () => modelFromConfig({ ...llama, max_position_embeddings: 2 ** 50 }),
    RangeError,
    /max_position_embeddings/,
  );
  throwsNaming(() => modelFromConfig({ ...llama, hidden_size: 4097 }), RangeError, /not a multiple/);
});

test('the result is plain data the permalink can carry', () => {
  const m = fromFixture('qwen3-next-80b-a3b-thinking.json');
  assert.deepEqual(JSON.parse(JSON.stringify(m)), m);
  assert.ok(Array.isArray(m.notes) && m.notes.every((n) => typeof n === 'string'));
});

test("agrees with vLLM's own reading of the same models", () => {
  // vllm-project/vllm tests/config/base_model_arch_groundtruth.json (commit 1ac8cdb4c760ed8d16cfc2298813b1579dc9432b)
  // records, per model, total_num_hidden_layers, total_num_kv_heads and head_size as the engine
  // derives them (for MLA, head_size is the cached latent: 576).
  const vllm = [
    ['llama-4-scout-17b-16e-instruct.json', { layers: 48, kvHeads: 8, headSize: 128 }],
    ['qwen3-next-80b-a3b-thinking.json', { layers: 48, kvHeads: 2, headSize: 256 }], // the Instruct model's entry
    ['gpt-oss-20b.json', { layers: 24, kvHeads: 8, headSize: 64 }], // lmsys/gpt-oss-20b-bf16's entry
    ['deepseek-v3.json', { layers: 61, headSize: 576 }], // DeepSeek-V3.2-Exp's entry (same MLA)
  ];
  for (const [file, want] of vllm) {
    const m = fromFixture(file);
    assert.equal(
      m.layers.reduce((n, g) => n + g.count, 0),
      want.layers,
      file,
    );
    for (const g of m.layers) {
      if (g.kind === 'attention') {
        assert.equal(g.kvHeads, want.kvHeads, file);
        assert.equal(g.headDim, want.headSize, file);
      }
      if (g.kind === 'mla') assert.equal(g.latentDim, want.headSize, file);
    }
  }
});
