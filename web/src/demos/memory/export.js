// What the Embed panel saves of figure 4.2 (the demo's exportable(); web/src/lib/export.js and
// export-sheet.js make the files): the chart with its key, every setting that changes its numbers
// (model, context, number types, sessions, GPU), and the core's bytes it plots, exact, with the
// reader's own context as one more row. Formatting only.
import { swatchMark } from '../../lib/plot/legend.js';
import { gpuLabel, modelName } from './labels.js';

/** `memory`: the settings, `results`: computeMemory's (reducer.js); `chart`: render-chart.js's { box, legend }. */
export function exportOf({ memory: state, results }, chart) {
  const twin = results.reference === 'twin';
  const before = Boolean(results.resolved.original);
  const columns = ['context (tokens)', 'KV cache (bytes)', 'fixed state (bytes)'];
  if (twin) columns.push('all-linear state (bytes)');
  columns.push('total (bytes)');
  if (before) columns.push('before, with attention (bytes)');
  const row = (tokens, r, refBytes, originalBytes) =>
    [
      tokens,
      r.kvBytes,
      r.stateBytes,
      ...(twin ? [refBytes] : []),
      r.totalBytes,
      ...(before ? [originalBytes] : []),
    ].map((v) => (typeof v === 'bigint' ? String(v) : v));
  const rows = results.samples.map((r) => row(r.tokens, r, r.refBytes, r.originalBytes));
  const { now, refNow, originalNow } = results;
  const readerRow = row(state.tokens, now, refNow?.stateBytes, originalNow?.totalBytes);
  const name = ['memory', state.preset, before && 'linear', `${state.tokens}-tokens`, `${state.sessions}x`]
    .concat(`kv-${state.kvDtype}`, `state-${state.stateDtype}`)
    .filter(Boolean)
    .join('-');
  const svg = chart.box.querySelector('svg');
  const legend = [...chart.legend.children].map((li) => ({
    label: li.textContent.replace(' (drag it)', '').trim(),
    mark: swatchMark(li),
  }));
  const binary = state.unit === 'binary';
  return {
    name,
    svg,
    legend,
    axes: { y: `memory (${binary ? 'GiB = 2\u00b3\u2070 bytes' : 'GB = 10\u2079 bytes'}, ${state.yScale} scale)` },
    settings: [
      ['model', modelName(state, results.resolved)],
      ['context (tokens)', state.tokens],
      ['sessions', state.sessions],
      ['KV cache numbers', state.kvDtype],
      ['state numbers', state.stateDtype],
      ['weights', state.weightDtype],
      ['GPU', gpuLabel(state).replace(/^the (.*) GPU$/, '$1')],
    ],
    rows: { columns, rows },
    readerRow,
  };
}
