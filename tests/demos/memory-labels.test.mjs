// Where the memory chart's words go (web/src/demos/memory/render-line-labels.js): a label beside a
// line keeps clear of it over the whole width it takes, above or below, however steeply the line
// climbs under it. Positions in viewBox units, worked out by hand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { besideLine, yRange } from '../../web/src/demos/memory/render-line-labels.js';

// a line climbing from (0, 200) to (100, 100), then flat to (200, 100) (y grows downwards)
const line = [
  [0, 200],
  [100, 100],
  [200, 100],
];

test('yRange: the highest and lowest points of a line over a span, its ends interpolated', () => {
  assert.deepEqual(yRange(line, 50, 150), [100, 150]);
  assert.deepEqual(yRange(line, 150, 200), [100, 100]);
  assert.deepEqual(yRange(line, 0, 20), [180, 200]);
});

test('besideLine: above the line at its highest over the label, or below it at its lowest', () => {
  // a label 100 wide ending at x = 150 spans 50..150: the line runs from y 150 up to y 100 there
  const fs = 10;
  const [above, below] = besideLine(line, { right: 150, w: 100, fs });
  assert.equal(above.anchor, 'end');
  assert.equal(above.x, 150);
  // above: its descent (2.5) and 3 of room and 1 more clear the line's highest point (y 100)
  assert.equal(above.y, 100 - 3 - 2.5 - 1);
  // below: its ascent (8.5) and 3 + 1 clear the line's lowest point over the span (y 150), not
  // the line at the label's anchor (y 100): a steep line no longer runs through the label's left end
  assert.equal(below.y, 150 + 3 + 8.5 + 1);
  const [first] = besideLine(line, { left: 0, w: 20, fs, below: true });
  assert.equal(first.anchor, 'start');
  assert.equal(first.y, 200 + 3 + 8.5 + 1, 'below first when asked');
});
