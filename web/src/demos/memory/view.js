// The memory demo's view (web/src/lib/demo-kit/): view(state) draws the state's settings and the
// core's results, at most once per animation frame, each part written where it changed. The
// controls and their messages are set at every drawing (a refused choice puts its control back);
// the figure (numbers, chart, bars, table, summary) only when what it shows changed. Each update
// the core answered is one User Timing measure la-memory:frame: the core's work since the last
// drawing, and the drawing (tests/browser/memory.test.mjs bounds it during a drag).

import { workTimer } from '../../lib/work-timing.js';
import { renderBars } from './render-bars.js';
import { renderFigures } from './render-figures.js';
import { CUSTOM_ID } from './models.js';

/** parts: parts.js's; limits: the core's (la.limits); core: page-executor.js's { spent() }. */
export function createView(parts, limits, core) {
  const timed = workTimer('memory');
  const { root, controls, chart, summary, table } = parts;
  let drawn = {
    editorModel: null,
    imported: null,
    custom: false,
    memory: null,
    results: null,
    dragging: false,
    width: 0,
  };

  return function view(s) {
    const t0 = performance.now();
    controls.showErrors(s.errors);
    if (s.editorModel !== drawn.editorModel && s.editorModel) controls.editor.show(s.editorModel.model);
    if (s.imported !== drawn.imported) controls.importer.show(s.imported);
    // The custom model's editor and an import's outcome are in "About the model": shown, it opens.
    const custom = s.memory?.preset === CUSTOM_ID;
    if ((custom && !drawn.custom) || (s.imported && s.imported !== drawn.imported)) parts.about.open = true;
    root.classList.toggle('lm-dragging', s.dragging);
    const { memory, results, dragging, width } = s;
    if (results) controls.update(memory, results.resolved);
    const same =
      memory === drawn.memory && results === drawn.results && dragging === drawn.dragging && width === drawn.width;
    drawn = { editorModel: s.editorModel, imported: s.imported, custom, memory, results, dragging, width };
    if (!results || same) return;
    renderFigures(parts.figures, memory, results, limits, { live: dragging });
    chart.update(memory, results, width || undefined);
    renderBars(parts.bars, memory, results, chart.axis());
    table.update(memory, results);
    summary.update(memory, results);
    const work = core.spent();
    if (work.calls) timed('frame', t0 - work.ms); // a drawing the core had no part in (a drag's end) is no update
  };
}
