// What the chapter and its figures claim, worded as the claims hold (the third expert
// reading): why softmax will not regroup, what a cost is counted in, what the Kimi Linear speed-up
// measures, what the memory figure's context limit is, what its KV cache line does, and which
// engines keep recurrent state in fp32. Numbers in these sentences are pinned against the core in
// chapter-numbers.test.mjs; this file holds the words around them to what is true.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { chapterText, root } from './chapter-text.mjs';
import { kvCurveWords, LIMIT_NAME } from '../../web/src/demos/memory/labels.js';
import { STATE_DTYPE_WHY } from '../../web/src/demos/memory/state.js';

const { prose, captions } = chapterText();
const body = prose.join('\n');
const presets = JSON.parse(readFileSync(`${root}/content/presets/models.json`, 'utf8')).presets;
const preset = (id) => presets.find((p) => p.id === id);

test('4.1 blames the exponential, not the denominator, for softmax not regrouping (note and ledger)', () => {
  const note = prose.find((p) => p.startsWith('What blocks regrouping'));
  assert.ok(note, 'the margin note on “Softmax couples each query to all keys”');
  assert.match(note, /is the exponential, not the denominator/);
  assert.match(
    note,
    /exp⁡\(q⋅k\) is not a function of q multiplied by a function of k, and no feature map of finite size makes it one exactly/,
  );
  assert.match(note, /even exp⁡\(QK⊤\) V, with no denominator at all, cannot be regrouped/);
  assert.match(note, /Equation \(2\) below divides by a sum over the whole row as well, and it regroups/);
  assert.doesNotMatch(body, /through the normalization, on all the other scores/);
  assert.match(
    body,
    /its weight exp⁡\(q⋅k\) does not come apart into a piece for the question and a piece for the receipt/,
  );
  assert.match(
    body,
    /Dividing by the sum over all receipts is not the obstacle; the ledger keeps such a sum too, the normalizer z/,
  );
});

test('4.1 and 4.2 count the work as it is: O(T² d) against O(T d²), cheaper per token only past t ≈ d', () => {
  assert.doesNotMatch(body, /forms all T\s*×\s*T scores/);
  assert.match(
    body,
    /causal attention scores every pair of a query and an earlier key: about T2\/2 dot products of length d, so O\(T2d\) work/,
  );
  assert.match(
    body,
    /FlashAttention \(Dao et al\., 2022\) never store that score matrix, yet they still compute every entry/,
  );
  assert.doesNotMatch(body, /O\(T\) steps/);
  assert.match(body, /T tokens cost O\(Td2\) work in all, against O\(T2d\) for softmax/);
  assert.match(body, /the linear form is the cheaper one only once t is past about d/);
});

test('4.2 says what Kimi Linear’s “up to 6×” measures (time per output token), not sessions per GPU', () => {
  assert.match(
    body,
    /up to 6× decoding throughput at 1M context, is such a speed: its report measures 6\.3× less time per output token/,
  );
  assert.match(body, /It is a speed for each generated token, not a count of sessions per GPU/);
  assert.match(preset('kimi-linear-48b-a3b').note, /time per output token[^.]*not a count of sessions per GPU/);
});

