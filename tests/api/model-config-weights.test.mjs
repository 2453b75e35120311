// Weights worked out from real config.json texts (la.modelFromConfig's params): the published
// totals they are held to, with their sources, sit beside the corpus's bytes in
// model-config-corpus.test.mjs. Here: what the weights do to kvCapacity, a vision tower worked by
// hand, and a model whose weights cannot be worked out (no params: la.kvCapacity refuses it, field
// model.params, rather than fit it as if it weighed nothing).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createLinattn } from '../../wasm/index.mjs';

const text = (name) => readFileSync(new URL(`./fixtures/configs/${name}`, import.meta.url), 'utf8');
const la = await createLinattn();
test('Mixtral-8x7B on 80 GB: its weights alone (93.4 GB in bf16) leave no room, none fits', () => {
  const m = la.modelFromConfig(text('mixtral-8x7b-v0.1.json'));
  const c = la.kvCapacity(m, { tokens: 8192, gpuBytes: 80e9 });
  assert.equal(c.weightBytes, BigInt(m.params) * 2n);
  assert.equal(c.weightsFit, false);
  assert.equal(c.sessionsThatFit, 0n);
  assert.equal(c.longestContext, 0n);
});

test('Qwen3-VL-8B: the vision tower (27 blocks of 1,152, three deepstack mergers) adds 576,388,336', () => {
  const m = la.modelFromConfig(text('qwen3-vl-8b-instruct.json'));
  // patch 3 x 2 x 16^2 x 1,152 + 1,152 = 1,770,624; positions 2,304 x 1,152 = 2,654,208; 27 blocks of
  // 4 x 1,152 (norms) + 4 x 1,152^2 + 4 x 1,152 (qkv, proj) + 2 x 1,152 x 4,304 + 4,304 + 1,152 (MLP)
  // = 15,239,504; merger 2 x 1,152 + 4,608^2 + 4,608 + 4,608 x 4,096 + 4,096 = 40,119,040; three
  // deepstack mergers (norm over 4,608) of 40,125,952
  const vision = 1770624 + 2654208 + 27 * 15239504 + 40119040 + 3 * 40125952;
  assert.equal(vision, 576388336);
  // The text model as Qwen3-8B's 8,190,735,360 less the 36 x 2 x 128 q/k-norm weights the count
  // of a nested config leaves out.
  assert.equal(m.params, 8190735360 - 9216 + vision);
  assert.ok(m.notes.some((n) => n.startsWith('params: with the vision tower of vision_config (576,388,336')));
});

test('LFM2.5-1.2B: 1,170,340,608 by hand, the LFM2-1.2B card’s exact count for the same shape', () => {
  // 65,536 x 2,048 tied embedding + final norm; 16 layers of two norms and a SwiGLU of 8,192
  // (2/3 of 12,288, a multiple of 256): 3 x 2,048 x 8,192; ten conv layers (in_proj 2,048 x 6,144,
  // conv 2,048 x 3, out_proj 2,048^2) and six attention layers (q, o 2,048^2; k, v 2,048 x 512;
  // q/k norms 2 x 64). The LFM2-1.2B card (https://aifasthub.com/LiquidAI/LFM2-1.2B/blob/refs%2Fpr%2F2/README.md)
  // states Parameters 1,170,340,608 for these 16 layers (10 conv + 6 attn).
  const layer = 2 * 2048 + 3 * 2048 * 8192;
  const conv = 4 * 2048 * 2048 + 2048 * 3;
  const attention = 2 * 2048 * 2048 + 2 * 2048 * 512 + 128;
  const whole = 65536 * 2048 + 2048 + 16 * layer + 10 * conv + 6 * attention;
  assert.equal(whole, 1170340608);
  assert.equal(la.modelFromConfig(text('lfm2.5-1.2b-autoround.transcribed.json')).params, whole);
});

