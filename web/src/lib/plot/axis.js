// An axis as a mark of its own (Observable Plot's axis mark): tick labels, grid lines across the
// plot area at the ticks, the axis line and its title, in a plot frame (frame.js). Its elements are
// made once and moved by their attributes: update() writes only the positions and words that
// changed (lib/dom.js setAttr/setText), so a figure redrawn on every frame of a drag, with the same
// axes, writes nothing here, and one whose ticks move writes a few numbers and makes no element.
import { s, setAttr, setText, keepChildren } from '../dom.js';

const TICK_BELOW = 16; // baseline of an x tick label under the plot area
const TICK_LEFT = 6; // gap between a y tick label's end and the plot area
const TICK_MIDDLE = 4; // a y tick label's baseline under its value, to centre it on the grid line
const TITLE_INSET = 6; // baseline of the x title above the drawing's bottom edge
const TITLE_Y_LEFT = 14; // baseline of the rotated y title from the drawing's left edge

/**
 * axis(frame, { side: 'bottom' | 'left', grid = false, line = true }) -> { update(ticks, title) }
 *   ticks: [{ at, label }] with `at` the position in px along the axis (the demo's scale) and
 *   `label` its text (null: the grid line without a label, e.g. where labels would collide);
 *   title: the axis title (x centred under the plot, y rotated along it), '' or omitted for none.
 * Classes (figure.css): plot-tick plot-tick-x|plot-tick-y, plot-grid, plot-axis, plot-axis-label.
 */
/**
 * @param {ReturnType<typeof import('./plot-area.js').plotArea>} frame
 * @param {{ side: 'bottom' | 'left', grid?: boolean, line?: boolean }} options
 */
export function axis(frame, { side, grid = false, line = true }) {
  const x = side === 'bottom';
  const marks = frame.axes.appendChild(s('g', {}));
  const lines = grid ? frame.grid.appendChild(s('g', {})) : null;
  const labels = [];
  const gridLines = [];
  const axisLine = line ? s('line', { class: 'plot-axis' }) : null;
  const titleEl = s('text', { class: 'plot-axis-label', transform: x ? undefined : 'rotate(-90)' });
  const tickClass = `plot-tick ${x ? 'plot-tick-x' : 'plot-tick-y'}`;

  /** @param {{ at: number, label: string | null }[]} ticks @param {string} [title] */
  function update(ticks, title = '') {
    const { left, top, innerWidth: w, innerHeight: h, height } = frame;
    const wanted = [];
    const wantedGrid = [];
    ticks.forEach((t, i) => {
      if (t.label !== null) {
        labels[i] ??= s('text', { class: tickClass });
        const label = labels[i];
        setAttr(label, 'x', x ? t.at : left - TICK_LEFT);
        setAttr(label, 'y', x ? top + h + TICK_BELOW : t.at + TICK_MIDDLE);
        setText(label, t.label);
        wanted.push(label);
      }
      if (!lines) return;
      gridLines[i] ??= s('line', { class: 'plot-grid' });
      const g = gridLines[i];
      setAttr(g, 'x1', x ? t.at : left);
      setAttr(g, 'x2', x ? t.at : left + w);
      setAttr(g, 'y1', x ? top : t.at);
      setAttr(g, 'y2', x ? top + h : t.at);
      wantedGrid.push(g);
    });
    if (axisLine) {
      setAttr(axisLine, 'x1', left);
      setAttr(axisLine, 'x2', x ? left + w : left);
      setAttr(axisLine, 'y1', x ? top + h : top);
      setAttr(axisLine, 'y2', top + h);
      wanted.push(axisLine);
    }
    if (title) {
      setAttr(titleEl, 'x', x ? left + w / 2 : -(top + h / 2));
      setAttr(titleEl, 'y', x ? height - TITLE_INSET : TITLE_Y_LEFT);
      setText(titleEl, title);
      wanted.push(titleEl);
    }
    keepChildren(marks, wanted);
    if (lines) keepChildren(lines, wantedGrid);
  }
  return { update };
}
