// The overcapacity demo's state (web/src/demos/overcapacity/reduce.js): a pure reducer of named
// actions, against the core's own ranges and work budget (la.checkSweep).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLinattn } from '../../wasm/index.mjs';
import { createReducer, initialState } from '../../web/src/demos/overcapacity/reduce.js';
import { DEFAULTS } from '../../web/src/demos/overcapacity/state.js';

const la = await createLinattn();
const check = (params) => la.checkSweep(params);
const reduce = createReducer(check);
const start = initialState(undefined, check);

test('the first state is the defaults, or a link merged into them with what it ignored said', () => {
  assert.deepEqual(start.settings, { ...DEFAULTS });
  const linked = initialState({ d: 128, bogus: 1 }, check);
  assert.equal(linked.settings.d, 128);
  assert.equal(linked.settings.n, 192, 'N follows d at the same load');
  assert.match(linked.notice.join(' '), /Ignored unknown setting: bogus/);
});

test('N moves alone; the same N is no change', () => {
  const next = reduce(start, { type: 'n', n: 40 });
  assert.equal(next.settings.n, 40);
  assert.equal(next.settings.d, 64);
  assert.equal(reduce(next, { type: 'n', n: 40 }), next);
});

test('a change of sweep keeps the settings before it as the fallback; a refusal goes back to them', () => {
  const scaled = reduce(start, { type: 'propose', changes: { scale: 'log' } });
  assert.equal(scaled.fallback, start.fallback, 'the axis scale is no change of sweep');
  const wider = reduce(scaled, { type: 'slide', changes: { beta: 32 } });
  assert.equal(wider.fallback.beta, 8);
  const back = reduce(wider, { type: 'refused', message: 'too much work' });
  assert.equal(back.settings.beta, 8);
  assert.equal(back.settings.scale, 'log', 'the scale stays as the reader set it');
  assert.match(back.message, /^The core refused these settings: too much work\. Went back/);
});

test("a typed field's refused text keeps the value and says why under the field; a good one clears it", () => {
  const bad = reduce(start, { type: 'typed', name: 'trials', text: 'abc' });
  assert.equal(bad.settings, start.settings);
  assert.match(bad.field.trials, /whole number.*Kept 8\.$/);
  const good = reduce(bad, { type: 'typed', name: 'trials', text: '16' });
  assert.equal(good.settings.trials, 16);
  assert.equal(good.field.trials, '');
  assert.equal(reduce(good, { type: 'typed', name: 'trials', text: '16' }), good, 'the same value: no change');
});

test('settings from outside are merged with a notice; the Settings disclosure opens once', () => {
  const updated = reduce(start, { type: 'update', settings: { d: 9 } });
  assert.equal(updated.settings.d, 64);
  assert.match(updated.notice.join(' '), /Ignored d/);
  const open = reduce(start, { type: 'settings', open: true });
  assert.equal(open.settings.settings, true);
  assert.equal(reduce(open, { type: 'settings', open: true }), open);
  assert.equal(reduce(start, { type: 'failed', message: 'store failed' }).message, 'store failed');
  assert.equal(reduce(start, { type: 'unknown' }), start);
});

test("a new sample's seed clears the seed field's message; other changes keep it", () => {
  const bad = reduce(start, { type: 'typed', name: 'seed', text: '-1' });
  assert.match(bad.field.seed, /whole number/);
  assert.equal(reduce(bad, { type: 'propose', changes: { d: 32 } }).field.seed, bad.field.seed);
  const fresh = reduce(bad, { type: 'propose', changes: { seed: 12345 } });
  assert.equal(fresh.settings.seed, 12345);
  assert.equal(fresh.field.seed, '');
});
