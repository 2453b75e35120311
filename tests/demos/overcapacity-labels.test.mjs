// Where the overcapacity chart's words go (web/src/demos/overcapacity/chart-labels.js): curves that
// end within a line of each other share one name, a name keeps off every curve, line and earlier
// word, takes shorter words where the whole name has no room, and is left out where nothing is free.
//   node --test tests/demos/overcapacity-labels.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { aboveOrBelow, endGroups, placeLabels, widthOf } from '../../web/src/demos/overcapacity/chart-labels.js';

const FS = 12.5;
const AREA = { l: 50, t: 2, r: 600, b: 250 };
/** A label's box as placeLabels keeps it (without its padding). */
const box = (p) => ({ l: p.anchor === 'end' ? p.x - p.w : p.x, r: p.anchor === 'end' ? p.x : p.x + p.w });

test('curves ending within a line of each other share one name, named in the order given', () => {
  const groups = endGroups(
    [
      { name: ['linear', 'cosine'], y: 140, cls: 'a' },
      { name: ['linear', 'recall'], y: 80, cls: 'b' },
      { name: ['', 'theory'], y: 142, cls: 'c' },
      { name: ['softmax \u03b2 = 8', 'cosine'], y: 22, cls: 'd' },
      { name: ['softmax \u03b2 = 8', 'recall'], y: 22, cls: 'e' },
    ],
    FS + 4,
  );
  assert.deepEqual(
    groups.map((g) => g.texts),
    [
      ['softmax \u03b2 = 8: cosine, recall', 'softmax \u03b2 = 8'],
      ['linear: recall'],
      ['linear: cosine \u2248 theory'],
    ],
  );
  assert.deepEqual(
    groups.map((g) => g.keys),
    [[3, 4], [1], [0, 2]],
  );
});

test('a name sits above its curve, off the other curves, and the next one goes elsewhere', () => {
  const flat = [
    [50, 100],
    [600, 100],
  ];
  const [first, second] = placeLabels(
    [
      { texts: ['curve'], fs: FS, places: (w) => aboveOrBelow([flat], [598], w, FS) },
      { texts: ['again'], fs: FS, places: (w) => aboveOrBelow([flat], [598], w, FS) },
    ],
    { lines: [flat], area: AREA },
  );
  assert.ok(first.y < 100, `above the curve: baseline ${first.y}`);
  assert.ok(first.y + 0.25 * FS < 100, 'its descent clears the curve');
  assert.ok(second.y > 100, `the second, below it: ${second.y}`);
  assert.equal(box(first).r, 598);
});

test('a line through every place of the whole name: the shorter words, else nothing', () => {
  const curve = [
    [50, 100],
    [600, 100],
  ];
  const wall = [
    [560, 0],
    [560, 300],
  ];
  const long = 'a name far too long to fit';
  assert.ok(widthOf(long, FS) > 40, 'the whole name is wider than the room right of the line');
  const [short] = placeLabels([{ texts: [long, 'ok'], fs: FS, places: (w) => aboveOrBelow([curve], [598], w, FS) }], {
    lines: [curve, wall],
    area: AREA,
  });
  assert.equal(short.text, 'ok');
  assert.ok(box(short).l > 560, 'right of the line');
  const [none] = placeLabels(
    [{ texts: [long], fs: FS, places: (w) => aboveOrBelow([curve], [598], w, FS), optional: true }],
    { lines: [curve, wall], area: AREA },
  );
  assert.equal(none, null, 'left out rather than written over the line');
});
