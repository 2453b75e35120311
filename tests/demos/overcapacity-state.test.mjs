// The overcapacity demo's state (web/src/demos/overcapacity/state.js): defaults, validation of each
// setting, N following d, the core's work budget (la.checkSweep of the real core) and the merging of
// settings from outside with its plain-words notices. Pure functions: no DOM, no worker.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLinattn } from '../../wasm/index.mjs';
import {
  BETAS,
  DEFAULTS,
  DIMS,
  KEYS,
  SCALES,
  RULES,
  GATES,
  STEPS,
  MEASURES,
  capacityKey,
  levelRange,
  mergeSettings,
  parseWhole,
  storeKey,
  sweepKey,
  validate,
} from '../../web/src/demos/overcapacity/state.js';

const la = await createLinattn();
const checkSweep = (p) => la.checkSweep(p);
const base = { ...DEFAULTS };

test('the defaults are one of the choices the demo offers, and the core accepts their sweep', () => {
  assert.deepEqual(DEFAULTS, {
    d: 64,
    n: 96,
    keys: 'random',
    trials: 8,
    seed: 1,
    beta: 8,
    scale: 'linear',
    measure: 'cosine',
    level: 0.9,
    rule: 'add',
    gate: 1,
    step: 1,
    settings: false,
  });
  assert.ok(Object.isFrozen(DEFAULTS));
  assert.ok(DIMS.includes(DEFAULTS.d) && KEYS.includes(DEFAULTS.keys) && SCALES.includes(DEFAULTS.scale));
  assert.ok(BETAS.includes(DEFAULTS.beta));
  assert.deepEqual(validate(base, {}, checkSweep), { next: base, errors: {}, unknown: [], adjusted: {} });
});

test('sweepKey names the settings that choose a sweep; N and the axis scale do not', () => {
  assert.equal(sweepKey(base), '64|random|8|1|8|add|1|1');
  assert.equal(sweepKey({ ...base, n: 3, scale: 'log', measure: 'recall', level: 0.99 }), sweepKey(base));
  assert.notEqual(sweepKey({ ...base, beta: 16 }), sweepKey(base));
  assert.notEqual(sweepKey({ ...base, rule: 'delta' }), sweepKey(base));
  assert.notEqual(sweepKey({ ...base, gate: 0.9 }), sweepKey(base));
  assert.equal(storeKey(base), '64|random|8|1|8|add|1|1|96');
  // The capacity panel measures every key geometry at every d: neither d, N nor keys choose it.
  assert.equal(capacityKey(base), 'cosine|0.9|8|1|add|1|1');
  assert.equal(capacityKey({ ...base, d: 8, n: 3, keys: 'elu1', beta: 2 }), capacityKey(base));
});

test('each setting is checked on its own; a refused one keeps its last good value', () => {
  const { next, errors } = validate(base, { d: 48, keys: 'sparse', beta: 3, scale: 'cubic', n: 2.5 }, checkSweep);
  assert.deepEqual(next, base);
  assert.match(errors.d, /^d must be one of 8, 16, 32, 64, 128, 256$/);
  assert.match(errors.keys, /^keys must be one of random, orthogonal, elu1$/);
  assert.match(errors.beta, /must be one of 0\.5, 1, 2/);
  assert.equal(errors.scale, 'scale must be "linear" or "log"');
  assert.equal(errors.n, 'N must be a whole number');
  const ok = validate(base, { keys: 'orthogonal', beta: 256, scale: 'log', n: 200 }, checkSweep);
  assert.deepEqual(ok.errors, {});
  assert.deepEqual(ok.next, { ...base, keys: 'orthogonal', beta: 256, scale: 'log', n: 200 });
});

test('N follows d at the same load N/d unless N is given; N outside 1..4d is refused and clamped', () => {
  assert.equal(validate(base, { d: 128 }, checkSweep).next.n, 192);
  assert.equal(validate(base, { d: 8 }, checkSweep).next.n, 12);
  assert.equal(validate(base, { d: 128, n: 5 }, checkSweep).next.n, 5);
  const over = validate(base, { n: 257 }, checkSweep);
  assert.equal(over.errors.n, 'N must be from 1 to 4d = 256');
  assert.equal(over.next.n, 96, 'the last good N stays');
  const zero = validate(base, { n: 0 }, checkSweep);
  assert.equal(zero.errors.n, 'N must be from 1 to 4d = 256');
  assert.equal(zero.next.n, 96);
});

test('typed trials and seed: whole numbers, with the core saying what is out of range', () => {
  assert.equal(parseWhole(' 12 ', 'Trials'), 12);
  assert.throws(() => parseWhole('abc', 'Trials'), /^Error: Trials must be a whole number \(got “abc”\)$/);
  assert.throws(() => parseWhole('-1', 'Seed'), /Seed must be a whole number/);
  assert.throws(() => parseWhole('2.5', 'Seed'), /Seed must be a whole number/);
  assert.equal(validate(base, { trials: '16' }, checkSweep).next.trials, 16);
  const none = validate(base, { trials: '0' }, checkSweep);
  assert.match(none.errors.trials, /trials/);
  assert.equal(none.next.trials, 8);
  assert.match(validate(base, { seed: '99999999999' }, checkSweep).errors.seed, /seed/);
  assert.equal(validate(base, { seed: 4294967295 }, checkSweep).next.seed, 4294967295);
});

