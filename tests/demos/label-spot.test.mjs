// Labels at arrows' tips (web/src/lib/plot/label-spot.js): beyond the tip when that is free, turned
// aside when another mark or label is there, inside the drawing, in order.
import test from 'node:test';
import assert from 'node:assert/strict';
import { arrowSegments, boxMeetsSegment, placeLabels, segmentMeetsBox } from '../../web/src/lib/plot/label-spot.js';

const HEAD = { length: 10, halfWidth: 5, overshoot: 1, pad: 2 };
const HALF = [10, 8];
const boxOf = ([x, y]) => [x - HALF[0], y - HALF[1], x + HALF[0], y + HALF[1]];

test('a box meets a segment that crosses it or passes within its pad, not one that passes by', () => {
  const box = [0, 0, 10, 10];
  assert.equal(boxMeetsSegment(box, { a: [-5, 5], b: [15, 5] }), true, 'through');
  assert.equal(boxMeetsSegment(box, { a: [2, 2], b: [3, 3] }), true, 'inside');
  assert.equal(boxMeetsSegment(box, { a: [-5, 12], b: [15, 12] }), false, '2 below');
  assert.equal(boxMeetsSegment(box, { a: [-5, 12], b: [15, 12], pad: 3 }), true, '2 below, pad 3');
  assert.equal(boxMeetsSegment(box, { a: [12, -5], b: [30, -20] }), false, 'beside, going away');
  assert.equal(boxMeetsSegment(box, { a: [-10, 0], b: [0, -10] }), false, 'past the corner');
  assert.equal(boxMeetsSegment(box, { a: [-5, 6], b: [6, -5] }), true, 'across the corner');
});

test('a free label sits beyond its tip, along its arrow, the gap away', () => {
  const [right] = placeLabels([{ at: [50, 0], dir: [1, 0], half: HALF }], { gap: 4 });
  assert.deepEqual(right, [64, 0]);
  const [up] = placeLabels([{ at: [0, -50], dir: [0, -1], half: HALF }], { gap: 4 });
  assert.deepEqual(up.map(Math.round), [0, -62]);
  const [none] = placeLabels([{ at: [0, 0], dir: [0, 0], half: HALF }], { gap: 4 });
  assert.deepEqual(none.map(Math.round), [0, -12], 'no direction: above');
});

test('a label turns aside from a mark beyond its tip, from a label already placed, and from the edge', () => {
  const tip = [50, 0];
  const wall = { a: [60, -30], b: [60, 30], pad: 2 };
  const [spot] = placeLabels([{ at: tip, dir: [1, 0], half: HALF }], { segments: [wall], gap: 4 });
  assert.equal(boxMeetsSegment(boxOf(spot), wall), false, `off the wall (${spot})`);
  assert.ok(spot[0] < 60, 'on this side of it');

  const two = placeLabels(
    [
      { at: [50, 0], dir: [1, 0], half: HALF },
      { at: [50, 2], dir: [1, 0], half: HALF },
    ],
    { gap: 4 },
  );
  const [a, b] = two.map(boxOf);
  assert.ok(a[2] <= b[0] || b[2] <= a[0] || a[3] <= b[1] || b[3] <= a[1], `apart: ${two.join(' | ')}`);
  assert.deepEqual(two[0], [64, 0], 'the first keeps its spot');

  const [edge] = placeLabels([{ at: [90, 0], dir: [1, 0], half: HALF }], { bounds: [-100, -100, 100, 100], gap: 4 });
  const e = boxOf(edge);
  assert.ok(e[0] >= -100 && e[2] <= 100 && e[1] >= -100 && e[3] <= 100, `inside (${edge})`);
});

test('an arrow as marks: its shaft and the three sides of its head, overshooting the tip', () => {
  const segs = arrowSegments([0, 0], [100, 0], HEAD);
  assert.equal(segs.length, 4);
  assert.deepEqual(segs[0], { a: [0, 0], b: [100, 0], pad: 2 });
  assert.deepEqual(segs[1].a, [101, 0]);
  assert.deepEqual(segs[1].b, [90, 5]);
  assert.deepEqual(segs[2].b, [90, -5]);
  assert.deepEqual(arrowSegments([3, 3], [3, 3], HEAD), [], 'a zero arrow has no marks');
  // Its own head does not push a label off its tip; another arrow's head does.
  const [own] = placeLabels([{ at: [100, 0], dir: [1, 0], half: HALF }], { segments: segs, gap: 4 });
  assert.deepEqual(own, [114, 0]);
  const other = arrowSegments([200, 0], [116, 0], HEAD);
  const [aside] = placeLabels([{ at: [100, 0], dir: [1, 0], half: HALF }], { segments: [...segs, ...other], gap: 4 });
  assert.ok(!other.some((s) => boxMeetsSegment(boxOf(aside), s)), `off the other head (${aside})`);
});

/** A reference that shares nothing with the clipper: an end inside the box, or a crossing of one of
 *  its four sides (orientation tests). */
function crossesBox(a, b, { l, t, r, b: bottom }) {
  const inside = ([x, y]) => x >= l && x <= r && y >= t && y <= bottom;
  if (inside(a) || inside(b)) return true;
  const turn = (p, q, s) => Math.sign((q[0] - p[0]) * (s[1] - p[1]) - (q[1] - p[1]) * (s[0] - p[0]));
  const cross = (p, q, s, u) => turn(p, q, s) * turn(p, q, u) <= 0 && turn(s, u, p) * turn(s, u, q) <= 0;
  const corners = [
    [l, t],
    [r, t],
    [r, bottom],
    [l, bottom],
  ];
  return corners.some((c, k) => cross(a, b, c, corners[(k + 1) % 4]));
}

test("segmentMeetsBox, the placers' form ({ l, t, r, b } boxes), agrees with a crossing test", () => {
  let seed = 7;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return (seed / 2147483648) * 40 - 10;
  };
  let meets = 0;
  for (let k = 0; k < 2000; k += 1) {
    const [a, b] = [
      [rand(), rand()],
      [rand(), rand()],
    ];
    const [x, y] = [rand(), rand()];
    const box = { l: x, t: y, r: x + 0.5 + Math.abs(rand()) / 2, b: y + 0.5 + Math.abs(rand()) / 2 };
    const expected = crossesBox(a, b, box);
    assert.equal(segmentMeetsBox(a, b, box), expected, `${a} ${b} ${JSON.stringify(box)}`);
    assert.equal(boxMeetsSegment([box.l, box.t, box.r, box.b], { a, b }), expected);
    meets += expected ? 1 : 0;
  }
  assert.ok(meets > 200 && meets < 1800, `both answers are tried (${meets} of 2000 meet)`);
  // a vertical segment along the box's edge meets it; one a hair outside does not
  assert.equal(segmentMeetsBox([0, -5], [0, 5], { l: 0, t: 0, r: 4, b: 4 }), true);
  assert.equal(segmentMeetsBox([-1e-9, -5], [-1e-9, 5], { l: 0, t: 0, r: 4, b: 4 }), false);
});
