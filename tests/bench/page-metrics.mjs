// Page metrics of the built chapter (dist/), in headless Chromium (used by run.mjs):
//   assets      every file of dist/ with its raw and gzip (level 9) size; firstLoad = the files the
//               page requests until all the demos respond (lazy chunks, worker and wasm included)
//   demosRespondMs   from navigation start until every demo has mounted and answered an input with
//                    a change of its DOM (each figure is scrolled to at once, as a reader jumping
//                    through the page would)
//   drags       per demo, a scripted pointer drag at its largest settings, one move at a time: per
//               update, the time from the pointer event until the frame showing it is rendered
//               (p50, p95, max; `handlers`: the event handlers alone), the main thread's CPU time
//               per update (p50, p95, max, mean: the thread time of the renderer main thread's
//               tasks between the update's start and end, from a light trace of the drag, less
//               the harness's own two message tasks per update, each found by the mark it makes),
//               and the long tasks (> 50 ms) PerformanceObserver('longtask') saw meanwhile; `trace`: a DevTools performance trace of the same drag (CDP Tracing,
//               devtools.timeline), the renderer main thread's self time per kind of work per
//               update (script, style, layout, paint, ...) and the layouts forced by script (read
//               after a write), so the output names where each frame goes.
//   floor       the same drag over a bare page (one range input writing its value into one text
//               node): what an update costs this machine and this browser with no demo at all, the
//               line the demos' numbers are read against (reported, not a target)
// `node tests/bench/page-metrics.mjs` runs it alone against dist/ and writes
// bench-results/page-metrics.json: { <demo>: { cpuP95, frameP95, maxTask, cpuMean, trace }, floor: {…} } (ms).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { startServer } from '../../scripts/serve.mjs';

const STEPS = 40; // pointer moves per drag

function sizes(file) {
  const body = readFileSync(file);
  return { rawBytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length };
}

function listFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...listFiles(p));
    else out.push(p);
  }
  return out;
}

export const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  if (!s.length) return NaN;
  const at = (s.length - 1) * q,
    lo = Math.floor(at),
    hi = Math.ceil(at);
  return s[lo] + (s[hi] - s[lo]) * (at - lo);
};

// Runs in the page: times every pointer move's update (see the header) into window.__updates, and
// marks each update's start and end (User Timing) so that a trace can sum the CPU between them.
export function instrument() {
  window.__updates = [];
  window.__longTasks = [];
  window.__onUpdate = null;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: false });
  // What ran in a frame of 50 ms or more (Long Animation Frames): its scripts, the most first, and
  // how much of it was rendering. A long task alone says only that it was long.
  window.__longFrames = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.duration < 50) continue;
        const base = (url) => (url ?? '').split('/').pop();
        window.__longFrames.push({
          duration: Math.round(e.duration),
          blocking: Math.round(e.blockingDuration),
          render: Math.round(e.renderStart ? e.startTime + e.duration - e.renderStart : 0),
          scripts: [...e.scripts]
            .sort((a, b) => b.duration - a.duration)
            .slice(0, 3)
            .map((x) => ({
              invoker: x.invoker,
              source: `${x.sourceFunctionName || '?'} ${base(x.sourceURL)}`.trim(),
              duration: Math.round(x.duration),
              forcedLayout: Math.round(x.forcedStyleAndLayoutDuration),
            })),
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: false });
  } catch {
    /* no Long Animation Frames in this browser */
  }
  // A touch the browser takes for a scroll ends the drag with a pointercancel: counted, so that a
  // drag that moves nothing fails at once instead of waiting out every move.
  window.__cancels = 0;
  window.addEventListener('pointercancel', () => {
    window.__cancels += 1;
  });
  let rec = null;
  // Capture phase on window: runs before the demo's handlers. Its animation-frame callback is
  // queued before any the demo queues in this task, so it marks the start of their work.
  window.addEventListener(
    'pointermove',
    () => {
      if (!window.__measuring) return;
      const r = { t0: performance.now() };
      performance.mark('linattn-update:start');
      rec = r;
      requestAnimationFrame(() => {
        r.rafBefore = performance.now();
      });
      const ch = new MessageChannel();
      ch.port1.onmessage = () => {
        r.taskEnd = performance.now();
        performance.mark('linattn-harness'); // this task is the harness's: not the page's CPU
        ch.port1.close(); // a started port with a listener lives until closed: not the page's memory
      };
      ch.port2.postMessage(0);
    },
    { capture: true },
  );
  // Bubble phase (after the demo's handlers, for the pointer move and for a range's input event):
  // a frame callback queued now runs after the demo's, then a message marks the end of rendering.
  const after = () => {
    const r = rec;
    if (!r) return;
    cancelAnimationFrame(r.afterId);
    r.afterId = requestAnimationFrame(() => {
      r.rafAfter = performance.now();
      const ch = new MessageChannel();
      ch.port1.onmessage = () => {
        ch.port1.close();
        if (r.rendered !== undefined) return;
        r.rendered = performance.now();
        performance.mark('linattn-update:end');
        window.__updates.push(r);
        window.__onUpdate?.();
      };
      ch.port2.postMessage(0);
    });
  };
  window.addEventListener('pointermove', after);
  window.addEventListener('input', after);
}

// ---- a performance trace of one drag: where the main thread's time goes ----------------------------
const TRACE_CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
];

// The measured drag's trace: top-level tasks (with thread time) and the update marks only.
const LIGHT_CATEGORIES = ['toplevel', 'blink.user_timing'];

// Each page's DevTools session (tracing, and the chapter's network settings), made on first use.
const sessions = new WeakMap();
function sessionOf(page) {
  if (!sessions.has(page)) sessions.set(page, page.context().newCDPSession(page));
  return sessions.get(page);
}

async function startTrace(page, categories) {
  const cdp = await sessionOf(page);
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: categories, recordMode: 'recordAsMuchAsPossible' },
    transferMode: 'ReportEvents',
  });
}

async function stopTrace(page) {
  const cdp = await sessionOf(page);
  const events = [];
  const onData = ({ value }) => events.push(...value);
  cdp.on('Tracing.dataCollected', onData);
  const done = new Promise((resolveDone) => cdp.once('Tracing.tracingComplete', resolveDone));
  await cdp.send('Tracing.end');
  await done;
  cdp.off('Tracing.dataCollected', onData);
  return events;
}

