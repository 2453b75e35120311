// The chart and what goes with it: its title (the chart's accessible name, in words and numbers),
// the SVG (drawn by curve-plot.js) and the legend. Moving the context slider only moves the marker:
// the curve, axes and title are redrawn only when something they show has changed.

import { h, patch, setText } from '../../lib/dom.js';
import { legendKey, legendList } from '../../lib/plot/legend.js';
import { createCurvePlot, drawChart, placeMarker } from './curve-plot.js';
import { createHandle } from './render-handle.js';
import { formatBytes, shortTokens } from './format.js';
import { CONTEXT_LABEL, LIMIT_NAME, kvCurveWords, modelName, sessionsText } from './labels.js';

const MIN_WIDTH = 300;

/** The legend's entries: [the class of the chart's mark, text, shape?] (lib/plot/legend.js). */
function legendItems(state, results) {
  const items = [];
  if (results.growing) items.push(['lm-kv-line', kvCurveWords(results.resolved.model.layers).legend]);
  if (results.now.stateBytes > 0n) items.push(['lm-state-line', 'fixed state (flat)']);
  if (results.reference === 'twin') items.push(['lm-ref-line', 'same model, every attention layer linear (flat)']);
  if (results.resolved.original) items.push(['lm-original-line', 'before: with its attention layers']);
  if (results.capacity && results.capacity.freeBytes > 0n)
    items.push(['lm-gpu-line', 'GPU room for cache after the weights']);
  const max = results.resolved.maxContext;
  if (max !== null && max < 1e7)
    items.push(['lm-beyond', `beyond ${shortTokens(max)} tokens: past this model’s ${LIMIT_NAME}`, 'box']);
  // The context itself is in the bars' title and on the handle: the legend only names the marker,
  // so a drag leaves it as it is.
  items.push([
    'lm-marker-line',
    'your context length (drag it)' + (max !== null && state.tokens > max ? `, beyond this model’s ${LIMIT_NAME}` : ''),
  ]);
  return items;
}

function titleText(state, results) {
  const u = state.unit;
  const first = results.samples[0];
  const last = results.samples[results.samples.length - 1];
  return (
    `${modelName(state, results.resolved)}: memory for ${sessionsText(state.sessions)} from ${shortTokens(first.tokens)} to ${shortTokens(last.tokens)} tokens. ` +
    `KV cache ${formatBytes(first.kvBytes, u).text} to ${formatBytes(last.kvBytes, u).text}; ` +
    `fixed state ${formatBytes(first.stateBytes, u).text} throughout` +
    (results.reference === 'twin' ? `; all-linear state ${formatBytes(first.refBytes, u).text} throughout.` : '.')
  );
}

/**
 * Builds the chart's parts (ids from `id`; onTokens(tokens, done): the context handle on the
 * chart proposes a context length, render-handle.js). Returns { title, box, legend, update(state, results,
 * width?), wantsWidth(width), axis() (the memory axis as drawn, for the bars) }: `width` is the box's new width from a ResizeObserver; without
 * it the box is measured once, for the first drawing only (measuring in every frame of a drag
 * would force a layout of the whole chapter).
 */
export function createChart(id, onTokens) {
  const title = h('p', { class: 'lm-chart-title fig-heard', id: `${id}-chart-title` });
  const chart = createCurvePlot(`${id}-chart-title`);
  const box = h('div', { class: 'lm-chart fig-chart' }, chart.svg);
  const legend = legendList([], { class: 'lm-legend' });
  const handle = createHandle(box, CONTEXT_LABEL, onTokens);
  let width = 0;
  let drawn = null; // what the drawn chart depends on, besides the reader's context length
  let geom = null; // its scales, to move the context marker without redrawing
  let legendDrawn = ''; // the legend's items as drawn

  function update(state, results, newWidth) {
    if (newWidth) width = Math.max(MIN_WIDTH, newWidth);
    else if (!width) width = Math.max(MIN_WIDTH, Math.round(box.clientWidth || 640));
    const view = {
      width,
      samples: results.curve, // the table's samples and the teeth of chunked layers (compute.js)
      tokens: state.tokens,
      now: results.now,
      refKind: results.reference,
      room: results.capacity ? results.capacity.freeBytes : null,
      yScale: state.yScale,
      unit: state.unit,
      growing: results.growing,
      linearized: Boolean(results.resolved.original),
      maxContext: results.resolved.maxContext,
      kvLine: kvCurveWords(results.resolved.model.layers).line,
    };
    const depends = [
      view.width,
      view.samples,
      view.refKind,
      view.room,
      view.yScale,
      view.unit,
      view.growing,
      view.linearized,
      view.maxContext,
      view.kvLine,
      modelName(state, results.resolved),
      state.sessions,
    ];
    if (drawn && depends.every((v, i) => v === drawn[i])) placeMarker(geom, view);
    else {
      drawn = depends;
      geom = drawChart(chart, view);
      setText(title, titleText(state, results));
    }
    handle.place(state.tokens, width);
    const items = legendItems(state, results);
    const key = items.flat().join('|');
    if (key === legendDrawn) return; // unchanged: no elements built, nothing compared
    legendDrawn = key;
    patch(
      legend,
      items.map(([mark, t, shape]) => legendKey(mark, t, shape)),
    );
  }

  const wantsWidth = (w) => Boolean(w) && Math.max(MIN_WIDTH, w) !== width;
  /** The memory axis of the chart as drawn (chart.js memoryAxis), for the bars. */
  const axis = () => geom.axis;
  return { title, box, legend, update, wantsWidth, axis };
}
