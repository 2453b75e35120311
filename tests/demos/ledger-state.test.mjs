// The ledger's state module (web/src/demos/ledger/state.js) is pure: settings in, settings and
// notices out, no core and no DOM. What it accepts, what it names and ignores, and how d changes.
import test from 'node:test';
import assert from 'node:assert/strict';
import {
  exampleState,
  cloneState,
  mergeState,
  resize,
  newAssociation,
  isZeroVector,
  MAX_ASSOCIATIONS,
} from '../../web/src/demos/ledger/state.js';

const LIMIT = 1e6;

test('the example is the chapter worked example, and clones share nothing', () => {
  const s = exampleState();
  assert.equal(s.d, 2);
  assert.deepEqual(s.associations[0], { k: [1, 0], v: [3, 1] });
  assert.equal(s.step, 3);
  const c = cloneState(s);
  c.associations[0].k[0] = 9;
  c.freeQuery[0] = 9;
  assert.equal(s.associations[0].k[0], 1);
  assert.equal(s.freeQuery[0], 0.6);
});

test('mergeState takes valid fields and names every ignored one', () => {
  const { state, notices } = mergeState(exampleState(), { step: 1, featureMap: 'elu1', nope: 2 }, LIMIT);
  assert.equal(state.step, 1);
  assert.equal(state.featureMap, 'elu1');
  assert.deepEqual(notices, ['Unknown setting \u201cnope\u201d ignored.']);
  const bad = mergeState(exampleState(), { d: 4, step: 9, featureMap: 'relu', query: 7, freeQuery: [1] }, LIMIT);
  assert.deepEqual(bad.state, exampleState(), 'nothing invalid gets in');
  assert.equal(bad.notices.length, 5);
  assert.match(bad.notices.join(' '), /\u201cd\u201d must be 2 or 3/);
  assert.deepEqual(mergeState(exampleState(), 'x', LIMIT).notices, [
    'The demo settings were not an object and were ignored.',
  ]);
});

test('associations: zero keys, values over the limit and too many are refused', () => {
  const one = { k: [1, 0], v: [1, 1] };
  for (const associations of [
    [{ k: [0, 0], v: [1, 1] }],
    [{ k: [1, 0], v: [2e6, 1] }],
    new Array(MAX_ASSOCIATIONS + 1).fill(one),
    [{ k: [1, Number.NaN], v: [1, 1] }],
  ]) {
    const { state, notices } = mergeState(exampleState(), { associations }, LIMIT);
    assert.equal(state.associations.length, 3, 'the example stays');
    assert.match(notices[0], /associations/);
  }
  const { state } = mergeState(exampleState(), { associations: [one], step: 1, query: 0 }, LIMIT);
  assert.deepEqual(state.associations, [one]);
  assert.equal(state.step, 1);
});

test('changing d pads or cuts the ledger and drops keys left without a direction', () => {
  const to3 = mergeState(exampleState(), { d: 3 }, LIMIT).state;
  assert.deepEqual(to3.associations[0], { k: [1, 0, 0], v: [3, 1, 0] });
  assert.deepEqual(to3.freeQuery, [0.6, 0.8, 0]);
  const three = { ...exampleState(), d: 3, associations: [{ k: [0, 0, 1], v: [1, 2, 3] }, newAssociation(3, 0)] };
  const back = mergeState(three, { d: 2 }, LIMIT);
  assert.deepEqual(back.state.associations, [{ k: [1, 0], v: [1, 1] }]);
  assert.match(back.notices[0], /dropped/);
  assert.deepEqual(resize([1, 2, 3], 2), [1, 2]);
  assert.deepEqual(resize([1], 3), [1, 0, 0]);
  assert.ok(isZeroVector([0, -0]));
  assert.deepEqual(newAssociation(2, 3), { k: [0, 1], v: [1, 1] });
});

test("the reader's edits (edits.js): pages, remove, add, d", async () => {
  const { stepTo, removeAssociation, addAssociation, changeDim } = await import('../../web/src/demos/ledger/edits.js');
  const s = exampleState();
  stepTo(s, 'back');
  assert.equal(s.step, 2);
  stepTo(s, 99);
  assert.equal(s.step, 3, 'clamped to the number of writes');
  stepTo(s, 'forward');
  assert.equal(s.step, 3);
  s.query = 2;
  removeAssociation(s, 0);
  assert.deepEqual([s.associations.length, s.step, s.query], [2, 2, 1], 'page and read follow the removal');
  addAssociation(s);
  assert.deepEqual([s.associations.length, s.step], [3, 3], 'a ledger shown in full stays in full');
  assert.deepEqual(s.associations[2], { k: [1, 0], v: [1, 1] });
  const t = { ...exampleState(), d: 3, associations: [{ k: [0, 0, 2], v: [1, 1, 1] }], step: 1, query: 0 };
  assert.deepEqual(changeDim(t, 2), [0], 'the key along the third axis is dropped');
  assert.deepEqual([t.associations.length, t.step, t.query], [0, 0, -1]);
});

test('associations without a step open with every write applied, whatever their count', () => {
  for (let n = 0; n <= MAX_ASSOCIATIONS; n++) {
    const associations = Array.from({ length: n }, (_, i) => newAssociation(2, i));
    const { state, notices } = mergeState(exampleState(), { associations }, LIMIT);
    assert.deepEqual(notices, []);
    assert.equal(state.step, n, `${n} associations`);
  }
  // A step that comes with them is kept; the chapter's example opens at its three writes.
  const one = newAssociation(2, 0);
  assert.equal(mergeState(exampleState(), { associations: [one, one, one, one], step: 1 }, LIMIT).state.step, 1);
  assert.equal(mergeState(exampleState(), {}, LIMIT).state.step, 3);
  // Rejected associations leave the page where it was.
  const bad = mergeState({ ...exampleState(), step: 2 }, { associations: 'x' }, LIMIT);
  assert.equal(bad.state.step, 2);
});

test('notices speak of keys and values and their range, not of code', () => {
  const { notices } = mergeState(exampleState(), { associations: [{ k: [2e6, 0], v: [1, 1] }], freeQuery: [1] }, LIMIT);
  assert.equal(
    notices[0],
    'Setting \u201cassociations\u201d must list up to 8 pairs of a key and a value, 2 numbers each, between \u22121e6 and 1e6, with no key all zeros; ignored.',
  );
  assert.equal(notices[1], 'Setting \u201cfreeQuery\u201d must be 2 numbers between \u22121e6 and 1e6; ignored.');
  for (const n of notices) assert.doesNotMatch(n, /[{}[\]]|got |inf\b|NaN/);
});