// Trace event names grouped into the kinds of work DevTools shows.
const KINDS = {
  script: [
    'FunctionCall',
    'EvaluateScript',
    'EventDispatch',
    'TimerFire',
    'FireAnimationFrame',
    'v8.compile',
    'v8.callFunction',
    'RunMicrotasks',
    'V8.GC_SCAVENGER',
    'MinorGC',
    'MajorGC',
    'V8.Execute',
    'FireIdleCallback',
  ],
  style: ['UpdateLayoutTree', 'RecalculateStyles', 'ParseAuthorStyleSheet'],
  layout: [
    'Layout',
    'UpdateLayerTree',
    'IntersectionObserverController::computeIntersections',
    'ResizeObserverController::DeliverObservations',
  ],
  paint: [
    'PrePaint',
    'Paint',
    'PaintImage',
    'Layerize',
    'UpdateLayer',
    'RasterTask',
    'Decode Image',
    'Commit',
    'CompositeLayers',
  ],
  hitTest: ['HitTest'],
};
const KIND_OF = new Map(Object.entries(KINDS).flatMap(([k, names]) => names.map((n) => [n, k])));
const SCRIPT_PARENTS = new Set(['FunctionCall', 'EventDispatch', 'TimerFire', 'FireAnimationFrame', 'v8.callFunction']);

/**
 * The events of the page's main thread in a trace: of the renderers' main threads, the one with
 * the most update marks (instrument()), else the busiest one (the most complete events).
 */
function pageMainThread(events) {
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  let best = null;
  for (const m of mains) {
    const mine = events.filter((e) => e.pid === m.pid && e.tid === m.tid);
    const score = [
      mine.filter((e) => e.name?.startsWith('linattn-update:')).length,
      mine.filter((e) => e.ph === 'X' && e.dur !== undefined).length,
    ];
    if (!best || score[0] > best.score[0] || (score[0] === best.score[0] && score[1] > best.score[1]))
      best = { mine, score };
  }
  return best ? best.mine : [];
}

/**
 * The renderer main thread's time in a trace, by kind of work (self time: a Layout inside a
 * FunctionCall counts as layout, not script), plus the layouts and style recalculations that ran
 * inside script (forced: script read layout after writing to the DOM).
 */
export function traceSummary(events, updates) {
  const onMain = pageMainThread(events).filter((e) => e.ph === 'X' && e.dur !== undefined);
  if (!onMain.length) return null;
  onMain.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const self = {};
  const byName = {};
  let forcedLayouts = 0;
  let forcedMs = 0;
  const stack = []; // open events: { e, child }
  const close = (until) => {
    while (stack.length && stack[stack.length - 1].end <= until) {
      const top = stack.pop();
      const kind = KIND_OF.get(top.e.name) ?? 'other';
      const ms = (top.e.dur - top.child) / 1000;
      self[kind] = (self[kind] ?? 0) + ms;
      byName[top.e.name] = (byName[top.e.name] ?? 0) + ms;
    }
  };
  for (const e of onMain) {
    close(e.ts);
    const parent = stack[stack.length - 1];
    if (parent) parent.child += e.dur;
    if ((e.name === 'Layout' || e.name === 'UpdateLayoutTree') && stack.some((o) => SCRIPT_PARENTS.has(o.e.name))) {
      forcedLayouts += 1;
      forcedMs += e.dur / 1000;
    }
    stack.push({ e, child: 0, end: e.ts + e.dur });
  }
  close(Number.POSITIVE_INFINITY);
  const per = (ms) => Math.round((ms / Math.max(1, updates)) * 100) / 100;
  const perKind = Object.fromEntries(
    Object.entries(self)
      .sort((a, b) => b[1] - a[1])
      .map(([k, ms]) => [k, per(ms)]),
  );
  const top = Object.entries(byName)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([name, ms]) => ({ name, msPerUpdate: per(ms) }));
  return { msPerUpdate: perKind, top, forcedLayouts, forcedLayoutMsPerUpdate: per(forcedMs) };
}

/** Resolves in the page once `n` updates have been rendered (or after 2 s), with { done: how many
 *  were, cancels: the pointercancels so far }: one DevTools command a move, as the next move waits
 *  for it (at 4× CPU each command took 14 ms at the median and 200 ms at p95, so a drag's moves came
 *  160 ms apart, slower than any finger, and the overcapacity settings sliders counted as rested
 *  mid-drag). Event-driven: the harness adds no task of its own while the page renders but this
 *  command, which often lands inside the update it waits for (about 1 ms an update at 4× CPU): its
 *  mark leaves it out of the page's CPU like instrument()'s own tasks. */
function renderedCount(n) {
  performance.mark('linattn-harness');
  return new Promise((resolveWait) => {
    const done = () => ({ done: window.__updates.length, cancels: window.__cancels });
    const check = () => {
      if (window.__updates.length < n) return false;
      window.__onUpdate = null;
      clearTimeout(timer);
      resolveWait(done());
      return true;
    };
    const timer = setTimeout(() => {
      window.__onUpdate = null;
      resolveWait(done());
    }, 2000);
    if (!check()) window.__onUpdate = check;
  });
}

/** The marks made by the harness's own tasks (instrument()'s two messages per update). */
const HARNESS_MARKS = new Set(['linattn-harness', 'linattn-update:end']);

/**
 * The renderer main thread's CPU per update in a light trace (toplevel + User Timing): for each
 * update, the thread time of the top-level tasks that ran between its start and end marks
 * (instrument()), whole tasks counted: the task that dispatched the input and the frame's tasks.
 * The harness's own tasks are not the page's work and are left out: the message that notes when
 * the input's task ended and the one that marks the end of the update (0.25-0.35 ms an update
 * together on the 2-core host), each known by the mark it makes.
 */
export function cpuPerUpdateFromTrace(events) {
  const mine = pageMainThread(events).sort((a, b) => a.ts - b.ts);
  const harness = mine.filter((e) => HARNESS_MARKS.has(e.name)).map((e) => e.ts);
  const tasks = [];
  let end = -1;
  for (const e of mine) {
    if (e.ph !== 'X' || e.dur === undefined || !e.cat?.includes('toplevel')) continue;
    if (e.ts >= end) {
      end = e.ts + e.dur;
      if (!harness.some((ts) => ts >= e.ts && ts <= end)) tasks.push(e);
    }
  }
  const windows = [];
  let start = null;
  for (const e of mine) {
    if (e.name === 'linattn-update:start') start = e.ts;
    else if (e.name === 'linattn-update:end' && start !== null) {
      windows.push([start, e.ts]);
      start = null;
    }
  }
  return windows.map(
    ([a, b]) => tasks.filter((t) => t.ts + t.dur > a && t.ts < b).reduce((sum, t) => sum + (t.tdur ?? t.dur), 0) / 1000,
  );
}

/**
 * The page's longest task in a trace, the harness's own left out: { thread, wall } ms, the most
 * thread time (the CPU a task had: the page's own work) and the most wall time any task took. On
 * the 2-core host a task waits for a core now and then (the sweep and store workers, Chromium's
 * other processes, the trace itself): one delta-step drag had a task of 55 ms wall with 13.5 ms
 * of thread time. The target "no task > 50 ms" reads the thread time, as CPU per update does.
 */
