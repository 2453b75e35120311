#!/usr/bin/env node
// `npm run bench`: the core's workloads (workloads.mjs) side by side in one run, as
//   native      C++ built with -O3 -march=native (build/native/linattn_bench, bench_native.cpp)
//   wasm-node   the WebAssembly module in Node (wasm/index.mjs)
//   wasm-chrome the same module in headless Chromium (bench.html + browser.mjs)
//   js-node, js-chrome   the plain-JavaScript baseline (baseline.mjs)
// then the built page's metrics (page-metrics.mjs). Every implementation's results are checked
// against the WebAssembly core's first; then the reps run interleaved (one rep of every
// implementation after another), so a busy machine slows all of them alike. Each timing is wall
// time and, where the platform gives it, the CPU time of the thread that ran it (steadier on a
// loaded machine). Prints tables of medians and ratios; writes bench-results/bench.json.
//
// and Lighthouse's performance score of the served chapter on its mobile and desktop presets
// (tests/lighthouse/lighthouse.mjs; the target is mobile >= 0.95).
//
//   node tests/bench/run.mjs [--reps N] [--no-build] [--build-web] [--no-page] [--no-lighthouse] [--quick]
//     --reps N      timed reps per workload and implementation (default 5; JS on the d = 256
//                   sweep, 20-40 s a run, gets only its checked run)
//     --quick       no JS on the d = 256 sweep, 3 reps (a quick look, not for the README)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { launch, ROOT, DIST } from '../browser/harness.mjs';
import { startServer } from '../../scripts/serve.mjs';
import createLinattn from '../../wasm/index.mjs';
import { WORKLOADS, nativeSpec, prepare, maxDifference } from './workloads.mjs';
import { pageMetrics } from './page-metrics.mjs';
import { audit } from '../lighthouse/lighthouse.mjs';

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const quick = flag('--quick');
const REPS = Number(argv[argv.indexOf('--reps') + 1]) || (quick ? 3 : 5);
const TOLERANCE = 1e-9; // every number of every implementation against the WebAssembly core's
const NATIVE = join(ROOT, 'build/native/linattn_bench');
const IMPLS = ['native', 'wasm-node', 'wasm-chrome', 'js-node', 'js-chrome'];
const NAMES = Object.keys(WORKLOADS);
const started = Date.now();
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
  native(name, withResult) {
    const r = spawnSync(NATIVE, [name, '1', ...(withResult ? ['--results'] : [])], {
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
    const s0 = await taskSeconds();
    const r = await page.evaluate(([n, i, p, w]) => window.benchRun(n, i, p, w), [name, impl, presets, withResult]);
    const s1 = await taskSeconds();
    return { ms: r.ms, cpuMs: (s1 - s0) * 1000, result: r.result };
  },
};
function runOnce(impl, name, withResult = false) {
  if (impl === 'native') return runners.native(name, withResult);
  const [kind, where] = impl.split('-');
  return where === 'node' ? runners.node(kind, name, withResult) : runners.chrome(kind, name, withResult);
}
const skip = (impl, name) => quick && name === 'sweep256' && impl.startsWith('js');

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

// ---- 3. the page ----------------------------------------------------------------------------
let pageResults = null;
if (!flag('--no-page')) {
  log('page metrics (dist/)');
  pageResults = await pageMetrics(browser, DIST);
}
await browser.close();
await server.close();

// ---- 4. Lighthouse performance, both presets ---------------------------------------------------
let lighthouse = null;
if (!flag('--no-page') && !flag('--no-lighthouse')) {
  lighthouse = {};
  const site = await startServer(DIST, { port: 0 });
  try {
    for (const preset of ['mobile', 'desktop']) {
      log(`Lighthouse, ${preset} preset`);
      const r = await audit(`${site.url}index.html`, { preset, categories: ['performance'] }).catch((err) => ({
        error: err.message,
      }));
      lighthouse[preset] = r.error ? { error: r.error } : { performance: r.scores.performance, metrics: r.metrics };
    }
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

const targets = {
  'sweep64: wasm-chrome <= 1.5x native': ratios.sweep64['wasm-chrome / native'].cpu?.median <= 1.5,
  'sweep256: wasm-chrome <= 1.5x native': ratios.sweep256['wasm-chrome / native'].cpu?.median <= 1.5,
  'sweep256: js >= 3x wasm (chrome)': ratios.sweep256['js-chrome / wasm-chrome'].cpu?.median >= 3,
  'results agree': NAMES.every((n) => Object.values(checks[n]).every((c) => c.ok)),
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
  console.log(
    '  drag at the largest settings, per update: input -> rendered p50 / p95 ms (wall), main-thread CPU ms (mean);',
  );
  console.log('  longest task ms (longtask entries > 50 ms)');
  for (const [demo, d] of Object.entries(pageResults.drags)) {
    console.log(
      `  ${demo.padEnd(13)} ${
        d.error
          ? `not measured: ${d.error}`
          : `${fmt(d.update.p50)} / ${fmt(d.update.p95)}, CPU ${fmt(d.cpuPerUpdateMs)}; longest ${fmt(d.longestTaskMs, 0)} ` +
            `(${d.longTasks.length} long tasks, ${d.updates} updates; ${d.settings})`
      }`,
    );
  }
  targets['first load <= 300 KB gzip'] = pageResults.firstLoad.gzipBytes <= 300 * 1024;
  targets['wasm <= 80 KB gzip'] = pageResults.wasm.gzipBytes <= 80 * 1024;
  for (const [demo, d] of Object.entries(pageResults.drags)) {
    targets[`${demo}: update p95 <= 16 ms`] = !d.error && d.update.p95 <= 16;
    targets[`${demo}: no task > 50 ms`] = !d.error && d.longestTaskMs <= 50;
  }
}
if (lighthouse) {
  console.log('\nLighthouse (served chapter), performance score; FCP / LCP / TBT ms, CLS:');
  for (const [preset, r] of Object.entries(lighthouse)) {
    const m = r.metrics;
    console.log(
      `  ${preset.padEnd(8)} ${
        r.error
          ? `not measured: ${r.error}`
          : `${r.performance.toFixed(2)}  ${fmt(m.fcp, 0)} / ${fmt(m.lcp, 0)} / ${fmt(m.tbt, 0)}, ${m.cls.toFixed(3)}`
      }`,
    );
  }
  targets['Lighthouse mobile performance >= 0.95'] = lighthouse.mobile?.performance >= 0.95;
}
console.log('\nTargets (ratios on CPU time):');
for (const [t, ok] of Object.entries(targets)) console.log(`  ${ok ? 'met    ' : 'NOT met'}  ${t}`);

const machine = {
  cpu: cpus()[0]?.model,
  cores: cpus().length,
  memoryGB: Math.round(totalmem() / 2 ** 30),
  loadAverageAtEnd: loadavg(),
  node: process.version,
  chromium: chromeVersion,
  platform: process.platform,
};
console.log(
  `\nMachine: ${machine.cpu}, ${machine.cores} cores, load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}; ` +
    `Node ${process.version}, ${chromeVersion}. ${((Date.now() - started) / 1000).toFixed(0)} s in all.`,
);

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
