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
const { prose, captions, after } = chapterText();
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
/** The caption and the paragraph after the figure (its disclosures, its other settings). */
const told = `${caption} ${after.overcapacity}`;
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
  // "for this seed it comes at N = 52": no N before it has a miss, that one has.
  const first = /for this seed it comes at N\s*=\s*(\d+)/.exec(told);
  assert.ok(first, 'the caption says where this seed’s first wrong pick comes');
  const firstMiss = Number(first[1]);
  for (let n = 1; n < firstMiss; n++) assert.ok(oc('missMean', n) < 1e-12, `no wrong pick at N = ${n}`);
  assert.ok(oc('missMean', firstMiss) > 1e-12, `a wrong pick at N = ${firstMiss}`);
  const [softmax, softmaxN] = valuesAt(caption, 'softmax read')[0];
  assert.equal(softmax, percent(oc('softmaxRecallMean', softmaxN)));
});

test('the first wrong pick is one seed’s; over seeds 1 to 20 the text beside the figure gives its range and median, and recall at N = d that holds for all', () => {
  const m =
    /over seeds 1 to (\d+) it falls between N\s*=\s*(\d+) and N\s*=\s*(\d+) \(median ([\d.]+)\), and recall at N\s*=\s*(\d+) stays at ([\d.]+)% or more in every one of them/.exec(
      told,
    );
  assert.ok(m, told);
  const [seeds, low, high, median, atN, floor] = [1, 2, 3, 4, 5, 6].map((k) => Number(m[k]));
  assert.equal(atN, defaults.d);
  const ns = Array.from({ length: high }, (_, i) => i + 1);
  const firsts = [];
  let worst = 1;
  for (let seed = 1; seed <= seeds; seed++) {
    const s = la.interferenceSweep({
      d: defaults.d,
      ns,
      trials: defaults.trials,
      seed,
      keys: 'random',
      beta: defaults.beta,
    });
    const i = s.missMean.findIndex((x) => x > 1e-12);
    assert.ok(i >= 0, `seed ${seed}: a wrong pick by N = ${high}`);
    firsts.push(ns[i]);
    worst = Math.min(worst, s.recallMean[atN - 1]);
  }
  firsts.sort((a, b) => a - b);
  assert.deepEqual([firsts[0], firsts[firsts.length - 1]], [low, high], `first misses: ${firsts}`);
  const mid = firsts.length / 2;
  assert.equal((firsts[mid - 1] + firsts[mid]) / 2, median, `first misses: ${firsts}`);
  assert.ok(worst >= floor / 100, `worst recall at N = ${atN}: ${worst}`);
});

test('the capacity panel is a straight line in d under a cosine tolerance, faster than d under recall, cut off at 4d', () => {
  const tau = /close to the theory[’']s N\s*≤\s*1\s*\+\s*d\(1\/τ2\s*−\s*1\)/; // τ^2 in MathML: "τ2"
  assert.match(told, tau);
  assert.match(told, /Under a cosine tolerance τ the points follow a straight line in d/);
  const cos = la.capacity({
    dims: [8, 64, 256],
    keys: 'random',
    measure: 'cosine',
    level: 0.9,
    trials: defaults.trials,
    seed: 1,
  });
  for (let i = 0; i < 3; i++) {
    const d = cos.dims[i];
    assert.ok(Math.abs(cos.capacityMean[i] - cos.theory[i]) <= 0.5 + 0.05 * cos.theory[i], `cosine, d = ${d}`);
    assert.ok(Math.abs(cos.theory[i] - (1 + d * (1 / 0.81 - 1))) < 1e-9);
  }
  const m =
    /at (\d+)% recall about (\d+), (\d+), (\d+) and (\d+) associations for d = (\d+), (\d+), (\d+) and (\d+), and from d\s*=\s*(\d+) on every trial still passes at N\s*=\s*4d, the most the panel searches; such points are drawn as upward triangles marked ≥/.exec(
      told,
    );
  assert.ok(m, told);
  const level = Number(m[1]) / 100;
  const shown = [2, 3, 4, 5].map((k) => Number(m[k]));
  const dims = [6, 7, 8, 9].map((k) => Number(m[k]));
  const rec = la.capacity({ dims, keys: 'random', measure: 'recall', level, trials: defaults.trials, seed: 1 });
  assert.deepEqual([...rec.capacityMean].map(Math.round), shown);
  for (let i = 1; i < dims.length; i++)
    assert.ok(rec.capacityMean[i] / dims[i] > rec.capacityMean[i - 1] / dims[i - 1], 'capacity / d grows with d');
  // From the stated d on, every trial reaches N = 4d (one trial is enough to show the cut-off; the
  // demo's 8 trials at d = 128 give 512 with all 8 capped too).
  const cut = Number(m[10]);
  const top = la.capacity({ dims: [cut], keys: 'random', measure: 'recall', level, trials: 1, seed: 1 });
  assert.equal(top.capacityMean[0], 4 * cut);
  assert.equal(top.capped[0], 1);
  const below = la.capacity({
    dims: [dims[dims.length - 1]],
    keys: 'random',
    measure: 'recall',
    level,
    trials: defaults.trials,
    seed: 1,
  });
  assert.equal(below.capped[0], 0, `d = ${dims[dims.length - 1]} is below the cut-off`);
});

test('the N = d marker is explained by the numbers the core gives there', () => {
  const d = defaults.d;
  assert.match(caption, /marks N\s*=\s*d\b/);
  assert.match(caption, /has grown about as strong as the target/);
  assert.match(caption, /no cliff/);
  const m =
    /at N\s*=\s*(\d+) the core measures a crosstalk of (\d\.\d\d), and the theory[’']s \(N−1\)\/d reaches 1 one write later, at N\s*=\s*(\d+)/.exec(
      caption,
    );
  assert.ok(m, caption);
  assert.equal(Number(m[1]), d, 'the measured crosstalk is the one at the dotted line, N = d');
  assert.equal(m[2], twoPlaces(oc('crosstalkMean', d)));
  const n = Number(m[3]);
  assert.equal(n, d + 1);
  assert.equal(oc('theoryCrosstalk', n), 1, 'theory (N - 1)/d = 1 at N = d + 1');
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
    /At d\s*=\s*(\d+) \((\d+) trials[^)]*\), sixteen elu\+1 keys already bring the read-back cosine down to (\d\.\d\d), and only (\d+%)/.exec(
      body,
    );
  assert.ok(e, 'the elu+1 sweep at N = 16');
  const elu = sweepAt({ ...defaults, d: Number(e[1]), trials: Number(e[2]), keys: 'elu1', nMax: 16 });
  assert.equal(twoPlaces(elu('cosineMean', 16)), e[3]);
  assert.equal(percent(elu('recallMean', 16)), e[4]);
  const r =
    /at d\s*=\s*256 they still give 100% top-1 recall at N\s*=\s*4d\s*=\s*1,024, with the cosine down to (\d\.\d\d)/.exec(
      body,
    );
  assert.ok(r, 'random keys at d = 256');
  // Only N = 1,024 and one trial: 8 trials there take 20 s of CPU (the text names no trial count;
  // 8 trials give 100% and 0.448 too).
  const big = sweepAt({ ...defaults, d: 256, trials: 1, ns: [1024] });
  assert.equal(big('recallMean', 1024), 1);
  assert.equal(twoPlaces(big('cosineMean', 1024)), r[1]);
});

