// The bench's CPU per drag update (tests/bench/page-metrics.mjs, cpuPerUpdateFromTrace) on a
// hand-made trace: which of the renderer main thread's tasks an update is charged with. The drag
// bench's targets are read from this number, so what it counts is pinned here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpuPerUpdateFromTrace, longestTaskFromTrace } from './page-metrics.mjs';

const PID = 7;
const MAIN = 1;
const OTHER = 2;
const threadName = (tid, name) => ({ ph: 'M', name: 'thread_name', pid: PID, tid, args: { name } });
const mark = (name, ts, tid = MAIN) => ({ ph: 'R', cat: 'blink.user_timing', name, pid: PID, tid, ts });
/** A top-level task from `ts` for `dur` µs of wall time, `tdur` µs of thread time. */
const task = (ts, dur, tdur = dur, tid = MAIN) => ({
  ph: 'X',
  cat: 'disabled-by-default-devtools.timeline,toplevel',
  name: 'ThreadControllerImpl::RunTask',
  pid: PID,
  tid,
  ts,
  dur,
  tdur,
});
/** An event inside a task: not a task of its own. */
const inner = (ts, dur) => ({ ph: 'X', cat: 'devtools.timeline', name: 'Layout', pid: PID, tid: MAIN, ts, dur });

/** One update from 1000 µs to 9000 µs: the input's task, the harness's message, the frame, the
 *  harness's end mark; around it, work before and after the update. */
function oneUpdate() {
  return [
    threadName(MAIN, 'CrRendererMain'),
    threadName(OTHER, 'CrRendererMain'),
    task(0, 900, 800), // before the update: not counted
    mark('linattn-update:start', 1100),
    task(1000, 600, 500), // the input's task, with the start mark in it
    task(1700, 100, 90),
    mark('linattn-harness', 1750), // the harness's message: when the input's task ended
    task(2000, 5000, 4000), // the frame
    inner(3000, 1000), // (inside the frame: already in its 4000)
    task(7200, 300, 250), // a message of the page's own (a worker's result, say)
    task(8900, 200, 150),
    mark('linattn-update:end', 9000), // the harness's message that ends the update
    task(9500, 700, 700), // after the update: not counted
    task(1000, 8000, 8000, OTHER), // another renderer's main thread: not this page
  ];
}

test('an update is charged with the page tasks between its marks, by thread time, not the harness tasks', () => {
  const cpu = cpuPerUpdateFromTrace(oneUpdate());
  assert.equal(cpu.length, 1);
  // input 500 + frame 4000 + the page's message 250; the two harness messages (90, 150) left out
  assert.equal(cpu[0], (500 + 4000 + 250) / 1000);
});

test('a task that only overlaps the update is counted whole; each update has its own tasks', () => {
  const events = [
    threadName(MAIN, 'CrRendererMain'),
    task(0, 2000, 1500), // begins before the start mark, ends inside
    mark('linattn-update:start', 1000),
    task(2500, 3000, 2000),
    task(6000, 100, 80),
    mark('linattn-update:end', 6050),
    mark('linattn-update:start', 7000),
    task(6900, 1000, 900),
    task(8000, 100, 60),
    mark('linattn-update:end', 8050),
  ];
  assert.deepEqual(cpuPerUpdateFromTrace(events), [(1500 + 2000) / 1000, 900 / 1000]);
});

test('the page whose main thread has the update marks is the one measured', () => {
  const events = [
    threadName(MAIN, 'CrRendererMain'),
    threadName(OTHER, 'CrRendererMain'),
    ...Array.from({ length: 5 }, (_, i) => task(i * 10, 5, 5, OTHER)), // busier, but no marks
    mark('linattn-update:start', 100),
    task(100, 400, 300),
    mark('linattn-update:end', 600),
    task(590, 20, 20),
  ];
  assert.deepEqual(cpuPerUpdateFromTrace(events), [0.3]);
});

test("the longest task is the page's own, in thread time, with the longest wall time beside it", () => {
  // oneUpdate(): the page's tasks have 800, 500, 4000, 250, 700 µs of thread time; the harness's
  // (90, 150) are left out, and so is the other page's 8000.
  assert.deepEqual(longestTaskFromTrace(oneUpdate()), { thread: 4, wall: 5 });
  // A task that waited for a core: 55 ms on the clock, 13.5 ms of it running.
  const waited = [threadName(MAIN, 'CrRendererMain'), task(0, 55000, 13500), task(60000, 20000, 19000)];
  assert.deepEqual(longestTaskFromTrace(waited), { thread: 19, wall: 55 });
});
