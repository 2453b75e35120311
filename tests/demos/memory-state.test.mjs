// The memory demo's state (web/src/demos/memory/state.js), without a browser or the core: the
// defaults, the checks a setting must pass, how settings from a link are sorted and split, the
// GPU budget in bytes and the context slider's log scale. Expected values are worked by hand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DEFAULTS,
  MAX_TOKENS,
  MIN_TOKENS,
  SLIDER_STEPS,
  mergeState,
  cloneState,
  defaultState,
  fieldPatches,
  gpuBytes,
  positionOf,
  tokensAt,
} from '../../web/src/demos/memory/state.js';
import { SETTINGS } from '../../web/src/demos/memory/settings.js';

const IDS = new Set(['llama-3-8b', 'deepseek-v3']);
const CUSTOM = {
  layers: [{ kind: 'attention', count: 2, kvHeads: 1, headDim: 64 }],
  linearTwin: { heads: 1, keyDim: 64, valueDim: 64 },
};

test('the defaults are what a reader first sees (Llama-3-8B, 8,192 tokens, bf16 cache, fp32 state, 80 GB) and name every setting', () => {
  const s = defaultState();
  assert.deepEqual(s, {
    preset: 'llama-3-8b',
    linear: false,
    custom: null,
    tokens: 8192,
    sessions: 1,
    kvDtype: 'bf16',
    stateDtype: 'fp32',
    weightDtype: 'bf16',
    gpu: '80',
    gpuCustom: '48',
    tp: 1,
    unit: 'binary',
    yScale: 'log',
    settings: false,
  });
  s.tokens = 5;
  assert.equal(DEFAULTS.tokens, 8192, 'a fresh copy each time');
  assert.deepEqual(Object.keys(DEFAULTS).sort(), Object.keys(SETTINGS).sort(), 'state.js and settings.js agree');
});

test('cloneState copies the custom model deeply', () => {
  const s = { ...defaultState(), preset: 'custom', custom: CUSTOM };
  const c = cloneState(s);
  assert.deepEqual(c, s);
  c.custom.layers[0].kvHeads = 99;
  assert.equal(CUSTOM.layers[0].kvHeads, 1);
  assert.equal(cloneState(defaultState()).custom, null);
});

test('mergeState keeps well-formed fields and names the others', () => {
  const base = defaultState();
  const input = {
    tokens: 4096,
    sessions: 1.5,
    kvDtype: 'fp8',
    gpu: '7',
    gpuCustom: 24.5,
    colour: 'red',
    unit: 'decimal',
    preset: 'gpt-9',
  };
  const { state, patch, notices } = mergeState(base, input, IDS);
  assert.deepEqual(patch, { tokens: 4096, kvDtype: 'fp8', gpuCustom: '24.5', unit: 'decimal' });
  assert.deepEqual(state, { ...base, tokens: 4096, kvDtype: 'fp8', gpuCustom: '24.5', unit: 'decimal' });
  assert.deepEqual(notices, ['invalid sessions', 'invalid gpu', 'unknown setting “colour”', 'invalid preset']);
  assert.equal(base.tokens, 8192, 'the base is not changed');
  const merge = (x) => mergeState(defaultState(), x, IDS);
  // the context is clamped to the figure's range with a notice (memory-truth.test.mjs); other
  // ranges are the core's call: a negative session count passes the shape check
  assert.deepEqual(merge({ sessions: -5 }).patch, { sessions: -5 });
  assert.deepEqual(merge({ toString: 'x' }).notices, ['unknown setting “toString”']);
  assert.deepEqual(merge({ gpuCustom: '1e3' }).notices, ['invalid gpuCustom']);
  assert.deepEqual(merge(undefined), { state: defaultState(), patch: {}, notices: [] });
  assert.deepEqual(merge('tokens=5').notices, ['settings were not an object']);
  assert.deepEqual(merge(null).notices, ['settings were not an object']);
});

test('preset "custom" needs a custom model, given now or already in the state', () => {
  const bare = mergeState(defaultState(), { preset: 'custom' }, IDS);
  assert.deepEqual(bare.patch, {});
  assert.deepEqual(bare.notices, ['preset “custom” without a custom model']);
  const withModel = mergeState(defaultState(), { preset: 'custom', custom: CUSTOM }, IDS);
  assert.deepEqual(withModel.patch, { preset: 'custom', custom: CUSTOM });
  assert.deepEqual(withModel.notices, []);
  const already = mergeState({ ...defaultState(), custom: CUSTOM }, { preset: 'custom' }, IDS);
  assert.deepEqual(already.patch, { preset: 'custom' });
  assert.equal(already.state.preset, 'custom');
  assert.deepEqual(mergeState(defaultState(), { custom: { layers: 'no' } }, IDS).notices, ['invalid custom']);
});

test('fieldPatches splits a refused patch field by field, the custom preset travelling with its model', () => {
  assert.deepEqual(fieldPatches({ tokens: 5, sessions: 2 }), [
    ['tokens', { tokens: 5 }],
    ['sessions', { sessions: 2 }],
  ]);
  assert.deepEqual(fieldPatches({ preset: 'custom', custom: CUSTOM, unit: 'decimal' }), [
    ['custom', { custom: CUSTOM, preset: 'custom' }],
    ['unit', { unit: 'decimal' }],
  ]);
  assert.deepEqual(fieldPatches({ preset: 'deepseek-v3' }), [['preset', { preset: 'deepseek-v3' }]]);
  assert.deepEqual(fieldPatches({}), []);
});

test('gpuBytes reads the preset budget or the custom one exactly, in 10^9 bytes', () => {
  assert.equal(gpuBytes(defaultState()), 80e9);
  assert.equal(gpuBytes({ ...defaultState(), gpu: '141' }), 141e9);
  assert.equal(gpuBytes({ ...defaultState(), gpu: 'custom', gpuCustom: '24.5' }), 24.5e9);
  assert.equal(
    gpuBytes({ ...defaultState(), gpu: '80', gpuCustom: 'lots' }),
    80e9,
    'the custom text matters only when chosen',
  );
  assert.throws(() => gpuBytes({ ...defaultState(), gpu: 'custom', gpuCustom: 'lots' }), {
    message: 'GPU budget: “lots” is not a number of gigabytes (e.g. 48 or 40.5).',
  });
});

test('the slider: 400 steps over four decades, 3 significant digits, clamped at its ends', () => {
  assert.equal(SLIDER_STEPS, 400);
  assert.equal(tokensAt(0), MIN_TOKENS);
  assert.equal(tokensAt(SLIDER_STEPS), MAX_TOKENS);
  assert.equal(tokensAt(100), 10000); // one decade per 100 steps
  assert.equal(tokensAt(50), 3160); // 10^3.5 = 3162.3 -> 3 digits
  assert.equal(tokensAt(351), 3240000); // 10^(3 + 3.51) = 3,235,937 -> 3,240,000
  assert.equal(positionOf(1000), 0);
  assert.equal(positionOf(131072), 212); // 100 x log10(131,072 / 1,000) = 211.75
  assert.equal(positionOf(10), 0, 'below the slider: its left end');
  assert.equal(positionOf(0), 0);
  assert.equal(positionOf(1e9), SLIDER_STEPS, 'above: its right end');
  for (let pos = 0; pos <= SLIDER_STEPS; pos++) assert.equal(positionOf(tokensAt(pos)), pos, `round trip at ${pos}`);
});
