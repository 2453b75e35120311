// The overcapacity demo's answers as pure functions (reduce.js, requests.js, store-pace.js): the
// capacity panel's numbers and the store at N held in the state, and what the state asks for
// next, fed with the core's own numbers (the calls the executors would make, made here).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLinattn } from '../../wasm/index.mjs';
import { createReducer, initialState } from '../../web/src/demos/overcapacity/reduce.js';
import { requests, capacityParams, storeParams } from '../../web/src/demos/overcapacity/requests.js';
import { capacityCalls, capacityEntry, runStore } from '../../web/src/demos/overcapacity/scheduler/core-work.js';
import { viewOf } from '../../web/src/demos/overcapacity/view.js';
import { capacityKey, storeKey } from '../../web/src/demos/overcapacity/state.js';

const la = await createLinattn();
const check = (params) => la.checkSweep(params);
const reduce = createReducer(check);
const calls = (state) => requests(state).map((r) => r.key.split('|')[0]);
const ask = (state, call) => requests(state).find((r) => r.call === call);

/** The capacity panel's first `count` lines for these settings, from the core. */
function capacityLines(s, count) {
  const out = [];
  for (const call of capacityCalls(la, capacityParams(s))) {
    out.push(capacityEntry(call, la.capacity(call.opts)));
    if (out.length === count) break;
  }
  return out;
}

test('the capacity numbers stream into the state; once complete they are not asked again', () => {
  const start = initialState({ trials: 2 }, check);
  const request = ask(start, 'capacity');
  assert.deepEqual(request, {
    key: `capacity|${capacityKey(start.settings)}`,
    on: 'pool',
    call: 'capacity',
    args: capacityParams(start.settings),
  });
  const lines = capacityLines(start.settings, 2);
  assert.ok(lines[0].capacityMean > 0 && Number.isFinite(lines[0].theory), JSON.stringify(lines[0]));
  const part = reduce(start, {
    type: 'answer',
    key: request.key,
    value: { results: lines.slice(0, 1), complete: false },
  });
  assert.equal(viewOf(part).capacity.results[0].capacityMean, lines[0].capacityMean);
  assert.ok(calls(part).includes('capacity'), 'still streaming: still asked for');
  const whole = reduce(part, {
    type: 'answer',
    key: request.key,
    value: { results: lines, complete: true },
    done: true,
  });
  assert.deepEqual(viewOf(whole).capacity.results, lines);
  assert.equal(calls(whole).includes('capacity'), false);
  // Another measure: the panel has no numbers for it yet and asks for them.
  const recall = reduce(whole, { type: 'propose', changes: { measure: 'recall' } });
  assert.equal(viewOf(recall).capacity, null);
  assert.equal(ask(recall, 'capacity').args.measure, 'recall');
});

test('a refused capacity call says why and is not asked again at the same settings', () => {
  const start = initialState(undefined, check);
  const { key } = ask(start, 'capacity');
  const failed = reduce(start, { type: 'answer', key, error: new Error('over budget'), done: true });
  assert.equal(failed.message, 'over budget');
  assert.equal(failed.failed, 'capacity');
  assert.equal(calls(failed).includes('capacity'), false);
});

test('a settings slider that moves keeps the work asked before it and asks for its own once it rests', () => {
  const start = initialState(undefined, check);
  const before = ask(start, 'capacity').key;
  const moving = reduce(start, { type: 'slide', changes: { gate: 0.9 } });
  assert.equal(moving.resting, true);
  assert.equal(ask(moving, 'capacity').key, before, 'the numbers asked for before go on');
  assert.ok(calls(moving).includes('rest'));
  assert.equal(viewOf(moving).waiting, true);
  const rest = ask(moving, 'rest');
  const rested = reduce(moving, { type: 'answer', key: rest.key, value: true, done: true });
  assert.equal(rested.resting, false);
  assert.equal(ask(rested, 'capacity').args.gate, 0.9);
  assert.equal(calls(rested).includes('rest'), false);
  // A rest counted for an older move is no rest.
  const moved = reduce(moving, { type: 'slide', changes: { gate: 0.8 } });
  assert.equal(reduce(moved, { type: 'answer', key: rest.key, value: true, done: true }), moved);
});

