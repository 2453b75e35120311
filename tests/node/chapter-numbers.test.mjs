// The numbers the chapter's prose states are the core's. The overcapacity caption is read from the
// rendered chapter and each of its numbers is recomputed with la.interferenceSweep at the demo's
// default state (the DEFAULTS the demo itself exports); 4.3's claims about orthonormal, random and
// elu+1 keys and 4.2's memory figures are recomputed the same way. Change the text, the defaults or
// the core, and this says which number no longer holds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createLinattn } from '../../wasm/index.mjs';
import { chapterText, root } from './chapter-text.mjs';

const la = await createLinattn();
const { prose, captions } = chapterText();
const body = prose.join('\n');

/** The overcapacity demo's DEFAULTS, from the module that exports them: imported when node can
 *  load it, else read from its source (the demo's index.js imports CSS, which node cannot). */
async function overcapacityDefaults() {
  const dir = path.join(root, 'web/src/demos/overcapacity');
  const decl = /export const DEFAULTS\s*=\s*(?:Object\.freeze\()?(\{[^}]*\})/;
  for (const file of readdirSync(dir, { recursive: true }).filter((f) => f.endsWith('.js'))) {
    const source = readFileSync(path.join(dir, file), 'utf8');
    const m = decl.exec(source);
    if (!m) continue;
    try {
      return { ...(await import(path.join(dir, file))).DEFAULTS };
    } catch {
      // A JS object literal of numbers and 'strings' -> JSON.
      return JSON.parse(m[1].replace(/([{,]\s*)(\w+)\s*:/g, '$1"$2":').replace(/'([^']*)'/g, '"$1"'));
    }
  }
  throw new Error(`no module in ${dir} exports DEFAULTS`);
}

const defaults = await overcapacityDefaults();
const caption = captions.overcapacity;
/** A sweep at `opts` (the demo's state; n and scale are the view's, not the sweep's). */
const sweepAt = ({ d, trials, seed, keys, beta, nMax, ns }) => {
  const s = la.interferenceSweep(ns ? { d, trials, seed, keys, beta, ns } : { d, trials, seed, keys, beta, nMax });
  return (metric, n) => {
    const i = s.ns.indexOf(n);
    assert.ok(i >= 0, `the sweep has N = ${n}`);
    return s[metric][i];
  };
};
const oc = sweepAt({ ...defaults, nMax: 4 * defaults.d });
const twoPlaces = (x) => x.toFixed(2);
const percent = (x) => `${Math.round(100 * x)}%`;

/** "0.90 at N=16, 0.83 at N=32 …" in the part of `text` from `after` to the next ';' or sentence end. */
function valuesAt(text, after) {
  const start = text.indexOf(after);
  assert.ok(start >= 0, `"${after}" in: ${text}`);
  const part = text.slice(start).split(/;|\.\s/)[0];
  return [...part.matchAll(/(\d+(?:\.\d+)?%?)\s*(?:recall\s+)?at\s+N\s*=\s*(\d+)/g)].map((m) => [m[1], Number(m[2])]);
}

test("the overcapacity caption states the demo's default state", () => {
  assert.equal(defaults.keys, 'random', 'the caption describes random unit keys');
  assert.match(caption, /random unit keys/);
  assert.match(caption, new RegExp(`default d\\s*=\\s*${defaults.d} \\(${defaults.trials} trials\\)`));
  assert.match(caption, new RegExp(`sharpness β\\s*=\\s*${defaults.beta}\\b`));
});

test("the overcapacity caption's cosines and recalls are the core's at the default state", () => {
  const cos = valuesAt(caption, 'mean cosine');
  const recall = valuesAt(caption, 'top-1 recall');
  assert.ok(cos.length >= 3 && recall.length >= 3, `numbers found: ${JSON.stringify({ cos, recall })}`);
  for (const [shown, n] of cos) assert.equal(shown, twoPlaces(oc('cosineMean', n)), `cosine at N = ${n}`);
  for (const [shown, n] of recall) assert.equal(shown, percent(oc('recallMean', n)), `recall at N = ${n}`);
  // "the first wrong pick comes at N = 52": no N before it has a miss, that one has.
  const first = /first wrong pick comes at N\s*=\s*(\d+)/.exec(caption);
  assert.ok(first, 'the caption says where the first wrong pick comes');
  const firstMiss = Number(first[1]);
  for (let n = 1; n < firstMiss; n++) assert.ok(oc('missMean', n) < 1e-12, `no wrong pick at N = ${n}`);
  assert.ok(oc('missMean', firstMiss) > 1e-12, `a wrong pick at N = ${firstMiss}`);
  const [softmax, softmaxN] = valuesAt(caption, 'softmax read')[0];
  assert.equal(softmax, percent(oc('softmaxRecallMean', softmaxN)));
});

test('the N = d marker is explained by the numbers the core gives there', () => {
  const d = defaults.d;
  assert.match(caption, /marks N\s*=\s*d\b/);
  assert.match(caption, /no cliff/);
  const m = /reaches 1 at N\s*=\s*(\d+), and the core measures a crosstalk of (\d\.\d\d)/.exec(caption);
  assert.ok(m, caption);
  const n = Number(m[1]);
  assert.equal(n, d + 1);
  assert.equal(oc('theoryCrosstalk', n), 1, 'theory (N - 1)/d = 1 at N = d + 1');
  assert.equal(m[2], twoPlaces(oc('crosstalkMean', n)));
  // "the last N at which orthonormal keys still read back exactly"
  const ortho = sweepAt({ ...defaults, keys: 'orthogonal', nMax: d + 1 });
  for (let k = 1; k <= d; k++) assert.ok(ortho('cosineMean', k) > 1 - 1e-12, `orthonormal keys, N = ${k}`);
  assert.ok(ortho('cosineMean', d + 1) < 0.999, 'N = d + 1 no longer exact');
});

test("4.3's numbers for elu+1 keys and for random keys at d = 256 are the core's", () => {
  const m = /mean cosine of (\d\.\d\d), at d\s*=\s*(\d+) as at d\s*=\s*(\d+)/.exec(body);
  assert.ok(m, 'the mean pairwise cosine of elu+1 keys');
  for (const d of [Number(m[2]), Number(m[3])]) {
    const n = 4 * d;
    const { keyOverlap } = la.interferenceStore({ d, n, seed: defaults.seed, keys: 'elu1' });
    let sum = 0;
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) sum += keyOverlap[i * n + j];
    assert.equal(twoPlaces(sum / ((n * (n - 1)) / 2)), m[1], `mean pairwise cosine at d = ${d}`);
  }
  const e =
    /At d\s*=\s*(\d+) \((\d+) trials[^)]*\), sixteen associations already bring the read-back cosine down to (\d\.\d\d), and only (\d+%)/.exec(
      body,
    );
  assert.ok(e, 'the elu+1 sweep at N = 16');
  const elu = sweepAt({ ...defaults, d: Number(e[1]), trials: Number(e[2]), keys: 'elu1', nMax: 16 });
  assert.equal(twoPlaces(elu('cosineMean', 16)), e[3]);
  assert.equal(percent(elu('recallMean', 16)), e[4]);
  const r =
    /At d\s*=\s*256 such keys still give 100% top-1 recall at N\s*=\s*4d\s*=\s*1,024, with the cosine down to (\d\.\d\d)/.exec(
      body,
    );
  assert.ok(r, 'random keys at d = 256');
  // Only N = 1,024 and one trial: 8 trials there take 20 s of CPU (the text names no trial count;
  // 8 trials give 100% and 0.448 too).
  const big = sweepAt({ ...defaults, d: 256, trials: 1, ns: [1024] });
  assert.equal(big('recallMean', 1024), 1);
  assert.equal(twoPlaces(big('cosineMean', 1024)), r[1]);
});

