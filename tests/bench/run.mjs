#!/usr/bin/env node
// `npm run bench`: the core's workloads (workloads.mjs) side by side in one run, as
//   native      C++ built with -O3 -march=native (build/native/linattn_bench, bench_native.cpp)
//   native-w128 the same C++ at WebAssembly's vector width, -msse4.2 without AVX
//               (build/native/linattn_bench_w128; x86-64 only)
//   wasm-node   the WebAssembly module in Node (wasm/index.mjs)
//   wasm-chrome the same module in headless Chromium (bench.html + browser.mjs)
//   js-node, js-chrome   the plain-JavaScript baseline (baseline.mjs)
// then the built page's metrics (page-metrics.mjs). Every implementation's results are checked
// against the WebAssembly core's first; then the reps run interleaved (one rep of every
// implementation after another), so a busy machine slows all of them alike. Each timing is wall
// time and, where the platform gives it, the CPU time of the thread that ran it (steadier on a
// loaded machine). Then the parallel speed-up of the sweeps: 2 workers against 1 in Chromium (the
// page's pool: per-trial records merged by the core) next to native code on 2 threads against 1,
// in wall time, each checked bit for bit against the one-call result. Prints tables of medians and
// ratios; writes bench-results/bench.json (with `targets`) and, on a whole run (none of
// --quick, --only, --no-page, --no-lighthouse, --no-phone), the table into docs/performance.md's "The latest run"
// (between its bench markers). The drags are measured in the chapter (the targets) and, reported
// beside them, with each demo alone in embed.html; then the phone run (the same drags by
// touch in a 390 × 844 viewport at 4× CPU, page-metrics.mjs PHONE), with targets of its own. The
// parallel target is read against native code's 2-thread speed-up in the same run, and the 1× drag
// targets against the previous whole run's too (bench-results/drag-history.json): targets.mjs.
//
// and Lighthouse's performance score of the served chapter on its mobile and desktop presets, and on
// mobile with the CPU slowdown calibrated to this machine, median of 5, as the Lighthouse test stage
// does (tests/lighthouse/lighthouse.mjs; the target, mobile >= 0.95, reads the calibrated median).
//
//   node tests/bench/run.mjs [--reps N] [--no-build] [--build-web] [--no-page] [--no-lighthouse] [--no-phone]
//                            [--quick] [--only sweep64,sweep256 | --only calls]
//     --only calls  the small calls only (ledger, kv, ledgerUpdate, memoryUpdate), side by side with
//                   native, without the page (no page metrics, drags, phone run or Lighthouse)
//     --no-phone    no phone run (a partial run: docs/performance.md is left as it is)
//     --reps N      timed reps per workload and implementation (default 5; JS on the d = 256
//                   sweep, 20-40 s a run, gets only its checked run)
//     --quick       no JS on the d = 256 sweep, 3 reps (a quick look, not for docs/performance.md)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { launch, ROOT, DIST } from '../browser/harness.mjs';
import { startServer } from '../../scripts/serve.mjs';
import createLinattn from '../../wasm/index.mjs';
import { CORE_ONLY, WORKLOADS, nativeSpec, prepare, maxDifference } from './workloads.mjs';
import { DRAG_REPS, PHONE, embedDrags, floorLine, longFrameScripts, pageMetrics, phoneDrags } from './page-metrics.mjs';
import { CONSECUTIVE_TARGET, PARALLEL_TARGET, consecutiveDragRuns, dragTargets, parallelTarget } from './targets.mjs';
import { dragTable } from './drag-table.mjs';
import { audit, PERFORMANCE_RUNS } from '../lighthouse/lighthouse.mjs';

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const quick = flag('--quick');
const REPS = Number(argv[argv.indexOf('--reps') + 1]) || (quick ? 3 : 5);
const TOLERANCE = 1e-9; // every number of every implementation against the WebAssembly core's
const NATIVE = join(ROOT, 'build/native/linattn_bench');
const NATIVE_W128 = join(ROOT, 'build/native/linattn_bench_w128');
// --only a,b (or --only=a,b): just those workloads (e.g. --only sweep64,sweep256); a group's name
// stands for its workloads: `calls`, the small calls into the core, without the page (no page
// metrics, drags or Lighthouse)
const GROUPS = { calls: ['ledger', 'kv', 'ledgerUpdate', 'memoryUpdate'] };
const onlyArg =
  argv.find((a) => a.startsWith('--only='))?.slice(7) ?? (flag('--only') ? argv[argv.indexOf('--only') + 1] : null);
