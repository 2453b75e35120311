// The memory demo's state and work as pure functions (web/src/demos/memory/reducer.js, requests.js):
// named actions make a candidate, requests(state) names the core call for it on the page thread,
// and the answer keeps the candidate or writes the core's message against the control it came
// from. Answers here come from the real core (the page executor the demo uses); the bytes expected
// are worked out by hand: Llama-3-8B keeps 2 (K and V) · 32 layers · 8 KV heads · 128 dims · 2 bytes
// (bf16) = 131,072 bytes per token.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLinattn } from '../../wasm/index.mjs';
import { pageExecutor } from '../../web/src/demos/memory/page-executor.js';
import { initialState, reduce } from '../../web/src/demos/memory/reducer.js';
import { keyOf, requests } from '../../web/src/demos/memory/requests.js';
import { readConfig } from '../../web/src/demos/memory/compute-config.js';

const la = await createLinattn();
const core = pageExecutor(la);
const PER_TOKEN = 2n * 32n * 8n * 128n * 2n;

/** The one request in hand, answered by the core as the kit's page executor answers it. */
function answerOf(state) {
  const [r] = requests(state);
  let answer;
  core.run(
    r,
    (value) => (answer = { type: 'answer', key: r.key, value, done: true }),
    (error) => (answer = { type: 'answer', key: r.key, error, done: true }),
  );
  return answer;
}
/** Answers until nothing is asked (an update refused as a whole is tried field by field). */
function settle(state) {
  let s = state;
  while (requests(s).length) s = reduce(s, answerOf(s));
  return s;
}
const start = () => settle(initialState());

test('requests: the candidate, and only it, asked of the core on the page thread', () => {
  const first = initialState();
  assert.deepEqual(requests(first), [
    { key: 'computeMemory #1', on: 'page', call: 'computeMemory', args: { state: first.memory, previous: null } },
  ]);
  const s = start();
  assert.deepEqual(requests(s), [], 'nothing asked once the answer is in');
  const next = reduce(s, { type: 'sessions', sessions: 4 });
  const [r] = requests(next);
  assert.equal(r.key, keyOf(next.candidate));
  assert.equal(r.args.state.sessions, 4);
  assert.equal(r.args.previous, s.results, 'the last results go along (their curve is reused)');
  assert.equal(next.memory.sessions, 1, 'nothing kept before the core answers');
});

test('the defaults: Llama-3-8B at 8,192 tokens keeps 1 GiB of KV cache', () => {
  const s = start();
  assert.equal(s.memory.preset, 'llama-3-8b');
  assert.equal(s.results.now.kvBytes, PER_TOKEN * 8192n);
  assert.equal(s.results.now.kvBytes, 1073741824n);
  assert.equal(s.candidate, null);
});

test('an accepted action keeps its settings and the core’s numbers together', () => {
  let s = start();
  s = settle(reduce(s, { type: 'tokens', tokens: 4096 }));
  assert.equal(s.results.now.kvBytes, PER_TOKEN * 4096n);
  s = settle(reduce(s, { type: 'dtype', field: 'kvDtype', dtype: 'fp32' }));
  assert.equal(s.results.now.kvBytes, 2n * PER_TOKEN * 4096n);
  s = settle(reduce(s, { type: 'sessions', sessions: 3 }));
  assert.equal(s.results.now.kvBytes, 3n * 2n * PER_TOKEN * 4096n);
  assert.deepEqual([s.memory.tokens, s.memory.kvDtype, s.memory.sessions], [4096, 'fp32', 3]);
});

test('a refused action keeps the last good state and writes the message against its control', () => {
  const good = start();
  const s = settle(reduce(good, { type: 'sessions', sessions: 0 }));
  assert.equal(s.memory, good.memory, 'the last good settings stay');
  assert.equal(s.results, good.results);
  assert.match(s.errors.sessions, /sessions must be a whole number from 1/);
  // a late answer for a candidate no longer in hand changes nothing
  assert.equal(reduce(s, { type: 'answer', key: 'computeMemory #1', value: {}, done: true }), s);
  // the next accepted change of that control takes its message back
  const fixed = settle(reduce(s, { type: 'sessions', sessions: 2 }));
  assert.equal(fixed.errors.sessions, undefined);
  assert.equal(fixed.results.now.kvBytes, 2n * PER_TOKEN * 8192n);
});

