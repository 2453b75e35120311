// `npm test`: builds everything and runs every suite, then prints the stage table and one summary
// line ("tests: N passed, M failed"). A stage that cannot build counts as failed.
//
//   lint            Biome (JS/CSS/JSON), clang-format, clang-tidy     scripts/lint.sh
//   core (native)   doctest suite (one process; ctest runs it too) build/native
//   core (sanitize) the same suite under AddressSanitizer + UBSan  build/sanitize (whose build of
//                   the core the fuzz harnesses link too: compiled once for both)
//   core (wasm)     the same suite compiled to WebAssembly, under node
//   fuzz (short)    libFuzzer harnesses over every entry point, a few seconds each
//   api (node)      node:test suites, by kind: the core's JS API, the demos' state and compute, the
//                   chapter's text, the build, the tools, the bench's pure parts   NODE_SUITES
//   web build       npm run build:web                              dist/
//   typecheck       tsc --noEmit with checkJs (tsconfig.json)        scripts/typecheck.sh
//   browser         node:test + Playwright + Debian's Chromium     tests/browser (the tests that
//                   measure time one at a time, the others two at a time: scripts/test/browser-split.mjs:
//                   a `*.timed.test.mjs` file, or a test named `timed: …`)
//   firefox         the chapter in Firefox ESR over WebDriver BiDi  tests/engines/firefox.test.mjs
//   webkit          the chapter in WebKit (WebKitWebDriver, Xvfb)   tests/engines/webkit.test.mjs
//   lighthouse      Lighthouse (npm) on the served chapter and embeds  tests/lighthouse (performance
//                   alone, the score audits in the pool)
//
// The order, in three parts, so that a 2-core machine is never idle and never shared by a test
// that measures time:
//   1. what the browsers need: the web build (the WebAssembly module, dist/ and the toy demo's
//      test build);
//   2. alone on the machine: the browser tests that measure time, then Lighthouse's performance;
//   3. the pool, two jobs at a time: the other browser tests, Firefox, WebKit and the Lighthouse
//      score audits (none measures time); beside it, one after another at idle priority
//      (SCHED_IDLE: a core is theirs only when no job of the pool wants it), lint, api, typecheck,
//      the three doctest suites of the core (WebAssembly, native, sanitizer: compiling is most of
//      their time) and the fuzz harnesses' build; then the fuzz run itself, at full speed.
//
// Set TEST_ONLY=core,api,... to run some stages (a quick loop while developing), e.g.
// TEST_ONLY=firefox or TEST_ONLY=webkit for one engine (after npm run build).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { browserJobs, namesStarting, namesNotStarting } from './test/browser-split.mjs';
import { root, run, mustBuild, nodeTest, doctest, runJobs, summaryCounts } from './test/jobs.mjs';

const only = process.env.TEST_ONLY ? process.env.TEST_ONLY.split(',') : null;
const wanted = (name) => !only || only.includes(name.split(' ')[0]);
const rows = []; // the stage table, in the order the stages were started
const started = Date.now();

/** A row of the table, made when its stage starts (so the table keeps the plan's order). */
function row(name) {
  const r = { name, passed: 0, failed: 0, secs: 0, note: '' };
  rows.push(r);
  return r;
}
function fail(r, e) {
  r.failed = Math.max(1, r.failed);
  r.note = String(e.message || e);
  console.log(r.note);
}

/** Runs stage `name` (unless TEST_ONLY leaves it out): fn() resolves with { passed, failed, note }. */
async function stage(name, fn, note = '') {
  if (!wanted(name)) return;
  const r = row(name);
  const t0 = Date.now();
  console.log(`\n=== ${name} ===`);
  try {
    Object.assign(r, await fn());
  } catch (e) {
    fail(r, e);
  }
  r.secs = (Date.now() - t0) / 1000;
  if (note) r.note = `${note} ${r.note}`.trim();
}

// ---- 1. What the browsers need, in order ----

// The WebAssembly module (the page's core; the api suites load it too), dist/, and the toy demo's
// test build (build/web-extra/) once for the two browser files that use it (offline.test.mjs,
// toy-demo.test.mjs: in the pool, perhaps at the same time; harness.mjs's buildWebExtra builds it
// when a file runs alone). The core's WebAssembly test suite is built beside the pool.
await stage('web build', async () => {
  await mustBuild('the WebAssembly module', 'bash', ['scripts/build-core.sh', 'wasm', 'linattn']);
  await mustBuild('web', 'npm', ['run', '--silent', 'build:web']);
  if (wanted('browser')) {
    await mustBuild("the toy demo's test build", process.execPath, ['web/build/build.mjs'], {
      env: { LINATTN_EXTRA_DEMOS: path.join(root, 'tests/browser/fixtures/toy-demo/demos.js') },
    });
    process.env.LINATTN_WEB_EXTRA_BUILT = '1';
  }
  return { passed: 0, failed: 0, note: '(the module, dist/ and build/web-extra/: builds, not tests)' };
});