const ONLY = onlyArg ? onlyArg.split(',').flatMap((n) => GROUPS[n] ?? [n]) : null;
const NO_PAGE = flag('--no-page') || (onlyArg ?? '').split(',').includes('calls');
const NAMES = Object.keys(WORKLOADS).filter((n) => !ONLY || ONLY.includes(n));
const PARALLEL = ['sweep64', 'sweep256'].filter((n) => !ONLY || ONLY.includes(n)); // the workloads timed on 1 and 2 threads / workers
const started = Date.now();
const loadAtStart = loadavg(); // the host's load when the run began (and at its end: the table says both)
const log = (msg) => console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${msg}`);

function sh(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (exit ${r.status})`);
}

// ---- builds ---------------------------------------------------------------------------------
if (!flag('--no-build')) {
  log('building the native benchmark and the WebAssembly module (incremental)');
  sh('bash', ['scripts/build-core.sh', 'native']);
  sh('bash', ['scripts/build-core.sh', 'wasm']);
}
if (flag('--build-web') || !existsSync(join(DIST, 'index.html'))) {
  log('building the page (dist/)');
  sh('npm', ['run', 'build:web']);
}
// Looked for after the builds: on a fresh clone the 128-bit build exists only once they have run
// (read before them, a first run left out every "same vector width" number and failed its targets).
const HAVE_W128 = existsSync(NATIVE_W128);
const IMPLS = ['native', ...(HAVE_W128 ? ['native-w128'] : []), 'wasm-node', 'wasm-chrome', 'js-node', 'js-chrome'];

const presets = JSON.parse(readFileSync(join(ROOT, 'content/presets/models.json'), 'utf8')).presets;
const spec = nativeSpec(presets);

// ---- the implementations: each runs one workload once -> { ms, cpuMs, result } ----------------
const la = await createLinattn();
const server = await startServer(ROOT, { port: 0 });
const browser = await launch();
const page = await browser.newPage();
await page.goto(`${server.url.replace(/\/$/, '')}/tests/bench/bench.html`);
await page.evaluate(() => window.benchReady);
const cdp = await page.context().newCDPSession(page);
await cdp.send('Performance.enable', { timeDomain: 'threadTicks' }); // TaskDuration in CPU time
const chromeVersion = (await page.evaluate(() => navigator.userAgent)).match(/Chrome\/[\d.]+/)?.[0] ?? 'Chromium';

async function taskSeconds() {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'TaskDuration')?.value ?? NaN;
}

