// What the Embed panel saves of figure 4.1 (the demo's exportable(); web/src/lib/export.js and
// export-sheet.js make the files): the values' plane (d = 2 only) with a key to its arrows, the
// settings (feature map, the writes made), and each read, its numbers rounded as the figure
// shows them (formatNumber's 4 digits: 1.2, not 1.2000000000000004).
import { formatPlain } from '../../lib/format.js';

const shown = (x) => Number(formatPlain(x, 4));

/** `view`: computeLedger's; `planeSvg`: the values' plane as drawn. */
export function exportOf(state, view, planeSvg) {
  const axis = (p) => Array.from({ length: state.d }, (_, j) => `${p}${j + 1}`);
  const columns = ['association', ...axis('key '), ...axis('value '), ...axis('read '), 'read error (distance)'];
  const rows = view.reads.map((r) => [
    r.index + 1,
    ...[...r.k, ...r.v, ...Array.from(r.read)].map(shown),
    shown(r.error),
  ]);
  const written = state.associations.length;
  const svg = state.d === 2 ? planeSvg : null;
  const legend = [
    ['.lg-arrow.is-value', 'stored value v\u1d62'],
    ['.lg-arrow.is-read', 'what key k\u1d62 reads back from S'],
    ['.lg-gap', 'the read\u2019s error: its distance from the stored value'],
  ]
    .map(([sel, label]) => ({ label, mark: svg?.querySelector(sel) ?? null }))
    .filter((item) => item.mark);
  return {
    name: `ledger-d${state.d}-${state.featureMap}-${state.step}-of-${written}-written`,
    svg,
    legend,
    settings: [
      ['d', state.d],
      ['feature map', state.featureMap],
      ['writes', `${state.step} of ${written}`],
      ...state.associations.map((a, i) => [`k${i + 1}, v${i + 1}`, `(${a.k.join(', ')}), (${a.v.join(', ')})`]),
    ],
    rows: { columns, rows },
    readerRow: null,
  };
}
