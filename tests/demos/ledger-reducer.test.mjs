// The ledger's state (web/src/demos/ledger/reducer.js) and the work it asks for (requests.js), as
// pure functions: an action proposes settings, requests(state) names the core call for them, and
// the core's answer accepts them (with the chapter's worked numbers) or is refused, leaving the last
// good state and a message beside the control that asked.
import test from 'node:test';
import assert from 'node:assert/strict';
import { createLinattn } from '../../wasm/index.mjs';
import { computeLedger } from '../../web/src/demos/ledger/model.js';
import { exampleState } from '../../web/src/demos/ledger/state.js';
import { initialState, reduce, REFUSED, keyOf } from '../../web/src/demos/ledger/reducer.js';
import { requests, pageExecutor } from '../../web/src/demos/ledger/requests.js';

const la = await createLinattn();
const LIMIT = la.limits?.maxAbsValue ?? 1e6;
const page = pageExecutor({ ledgerView: (settings) => computeLedger(la, settings) });

/** What the demo kit does: each request run on the page, its answer reduced, until none is asked. */
function settle(state) {
  let s = state;
  for (let guard = 0; guard < 4; guard++) {
    const [r] = requests(s);
    if (!r) return s;
    let answer;
    page(
      r,
      (value) => (answer = { type: 'answer', key: r.key, value, done: true }),
      (error) => (answer = { type: 'answer', key: r.key, error, done: true }),
    );
    s = reduce(s, answer);
  }
  throw new Error('the requests did not settle');
}
const act = (state, action) => settle(reduce(state, action));
/** A core that refuses everything it is asked. */
const refusing = (state) => {
  const [r] = requests(state);
  return reduce(state, { type: 'answer', key: r.key, error: new Error('core: refused'), done: true });
};

test("requests name la.ledgerView for the proposal, and nothing once it is computed; the example's numbers", () => {
  const first = initialState(undefined, LIMIT);
  assert.equal(first.settings, null, 'nothing is shown before the core has answered');
  assert.deepEqual(requests(first), [
    { key: keyOf(exampleState()), on: 'page', call: 'ledgerView', args: exampleState() },
  ]);
  assert.deepEqual(requests(first), requests(first), 'pure: the same state asks the same');
  const s = settle(first);
  assert.deepEqual(requests(s), []);
  assert.deepEqual(s.settings, exampleState());
  assert.deepEqual(Array.from(s.view.S), [3, -3, -2, 1], 'S after the three writes');
  assert.deepEqual(Array.from(s.view.writes[2].stamp), [0, -4, 0, -3], 'the third stamp');
  assert.deepEqual(Array.from(s.view.reads[0].read), [3, -3]);
  assert.ok(Math.abs(s.view.reads[0].error - 4) < 1e-12, 'k\u2081 reads (3, \u22123), off by 4');
  assert.deepEqual(s.notices, []);
});

test('turning back a page: two exact reads; an answer for another key changes nothing', () => {
  const s = settle(initialState(undefined, LIMIT));
  const back = reduce(s, { type: 'step', to: 'back' });
  assert.equal(back.settings, s.settings, 'a proposal is not the state until the core answers');
  assert.equal(requests(back)[0].args.step, 2);
  assert.equal(reduce(back, { type: 'answer', key: 'ledgerView:other', value: {}, done: true }), back);
  const two = settle(back);
  assert.equal(two.settings.step, 2);
  assert.deepEqual(
    two.view.reads.map((r) => [Array.from(r.read), r.exact]),
    [
      [[3, 1], true],
      [[-2, 4], true],
    ],
  );
  assert.deepEqual(Array.from(two.view.S), [3, 1, -2, 4]);
});

test('a refused edit keeps the last good state and says so in the notice area', () => {
  const s = settle(initialState(undefined, LIMIT));
  const refused = refusing(reduce(s, { type: 'featureMap', value: 'elu1' }));
  assert.equal(refused.settings, s.settings);
  assert.equal(refused.view, s.view);
  assert.equal(refused.pending, null);
  assert.deepEqual(refused.notices, [REFUSED]);
  const elu = act(refused, { type: 'featureMap', value: 'elu1' });
  assert.equal(elu.settings.featureMap, 'elu1');
  assert.equal(elu.view.normalized, true);
  assert.deepEqual(elu.notices, [REFUSED], 'a notice stays until the reset or new settings replace it');
  assert.deepEqual(act(elu, { type: 'reset' }).notices, []);
});

