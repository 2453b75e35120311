// Every number a figure writes in words is one a reader can read. The overcapacity figure's live
// sentence, its linked-reading texts, its readout and memory line, and the memory figure's spoken
// summary are formed here from the real core's results at the extremes of every setting (d, N,
// key geometry, update rule, forget gate, delta step, softmax sharpness; preset, context, sessions,
// number types), and each text is searched for a number of more than 12 significant digits or in
// exponent form ("3.5e+56", "× 10⁵⁶"), which none of these texts ever means to show.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createLinattn } from '../../wasm/index.mjs';
import { sentenceParts } from '../../web/src/demos/overcapacity/format.js';
import { overcapacitySymbols } from '../../web/src/demos/overcapacity/symbols.js';
import { readoutTexts } from '../../web/src/demos/overcapacity/render-readout.js';
import { DEFAULTS as OC_DEFAULTS, GATES, STEPS, BETAS } from '../../web/src/demos/overcapacity/state.js';
import { computeMemory } from '../../web/src/demos/memory/compute.js';
import { summaryText } from '../../web/src/demos/memory/labels.js';
import { DEFAULTS as MEM_DEFAULTS, MAX_TOKENS, MIN_TOKENS } from '../../web/src/demos/memory/state.js';

const la = await createLinattn();

/** The numbers in `text` no reader can read: over 12 significant digits, or in exponent form. */
function unreadableNumbers(text) {
  const bad = [];
  for (const m of text.matchAll(/\d[\d,]*(?:\.\d+)?(?:[eE][+-]?\d+)?/g)) {
    const digits = m[0]
      .replace(/[eE].*$/, '')
      .replace(/[,.]/g, '')
      .replace(/^0+/, '');
    if (/[eE]/.test(m[0]) || digits.length > 12) bad.push(m[0]);
  }
  for (const m of text.matchAll(/\u00d7\s*10[\u207b\u2070-\u2079\u00b9\u00b2\u00b3]+|\bInfinity\b|\bNaN\b/g))
    bad.push(m[0]);
  return bad;
}

test('unreadableNumbers finds long and exponent numbers, and only those', () => {
  assert.deepEqual(unreadableNumbers('345,885,863,841,960,430,000 times'), ['345,885,863,841,960,430,000']);
  assert.deepEqual(unreadableNumbers('3.5e+56 and 1.00 \u00d7 10\u207b\u00b9\u2076'), [
    '3.5e+56',
    '\u00d7 10\u207b\u00b9\u2076',
  ]);
  assert.deepEqual(unreadableNumbers('cosine 0.77 at N = 1,024, 4% wrong, d\u00b2 = 65,536, 12,288 channels'), []);
  assert.deepEqual(unreadableNumbers('Infinity times'), ['Infinity']);
});

const stub = { querySelectorAll: () => [] }; // a root without the figure's parts
/** Every text the overcapacity figure forms at index i of `sweep` for `state`. */
function overcapacityTexts(state, sweep, i) {
  const symbols = overcapacitySymbols(state, sweep, i, stub);
  const { values, memory } = readoutTexts(sweep, i);
  return [
    sentenceParts(sweep, i, state.d, state.keys, state.gate, state.rule),
    ...Object.values(symbols).map((s) => s.text),
    ...Object.values(values),
    memory,
  ];
}

// The extremes of every setting, combined where they interact (the gate with the rule and N; the
// step with the delta rule), at d = 8 and the default 64; d = 256 with the heaviest mixes only.
const lo = (xs) => Math.min(...xs);
const hi = (xs) => Math.max(...xs);
const cases = [];
for (const d of [8, OC_DEFAULTS.d])
  for (const keys of ['random', 'orthogonal', 'elu1'])
    for (const rule of ['add', 'delta'])
      for (const gate of [lo(GATES), 0.99, 1])
        for (const step of rule === 'delta' ? [lo(STEPS), 1, hi(STEPS)] : [1])
          for (const beta of [lo(BETAS), hi(BETAS)]) cases.push({ d, keys, rule, gate, step, beta, trials: 2 });
cases.push({ d: 256, keys: 'random', rule: 'add', gate: lo(GATES), step: 1, beta: hi(BETAS), trials: 1 });
cases.push({ d: 256, keys: 'elu1', rule: 'delta', gate: lo(GATES), step: hi(STEPS), beta: lo(BETAS), trials: 1 });

