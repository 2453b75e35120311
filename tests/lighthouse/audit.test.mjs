// The Lighthouse stage: accessibility, best practices and SEO score 1.00 on the served
// chapter and on embed.html for each demo, and the chapter's mobile performance is at least 0.95:
// the median of RUNS runs, each with the CPU slowdown calibrated to this machine's speed at that
// moment (lighthouse.mjs: the same simulated phone on a fast desktop and on 2 busy cores; with
// the fixed 4x a loaded test machine decides the score, not the page). Every run is printed.
//   node --test --test-concurrency=1 tests/lighthouse/audit.test.mjs     (npm run build first)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from '../../scripts/serve.mjs';
import { DIST } from '../browser/harness.mjs';
import { audit, PERFORMANCE_RUNS } from './lighthouse.mjs';

const CATEGORIES = ['accessibility', 'best-practices', 'seo'];
let server;

before(async () => {
  assert.ok(existsSync(join(DIST, 'index.html')), 'dist/index.html: run npm run build first');
  server = await startServer(DIST, { port: 0 });
});
after(() => server?.close());

const RUNS = PERFORMANCE_RUNS;
const MIN_PERFORMANCE = 0.95;

test(`Lighthouse (mobile), the chapter: performance at least ${MIN_PERFORMANCE} (median of ${RUNS} runs, CPU calibrated)`, {
  timeout: RUNS * 180000,
}, async () => {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const r = await audit(`${server.url}index.html`, {
      preset: 'mobile',
      categories: ['performance'],
      cpu: 'calibrated',
    });
    const m = r.metrics;
    console.log(
      `# the chapter (mobile), run ${i + 1}: performance ${r.scores.performance.toFixed(2)} (FCP ${Math.round(m.fcp)} ms, ` +
        `LCP ${Math.round(m.lcp)} ms, TBT ${Math.round(m.tbt)} ms, SI ${Math.round(m.si)} ms, CLS ${m.cls.toFixed(3)}); ` +
        `benchmark index ${Math.round(r.calibrationIndex)} -> CPU slowdown ${r.cpuSlowdown} (Lighthouse's own index ${Math.round(r.benchmarkIndex)})`,
    );
    // The tasks behind Total Blocking Time (those from FCP on count), to read a low score from the log.
    const tasks = r.longTasks.map(
      (t) => `${Math.round(t.duration)} ms at ${Math.round(t.start)} (${t.url.split('/').pop()})`,
    );
    if (tasks.length) console.log(`#   long tasks: ${tasks.join(', ')}`);
    // Where the simulated main thread's time went, and the scripts that took the most of it.
    const groups = Object.entries(r.mainThread).map(([g, ms]) => `${g} ${Math.round(ms)}`);
    const scripts = r.bootup.slice(0, 4).map((b) => `${b.url.split('/').pop()} ${Math.round(b.total)}`);
    console.log(`#   main thread (ms): ${groups.join(', ')}; by script: ${scripts.join(', ')}`);
    runs.push(r.scores.performance);
  }
  const median = [...runs].sort((a, b) => a - b)[Math.floor(RUNS / 2)];
  assert.ok(
    median >= MIN_PERFORMANCE,
    `median performance ${median.toFixed(2)} of ${runs.map((x) => x.toFixed(2)).join(', ')}`,
  );
});

const pages = [
  ['the chapter', 'index.html', 'mobile'],
  ...['ledger', 'memory', 'overcapacity', 'spotlight'].map((d) => [
    `embed.html, ${d}`,
    `embed.html?demo=${d}`,
    'mobile',
  ]),
];

for (const [label, path, preset] of pages) {
  test(`Lighthouse (${preset}), ${label}: accessibility, best practices and SEO at 1.00`, {
    timeout: 180000,
  }, async () => {
    const { scores, failing } = await audit(`${server.url}${path}`, { preset, categories: CATEGORIES });
    console.log(`# ${label} (${preset}): ${CATEGORIES.map((c) => `${c} ${scores[c].toFixed(2)}`).join(', ')}`);
    for (const c of CATEGORIES)
      assert.equal(scores[c], 1, `${label}: ${c} ${scores[c]}; below 1:\n  ${failing[c].join('\n  ')}`);
  });
}