test('a quick store is asked of the pool and shown with the core’s numbers; a cheap one on the page', () => {
  const start = initialState({ d: 256, n: 64 }, check);
  const request = ask(start, 'store');
  assert.equal(request.on, 'pool');
  assert.deepEqual(request.args, storeParams(start.settings));
  assert.deepEqual(start.store.note, { kind: 'pending', n: 64 });
  const value = runStore(la, request.args);
  const shown = reduce(start, { type: 'answer', key: request.key, value, done: true });
  assert.equal(shown.store.shown.result, value);
  assert.equal(shown.store.shown.key, storeKey(shown.settings));
  assert.match(shown.store.shown.label, /trial 1 of seed \d+, .*softmax \u03b2 = 8$/);
  assert.equal(shown.store.note, null);
  assert.equal(calls(shown).includes('store'), false);
  assert.ok(value.cosine.length === 64 && value.cosine.every((c) => c > 0 && c <= 1 + 1e-9));
  const cheap = reduce(shown, { type: 'n', n: 8 });
  assert.equal(ask(cheap, 'store').on, 'page');
});

test('an older store that arrives while the slider’s N waits is shown with the note that it waits', () => {
  const asked = initialState({ d: 256, n: 64 }, check);
  const older = ask(asked, 'store');
  const moved = reduce(asked, { type: 'n', n: 600 });
  assert.deepEqual(moved.store.note, { kind: 'waiting', n: 600 });
  assert.deepEqual(calls(moved), ['sweep', 'capacity', 'store', 'settle'], 'the store of N = 64 still computes');
  const value = runStore(la, older.args);
  const shown = reduce(moved, { type: 'answer', key: older.key, value, done: true });
  assert.equal(shown.store.shown.result.n, 64);
  assert.deepEqual(shown.store.note, { kind: 'waiting', n: 600 });
  // The N slider has rested: N = 600 is asked for, and said to compute.
  const settle = ask(shown, 'settle');
  const pending = reduce(shown, { type: 'answer', key: settle.key, value: true, done: true });
  assert.deepEqual(pending.store.note, { kind: 'pending', n: 600 });
  assert.equal(ask(pending, 'store').args.n, 600);
  const failed = reduce(pending, {
    type: 'answer',
    key: ask(pending, 'store').key,
    error: new Error('no'),
    done: true,
  });
  assert.equal(failed.message, 'no');
  assert.equal(failed.want, null);
});

test('a settings slider that comes back to the store shown says nothing of a store to come', () => {
  const asked = initialState({ d: 256, n: 64 }, check);
  const request = ask(asked, 'store');
  const shown = reduce(asked, { type: 'answer', key: request.key, value: runStore(la, request.args), done: true });
  assert.equal(shown.store.note, null);
  // Dragged away: the store of the new settings waits for the rest, and the panel says so...
  const away = reduce(shown, { type: 'slide', changes: { gate: 0.9 } });
  assert.deepEqual(away.store.note, { kind: 'settings', n: 64 });
  // ...and back where it started, then at rest: the store shown is the one of these settings.
  const back = reduce(away, { type: 'slide', changes: { gate: shown.settings.gate } });
  const rested = back.resting ? reduce(back, { type: 'rest' }) : back;
  assert.equal(rested.store.shown.key, storeKey(rested.settings));
  assert.equal(rested.store.note, null, 'no note of a store to come');
  assert.equal(rested.want, null);
  assert.equal(calls(rested).includes('store'), false);
});

test('a refused sweep goes back to the settings before it and asks for their sweep', () => {
  const start = initialState(undefined, check);
  const wider = reduce(start, { type: 'propose', changes: { beta: 32 } });
  const refused = reduce(wider, { type: 'answer', key: ask(wider, 'sweep').key, error: new Error('too much') });
  assert.equal(refused.settings.beta, 8);
  assert.match(refused.message, /^The core refused these settings: too much\. Went back/);
  assert.equal(ask(refused, 'sweep').args.params.beta, 8);
});