test('the overcapacity figure writes no unreadable number at any extreme of its settings', () => {
  const found = [];
  let texts = 0;
  for (const c of cases) {
    const state = { ...OC_DEFAULTS, ...c };
    const ns = [...new Set([1, 2, c.d, c.d + 1, Math.round(1.5 * c.d), 4 * c.d])];
    const sweep = la.interferenceSweep({
      d: c.d,
      ns,
      trials: c.trials,
      seed: 1,
      keys: c.keys,
      beta: c.beta,
      rule: c.rule,
      gate: c.gate,
      step: c.step,
    });
    for (let i = 0; i < ns.length; i++) {
      for (const text of overcapacityTexts({ ...state, n: ns[i] }, sweep, i)) {
        texts += 1;
        const bad = unreadableNumbers(text);
        if (bad.length) found.push(`${JSON.stringify({ ...c, n: ns[i] })}: ${bad.join(', ')} in “${text}”`);
      }
    }
  }
  assert.ok(texts > 1000, `texts checked: ${texts}`);
  assert.deepEqual(
    [...new Set(found.map((f) => f.replace(/^[^}]*}: /, '')))].slice(0, 12),
    [],
    `${found.length} texts with unreadable numbers`,
  );
});

test('a forget gate of 0.5 at d = 64, N = 96 gives a readable crosstalk sentence that says why', () => {
  const state = { ...OC_DEFAULTS, gate: 0.5, n: 96 };
  const sweep = la.interferenceSweep({
    d: 64,
    ns: [96],
    trials: 8,
    seed: 1,
    keys: 'random',
    beta: 8,
    rule: 'add',
    gate: 0.5,
    step: 1,
  });
  assert.ok(sweep.crosstalkMean[0] > 1e50, `the core's mean ratio there: ${sweep.crosstalkMean[0]}`);
  const sentence = sentenceParts(sweep, 0, 64, 'random', 0.5);
  assert.match(
    sentence,
    /the crosstalk carries over 1,000 times the target's energy \(the forget gate has faded the older targets toward nothing\)/,
  );
  assert.deepEqual(unreadableNumbers(sentence), []);
  // Without a gate the ratio is the core's, to two digits (1.5 at the default N = 96).
  const plain = la.interferenceSweep({ d: 64, ns: [96], trials: 8, seed: 1, keys: 'random', beta: 8 });
  assert.match(sentenceParts(plain, 0, 64, 'random', 1), /carries 1\.5 times the target's energy;/);
  assert.equal(plain.crosstalkMean[0].toPrecision(2), '1.5');
  assert.equal(overcapacitySymbols(state, sweep, 0, stub).crosstalk.text.includes('over 1,000 times'), true);
});

const presets = JSON.parse(readFileSync(new URL('../../content/presets/models.json', import.meta.url), 'utf8')).presets;

test('the memory figure’s spoken summary writes no unreadable number at any extreme', () => {
  const found = [];
  for (const p of presets)
    for (const tokens of [MIN_TOKENS, MAX_TOKENS])
      for (const sessions of [1, 1000000])
        for (const [kvDtype, stateDtype] of [
          ['fp32', 'fp32'],
          ['fp8', 'bf16'],
        ])
          for (const linear of [false, true]) {
            const state = {
              ...MEM_DEFAULTS,
              preset: p.id,
              tokens,
              sessions,
              kvDtype,
              stateDtype,
              linear,
              gpu: '80',
              unit: 'decimal',
            };
            let results;
            try {
              results = computeMemory(la, state);
            } catch (err) {
              // the core refuses some mixes (a GPU budget overflow): that is a message, not a number
              found.push(...unreadableNumbers(err.message).map((b) => `${p.id} refusal: ${b}`));
              continue;
            }
            const text = summaryText(state, results);
            const bad = unreadableNumbers(text);
            if (bad.length) found.push(`${p.id} ${tokens} ${sessions}: ${bad.join(', ')} in “${text}”`);
          }
  assert.deepEqual(
    [...new Set(found.map((f) => f.replace(/^[^}]*}: /, '')))].slice(0, 12),
    [],
    `${found.length} texts with unreadable numbers`,
  );
});
