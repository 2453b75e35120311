// Every real config.json kept as a fixture (tests/api/fixtures/configs, sources in SOURCES.md),
// read by la.modelFromConfig and counted by la.kvMemory (one session, bf16: 2 bytes a number).
// Each row's numbers are worked out by hand from the config's own fields, shown beside it:
//   grow    bytes per token at any length: full attention 2 (K, V) x kv_heads x head_dim x 2 bytes,
//           MLA (kv_lora_rank + qk_rope_head_dim) x 2 bytes, summed over the layers
//   capped  bytes per token of windowed / chunked layers, until the window (`cap`) is full
//   state   fixed bytes per sequence: linear heads x key x value, SSM heads x head_dim x d_state,
//           plus the convolution (`conv`: (kernel - 1) x channels), x 2 bytes, summed over layers
//   max     maxContext (max_position_embeddings, model_max_length, or a named default)
// Published figures that agree are cited beside the row; the published parameter totals the
// weights are held to are in model-config-corpus-weights.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { createLinattn } from '../../wasm/index.mjs';

const dir = new URL('./fixtures/configs/', import.meta.url);
const text = (name) => readFileSync(new URL(name, dir), 'utf8');
const la = await createLinattn();

// [fixture, { grow, capped, cap, state, conv, max }] (omitted: 0, or no maxContext)
const ROWS = [
  // 32 layers x 2 x 8 x 128 x 2 = 131,072 (128 KiB a token, the figure usually quoted for Llama-3-8B)
  ['llama-3.1-8b.json', { grow: 131072, max: 131072 }],
  ['llama-3.1-70b.json', { grow: 327680, max: 131072 }], // 80 x 4,096 (320 KiB)
  ['llama-3.1-405b.json', { grow: 516096, max: 131072 }], // 126 x 4,096
  ['qwen3-8b.json', { grow: 147456, max: 40960 }], // 36 x 2 x 8 x 128 x 2
  ['qwen3-0.6b.json', { grow: 114688, max: 40960 }], // 28 x 4,096
  ['qwen3-32b.json', { grow: 262144, max: 40960 }], // 64 x 4,096
  ['qwen3-30b-a3b.json', { grow: 98304, max: 40960 }], // 48 x 2 x 4 x 128 x 2
  ['qwen3-235b-a22b.json', { grow: 192512, max: 40960 }], // 94 x 2,048
  ['mixtral-8x7b-v0.1.json', { grow: 131072, max: 32768 }], // 32 x 4,096; sliding_window null
  ['mixtral-8x22b-v0.1.json', { grow: 229376, max: 65536 }], // 56 x 4,096
  ['qwen3-vl-8b-instruct.json', { grow: 147456, max: 262144 }], // text_config: 36 x 4,096
  ['qwen3-vl-30b-a3b-instruct.json', { grow: 98304, max: 262144 }], // text_config: 48 x 2,048
  // MLA: 61 x (512 + 64) x 2 = 70,272 (68.6 KiB)
  ['kimi-k2-instruct.json', { grow: 70272, max: 131072 }],
  ['kimi-k2.5.json', { grow: 70272, max: 262144 }], // text_config (deepseek_v3 layout)
  ['deepseek-v3.json', { grow: 70272, max: 163840 }],
  ['deepseek-r1.json', { grow: 70272, max: 163840 }],
  ['deepseek-v3.2.json', { grow: 70272, max: 163840 }], // the indexer's keys not counted (noted)
  ['deepseek-v2-lite.transcribed.json', { grow: 31104, max: 163840 }], // 27 x 576 x 2
  ['glm-5.json', { grow: 89856, max: 202752 }], // 78 x 576 x 2
  ['glm-4.7-flash.json', { grow: 54144, max: 202752 }], // glm4_moe_lite, read by kv_lora_rank: 47 x 1,152
  ['glm-4.7-fp8.json', { grow: 376832, max: 202752 }], // 92 x 2 x 8 x 128 x 2
  ['mimo-7b-base.json', { grow: 147456, max: 32768 }], // 36 x 4,096
  ['minimax-m2.5.json', { grow: 253952, max: 196608 }], // 62 x 4,096
  ['mistral-7b-v0.3.transcribed.json', { grow: 131072, max: 32768 }],
  ['qwen2-7b.transcribed.json', { grow: 57344, max: 32768 }], // 28 x 2 x 4 x 128 x 2
  ['qwen2.5-0.5b-instruct-gensyn-swarm.json', { grow: 12288, max: 32768 }], // 24 x 2 x 2 x 64 x 2 (896 / 14 = 64)
  ['qwen1.5-moe-a2.7b.transcribed.json', { grow: 196608, max: 32768 }], // 24 x 2 x 16 x 128 x 2
  ['internlm2.transcribed.json', { grow: 131072, max: 32768 }], // generic: 32 x 4,096
  ['stablelm.transcribed.json', { grow: 327680, max: 4096 }], // generic: 32 x 2 x 32 x 80 x 2
  ['olmo-2-7b.transcribed.json', { grow: 524288, max: 4096 }], // 32 x 2 x 32 x 128 x 2
  // text_config gives only max_position_embeddings and vocab: LlamaConfig's 32 layers, 32 heads,
  // hidden 4,096 -> 32 x 2 x 32 x 128 x 2
  ['llava-1.5-7b.transcribed.json', { grow: 524288, max: 4096 }],
  ['llama-3.2-1b.transcribed.json', { grow: 32768, max: 131072 }], // 16 x 2 x 8 x 64 x 2
  ['codellama-34b.transcribed.json', { grow: 196608, max: 16384 }], // 48 x 2 x 8 x 128 x 2
  ['smollm-1.7b.transcribed.json', { grow: 196608, max: 2048 }], // 24 x 2 x 32 x 64 x 2
  ['minicpm-2b.transcribed.json', { grow: 368640, max: 65536 }], // generic: 40 x 2 x 36 x 64 x 2
  ['mlc-qwen.transcribed.json', { grow: 196608, max: 8192 }], // generic: 24 x 2 x 16 x 128 x 2
  ['mlc-baichuan.transcribed.json', { grow: 524288, max: 4096 }], // generic: 32 x 2 x 32 x 128 x 2
  ['mlc-internlm.transcribed.json', { grow: 524288, max: 2048 }], // generic: 32 x 16,384
  ['mlc-orion.transcribed.json', { grow: 819200, max: 4096 }], // generic: 40 x 2 x 40 x 128 x 2
  ['mlc-deepseek.transcribed.json', { grow: 229376, max: 4096 }], // generic: 28 x 2 x 16 x 128 x 2
  ['redpajama-incite-3b-v1.transcribed.json', { grow: 327680, max: 2048 }], // gpt_neox: 32 x 2 x 32 x 80 x 2
  // GPT-2-era names (n_layer, n_head, n_embd, n_positions)
  ['gpt2.transcribed.json', { grow: 36864, max: 1024 }], // 12 x 2 x 12 x 64 x 2
  ['gpt-j-6b.transcribed.json', { grow: 458752, max: 2048 }], // 28 x 2 x 16 x 256 x 2
  ['santacoder.transcribed.json', { grow: 12288, max: 2048 }], // multi-query: 24 x 2 x 1 x 128 x 2
  // Phi-3: the window is on every layer (262,144, more than the 131,072 positions)
  ['phi-3.5-mini-instruct.transcribed.json', { capped: 393216, cap: 262144, max: 131072 }], // 32 x 2 x 32 x 96 x 2
  ['phi-4-mini-instruct.transcribed.json', { capped: 131072, cap: 262144, max: 131072 }], // 32 x 2 x 8 x 128 x 2
  ['starcoder2-15b.transcribed.json', { capped: 65536, cap: 4096, max: 16384 }], // 32 x 2 x 4 x 128 x 2
  ['gpt-oss-120b.json', { grow: 36864, capped: 36864, cap: 128, max: 131072 }], // 18 + 18 x 2 x 8 x 64 x 2
  ['gpt-oss-20b.json', { grow: 24576, capped: 24576, cap: 128, max: 131072 }], // 12 + 12
  ['gemma-2b.transcribed.json', { grow: 18432, max: 8192 }], // 18 x 2 x 1 x 256 x 2
  ['gemma-2-9b.transcribed.json', { grow: 172032, capped: 172032, cap: 4096, max: 8192 }], // 21 + 21 x 8,192
  ['gemma-2-27b.transcribed.json', { grow: 188416, capped: 188416, cap: 4096, max: 8192 }], // 23 + 23 x 2 x 16 x 128 x 2
  ['gemma-3-1b-it.transcribed.json', { grow: 4096, capped: 22528, cap: 512, max: 32768 }], // 4 + 22 x 1,024
  // Gemma 4: 5 global layers x 2 x 2 x 512 x 2 = 20,480; 25 local x 2 x 8 x 256 x 2 = 204,800
  ['gemma-4-26b-a4b.json', { grow: 20480, capped: 204800, cap: 1024, max: 262144 }],
  // Llama 4: 12 global x 4,096 = 49,152; 36 chunked (8,192) x 4,096 = 147,456
  ['llama-4-scout-17b-16e-instruct.json', { grow: 49152, capped: 147456, cap: 8192, max: 10485760 }],
  ['llama-4-maverick-17b-128e-instruct.json', { grow: 49152, capped: 147456, cap: 8192, max: 1048576 }],
  // Qwen3-Next: 12 x 2 x 2 x 256 x 2 = 24,576; 36 x 32 x 128 x 128 x 2 = 37,748,736; conv 36 x 3 x 8,192 x 2
  ['qwen3-next-80b-a3b-thinking.json', { grow: 24576, state: 37748736, conv: 1769472, max: 262144 }],
  // Qwen3.5-27B: 16 x 2 x 4 x 256 x 2 = 65,536; 48 x 48 x 128 x 128 x 2 = 75,497,472; conv 48 x 3 x 10,240 x 2
  ['qwen3.5-27b.json', { grow: 65536, state: 75497472, conv: 2949120, max: 262144 }],
  // Qwen3.5-35B-A3B: 10 x 2,048; 30 x 32 x 128 x 128 x 2 = 31,457,280; conv 30 x 3 x 8,192 x 2
  ['qwen3.5-35b-a3b.json', { grow: 20480, state: 31457280, conv: 1474560, max: 262144 }],
  // Kimi Linear: 7 MLA x 1,152; 20 KDA x 32 x 128 x 128 x 2 = 20,971,520; conv 20 x 3 x 12,288 x 2
  ['kimi-linear-48b-a3b.transcribed.json', { grow: 8064, state: 20971520, conv: 1474560, max: 1048576 }],
  // MiniMax-M1: 10 x 4,096; 70 x 64 x 128 x 128 x 2 = 146,800,640; no convolution
  ['minimax-m1.json', { grow: 40960, state: 146800640, max: 10240000 }],
  // Nemotron-H-56B: 10 x 4,096; 54 x 256 x 64 x 256 x 2 = 452,984,832; conv 54 x 3 x 20,480 x 2
  ['nemotron-h-56b-base-8k.json', { grow: 40960, state: 452984832, conv: 6635520, max: 8192 }],
  // Nemotron-H-8B: 4 x 4,096; 24 x 128 x 64 x 128 x 2 = 50,331,648; conv 24 x 3 x 10,240 x 2
  ['nemotron-h-8b-base-8k.transcribed.json', { grow: 16384, state: 50331648, conv: 1474560, max: 8192 }],
  // Nemotron-3-Nano: 6 x 2 x 2 x 128 x 2 = 6,144; 23 x 64 x 64 x 128 x 2 = 24,117,248; conv 23 x 3 x
  // (64 x 64 + 2 x 8 x 128 = 6,144) x 2
  ['nemotron-3-nano-30b-a3b-bf16.json', { grow: 6144, state: 24117248, conv: 847872, max: 262144 }],
  // Nemotron-3-Super: hybrid_override_pattern, 8 x 2 x 2 x 128 x 2 = 8,192; 40 x 128 x 64 x 128 x 2 =
  // 83,886,080; conv 40 x 3 x (128 x 64 + 2 x 8 x 128 = 10,240) x 2
  ['nemotron-3-super-120b-a12b-fp8.json', { grow: 8192, state: 83886080, conv: 2457600, max: 262144 }],
  // Nemotron-3-Ultra: layers_block_type (108 entries, no num_hidden_layers): 12 attention x 1,024;
  // 48 Mamba-2 x 256 x 64 x 128 x 2 = 201,326,592; conv 48 x 3 x (256 x 64 + 2,048 = 18,432) x 2
  ['nemotron-3-ultra-550b-a55b-bf16.json', { grow: 12288, state: 201326592, conv: 5308416, max: 262144 }],
  // Nemotron-3.5-Lightning: layers_block_type, 6 x 1,024; 23 x 64 x 64 x 128 x 2; conv 23 x 3 x 6,144 x 2
  ['nemotron-3.5-lightning-30b-a3b-nvfp4.json', { grow: 6144, state: 24117248, conv: 847872, max: 1048576 }],
  // Falcon-H1-7B: 44 x 2 x 2 x 128 x 2 = 45,056; 44 x 24 x 128 x 256 x 2 = 69,206,016; conv 44 x 3 x 3,584 x 2
  ['falcon-h1-7b.transcribed.json', { grow: 45056, state: 69206016, conv: 946176, max: 262144 }],
  // Jamba-1.5-Mini: 4 x 4,096; 28 x 8,192 x 16 x 2 = 7,340,032; conv 28 x 3 x 8,192 x 2
  ['jamba-1.5-mini.transcribed.json', { grow: 16384, state: 7340032, conv: 1376256, max: 262144 }],
  // Falcon-Mamba-7B: 64 x 8,192 (intermediate_size) x 16 x 2 = 16,777,216; conv 64 x 3 x 8,192 x 2
  ['falcon-mamba-7b.transcribed.json', { state: 16777216, conv: 3145728 }],
  // RecurrentGemma-2B: 8 attention blocks x 2 x 1 x 256 x 2 = 8,192 up to 2,048 tokens; 18 recurrent
  // blocks x 2,560 x 2 = 92,160 of RG-LRU state; conv 18 x 3 x 2,560 x 2 = 276,480
  ['recurrentgemma-2b.transcribed.json', { capped: 8192, cap: 2048, state: 92160, conv: 276480 }],
  // RWKV-5 3B: 32 x (2,560 / 64 = 40) x 64 x 64 x 2 = 10,485,760; token shifts 32 x 2 x 2,560 x 2
  ['rwkv5-3b.transcribed.json', { state: 10485760, conv: 327680 }],
  // ai-dynamo/aiconfigurator's model_configs at 095f58a (verbatim copies), worked the same way
  ['qwen3-1.7b.json', { grow: 114688, max: 40960 }], // 28 x 2 x 8 x 128 x 2
  ['qwen3-coder-480b-a35b-instruct.json', { grow: 253952, max: 262144 }], // 62 x 2 x 8 x 128 x 2
  ['qwen3-vl-2b-instruct.json', { grow: 114688, max: 262144 }], // text_config: 28 x 4,096
  ['qwen3-vl-4b-instruct.json', { grow: 147456, max: 262144 }], // text_config: 36 x 4,096
  ['qwen3-vl-32b-instruct.json', { grow: 262144, max: 262144 }], // text_config: 64 x 4,096
  ['qwen3-vl-235b-a22b-instruct.json', { grow: 192512, max: 262144 }], // text_config: 94 x 2 x 4 x 128 x 2
  ['minimax-m2.7.json', { grow: 253952, max: 204800 }], // 62 x 2 x 8 x 128 x 2
  // MiniMax-M3 (read generically): 60 x 2 x 4 x 128 x 2 = 122,880; its block-sparse attention reads
  // from a full cache, the indexer's keys (sparse_index_dim) not counted
  ['minimax-m3.json', { grow: 122880, max: 1048576 }],
  ['deepseek-v3.1-nvfp4.json', { grow: 70272, max: 163840 }], // MLA: 61 x (512 + 64) x 2
  ['glm-5.1.json', { grow: 89856, max: 202752 }], // 78 x 576 x 2
  ['glm-5.2.json', { grow: 89856, max: 1048576 }], // 78 x 576 x 2
  ['llama-3.1-70b-instruct-fp8.json', { grow: 327680, max: 131072 }], // 80 x 2 x 8 x (8,192 / 64) x 2
  // Step-3.7-Flash (read generically): 12 full x 2 x 8 x 128 x 2 = 49,152; 33 sliding (512) x 4,096
  ['step-3.7-flash.json', { grow: 49152, capped: 135168, cap: 512, max: 65536 }],
  // Gemma 4 31B: 10 global x 2 x 4 x 512 x 2 = 81,920 (k_eq_v, both counted); 50 local x 2 x 16 x 256 x 2
  ['gemma-4-31b-it-nvfp4.json', { grow: 81920, capped: 819200, cap: 1024, max: 262144 }],
  // Qwen3.5-122B-A10B: 12 x 2 x 2 x 256 x 2 = 24,576; 36 x 64 x 128 x 128 x 2 = 75,497,472;
  // conv 36 x 3 x (2 x 16 x 128 + 64 x 128 = 12,288) x 2
  ['qwen3.5-122b-a10b.json', { grow: 24576, state: 75497472, conv: 2654208, max: 262144 }],
  // Qwen3.5-397B-A17B: 15 x 2,048; 45 x 64 x 128 x 128 x 2 = 94,371,840; conv 45 x 3 x 12,288 x 2
  ['qwen3.5-397b-a17b.json', { grow: 30720, state: 94371840, conv: 3317760, max: 262144 }],
  // Qwen3.6-27B: 16 x 2 x 4 x 256 x 2; 48 x 48 x 128 x 128 x 2; conv 48 x 3 x (4,096 + 6,144) x 2
  ['qwen3.6-27b-nvfp4.json', { grow: 65536, state: 75497472, conv: 2949120, max: 262144 }],
  // Qwen3.6-35B-A3B: 10 x 2,048; 30 x 32 x 128 x 128 x 2; conv 30 x 3 x (4,096 + 4,096) x 2
  ['qwen3.6-35b-a3b-nvfp4.json', { grow: 20480, state: 31457280, conv: 1474560, max: 262144 }],
  // Kimi-K3: 24 MLA layers (full_attn_layers) x 576 x 2 = 27,648; 69 KDA x 96 x 128 x 128 x 2 =
  // 217,055,232; conv 69 x 3 x (3 x 96 x 128 = 36,864) x 2
  ['kimi-k3.json', { grow: 27648, state: 217055232, conv: 15261696, max: 1048576 }],
  // aiconfigurator's model_configs as they were before it dropped them (commits in SOURCES.md)
  ['llama-2-7b-hf.json', { grow: 524288, max: 4096 }], // 32 x 2 x 32 x (4,096 / 32 = 128) x 2
  ['llama-2-13b-hf.json', { grow: 819200, max: 4096 }], // 40 x 2 x 40 x 128 x 2
  ['llama-2-70b-hf.json', { grow: 327680, max: 4096 }], // 80 x 2 x 8 x 128 x 2
  // Qwen2.5: use_sliding_window false, so the sliding_window 131,072 is not a window
  ['qwen2.5-1.5b.json', { grow: 28672, max: 131072 }], // 28 x 2 x 2 x (1,536 / 12 = 128) x 2
  ['qwen2.5-7b.json', { grow: 57344, max: 131072 }], // 28 x 2 x 4 x (3,584 / 28 = 128) x 2
  ['qwen2.5-32b.json', { grow: 262144, max: 131072 }], // 64 x 2 x 8 x (5,120 / 40 = 128) x 2
  ['qwen2.5-72b.json', { grow: 327680, max: 131072 }], // 80 x 2 x 8 x (8,192 / 64 = 128) x 2
  ['deepseek-r1-distill-qwen-32b.json', { grow: 262144, max: 131072 }], // as Qwen2.5-32B
  ['deepseek-v3.1.json', { grow: 70272, max: 163840 }], // MLA: 61 x (512 + 64) x 2
  // Laguna-XS.2 (read generically; query heads vary by layer, KV heads do not): 10 full x 2 x 8 x
  // 128 x 2 = 40,960; 30 sliding (512) x 4,096 = 122,880
  ['laguna-xs.2-fp8.json', { grow: 40960, capped: 122880, cap: 512, max: 262144 }],
  // casys-kaist/LLMServingSim's trimmed model configs (only the keys a simulator reads)
  ['phi-mini-moe-instruct.trimmed.json', { grow: 131072, max: 4096 }], // phimoe: 32 x 2 x 8 x (4,096 / 32) x 2
  ['opt-6.7b.trimmed.json', { grow: 524288, max: 2048 }], // opt (read generically): 32 x 2 x 32 x 128 x 2
  // Llama-3.2-11B-Vision (mllama; text_config): 40 layers, 8 of them cross-attention (their keys and
  // values are the image's, cached once, not per token): 32 x 2 x 8 x (4,096 / 32 = 128) x 2
  ['llama-3.2-11b-vision.json', { grow: 131072, max: 131072 }],
  // ollama's convert test data (verbatim copies of the configs it converts)
  // Phi-3-mini-128k: sliding_window 262,144 on every layer: 32 x 2 x 32 x (3,072 / 32 = 96) x 2
  ['phi-3-mini-128k-instruct.json', { capped: 393216, cap: 262144, max: 131072 }],
  // MiniCPM3-4B (read as MLA by kv_lora_rank): 62 x (256 + 32) x 2 = 35,712
  ['minicpm3-4b.json', { grow: 35712, max: 32768 }],
  // Families added with the weights (their weights: model-config-weights.test.mjs)
  ['olmoe-1b-7b-0125-instruct.json', { grow: 131072, max: 4096 }], // olmoe: 16 x 2 x 16 x (2,048 / 16) x 2
  ['llama-3.2-3b-instruct.json', { grow: 114688, max: 131072 }], // 28 x 2 x 8 x 128 x 2
  // smollm3: no_rope_layer_interval only drops RoPE on every 4th layer, all 36 attend fully
  ['smollm3-3b-base.transcribed.json', { grow: 73728, max: 65536 }], // 36 x 2 x 4 x (2,048 / 16) x 2
  ['granite-3.1-3b-a800m-instruct.trimmed.json', { grow: 65536, max: 131072 }], // granitemoe: 32 x 2 x 8 x 64 x 2
  ['h2ogpt-oig-oasst1-256-6.9b.transcribed.json', { grow: 524288, max: 2048 }], // gpt_neox: 32 x 2 x 32 x 128 x 2
  // Mamba-2.8B: 64 x 5,120 (intermediate_size) x 16 x 2 = 10,485,760; conv 64 x 3 x 5,120 x 2
  ['mamba-2.8b-hf.json', { state: 10485760, conv: 1966080 }],
  ['granite-3.3-8b-instruct.transcribed.json', { grow: 163840, max: 131072 }], // granite: 40 x 2 x 8 x 128 x 2
  ['phi-2.transcribed.json', { grow: 327680, max: 2048 }], // phi (generic): 32 x 2 x 32 x (2,560 / 32) x 2
  ['phi-1.5.transcribed.json', { grow: 196608, max: 2048 }], // 24 x 2 x 32 x (2,048 / 32) x 2
  ['cohere-8b.transcribed.json', { grow: 131072, max: 8192 }], // cohere: 32 x 2 x 8 x 128 x 2
  // LFM2.5-1.2B: 6 full_attention layers x 2 x 8 x (2,048 / 32) x 2 = 12,288; 10 conv layers keep
  // (conv_L_cache 3 - 1) x 2,048 past inputs x 2 = 8,192 each: 81,920
  ['lfm2.5-1.2b-autoround.transcribed.json', { grow: 12288, state: 81920, max: 128000 }],
  ['ernie-4.5-0.3b.transcribed.json', { grow: 18432, max: 131072 }], // ernie4_5 (generic): 18 x 2 x 2 x 128 x 2
  ['bloom-560m.transcribed.json', { grow: 98304 }], // bloom: 24 x 2 x 16 x (1,024 / 16) x 2; ALiBi, no position limit
  ['seed-oss-36b.trimmed.json', { grow: 262144, max: 524288 }], // seed_oss (generic): 64 x 2 x 8 x 128 x 2
  ['internlm3-8b-instruct.trimmed.json', { grow: 49152, max: 32768 }], // internlm3 (generic): 48 x 2 x 2 x 128 x 2
  // Granite-4.0-H-Tiny and -H-1B (granitemoehybrid, layer_types): 4 attention layers x 2 x 4 x
  // (1,536 / 12 = 128) x 2 = 8,192; 36 Mamba-2 x 48 x 64 x 128 x 2 = 28,311,552; conv 36 x 3 x
  // (2 x 1,536 + 2 x 1 x 128 = 3,328) x 2
  ['granite-4.0-h-tiny.trimmed.json', { grow: 8192, state: 28311552, conv: 718848, max: 131072 }],
  ['granite-4.0-h-1b.trimmed.json', { grow: 8192, state: 28311552, conv: 718848, max: 131072 }],
  // RWKV-7: 24 x (2,048 / 64 = 32) x 64 x 64 x 2 = 6,291,456; token shifts 24 x 2 x 2,048 x 2
  ['rwkv7-goose-world3-1.5b.trimmed.json', { state: 6291456, conv: 196608 }],
  // 32 x 40 x 64 x 64 x 2 = 10,485,760; token shifts 32 x 2 x 2,560 x 2 (head_size, vLLM's name)
  ['rwkv7-g1i-2.9b.trimmed.json', { state: 10485760, conv: 327680, max: 16384 }],
  // RWKV-6: 24 x 32 heads (2,048 / head_size 64, Rwkv6Config's default) x 64 x 64 x 2; token
  // shifts 24 x 2 x 2,048 x 2
  ['rwkv6-finch-1.6b.trimmed.json', { state: 6291456, conv: 196608 }],
  // Zamba2 (Zyphra's first file format): 13 hybrid layers x 2 x 32 x 224 (2 x 3,584 / 32) x 2;
  // 81 Mamba-2 layers of 112 heads (7,168 / mamba_headdim 64) x 64 x 64 x 2; conv 81 x 3 x
  // (7,168 + 2 x 2 x 64) x 2
  ['zamba2-7b.transcribed.json', { grow: 372736, state: 74317824, conv: 3608064, max: 4096 }],
  // Qwen2-Audio: text_config gives no shape: Qwen2Config's 32 layers of 32 heads of 128, and its
  // use_sliding_window false -> 32 x 2 x 32 x 128 x 2
  ['qwen2-audio-7b.trimmed.json', { grow: 524288, max: 8192 }],
  // Mamba-2: 64 layers x 128 heads x 64 x 128 x 2; conv 64 x 3 x (8,192 + 2 x 8 x 128) x 2
  ['mamba-codestral-7b.transcribed.json', { state: 134217728, conv: 3932160 }],
  // sliding_window 32,768 in every layer (no per-layer pattern): 36 x 2 x 8 x 128 x 2 up to the window
  ['ministral-8b-instruct-2410.transcribed.json', { capped: 147456, cap: 32768, max: 32768 }],
  // Gemma 3 4B's text model, pattern 6: 5 global layers x 2 x 4 x 256 x 2 = 20,480 growing, 29 local
  // layers x 4,096 up to the 1,024-token window
  ['gemma-3-4b-text.trimmed.json', { grow: 20480, capped: 118784, cap: 1024, max: 131072 }],
  // Qwen3.5-4B: 8 full layers x 2 x 4 x 256 x 2; 24 Gated DeltaNet layers x 32 x 128 x 128 x 2; conv
  // 24 x 3 x (2 x 16 x 128 + 32 x 128) x 2
  ['qwen3.5-4b.trimmed.json', { grow: 32768, state: 25165824, conv: 1179648, max: 262144 }],
  // Falcon-H1-3B: 32 layers of attention (2 x 2 x 128 x 2) beside Mamba-2 (32 heads x 128 x 256 x 2;
  // conv 3 x (4,096 + 2 x 256) x 2)
  ['falcon-h1-3b.trimmed.json', { grow: 32768, state: 67108864, conv: 884736, max: 131072 }],
];

