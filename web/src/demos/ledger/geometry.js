// Geometry of the drawing only (where a handle sits, which key a drag asks for). These angles place
// handles on the screen and build the key the reader points at; the model's numbers (overlaps,
// reads, stamps) all come from the core.

const DEG = Math.PI / 180;

/** Direction of a 2-D vector in whole-circle degrees [0, 360). */
export function angleOf(v) {
  const a = Math.atan2(v[1], v[0]) / DEG;
  return a < 0 ? a + 360 : a;
}

/** The unit key at `deg` degrees; exact on the axes so perpendicular keys stay exactly perpendicular. */
export function unitAt(deg) {
  const a = (((Math.round(deg * 1e6) / 1e6) % 360) + 360) % 360;
  if (a === 0) return [1, 0];
  if (a === 90) return [0, 1];
  if (a === 180) return [-1, 0];
  if (a === 270) return [0, -1];
  return [Math.cos(a * DEG), Math.sin(a * DEG)];
}

/** Keyboard step from the current angle: whole degrees, so 36.87° + 1 goes to 37°, − 1 to 36°. */
export function stepAngle(deg, by) {
  const whole = Math.abs(deg - Math.round(deg)) < 1e-6;
  const base = whole ? Math.round(deg) : by > 0 ? Math.floor(deg) : Math.ceil(deg);
  return (((base + by) % 360) + 360) % 360;
}

/** Length of a vector for drawing (to place its arrow tip in the picture). */
export function drawLength(v) {
  return Math.hypot(v[0], v[1]);
}