export function longestTaskFromTrace(events) {
  const mine = pageMainThread(events).sort((a, b) => a.ts - b.ts);
  const harness = mine.filter((e) => HARNESS_MARKS.has(e.name)).map((e) => e.ts);
  let thread = 0;
  let wall = 0;
  let end = -1;
  for (const e of mine) {
    if (e.ph !== 'X' || e.dur === undefined || !e.cat?.includes('toplevel') || e.ts < end) continue;
    end = e.ts + e.dur;
    if (harness.some((ts) => ts >= e.ts && ts <= end)) continue;
    thread = Math.max(thread, (e.tdur ?? e.dur) / 1000);
    wall = Math.max(wall, e.dur / 1000);
  }
  return { thread, wall };
}

/**
 * The pointer of a drag: the mouse, or with `touch` one finger (CDP Input.dispatchTouchEvent: touch
 * events, and the pointer events of pointerType "touch" the browser makes of them, as on a phone).
 */
async function pointerOf(page, touch) {
  if (!touch)
    return {
      down: async (x, y) => {
        await page.mouse.move(x, y);
        await page.mouse.down();
      },
      move: (x, y) => page.mouse.move(x, y),
      up: () => page.mouse.up(),
    };
  const cdp = await sessionOf(page);
  const send = (type, points) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points });
  return {
    down: (x, y) => send('touchStart', [{ x, y }]),
    move: (x, y) => send('touchMove', [{ x, y }]),
    up: () => send('touchEnd', []),
  };
}

/**
 * Chromium's CPU throttle on the page (`rate` × slower; 1: none): the renderer's main thread only
 * (ThreadCPUThrottler: on Linux a signal handler that spins, so thread time grows with it too).
 */
async function throttle(page, rate) {
  await (await sessionOf(page)).send('Emulation.setCPUThrottlingRate', { rate });
}

/**
 * Drags through `points` one move at a time, each move waited for until its frame is rendered.
 * Without `trace`: per update, the wall times (instrument()) and the main thread's CPU from a light
 * trace (cpuPerUpdateFromTrace: thread time, so steady on a loaded machine). With `trace`: a full
 * DevTools trace of the drag instead, summarized by traceSummary (that tracing slows the page, so
 * its times are only for the breakdown). `touch`: one finger instead of the mouse; `rate`: the CPU
 * slowed that many times during the drag (PHONE), back to full speed after it.
 */
export async function drag(page, points, { trace = false, touch = false, rate = 1 } = {}) {
  const before = await page.evaluate(() => window.__updates.length);
  await page.evaluate(() => {
    window.__measuring = true;
    window.__longTasks.length = 0;
    window.__longFrames.length = 0;
    window.__cancels = 0;
  });
  const pointer = await pointerOf(page, touch);
  if (rate !== 1) await throttle(page, rate);
  await startTrace(page, trace ? TRACE_CATEGORIES : LIGHT_CATEGORIES);
  let cancelled = 0;
  try {
    await pointer.down(points[0][0], points[0][1]);
    let { done } = await page.evaluate(renderedCount, before + 1); // the press may render a frame of its own
    for (const [x, y] of points.slice(1)) {
      await pointer.move(x, y);
      ({ done, cancels: cancelled } = await page.evaluate(renderedCount, done + 1));
      if (cancelled) break;
    }
    await pointer.up();
    await page.waitForTimeout(300);
  } finally {
    if (rate !== 1) await throttle(page, 1);
  }
  const events = await stopTrace(page);
  if (cancelled) throw new Error('pointercancel: the browser took the drag for a scroll (touch-action)');
  const raw = await page.evaluate((from) => {
    window.__measuring = false;
    // The trace has the marks: the page's timeline need not keep them (some 120 a drag, hundreds
    // of drags a run, each an object in Blink's heap, whose compaction a long task may be).
    for (const name of ['linattn-update:start', 'linattn-update:end', 'linattn-harness']) performance.clearMarks(name);
    const ups = window.__updates.slice(from).filter((r) => r.rafBefore !== undefined && r.taskEnd !== undefined);
    return {
      // Chromium dispatches pointer moves aligned with frames: the handlers, the frame callbacks
      // and the rendering of that frame run back to back, so input -> rendered is the work itself.
      perUpdate: ups.map((r) => r.rendered - r.t0),
      handlers: ups.map((r) => Math.min(r.taskEnd, r.rafBefore) - r.t0),
      longTasks: window.__longTasks.map((t) => t.duration),
      longFrames: window.__longFrames.slice(),
    };
  }, before);
  return trace
    ? traceSummary(events, raw.perUpdate.length)
    : { ...raw, cpu: cpuPerUpdateFromTrace(events), longestTask: longestTaskFromTrace(events) };
}

/**
 * Drags per measurement. A 2-core shared host's own noise moves one drag's p95 by more than a
 * frame's budget: one build's memory demo read 7.7 and 12.1 ms in two runs minutes apart, most of
 * its updates costing more in the second. So each demo (and the floor) is dragged this many times
 * on its page, and its numbers are the median drag's (the median of each figure over the drags; the
 * longest task the longest of all), as the workloads' times are medians of their reps.
 */
export const DRAG_REPS = 5;

/** `settle()` resolves when the page has finished what the last drag started (DRAG_SETUPS). */
const noSettle = async () => {};

/**
 * The measured drags (`drags`, DRAG_REPS), then the same drag again under a trace (where the time
 * goes); `how`: drag()'s pointer and CPU options (touch, rate).
 */
async function measuredDrag(page, points, settle = noSettle, { trace = true, drags = DRAG_REPS, how = {} } = {}) {
  const reps = [];
  for (let i = 0; i < drags; i++) {
    await settle();
    reps.push(await drag(page, points, how));
  }
  if (!trace) return { reps };
  await settle();
  const traced = await drag(page, points, { ...how, trace: true }).catch((e) => ({ error: e.message.split('\n')[0] }));
  return { reps, trace: traced };
}

/** One drag's numbers (drag()'s raw times). */
function summarizeOne(raw) {
  const u = raw.perUpdate;
  return {
    updates: u.length,
    update: { p50: quantile(u, 0.5), p95: quantile(u, 0.95), max: Math.max(...u) },
    // The drag's first update, input -> frame: starting a drag may cost more than going on with it.
    firstUpdate: u[0],
    // The main thread's CPU time per update (tasks of every kind, in thread time: steady on a
    // loaded machine, where the wall times above also count waiting for a core).
    cpuPerUpdateMs: raw.cpu.reduce((a, b) => a + b, 0) / Math.max(1, raw.cpu.length),
    handlers: { p50: quantile(raw.handlers, 0.5), p95: quantile(raw.handlers, 0.95) },
    longTasks: raw.longTasks,
    longFrames: raw.longFrames ?? [],
    longestUpdateMs: Math.max(...u),
    // The page's longest task in thread time (longestTaskFromTrace), and in wall time: the longest
    // of the trace's tasks and the browser's long-task entries (from 50 ms up, wall time too).
    longestTaskMs: raw.longestTask.thread,
    longestWallMs: Math.max(raw.longestTask.wall, ...raw.longTasks),
    // Per update, from the trace: the main thread's CPU (thread time of its tasks) from the
    // pointer event to the frame that showed it.
    cpuPerUpdate: { p50: quantile(raw.cpu, 0.5), p95: quantile(raw.cpu, 0.95), max: Math.max(...raw.cpu) },
    cpuList: raw.cpu, // per update, in order (the first updates of a drag may differ)
  };
}

