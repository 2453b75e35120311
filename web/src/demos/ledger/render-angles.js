// The angle table beside the planes: from the key being read to every other key, the angle and the
// overlap φ(q)·φ(kᵢ), both from the core (view.anglesFromQuery, view.overlaps) and both taken
// between the features φ (under elu+1 the raw keys' angle would sit beside an overlap it does not
// explain). A query with no direction (zero) has no angle: the core gives NaN, shown as "—".
// Built when its rows change; a drag rewrites only its numbers.
import { h, replace, setText } from '../../lib/dom.js';
import { formatNumber } from './format.js';

/** Fills plane.angles for `state` and `view` (nameOf(i): the key's name, -1 the free query's). */
export function renderAngles(plane, state, view, nameOf) {
  // Angles from the key being read to every other key, and the overlap φ(q)·φ(kᵢ): both from the core.
  const from = state.query;
  if (state.associations.length < 2 && from !== -1) {
    replace(plane.angles);
    plane.angleShape = '';
    return;
  }
  const others = state.associations.map((_, i) => i).filter((i) => i !== from);
  const overlapOf = (i) => {
    if (from >= 0) return view.overlaps[from][i];
    if (view.query && i < state.step) return view.query.coefficients[i];
    return null;
  };
  const phi = view.normalized;
  const many = state.associations.length > 2;
  // No direction: a query of zeros under the identity map (φ(0) = 0; under elu+1, φ(0) = (1, …, 1)
  // has one). The core gives NaN for its angles.
  const q = from >= 0 ? state.associations[from].k : state.freeQuery;
  const pointless = !view.normalized && q.every((x) => x === 0);
  // The table is built when its rows or sentences change; a drag only rewrites its numbers.
  const shape = `${from}|${others}|${phi}|${many}|${pointless}`;
  if (shape !== plane.angleShape) {
    plane.angleShape = shape;
    buildAngles(plane, others, nameOf(from), { phi, many, pointless }, nameOf);
  }
  others.forEach((i, n) => {
    const ov = overlapOf(i);
    const cells = plane.angleCells[n];
    const angle = view.anglesFromQuery[i];
    if (cells.shown && Object.is(cells.shown[0], angle) && Object.is(cells.shown[1], ov)) return;
    cells.shown = [angle, ov];
    setText(cells.angle, Number.isNaN(angle) ? '\u2014' : `${formatNumber(angle, 2)}\u00b0`);
    setText(cells.overlap, ov === null ? '\u2014' : formatNumber(ov));
  });
}

function buildAngles(plane, others, fromName, { phi, many, pointless }, nameOf) {
  plane.angleCells = others.map(() => ({
    angle: h('td', { class: 'lg-num', 'data-part': 'angle' }),
    overlap: h('td', { class: 'lg-num', 'data-part': 'overlap' }),
  }));
  const rows = others.map((i, n) =>
    h(
      'tr',
      { 'data-part': `angle-${i + 1}` },
      h('th', { scope: 'row' }, nameOf(i)),
      plane.angleCells[n].angle,
      plane.angleCells[n].overlap,
    ),
  );
  replace(
    plane.angles,
    h(
      'table',
      { class: 'lg-angle-table' },
      h(
        'caption',
        null,
        phi ? `Between \u03c6(${fromName}) and \u03c6 of the other keys` : `Between ${fromName} and the other keys`,
      ),
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          h('th', { scope: 'col' }, 'key'),
          h('th', { scope: 'col' }, phi ? 'angle \u03c6 to \u03c6' : 'angle'),
          h('th', { scope: 'col' }, phi ? 'overlap \u03c6\u00b7\u03c6' : 'overlap (dot product)'),
        ),
      ),
      h('tbody', null, rows),
    ),
    pointless
      ? h(
          'p',
          { class: 'lg-muted', 'data-part': 'no-direction' },
          `${fromName} = 0 has no direction: no arrow, and no angle to any key.`,
        )
      : null,
    h(
      'p',
      { class: 'lg-muted' },
      phi
        ? 'Angles and overlaps are both between the features \u03c6(k). With \u03c6 = elu + 1 every feature is positive, so every overlap is positive: each stamp leaks into every read.'
        : pointless
          ? `With no direction, ${fromName} overlaps every key by 0: its read is zero.`
          : 'At 90\u00b0 the overlap is 0, and that stamp adds nothing to the read.',
    ),
    !phi && many
      ? h(
          'p',
          { class: 'lg-muted' },
          'A plane has only two perpendicular directions: a third key must overlap at least one of the others.',
        )
      : null,
  );
}
