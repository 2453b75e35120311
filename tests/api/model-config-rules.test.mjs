// modelFromConfig's rules beyond the fixtures: defaults filled as transformers' configuration
// classes fill them (and named in the notes), Python's NaN / Infinity in a field that sizes the
// memory refused by name, limits named by config field with grouped digits, unknown model_types
// read by their keys or refused naming the field the reader cannot size, and the per-family layer
// rules on configs built here from a real fixture or from the class defaults alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { modelFromConfig } from '../../wasm/model-config.mjs';

const fixture = (name) => readFileSync(new URL(`./fixtures/configs/${name}`, import.meta.url), 'utf8');
const json = (name) => JSON.parse(fixture(name));

function refused(fn, Kind, field, pattern) {
  assert.throws(fn, (e) => {
    assert.ok(e instanceof Kind, `expected ${Kind.name}, got ${e}`);
    assert.equal(e.field, field);
    assert.match(e.message, pattern);
    return true;
  });
}

test('Gemma 3 text_config without head counts, head_dim or max_position_embeddings: Gemma3TextConfig defaults, each noted', () => {
  // Gemma-3-4B-it's text_config leaves these out; the 1B fixture's numbers with them removed.
  const text = json('gemma-3-1b-it.transcribed.json');
  for (const k of ['num_attention_heads', 'num_key_value_heads', 'head_dim', 'max_position_embeddings']) delete text[k];
  const m = modelFromConfig({ model_type: 'gemma3', text_config: text });
  // 26 layers, pattern 6: 22 local (window 512) + 4 global, 4 KV heads x 256 (defaults).
  assert.deepEqual(m.layers, [
    { kind: 'attention', count: 22, kvHeads: 4, headDim: 256, window: 512 },
    { kind: 'attention', count: 4, kvHeads: 4, headDim: 256 },
  ]);
  assert.equal(m.maxContext, 131072);
  for (const note of [
    'num_key_value_heads: 4, Gemma3TextConfig default.',
    'head_dim: 256, Gemma3TextConfig default.',
    'max_position_embeddings: 131,072, Gemma3TextConfig default.',
  ]) {
    assert.ok(m.notes.includes(note), note);
  }
});

test('LLaVA text_config with only max_position_embeddings: LlamaConfig defaults give Llama-2-7B', () => {
  const m = modelFromConfig(fixture('llava-1.5-7b.transcribed.json'));
  assert.deepEqual(m.layers, [{ kind: 'attention', count: 32, kvHeads: 32, headDim: 128 }]);
  assert.ok(m.notes.includes('num_hidden_layers: 32, LlamaConfig default.'));
  assert.ok(m.notes.includes('Read from text_config (the language model); a vision or audio tower keeps no cache.'));
});

test("Python's Infinity or NaN in a field that sizes the memory is an error naming it, never a fallback", () => {
  // Mistral-Nemo with "head_dim": Infinity would otherwise fall back to hidden_size / heads.
  const text = fixture('mistral-7b-v0.3.transcribed.json').replace(
    '"hidden_size"',
    '"head_dim": Infinity, "hidden_size"',
  );
  refused(
    () => modelFromConfig(text),
    RangeError,
    'config.head_dim',
    /config\.head_dim is Infinity: it sizes the memory/,
  );
  const nan = fixture('qwen3-8b.json').replace(/"num_key_value_heads": 8/, '"num_key_value_heads": NaN');
  refused(() => modelFromConfig(nan), RangeError, 'config.num_key_value_heads', /is NaN/);
  // In a list value, and as a parsed object's number, too.
  const minus = fixture('qwen3-8b.json').replace(/"num_hidden_layers": 36/, '"num_hidden_layers": -Infinity');
  refused(() => modelFromConfig(minus), RangeError, 'config.num_hidden_layers', /is -Infinity/);
  refused(
    () => modelFromConfig({ ...json('qwen3-8b.json'), head_dim: Number.POSITIVE_INFINITY }),
    RangeError,
    'config.head_dim',
    /is Infinity/,
  );
  // Where the reader does not look (Nemotron-H's time_step_limit), it stays harmless.
  const m = modelFromConfig(fixture('nemotron-h-56b-base-8k.json'));
  assert.ok(
    m.notes.includes('The text has NaN or Infinity (as Python writes them): allowed only in fields not used here.'),
  );
});

