// The phone run's targets and table (tests/bench/targets.mjs, tests/bench/drag-table.mjs): the phone
// run's limits, the parallel target read against native code's speed-up in the same run, two whole
// runs in a row, and the table's 1× and 4× columns.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DRAG_LIMITS, consecutiveDragRuns, dragTargets, parallelRequired, parallelTarget } from './targets.mjs';
import { dragTable } from './drag-table.mjs';

const drag = (cpuP95, frameP95, maxTask, extra = {}) => ({
  cpuPerUpdate: { p95: cpuP95 },
  update: { p95: frameP95 },
  longestTaskMs: maxTask,
  cpuPerUpdateMs: cpuP95 / 2,
  reps: [{ cpuP95: cpuP95 - 1 }, { cpuP95 }, { cpuP95: cpuP95 + 1 }],
  ...extra,
});

test('the phone run is held to two frames (33 ms), no task over 50 ms and a first frame within 50 ms; its CPU is reported, not held', () => {
  assert.deepEqual(DRAG_LIMITS.phone, {
    label: ' at 4× CPU (390 × 844, touch)',
    frameP95: 33,
    maxTask: 50,
    firstFrame: 50,
  });
  const t = dragTargets(
    {
      ledger: {
        controls: { slider: drag(25, 33, 50, { firstUpdate: 50 }), query: drag(12, 20, 30, { firstUpdate: 9 }) },
      },
    },
    'phone',
  );
  assert.deepEqual(t, {
    'ledger, every control at 4× CPU (390 × 844, touch): input-to-frame p95 <= 33 ms': true,
    'ledger, every control at 4× CPU (390 × 844, touch): no task > 50 ms': true,
    'ledger, every control at 4× CPU (390 × 844, touch): first drag frame <= 50 ms': true,
  });
  const over = dragTargets({ ledger: { controls: { slider: drag(16.1, 34, 51, { firstUpdate: 146 }) } } }, 'phone');
  assert.deepEqual(Object.values(over), [false, false, false]);
  // one slow first frame among the controls is enough
  const first = dragTargets(
    { ledger: { controls: { a: drag(5, 20, 30, { firstUpdate: 10 }), b: drag(5, 20, 30, { firstUpdate: 51 }) } } },
    'phone',
  );
  assert.deepEqual(Object.values(first), [true, true, false]);
});

test('the 1× targets keep their names and limits (8 ms CPU, 17 ms to the frame)', () => {
  const t = dragTargets({ memory: { controls: { a: drag(8, 17, 50) } } });
  assert.deepEqual(t, {
    'memory, every control: drag update CPU p95 <= 8 ms': true,
    'memory, every control: input-to-frame p95 <= 17 ms': true,
    'memory, every control: no task > 50 ms': true,
  });
});

test('a demo the phone run could not measure fails its three targets', () => {
  const t = dragTargets({ memory: { error: 'pointercancel' } }, 'phone');
  assert.deepEqual(Object.values(t), [false, false, false]);
});

test("the workers' speed-up needed follows native's in the same run", () => {
  // the AMD host's week: native 1.45x on two threads -> the workers need 1.305x, and had 1.52x
  assert.ok(Math.abs(parallelRequired(1.45) - 1.305) < 1e-12, `${parallelRequired(1.45)}`);
  assert.equal(parallelTarget({ speedup: { native: 1.45, wasmChrome: 1.52 }, wasmIdentical: true }).met, true);
  // a host that gives two cores their due: at least 1.7x, and 0.9x native's above that
  assert.equal(parallelRequired(1.85), 1.7);
  assert.ok(Math.abs(parallelRequired(2) - 1.8) < 1e-12, `${parallelRequired(2)}`);
  assert.equal(parallelTarget({ speedup: { native: 1.9, wasmChrome: 1.69 }, wasmIdentical: true }).met, false);
  // just under 1.85x: 0.9x native's alone
  assert.ok(Math.abs(parallelRequired(1.84) - 1.656) < 1e-12);
});

test('the parallel target fails when results differ or a number is missing', () => {
  assert.equal(parallelTarget({ speedup: { native: 1.5, wasmChrome: 1.9 }, wasmIdentical: false }).met, false);
  assert.equal(parallelTarget(undefined).met, false);
  assert.equal(parallelTarget({ speedup: { native: Number.NaN, wasmChrome: 1.9 }, wasmIdentical: true }).met, false);
});

test('two whole runs in a row: both must meet every 1× drag target', () => {
  const now = { 'a: CPU': true, 'a: frame': true };
  const earlier = { date: '2026-12-05', cpu: 'AMD EPYC', dragTargets: { 'a: CPU': true, 'a: frame': true } };
  assert.deepEqual(consecutiveDragRuns([earlier], now), { met: true, previous: earlier });
  const missed = { ...earlier, dragTargets: { 'a: CPU': false, 'a: frame': true } };
  assert.equal(consecutiveDragRuns([earlier, missed], now).met, false, 'the run just before decides');
  assert.equal(consecutiveDragRuns([], now).met, false, 'a first run has no run before it');
  assert.equal(consecutiveDragRuns([earlier], { ...now, 'a: frame': false }).met, false);
  // a target the earlier run did not have (an older bench) is not met there
  assert.equal(consecutiveDragRuns([earlier], { ...now, 'b: CPU': true }).met, false);
});

test('the table puts each control at 1× and 4× side by side, then where a 4× frame goes', () => {
  const trace = { msPerUpdate: { script: 9.5, layout: 3.25, paint: 1 }, forcedLayouts: 41, forcedLayoutMsPerUpdate: 2 };
  const lines = dragTable({
    drags: { ledger: { controls: { 'the page slider': drag(7.3, 8, 9, { updates: 41 }) } } },
    phone: { ledger: { controls: { 'the page slider': drag(30, 40, 45, { updates: 41, trace }) } } },
    floor: drag(1.7, 2.9, 2.5),
    reps: 5,
  });
  const row = lines.find((l) => l.startsWith('| ledger: the page slider |'));
  assert.equal(
    row,
    '| ledger: the page slider | 3.6 / 15.0 ms | 7.3 ms (6.3–8.3) | 30.0 ms (29.0–31.0) | 8.0 / 40.0 ms | 9.0 / 45.0 ms |',
  );
  assert.ok(
    lines.some((l) => l.startsWith('| the floor: a bare page with one slider (1× only) | 0.8 / — ms | 1.7 ms')),
  );
  const where = lines.find((l) => l.startsWith('| ledger: the page slider | 9.5 |'));
  assert.equal(where, '| ledger: the page slider | 9.5 | 0.0 | 3.3 | 1.0 | 0.0 | 0.0 | 1.0 (2.0 ms) |');
});

test('a control one run could not measure says so in its row', () => {
  const lines = dragTable({
    drags: { memory: { controls: { 'the slider': drag(4, 5, 6) } } },
    phone: { memory: { error: 'pointercancel: the browser took the drag for a scroll (touch-action)' } },
    reps: 5,
  });
  const row = lines.find((l) => l.startsWith('| memory: the slider'));
  assert.match(row, /not measured: 4×: pointercancel/);
  assert.match(row, /\| 4\.0 ms \(3\.0–5\.0\) \| — \|/);
});
