// The figure below the controls, in page order: the notice and error lines, the sentence and
// progress (render-readout.js), the curve with its lines named in place (render-chart.js); then one
// row of disclosures, closed at first: "Numbers" (the numbers at N, the memory line, the key),
// "Data table" (render-table.js), "Inside one store" (render-store.js, recall by age:
// render-age.js), "Capacity against d" (render-capacity.js) and the controls' "Settings". It draws
// from the view it is given (index.js: the state, the results, the notice and error lines) and asks
// nothing of anyone: each part is drawn again only when what it shows of the view changed.
import { createChart, createLegend } from './render-chart.js';
import { createReadout } from './render-readout.js';
import { createPlottedTable } from './render-table.js';
import { createStoreView } from './render-store.js';
import { createCapacityPanel } from './render-capacity.js';
import { createAgeView } from './render-age.js';
import { watchLayout } from './layout-watch.js';
import { createNDrag } from './chart-drag.js';
import { h } from '../../lib/dom.js';

/** Whether `inputs` differ (by identity, one by one) from the last ones kept under `name` in
 *  `kept`; keeps them. */
function differ(kept, name, inputs) {
  const had = kept.get(name);
  kept.set(name, inputs);
  return !had || had.length !== inputs.length || inputs.some((v, i) => !Object.is(v, had[i]));
}

/** The parts in page order: the words above the chart, the chart and its handle, then the row of
 *  disclosures (their summaries closed at first). plotted(): what the data table shows. */
function buildParts(root, on, plotted) {
  const words = createReadout();
  root.append(...words.above);
  const chart = createChart(root);
  // The N slider's label is its accessible name; the handle on the chart shares it.
  const drag = createNDrag(chart.element, chart, { ...on, label: 'Stored associations N' });
  const more = root.appendChild(h('div', { class: 'fig-more oc-more' }));
  const fold = (part, text) =>
    more.appendChild(h('details', { class: `oc-fold oc-${part}`, 'data-part': part }, h('summary', { text })));
  const numbers = fold('numbers', 'Numbers');
  numbers.append(...words.below, h('p', { class: 'oc-key-title fig-key-title fig-note', text: 'Key to the chart' }));
  const legend = createLegend(numbers);
  const table = createPlottedTable(more, plotted, on.timed);
  const inside = fold('inside', 'Inside one store');
  const store = createStoreView(inside, root);
  const age = createAgeView(inside);
  const capacity = createCapacityPanel(fold('fit', 'Capacity against d'), on);
  if (on.settings) more.append(on.settings);
  root.append(words.live);
  return { words, chart, drag, legend, table, store, age, capacity };
}

/**
 * @param root the demo's root (the panels are appended to it)
 * @param on ( dispatch(action) for the capacity panel's tolerance control and the handle on the
 *   chart (the demo's actions, reduce.js); signal: an AbortSignal that removes every listener;
 *   timed(what, start) the demo's User Timing; settings: the controls' "Settings" disclosure, the
 *   row's last )
 * @returns ( update(view): draws the view (index.js, `view()`); chart: the curve's element; destroy() )
 */
export function createFigure(root, on) {
  let view = null; // the view last drawn
  const plotted = () => ({ entry: view.entry, state: view.state, nIndex: view.nIndex });
  const { words, chart, drag, legend, table, store, age, capacity } = buildParts(root, on, plotted);
  const kept = new Map(); // each part's inputs when it was last drawn
  const stopWatching = watchLayout(
    root,
    { chart: chart.element, strip: store.stripElement },
    {
      theme: () => store.redraw(true),
      chartWidth: (w) => {
        if (chart.setWidth(w) && view) {
          kept.delete('chart');
          update(view);
        }
        capacity.setWidth(w);
        age.setWidth(w);
      },
      stripWidth: (w) => store.redraw(false, w),
    },
  );

  /**
   * Draws `next`: { state, entry ({ sweep, complete } held for the state, or null), nIndex (N's
   * index in entry.sweep, or -1), capacity ({ results, complete } or null), store ({ shown, note }),
   * mode ('worker' | 'main'), waiting (a settings slider has not rested: what it changes is not
   * asked for yet), notice (lines of text), message (the error line, '' for none) }.
   */
  function update(next) {
    view = next;
    const { state, entry, nIndex, mode, waiting } = next;
    words.showNotice(next.notice);
    words.showError(next.message);
    if (differ(kept, 'legend', [state.beta])) legend.update(state);
    // Everything that depends on the sweep result, d or the axis scale.
    const curve = differ(kept, 'chart', [entry, state.d, state.scale, state.beta, waiting]);
    if (curve)
      chart.update({ sweep: entry ? entry.sweep : null, d: state.d, scale: state.scale, beta: state.beta, waiting });
    // The sweep's progress line (and the root's data-sweep).
    if (differ(kept, 'status', [entry, state.d, state.trials, mode, waiting]))
      words.renderStatus(root, entry, state, mode, waiting);
    // The numbers at N: the chart's marker, the handle, the sentence, the readout (and data-n).
    const sweep = entry ? entry.sweep : null;
    if (differ(kept, 'atN', [state.n, nIndex, sweep, state.d, state.keys, waiting]) || curve) {
      chart.marker(state.n, nIndex);
      drag.update(state);
      words.renderAtN(root, sweep, nIndex, state, waiting);
    }
    if (curve) table.update();
    if (differ(kept, 'store', [next.store])) {
      store.update(next.store);
      const shown = next.store.shown;
      if (shown && differ(kept, 'age', [shown.result])) age.update(shown.result, state);
    }
    if (differ(kept, 'capacity', [next.capacity, waiting, state.measure, state.level, state.trials]))
      capacity.update(next.capacity, state, waiting);
  }

  return {
    update,
    destroy() {
      stopWatching();
      words.destroy();
      table.destroy();
    },
  };
}