test('sizes past the core limits are refused naming the config fields, digits grouped', () => {
  const llama = json('llama-3.1-8b.json');
  refused(
    () => modelFromConfig({ ...llama, num_key_value_heads: 16777216, head_dim: 16777216, num_hidden_layers: 10000 }),
    RangeError,
    'config.num_key_value_heads',
    /^config\.num_key_value_heads must be a whole number from 1 to 4,096 \(got 16,777,216\)$/,
  );
  refused(
    () => modelFromConfig({ ...llama, vocab_size: 16777216, hidden_size: 16777216, num_attention_heads: 131072 }),
    RangeError,
    'config.vocab_size',
    /The parameter count worked out from config\.vocab_size, config\.hidden_size, config\.intermediate_size, config\.num_hidden_layers is [\d,]+: more than 100,000,000,000,000/,
  );
  refused(
    () => modelFromConfig({ ...llama, sliding_window: 2 ** 40, model_type: 'mistral' }),
    RangeError,
    'config.sliding_window',
    /from 1 to 10,000,000,000 \(got 1,099,511,627,776\)/,
  );
});

test('an unknown model_type with the standard keys is read as attention, and says so', () => {
  const m = modelFromConfig({ ...json('olmo-2-7b.transcribed.json'), model_type: 'olmo9' });
  assert.deepEqual(m.layers, [{ kind: 'attention', count: 32, kvHeads: 32, headDim: 128 }]);
  assert.ok(
    m.notes.includes(
      "model_type 'olmo9' is not known here by name: read generically, as attention in every layer, from its standard keys.",
    ),
  );
  // layer_types and sliding_window are read whatever the name (gpt-oss renamed).
  const oss = modelFromConfig({ ...json('gpt-oss-20b.json'), model_type: 'new_oss' });
  assert.deepEqual(oss.layers, modelFromConfig(fixture('gpt-oss-20b.json')).layers);
});

test('an unknown model_type carrying layers no reader sizes is refused naming that field', () => {
  refused(
    () => modelFromConfig({ ...json('qwen3-next-80b-a3b-thinking.json'), model_type: 'qwen9_next' }),
    RangeError,
    'config.full_attention_interval',
    /model_type 'qwen9_next' is not one this reader knows by name, and config\.full_attention_interval describes linear attention layers/,
  );
  refused(
    () => modelFromConfig({ ...json('nemotron-h-8b-base-8k.transcribed.json'), model_type: 'nemotron_x' }),
    RangeError,
    'config.hybrid_override_pattern',
    /hybrid_override_pattern describes a Mamba \/ attention pattern/,
  );
});

test('notes are listed once and end with a full stop', () => {
  // Qwen2.5: head_dim is worked out twice (layers and parameters), noted once.
  const m = modelFromConfig(fixture('qwen2.5-0.5b-instruct-gensyn-swarm.json'));
  assert.equal(m.notes.filter((n) => n.startsWith('head_dim absent')).length, 1);
  assert.equal(new Set(m.notes).size, m.notes.length);
  assert.ok(m.notes.every((n) => n.endsWith('.')));
});

test('window patterns: sliding_window_pattern as a number (Cohere2) or a string (EXAONE 4)', () => {
  const base = { ...json('olmo-2-7b.transcribed.json'), num_hidden_layers: 8, sliding_window: 4096 };
  // configuration_cohere2.py: layer i slides unless (i + 1) % 4 == 0 -> 6 local + 2 global.
  const cohere = modelFromConfig({ ...base, model_type: 'cohere2', sliding_window_pattern: 4 });
  assert.deepEqual(
    cohere.layers.map((g) => [g.count, g.window]),
    [
      [6, 4096],
      [2, undefined],
    ],
  );
  const exaone = modelFromConfig({ ...base, model_type: 'exaone4', sliding_window_pattern: 'LLLG' });
  assert.deepEqual(exaone.layers, cohere.layers);
});