/**
 * The drags of one measurement ({ reps, trace }: measuredDrag) as one: each figure the median of
 * the drags' (the longest task and the maxima the largest of all), `cpuList` the list of the drag
 * whose CPU p95 is the median, `reps` each drag's own figures, `trace` where a frame's time goes.
 */
function summarize({ reps, trace }, settings) {
  const one = reps.map(summarizeOne);
  const med = (pick) => quantile(one.map(pick), 0.5);
  const most = (pick) => Math.max(...one.map(pick));
  const byP95 = [...one].sort((a, b) => a.cpuPerUpdate.p95 - b.cpuPerUpdate.p95);
  return {
    settings,
    drags: one.length,
    updates: med((r) => r.updates),
    update: { p50: med((r) => r.update.p50), p95: med((r) => r.update.p95), max: most((r) => r.update.max) },
    firstUpdate: med((r) => r.firstUpdate),
    cpuPerUpdateMs: med((r) => r.cpuPerUpdateMs),
    handlers: { p50: med((r) => r.handlers.p50), p95: med((r) => r.handlers.p95) },
    longTasks: one.flatMap((r) => r.longTasks),
    // the frames of 50 ms or more of all the drags, with what ran in them (instrument())
    longFrames: one.flatMap((r, i) => r.longFrames.map((f) => ({ drag: i + 1, ...f }))),
    longestTaskMs: most((r) => r.longestTaskMs),
    longestWallMs: most((r) => r.longestWallMs),
    cpuPerUpdate: {
      p50: med((r) => r.cpuPerUpdate.p50),
      p95: med((r) => r.cpuPerUpdate.p95),
      max: most((r) => r.cpuPerUpdate.max),
    },
    trace,
    cpuList: byP95[(byP95.length - 1) >> 1].cpuList,
    reps: one.map((r) => ({
      cpuMean: round2(r.cpuPerUpdateMs),
      cpuP95: round2(r.cpuPerUpdate.p95),
      frameP95: round2(r.update.p95),
      firstFrame: round2(r.firstUpdate),
      maxTask: round2(r.longestTaskMs),
      maxTaskWall: round2(r.longestWallMs),
      longestUpdate: round2(r.longestUpdateMs),
    })),
  };
}

/** The drag numbers the benchmark's targets read: { <demo>: { cpuP95, frameP95, maxTask, ... } } (ms). */
export function dragTargets(drags) {
  return Object.fromEntries(
    Object.entries(drags).map(([demo, d]) => [
      demo,
      d.error
        ? { error: d.error }
        : {
            cpuP95: round2(d.cpuPerUpdate?.p95 ?? Number.NaN),
            frameP95: round2(d.update.p95),
            firstFrame: round2(d.firstUpdate), // the first update of a drag, input -> frame (median of the drags)
            maxTask: round2(d.longestTaskMs),
            maxTaskWall: round2(d.longestWallMs),
            cpuMean: round2(d.cpuPerUpdateMs),
            updates: d.updates,
            cpuList: d.cpuList?.map(round2), // per update of the median drag, in order: where its p95 comes from
            reps: d.reps, // each drag's own figures (the numbers above are their medians)
            settings: d.settings,
            trace: d.trace,
            controls: d.controls && controlFigures(d.controls),
          },
    ]),
  );
}

/** Per control of a demo (demoDrag's `controls`): its median drag's figures and each drag's. */
function controlFigures(controls) {
  return Object.fromEntries(
    Object.entries(controls).map(([name, c]) => [
      name,
      c.error
        ? { error: c.error }
        : {
            cpuP95: round2(c.cpuPerUpdate.p95),
            frameP95: round2(c.update.p95),
            firstFrame: round2(c.firstUpdate),
            maxTask: round2(c.longestTaskMs),
            maxTaskWall: round2(c.longestWallMs),
            cpuMean: round2(c.cpuPerUpdateMs),
            updates: c.updates,
            cpuList: c.cpuList?.map(round2), // per update of its median drag, in order
            reps: c.reps,
            longFrames: c.longFrames, // frames of 50 ms or more, with what ran in them
            trace: c.trace, // where its frame goes (the phone run traces every control)
          },
    ]),
  );
}

/**
 * The most any control of a demo's drags cost (what the targets read: "any control of any
 * demo"): { cpuP95, frameP95, maxTask, each with `...By`, the control it comes from }; an `error`
 * when a control was not measured. A demo measured without its controls reads its main drag.
 */
export function worstControl(d) {
  if (d.error) return { error: d.error };
  const all = Object.entries(d.controls ?? { [d.control ?? 'main drag']: d });
  const failed = all.find(([, c]) => c.error);
  if (failed) return { error: `${failed[0]}: ${failed[1].error}` };
  const most = (pick) => all.reduce((best, [name, c]) => (pick(c) > best[1] ? [name, pick(c)] : best), ['', -Infinity]);
  const [cpuBy, cpuP95] = most((c) => c.cpuPerUpdate.p95);
  const [frameBy, frameP95] = most((c) => c.update.p95);
  const [taskBy, maxTask] = most((c) => c.longestTaskMs);
  const [firstBy, firstFrame] = most((c) => c.firstUpdate ?? Number.POSITIVE_INFINITY);
  return { cpuP95, cpuBy, frameP95, frameBy, maxTask, taskBy, firstFrame, firstBy };
}
const round2 = (x) => Math.round(x * 100) / 100;

/** A long frame's scripts, the longest first: "invoker (source) ms". */
export function longFrameScripts(f) {
  if (!f.scripts.length) return 'no script';
  return f.scripts
    .map(
      (x) => `${x.invoker} (${x.source}) ${x.duration} ms${x.forcedLayout ? `, ${x.forcedLayout} forced layout` : ''}`,
    )
    .join('; ');
}

/** A trace's time per update by kind of work, and its top events (traceSummary) in one line. */
const traceLine = (t) =>
  `per update, ms: ${Object.entries(t?.msPerUpdate ?? {})
    .map(([k, ms]) => `${k} ${ms}`)
    .join(', ')}; forced layouts ${t?.forcedLayouts} (${t?.forcedLayoutMsPerUpdate} ms per update); top: ${(
    t?.top ?? []
  )
    .map((x) => `${x.name} ${x.msPerUpdate}`)
    .join(', ')}`;

