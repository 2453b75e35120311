// Each claim says what it is about: which keys a statement on capacity holds for, which N a measured
// number belongs to, what a speed-up was measured against, where a technique comes from, which
// family each update rule of the figure follows, what an average over all ages hides, and what size
// of state the ledger's caption means. Every number in these sentences is recomputed with the core.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createLinattn } from '../../wasm/index.mjs';
import { chapterSource, chapterText, root } from './chapter-text.mjs';
import { DEFAULTS } from '../../web/src/demos/overcapacity/state.js';
import { formatPercent, sentenceParts, RULE_LINEAGE } from '../../web/src/demos/overcapacity/format.js';

const la = await createLinattn();
const { prose, captions, after } = chapterText();
const body = prose.join('\n');
const source = chapterSource();
const twoPlaces = (x) => x.toFixed(2);
const percent = (x) => `${Math.round(100 * x)}%`;
const sweep = (opts) =>
  la.interferenceSweep({ d: DEFAULTS.d, trials: DEFAULTS.trials, seed: DEFAULTS.seed, beta: DEFAULTS.beta, ...opts });

test('Kimi Linear: what was measured (time per output token), against what (an all-MLA model), and the smaller read as one reason among others', () => {
  const note = prose.find((p) => p.startsWith('This flat line is where the serving economics come from'));
  assert.ok(note, 'the margin note on the flat line');
  assert.doesNotMatch(note, /set by how much less each step reads/);
  assert.match(
    note,
    /6\.3× less time per output token than its baseline, a model with MLA in every layer, at 1M tokens/,
  );
  assert.match(note, /one reason among others/);
  // "each of its steps reads about 3.8× fewer bytes": the baseline's cache (27 MLA layers) over the
  // hybrid's (7 MLA layers' cache and the 20 linear layers' fixed state), at 2^20 tokens in bf16.
  const m = /each of its steps reads about (\d\.\d)× fewer bytes than the baseline’s/.exec(note);
  assert.ok(m, note);
  const presets = JSON.parse(readFileSync(`${root}/content/presets/models.json`, 'utf8')).presets;
  const kimi = presets.find((p) => p.id === 'kimi-linear-48b-a3b');
  const at = (layers) => la.kvMemory({ layers }, { tokens: 2 ** 20, sessions: 1, kvDtype: 'bf16', stateDtype: 'fp32' });
  const hybrid = at(kimi.layers);
  const layers = kimi.layers.reduce((n, l) => n + l.count, 0);
  assert.equal(layers, 27);
  const baseline = at([{ ...kimi.layers.find((l) => l.kind === 'mla'), count: layers }]);
  const ratio = Number(baseline.kvBytes) / Number(hybrid.kvBytes + hybrid.stateBytes);
  assert.equal(ratio.toFixed(1), m[1]);
  assert.ok(ratio < 6.3, 'the smaller read alone falls short of the measured 6.3×');
  assert.match(kimi.note, /6\.3× less time per output token than an all-MLA baseline/);
  assert.doesNotMatch(kimi.note, /from reading a far smaller cache at each step/);
});