const runners = {
  native(name, withResult, bin = NATIVE, threads = 1) {
    const r = spawnSync(bin, [name, '1', ...(withResult ? ['--results'] : []), '--threads', String(threads)], {
      input: spec,
      maxBuffer: 1 << 28,
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`linattn_bench ${name}: ${r.stderr}`);
    const o = JSON.parse(r.stdout);
    return { ms: o.timesMs[0], cpuMs: o.cpuMs[0], result: o.result };
  },
  node(impl, name, withResult) {
    const run = prepare(name, impl, { la, presets });
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const result = run();
    const ms = performance.now() - t0;
    const c = process.cpuUsage(c0);
    return { ms, cpuMs: (c.user + c.system) / 1000, result: withResult ? result : null };
  },
  async chrome(impl, name, withResult) {
    // Set up in a task of its own (the presets sent, the inputs made), as the other runners set up
    // before their clocks: the CPU time read below is the run's.
    await page.evaluate(([n, i, p]) => window.benchPrepare(n, i, p), [name, impl, presets]);
    const s0 = await taskSeconds();
    const r = await page.evaluate(([w]) => window.benchRun(w), [withResult]);
    const s1 = await taskSeconds();
    return { ms: r.ms, cpuMs: (s1 - s0) * 1000, result: r.result };
  },
};
function runOnce(impl, name, withResult = false) {
  if (impl === 'native') return runners.native(name, withResult);
  if (impl === 'native-w128') return runners.native(name, withResult, NATIVE_W128);
  const [kind, where] = impl.split('-');
  return where === 'node' ? runners.node(kind, name, withResult) : runners.chrome(kind, name, withResult);
}
// No plain JS on the d = 256 sweep in a quick run, nor on the workloads that time a figure's calls
// into the core (CORE_ONLY: native against WebAssembly).
const skip = (impl, name) => impl.startsWith('js') && ((quick && name === 'sweep256') || CORE_ONLY.includes(name));

// ---- 1. the check (also the warm-up): every implementation's results against wasm-node ---------
const timings = Object.fromEntries(NAMES.map((n) => [n, Object.fromEntries(IMPLS.map((i) => [i, []]))]));
const checks = {};
for (const name of NAMES) {
  log(`checking ${name}`);
  const reference = (await runOnce('wasm-node', name, true)).result;
  checks[name] = {};
  for (const impl of IMPLS) {
    if (impl === 'wasm-node' || skip(impl, name)) continue;
    const r = await runOnce(impl, name, true);
    const diff = maxDifference(reference, r.result);
    checks[name][impl] = { maxDifference: diff, ok: diff <= TOLERANCE };
    // JS has no compile tier to warm up: its checked run counts as a rep (the d = 256 sweep is slow).
    if (impl.startsWith('js')) timings[name][impl].push(r);
  }
}

// ---- 2. the timed reps, interleaved ------------------------------------------------------------
for (let rep = 0; rep < REPS; rep++) {
  log(`rep ${rep + 1} of ${REPS}`);
  for (const name of NAMES) {
    for (const impl of IMPLS) {
      if (skip(impl, name)) continue;
      if (impl.startsWith('js') && timings[name][impl].length >= (name === 'sweep256' ? 1 : REPS)) continue;
      timings[name][impl].push(await runOnce(impl, name));
    }
  }
}

// ---- 2b. parallel: 1 and 2 threads (native) and workers (Chromium), wall time ---------------------
const parallel = {};
for (const name of PARALLEL) {
  log(`parallel ${name}: checking`);
  const one = runners.native(name, true, NATIVE, 1).result;
  const two = runners.native(name, true, NATIVE, 2).result;
  const first = await page.evaluate(([n]) => window.benchParallel(n, 2), [name]); // also loads the workers
  parallel[name] = {
    nativeIdentical: maxDifference(one, two) === 0,
    wasmIdentical: first.identical,
    wall: { 'native-1': [], 'native-2': [], 'wasm-chrome-1': [], 'wasm-chrome-2': [] },
  };
  await page.evaluate(([n]) => window.benchParallel(n, 1), [name]);
  for (let rep = 0; rep < REPS; rep++) {
    log(`parallel ${name}: rep ${rep + 1} of ${REPS}`);
    const w = parallel[name].wall;
    w['native-1'].push(runners.native(name, false, NATIVE, 1).ms);
    w['native-2'].push(runners.native(name, false, NATIVE, 2).ms);
    const r1 = await page.evaluate(([n]) => window.benchParallel(n, 1), [name]);
    const r2 = await page.evaluate(([n]) => window.benchParallel(n, 2), [name]);
    w['wasm-chrome-1'].push(r1.ms);
    w['wasm-chrome-2'].push(r2.ms);
    parallel[name].wasmIdentical &&= r1.identical && r2.identical;
  }
}

// ---- 3. the page ----------------------------------------------------------------------------
// In a browser of their own, as `node tests/bench/page-metrics.mjs` measures them: the sweeps'
// browser goes first, with its module, its heap and the two workers of the parallel runs.
await browser.close();
await server.close();
let pageResults = null;
if (!NO_PAGE) {
  const pageBrowser = await launch();
  try {
    log('page metrics (dist/)');
    pageResults = await pageMetrics(pageBrowser, DIST);
    // The same drags with each demo alone in embed.html (what a course page's iframe shows):
    // reported, not a target (the targets are the chapter's). At 1280 px every panel of a
    // demo is in view.
    log('drags in embed.html');
    pageResults.embedDrags = await embedDrags(pageBrowser, DIST);
  } finally {
    await pageBrowser.close();
  }
  if (!flag('--no-phone')) {
    log(`the phone run: the same drags by touch, 390 x 844, ${PHONE.rate}x CPU`);
    pageResults.phone = await phoneDrags(DIST);
  }
}

// ---- 4. Lighthouse performance, both presets ---------------------------------------------------
let lighthouse = null;
if (!NO_PAGE && !flag('--no-lighthouse')) {
  lighthouse = {};
  const site = await startServer(DIST, { port: 0 });
  try {
    const one = (preset, cpu) =>
      audit(`${site.url}index.html`, { preset, categories: ['performance'], cpu })
        .then((r) => ({
          performance: r.scores.performance,
          metrics: r.metrics,
          cpuSlowdown: r.cpuSlowdown,
          benchmarkIndex: r.calibrationIndex ?? r.benchmarkIndex,
        }))
        .catch((err) => ({ error: err.message }));
    for (const preset of ['mobile', 'desktop']) {
      log(`Lighthouse, ${preset} preset`);
      lighthouse[preset] = await one(preset);
    }
    // The mobile preset multiplies the times it observes by 4, right for the desktop Lighthouse
    // expects; on this slower machine that simulates a phone several times slower than the one meant.
    // The Lighthouse test stage (tests/lighthouse/audit.test.mjs) therefore sets the slowdown from
    // the machine's measured speed and takes the median of PERFORMANCE_RUNS (5) runs: the target
    // reads that, and the fixed-4x run above stays in the report beside it.
    const calibrated = [];
    for (let i = 0; i < PERFORMANCE_RUNS; i++) {
      log(`Lighthouse, mobile preset, CPU calibrated, run ${i + 1} of ${PERFORMANCE_RUNS}`);
      calibrated.push(await one('mobile', 'calibrated'));
    }
    const ok = calibrated.filter((r) => !r.error).sort((a, b) => a.performance - b.performance);
    lighthouse['mobile, calibrated'] =
      ok.length === PERFORMANCE_RUNS
        ? { ...ok[Math.floor(PERFORMANCE_RUNS / 2)], runs: ok.map((r) => r.performance) }
        : { error: calibrated.find((r) => r.error)?.error ?? `fewer than ${PERFORMANCE_RUNS} runs` };
  } finally {
    await site.close();
  }
}

// ---- statistics, tables, JSON -----------------------------------------------------------------
const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  if (!s.length) return NaN;
  const at = (s.length - 1) * q,
    lo = Math.floor(at),
    hi = Math.ceil(at);
  return s[lo] + (s[hi] - s[lo]) * (at - lo);
};
const stats = (xs) => ({
  median: quantile(xs, 0.5),
  min: Math.min(...xs),
  max: Math.max(...xs),
  p25: quantile(xs, 0.25),
  p75: quantile(xs, 0.75),
  n: xs.length,
});

