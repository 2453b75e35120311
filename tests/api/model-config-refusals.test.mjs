// Bad imports get clear errors naming the field and its bound, and nothing else changes: key/value
// heads that do not divide the query heads, counts past sane bounds (no 300-digit numbers), a byte-
// order mark, infinite context read as not stated, and configs that describe no decoder (encoders,
// encoder-decoders) refused with the reason. Also the older families: phi-msft's GPT-2-style
// names, the llm_cfg wrapper of LLaVA-style models, Falcon's default context.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { modelFromConfig } from '../../wasm/model-config.mjs';

const fixture = (name) => readFileSync(new URL(`./fixtures/configs/${name}`, import.meta.url), 'utf8');
const json = (name) => JSON.parse(fixture(name));

function refused(fn, field, pattern) {
  assert.throws(fn, (e) => {
    assert.equal(e.field, field, e.message);
    assert.match(e.message, pattern);
    return true;
  });
}

test('num_key_value_heads must divide num_attention_heads and be no more of them', () => {
  const llama = json('llama-3.1-8b.json'); // 32 heads
  refused(
    () => modelFromConfig({ ...llama, num_key_value_heads: 64 }),
    'config.num_key_value_heads',
    /config\.num_key_value_heads is 64: more key\/value heads than the 32 attention heads/,
  );
  refused(
    () => modelFromConfig({ ...llama, num_key_value_heads: 5 }),
    'config.num_key_value_heads',
    /config\.num_key_value_heads 5 does not divide num_attention_heads 32/,
  );
  assert.equal(modelFromConfig({ ...llama, num_key_value_heads: 32 }).layers[0].kvHeads, 32);
});

test('a count far past its bound is named with the bound, in a short number', () => {
  const llama = json('llama-3.1-8b.json');
  assert.throws(
    () => modelFromConfig({ ...llama, num_hidden_layers: 1e308 }),
    (e) =>
      e.field === 'config.num_hidden_layers' &&
      e.message === 'config.num_hidden_layers must be a whole number from 1 to 10,000 (got 1e+308)',
  );
});

test('num_attention_heads far past its bound is refused by name even where head_dim is given', () => {
  const llama = json('llama-3.2-3b-instruct.json'); // head_dim 128 given
  assert.throws(
    () => modelFromConfig({ ...llama, num_attention_heads: 1e308 }),
    (e) =>
      e.field === 'config.num_attention_heads' &&
      e.message === 'config.num_attention_heads must be a whole number from 1 to 16,777,216 (got 1e+308)',
  );
});

test('a byte-order mark or white space before the text is accepted', () => {
  const text = fixture('llama-3.1-8b.json');
  const plain = modelFromConfig(text);
  assert.deepEqual(modelFromConfig(`\uFEFF${text}`).layers, plain.layers);
  assert.deepEqual(modelFromConfig(`\uFEFF \n\t${text}`).layers, plain.layers);
});

test('max_position_embeddings Infinity or NaN is "not stated": no maxContext, and a note says so', () => {
  const text = fixture('llama-3.1-8b.json').replace(
    '"max_position_embeddings": 131072',
    '"max_position_embeddings": Infinity',
  );
  const m = modelFromConfig(text);
  assert.equal(m.maxContext, undefined);
  assert.ok(m.notes.includes('max_position_embeddings is Infinity: read as not stated.'), m.notes.join('\n'));
  assert.equal(m.layers[0].count, 32);
});

test('configs that describe no decoder are refused, saying why and naming the field', () => {
  const bert = {
    architectures: ['BertForMaskedLM'],
    model_type: 'bert',
    hidden_size: 768,
    num_attention_heads: 12,
    num_hidden_layers: 12,
    vocab_size: 30522,
    max_position_embeddings: 512,
  };
  refused(() => modelFromConfig(bert), 'config.model_type', /'bert' is an encoder: it keeps no cache that grows/);
  refused(
    () => modelFromConfig({ model_type: 't5', d_model: 512, num_layers: 6, num_heads: 8, is_encoder_decoder: true }),
    'config.model_type',
    /'t5' is an encoder-decoder/,
  );
  refused(
    () => modelFromConfig({ ...json('llama-3.1-8b.json'), model_type: 'my_seq2seq', is_encoder_decoder: true }),
    'config.is_encoder_decoder',
    /encoder-decoder/,
  );
  refused(
    () => modelFromConfig({ ...bert, model_type: 'my_encoder', architectures: ['MyModel'], is_decoder: false }),
    'config.is_decoder',
    /is_decoder is false/,
  );
  refused(() => modelFromConfig({ hidden_size: 8 }), 'config.model_type', /model_type is missing/);
});

test('phi-msft (Phi-1.5, Phi-2): n_layer, n_embd, n_head and n_positions', () => {
  // microsoft/phi-2's config.json as released (PhiForCausalLM, model_type phi-msft): 32 layers,
  // 32 heads of 2,560 / 32 = 80, no grouping: 32 x 2 x 32 x 80 x 2 = 327,680 bytes per token.
  const phi2 = {
    architectures: ['PhiForCausalLM'],
    model_type: 'phi-msft',
    n_embd: 2560,
    n_head: 32,
    n_head_kv: null,
    n_inner: null,
    n_layer: 32,
    n_positions: 2048,
    rotary_dim: 32,
    tie_word_embeddings: false,
    vocab_size: 51200,
  };
  const m = modelFromConfig(phi2);
  assert.deepEqual(m.layers, [{ kind: 'attention', count: 32, kvHeads: 32, headDim: 80 }]);
  assert.equal(m.maxContext, 2048);
  // 2.78B published (huggingface.co/microsoft/phi-2, 2.7B): embeddings 2 x 51,200 x 2,560, 32 x
  // (4 x 2,560^2 attention + 2 x 2,560 x 10,240 MLP + norms).
  assert.ok(Math.abs(m.params - 2.7e9) / 2.7e9 < 0.04, String(m.params));
});

test('llm_cfg wrappers (llava_llama, VILA): the language model read from llm_cfg', () => {
  const llm = json('llama-2-7b-hf.json');
  const m = modelFromConfig({ model_type: 'llava_llama', architectures: ['LlavaLlamaModel'], llm_cfg: llm });
  assert.deepEqual(m.layers, [{ kind: 'attention', count: 32, kvHeads: 32, headDim: 128 }]);
  assert.ok(m.notes.includes('Read from llm_cfg (the language model); a vision or audio tower keeps no cache.'));
});

test("Falcon without max_position_embeddings: FalconConfig's 2,048, noted", () => {
  const falcon = {
    architectures: ['FalconForCausalLM'],
    model_type: 'falcon',
    hidden_size: 4544,
    num_attention_heads: 71,
    num_hidden_layers: 32,
    multi_query: true,
    new_decoder_architecture: false,
    parallel_attn: true,
    vocab_size: 65024,
  };
  const m = modelFromConfig(falcon);
  assert.equal(m.maxContext, 2048);
  assert.ok(m.notes.includes('max_position_embeddings: 2,048, FalconConfig default.'), m.notes.join('\n'));
});
