// A figure's key, drawn with the figure's own marks. Each entry's swatch is a short SVG line (or a
// small box) that carries the class of the mark it names, so its colour, width and dashes come from
// the very rule that draws that mark: in both themes, in forced colours and on paper, a key cannot
// drift from its curve. The export sheet copies a swatch's mark as it copies the picture's marks.
// The list's look is every figure's (figure.css: .fig-legend, .fig-swatch); a figure places it.
import { h, s } from '../dom.js';

const WIDTH = 24; // CSS px: the swatch's length
const HEIGHT = 12;

/**
 * One entry: `mark` the class(es) of the picture's mark it names; `text` its words (a string or a
 * node, which the caller may keep to change later); `shape` 'line' (a stroke, the default) or 'box'
 * (a fill: a band, an area, a bar).
 */
export function legendKey(mark, text, shape = 'line') {
  const swatch =
    shape === 'box'
      ? s('rect', { class: mark, x: 1, y: 1, width: WIDTH - 2, height: HEIGHT - 2 })
      : s('line', { class: mark, x1: 1, x2: WIDTH - 1, y1: HEIGHT / 2, y2: HEIGHT / 2 });
  const svg = s(
    'svg',
    { class: 'fig-swatch', width: WIDTH, height: HEIGHT, viewBox: `0 0 ${WIDTH} ${HEIGHT}`, 'aria-hidden': 'true' },
    swatch,
  );
  return h('li', {}, svg, text);
}

/**
 * The key: `entries` [mark, text, shape?] each (see legendKey); `attrs` the list's own attributes
 * (a `class` for where the figure puts it is added to .fig-legend; an aria-label names it).
 */
export function legendList(entries, attrs = {}) {
  const cls = attrs.class ? `fig-legend ${attrs.class}` : 'fig-legend';
  return h('ul', { ...attrs, class: cls }, ...entries.map(([mark, text, shape]) => legendKey(mark, text, shape)));
}

/** The mark an entry's swatch draws (for an export's key): the line or box inside its swatch. */
export function swatchMark(li) {
  return li.querySelector('.fig-swatch > *');
}