const summary = {};
for (const name of NAMES) {
  summary[name] = {};
  for (const impl of IMPLS) {
    const t = timings[name][impl];
    if (!t.length) continue;
    summary[name][impl] = { wallMs: stats(t.map((x) => x.ms)), cpuMs: stats(t.map((x) => x.cpuMs)) };
  }
}
// Ratios per rep (the numerator and denominator ran one after the other), then their median;
// when one side has fewer reps (JS on the d = 256 sweep), the ratio of the medians.
function ratio(name, a, b, key) {
  const ta = timings[name][a],
    tb = timings[name][b];
  const n = Math.min(ta.length, tb.length);
  if (!n) return null;
  if (ta.length !== tb.length) {
    const r =
      quantile(
        ta.map((x) => x[key]),
        0.5,
      ) /
      quantile(
        tb.map((x) => x[key]),
        0.5,
      );
    return { median: r, min: r, max: r, n, ofMedians: true };
  }
  const per = [];
  for (let i = 0; i < n; i++) per.push(ta[ta.length - n + i][key] / tb[tb.length - n + i][key]);
  return { median: quantile(per, 0.5), min: Math.min(...per), max: Math.max(...per), n };
}
const RATIOS = [
  ['wasm-chrome / native', 'wasm-chrome', 'native'],
  ...(HAVE_W128
    ? [
        ['wasm-chrome / native-w128', 'wasm-chrome', 'native-w128'],
        ['native-w128 / native', 'native-w128', 'native'],
      ]
    : []),
  ['wasm-node / native', 'wasm-node', 'native'],
  ['js-chrome / wasm-chrome', 'js-chrome', 'wasm-chrome'],
  ['js-node / wasm-node', 'js-node', 'wasm-node'],
];
const ratios = {};
for (const name of NAMES) {
  ratios[name] = {};
  for (const [label, a, b] of RATIOS) {
    ratios[name][label] = { cpu: ratio(name, a, b, 'cpuMs'), wall: ratio(name, a, b, 'ms') };
  }
}

