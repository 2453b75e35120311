// The memory figure's custom models through the real core : the editor's
// group limit is the core's, importConfig turns a config.json into the custom model the figure
// shows (the twin by the one rule), the editor's drafts round-trip every layer kind, and every
// message echoes at most a short piece of what was typed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createLinattn } from '../../wasm/index.mjs';
import { importConfig } from '../../web/src/demos/memory/compute-config.js';
import {
  MAX_LAYER_GROUPS,
  coreModel,
  draftFromModel,
  modelFromDraft,
  linearized,
  twinOf,
} from '../../web/src/demos/memory/models.js';
import { parseWhole } from '../../web/src/demos/memory/format.js';
import { defaultState, gpuBytes } from '../../web/src/demos/memory/state.js';

const la = await createLinattn();
const fixture = (name) => readFileSync(new URL(`../api/fixtures/configs/${name}`, import.meta.url), 'utf8');
const group = { kind: 'attention', count: 1, kvHeads: 1, headDim: 64 };

test('MAX_LAYER_GROUPS is what the core accepts: 64 groups pass, 65 are refused on model.layers', () => {
  const limit = Number.isInteger(la.limits.maxLayerGroups) ? la.limits.maxLayerGroups : MAX_LAYER_GROUPS;
  assert.equal(limit, MAX_LAYER_GROUPS);
  const many = (n) => ({ layers: Array.from({ length: n }, () => ({ ...group })) });
  assert.equal(la.kvMemory(many(MAX_LAYER_GROUPS), { tokens: 1 }).kvBytesPerToken, 64n * 2n * 64n * 2n);
  assert.throws(
    () => la.kvMemory(many(MAX_LAYER_GROUPS + 1), { tokens: 1 }),
    (e) => e.field === 'model.layers',
  );
});

test('importConfig: Qwen3-8B as the figure’s custom model, query heads kept for the twin', () => {
  const { model, notes } = importConfig(fixture('qwen3-8b.json'));
  assert.equal(model.maxContext, 40960);
  assert.deepEqual(model.layers, [{ kind: 'attention', count: 36, kvHeads: 8, headDim: 128, queryHeads: 32 }]);
  assert.ok(Array.isArray(notes));
  // the twin: 32 query heads x 128 x 128 per layer
  assert.deepEqual(twinOf(model), { heads: 32, keyDim: 128, valueDim: 128 });
  // the core never sees queryHeads
  assert.deepEqual(coreModel(model).layers[0], { kind: 'attention', count: 36, kvHeads: 8, headDim: 128 });
  const twin = coreModel(linearized(model, twinOf(model)));
  // all-linear: 36 x 32 x 128 x 128 x 4 bytes (fp32, the default state type) = 75,497,472 bytes
  assert.equal(la.kvMemory(twin, { tokens: 1, stateDtype: defaultState().stateDtype }).stateBytes, 75497472n);
});

test('importConfig: an MLA-only model (DeepSeek-V3) keeps its twin as linearTwin (v_head_dim)', () => {
  const { model } = importConfig(fixture('deepseek-v3.json'));
  assert.deepEqual(model.linearTwin, { heads: 128, keyDim: 128, valueDim: 128 });
});

test('importConfig: unsupported or broken configs throw the core’s Error with its field', () => {
  assert.throws(
    () => importConfig('{ nope'),
    (e) => e.field === 'config' && /JSON/.test(e.message),
  );
  assert.throws(
    () => importConfig(JSON.stringify({ model_type: 'gpt2' })),
    (e) => /gpt2/.test(e.message) && typeof e.field === 'string',
  );
});

test('editor drafts round-trip ssm, chunk and convolution fields; blanks stay absent', () => {
  const model = {
    layers: [
      { kind: 'ssm', count: 24, heads: 128, headDim: 64, stateDim: 128, convKernel: 4, convChannels: 10240 },
      { kind: 'attention', count: 12, kvHeads: 8, headDim: 128, chunk: 8192, queryHeads: 40 },
      { kind: 'linear', count: 3, heads: 2, keyDim: 4, valueDim: 4 },
    ],
  };
  assert.deepEqual(modelFromDraft(draftFromModel(model), parseWhole), { model });
});

test('messages echo at most 30 characters of what was typed', () => {
  const long = '9'.repeat(10000);
  const draft = draftFromModel({ layers: [{ ...group }] });
  draft.groups[0].count = `${long}x`;
  assert.ok(modelFromDraft(draft, parseWhole).error.length < 120);
  draft.groups[0].count = '1';
  draft.params = long;
  assert.ok(modelFromDraft(draft, parseWhole).error.length < 120);
  assert.throws(
    () => gpuBytes({ ...defaultState(), gpu: 'custom', gpuCustom: long }),
    (e) => e.message.length < 120,
  );
});
