// The figures' position scales (web/src/lib/plot/scale.js): a value to a position along a range,
// linear or logarithmic, and back.
import test from 'node:test';
import assert from 'node:assert/strict';
import { linearScale, logScale } from '../../web/src/lib/plot/scale.js';

/** |got − want| ≤ tol, saying by how much when not. */
function near(got, want, tol = 1e-9, what = '') {
  assert.ok(Math.abs(got - want) <= tol, `${what}: expected ${want}, got ${got} (off by ${got - want})`);
}

test('a linear scale maps the domain’s ends to the range’s ends and its middle to the middle', () => {
  const x = linearScale([0, 1024], [50, 650]);
  assert.equal(x(0), 50);
  assert.equal(x(1024), 650);
  assert.equal(x(512), 350);
  assert.equal(x(256), 200);
  assert.equal(x(2048), 1250, 'past the domain: no clamping');
  assert.deepEqual(x.domain, [0, 1024]);
  assert.deepEqual(x.range, [50, 650]);
});

test('a linear scale computes r0 + (v − d0) / (d1 − d0) · (r1 − r0), the figures’ own formula', () => {
  const [d0, d1, r0, r1] = [-0.37, 1, 22, 234];
  const y = linearScale([d0, d1], [r0, r1]);
  for (const v of [-0.37, -0.1, 0, 0.3, 0.77, 1]) assert.equal(y(v), r0 + ((v - d0) / (d1 - d0)) * (r1 - r0));
});

test('a reversed range runs upwards, as y does in SVG', () => {
  const y = linearScale([0, 1], [234, 22]); // bottom 234, top 22
  assert.equal(y(0), 234);
  assert.equal(y(1), 22);
  assert.equal(y(0.5), 128);
  near(y(0.25), 22 + (1 - 0.25) * 212, 1e-12, 'as top + (1 − v) · height');
  const down = linearScale([1, -0.5], [22, 234]); // a reversed domain, the same direction
  assert.equal(down(1), 22);
  assert.equal(down(-0.5), 234);
});

test('a log scale puts a ratio’s logarithm along the range, in any base', () => {
  const x = logScale([1, 1024], [0, 100]);
  assert.equal(x(1), 0);
  assert.equal(x(1024), 100);
  assert.equal(x(32), 50, '2⁵ halfway to 2¹⁰');
  near(x(2), 10, 1e-12, '2¹ at a tenth');
  near(x(4), 20, 1e-12, '2² at two tenths');
  const t = logScale([1e3, 1e7], [70, 670]); // the memory chart's context axis, 1K to 10M tokens
  near(t(1e5), 370, 1e-9, '10⁵ halfway');
  near(t(1e4), 220, 1e-9, '10⁴ a quarter along');
  near(t(8192), 70 + ((Math.log10(8192) - 3) / 4) * 600, 1e-9, 'as log10 differences');
  const y = logScale([1, 1e6], [200, 0]); // reversed range
  near(y(1e3), 100, 1e-9, '10³ halfway up');
});

test('invert takes a position back to its value, linear and log', () => {
  const x = linearScale([0, 1024], [50, 650]);
  for (const v of [0, 1, 333.25, 1024, -10]) near(x.invert(x(v)), v, 1e-9, `linear ${v}`);
  assert.equal(x.invert(350), 512);
  const y = linearScale([0, 1], [234, 22]);
  for (const v of [0, 0.1, 0.5, 1]) near(y.invert(y(v)), v, 1e-12, `reversed ${v}`);
  const l = logScale([1, 1024], [50, 650]);
  for (const v of [1, 2, 3, 100, 1024]) near(l.invert(l(v)), v, 1e-9 * v, `log ${v}`);
  near(l.invert(350), 32, 1e-12, 'the middle is 2⁵');
  near(l.invert(50 - 60), 2 ** -1, 1e-12, 'left of the range: below d0');
});

test('a domain of one value puts every value at the range’s middle and inverts to that value', () => {
  const x = linearScale([0, 0], [50, 650]);
  assert.equal(x(0), 350);
  assert.equal(x(7), 350);
  assert.equal(x.invert(123), 0);
  const l = logScale([8, 8], [0, 100]);
  assert.equal(l(8), 50);
  assert.equal(l.invert(10), 8);
  assert.equal(linearScale([0, 1], [40, 40]).invert(40), 0, 'a range of one position inverts to d0');
});
