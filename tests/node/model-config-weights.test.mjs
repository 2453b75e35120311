// Weights worked out from real config.json texts (la.modelFromConfig's params) against the totals
// the models' makers publish, each within 4 %. A model whose weights cannot be worked out gets no
// params, and la.kvCapacity then refuses it (field model.params) rather than fit it as if it
// weighed nothing. Totals as given on each model's card or in its paper, or the parameter count a
// Hugging Face page shows (source beside each); they were not re-read from those pages when this
// table was written.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createLinattn } from '../../wasm/index.mjs';

const text = (name) => readFileSync(new URL(`./fixtures/configs/${name}`, import.meta.url), 'utf8');
const la = await createLinattn();
const HF = 'huggingface.co/';

// [fixture, published total, source]
const PUBLISHED = [
  ['mixtral-8x7b-v0.1.json', 46.7e9, 'mistral.ai/news/mixtral-of-experts (46.7B total)'],
  ['mixtral-8x22b-v0.1.json', 141e9, 'mistral.ai/news/mixtral-8x22b (141B)'],
  ['qwen3-30b-a3b.json', 30.5e9, `${HF}Qwen/Qwen3-30B-A3B (30.5B in total)`],
  ['qwen3-235b-a22b.json', 235e9, `${HF}Qwen/Qwen3-235B-A22B (235B in total)`],
  ['qwen3-8b.json', 8.2e9, `${HF}Qwen/Qwen3-8B`],
  ['qwen3-32b.json', 32.8e9, `${HF}Qwen/Qwen3-32B`],
  ['qwen3-1.7b.json', 1.7e9, `${HF}Qwen/Qwen3-1.7B`],
  ['qwen3-next-80b-a3b-thinking.json', 80e9, `${HF}Qwen/Qwen3-Next-80B-A3B-Thinking (80B in total)`],
  ['qwen1.5-moe-a2.7b.transcribed.json', 14.3e9, `${HF}Qwen/Qwen1.5-MoE-A2.7B (14.3B in total)`],
  ['qwen2.5-7b.json', 7.61e9, `${HF}Qwen/Qwen2.5-7B`],
  ['qwen2.5-72b.json', 72.7e9, `${HF}Qwen/Qwen2.5-72B`],
  ['deepseek-v3.json', 685e9, `${HF}deepseek-ai/DeepSeek-V3 (671B main model + 14B MTP module)`],
  ['deepseek-v2-lite.transcribed.json', 15.7e9, `${HF}deepseek-ai/DeepSeek-V2-Lite`],
  ['kimi-k2-instruct.json', 1e12, `${HF}moonshotai/Kimi-K2-Instruct (1T total)`],
  ['kimi-linear-48b-a3b.transcribed.json', 48e9, `${HF}moonshotai/Kimi-Linear-48B-A3B-Instruct`],
  ['gpt-oss-120b.json', 116.83e9, 'gpt-oss-120b & gpt-oss-20b model card, arXiv:2508.10925 (116.83B)'],
  ['gpt-oss-20b.json', 20.91e9, 'gpt-oss model card, arXiv:2508.10925 (20.91B)'],
  ['llama-4-scout-17b-16e-instruct.json', 109e9, `${HF}meta-llama/Llama-4-Scout-17B-16E-Instruct (109B total)`],
  ['llama-4-maverick-17b-128e-instruct.json', 400e9, `${HF}meta-llama/Llama-4-Maverick-17B-128E-Instruct (400B)`],
  ['llama-3.1-8b.json', 8.03e9, `${HF}meta-llama/Llama-3.1-8B`],
  ['llama-3.1-70b.json', 70.6e9, `${HF}meta-llama/Llama-3.1-70B`],
  ['llama-3.1-405b.json', 405e9, `${HF}meta-llama/Llama-3.1-405B`],
  ['llama-2-70b-hf.json', 69e9, 'Llama 2 paper, arXiv:2307.09288 (70B; 69B on its card)'],
  ['mistral-7b-v0.3.transcribed.json', 7.25e9, `${HF}mistralai/Mistral-7B-v0.3`],
  ['gemma-2-9b.transcribed.json', 9.24e9, 'Gemma 2 paper, arXiv:2408.00118 (8.32B + 0.92B embedding)'],
  ['gemma-2-27b.transcribed.json', 27.23e9, 'Gemma 2 paper, arXiv:2408.00118 (26.05B + 1.18B embedding)'],
  ['jamba-1.5-mini.transcribed.json', 52e9, 'Jamba-1.5 paper, arXiv:2408.12570 (52B total)'],
  ['falcon-mamba-7b.transcribed.json', 7.27e9, `${HF}tiiuae/falcon-mamba-7b`],
  ['nemotron-h-56b-base-8k.json', 56e9, 'Nemotron-H paper, arXiv:2504.03624 (56B)'],
  ['nemotron-3-nano-30b-a3b-bf16.json', 31.6e9, `${HF}nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-BF16 (31.6B total)`],
  ['minimax-m1.json', 456e9, `${HF}MiniMaxAI/MiniMax-M1-80k (456B)`],
  ['phi-3-mini-128k-instruct.json', 3.8e9, `${HF}microsoft/Phi-3-mini-128k-instruct (3.8B)`],
  ['phi-4-mini-instruct.transcribed.json', 3.8e9, `${HF}microsoft/Phi-4-mini-instruct (3.8B)`],
  ['gpt2.transcribed.json', 124e6, `${HF}openai-community/gpt2 (124M)`],
  ['gpt-j-6b.transcribed.json', 6.05e9, `${HF}EleutherAI/gpt-j-6b (6,053,381,344)`],
  ['olmo-2-7b.transcribed.json', 7.3e9, `${HF}allenai/OLMo-2-1124-7B`],
  ['olmoe-1b-7b-0125-instruct.json', 6.9e9, 'OLMoE paper, arXiv:2409.02060 (6.9B total)'],
  ['llama-3.2-3b-instruct.json', 3.21e9, `${HF}meta-llama/Llama-3.2-3B-Instruct (3.21B)`],
  ['mamba-2.8b-hf.transcribed.json', 2.8e9, 'Mamba paper, arXiv:2312.00752, and state-spaces/mamba README (2.8B)'],
  [
    'smollm3-3b-base.transcribed.json',
    3.08e9,
    `${HF}HuggingFaceTB/SmolLM3-3B-Base (3B; 3,075,098,624 by its transcriber's count)`,
  ],
  ['phi-2.transcribed.json', 2.7e9, `${HF}microsoft/phi-2 (2.7 billion)`],
  // Vision-language models: the language model plus its vision tower (vision_config) and connector
  [
    'qwen3-vl-8b-instruct.json',
    8.77e9,
    `${HF}Qwen/Qwen3-VL-8B-Instruct (8.77B on its page; 8.8B in haimaker.ai's listing)`,
  ],
  ['qwen3-vl-2b-instruct.json', 2.13e9, `${HF}Qwen/Qwen3-VL-2B-Instruct (2.13B on its page)`],
  ['qwen3-vl-4b-instruct.json', 4.44e9, `${HF}Qwen/Qwen3-VL-4B-Instruct (4.44B on its page)`],
  ['qwen3-vl-30b-a3b-instruct.json', 31.1e9, `${HF}Qwen/Qwen3-VL-30B-A3B-Instruct (31.1B on its page)`],
  ['llava-1.5-7b.transcribed.json', 7.06e9, `${HF}llava-hf/llava-1.5-7b-hf (7.06B on its page)`],
  ['ernie-4.5-0.3b.transcribed.json', 0.36e9, `${HF}baidu/ERNIE-4.5-0.3B-PT (0.36B)`],
  ['bloom-560m.transcribed.json', 559.2e6, `${HF}bigscience/bloom-560m (559,214,592)`],
  [
    'seed-oss-36b.trimmed.json',
    36e9,
    `${HF}ByteDance-Seed/Seed-OSS-36B-Instruct (36B; the config's shape, not named by the source)`,
  ],
  [
    'cohere-8b.transcribed.json',
    8.0e9,
    `${HF}CohereForAI/aya-23-8B (8B; the config's shape, its model not named by the source)`,
  ],
  [
    'h2ogpt-oig-oasst1-256-6.9b.transcribed.json',
    6.857e9,
    'Pythia paper, arXiv:2304.01373 (Pythia-6.9B: 6,857,302,016)',
  ],
];