test('Mamba-2, Zamba2, LFM2 and RecurrentGemma from their configuration classes alone', () => {
  // Mamba2Config: d_inner 2 x 4,096; 128 heads x 64 x 128; conv over 8,192 + 2 x 8 x 128 = 10,240.
  assert.deepEqual(modelFromConfig({ model_type: 'mamba2', num_hidden_layers: 64, hidden_size: 4096 }).layers, [
    { kind: 'ssm', count: 64, heads: 128, headDim: 64, stateDim: 128, convKernel: 4, convChannels: 10240 },
  ]);
  // Zamba2Config: 54 layers, 9 of them hybrid; Mamba-2 8 heads x (5,120 / 8 = 640) x 64, conv
  // 5,120 + 2 x 64 = 5,248; shared attention 32 KV heads x (2 x 2,560 / 32 = 160).
  const z = modelFromConfig({ model_type: 'zamba2' });
  assert.deepEqual(z.layers, [
    { kind: 'ssm', count: 54, heads: 8, headDim: 640, stateDim: 64, convKernel: 4, convChannels: 5248 },
    { kind: 'attention', count: 9, kvHeads: 32, headDim: 160 },
  ]);
  assert.ok(z.notes.includes('layers_block_type: 54 entries, Zamba2Config default.'));
  // LFM2-1.2B's layout: 16 layers, attention at 2, 5, 8, 10, 12, 14; conv layers keep 2 x 2,048.
  const lfm = modelFromConfig({
    model_type: 'lfm2',
    num_hidden_layers: 16,
    hidden_size: 2048,
    full_attn_idxs: [2, 5, 8, 10, 12, 14],
  });
  assert.deepEqual(lfm.layers, [
    { kind: 'ssm', count: 10, heads: 2048, headDim: 1, stateDim: 2 },
    { kind: 'attention', count: 6, kvHeads: 8, headDim: 64 },
  ]);
  // RecurrentGemmaConfig: 26 layers cycling recurrent, recurrent, attention -> 18 + 8.
  const rg = modelFromConfig({ model_type: 'recurrent_gemma' });
  assert.deepEqual(
    rg.layers.map((g) => [g.kind, g.count]),
    [
      ['ssm', 18],
      ['attention', 8],
    ],
  );
});

test('Mllama cross-attention layers and RWKV-7 heads', () => {
  const text = {
    ...json('llama-3.1-8b.json'),
    model_type: 'mllama_text_model',
    num_hidden_layers: 40,
    cross_attention_layers: [3, 8, 13, 18, 23, 28, 33, 38],
  };
  const m = modelFromConfig({ model_type: 'mllama', text_config: text });
  assert.deepEqual(m.layers, [{ kind: 'attention', count: 32, kvHeads: 8, headDim: 128 }]);
  assert.ok(m.notes.some((n) => n.startsWith('cross_attention_layers: 8 layers attend to the image')));
  // fla's RWKV7Config: heads = hidden_size / head_dim = 1,024 / 64; token shifts 2 x 1,024.
  assert.deepEqual(
    modelFromConfig({ model_type: 'rwkv7', num_hidden_layers: 24, hidden_size: 1024, head_dim: 64 }).layers,
    [{ kind: 'linear', count: 24, heads: 16, keyDim: 64, valueDim: 64, convKernel: 2, convChannels: 2048 }],
  );
});

test("GPT-2-era names, Falcon's and GPT-BigCode's multi-query; a missing size named as the config spells it", () => {
  // Falcon-7B's sizes (configuration_falcon.py: multi_query default true): 32 layers, 1 KV head x 4,544 / 71.
  const falcon = modelFromConfig({
    model_type: 'falcon',
    n_layer: 32,
    n_head: 71,
    hidden_size: 4544,
    multi_query: true,
  });
  assert.deepEqual(falcon.layers, [{ kind: 'attention', count: 32, kvHeads: 1, headDim: 64 }]);
  assert.ok(falcon.notes.includes('multi_query: one key/value head shared by every query head.'));
  // new_decoder_architecture: num_kv_heads groups (Falcon-40B: 8).
  const big = modelFromConfig({
    model_type: 'falcon',
    num_hidden_layers: 60,
    num_attention_heads: 128,
    num_kv_heads: 8,
    new_decoder_architecture: true,
    hidden_size: 8192,
  });
  assert.deepEqual(big.layers, [{ kind: 'attention', count: 60, kvHeads: 8, headDim: 64 }]);
  refused(
    () => modelFromConfig({ model_type: 'gpt2', n_layer: 12 }),
    TypeError,
    'config.n_head',
    /config\.n_head is missing: a gpt2 config gives num_attention_heads as n_head/,
  );
});