test('RecurrentGemma-2B and RWKV-5 3B: their recurrent blocks counted matrix by matrix', () => {
  // RecurrentGemma: 18 recurrent and 8 local-attention layers of 2,560; the MLP of 15,360 / 2.
  const mlp = 3 * 2560 * 7680 + 2 * 2560;
  const recurrent = 3 * 2560 * 2560 + 2560 * 4 + 2 * 10 * 256 * 256 + 3 * 2560; // x, y, out; conv; gates
  const attention = 2 * 2560 * 2560 + 2 * 2560 * 256;
  const rg = 256000 * 2560 + 2560 + 26 * mlp + 18 * recurrent + 8 * attention;
  assert.equal(la.modelFromConfig(text('recurrentgemma-2b.transcribed.json')).params, rg);
  // RWKV-5: an embedding and a head of 65,536 x 2,560, ln0 and ln_out; 32 layers of two LayerNorms,
  // time mixing (4 mixing vectors, decay and bonus, r/k/v/g/output, ln_x) and channel mixing of
  // 8,960 (int(3.5 x 2,560 / 32) x 32).
  const time = 4 * 2560 + 2 * 2560 + 5 * 2560 * 2560 + 2 * 2560;
  const channel = 2 * 2560 + 2 * 2560 * 8960 + 2560 * 2560;
  const rwkv = 2 * 65536 * 2560 + 4 * 2560 + 32 * (4 * 2560 + time + channel);
  assert.equal(rwkv, 3062999040);
  assert.equal(la.modelFromConfig(text('rwkv5-3b.transcribed.json')).params, rwkv);
});

test('RWKV-4 (no gate, no ln_x, channel mixing of intermediate_size): 169,342,464 for the 169M shape', () => {
  // The fields of RWKV/rwkv-4-169m-pile's config (12 layers, 768 wide, vocabulary 50,277,
  // intermediate_size 3,072). Per layer: two LayerNorms; time mixing of 3 mixing vectors, decay
  // and first per channel, key/value/receptance/output 768^2 each; channel mixing of 2 mixing
  // vectors, key and value 768 x 3,072, receptance 768^2. Embedding, head, ln0 and ln_out.
  const config = {
    model_type: 'rwkv',
    hidden_size: 768,
    attention_hidden_size: 768,
    intermediate_size: 3072,
    num_hidden_layers: 12,
    vocab_size: 50277,
    context_length: 1024,
  };
  const layer = 4 * 768 + (5 * 768 + 4 * 768 * 768) + (2 * 768 + 2 * 768 * 3072 + 768 * 768);
  const whole = 2 * 50277 * 768 + 4 * 768 + 12 * layer;
  assert.equal(whole, 169342464);
  assert.equal(la.modelFromConfig(config).params, whole);
});

test('weights that cannot be worked out are refused by kvCapacity, naming model.params', () => {
  // Nemotron-H-8B's trimmed text leaves intermediate_size out: its MLP layers cannot be counted.
  const m = la.modelFromConfig(text('nemotron-h-8b-base-8k.transcribed.json'));
  assert.equal(m.params, undefined);
  assert.ok(m.notes.some((n) => n.startsWith('params: not worked out')));
  assert.throws(
    () => la.kvCapacity(m, { tokens: 8192, gpuBytes: 80e9 }),
    (e) => e instanceof RangeError && e.field === 'model.params' && e.message.startsWith('model.params'),
  );
  // The cache and the state are known all the same.
  assert.ok(la.kvMemory(m, { tokens: 8192 }).stateBytes > 0n);
  // Stated weights (even 0, "not counted") are used.
  assert.equal(la.kvCapacity({ ...m, params: 3e9 }, { tokens: 8192, gpuBytes: 80e9 }).weightBytes, 6000000000n);
  assert.equal(la.kvCapacity({ ...m, params: 0 }, { tokens: 8192, gpuBytes: 80e9 }).weightBytes, 0n);
});

test('RWKV-6 1.6B: 1,599,873,024 by hand, the data-dependent shift and decay counted', () => {
  // Per layer: two LayerNorms; six mixing vectors, the low-rank mix 2,048 x 160 and 5 x 32 x 2,048,
  // the decay (2,048), its low rank 2,048 x 64 and 64 x 2,048, the bonus, r/k/v/g/output 2,048^2,
  // ln_x; channel mixing of 7,168 (int(3.5 x 2,048 / 32) x 32) with two mixing vectors.
  const time = 6 * 2048 + 2 * 2048 * 160 + 2048 + 2 * 2048 * 64 + 2048 + 5 * 2048 * 2048 + 2 * 2048;
  const channel = 2 * 2048 + 2 * 2048 * 7168 + 2048 * 2048;
  const whole = 2 * 65536 * 2048 + 4 * 2048 + 24 * (4 * 2048 + time + channel);
  assert.equal(whole, 1599873024);
  assert.equal(la.modelFromConfig(text('rwkv6-finch-1.6b.trimmed.json')).params, whole);
  // The paper's other Finch (arXiv 2404.05892: 3.1 billion), 32 layers of 2,560, and the 7B of 4,096,
  // whose low-rank mix and decay widen to 64 and 128: the same terms, 3.10 B and 7.64 B.
  const byHand = (H, L, m, d) => {
    const I = Math.floor((H * 3.5) / 32) * 32;
    const mixing = 6 * H + 2 * H * 5 * m + H + 2 * H * d + H + 5 * H * H + 2 * H;
    return 2 * 65536 * H + 4 * H + L * (4 * H + mixing + 2 * H + 2 * H * I + H * H);
  };
  const finch = (H, L) => la.modelFromConfig({ model_type: 'rwkv6', hidden_size: H, num_hidden_layers: L }).params;
  assert.equal(finch(2560, 32), byHand(2560, 32, 32, 64));
  assert.ok(Math.abs(finch(2560, 32) - 3.1e9) / 3.1e9 < 0.01);
  assert.equal(finch(4096, 32), byHand(4096, 32, 64, 128));
});

