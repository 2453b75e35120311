// What the page does to the demo from outside: a theme change (the canvases are redrawn in the new
// colours) and a new width (the chart and the strips are drawn at their real size, once per frame).
import { coalesceFrames } from '../../lib/frame.js';
/**
 * @param root the demo's root (inside a custom element, the theme is an attribute of the shadow host)
 * @param els (chart, strip): the elements whose widths count
 * @param on (theme() the colours changed; chartWidth(px); stripWidth(px))
 * @returns stop(): disconnects every observer
 */
export function watchLayout(root, els, on) {
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  media.addEventListener('change', on.theme);
  const themeWatch = new MutationObserver(on.theme);
  themeWatch.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'class'] });
  const host = root.getRootNode().host;
  if (host) themeWatch.observe(host, { attributes: true, attributeFilter: ['theme', 'class'] });
  const widths = new Map();
  const frame = coalesceFrames(() => {
    const chartWidth = widths.get(els.chart);
    if (chartWidth) on.chartWidth(chartWidth);
    const stripWidth = widths.get(els.strip);
    if (stripWidth) on.stripWidth(stripWidth);
  });
  const resizeWatch = new ResizeObserver((entries) => {
    for (const e of entries) widths.set(e.target, e.contentRect.width);
    frame();
  });
  resizeWatch.observe(els.strip);
  resizeWatch.observe(els.chart);
  return function stop() {
    media.removeEventListener('change', on.theme);
    frame.cancel();
    themeWatch.disconnect();
    resizeWatch.disconnect();
  };
}