// ---- 2. Alone on the machine: the tests that measure time ----

const split = (() => {
  try {
    const dir = path.join(root, 'tests/browser');
    return browserJobs(
      dir,
      readdirSync(dir).filter((f) => f.endsWith('.test.mjs')),
    );
  } catch (e) {
    return e; // a name that is not a test file fails the stages (with the summary), not the script
  }
})();
const sum = (groups) =>
  Object.values(groups).reduce((t, g) => ({ passed: t.passed + g.passed, failed: t.failed + g.failed }), {
    passed: 0,
    failed: 0,
  });
await stage('browser (timed, one at a time)', async () => {
  if (split instanceof Error) throw split;
  return sum(
    await runJobs(
      split.alone.map((j) => ({ dir: 'tests/browser', ...j })),
      1,
    ),
  );
});

// The chapter's mobile performance (the median of 5 runs: a time) alone; the four audits of
// accessibility, best practices and SEO (no time) in the pool, in two jobs of two. The jobs' name
// patterns leave no test out: the last job takes every test the others do not name.
const LIGHTHOUSE_PERFORMANCE = 'Lighthouse (mobile), the chapter: performance';
const LIGHTHOUSE_SCORES_FIRST = [
  'Lighthouse (mobile), the chapter: accessibility',
  'Lighthouse (mobile), embed.html, ledger:',
];
const LIGHTHOUSE = { dir: 'tests/lighthouse', file: 'audit.test.mjs' };
await stage('lighthouse (performance, alone)', async () =>
  sum(
    await runJobs([{ ...LIGHTHOUSE, pattern: namesStarting([LIGHTHOUSE_PERFORMANCE]), part: 'performance, alone' }], 1),
  ),
);

// ---- 3. The pool, two at a time; everything else beside it at idle priority ----

// The other two engines a reader's browser may have (tests/engines): Firefox over WebDriver BiDi
// (puppeteer-core + Debian's firefox-esr) and WebKit through WebKitWebDriver (Debian's
// webkit2gtk-driver, MiniBrowser under Xvfb). Each loads the chapter, drives every demo, reads the
// figures in a set of permalink states and compares the text with Chromium's reading in the same
// run, and checks embeds, custom elements, file://, offline reloads and exports (Firefox: print
// too). An engine that is not installed fails its row with the command that installs it.
const ENGINES = {
  firefox: [['/usr/bin/firefox-esr', 'firefox-esr']],
  webkit: [
    ['/usr/bin/WebKitWebDriver', 'webkit2gtk-driver'],
    ['/usr/bin/Xvfb', 'xvfb'],
  ],
};

// The pool's rows: each names its jobs (rank: the longest start first). Their seconds in the table
// are their jobs' own, which overlap; the pool's wall time is printed under them.
const POOL = [
  {
    name: 'browser (two at a time)',
    jobs: () => {
      if (split instanceof Error) throw split;
      return split.shared.map((j) => ({ dir: 'tests/browser', rank: j.first ? 0 : 2, ...j }));
    },
  },
  ...Object.entries(ENGINES).map(([engine, needs]) => ({
    name: `${engine} (engine)`,
    jobs: () => {
      const missing = needs.filter(([file]) => !existsSync(file)).map(([, pkg]) => pkg);
      if (missing.length) throw new Error(`${engine} is not installed: run  apt-get install -y ${missing.join(' ')}`);
      return [{ dir: 'tests/engines', file: `${engine}.test.mjs`, args: ['--test-concurrency=1'], rank: 1 }];
    },
  })),
  {
    name: 'lighthouse (score audits)',
    jobs: () => [
      { ...LIGHTHOUSE, pattern: namesStarting(LIGHTHOUSE_SCORES_FIRST), part: 'two score audits', rank: 1 },
      {
        ...LIGHTHOUSE,
        pattern: namesNotStarting([LIGHTHOUSE_PERFORMANCE, ...LIGHTHOUSE_SCORES_FIRST]),
        part: 'the other score audits',
        rank: 1,
      },
    ],
  },
];

async function pool() {
  const jobs = [];
  const mine = new Map(); // group name -> its row
  for (const { name, jobs: make } of POOL.filter((p) => wanted(p.name))) {
    const r = row(name);
    mine.set(name, r);
    try {
      for (const job of make()) jobs.push({ ...job, group: name });
    } catch (e) {
      fail(r, e);
    }
  }
  if (jobs.length === 0) return;
  const wall = row('  the pool, wall time');
  console.log(`\n=== the pool: ${[...mine.keys()].join(', ')} (two jobs at a time) ===`);
  const t0 = Date.now();
  const groups = await runJobs(jobs, 2);
  for (const [name, r] of mine) {
    const g = groups[name];
    if (!g) continue;
    r.passed += g.passed;
    r.failed += g.failed;
    r.secs = g.seconds;
    r.note = `(in the pool: its jobs' own seconds) ${r.note}`.trim();
  }
  wall.secs = (Date.now() - t0) / 1000;
  wall.note = '(two jobs at a time)';
}

