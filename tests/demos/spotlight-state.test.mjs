// The spotlight figure's state and work, in node against the real spotlight core: proposals are
// screened for shape, the core judges their range and names the field it refuses, which is dropped
// while the rest goes through; the figure keeps its last good settings; requests(state) names the
// figure's read, the proposal's and the trade-off plot's other numbers of random features.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSpotlight } from '../../wasm/spotlight.mjs';
import { createWork } from '../../web/src/lib/demo-kit/work.js';
import { createStore } from '../../web/src/lib/demo-kit/store.js';
import { spotlightExecutors } from '../../web/src/demos/spotlight/compute.js';
import {
  DEFAULTS,
  FEATURE_SWEEP,
  featuresKey,
  initialState,
  linkState,
  readKey,
  reduce,
  requests,
  screen,
  sweepAt,
} from '../../web/src/demos/spotlight/state.js';

const sp = await createSpotlight();

/** The demo's store and work as the kit wires them, the idle executor run at once. */
function run(input) {
  const ex = spotlightExecutors(sp);
  const executors = { page: ex.page, idle: ex.page };
  const store = createStore(reduce, initialState(input));
  const work = createWork({ executors, onAnswer: (key, held) => store.dispatch({ type: 'answer', key, ...held }) });
  store.subscribe((next) => work.want(requests(next)));
  work.want(requests(store.get()));
  return { store, work };
}

test('the defaults are the core’s, and the figure’s read is the core’s own result', () => {
  const { store, work } = run({});
  const state = store.get();
  assert.deepEqual(state.settings, { ...DEFAULTS });
  assert.equal(state.pending, null);
  const shown = work.get(readKey(state)).value;
  const direct = sp.spotlight({});
  assert.deepEqual(
    shown.reads.map((r) => r.targetWeight),
    direct.reads.map((r) => r.targetWeight),
  );
  assert.ok(shown.reads[0].targetWeight > 0.99, 'softmax at β = 8 is a spotlight');
  assert.ok(shown.reads[1].targetWeight < 0.1, 'elu+1 is a floodlight');
  for (const m of FEATURE_SWEEP.filter((m) => m !== DEFAULTS.features)) {
    assert.equal(work.get(featuresKey(state, m)).value.reads[4].featureCount, m);
  }
});

test('a link’s settings in range are accepted by the core; the read is at them', () => {
  const { store, work } = run({ n: 256, cosine: 0.6, features: 256 });
  const state = store.get();
  assert.equal(state.settings.n, 256);
  assert.equal(state.settings.cosine, 0.6);
  assert.deepEqual(state.notices, []);
  const result = work.get(readKey(state)).value;
  assert.equal(result.n, 256);
  assert.equal(result.reads[4].featureCount, 256);
});

test('out of range: the core names the field, it is dropped, the rest is kept, the last good state stays', () => {
  const { store, work } = run({});
  store.dispatch({ type: 'propose', patch: { n: 5000, cosine: 0.5 }, from: 'outside' });
  let state = store.get();
  assert.equal(state.settings.n, DEFAULTS.n, 'N kept');
  assert.equal(state.settings.cosine, 0.5, 'the valid field went through');
  assert.equal(state.notices.length, 1);
  assert.match(state.notices[0], /“n” = 5000 refused/);
  assert.equal(state.pending, null);
  store.dispatch({ type: 'propose', patch: { beta: 1e6 }, from: 'outside' });
  state = store.get();
  assert.equal(state.settings.beta, DEFAULTS.beta);
  assert.match(state.notices[0], /“beta”/);
  assert.ok(work.get(readKey(state)).value, 'the figure still has its read');
  // The work limit: N = 4096 at d = 64 is refused as n, whichever field moved.
  store.dispatch({ type: 'propose', patch: { d: 64, n: 4096 }, from: 'outside' });
  state = store.get();
  assert.equal(state.settings.d, 64);
  assert.equal(state.settings.n, DEFAULTS.n);
});

test('shape: what is no number or no setting is named before the core sees it', () => {
  const { patch, notices } = screen({ n: 'many', d: 2.5, colour: 3, dtype: 'fp64', settings: true, seed: 7 });
  assert.deepEqual(patch, { settings: true, seed: 7 });
  assert.equal(notices.length, 4);
  assert.match(
    notices.join(' '),
    /“n” is not a number.*“d” must be a whole number.*“colour” is not a setting.*“dtype” must be one of/,
  );
});

test('a reader’s change is marked as theirs; the disclosure and the width need no core', () => {
  const { store } = run({});
  store.dispatch({ type: 'propose', patch: { n: 64 }, from: 'reader' });
  assert.equal(store.get().from, 'reader');
  assert.equal(store.get().settings.n, 64);
  const before = requests(store.get()).map((r) => r.key);
  store.dispatch({ type: 'open', open: true });
  store.dispatch({ type: 'width', width: 700 });
  assert.deepEqual(
    requests(store.get()).map((r) => r.key),
    before,
  );
  assert.deepEqual(linkState(store.get().settings), { ...DEFAULTS, n: 64, settings: true });
  assert.equal('settings' in linkState(DEFAULTS), false, 'a closed disclosure stays out of links');
});

test('a held slider asks for no other m; letting go asks for them again, the same keys', () => {
  const state = initialState({});
  const idle = (s) =>
    requests(s)
      .filter((r) => r.on === 'idle')
      .map((r) => r.key);
  const held = reduce(state, { type: 'hold', on: true });
  assert.equal(held.holding, true);
  assert.deepEqual(idle(held), []);
  assert.equal(requests(held)[0].key, requests(state)[0].key, 'the figure’s own read is still asked for');
  assert.equal(reduce(held, { type: 'hold', on: true }), held, 'holding again changes nothing');
  const released = reduce(held, { type: 'hold', on: false });
  assert.equal(released.holding, false);
  assert.deepEqual(idle(released), idle(state));
  assert.equal(idle(state).length, FEATURE_SWEEP.length - 1);
});

test('requests: the proposal first, on the page; the other m on the idle executor', () => {
  const state = initialState({ n: 100 });
  const list = requests(state);
  assert.equal(list[0].args.n, 100);
  assert.equal(list[0].on, 'page');
  assert.equal(list[1].args.n, DEFAULTS.n, 'the last good read is still asked for');
  assert.deepEqual(
    list.filter((r) => r.on === 'idle').map((r) => r.args.features),
    FEATURE_SWEEP.filter((m) => m !== DEFAULTS.features),
  );
  assert.deepEqual(sweepAt({ ...DEFAULTS, n: 4096 }), [16], 'at N = 4096 only m = 16 is within the page’s budget');
  assert.deepEqual(sweepAt({ ...DEFAULTS, n: 256 }), [16, 256]);
  assert.equal(reduce(state, { type: 'nothing' }), state, 'an unknown action changes nothing');
});