/** One line per demo: the targets' numbers and where a frame's time goes. */
export function printDrags(drags) {
  for (const [demo, d] of Object.entries(dragTargets(drags))) {
    if (d.error) {
      console.log(`${demo}: not measured: ${d.error}`);
      continue;
    }
    console.log(
      `${demo}: CPU per update p95 ${d.cpuP95} ms (mean ${d.cpuMean}), input -> frame p95 ${d.frameP95} ms, ` +
        `longest task ${d.maxTask} ms, ${d.updates} updates; the median of ${d.reps?.length ?? 1} drags, whose ` +
        `CPU p95 were ${(d.reps ?? []).map((r) => r.cpuP95).join(', ')} ms\n  ${traceLine(d.trace)}`,
    );
    for (const [name, c] of Object.entries(d.controls ?? {}))
      console.log(
        c.error
          ? `  - ${name}: not measured: ${c.error}`
          : `  - ${name}: CPU p95 ${c.cpuP95} ms (mean ${c.cpuMean}; the drags' p95 ${c.reps.map((r) => r.cpuP95).join(', ')}), ` +
              `input -> frame p95 ${c.frameP95} ms (the first update ${c.firstFrame} ms), ` +
              `longest task ${c.maxTask} ms (wall ${c.maxTaskWall})` +
              (c.trace && !c.trace.error ? `\n      ${traceLine(c.trace)}` : '') +
              (c.longFrames ?? [])
                .map(
                  (f) =>
                    `\n      a ${f.duration} ms frame (drag ${f.drag}; rendering ${f.render} ms): ${longFrameScripts(f)}`,
                )
                .join(''),
      );
  }
}

/** The floor in one line: CPU per update mean and p95, input -> frame p95 (ms). */
export function floorLine(floor) {
  if (!floor || floor.error) return `not measured${floor?.error ? `: ${floor.error}` : ''}`;
  const f = (x) => round2(x).toFixed(2);
  return (
    `CPU per update ${f(floor.cpuPerUpdateMs)} ms mean, p95 ${f(floor.cpuPerUpdate.p95)} ms; input -> frame p95 ` +
    `${f(floor.update.p95)} ms; ${floor.drags ?? 1} drags of ${floor.updates} updates, the median drag's (${floor.settings})`
  );
}

/**
 * The pointer path over a slider's box: end to end in STEPS moves, and back again in the next
 * STEPS (a longer drag goes on back and forth).
 */
function alongSlider(box, moves) {
  const y = box.y + box.height / 2;
  return Array.from({ length: moves + 1 }, (_, i) => {
    const t = (i % (2 * STEPS)) / STEPS;
    return [box.x + 4 + (box.width - 8) * (t <= 1 ? t : 2 - t), y];
  });
}

/** A range input of the demo (`selector` inside `root`), brought into view: the path along it. */
async function rangePath(page, root, selector, moves) {
  const input = page.locator(`${root} ${selector}`).first();
  await openDisclosures(input);
  await input.scrollIntoViewIfNeeded();
  return alongSlider(await input.boundingBox(), moves);
}

/**
 * A handle on a chart (`selector`), moved by its margin inside a track as wide as the plot: the
 * press on the handle, then along the track like a slider, at the handle's height.
 */
async function handlePath(page, root, selector, moves) {
  const handle = page.locator(`${root} ${selector}`).first();
  await handle.scrollIntoViewIfNeeded();
  const hb = await handle.boundingBox();
  const track = await handle.evaluate((el) => {
    const b = el.parentElement.getBoundingClientRect();
    return { x: b.x, y: b.y, width: b.width, height: b.height };
  });
  const y = hb.y + hb.height / 2;
  return [[hb.x + hb.width / 2, y], ...alongSlider({ ...track, y: y - track.height / 2 }, moves).slice(1)];
}

/** A handle of the ledger's plane (`part`): the press on it, then once around the plane every STEPS moves. */
async function aroundPlane(page, root, part, moves) {
  const handle = page.locator(`${root} [data-part="${part}"]`).first();
  // The figure is taller than the viewport: bring the plane itself into view (a drag on
  // coordinates outside the viewport moves nothing, and the frame then costs only a hit test).
  await handle.scrollIntoViewIfNeeded();
  const plane = await handle.evaluate((el) => {
    const svg = el.ownerSVGElement ?? el.closest('svg');
    const b = svg.getBoundingClientRect();
    return { x: b.x, y: b.y, w: b.width, h: b.height };
  });
  const hb = await handle.boundingBox();
  const cx = plane.x + plane.w / 2,
    cy = plane.y + plane.h / 2;
  const hx = hb.x + hb.width / 2,
    hy = hb.y + hb.height / 2;
  const r = Math.hypot(hx - cx, hy - cy),
    a0 = Math.atan2(hy - cy, hx - cx);
  return Array.from({ length: moves + 1 }, (_, i) => [
    cx + r * Math.cos(a0 + (2 * Math.PI * i) / STEPS),
    cy + r * Math.sin(a0 + (2 * Math.PI * i) / STEPS),
  ]);
}

/** Opens every closed <details> around `locator`'s element (a setting a click away). */
function openDisclosures(locator) {
  return locator.evaluate((el) => {
    for (let d = el.closest('details'); d; d = d.parentElement?.closest('details')) d.open = true;
  });
}

/** Resolves once the overcapacity demo under `root` computes nothing: its sweep, its capacity panel and its store. */
function overcapacityIdle(page, root) {
  return page
    .waitForFunction(
      (root) => {
        const m = document.querySelector(root);
        if (m?.dataset.sweep !== 'complete') return false;
        const cap = m.querySelector('[data-capacity]');
        if (cap && cap.dataset.capacity !== 'complete') return false;
        return ![...m.querySelectorAll('.oc-subhead')].some((p) => /computing N|slider rests/.test(p.textContent));
      },
      root,
      { timeout: 180000, polling: 100 },
    )
    .catch(async (e) => {
      // What the figure showed when the wait gave up: the conditions above, read in full.
      const seen = await page
        .evaluate((root) => {
          const m = document.querySelector(root);
          const cap = m?.querySelector('[data-capacity]');
          const subheads = [...(m?.querySelectorAll('.oc-subhead') ?? [])].map((p) => p.textContent);
          return JSON.stringify({ sweep: m?.dataset.sweep, capacity: cap?.dataset.capacity, subheads });
        }, root)
        .catch(() => 'unreadable');
      throw new Error(`${e.message}; the figure then: ${seen}`);
    })
    .then(() => page.waitForTimeout(300));
}