for (const [file, total, source] of PUBLISHED) {
  test(`${file}: weights worked out within 4 % of the published ${total.toExponential(3)} (${source})`, () => {
    const m = la.modelFromConfig(text(file));
    assert.ok(m.params !== undefined, 'params worked out');
    const off = Math.abs(m.params - total) / total;
    assert.ok(off <= 0.04, `${m.params.toLocaleString('en-US')} is ${(off * 100).toFixed(2)} % from ${total}`);
  });
}

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

test('weights that cannot be worked out are refused by kvCapacity, naming model.params', () => {
  const m = la.modelFromConfig(text('rwkv5-3b.transcribed.json'));
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

test('a count at the core limit says so: sessionsAtLimit, longestAtLimit', () => {
  const head = { layers: [{ kind: 'linear', count: 1, heads: 1, keyDim: 64, valueDim: 64 }], params: 0 };
  const c = la.kvCapacity(head, { tokens: 1000, gpuBytes: 80e9 });
  assert.equal(c.sessionsThatFit, 1000000n);
  assert.equal(c.sessionsAtLimit, true);
  assert.equal(c.longestAtLimit, true);
  const exact = la.kvCapacity(head, { tokens: 1000, gpuBytes: 8192e6 });
  assert.equal(exact.sessionsAtLimit, false);
});