const fmt = (x, digits = 1) => (x === null || x === undefined || Number.isNaN(x) ? '—' : x.toFixed(digits));
const pad = (s, n) => String(s).padStart(n);
console.log(`\nMedian time per workload, ms (CPU time of the running thread; wall in brackets; ${REPS} reps)`);
console.log(['workload'.padEnd(10), ...IMPLS.map((i) => pad(i, 22))].join(''));
for (const name of NAMES) {
  console.log(
    [
      name.padEnd(10),
      ...IMPLS.map((i) => {
        const s = summary[name][i];
        return pad(s ? `${fmt(s.cpuMs.median)} [${fmt(s.wallMs.median)}]` : '—', 22);
      }),
    ].join(''),
  );
}
console.log('\nRatios, median over reps of the per-rep ratio of CPU times (of wall times in brackets)');
console.log(['workload'.padEnd(10), ...RATIOS.map(([l]) => pad(l, 26))].join(''));
for (const name of NAMES) {
  console.log(
    [
      name.padEnd(10),
      ...RATIOS.map(([l]) => {
        const r = ratios[name][l];
        return pad(r.cpu ? `${fmt(r.cpu.median, 2)}x [${fmt(r.wall.median, 2)}x]` : '—', 26);
      }),
    ].join(''),
  );
}
console.log('\nResults checked against wasm-node (max |difference|, tolerance 1e-9):');
for (const name of NAMES) {
  console.log(
    `  ${name.padEnd(9)} ${Object.entries(checks[name])
      .map(([i, c]) => `${i} ${c.maxDifference.toExponential(1)}${c.ok ? '' : ' MISMATCH'}`)
      .join(', ')}`,
  );
}

// Parallel speed-ups: the median over reps of wall(1) / wall(2).
for (const name of PARALLEL) {
  const w = parallel[name].wall;
  const speedup = (a, b) =>
    quantile(
      w[a].map((x, i) => x / w[b][i]),
      0.5,
    );
  parallel[name].speedup = {
    native: speedup('native-1', 'native-2'),
    wasmChrome: speedup('wasm-chrome-1', 'wasm-chrome-2'),
  };
  parallel[name].required = parallelTarget(parallel[name]).required; // from native's, this run (targets.mjs)
}
console.log('\nParallel, wall ms (median): 1 thread/worker -> 2; speed-up (median of per-rep ratios)');
for (const name of PARALLEL) {
  const p = parallel[name];
  const med = (k) => fmt(quantile(p.wall[k], 0.5), 0);
  console.log(
    `  ${name.padEnd(9)} native ${med('native-1')} -> ${med('native-2')} (${fmt(p.speedup.native, 2)}x${p.nativeIdentical ? ', bit-identical' : ', DIFFERS'}); ` +
      `wasm-chrome ${med('wasm-chrome-1')} -> ${med('wasm-chrome-2')} (${fmt(p.speedup.wasmChrome, 2)}x${p.wasmIdentical ? ', bit-identical' : ', DIFFERS'}; ` +
      `needed ${fmt(p.required, 2)}x from native's)`,
  );
}