/**
 * Every demo at its largest settings, and every control a reader drags in it ("any
 * control of any demo"), in chapter order. Per demo: `largest(page, root)` sets the settings and
 * resolves to { settings, since, settle } (`since`: when they were chosen, for the overcapacity's
 * sweep time; `settle()`, where a drag leaves work behind: resolves once it is done, before the
 * next drag); `controls`: per control, its pointer path (page coordinates: the press, then `moves`
 * moves). The first control is the demo's main drag: traced, and the one drag-phases.mjs and
 * drag-profile.mjs take by default. `root` selects the demo's mount (chapter or embed.html).
 */
const DRAG_SETUPS = {
  ledger: {
    // d = 2 (the plane), the most associations a ledger holds, elu + 1 with the normalizer, every write applied
    async largest(page, root) {
      await page.locator(root).scrollIntoViewIfNeeded();
      await page.locator(root).evaluate(async (m) => {
        const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
        m.querySelector('[data-part="dim-2"]')?.click();
        await frame();
        m.querySelector('[data-part="fm-elu1"]')?.click();
        await frame();
        for (let i = 0; i < 16; i++) {
          const add = m.querySelector('[data-action="add"]');
          if (!add || add.disabled) break;
          add.click();
          await frame();
        }
        const range = m.querySelector('[data-part="step-range"]');
        range.value = range.max;
        range.dispatchEvent(new Event('input', { bubbles: true }));
        range.dispatchEvent(new Event('change', { bubbles: true }));
        await frame();
      });
      const n = await page.locator(`${root} [data-part="step-range"]`).first().getAttribute('max');
      await page.waitForTimeout(300);
      return { settings: `d = 2 (the plane), ${n} associations, elu + 1 with the normalizer, all ${n} writes applied` };
    },
    controls: {
      'key 1, once around the plane': (page, root, moves) => aroundPlane(page, root, 'handle-1', moves),
      'the free query, once around the plane': async (page, root, moves) => {
        // the query's choice sits with the reads' breakdown, behind "Numbers": a reader opens it
        const query = page.locator(`${root} [data-part="query-select"]`).first();
        await openDisclosures(query);
        await query.selectOption('-1');
        await page.waitForTimeout(100);
        return aroundPlane(page, root, 'handle-q', moves);
      },
      'the page slider, end to end': (page, root, moves) => rangePath(page, root, '[data-part="step-range"]', moves),
    },
  },
  memory: {
    // the preset with the most layer groups and sessions
    async largest(page, root) {
      const sel = page.locator(`${root} select[id$="-preset"]`).first();
      await openDisclosures(sel);
      await sel.scrollIntoViewIfNeeded();
      await sel.selectOption('minimax-text-01');
      await page.waitForTimeout(300);
      return { settings: 'MiniMax-Text-01 (linear + attention layers)' };
    },
    controls: {
      'the context slider, 1K -> 10M': (page, root, moves) => rangePath(page, root, 'input[type="range"]', moves),
      'the context marker on the chart, end to end': (page, root, moves) => handlePath(page, root, '.lm-handle', moves),
    },
  },
  overcapacity: {
    // d = 256 (N up to 1024), the default 8 trials
    async largest(page, root) {
      const dSel = page.locator(`${root} [data-part="d"]`).first();
      await dSel.scrollIntoViewIfNeeded();
      await dSel.selectOption('256');
      const since = Date.now();
      // The sweep and the capacity panel run in workers: a drag is measured once both are complete
      // (the root's data-sweep, the panel's data-capacity), so that no result streaming in lands in a
      // frame of the drag. (The status line alone is not enough: "Averaged over 1 of 8 trials so
      // far" says nothing of computing, and the drag used to start with 7 trials still to come.)
      // A drag of N ends at N = 1,024, whose store (seconds in a worker) is asked for once the slider
      // rests; a drag of the forget gate or the delta step starts a new sweep: the next drag starts
      // once all that has arrived and been drawn, as the first one did.
      const settle = () => overcapacityIdle(page, root);
      await settle();
      return { settings: 'd = 256, 8 trials (N from 1 to 1024)', since, settle };
    },
    controls: {
      'the N slider, end to end': (page, root, moves) => rangePath(page, root, '[data-part="n"]', moves),
      'the N handle on the curve, end to end': (page, root, moves) =>
        handlePath(page, root, '[data-part="n-handle"]', moves),
      'softmax sharpness β, end to end': (page, root, moves) => rangePath(page, root, '[data-part="beta"]', moves),
      'the capacity panel\u2019s tolerance, end to end': (page, root, moves) =>
        rangePath(page, root, '[data-part="level"]', moves),
      'the forget gate α, end to end': (page, root, moves) => rangePath(page, root, '[data-part="gate"]', moves),
      'the delta rule\u2019s step, end to end (delta rule)': async (page, root, moves) => {
        const rule = page.locator(`${root} [data-part="rule"]`).first();
        await openDisclosures(rule);
        await rule.selectOption('delta');
        await overcapacityIdle(page, root);
        return rangePath(page, root, '[data-part="step"]', moves);
      },
    },
  },
  spotlight: {
    // the defaults (d = 16, m = 64): the N slider itself goes to its largest, N = 4096
    async largest(page, root) {
      await page.locator(root).scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      return { settings: 'd = 16, m = 64 (N from 2 to 4,096)' };
    },
    controls: {
      'the N slider, end to end': (page, root, moves) => rangePath(page, root, '[data-part="n"]', moves),
      'the other keys\u2019 cosine, end to end': (page, root, moves) =>
        rangePath(page, root, '[data-part="cosine"]', moves),
    },
  },
};

/** The demos with a drag, in chapter order. */
export const DRAG_DEMOS = Object.keys(DRAG_SETUPS);

/** Demo `name`'s controls, its main drag first (DRAG_SETUPS). */
export const dragControls = (name) => Object.keys(DRAG_SETUPS[name].controls);

/**
 * Sets demo `name` up at its largest settings and returns the path of a drag of the first control
 * whose name contains `control` (by default its main drag): { points, settings, settle } (DRAG_SETUPS).
 */
export async function dragSetup(page, name, root, moves = STEPS, control = '') {
  const setup = DRAG_SETUPS[name];
  const chosen = dragControls(name).find((c) => c.includes(control));
  if (!chosen) throw new Error(`${name} has no control "${control}": ${dragControls(name).join('; ')}`);
  control = chosen;
  const { settings, settle = noSettle } = await setup.largest(page, root);
  await settle();
  const points = await setup.controls[control](page, root, moves);
  return { points, settings: `${settings}; ${control}`, settle };
}

/**
 * Demo `name`'s drags, measured: its main drag (summarize(), with a trace), and with `every` each
 * of its controls in turn (`controls`: { <control>: summarize(), with a trace when `traceEvery`
 * }, the main one's the same drags). `drags`, `how`: measuredDrag's (the phone run's touch and 4×).
 */