test('4.3 says which keys each statement about “about d associations” is about, and shows elu+1 keys beside random ones', () => {
  assert.doesNotMatch(
    body,
    /The rule of thumb of about d associations is a statement about near-orthogonal, zero-mean keys/,
  );
  assert.match(
    body,
    /the rule of thumb of about d associations marks two things, and neither is where picking the right value fails: the last exact read for orthonormal keys, and equal crosstalk and target energy for random keys/,
  );
  assert.match(body, /Picking the nearest stored value lasts far longer with random zero-mean keys/);
  // elu+1 beside random, at the figure's default d and trials, computed by the core
  const m =
    /sixteen elu\+1 keys already bring the read-back cosine down to (\d\.\d\d), and only (\d+%) of reads pick the right stored value, where sixteen random unit keys still read back with cosine (\d\.\d\d) and (\d+%) recall\. With elu\+1 keys recall is down to (\d+%) at N\s*=\s*(\d+), and to (\d+%) at N\s*=\s*d\s*=\s*(\d+)/.exec(
      body,
    );
  assert.ok(m, 'elu+1 and random keys side by side');
  const elu = sweep({ keys: 'elu1', nMax: DEFAULTS.d });
  const rnd = sweep({ keys: 'random', nMax: DEFAULTS.d });
  const at = (s, metric, n) => s[metric][s.ns.indexOf(n)];
  assert.equal(m[1], twoPlaces(at(elu, 'cosineMean', 16)));
  assert.equal(m[2], percent(at(elu, 'recallMean', 16)));
  assert.equal(m[3], twoPlaces(at(rnd, 'cosineMean', 16)));
  assert.equal(m[4], percent(at(rnd, 'recallMean', 16)));
  const early = Number(m[6]);
  assert.ok(early < DEFAULTS.d, 'a loss of recall before d');
  assert.equal(m[5], percent(at(elu, 'recallMean', early)));
  assert.equal(Number(m[8]), DEFAULTS.d);
  assert.equal(m[7], percent(at(elu, 'recallMean', DEFAULTS.d)));
  // and the paragraph after the figure puts the elu+1 recall beside the random keys' 100% at N = d
  const c =
    /With Key geometry set to elu\+1 features, the same settings give (\d+%) top-1 recall at N\s*=\s*(\d+) and (\d+%) at N\s*=\s*(\d+)/.exec(
      after.overcapacity,
    );
  assert.ok(c, after.overcapacity);
  assert.equal(c[1], percent(at(elu, 'recallMean', Number(c[2]))));
  assert.equal(c[3], percent(at(elu, 'recallMean', Number(c[4]))));
  assert.equal(Number(c[4]), DEFAULTS.d);
});

test('the caption gives the crosstalk the core measures at the N the sentence is about, N = d', () => {
  assert.doesNotMatch(captions.overcapacity, /the core measures a crosstalk of 0\.98 there/);
  const m = /The dotted line marks N\s*=\s*d[^.]*: at N\s*=\s*(\d+) the core measures a crosstalk of (\d\.\d\d)/.exec(
    captions.overcapacity,
  );
  assert.ok(m, captions.overcapacity);
  assert.equal(Number(m[1]), DEFAULTS.d);
  const s = sweep({ keys: 'random', ns: [DEFAULTS.d] });
  assert.equal(m[2], twoPlaces(s.crosstalkMean[0]));
  assert.match(captions.overcapacity, /the theory’s \(N−1\)\/d reaches 1 one write later, at N\s*=\s*65/);
});

