// The memory demo's elements, in reading order: the picture leads (the model and the context right
// above the bars and the curve, every mark named in place), then its sentence (the summary, with the
// numbers a reader needs); the rest is folded in a row of disclosures: "Numbers" (every figure, and
// the chart's key the export saves), the data table, "About the model" and "Settings". A config.json
// dropped anywhere on the figure is imported; one dropped beside it is ignored, never opened by the
// browser in place of the page. The chart box's width is observed and dispatched ({ type: 'width' }):
// the chart is drawn at it in the next frame, never in the observer's callback (the drawing sets the
// box's height, which the observer would have to report again in the same frame: Firefox then fires
// "ResizeObserver loop completed with undelivered notifications", which a host's error tracker records).

import { h } from '../../lib/dom.js';
import { createControls } from './controls.js';
import { MAX_LAYER_GROUPS } from './models.js';
import { createChart } from './render-chart.js';
import { createSummary } from './render-summary.js';
import { createTable } from './render-table.js';

/**
 * What the controls are given: dispatch(action), and refused(origin), the core's verdict on the
 * action just dispatched (the page thread answers inside dispatch). A reader's choice is drawn at
 * once, as it always was; the steps of a drag, and a new width of the chart, in the next frame.
 * @param {() => ReturnType<typeof import('../../lib/demo-kit/demo.js').createDemo<import('./reducer.js').DemoState>>} demo
 */
function actions(demo) {
  return {
    dispatch(action) {
      demo().dispatch(action);
      if (!action.dragging && action.type !== 'width') demo().flush();
    },
    refused: (origin) => Boolean(demo().getState().errors[origin]),
  };
}

/**
 * Builds the demo inside `rootElement`; `demo()` is the demo once made (its store). Returns { root,
 * controls, summary, chart, bars, figures, numbers, about (the disclosures), table, pause(demo),
 * resume(demo), destroy(demo) }.
 */
export function createParts(rootElement, la, demo) {
  const act = actions(demo);
  const root = h('div', { class: 'la-memory fig-stack' });
  const maxGroups = Number.isInteger(la.limits?.maxLayerGroups) ? la.limits.maxLayerGroups : MAX_LAYER_GROUPS;
  const controls = createControls(root, act, maxGroups);
  const summary = createSummary();
  const bars = h('div', { class: 'lm-bars' });
  // the context handle on the chart: the slider's actions (done: the end of a drag, or a key)
  const chart = createChart(controls.id, (tokens, done) => act.dispatch({ type: 'tokens', tokens, dragging: !done }));
  const figures = h('dl', { class: 'lm-figures fig-readout' });
  const table = createTable();
  const picture = h('div', { class: 'lm-picture' }, bars, chart.title, chart.box);
  const numbers = h(
    'details',
    { class: 'lm-numbers', 'data-part': 'numbers' },
    h('summary', { text: 'Numbers' }),
    figures,
    h('p', { class: 'lm-key-title fig-key-title fig-note', text: 'Key to the chart' }),
    chart.legend,
  );
  const [about, settings] = controls.below;
  const more = h('div', { class: 'fig-more lm-more' }, numbers, table.el, about, settings);
  root.append(controls.notice, controls.primary, picture, summary.el, more);
  rootElement.append(root);
  controls.importer.catchDrops(root);
  const view = rootElement.ownerDocument?.defaultView;
  const keepPage = (e) => {
    if (e.dataTransfer?.types?.includes('Files')) e.preventDefault();
  };
  view?.addEventListener('dragover', keepPage);
  view?.addEventListener('drop', keepPage);
  const resize =
    typeof ResizeObserver === 'function'
      ? new ResizeObserver((entries) => {
          const width = Math.round(entries[entries.length - 1].contentRect.width);
          if (width) act.dispatch({ type: 'width', width });
        })
      : null;
  resize?.observe(chart.box);

  /** Off-screen (data-paused): the demo (its view loop) and the summary's timer wait. */
  function pause(demo) {
    root.dataset.paused = 'true';
    summary.pause();
    demo.pause();
  }
  function resume(demo) {
    if (!root.dataset.paused) return;
    delete root.dataset.paused;
    summary.resume();
    demo.resume();
    demo.flush(); // what changed meanwhile (a new width) is drawn now, before the reader's next move
  }
  function destroy(demo) {
    demo.destroy();
    summary.destroy();
    resize?.disconnect();
    view?.removeEventListener('dragover', keepPage);
    view?.removeEventListener('drop', keepPage);
    root.remove();
  }
  return { root, controls, summary, chart, bars, figures, numbers, about, table, pause, resume, destroy };
}