// Lint, api, typecheck, the three doctest suites and the fuzz harnesses' build (linked to the
// sanitizer build of the core): none measures time, and they fill the cores the pool leaves idle.
const BESIDE = '(beside the pool, at idle priority)';
// The node:test suites, a folder for each kind of test (tests/browser, engines and lighthouse are the
// pool's; tests/core the doctest suite's).
const NODE_SUITES = ['tests/api', 'tests/demos', 'tests/chapter', 'tests/build', 'tests/tools', 'tests/bench'];
async function besideThePool() {
  // scripts/lint.sh prints "lint: N passed, M failed" (Biome, clang-format, clang-tidy).
  await stage(
    'lint',
    async () => {
      const r = await run('bash', ['scripts/lint.sh'], { idle: true });
      console.log(`\n--- lint\n${r.out.trimEnd()}`); // whole, not among the pool's jobs' lines
      return summaryCounts(r, 'lint', 'scripts/lint.sh');
    },
    BESIDE,
  );
  // Two files at a time: node --test runs one at a time on a 2-core machine by default (its default
  // is one fewer than the cores), and each file is one single-threaded process.
  await stage('api (node)', () => nodeTest(NODE_SUITES, ['--test-concurrency=2'], undefined, { idle: true }), BESIDE);
  // TypeScript over the page's JavaScript and the JS API (tsconfig.json), after the web build (the
  // page imports files it generates, web/generated/).
  await stage(
    'typecheck',
    async () => {
      const r = await run('bash', ['scripts/typecheck.sh'], { idle: true });
      const errors = (r.out.match(/error TS\d+/g) ?? []).length;
      console.log(`\n--- typecheck\n${r.out.trimEnd()}`);
      if (!r.ok && errors === 0) throw new Error(`scripts/typecheck.sh failed (exit ${r.status})`);
      console.log(r.ok ? 'typecheck: no errors' : `typecheck: ${errors} errors`);
      return { passed: r.ok ? 1 : 0, failed: r.ok ? 0 : 1 };
    },
    BESIDE,
  );
  await stage(
    'core (wasm)',
    async () => {
      await mustBuild('WebAssembly core suite', 'bash', ['scripts/build-core.sh', 'wasm', 'linattn_tests'], {
        idle: true,
      });
      return doctest(process.execPath, ['build/wasm/linattn_tests.cjs'], { idle: true });
    },
    BESIDE,
  );
  await stage(
    'core (native)',
    async () => {
      // The suite alone: the benchmark's two builds of the core (npm run bench) add ~90 s to a clean run.
      await mustBuild('native core', 'bash', ['scripts/build-core.sh', 'native', 'linattn_tests'], { idle: true });
      return doctest('build/native/linattn_tests', [], { idle: true });
    },
    BESIDE,
  );
  await stage(
    'core (sanitize)',
    async () => {
      await mustBuild(
        'sanitizer core (clang++ -fsanitize=address,undefined)',
        'bash',
        ['scripts/build-core.sh', 'sanitize', 'linattn_tests'],
        { idle: true },
      );
      return doctest('build/sanitize/linattn_tests', [], { idle: true });
    },
    BESIDE,
  );
  // The harnesses' build, ahead of the fuzz stage (which would build them itself: a build that
  // fails here fails there, with its output).
  if (wanted('fuzz')) await run('bash', ['tests/fuzz/build.sh'], { idle: true });
}

await Promise.all([pool(), besideThePool()]);

// tests/fuzz/run.sh prints "fuzz: N passed, M failed" (one test per harness that ran clean).
await stage('fuzz (short)', async () => {
  const r = await run('bash', ['tests/fuzz/run.sh', process.env.FUZZ_SECONDS ?? '10'], { echo: true });
  return summaryCounts(r, 'fuzz', 'tests/fuzz/run.sh');
});

console.log('\n=== summary ===');
let passed = 0,
  failed = 0;
for (const r of rows) {
  const counts = r.name.startsWith(' ')
    ? ' '.repeat(23)
    : `${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed`;
  console.log(`${r.name.padEnd(32)} ${counts}  ${r.secs.toFixed(1).padStart(6)} s ${r.note}`);
  passed += r.passed;
  failed += r.failed;
}
console.log(`${'wall time'.padEnd(32)} ${' '.repeat(23)}  ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