test('Zamba2-7B: 7,356,148,304 by hand, two shared blocks counted once, adapters per hybrid layer', () => {
  // 81 Mamba-2 layers (norm; in_proj 3,584 x (2 x 7,168 + 2 x 2 x 64 + 112); conv 7,424 x 4; A, D,
  // dt bias; the gated norm; out_proj 7,168 x 3,584); two shared blocks (q, k, v 7,168^2 on the
  // concatenated input, o 7,168 x 3,584, the MLP 3 x 3,584 x 14,336, norms 2 x 3,584 + 3,584);
  // 13 hybrid layers (linear 3,584^2, the MLP adapter 3,584 x 128 + 128 x 28,672); the tied
  // embedding 32,000 x 3,584 and the final norm.
  const mamba = 3584 + 3584 * 14704 + 7424 * 4 + 3 * 112 + 7168 + 7168 * 3584;
  const block = 3 * 7168 * 7168 + 7168 * 3584 + 3 * 3584 * 14336 + 3 * 3584;
  const hybrid = 3584 * 3584 + 3584 * 128 + 128 * 28672;
  const whole = 32000 * 3584 + 3584 + 81 * mamba + 2 * block + 13 * hybrid;
  assert.equal(whole, 7356148304);
  assert.equal(la.modelFromConfig(text('zamba2-7b.transcribed.json')).params, whole);
});

test('audio towers: a Whisper-style encoder and Gemma 3n’s conformer, matrix by matrix', () => {
  // Qwen2-Audio: conv1 128 x 1,280 x 3 and conv2 1,280^2 x 3 with biases, 1,500 positions, 32
  // layers (q, v, o with bias, k without, two LayerNorms, fc1/fc2 of 5,120 with biases), the final
  // LayerNorm and the projector 1,280 -> 4,096.
  const layer = 4 * 1280 * 1280 + 3 * 1280 + 2 * 1280 * 5120 + 5120 + 1280 + 4 * 1280;
  const encoder = 128 * 1280 * 3 + 1280 + 1280 * 1280 * 3 + 1280 + 1500 * 1280 + 32 * layer + 2 * 1280;
  const audio = encoder + 1280 * 4096 + 4096;
  assert.equal(audio, 642215936);
  const m = la.modelFromConfig(text('qwen2-audio-7b.trimmed.json'));
  assert.ok(
    m.notes.includes('params: with the audio tower of audio_config (642,215,936 parameters, its connector included).'),
  );
  // A Whisper encoder in another wrapper: the encoder counted, its connector (unknown here) not.
  const config = JSON.parse(text('qwen2-audio-7b.trimmed.json'));
  const whisper = la.modelFromConfig({ ...config, audio_config: { ...config.audio_config, model_type: 'whisper' } });
  assert.equal(m.params - whisper.params, 1280 * 4096 + 4096);
  const encoderOnly =
    'params: with the audio tower of audio_config (636,968,960 parameters, the encoder only, no connector).';
  assert.ok(whisper.notes.includes(encoderOnly));
  // Gemma 3n (Gemma3nAudioConfig's defaults): sub-sampling convs 1 -> 128 -> 32 (3 x 3, a norm
  // each), the projection 32 x 32 bins -> 1,536; 12 blocks of two feed-forwards (8 x 1,536^2 + two
  // norms), attention (5 x 1,536^2, two norms, a scale of 192), the light conv (3 x 1,536^2, a
  // depthwise kernel of 5, two norms) and a norm; the embedder 128 x 1,536, two norms, -> 2,048.
  const h = 1536;
  const block = 2 * (8 * h * h + 2 * h) + (5 * h * h + 2 * h + 192) + (3 * h * h + 5 * h + 2 * h) + h;
  const gemma = 9 * 128 + 128 + 9 * 128 * 32 + 32 + 32 * 32 * h + 12 * block + 128 * h + 2 * h + h * 2048;
  assert.equal(gemma, 684694048);
  // Gemma3nConfig builds this tower from the class defaults when audio_config is absent; an audio
  // config of a kind not worked out here leaves it out, and says so.
  const text5 = {
    model_type: 'gemma3n_text',
    vocab_size: 262400,
    hidden_size: 2048,
    intermediate_size: 16384,
    num_hidden_layers: 5,
    num_attention_heads: 8,
    num_key_value_heads: 2,
    head_dim: 256,
    sliding_window: 512,
    layer_types: ['sliding_attention', 'sliding_attention', 'sliding_attention', 'sliding_attention', 'full_attention'],
  };
  const implied = la.modelFromConfig({ model_type: 'gemma3n', text_config: text5 });
  const other = la.modelFromConfig({ model_type: 'gemma3n', text_config: text5, audio_config: { model_type: 'x' } });
  assert.equal(implied.params - other.params, gemma);
  const note = "params: with the audio tower of Gemma3nAudioConfig's defaults (audio_config absent) (684,694,048";
  assert.ok(implied.notes.some((n) => n.startsWith(note)));
  assert.ok(other.notes.includes('params: the audio tower is not counted (no shape this reader works out).'));
});