async function demoDrag(page, name, root, { every = true, traceEvery = false, drags = DRAG_REPS, how = {} } = {}) {
  const setup = DRAG_SETUPS[name];
  const { settings, settle = noSettle } = await setup.largest(page, root);
  const [first, ...others] = dragControls(name);
  const measure = async (control, trace) => {
    await settle();
    const points = await setup.controls[control](page, root, STEPS);
    return summarize(await measuredDrag(page, points, settle, { trace, drags, how }), `${settings}; ${control}`);
  };
  const main = await measure(first, true);
  main.control = first;
  if (!every) return main;
  main.controls = { [first]: { ...main, trace: traceEvery ? main.trace : undefined } };
  for (const control of others)
    main.controls[control] = await measure(control, traceEvery).catch((e) => ({ error: e.message.split('\n')[0] }));
  return main;
}

/**
 * The phone-class run: a 390 × 844 touch viewport (a mid-range phone's: mobile, 3 device
 * pixels per CSS pixel, touch events and not the mouse), and during each drag the CPU slowed 4×
 * (Chromium's throttle: a phone's cores are 4-6× slower than the bench host's).
 */
export const PHONE = {
  rate: 4,
  device: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
};

/** Scrolls to every demo of the chapter in turn until it is ready (or failed): a reader reaching it. */
async function mountAll(page) {
  for (const m of await page.locator('.demo-mount[data-demo]').all()) {
    await m.scrollIntoViewIfNeeded();
    await m.evaluate(
      (el) =>
        new Promise((ready, fail) => {
          const t0 = performance.now();
          const poll = () => {
            if (/^(ready|error)$/.test(el.dataset.status ?? '')) ready();
            else if (performance.now() - t0 > 180000) fail(new Error(`${el.dataset.demo} did not mount in 180 s`));
            else setTimeout(poll, 50);
          };
          poll();
        }),
    );
  }
}

/**
 * The phone run (PHONE): the same drags of every control of every demo at its largest settings, in
 * the chapter served from `dist`, in a browser of its own with the phone's viewport; every control
 * traced (where its frame goes at 4×). { <demo>: demoDrag() } as pageMetrics' `drags`.
 */
export async function phoneDrags(dist, { only = null, drags = DRAG_REPS } = {}) {
  const { launch } = await import('../browser/harness.mjs');
  const browser = await launch({ device: PHONE.device });
  const server = await startServer(dist, { port: 0 });
  const out = {};
  try {
    const page = await browser.newPage();
    await page.goto(server.url);
    await mountAll(page);
    await page.evaluate(instrument);
    for (const name of DRAG_DEMOS.filter((n) => !only || only.includes(n)))
      out[name] = await demoDrag(page, name, `.demo-mount[data-demo="${name}"]`, {
        traceEvery: true,
        drags,
        how: { touch: true, rate: PHONE.rate },
      }).catch((e) => ({ error: e.message.split('\n')[0] }));
  } finally {
    await browser.close();
    await server.close();
  }
  return out;
}

/** The same drags, each demo alone in embed.html (the chapter's own share of a frame shows by
 *  difference). */
export async function embedDrags(browser, dist, { only = null } = {}) {
  const server = await startServer(dist, { port: 0 });
  const drags = {};
  try {
    for (const name of DRAG_DEMOS.filter((n) => !only || only.includes(n))) {
      const page = await browser.newPage();
      await page.setViewportSize({ width: 1280, height: 900 });
      try {
        await page.goto(`${server.url}embed.html?demo=${name}`);
        await page.waitForSelector(`.linattn-mount[data-demo="${name}"][data-status="ready"]`, { timeout: 60000 });
        await page.evaluate(instrument);
        drags[name] = await demoDrag(page, name, `.linattn-mount[data-demo="${name}"]`, { every: false }).catch(
          (e) => ({
            error: e.message.split('\n')[0],
          }),
        );
      } finally {
        await page.close();
      }
    }
  } finally {
    await server.close();
  }
  return drags;
}

/**
 * What a course page with one <linattn-ledger> loads from dist/ (at most 80 KB gzip):
 * { gzipBytes, rawBytes, files }. The host page is served by the test on the same origin; only the
 * files it fetches from dist/ count. tests/browser/hosts.test.mjs (5b) asserts the same number.
 */
async function oneElement(browser, origin, dist) {
  const page = await browser.newPage();
  const requested = new Set();
  try {
    const host = `${origin}/__one-element.html`;
    await page.route(host, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><html lang="en"><title>One element</title><script type="module" src="/linattn-elements.js"></script><linattn-ledger id="one"></linattn-ledger>',
      }),
    );
    page.on('request', (req) => {
      if (req.url().startsWith(origin) && req.url() !== host) requested.add(new URL(req.url()).pathname);
    });
    await page.goto(host);
    await page.waitForFunction(() => document.getElementById('one')?.state != null, null, { timeout: 60000 });
    await page.waitForTimeout(300);
    const out = { rawBytes: 0, gzipBytes: 0, files: [] };
    for (const path of requested) {
      const s = sizes(join(dist, decodeURIComponent(path)));
      out.rawBytes += s.rawBytes;
      out.gzipBytes += s.gzipBytes;
      out.files.push({ path, ...s });
    }
    return out;
  } finally {
    await page.close();
  }
}

// The bare page of the floor: no stylesheet, no module, one input and one text node.
const BARE_PAGE =
  '<!doctype html><html lang="en"><meta charset="utf-8"><title>Bare slider</title>' +
  '<body style="margin:2rem"><input type="range" min="0" max="1000" value="0" style="width:40rem" ' +
  'aria-label="Bare slider"> <output>0</output><script>const r = document.querySelector("input"), ' +
  'o = document.querySelector("output"); r.addEventListener("input", () => { o.textContent = r.value; });' +
  '</script></body></html>';

/**
 * The floor (see the header): the bare page served at `origin` (by the test, not from dist/),
 * dragged end to end like the demos' sliders, measured by the same drag().
 */
export async function floorDrag(browser, origin) {
  const page = await browser.newPage();
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    const url = `${origin}/__bare-slider.html`;
    await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: BARE_PAGE }));
    await page.goto(url);
    await page.evaluate(instrument);
    const box = await page.locator('input').boundingBox();
    const drags = await measuredDrag(page, alongSlider(box, STEPS), noSettle, { trace: false });
    return summarize(drags, 'a bare page: one range input writing its value into one text node');
  } finally {
    await page.close();
  }
}