test("settings fine one by one but over the core's budget together are refused, keeping the last good ones", () => {
  const at256 = validate(base, { d: 256 }, checkSweep).next;
  assert.equal(at256.d, 256);
  assert.equal(at256.n, 384);
  const { next, errors } = validate(at256, { trials: '100' }, checkSweep);
  // in the reader's words, not the core's formula.
  assert.equal(errors.trials, 'too much work: at d = 256, N up to 1,024 allows at most 51 trials');
  assert.equal(next.trials, 8);
  // Many trials at d = 64, then d = 256: the d change is what is refused.
  const many = validate(base, { trials: 60 }, checkSweep).next;
  const refused = validate(many, { d: 256 }, checkSweep);
  assert.equal(refused.errors.d, 'too much work: at d = 256, N up to 1,024 allows at most 51 trials (you have 60)');
  assert.deepEqual(refused.next, many);
});

test('mergeSettings: settings from outside are merged, the rest ignored with a reason', () => {
  const merged = mergeSettings(base, { d: 32, trials: 4, colour: 'red', beta: 7 }, checkSweep);
  assert.deepEqual(merged.next, { ...base, d: 32, n: 48, trials: 4 });
  assert.deepEqual(merged.lines, [
    'Ignored unknown setting: colour.',
    'Ignored beta: \u03b2 must be one of 0.5, 1, 2, 4, 8, 16, 32, 64, 128, 256.',
  ]);
  for (const bad of [null, 'd=8', [1, 2], 7]) {
    const r = mergeSettings(base, bad, checkSweep);
    assert.deepEqual(r, { next: base, lines: ['Ignored settings that were not an object.'] });
  }
  const names = Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`x${i}${'y'.repeat(40)}`, 1]));
  const [line] = mergeSettings(base, names, checkSweep).lines;
  assert.match(line, /^Ignored unknown settings: /);
  assert.equal(line.split(', ').length, 5, 'at most five names');
  assert.ok(line.split(', ').every((n) => n.replace(/^Ignored unknown settings: |\.$/g, '').length <= 30));
});

test('validate and mergeSettings never change the state they are given', () => {
  const state = { ...base };
  validate(state, { d: 8, n: 3, trials: '2' }, checkSweep);
  mergeSettings(state, { d: 256, trials: 100 }, checkSweep);
  assert.deepEqual(state, base);
});

test('an over-budget link keeps d and N and lowers only trials, saying so', () => {
  const { next, lines } = mergeSettings(base, { d: 256, n: 1024, trials: 256 }, checkSweep);
  assert.deepEqual(next, { ...base, d: 256, n: 1024, trials: 51 });
  assert.deepEqual(lines, [
    'Lowered trials from 256 to 51: too much work: at d = 256, N up to 1,024 allows at most 51 trials.',
  ]);
  // The largest number of trials the core accepts, not one fewer.
  assert.doesNotThrow(() => checkSweep({ d: 256, nMax: 1024, trials: 51, seed: 1, keys: 'random', beta: 8 }));
  assert.throws(() => checkSweep({ d: 256, nMax: 1024, trials: 52, seed: 1, keys: 'random', beta: 8 }));
});

test('out-of-range numbers are named in reader words, never "got inf"', () => {
  const inf = mergeSettings(base, { seed: Infinity, trials: 1e9 }, checkSweep);
  assert.deepEqual(inf.next, base);
  assert.deepEqual(inf.lines, [
    'Ignored seed: the seed must be a whole number from 0 to 4,294,967,295.',
    'Ignored trials: trials must be a whole number from 1 to 256.',
  ]);
  for (const line of inf.lines) assert.doesNotMatch(line, /inf|got|\^|\*/);
});

test('the tolerance, the update rule, the gate and the step: checked choices, carried by links', () => {
  assert.deepEqual(MEASURES, ['cosine', 'recall']);
  assert.deepEqual(RULES, ['add', 'delta']);
  assert.ok(GATES.includes(1) && GATES.every((g) => g > 0 && g <= 1));
  assert.ok(STEPS.includes(1) && STEPS.every((s) => s > 0 && s <= 2));
  assert.deepEqual(levelRange('cosine'), { min: 0.5, max: 0.99, step: 0.01 });
  assert.deepEqual(levelRange('recall'), { min: 0.5, max: 1, step: 0.01 });
  const ok = validate(base, { measure: 'recall', level: 1, rule: 'delta', gate: 0.9, step: 0.5 }, checkSweep);
  assert.deepEqual(ok.errors, {});
  assert.deepEqual(ok.next, { ...base, measure: 'recall', level: 1, rule: 'delta', gate: 0.9, step: 0.5 });
  // Back to the cosine measure, a level of 1 is out of its range: clamped to 0.99.
  assert.equal(validate(ok.next, { measure: 'cosine' }, checkSweep).next.level, 0.99);
  const bad = validate(base, { measure: 'top5', level: 0.3, rule: 'lstm', gate: 0, step: 3 }, checkSweep);
  assert.deepEqual(bad.next, base);
  assert.equal(bad.errors.measure, 'the tolerance measure must be "cosine" or "recall"');
  assert.equal(bad.errors.level, 'the tolerance must be from 0.5 to 0.99 in steps of 0.01');
  assert.equal(bad.errors.rule, 'the update rule must be "add" or "delta"');
  assert.match(bad.errors.gate, /^the gate α must be one of 0\.5, /);
  assert.match(bad.errors.step, /^the step must be one of 0\.25, /);
  // Old links (no new settings) open with the chapter's additive rule and τ = 0.9.
  assert.deepEqual(mergeSettings(base, { d: 32, n: 40 }, checkSweep).next, { ...base, d: 32, n: 40 });
});