test('sliding windows are cited to where they come from, with references in the chapter’s format', () => {
  assert.match(
    body,
    /sliding windows, used since Sparse Transformers \(Child et al\., 2019\) and Longformer \(Beltagy, Peters & Cohan, 2020\)/,
  );
  assert.match(
    source,
    /\{#ref-child2019\} Rewon Child, Scott Gray, Alec Radford, Ilya Sutskever\. “Generating Long Sequences with Sparse Transformers\.”.*\[arXiv:1904\.10509\]\(https:\/\/arxiv\.org\/abs\/1904\.10509\)/,
  );
  assert.match(
    source,
    /\{#ref-beltagy2020\} Iz Beltagy, Matthew E\. Peters, Arman Cohan\. “Longformer: The Long-Document Transformer\.”.*\[arXiv:2004\.05150\]\(https:\/\/arxiv\.org\/abs\/2004\.05150\)/,
  );
});

test('every reference is cited, and every citation has its reference', () => {
  const [text, refs] = source.split('::: references');
  const settings = readFileSync(`${root}/web/src/demos/overcapacity/format.js`, 'utf8');
  const defined = [...refs.matchAll(/\{#(ref-[\w-]+)\}/g)].map((m) => m[1]);
  const cited = new Set([...`${text}${settings}`.matchAll(/#(ref-[\w-]+)/g)].map((m) => m[1]));
  for (const id of defined) assert.ok(cited.has(id), `${id} is cited`);
  for (const id of cited) assert.ok(defined.includes(id), `${id} has a reference`);
});

test('the figure names the lineage of each update rule it offers: additive + gate, delta, delta + gate', () => {
  const byCase = Object.fromEntries(RULE_LINEAGE.map((l) => [l.rule, l]));
  assert.deepEqual(Object.keys(byCase), ['add+gate', 'delta', 'delta+gate']);
  assert.match(byCase['add+gate'].text, /RetNet/);
  assert.match(byCase['add+gate'].text, /GLA/);
  assert.match(byCase['add+gate'].text, /Mamba-2/);
  assert.doesNotMatch(byCase['add+gate'].text, /Gated DeltaNet/);
  assert.match(byCase.delta.text, /DeltaNet/);
  assert.match(byCase['delta+gate'].text, /Gated DeltaNet/);
  assert.match(byCase['delta+gate'].text, /depends on the input/);
  // the paragraph after the figure says the same
  assert.match(
    after.overcapacity,
    /a forget gate on the additive rule is the decay of RetNet, GLA and Mamba-2 \(Sun et al\., 2023; Yang et al\., 2024b; Dao & Gu, 2024\), the delta rule is DeltaNet’s, and the delta rule with a gate is Gated DeltaNet’s/,
  );
});

test('wrong picks under the delta rule or a forget gate are said to average over every age, with recall by age pointed to', () => {
  const at = (rule, gate) => sweep({ keys: 'random', ns: [DEFAULTS.n], rule, gate, step: 1 });
  const delta = at('delta', 1);
  const gated = at('add', 0.9);
  const plain = at('add', 1);
  // the figure's sentence
  assert.match(
    sentenceParts(delta, 0, DEFAULTS.d, 'random', 1, 'delta'),
    /29\.2% would pick the wrong stored value over all ages: the delta rule overwrites old associations to keep recent ones exact \(see recall by age\)/,
  );
  assert.match(
    sentenceParts(gated, 0, DEFAULTS.d, 'random', 0.9, 'add'),
    /79\.9% would pick the wrong stored value over all ages: the forget gate fades old associations to keep recent ones clear \(see recall by age\)/,
  );
  assert.doesNotMatch(sentenceParts(plain, 0, DEFAULTS.d, 'random', 1, 'add'), /every age/);
  // the numbers beside the figure are the core's at the default state, and the trade is the store's
  const m =
    /wrong picks at the default state \((\S+) under the delta rule, (\S+) under a forget gate of ([\d.]+), against (\S+) for the additive rule\) are averages over every age: both give up old associations to keep recent ones, as recall by age shows/.exec(
      after.overcapacity,
    );
  assert.ok(m, after.overcapacity);
  assert.equal(m[1], formatPercent(delta.missMean[0]));
  assert.equal(Number(m[3]), 0.9);
  assert.equal(m[2], formatPercent(gated.missMean[0]));
  assert.equal(m[4], formatPercent(plain.missMean[0]));
  const store = (rule, gate) =>
    la.interferenceStore({ d: DEFAULTS.d, n: DEFAULTS.n, seed: DEFAULTS.seed, keys: 'random', rule, gate, step: 1 });
  const add = store('add', 1);
  for (const [rule, gate] of [
    ['delta', 1],
    ['add', 0.9],
  ]) {
    const s = store(rule, gate);
    const oldest = DEFAULTS.n - 1;
    assert.ok(
      s.ageCosine[0] > add.ageCosine[0],
      `${rule} ${gate}: the newest reads back better than under the additive rule`,
    );
    assert.ok(s.ageCosine[oldest] < add.ageCosine[oldest], `${rule} ${gate}: the oldest worse`);
  }
});

test('the ledger caption follows the figure’s d: a d × d state, not only 2 × 2', () => {
  assert.doesNotMatch(captions.ledger, /the shared 2\s*×\s*2 state/);
  assert.match(
    captions.ledger,
    /the shared d\s*×\s*d state S \(2\s*×\s*2 in the example, 3\s*×\s*3 when you set d\s*=\s*3\)/,
  );
});