test("a typed number: refused text and an all-zero key are the field's message; a good one clears it", () => {
  const s = settle(initialState(undefined, LIMIT));
  const bad = reduce(s, { type: 'field', target: 0, part: 'k', j: 0, text: 'abc' });
  assert.equal(bad.pending, null, 'nothing to compute');
  assert.match(bad.fieldErrors['k1-1'], /^k\u2081 coordinate 1: \u201cabc\u201d is not a number/);
  assert.equal(bad.said.text, bad.fieldErrors['k1-1'], 'spoken in the live region too');
  const zero = reduce(bad, { type: 'field', target: 0, part: 'k', j: 0, text: '0' });
  assert.equal(
    zero.fieldErrors['k1-1'],
    'k\u2081 would be all zeros: a key needs a direction to file its value under.',
  );
  const good = act(zero, { type: 'field', target: 0, part: 'v', j: 1, text: '2' });
  assert.deepEqual(good.settings.associations[0].v, [3, 2]);
  assert.ok('k1-1' in good.fieldErrors, "another field's message stays");
  const fixed = act(good, { type: 'field', target: 0, part: 'k', j: 0, text: '1' });
  assert.deepEqual(fixed.fieldErrors, {});
  const refused = refusing(reduce(fixed, { type: 'field', target: -1, j: 0, text: '0.5' }));
  assert.deepEqual(refused.fieldErrors, { 'free-q-1': REFUSED });
  assert.deepEqual(refused.settings.freeQuery, [0.6, 0.8]);
});

test('settings in a link the core refuses: the example instead, said; refused again: the demo says it cannot', () => {
  const first = initialState({ step: 1, nope: 1 }, LIMIT);
  const fallback = refusing(first);
  assert.deepEqual(requests(fallback)[0].args, exampleState());
  const s = settle(fallback);
  assert.deepEqual(s.settings, exampleState());
  assert.deepEqual(s.notices, [
    'Unknown setting \u201cnope\u201d ignored.',
    'The ledger in the link could not be computed, so the chapter\u2019s example is shown.',
  ]);
  const fatal = refusing(fallback);
  assert.equal(fatal.fatal, `The ledger could not be computed: ${REFUSED}`);
  assert.deepEqual(fatal.settings, exampleState(), 'the settings to report are the example');
  assert.equal(reduce(fatal, { type: 'step', to: 'back' }), fatal, 'no edit once the demo cannot compute');
});

test('the editor: remove, add up to eight, d = 3 and back drops a key along the third axis', () => {
  let s = settle(initialState(undefined, LIMIT));
  s = act(s, { type: 'remove', index: 0 });
  assert.deepEqual([s.settings.associations.length, s.settings.step], [2, 2]);
  for (let n = 3; n <= 8; n++) s = act(s, { type: 'add' });
  assert.equal(s.settings.associations.length, 8);
  assert.equal(s.editorMsg, 'That makes 8, the most this ledger holds.');
  s = act(s, { type: 'add' });
  assert.equal(s.settings.associations.length, 8);
  assert.equal(s.editorMsg, 'This ledger holds at most 8 associations.');
  s = act(act(s, { type: 'reset' }), { type: 'dim', d: 3 });
  assert.equal(s.view.dk, 3);
  s = act(s, { type: 'field', target: 0, part: 'k', j: 2, text: '1' });
  s = act(s, { type: 'field', target: 0, part: 'k', j: 0, text: '0' });
  assert.deepEqual(s.settings.associations[0].k, [0, 0, 1]);
  s = act(s, { type: 'dim', d: 2 });
  assert.equal(s.settings.associations.length, 2);
  assert.equal(s.editorMsg, 'Dropped k\u2081: without its third coordinate the key was all zeros.');
});

test('settings from outside are merged and named; a late angle for a removed key is ignored', () => {
  const s = settle(initialState(undefined, LIMIT));
  const u = act(s, { type: 'update', settings: { step: 1, d: 4 } });
  assert.equal(u.settings.step, 1);
  assert.deepEqual(u.notices, ['Setting \u201cd\u201d must be 2 or 3; ignored.']);
  assert.equal(u.gen, s.gen + 1, "the editor's fields are built again");
  assert.equal(reduce(u, { type: 'angle', target: 5, degrees: 90 }), u);
  const turned = act(u, { type: 'angle', target: 0, degrees: 90 });
  assert.deepEqual(turned.settings.associations[0].k, [0, 1]);
});

test('while a proposal is computed the view leaves the figure as the reader moved it; the answer, kept or refused, redraws it', async () => {
  const { ledgerView } = await import('../../web/src/demos/ledger/view.js');
  const drawn = [];
  const figure = {
    editor: { rows: [], msg: { firstChild: null, textContent: '' }, signature: 'x' },
    query: { freeFields: [], d: 2 },
    showNotices() {},
    update: (settings) => drawn.push(settings.featureMap),
  };
  const view = ledgerView(/** @type {any} */ ({}), /** @type {any} */ (figure), { say() {} });
  const start = settle(initialState({}, LIMIT));
  view(start);
  assert.deepEqual(drawn, ['identity']);
  // The reader picks elu + 1: the radio is already checked, and no draw of the old settings may
  // uncheck it while the core computes (under load that took long enough for a frame to pass).
  const asked = reduce(start, { type: 'featureMap', value: 'elu1' });
  view(asked);
  assert.deepEqual(drawn, ['identity'], 'nothing drawn while the proposal is pending');
  const answered = settle(asked);
  view(answered);
  assert.deepEqual(drawn, ['identity', 'elu1'], 'the answer is drawn');
  // A refusal draws the last good settings back over the control the reader moved.
  const again = reduce(answered, { type: 'featureMap', value: 'identity' });
  view(again);
  view(refusing(again));
  assert.deepEqual(drawn, ['identity', 'elu1', 'elu1'], 'the refusal puts the kept settings back on show');
});