const presets = JSON.parse(readFileSync(path.join(root, 'content/presets/models.json'), 'utf8')).presets;
const preset = (id) => {
  const p = presets.find((x) => x.id === id);
  assert.ok(p, `preset ${id}`);
  return { layers: p.layers };
};
const KiB = 1024;
const MiB = 1024 ** 2;
const GiB = 1024 ** 3;

test("4.2's memory figures are the core's (la.kvMemory, la.kvCrossover)", () => {
  const at = (model, tokens, stateDtype = 'fp32') =>
    la.kvMemory(model, { tokens, sessions: 1, kvDtype: 'bf16', stateDtype });
  const kimi = at(preset('kimi-linear-48b-a3b'), 2 ** 20);
  assert.match(body, /to about 7\.9 GiB at 1M \(220\) tokens in bf16/); // 2^20 in MathML: "220"
  assert.equal((Number(kimi.kvBytes) / GiB).toFixed(1), '7.9');
  // The d x d matrices alone (whatever else a preset may add to its linear layers' fixed state).
  const kimiMatrices = preset('kimi-linear-48b-a3b')
    .layers.filter((l) => l.kind === 'linear')
    .map(({ kind, count, heads, keyDim, valueDim }) => ({ kind, count, heads, keyDim, valueDim }));
  assert.match(body, /fixed state of its 20 linear layers \(40 MiB of 128×128 matrices in fp32\)/);
  assert.deepEqual(
    kimiMatrices.map((l) => [l.count, l.keyDim, l.valueDim]),
    [[20, 128, 128]],
  );
  assert.equal(Number(at({ layers: kimiMatrices }, 1).stateBytes) / MiB, 40);
  assert.match(body, /DeepSeek-V3 keeps about 69 KiB per token, where Llama-2-7B,[^.]*, keeps 512 KiB/);
  assert.equal(Math.round(Number(at(preset('deepseek-v3'), 1).kvBytesPerToken) / KiB), 69);
  assert.equal(Number(at(preset('llama-2-7b'), 1).kvBytesPerToken) / KiB, 512);
  // "Thirty-two layers of 32 heads, each holding a 128 × 128 state in fp32, take 64 MiB; Llama-2-7B's
  // bf16 cache reaches that size at 128 tokens and passes it at the 129th."
  assert.match(body, /take 64 MiB; Llama-2-7B’s bf16 cache reaches that size at 128 tokens and passes it at the 129th/);
  const state = at({ layers: [{ kind: 'linear', count: 32, heads: 32, keyDim: 128, valueDim: 128 }] }, 1).stateBytes;
  assert.equal(Number(state) / MiB, 64);
  assert.equal(at(preset('llama-2-7b'), 128).kvBytes, state);
  assert.equal(la.kvCrossover(preset('llama-2-7b'), { stateBytes: state, kvDtype: 'bf16' }), 129n);
});