test('Llama-3.2-11B-Vision: 10,670,220,835 by hand, cross-attention layers and the Mllama vision tower', () => {
  // Text: an embedding of 128,256 + 8 rows and a separate head, 4,096 wide; 32 self-attention
  // layers (q, o 4,096^2; k, v 4,096 x 1,024; SwiGLU of 14,336; two norms) and 8 cross-attention
  // layers of the same shape with q/k norms (2 x 128) and two gates; the final norm.
  const attention = 2 * 4096 * 4096 + 2 * 4096 * 1024;
  const layer = attention + 3 * 4096 * 14336 + 2 * 4096;
  const textModel = (128256 + 8) * 4096 + 128256 * 4096 + 4096 + 32 * layer + 8 * (layer + 2 * 128 + 2);
  // Vision: 1,280 wide, patches of 14 over 560 (1,601 positions with the class token), 4 tiles, 8
  // aspect ratios + none; 32 blocks and 8 gated global blocks (q, k, v, o 1,280^2; MLP of 5,120 with
  // biases; two LayerNorms); LayerNorms before and after; the projector 7,680 -> 4,096 with bias.
  const block = 4 * 1280 * 1280 + 2 * 1280 * 5120 + 5120 + 1280 + 4 * 1280;
  const embeddings = 3 * 14 * 14 * 1280 + 1280 + 1601 * 1280 + 1 + 9 * 4 * 1601 * 1280 + 2 * (9 * 4 * 1280 + 1);
  const vision = embeddings + 4 * 1280 + 32 * block + 8 * (block + 2) + 7680 * 4096 + 4096;
  const m = la.modelFromConfig(text('llama-3.2-11b-vision.json'));
  assert.equal(m.params, textModel + vision);
  assert.equal(m.params, 10670220835);
  const note = `params: with the vision tower of vision_config (${vision.toLocaleString('en-US')}`;
  assert.ok(m.notes.some((n) => n.startsWith(note)));
});

test('Nemotron-3 Super: latent experts counted at moe_latent_size, with the projections down and up', () => {
  // One MoE layer: 512 experts of 2 x 1,024 x 2,688 (relu2, two matrices, in the 1,024 latent), the
  // projections 4,096 -> 1,024 -> 4,096, the shared expert 2 x 4,096 x 5,376, the router.
  const latent = 512 * 2 * 1024 * 2688 + 2 * 4096 * 1024 + 2 * 4096 * 5376 + 4096 * 512;
  const wide = 512 * 2 * 4096 * 2688 + 2 * 4096 * 5376 + 4096 * 512;
  const config = JSON.parse(text('nemotron-3-super-120b-a12b-fp8.json').replace(/\bInfinity\b/g, '1e308'));
  const withLatent = la.modelFromConfig(config).params;
  const { moe_latent_size: _, ...plain } = config;
  // 40 MoE layers and the MTP block's one
  assert.equal(withLatent - la.modelFromConfig(plain).params, 41 * (latent - wide));
});