export async function pageMetrics(browser, dist, { only = null, drags = DRAG_REPS, dragsToo = true } = {}) {
  const want = (name) => !only || only.includes(name);
  const assets = listFiles(dist)
    .map((f) => ({ path: relative(dist, f), ...sizes(f) }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  const server = await startServer(dist, { port: 0 });
  const page = await browser.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  const cdp = await sessionOf(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const requested = new Set();
  const origin = server.url.replace(/\/$/, '');
  page.on('request', (req) => {
    if (req.url().startsWith(origin)) requested.add(new URL(req.url()).pathname);
  });
  const out = { url: server.url };
  try {
    // ---- first load: until every demo has mounted and answered an input ---------------------
    await page.goto(server.url, { waitUntil: 'domcontentloaded' });
    out.demosRespondMs = await page.evaluate(async () => {
      const mounts = [...document.querySelectorAll('.demo-mount[data-demo]')];
      const until = (test, ms = 60000) =>
        new Promise((resolve, reject) => {
          const t0 = performance.now();
          const poll = () =>
            test() ? resolve() : performance.now() - t0 > ms ? reject(new Error('timeout')) : setTimeout(poll, 5);
          poll();
        });
      // Scroll to each figure in turn, just long enough for it to start mounting.
      // (Again at every poll: a figure above may grow as it mounts and push this one away.)
      for (const m of mounts) {
        await until(() => {
          if (!m.dataset.status) m.scrollIntoView();
          return m.dataset.status;
        });
      }
      const answers = mounts.map(async (m) => {
        await until(() => m.dataset.status === 'ready' || m.dataset.status === 'error');
        const slider = m.querySelector('input[type="range"]');
        if (!slider) return performance.now();
        const changed = new Promise((resolve) => {
          const mo = new MutationObserver(() => {
            mo.disconnect();
            resolve(performance.now());
          });
          mo.observe(m, { subtree: true, childList: true, characterData: true, attributes: true });
        });
        slider.value = String(
          Number(slider.value) === Number(slider.min) ? Number(slider.min) + 1 : Number(slider.min),
        );
        slider.dispatchEvent(new Event('input', { bubbles: true }));
        slider.dispatchEvent(new Event('change', { bubbles: true }));
        return changed;
      });
      const times = await Promise.all(answers);
      return Math.max(...times);
    });
    const statuses = await page.evaluate(() =>
      [...document.querySelectorAll('.demo-mount[data-demo]')].map((m) => `${m.dataset.demo}:${m.dataset.status}`),
    );
    out.demoStatus = statuses;
    await page.waitForTimeout(500);
    out.firstLoad = { requests: requested.size, rawBytes: 0, gzipBytes: 0, files: [] };
    for (const path of requested) {
      const file = join(dist, path.endsWith('/') ? `${path}index.html` : path);
      try {
        const s = sizes(file);
        out.firstLoad.rawBytes += s.rawBytes;
        out.firstLoad.gzipBytes += s.gzipBytes;
        out.firstLoad.files.push({ path, ...s });
      } catch {
        /* not a file of dist/ (a redirect) */
      }
    }
    const wasm = assets.filter((a) => a.path.endsWith('.wasm'));
    out.wasm = {
      files: wasm.map((a) => a.path),
      rawBytes: wasm[0]?.rawBytes ?? NaN,
      gzipBytes: wasm[0]?.gzipBytes ?? NaN,
    };
    out.assets = assets;

    out.oneElement = await oneElement(browser, origin, dist);
    if (dragsToo) out.floor = await floorDrag(browser, origin).catch((e) => ({ error: e.message.split('\n')[0] }));

    // ---- drags at the largest settings ----------------------------------------------------------
    await page.evaluate(instrument);
    out.drags = {};
    for (const name of DRAG_DEMOS.filter((n) => dragsToo && want(n))) {
      out.drags[name] = await demoDrag(page, name, `.demo-mount[data-demo="${name}"]`, { drags }).catch((e) => ({
        error: e.message.split('\n')[0],
      }));
    }
  } finally {
    await page.close();
    await server.close();
  }
  return out;
}

/** The command line's drags (see below): printed, and written to bench-results/page-metrics.json. */
async function reportDrags(out, { ROOT, dist, only, drags, phoneOnly }) {
  console.log('in the chapter:');
  printDrags(out.drags);
  console.log(`the floor: ${floorLine(out.floor)}`);
  let phone = null;
  if (phoneOnly || process.argv.includes('--phone')) {
    phone = await phoneDrags(dist, { only, drags });
    console.log(`in the chapter on a phone (${PHONE.rate}× CPU, 390 × 844, touch):`);
    printDrags(phone);
  }
  const file = join(ROOT, 'bench-results', 'page-metrics.json');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(
    file,
    `${JSON.stringify({ ...dragTargets(out.drags), ...(out.floor && { floor: dragTargets({ floor: out.floor }).floor }), ...(phone && { phone: dragTargets(phone) }) }, null, 2)}\n`,
  );
  console.log(`wrote ${relative(ROOT, file)}`);
}

// `node tests/bench/page-metrics.mjs [--only ledger,overcapacity] [--embed] [--phone | --phone-only]
// [--drags N] [--dist DIR]`: the page metrics alone, against the built dist/ (npm run build first) or
// another build of it (two builds measured one after the other, minutes apart, differ by less than
// one build in two hours); prints the drags (with --embed also each demo alone in embed.html, first;
// with --phone also the phone run, PHONE: touch, 390 × 844, 4× CPU, every control traced;
// --phone-only: the phone run without the 1× drags; --drags N: N drags per control instead of
// DRAG_REPS) and writes bench-results/page-metrics.json (the chapter's; `phone`: the phone run's).
// --load-only: the first load's files alone (no drags, no floor, nothing written).
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { launch, ROOT, DIST } = await import('../browser/harness.mjs');
  const at = process.argv.indexOf('--only');
  const only = at > 0 ? process.argv[at + 1].split(',') : null;
  const distAt = process.argv.indexOf('--dist');
  const dist = distAt > 0 ? resolve(process.argv[distAt + 1]) : DIST;
  const dragsAt = process.argv.indexOf('--drags');
  const drags = dragsAt > 0 ? Number(process.argv[dragsAt + 1]) : DRAG_REPS;
  const phoneOnly = process.argv.includes('--phone-only');
  const loadOnly = process.argv.includes('--load-only');
  const browser = await launch();
  try {
    if (process.argv.includes('--embed')) {
      console.log('each demo alone in embed.html:');
      printDrags(await embedDrags(browser, dist, { only }));
    }
    const out = await pageMetrics(browser, dist, { only, drags, dragsToo: !phoneOnly && !loadOnly });
    console.log(
      `first load ${(out.firstLoad.gzipBytes / 1024).toFixed(1)} KB gzip in ${out.firstLoad.requests} requests:`,
    );
    for (const f of [...out.firstLoad.files].sort((a, b) => b.gzipBytes - a.gzipBytes))
      console.log(`  ${(f.gzipBytes / 1024).toFixed(1).padStart(6)} KB  ${f.path}`);
    if (!loadOnly) await reportDrags(out, { ROOT, dist, only, drags, phoneOnly });
  } finally {
    await browser.close();
  }
}