// Refused, each naming the field that describes layers no reader here sizes.
const REFUSED = [
  ['deepseek-v4-flash.json', 'config.compress_ratios'],
  ['deepseek-v4-pro.json', 'config.compress_ratios'],
  ['mimo-v2-flash.json', 'config.hybrid_layer_pattern'],
  ['llama-3.3-nemotron-super-49b-v1.json', 'config.block_configs'],
  ['mlc-chatglm.transcribed.json', 'config.multi_query_group_num'],
  // No decoder of its own: encoders and encoder-decoders, refused naming model_type
  ['bert-base-uncased.transcribed.json', 'config.model_type'],
  ['albert-base-v1.json', 'config.model_type'],
  ['t5-small.transcribed.json', 'config.model_type'],
  ['whisper-tiny.transcribed.json', 'config.model_type'],
  // MPT keeps its attention settings in attn_config (ALiBi, heads in n_heads): not read here
  ['mpt-7b.transcribed.json', 'config.attn_config'],
];

for (const [file, want] of ROWS) {
  test(`${file}: bytes per token, windowed term, fixed state and max context as worked by hand`, () => {
    const m = la.modelFromConfig(text(file));
    const r = la.kvMemory(m, { tokens: 1 });
    const got = {
      grow: Number(r.growingBytesPerToken),
      capped: Number(r.cappedBytesPerToken),
      cap: Number(r.cappedFullTokens),
      state: Number(r.stateBytes - r.convBytes),
      conv: Number(r.convBytes),
      max: m.maxContext ?? 0,
    };
    const expected = { grow: 0, capped: 0, cap: 0, state: 0, conv: 0, max: 0, ...want };
    assert.deepEqual(got, expected);
    assert.equal(new Set(m.notes).size, m.notes.length, 'notes are not repeated');
    assert.ok(
      m.notes.every((n) => /[.)]$/.test(n)),
      'every note ends a sentence',
    );
  });
}