test('Granite-4.0-H-Tiny: 6,938,917,440 by hand, Mamba-2 and attention layers, 64 experts and the shared MLP', () => {
  // Tied embedding 100,352 x 1,536 and the final norm; 36 Mamba-2 layers (in_proj 1,536 x (2 x
  // 3,072 + 2 x 128 + 48), conv (3,072 + 256) x 4, A, D, dt bias, the gated norm of 3,072, out_proj
  // 3,072 x 1,536); 4 attention layers (q, o 1,536^2; k, v 1,536 x 512); every layer: two norms,
  // 64 experts of 3 x 1,536 x 512, the router 1,536 x 64 and the shared MLP 3 x 1,536 x 1,024.
  const mamba = 1536 * 6448 + 3328 * 4 + 3 * 48 + 3072 + 3072 * 1536;
  const attention = 2 * 1536 * 1536 + 2 * 1536 * 512;
  const ffn = 64 * 3 * 1536 * 512 + 1536 * 64 + 3 * 1536 * 1024;
  const whole = 100352 * 1536 + 1536 + 36 * mamba + 4 * attention + 40 * (2 * 1536 + ffn);
  assert.equal(whole, 6938917440);
  assert.equal(la.modelFromConfig(text('granite-4.0-h-tiny.trimmed.json')).params, whole);
  // The dense -H-1B (num_local_experts 0) keeps only the shared MLP, 3 x 1,536 x 4,096.
  const dense = whole - 40 * ffn + 40 * 3 * 1536 * 4096;
  assert.equal(la.modelFromConfig(text('granite-4.0-h-1b.trimmed.json')).params, dense);
});

test('Bamba: Mamba-2 layers and attention at attn_layer_indices, a SwiGLU in every layer', () => {
  // No real Bamba config.json was found to keep; these are Bamba-9B's fields as other projects
  // quote them, with BambaConfig's defaults for the rest (vocabulary 128,000, untied, 8 KV heads,
  // expand 2, one group, a conv of 4).
  const config = {
    model_type: 'bamba',
    num_hidden_layers: 32,
    num_attention_heads: 32,
    num_key_value_heads: 8,
    hidden_size: 4096,
    intermediate_size: 14336,
    mamba_n_heads: 128,
    mamba_d_head: 64,
    mamba_d_state: 128,
    mamba_n_groups: 1,
    mamba_d_conv: 4,
    mamba_expand: 2,
    attn_layer_indices: [9, 18, 27],
    vocab_size: 128000,
  };
  const mamba = 4096 * (2 * 8192 + 256 + 128) + 8448 * 4 + 3 * 128 + 8192 + 8192 * 4096;
  const attention = 2 * 4096 * 4096 + 2 * 4096 * 1024;
  const layer = 2 * 4096 + 3 * 4096 * 14336;
  const whole = 2 * 128000 * 4096 + 4096 + 29 * mamba + 3 * attention + 32 * layer;
  assert.equal(la.modelFromConfig(config).params, whole);
});

test('RWKV-7 2.9B: 2,947,735,040 by hand, its low-rank decay, rate, value residual and gate', () => {
  // Embedding and head 65,536 x 2,560, the first layer's LayerNorm, ln_out; 32 layers of two
  // LayerNorms, time mixing (6 mixing vectors, r/k/v/o 2,560^2, decay and rate low ranks of 96 with
  // their bias vectors, the gate's of 320, k_k, k_a, r_k, ln_x) and channel mixing (a mixing vector,
  // key and value 2,560 x 10,240); the value residual's low rank of 64 on layers 1 to 31.
  const H = 2560;
  const time = 6 * H + 4 * H * H + 2 * (2 * H * 96 + H) + 2 * H * 320 + 3 * H + 2 * H;
  const channel = H + 2 * H * 10240;
  const whole = 2 * 65536 * H + 4 * H + 32 * (4 * H + time + channel) + 31 * (2 * H * 64 + H);
  assert.equal(whole, 2947735040);
  assert.equal(la.modelFromConfig(text('rwkv7-g1i-2.9b.trimmed.json')).params, whole);
});

test('a count at the core limit says so: sessionsAtLimit, longestAtLimit', () => {
  const head = { layers: [{ kind: 'linear', count: 1, heads: 1, keyDim: 64, valueDim: 64 }], params: 0 };
  const c = la.kvCapacity(head, { tokens: 1000, gpuBytes: 80e9 });
  assert.equal(c.sessionsThatFit, 1000000n);
  assert.equal(c.sessionsAtLimit, true);
  assert.equal(c.longestAtLimit, true);
  const exact = la.kvCapacity(head, { tokens: 1000, gpuBytes: 8192e6 });
  assert.equal(exact.sessionsAtLimit, false);
});
