// Demo settings <-> URL/attribute text (web/src/hosts/shared/settings-codec.js): round trips, and what happens to
// unreadable or hostile text. Pure functions, no browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  SCHEMAS,
  decodeSettings,
  encodeSettings,
  toQuery,
  attributeName,
  settingOfAttribute,
} from '../../web/src/hosts/shared/settings-codec.js';

const STATES = {
  ledger: {
    d: 2,
    featureMap: 'elu1',
    step: 2,
    query: -1,
    freeQuery: [Math.SQRT1_2, -0.7071067811865475],
    associations: [
      { k: [1, 0], v: [3, 1] },
      { k: [0, 1], v: [-2, 4] },
      { k: [0.8, 0.6], v: [0, -5e-7] },
    ],
  },
  overcapacity: { d: 32, n: 40, keys: 'orthogonal', trials: 8, seed: 123456789, beta: 0.5, scale: 'log' },
  memory: {
    preset: 'custom',
    linear: false,
    tokens: 131072,
    sessions: 3,
    kvDtype: 'fp8',
    stateDtype: 'bf16',
    weightDtype: 'int4',
    gpu: 'custom',
    gpuCustom: '48.5',
    unit: 'decimal',
    yScale: 'linear',
    custom: { layers: [{ kind: 'attention', count: 32, kvHeads: 8, headDim: 128, window: 4096 }], params: 8e9 },
  },
};

/** What a browser would read back from the query we write. */
const viaQuery = (entries) => [...new URLSearchParams(toQuery(entries))];

for (const [demo, state] of Object.entries(STATES)) {
  test(`${demo}: every setting survives state -> query text -> state exactly`, () => {
    const entries = encodeSettings(demo, state);
    assert.deepEqual(entries.map(([k]) => k).sort(), Object.keys(state).sort());
    const back = decodeSettings(demo, viaQuery(entries));
    assert.deepEqual(back.notices, []);
    assert.deepEqual(back.state, state);
  });

  test(`${demo}: every setting has an attribute name that maps back to it`, () => {
    for (const key of Object.keys(SCHEMAS[demo])) {
      assert.equal(settingOfAttribute(demo, attributeName(key)), key, attributeName(key));
      assert.equal(
        settingOfAttribute(demo, key.toLowerCase()),
        key,
        `${key.toLowerCase()} (HTML lowercases attributes)`,
      );
    }
  });
}

test("the ledger's associations read as compact pairs or as JSON", () => {
  const compact = decodeSettings('ledger', [['associations', '1,0:3,1;0.8,0.6:0,-5']]);
  assert.deepEqual(compact.state.associations, [
    { k: [1, 0], v: [3, 1] },
    { k: [0.8, 0.6], v: [0, -5] },
  ]);
  const json = decodeSettings('ledger', [['associations', '[{"k":[1,0],"v":[3,1]}]']]);
  assert.deepEqual(json.state.associations, [{ k: [1, 0], v: [3, 1] }]);
});

test('unreadable values are dropped with a notice naming the setting; readable ones pass to the demo', () => {
  const { state, notices } = decodeSettings('overcapacity', [
    ['d', 'NaN'],
    ['n', '1e999'],
    ['beta', '<script>alert(1)</script>'],
    ['trials', '3'],
    ['seed', '99999999999999999999'],
  ]);
  assert.deepEqual(state, { trials: 3, seed: 1e20 }, "in range or not is the demo's call");
  assert.equal(notices.length, 3, notices.join('\n'));
  assert.match(notices[0], /“d” is not a number/);
  assert.match(notices[1], /“n” is too large/);
  assert.match(
    notices[2],
    /“beta” is not a number \(got “<script>alert\(1\)<\/script…”\)/,
    'quoted, cut to 24 characters',
  );
});

test('unknown names are listed (at most four, shortened), embed and protocol parameters are not', () => {
  const { state, notices } = decodeSettings('memory', [
    ['demo', 'memory'],
    ['childId', 'x'],
    ['theme', 'dark'],
    ['initialWidth', '600'],
    ['parentUrl', 'https://x'],
    ['<img src=x onerror=alert(1)>', '1'],
    ['b', '1'],
    ['c', '1'],
    ['d', '1'],
    ['e'.repeat(100), '1'],
    ['linear', 'maybe'],
  ]);
  assert.deepEqual(state, {});
  assert.equal(notices.length, 2, notices.join('\n'));
  assert.match(notices[0], /“linear” must be true or false/);
  assert.match(notices[1], /^Unknown settings “<img src=x onerror=alert\(1\)>”, “b”, “c”, “d” and 1 more ignored\.$/);
});

test('absurd input is bounded: long values and too many settings', () => {
  const long = decodeSettings('ledger', [['associations', '1,0:3,1;'.repeat(5000)]]);
  assert.deepEqual(long.state, {});
  assert.match(long.notices[0], /too long \(40000 characters\)/);
  const many = decodeSettings(
    'ledger',
    Array.from({ length: 100 }, () => ['step', '1']),
  );
  assert.ok(many.notices.some((n) => /Too many settings/.test(n)));
});

test('booleans: empty (a bare attribute), true/false, 1/0', () => {
  for (const [text, value] of [
    ['', true],
    ['true', true],
    ['1', true],
    ['false', false],
    ['0', false],
    ['FALSE', false],
  ]) {
    assert.equal(decodeSettings('memory', [['linear', text]]).state.linear, value, JSON.stringify(text));
  }
});

test('the query text keeps , : ; readable and escapes what would break a URL or an attribute', () => {
  const q = toQuery([
    ['associations', '1,0:3,1;0,1:-2,4'],
    ['preset', 'a&b=c#d "<>\''],
  ]);
  assert.equal(q, "associations=1,0:3,1;0,1:-2,4&preset=a%26b%3Dc%23d%20%22%3C%3E'");
});
