// The plot frame every SVG figure draws in (Observable Plot's "dimensions"): the <svg> with its
// accessible name, the margins around the plot area, and three layers in paint order (grid lines
// under the axes, the axes under the data). Axes (axis.js) and arrowheads (marker.js) are marks of
// their own. The frame only draws; the numbers it places come from the demos.
import { s, setAttr } from '../dom.js';

/**
 * plotArea(options) -> frame
 *   height      the drawing's height in viewBox units (CSS px at scale 1); the width follows resize()
 *   margin      { top, right, bottom, left } around the plot area
 *   viewBox     [x, y, w, h] instead: a fixed drawing in its own coordinates (no margins, no resize)
 *   className   the <svg>'s class; role ('img'), ids: titleId with title (a <title>), descId (an
 *               empty <desc> the demo writes), labelledBy (outside ids, added to aria-labelledby)
 *   clipId      clips the data layer to the plot area (4 units of slack above and below for strokes)
 * frame: { svg, title, desc, grid, axes, data, margin, height, width, left, top, innerWidth,
 *          innerHeight, resize(width) } — grid, axes and data are the layers, <g aria-hidden> of
 *          class plot-grid-layer, plot-axes and plot-data.
 *   resize(width) writes the viewBox, width and clip only when they change (an SVG's viewBox written
 *   again, even to the same value, makes Chromium lay the drawing out again).
 */
/**
 * @typedef {{ top: number, right: number, bottom: number, left: number }} Margin
 * @typedef {{ height?: number, margin?: Margin, viewBox?: number[] | null, className?: string,
 *   role?: string, titleId?: string, title?: string, descId?: string, labelledBy?: string,
 *   clipId?: string }} FrameOptions
 * @param {FrameOptions} options
 */
export function plotArea({
  height = 0,
  margin = { top: 0, right: 0, bottom: 0, left: 0 },
  viewBox = null,
  className,
  role = 'img',
  titleId,
  title,
  descId,
  labelledBy,
  clipId,
}) {
  const names = [titleId, descId, labelledBy].filter(Boolean).join(' ');
  const svg = s('svg', {
    class: className ? `fig-plot ${className}` : 'fig-plot',
    role,
    'aria-labelledby': names || undefined,
    viewBox: viewBox ? viewBox.join(' ') : undefined,
    height: viewBox ? undefined : height || undefined,
  });
  const titleEl = titleId ? svg.appendChild(s('title', { id: titleId }, title ?? '')) : null;
  const desc = descId ? svg.appendChild(s('desc', { id: descId })) : null;
  const clipRect = clipId
    ? svg
        .appendChild(s('defs', {}))
        .appendChild(s('clipPath', { id: clipId }))
        .appendChild(s('rect', {}))
    : null;
  const layer = (attrs) => svg.appendChild(s('g', { 'aria-hidden': 'true', ...attrs }));
  const frame = {
    svg,
    title: titleEl,
    desc,
    grid: layer({ class: 'plot-grid-layer' }),
    axes: layer({ class: 'plot-axes' }),
    data: layer({ class: 'plot-data', 'clip-path': clipId ? `url(#${clipId})` : undefined }),
    margin,
    height,
    width: 0,
    left: margin.left,
    top: margin.top,
    innerWidth: 0,
    innerHeight: Math.max(0, height - margin.top - margin.bottom),
    resize(width) {
      frame.width = width;
      frame.innerWidth = Math.max(0, width - margin.left - margin.right);
      setAttr(svg, 'viewBox', `0 0 ${width} ${height}`);
      setAttr(svg, 'width', String(width));
      if (clipRect) {
        setAttr(clipRect, 'x', margin.left);
        setAttr(clipRect, 'y', margin.top - 4);
        setAttr(clipRect, 'width', frame.innerWidth + 1);
        setAttr(clipRect, 'height', frame.innerHeight + 8);
      }
      return frame;
    },
  };
  return frame;
}
