// The arrowhead: one <marker> per figure, which every arrow of the figure points with
// (marker-end="url(#id)"). It takes the colour of the line it ends (fill: context-stroke, in
// figure.css .plot-arrowhead), so one marker serves keys, queries, values and reads alike.
import { s } from '../dom.js';

/** A <defs> holding the arrowhead <marker id=…> (put it in the SVG a file export takes away). */
export function arrowMarker(id) {
  return s(
    'defs',
    null,
    s(
      'marker',
      { id, viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 6, markerHeight: 6, orient: 'auto-start-reverse' },
      s('path', { d: 'M0,0 L10,5 L0,10 z', class: 'plot-arrowhead' }),
    ),
  );
}

/** The attribute value that ends a line with the marker `id`. */
export const arrowEnd = (id) => `url(#${id})`;