// The bench's targets, each a named boolean.
const cpuRatio = (name, label) => ratios[name]?.[label]?.cpu?.median; // undefined (a target not met) when --only left it out
const targets = {
  'sweep64: wasm-chrome <= 1.25x native at the same vector width (128-bit)':
    cpuRatio('sweep64', 'wasm-chrome / native-w128') <= 1.25,
  'sweep256: wasm-chrome <= 1.25x native at the same vector width (128-bit)':
    cpuRatio('sweep256', 'wasm-chrome / native-w128') <= 1.25,
  'sweep256: wasm-chrome >= 3x plain JS': cpuRatio('sweep256', 'js-chrome / wasm-chrome') >= 3,
  [PARALLEL_TARGET]: parallelTarget(parallel.sweep256).met, // not met when --only left it out
  'results agree': NAMES.every((n) => Object.values(checks[n]).every((c) => c.ok)),
  // The small calls: a run of writes and reads, the KV curves and
  // one drag update of each figure, each crossing into the core once.
  'ledger: wasm-chrome <= 2x native at the same vector width (128-bit)':
    cpuRatio('ledger', 'wasm-chrome / native-w128') <= 2,
  'kv: wasm-chrome <= 2x native at the same vector width (128-bit)': cpuRatio('kv', 'wasm-chrome / native-w128') <= 2,
  'every workload with a plain-JS version: wasm-chrome >= 2x faster than plain JS': NAMES.filter(
    (n) => !CORE_ONLY.includes(n),
  ).every((n) => cpuRatio(n, 'js-chrome / wasm-chrome') >= 2),
  'ledgerUpdate (one drag update of the ledger figure): wasm-chrome <= 2x native':
    cpuRatio('ledgerUpdate', 'wasm-chrome / native') <= 2,
  'memoryUpdate (one drag update of the memory figure): wasm-chrome <= 2x native':
    cpuRatio('memoryUpdate', 'wasm-chrome / native') <= 2,
};
if (pageResults) {
  console.log(
    `\nPage (dist/): first load ${fmt(pageResults.firstLoad.gzipBytes / 1024)} KB gzip ` +
      `(${fmt(pageResults.firstLoad.rawBytes / 1024)} KB raw, ${pageResults.firstLoad.requests} requests); ` +
      `wasm ${fmt(pageResults.wasm.gzipBytes / 1024)} KB gzip (${fmt(pageResults.wasm.rawBytes / 1024)} KB raw)`,
  );
  console.log(
    '  first-load files, KB raw / gzip: ' +
      [...pageResults.firstLoad.files]
        .sort((a, b) => b.gzipBytes - a.gzipBytes)
        .map((f) => `${f.path.replace(/^\/assets\//, '')} ${fmt(f.rawBytes / 1024)}/${fmt(f.gzipBytes / 1024)}`)
        .join(', '),
  );
  console.log(`  all three demos respond ${fmt(pageResults.demosRespondMs, 0)} ms after navigation start`);
  if (pageResults.oneElement) {
    console.log(
      `  a course page with one <linattn-ledger>: ${fmt(pageResults.oneElement.gzipBytes / 1024)} KB gzip ` +
        `(${pageResults.oneElement.files.length} files)`,
    );
  }
  console.log(
    '  drag at the largest settings, per update: input -> rendered p50 / p95 ms (wall), main-thread CPU ms (mean, p95);',
  );
  console.log("  longest task ms: the page's own CPU (thread time), and in wall time");
  // One line per drag: wall p50 / p95, CPU mean (p95), longest task; `more` adds the chapter's details.
  const dragLine = (demo, d, more = () => '') =>
    `  ${demo.padEnd(13)} ${
      d.error
        ? `not measured: ${d.error}`
        : `${fmt(d.update.p50)} / ${fmt(d.update.p95)}, CPU ${fmt(d.cpuPerUpdateMs)} (p95 ${fmt(d.cpuPerUpdate?.p95)}` +
          `${d.reps ? `; the ${d.reps.length} drags' p95 ${d.reps.map((r) => fmt(r.cpuP95)).join(', ')}` : ''}); ` +
          `longest ${fmt(d.longestTaskMs, 0)} (wall ${fmt(d.longestWallMs, 0)})${more(d)}`
    }`;
  for (const [demo, d] of Object.entries(pageResults.drags)) {
    console.log(dragLine(demo, d, (x) => ` (${x.longTasks.length} long tasks, ${x.updates} updates; ${x.settings})`));
    for (const [control, c] of Object.entries(d.controls ?? {})) {
      console.log(dragLine(`  - ${control}`, c));
      for (const f of c.longFrames ?? [])
        console.log(
          `        a ${f.duration} ms frame (drag ${f.drag}; rendering ${f.render} ms): ${longFrameScripts(f)}`,
        );
    }
  }
  console.log(`  the floor, ${floorLine(pageResults.floor)}`);
  console.log('  the same drags, each demo alone in embed.html at 1280 x 900 (reported, not a target):');
  for (const [demo, d] of Object.entries(pageResults.embedDrags ?? {})) console.log(dragLine(demo, d));
  targets['first load <= 300 KB gzip'] = pageResults.firstLoad.gzipBytes <= 300 * 1024;
  // 80 KB until the batched boundary (89 KB: the KV curves and views, runs of writes and reads, and
  // the calculator and the ledger's view at -O3), a trade made for the drags (tests/browser/hosts.test.mjs 5b).
  targets['wasm <= 92 KB gzip'] = pageResults.wasm.gzipBytes <= 92 * 1024;
  // page-metrics.mjs measures a course page with one <linattn-ledger>; absent: not met. 120 KB,
  // then 135 with the batched boundary; 80 since the ledger loads its own module (76.3 KB measured).
  // `wasm` above is the largest .wasm of dist/: the main module, not the ledger's.
  const element = pageResults.oneElement ?? null;
  targets['one custom element <= 80 KB gzip'] = Boolean(element) && element.gzipBytes <= 80 * 1024;
  // "While a reader drags any control of any demo": each demo's numbers are the most any of its
  // controls' drags took (worstControl); a control not measured fails its demo's targets. At 1×, and
  // in the phone run at 4× (absent with --no-phone: its targets are then not met).
  Object.assign(targets, dragTargets(pageResults.drags, 'desktop'));
  if (pageResults.phone) {
    console.log(
      `\n  the phone run: the same drags by touch, 390 x 844, ${PHONE.rate}x CPU (the median of ${DRAG_REPS} drags):`,
    );
    for (const [demo, d] of Object.entries(pageResults.phone)) {
      console.log(dragLine(demo, d, (x) => ` (${x.updates} updates)`));
      for (const [control, c] of Object.entries(d.controls ?? {})) console.log(dragLine(`  - ${control}`, c));
    }
  }
  const noPhone = Object.fromEntries(Object.keys(pageResults.drags).map((n) => [n, { error: 'no phone run' }]));
  Object.assign(targets, dragTargets(pageResults.phone ?? noPhone, 'phone'));
}
if (lighthouse) {
  console.log('\nLighthouse (served chapter), performance score; FCP / LCP / TBT ms, CLS:');
  for (const [preset, r] of Object.entries(lighthouse)) {
    const m = r.metrics;
    console.log(
      `  ${preset.padEnd(18)} ${
        r.error
          ? `not measured: ${r.error}`
          : `${r.performance.toFixed(2)}  ${fmt(m.fcp, 0)} / ${fmt(m.lcp, 0)} / ${fmt(m.tbt, 0)}, ${m.cls.toFixed(3)}` +
            (
              r.runs
                ? ` (median of ${r.runs.map((x) => x.toFixed(2)).join(', ')}; CPU slowdown ${r.cpuSlowdown} from benchmark index ${Math.round(r.benchmarkIndex)})`
                : r.cpuSlowdown !== undefined && preset === 'mobile'
                  ? ` (Lighthouse's fixed CPU slowdown ${r.cpuSlowdown}x)`
                  : ''
            )
      }`,
    );
  }
  targets['Lighthouse mobile performance >= 0.95 (CPU calibrated, median of 5, as the test stage)'] =
    lighthouse['mobile, calibrated']?.performance >= 0.95;
}
console.log('\nTargets (ratios on CPU time):');
for (const [t, ok] of Object.entries(targets)) console.log(`  ${ok ? 'met    ' : 'NOT met'}  ${t}`);

const machine = {
  cpu: cpus()[0]?.model, // /proc/cpuinfo's "model name" on Linux
  cores: cpus().length,
  memoryGB: Math.round(totalmem() / 2 ** 30),
  loadAverageAtStart: loadAtStart,
  loadAverageAtEnd: loadavg(),
  node: process.version,
  chromium: chromeVersion,
  platform: process.platform,
};
console.log(
  `\nMachine: ${machine.cpu}, ${machine.cores} cores, load average ${loadAtStart
    .map((x) => x.toFixed(1))
    .join(' ')} at the start, ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')} at the end; ` +
    `Node ${process.version}, ${chromeVersion}. ${((Date.now() - started) / 1000).toFixed(0)} s in all.`,
);

// ---- docs/performance.md "The latest run": the table of this run, between the markers --------------
const TABLE_DOC = join(ROOT, 'docs', 'performance.md');
const START = '<!-- bench:start (written by tests/bench/run.mjs) -->';
const END = '<!-- bench:end -->';
function latestRunTable() {
  const med = (name, impl) => summary[name][impl]?.cpuMs.median;
  const ms = (x) => (x === undefined || Number.isNaN(x) ? '—' : `${x < 10 ? x.toFixed(1) : x.toFixed(0)} ms`);
  const x = (r) => (r?.cpu ? `${r.cpu.median.toFixed(2)}×` : '—');
  const LABELS = {
    sweep64: 'sweep d=64, N≤256, 32 trials',
    sweep256: 'sweep d=256, N≤1024, 4 trials',
    ledger: 'ledger write/read loop',
    kv: 'KV calculator, all presets',
  };
  const lines = [
    `Measured on ${new Date().toISOString().slice(0, 10)} on ${machine.cpu} (${machine.cores} cores), load average ` +
      `${loadAtStart.map((l) => l.toFixed(1)).join(' / ')} at the start of the run and ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')} at its end (1 / 5 / 15 min), ${process.platform}, Node ${process.version}, ` +
      `${chromeVersion}; medians of ${REPS} reps, thread CPU time (\`npm run bench${argv.length ? ` ${argv.join(' ')}` : ''}\`, written by it` +
      `${quick ? '; --quick: no plain JS at d = 256' : ''}${ONLY ? '; only the workloads listed' : ''}).`,
    '',
    '| workload | native widest | native 128-bit | wasm (Chromium) | plain JS (Chromium) | wasm ÷ native 128-bit | wasm ÷ native widest | JS ÷ wasm |',
    '|---|---|---|---|---|---|---|---|',
    ...NAMES.map((n) => {
      const r = ratios[n];
      return `| ${LABELS[n] ?? n} | ${ms(med(n, 'native'))} | ${ms(med(n, 'native-w128'))} | ${ms(med(n, 'wasm-chrome'))} | ${ms(med(n, 'js-chrome'))} | ${x(r['wasm-chrome / native-w128'])} | ${x(r['wasm-chrome / native'])} | ${x(r['js-chrome / wasm-chrome'])} |`;
    }),
    '',
    "| sweep, wall time | native 1 → 2 threads | speed-up | wasm (Chromium) 1 → 2 workers | speed-up | needed (from native's) | 2 = 1, bit for bit |",
    '|---|---|---|---|---|---|---|',
    ...PARALLEL.map((n) => {
      const p = parallel[n];
      const m = (k) => ms(quantile(p.wall[k], 0.5));
      return `| ${LABELS[n]} | ${m('native-1')} → ${m('native-2')} | ${p.speedup.native.toFixed(2)}× | ${m('wasm-chrome-1')} → ${m('wasm-chrome-2')} | ${p.speedup.wasmChrome.toFixed(2)}× | ${p.required.toFixed(2)}× | ${p.nativeIdentical && p.wasmIdentical ? 'yes' : 'NO'} |`;
    }),
    ...dragTable({ drags: pageResults?.drags, phone: pageResults?.phone, floor: pageResults?.floor, reps: DRAG_REPS }),
    '',
    'Targets (`bench-results/bench.json` → `targets`):',
    '',
    ...Object.entries(targets).map(([t, ok]) => `- ${ok ? 'met' : '**not met**'}: ${t}`),
  ];
  return lines.join('\n');
}
{
  const text = readFileSync(TABLE_DOC, 'utf8');
  const a = text.indexOf(START);
  const b = text.indexOf(END);
  // Only a whole run replaces the table: --quick, --only, --no-page, --no-lighthouse, --no-phone leave it
  // (a quick look once overwrote a full run's numbers with one workload's).
  const whole = !quick && !ONLY && !flag('--no-page') && !flag('--no-lighthouse') && !flag('--no-phone');
  // The 1× drag targets met in two whole runs in a row (whatever the host's CPU); the
  // whole runs' drag targets are kept in bench-results/drag-history.json, oldest first.
  const historyFile = join(ROOT, 'bench-results', 'drag-history.json');
  const history = existsSync(historyFile) ? JSON.parse(readFileSync(historyFile, 'utf8')) : [];
  const oneX = pageResults ? dragTargets(pageResults.drags, 'desktop') : {};
  const inARow = consecutiveDragRuns(history, oneX);
  targets[CONSECUTIVE_TARGET] = whole && inARow.met;
  console.log(
    `  ${targets[CONSECUTIVE_TARGET] ? 'met    ' : 'NOT met'}  ${CONSECUTIVE_TARGET} ` +
      `(${inARow.previous ? `the one before: ${inARow.previous.date}, ${inARow.previous.cpu}` : 'no whole run before this one'})`,
  );
  if (whole) {
    history.push({
      date: new Date().toISOString(),
      cpu: machine.cpu,
      loadAverageAtStart: loadAtStart,
      loadAverageAtEnd: loadavg(),
      dragTargets: oneX,
    });
    mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
    writeFileSync(historyFile, `${JSON.stringify(history.slice(-20), null, 1)}\n`);
  }
  targets["docs/performance.md shows this run's table"] = whole && a >= 0 && b > a;
  if (whole && a >= 0 && b > a)
    writeFileSync(TABLE_DOC, `${text.slice(0, a + START.length)}\n${latestRunTable()}\n${text.slice(b)}`);
  else if (!whole)
    console.log(
      'docs/performance.md left as it was: a partial run (--quick, --only, --no-page, --no-lighthouse or --no-phone).',
    );
}

mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
const out = join(ROOT, 'bench-results/bench.json');
writeFileSync(
  out,
  JSON.stringify(
    {
      date: new Date().toISOString(),
      machine,
      reps: REPS,
      workloads: WORKLOADS,
      checks,
      summary,
      ratios,
      parallel,
      targets,
      page: pageResults,
      lighthouse,
      timings: Object.fromEntries(
        NAMES.map((n) => [
          n,
          Object.fromEntries(IMPLS.map((i) => [i, timings[n][i].map(({ ms, cpuMs }) => ({ ms, cpuMs }))])),
        ]),
      ),
    },
    null,
    1,
  ),
);
console.log(`Full results: ${out}`);
if (!targets['results agree']) process.exitCode = 1;
