// The arrowheads: one <marker> per colour an arrow of the figure is drawn in (marker-end="url(#id-role)").
// Each head is filled by its own class (`plot-arrowhead is-<role>`, coloured in the demo's sheet
// with the same token as the lines it ends), not with fill: context-stroke, which WebKit does not
// support (it drew every head black, unreadable on the dark theme). A file export inlines the
// computed fill, so the heads keep their colours there too.
import { s } from '../dom.js';

/** The id of the marker for `role` among the markers made by arrowMarkers(`id`, …). */
export const markerId = (id, role) => `${id}-${role}`;

/**
 * A <defs> holding an arrowhead <marker> per role (ids `${id}-${role}`); put it in the SVG a file
 * export takes away. `roles`: the colour roles the figure's arrows are drawn in.
 */
export function arrowMarkers(id, roles) {
  return s(
    'defs',
    null,
    ...roles.map((role) =>
      s(
        'marker',
        {
          id: markerId(id, role),
          viewBox: '0 0 10 10',
          refX: 9,
          refY: 5,
          markerWidth: 6,
          markerHeight: 6,
          orient: 'auto-start-reverse',
        },
        s('path', { d: 'M0,0 L10,5 L0,10 z', class: `plot-arrowhead is-${role}` }),
      ),
    ),
  );
}

/** The attribute value that ends a line with the arrowhead of `role` among the markers `id`. */
export const arrowEnd = (id, role) => `url(#${markerId(id, role)})`;