test('4.3 and the caption name random keys and values, and “about as strong” at N = d', () => {
  assert.match(body, /For random unit keys and random unit values[^.]*1\/d of the target’s energy/);
  assert.match(captions.overcapacity, /random unit keys and random unit values/);
  assert.match(body, /the crosstalk merely carries about as much energy as the target/);
  assert.doesNotMatch(captions.overcapacity, /grown as strong as/);
  // The figure's own theory labels name both assumptions too.
  const oc = (f) => readFileSync(`${root}/web/src/demos/overcapacity/${f}`, 'utf8');
  assert.match(oc('render-chart.js'), /label: 'theory for random unit keys and values, 1\/\\u221a/);
  assert.match(oc('render-readout.js'), /\['theory', 'Theory \(random unit keys and values\)'\]/);
});

test('the memory figure names max_position_embeddings a configured limit, with trained contexts sourced', () => {
  assert.equal(LIMIT_NAME, 'configured position limit');
  const sources = [
    'labels.js',
    'curve-plot.js',
    'render-chart.js',
    'render-bars.js',
    'render-figures.js',
    'render-source.js',
  ];
  for (const f of sources) {
    const text = readFileSync(`${root}/web/src/demos/memory/${f}`, 'utf8');
    assert.doesNotMatch(text, /trained for|Longest context this model/, `${f} still says “trained for”`);
  }
  // Where the makers state a trained context, it is shown with its source; never one without.
  const trained = Object.fromEntries(presets.filter((p) => 'trainedContext' in p).map((p) => [p.id, p.trainedContext]));
  assert.deepEqual(trained, { 'mistral-7b-v0.1': 8192, 'minimax-text-01': 1000000, 'llama-4-scout': 262144 });
  for (const p of presets.filter((x) => 'trainedContext' in x)) {
    assert.ok(p.trainedContext < p.maxContext, `${p.id}: trained shorter than its configured limit`);
    assert.match(p.trainedContextSource, /paper|card|release post/, p.id);
  }
  assert.match(preset('mistral-7b-v0.1').trainedContextSource, /arXiv 2310\.06825/);
  assert.match(preset('minimax-text-01').trainedContextSource, /arXiv 2501\.08313/);
});

test('the KV cache line’s label follows what the line does: grows, a plateau past the window, a saw tooth of the chunk in progress', () => {
  const attn = (extra) => ({ kind: 'attention', count: 1, kvHeads: 8, headDim: 128, ...extra });
  assert.deepEqual(kvCurveWords([attn({})]), { line: 'KV cache: grows', legend: 'KV cache (grows with context)' });
  assert.equal(kvCurveWords(preset('mistral-7b-v0.1').layers).line, 'KV cache: plateau past the window');
  assert.match(kvCurveWords(preset('mistral-7b-v0.1').layers).legend, /plateau past the window/);
  // Gemma-2: half its layers grow, half plateau
  assert.deepEqual(kvCurveWords(preset('gemma-2-9b').layers), {
    line: 'KV cache: grows',
    legend: 'KV cache (grows with context; its windowed layers: plateau past the window)',
  });
  assert.equal(kvCurveWords([attn({ chunk: 8192 })]).line, 'KV cache: saw tooth, the chunk in progress');
  assert.match(
    kvCurveWords([attn({ chunk: 8192 })]).legend,
    /saw tooth: the chunk in progress, emptied at each boundary/,
  );
  assert.equal(kvCurveWords([attn({ chunk: 8192 }), attn({ window: 4096 })]).line, 'KV cache: saw tooth on a plateau');
  // Llama-4-Scout: its global layers grow, its chunked layers add the saw tooth
  assert.deepEqual(kvCurveWords(preset('llama-4-scout').layers), {
    line: 'KV cache: grows, with a saw tooth',
    legend:
      'KV cache (grows with context; its chunked layers: saw tooth: the chunk in progress, emptied at each boundary)',
  });
});

test('Llama-4’s chunked layers are a saw tooth reset at every 8,192-token boundary', () => {
  const note = preset('llama-4-scout').note;
  assert.doesNotMatch(note, /stops growing once a chunk is full/);
  assert.match(note, /empties at every 8,192-token boundary, a saw tooth that never holds more than 8,192 tokens/);
});

test('fp32 recurrent state is what some engines and configs do, not all: vLLM keeps MiniMax’s in the model dtype', () => {
  assert.doesNotMatch(STATE_DTYPE_WHY, /serving engines keep recurrent state in full precision/);
  assert.match(STATE_DTYPE_WHY, /vLLM keeps Kimi Delta Attention state in fp32/);
  assert.match(STATE_DTYPE_WHY, /Qwen3\.5 configs set mamba_ssm_dtype to float32/);
  assert.match(STATE_DTYPE_WHY, /vLLM keeps MiniMax’s lightning-attention state in the model’s own dtype/);
  assert.match(STATE_DTYPE_WHY, /MambaStateDtypeCalculator/);
  assert.match(preset('kimi-linear-48b-a3b').note, /vLLM keeps the KDA recurrent state in fp32[^.]*kda_state_dtype/);
  for (const id of ['minimax-text-01', 'minimax-m1'])
    assert.match(preset(id).note, /vLLM keeps the lightning-attention state in the model's dtype/, id);
  const qwen = preset('qwen3.5-27b');
  assert.match(`${qwen.source.citation} ${qwen.note}`, /mamba_ssm_dtype/);
});
