// The figure below the controls, every panel in page order: the notice and error lines, the sentence
// and progress (render-readout.js), the curve and its legend (render-chart.js), the numbers at N, the
// plotted-numbers table (render-table.js) and "inside one store" (render-store.js). It draws from
// the state and the results it is given; it asks the core for nothing.
import { indexOfN } from './sweep.js';
import { createChart, createLegend } from './render-chart.js';
import { createReadout } from './render-readout.js';
import { createPlottedTable } from './render-table.js';
import { createStoreView } from './render-store.js';
import { createCapacityPanel } from './render-capacity.js';
import { createAgeView } from './render-age.js';
import { watchLayout } from './layout-watch.js';
import { createNDrag } from './chart-drag.js';

/**
 * @param root the demo's root (the panels are appended to it)
 * @param get ( state() the current state; entry() the sweep result held for it ({ sweep, complete })
 *   or null; capacity() the capacity panel's numbers held ({ results, complete }) or null;
 *   mode() 'worker' or 'main'; waiting() true while a settings slider has not rested and what it
 *   changes is not asked for yet; timed(what, start) the demo's User Timing; propose(changes),
 *   slide(changes), rest() and signal for the capacity panel's tolerance control; setN(n) the
 *   handle on the chart moved N )
 */
export function createFigure(root, get) {
  const words = createReadout();
  root.append(...words.above);
  const chart = createChart(root);
  // The N slider's label is its accessible name; the handle on the chart shares it.
  const drag = createNDrag(chart.element, chart, { n: get.setN, label: 'Stored associations N', signal: get.signal });
  const legend = createLegend(root);
  root.append(...words.below);
  const nIndex = () => indexOfN(get.entry()?.sweep, get.state().n);
  const table = createPlottedTable(
    root,
    () => ({ entry: get.entry(), state: get.state(), nIndex: nIndex() }),
    get.timed,
  );
  const store = createStoreView(root, root);
  const age = createAgeView(root);
  const capacity = createCapacityPanel(root, {
    propose: get.propose,
    slide: get.slide,
    rest: get.rest,
    signal: get.signal,
  });
  root.append(words.live);

  const stopWatching = watchLayout(
    root,
    { chart: chart.element, strip: store.stripElement },
    {
      theme: () => store.redraw(true),
      chartWidth: (w) => {
        if (chart.setWidth(w)) renderChart();
        capacity.setWidth(w);
        age.setWidth(w);
      },
      stripWidth: (w) => store.redraw(false, w),
    },
  );

  /** The sweep's progress line (and the root's data-sweep). */
  const renderStatus = () => words.renderStatus(root, get.entry(), get.state(), get.mode(), get.waiting());

  /** The numbers at N: the chart's marker, the sentence, the readout (and the root's data-n). */
  function renderAtN() {
    const i = nIndex();
    const state = get.state();
    chart.marker(state.n, i);
    drag.render(state);
    words.renderAtN(root, get.entry()?.sweep ?? null, i, state, get.waiting());
  }

  /** Everything that depends on the sweep result, d or the axis scale. */
  function renderChart() {
    const entry = get.entry();
    const state = get.state();
    chart.update({ sweep: entry ? entry.sweep : null, d: state.d, scale: state.scale, waiting: get.waiting() });
    renderStatus();
    renderAtN();
    table.render();
  }

  return {
    renderChart,
    renderAtN,
    renderStatus,
    /** Text that names a setting (the legend's β). */
    renderSettings: (state) => legend.render(state),
    store,
    /** A store result arrived: "inside one store" and recall by age. */
    showStore(result, label, pending) {
      store.show(result, label, pending);
      age.show(result, get.state());
    },
    /** The capacity panel, from the numbers held for the current settings. */
    renderCapacity: () => capacity.render(get.capacity(), get.state(), get.waiting()),
    showError: words.showError,
    showNotice: words.showNotice,
    destroy() {
      stopWatching();
      words.destroy();
      table.destroy();
    },
  };
}