for (const [file, field] of REFUSED) {
  test(`${file}: refused, naming ${field}`, () => {
    assert.throws(
      () => la.modelFromConfig(text(file)),
      (e) => e instanceof RangeError && e.field === field && e.message.includes(field),
    );
  });
}

test('the corpus: every fixture is read or refused above, 45+ configs of 30+ model_types', () => {
  const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  const listed = new Set([...ROWS.map((r) => r[0]), ...REFUSED.map((r) => r[0])]);
  assert.deepEqual(
    files.filter((f) => !listed.has(f)),
    [],
  );
  assert.ok(files.length >= 45, `${files.length} fixtures`);
  const types = new Set(files.map((f) => JSON.parse(text(f).replace(/\bInfinity\b/g, '0')).model_type));
  assert.ok(types.size >= 30, `${types.size} model_types`);
});

test('the corpus: 45+ fixtures are verbatim copies, each with repository, path and commit in SOURCES.md', () => {
  const rows = text('SOURCES.md')
    .split('\n')
    .filter((l) => /^\| [^ ]+\.json \|/.test(l))
    .map((l) => l.split('|').map((c) => c.trim()));
  const verbatim = rows.filter((c) => c[6].startsWith('verbatim copy') && /^[0-9a-f]{40}$/.test(c[5]));
  for (const c of verbatim) {
    assert.ok(!c[1].includes('.transcribed.'), `${c[1]} is a transcription`);
    assert.ok(c[3] && c[4], `${c[1]} names its repository and path`);
    assert.ok(readdirSync(dir).includes(c[1]), `${c[1]} is a fixture`);
  }
  assert.ok(verbatim.length >= 45, `${verbatim.length} verbatim copies`);
});
