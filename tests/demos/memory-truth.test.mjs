// The memory figure's truths, without a browser: every preset
// states its maximum context with a source, the default context is within the default preset's
// range, the fixed state defaults to fp32, one rule builds the all-linear twin for presets and custom
// models alike, `tokens` outside 1,000..10,000,000 is clamped with a notice, and tensor parallelism
// is a setting. The memory demo's state and model helpers are pure (no DOM, no core).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  DEFAULTS,
  MAX_TOKENS,
  MIN_TOKENS,
  TP_CHOICES,
  defaultState,
  mergeState,
} from '../../web/src/demos/memory/state.js';
import { TWIN_RULE, twinOf } from '../../web/src/demos/memory/models.js';

const presets = JSON.parse(readFileSync(new URL('../../content/presets/models.json', import.meta.url), 'utf8')).presets;
const IDS = new Set(presets.map((p) => p.id));

test('every preset states its maximum context (a whole number of tokens, or null) with a source', () => {
  for (const p of presets) {
    assert.ok('maxContext' in p, `${p.id}: maxContext`);
    assert.ok(
      p.maxContext === null || (Number.isInteger(p.maxContext) && p.maxContext >= 1000),
      `${p.id}: ${p.maxContext}`,
    );
    assert.equal(typeof p.maxContextSource, 'string', `${p.id}: maxContextSource`);
    assert.ok(p.maxContextSource.length > 10, `${p.id}: a real source, not a stub`);
  }
  // Spot checks against the released configs (max_position_embeddings).
  const max = (id) => presets.find((p) => p.id === id).maxContext;
  assert.equal(max('llama-3-8b'), 8192);
  assert.equal(max('llama-2-7b'), 4096);
  assert.equal(max('deepseek-v3'), 163840);
});

test('the default context is within the default preset’s configured position limit (Llama-3-8B: 8K)', () => {
  const p = presets.find((x) => x.id === DEFAULTS.preset);
  assert.ok(p.maxContext !== null);
  assert.ok(DEFAULTS.tokens <= p.maxContext, `${DEFAULTS.tokens} <= ${p.maxContext}`);
  assert.ok(DEFAULTS.tokens >= MIN_TOKENS);
  assert.equal(DEFAULTS.tokens, 8192);
});

test('the fixed state defaults to fp32 (engines keep recurrent state in fp32); the KV cache stays bf16', () => {
  assert.equal(DEFAULTS.stateDtype, 'fp32');
  assert.equal(DEFAULTS.kvDtype, 'bf16');
  assert.equal(defaultState().stateDtype, 'fp32');
});

test('tokens outside 1,000..10,000,000 are clamped with a notice; -0 is never stored', () => {
  const merge = (x) => mergeState(defaultState(), x, IDS);
  for (const [given, kept] of [
    [0, MIN_TOKENS],
    [999, MIN_TOKENS],
    [-5, MIN_TOKENS],
    [-0, MIN_TOKENS],
    [1e10, MAX_TOKENS],
    [10000001, MAX_TOKENS],
  ]) {
    const r = merge({ tokens: given });
    assert.equal(r.patch.tokens, kept, `${given}`);
    assert.ok(!Object.is(r.patch.tokens, -0));
    assert.equal(r.notices.length, 1, `${given}: one notice`);
    assert.match(r.notices[0], /tokens .* clamped to [\d,]+/);
  }
  assert.deepEqual(merge({ tokens: 4096 }).notices, []);
  assert.deepEqual(merge({ tokens: MIN_TOKENS }).patch, { tokens: MIN_TOKENS });
  assert.deepEqual(merge({ tokens: MAX_TOKENS }).patch, { tokens: MAX_TOKENS });
  assert.ok(!Object.is(merge({ sessions: -0 }).patch.sessions, -0), 'sessions: -0 stored as 0');
});

test('tensor parallelism: tp defaults to 1 GPU; a link may choose one of the offered counts', () => {
  assert.equal(DEFAULTS.tp, 1);
  assert.ok(TP_CHOICES.includes(8));
  const merge = (x) => mergeState(defaultState(), x, IDS);
  assert.deepEqual(merge({ tp: 8 }).patch, { tp: 8 });
  assert.deepEqual(merge({ tp: 0 }).notices, ['invalid tp']);
  assert.deepEqual(merge({ tp: 3 }).notices, ['invalid tp']);
});

test('one rule builds the all-linear twin: one head_dim × head_dim state per query head, for every model', () => {
  assert.match(TWIN_RULE, /query head/);
  // A preset: Llama-3-8B has 32 query heads of 128 (8 KV heads).
  const llama = presets.find((p) => p.id === 'llama-3-8b');
  assert.deepEqual(twinOf(llama), { heads: 32, keyDim: 128, valueDim: 128 });
  // A custom model with the same layers gets the same twin from its query heads, not its KV heads.
  const custom = { layers: [{ kind: 'attention', count: 32, kvHeads: 8, headDim: 128, queryHeads: 32 }] };
  assert.deepEqual(twinOf(custom), { heads: 32, keyDim: 128, valueDim: 128 });
  // The editor always writes the query heads; a model with no attention group has no twin.
  assert.equal(twinOf({ layers: [{ kind: 'linear', count: 1, heads: 1, keyDim: 4, valueDim: 4 }] }), null);
});
