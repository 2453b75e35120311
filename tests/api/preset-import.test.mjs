// A preset and the same model imported from its config.json say the same thing: the same layers'
// all-linear twin (one rule, TWIN_RULE: a head_dim x head_dim state per query head of the
// attention layers) and weights within 4 % (the preset's published total against the import's
// count from the config).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { importConfig } from '../../web/src/demos/memory/compute-config.js';
import { twinOf } from '../../web/src/demos/memory/models.js';

const presets = JSON.parse(readFileSync(new URL('../../content/presets/models.json', import.meta.url), 'utf8')).presets;
const fixture = (name) => readFileSync(new URL(`./fixtures/configs/${name}`, import.meta.url), 'utf8');

// preset id -> the fixture holding its config.json (or that of a release of the same shape)
const CONFIG_OF = {
  'llama-2-7b': 'llama-2-7b-hf.json',
  'llama-2-70b': 'llama-2-70b-hf.json',
  'llama-3-8b': 'llama-3.1-8b.json',
  'llama-3.1-70b': 'llama-3.1-70b.json',
  'llama-3.1-405b': 'llama-3.1-405b.json',
  'qwen2.5-7b': 'qwen2.5-7b.json',
  'gemma-2-9b': 'gemma-2-9b.transcribed.json',
  'deepseek-v3': 'deepseek-v3.json',
  'kimi-linear-48b-a3b': 'kimi-linear-48b-a3b.transcribed.json',
  'qwen3-next-80b-a3b': 'qwen3-next-80b-a3b-thinking.json',
  'minimax-m1': 'minimax-m1.json',
  'gpt-oss-120b': 'gpt-oss-120b.json',
  'gpt-oss-20b': 'gpt-oss-20b.json',
  'llama-4-scout': 'llama-4-scout-17b-16e-instruct.json',
  'qwen3.5-27b': 'qwen3.5-27b.json',
  'qwen3.5-35b-a3b': 'qwen3.5-35b-a3b.json',
  'nemotron-h-8b': 'nemotron-h-8b-base-8k.transcribed.json',
  'falcon-h1-7b': 'falcon-h1-7b.transcribed.json',
  'jamba-1.5-mini': 'jamba-1.5-mini.transcribed.json',
};

for (const [id, file] of Object.entries(CONFIG_OF)) {
  test(`${id}: the preset's all-linear twin and weights agree with ${file} imported`, () => {
    const preset = presets.find((p) => p.id === id);
    const { model } = importConfig(fixture(file));
    assert.deepEqual(twinOf(preset), twinOf(model));
    // The trimmed Nemotron-H-8B transcription lacks intermediate_size: its weights are not known.
    if (model.params === undefined) return assert.equal(id, 'nemotron-h-8b');
    const off = Math.abs(model.params - preset.params) / preset.params;
    assert.ok(off <= 0.04, `${model.params} vs ${preset.params}: ${(off * 100).toFixed(2)} %`);
  });
}

test('Qwen3-Next: every attention layer made linear keeps 16 query heads x 256 x 256, as the import does', () => {
  // 12 attention layers x 16 x 256 x 256 = 12,582,912 numbers, not 12 x 32 x 128 x 128 = 6,291,456.
  const twin = twinOf(presets.find((p) => p.id === 'qwen3-next-80b-a3b'));
  assert.equal(12 * twin.heads * twin.keyDim * twin.valueDim, 12582912);
});
