// The figure below the controls, every panel in page order: the notice and error lines, the sentence
// and progress (render-readout.js), the curve and its legend (render-chart.js), the numbers at N, the
// plotted-numbers table (render-table.js), "inside one store" (render-store.js), recall by age
// (render-age.js) and the capacity panel (render-capacity.js). It draws from the view it is given
// (index.js: the state, the results, the notice and error lines) and asks nothing of anyone: each
// part is drawn again only when what it shows of the view changed.
import { createChart, createLegend } from './render-chart.js';
import { createReadout } from './render-readout.js';
import { createPlottedTable } from './render-table.js';
import { createStoreView } from './render-store.js';
import { createCapacityPanel } from './render-capacity.js';
import { createAgeView } from './render-age.js';
import { watchLayout } from './layout-watch.js';
import { createNDrag } from './chart-drag.js';

/** Whether `inputs` differ (by identity, one by one) from the last ones kept under `name` in
 *  `kept`; keeps them. */
function differ(kept, name, inputs) {
  const had = kept.get(name);
  kept.set(name, inputs);
  return !had || had.length !== inputs.length || inputs.some((v, i) => !Object.is(v, had[i]));
}

/**
 * @param root the demo's root (the panels are appended to it)
 * @param on ( dispatch(action) for the capacity panel's tolerance control and the handle on the
 *   chart (the demo's actions, reduce.js); signal: an AbortSignal that removes every listener;
 *   timed(what, start) the demo's User Timing )
 * @returns ( update(view): draws the view (index.js, `view()`); chart: the curve's element; destroy() )
 */
export function createFigure(root, on) {
  const words = createReadout();
  root.append(...words.above);
  const chart = createChart(root);
  // The N slider's label is its accessible name; the handle on the chart shares it.
  const drag = createNDrag(chart.element, chart, { ...on, label: 'Stored associations N' });
  const legend = createLegend(root);
  root.append(...words.below);
  let view = null; // the view last drawn
  const plotted = () => ({ entry: view.entry, state: view.state, nIndex: view.nIndex });
  const table = createPlottedTable(root, plotted, on.timed);
  const store = createStoreView(root, root);
  const age = createAgeView(root);
  const capacity = createCapacityPanel(root, on);
  root.append(words.live);

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
    const curve = differ(kept, 'chart', [entry, state.d, state.scale, waiting]);
    if (curve) chart.update({ sweep: entry ? entry.sweep : null, d: state.d, scale: state.scale, waiting });
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
