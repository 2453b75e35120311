// The drags' tables of docs/performance.md ("The latest run"), written by run.mjs: a pure function of
// the page metrics, so that tests/bench/bench-targets.test.mjs can check what a reader sees.
//   dragTable({ drags, phone, floor, reps })  -> lines: per control of every demo, the 1× run beside
//        the phone run (4× CPU, 390 × 844, touch; page-metrics.mjs PHONE), then the floor; and where
//        a 4× frame goes (the phone run traces every control)

const ms = (x) => (x === undefined || x === null || Number.isNaN(x) ? '—' : `${x.toFixed(1)} ms`);
const num = (x) => (x === undefined || x === null || Number.isNaN(x) ? '—' : x.toFixed(1));

/** A control's CPU p95 with the lowest and highest p95 of its drags in brackets. */
function p95WithSpread(d) {
  if (!d || d.error) return '—';
  const p95s = (d.reps ?? []).map((r) => r.cpuP95);
  const spread = p95s.length > 1 ? ` (${Math.min(...p95s).toFixed(1)}–${Math.max(...p95s).toFixed(1)})` : '';
  return `${ms(d.cpuPerUpdate.p95)}${spread}`;
}

/** "a / b" of one figure of the 1× and 4× drags of a control ("—" where one was not measured). */
function pair(a, b, pick) {
  const v = (d) => (d && !d.error ? num(pick(d)) : '—');
  return `${v(a)} / ${v(b)} ms`;
}

/** Per control of each demo ({ <control>: summarize() }, or the demo's own drag without controls). */
const controlsOf = (d) => (d?.controls ? Object.entries(d.controls) : d && !d.error ? [['', d]] : []);

/**
 * Rows per control: its name, its 1× drag (`drags`) and its phone drag (`phone`), in the order of
 * the 1× run, then any control only the phone run measured.
 */
function rowsOf(drags = {}, phone = {}) {
  const rows = [];
  for (const demo of new Set([...Object.keys(drags), ...Object.keys(phone)])) {
    const one = Object.fromEntries(controlsOf(drags[demo]));
    const four = Object.fromEntries(controlsOf(phone[demo]));
    const names = new Set([...Object.keys(one), ...Object.keys(four)]);
    if (!names.size) names.add(''); // the demo failed in both runs: one row says so
    for (const control of names) {
      rows.push({
        name: control ? `${demo}: ${control}` : demo,
        one: one[control] ?? (drags[demo]?.error ? { error: drags[demo].error } : undefined),
        four: four[control] ?? (phone[demo]?.error ? { error: phone[demo].error } : undefined),
      });
    }
  }
  return rows;
}

/** The whole table, as lines of Markdown (none when no drag was measured). */
export function dragTable({ drags, phone, floor, reps }) {
  if (!drags && !phone) return [];
  const rows = rowsOf(drags, phone);
  const errorOf = (r) => [r.one?.error && `1×: ${r.one.error}`, r.four?.error && `4×: ${r.four.error}`].filter(Boolean);
  const line = (r) =>
    `| ${r.name}${errorOf(r).length ? ` (not measured: ${errorOf(r).join('; ')})` : ''} | ` +
    `${pair(r.one, r.four, (d) => d.cpuPerUpdateMs)} | ${p95WithSpread(r.one)} | ${p95WithSpread(r.four)} | ` +
    `${pair(r.one, r.four, (d) => d.update.p95)} | ${pair(r.one, r.four, (d) => d.longestTaskMs)} |`;
  const out = [
    '',
    `| drag, per update (chapter, largest settings; the median of ${reps} drags) | CPU mean, 1× / 4× | CPU p95, 1× (the drags' range) | CPU p95, 4× (the drags' range) | input → frame p95, 1× / 4× | longest task (CPU), 1× / 4× |`,
    '|---|---|---|---|---|---|',
    ...rows.map(line),
  ];
  if (floor) out.push(line({ name: 'the floor: a bare page with one slider (1× only)', one: floor, four: undefined }));
  const traced = rows.filter((r) => r.four?.trace && !r.four.trace.error);
  if (traced.length) {
    const KINDS = ['script', 'style', 'layout', 'paint', 'hitTest', 'other'];
    out.push(
      '',
      '| where a 4× frame goes (ms per update, one traced drag; tracing slows it) | ' +
        `${KINDS.join(' | ')} | forced layouts per update |`,
      `|---|${KINDS.map(() => '---|').join('')}---|`,
      ...traced.map((r) => {
        const t = r.four.trace;
        const forced = t.forcedLayouts / Math.max(1, r.four.updates ?? 1);
        return `| ${r.name} | ${KINDS.map((k) => num(t.msPerUpdate[k] ?? 0)).join(' | ')} | ${num(forced)} (${num(t.forcedLayoutMsPerUpdate)} ms) |`;
      }),
    );
  }
  return out;
}