test('the elu+1 mean cosine is for standard-normal inputs; the text gives it at σ = 0.5 and 2 (core feature map)', () => {
  assert.match(body, /for standard-normal x, two of them have a mean cosine of 0\.69/);
  assert.match(body, /in a trained model the learned projections set that scale/);
  const m =
    /with standard deviation σ\s*=\s*([\d.]+) the mean cosine is about (\d\.\d\d), with σ\s*=\s*([\d.]+) about (\d\.\d\d)/.exec(
      body,
    );
  assert.ok(m, 'the mean cosine at two other input scales');
  const d = defaults.d;
  const n = 4 * d;
  const memory = la.memory({ dk: d, dv: d, featureMap: 'elu1' });
  const z = la.randomNormals(defaults.seed, n * d);
  const meanCosine = (sigma) => {
    const f = [];
    for (let i = 0; i < n; i++) f.push(memory.features(Array.from(z.subarray(i * d, (i + 1) * d), (x) => sigma * x)));
    let sum = 0;
    for (let i = 0; i < n; i++)
      for (let j = i + 1; j < n; j++) {
        let ab = 0;
        let aa = 0;
        let bb = 0;
        for (let k = 0; k < d; k++) {
          ab += f[i][k] * f[j][k];
          aa += f[i][k] * f[i][k];
          bb += f[j][k] * f[j][k];
        }
        sum += ab / Math.sqrt(aa * bb);
      }
    return sum / ((n * (n - 1)) / 2);
  };
  // "about": one draw of 256 keys; the stated value is within 0.01 of it (0.858 and 0.515 here).
  for (const [sigma, shown] of [
    [Number(m[1]), Number(m[2])],
    [Number(m[3]), Number(m[4])],
  ]) {
    const c = meanCosine(sigma);
    assert.ok(Math.abs(c - shown) <= 0.01, `σ = ${sigma}: core ${c}, text ${shown}`);
  }
  assert.ok(Math.abs(meanCosine(1) - 0.69) <= 0.01, 'σ = 1 agrees with the 0.69 above');
  memory.delete();
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
  const ds =
    /DeepSeek-V3 \(DeepSeek-AI, 2024b\) keeps about 69 KiB per token, a (\d+)-number latent plus a (\d+)-number rotary-position key in each of its (\d+) layers, where Llama-2-7B,[^.]*, keeps 512 KiB/.exec(
      body,
    );
  assert.ok(ds, 'DeepSeek-V3 cited and its 69 KiB taken apart');
  assert.equal(Math.round(Number(at(preset('deepseek-v3'), 1).kvBytesPerToken) / KiB), 69);
  const [latent, rope, layers] = [1, 2, 3].map((k) => Number(ds[k]));
  assert.equal((latent + rope) * layers * 2, Number(at(preset('deepseek-v3'), 1).kvBytesPerToken), 'bf16 bytes');
  const mla = preset('deepseek-v3').layers.filter((l) => l.kind === 'mla');
  assert.equal(
    mla.reduce((n, l) => n + l.count, 0),
    layers,
  );
  assert.deepEqual(
    mla.map((l) => l.latentDim),
    [latent + rope],
    'the cached latent is the latent plus the RoPE key',
  );
  assert.equal(Number(at(preset('llama-2-7b'), 1).kvBytesPerToken) / KiB, 512);
  // "Thirty-two layers of 32 heads, each holding a 128 × 128 state in fp32, take 64 MiB; Llama-2-7B's
  // bf16 cache reaches that size at 128 tokens and passes it at the 129th."
  assert.match(body, /take 64 MiB; Llama-2-7B’s bf16 cache reaches that size at 128 tokens and passes it at the 129th/);
  const state = at({ layers: [{ kind: 'linear', count: 32, heads: 32, keyDim: 128, valueDim: 128 }] }, 1).stateBytes;
  assert.equal(Number(state) / MiB, 64);
  assert.equal(at(preset('llama-2-7b'), 128).kvBytes, state);
  assert.equal(la.kvCrossover(preset('llama-2-7b'), { stateBytes: state, kvDtype: 'bf16' }), 129n);
});