test('a link’s settings: the core refuses the whole, each field is tried alone, the rest named', () => {
  const s = settle(reduce(start(), { type: 'update', input: { tokens: 2048, sessions: 0, nonsense: 1 } }));
  assert.equal(s.memory.tokens, 2048, 'the good field kept');
  assert.equal(s.memory.sessions, 1);
  assert.equal(s.results.now.kvBytes, PER_TOKEN * 2048n);
  assert.match(s.errors.notice, /^Some settings were ignored: unknown setting “nonsense”; sessions: /);
  const clean = settle(reduce(s, { type: 'update', input: { tokens: 1000 } }));
  assert.equal(clean.errors.notice, '', 'a clean update hides the notice');
});

test('the page’s own refusal of a field’s text, and a drag that streams and ends', () => {
  let s = start();
  s = reduce(s, { type: 'misread', origin: 'tokens', message: 'not a number' });
  assert.equal(s.errors.tokens, 'not a number');
  assert.deepEqual(requests(s), [], 'the core is not asked');
  s = settle(reduce(s, { type: 'tokens', tokens: 10000, dragging: true }));
  assert.equal(s.dragging, true);
  assert.equal(s.errors.tokens, undefined);
  assert.equal(s.results.now.kvBytes, PER_TOKEN * 10000n);
  const ended = reduce(s, { type: 'dragEnd' });
  assert.equal(ended.dragging, false);
  assert.deepEqual(requests(ended), [], 'a release asks nothing of the core');
  assert.equal(reduce(ended, { type: 'dragEnd', tokens: 10000 }), ended, 'the slider’s change at the same length');
  const moved = settle(reduce(ended, { type: 'dragEnd', tokens: 20000 }));
  assert.equal(moved.results.now.kvBytes, PER_TOKEN * 20000n, 'a change elsewhere is asked');
});

test('custom models: "Custom model…" copies the model on screen; the editor’s refusal in its words', () => {
  let s = settle(reduce(start(), { type: 'preset', preset: 'custom' }));
  assert.equal(s.memory.preset, 'custom');
  assert.equal(s.editorModel.model, s.memory.custom, 'the editor starts from the copy');
  assert.equal(s.results.now.kvBytes, PER_TOKEN * 8192n, 'the same bytes as the preset');
  const bad = { layers: [{ kind: 'attention', count: 32, kvHeads: 0, headDim: 128 }] };
  const refused = settle(reduce(s, { type: 'custom', model: bad }));
  assert.equal(refused.memory, s.memory);
  assert.deepEqual(
    { group: refused.errors.editor.group, key: refused.errors.editor.key },
    { group: 0, key: 'kvHeads' },
  );
  assert.match(refused.errors.editor.message, /^Layer group 1, KV heads \(kvHeads\)/);
  const half = { layers: [{ kind: 'attention', count: 16, kvHeads: 8, headDim: 128 }] };
  s = settle(reduce(refused, { type: 'custom', model: half }));
  assert.equal(s.errors.editor, undefined);
  assert.equal(s.results.now.kvBytes, (PER_TOKEN / 2n) * 8192n, 'half the layers, half the cache');
});

test('import: a config.json becomes the custom model; an unreadable one leaves the model as it was', () => {
  const config = JSON.stringify({
    model_type: 'llama',
    num_hidden_layers: 32,
    num_attention_heads: 32,
    num_key_value_heads: 8,
    hidden_size: 4096,
    head_dim: 128,
  });
  const good = settle(reduce(start(), { type: 'import', read: readConfig(config) }));
  assert.equal(good.memory.preset, 'custom');
  assert.equal(good.imported.ok, true);
  assert.equal(good.results.now.kvBytes, PER_TOKEN * 8192n);
  const broken = settle(reduce(good, { type: 'import', read: readConfig('{ nope') }));
  assert.equal(broken.imported.ok, false);
  assert.ok(broken.imported.message.length > 0, 'the core says why');
  assert.equal(broken.memory, good.memory);
});

test('settings open, width and unknown actions: no work when nothing changes', () => {
  const s = start();
  assert.equal(reduce(s, { type: 'settings', open: false }), s);
  assert.equal(reduce(s, { type: 'nothing' }), s);
  const wide = reduce(s, { type: 'width', width: 640 });
  assert.equal(wide.width, 640);
  assert.deepEqual(requests(wide), []);
  const open = settle(reduce(s, { type: 'settings', open: true }));
  assert.equal(open.memory.settings, true);
});
