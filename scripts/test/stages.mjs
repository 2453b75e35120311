// npm test's stages, as one table (scripts/test.mjs runs it). Each stage has a key (TEST_ONLY picks
// stages by it), a name (its row in the summary), a part, what it needs built first, and what it
// runs:
//
//   part    first   one after another, before anything else: what the browsers need
//           alone   one after another, alone on the machine: the tests that measure time
//           pool    the pool's jobs, two at a time, beside ...
//           beside  ... these, in two lanes (`lane`: 1 or 2), each one stage after another, at idle
//                   priority (SCHED_IDLE: a core is theirs only when no job of the pool wants it):
//                   none measures time. Two lanes, so that while one runs a single process (tsc,
//                   clang-tidy, a doctest suite) the other compiles on the second core
//           last    once the pool is done and the beside stages of its own key are, at full speed
//                   (beside the lanes' remaining work, which yields to it)
//   builds  [{ label, cmd, args, env, with, sets }]: each must build, or the stage fails. `with`: only
//           when that stage runs too; `sets`: environment the later stages read (a build done once)
//   then one of:
//   jobs    () => [{ dir, file, pattern, part, args, rank }]: `node --test` processes (runJobs)
//   node    [folders]: every .test.mjs file of them in one `node --test` run, two files at a time
//   command { cmd, args, summary }: a script that prints "<summary>: N passed, M failed"
//   check   { cmd, args, errors }: a script that passes or fails as a whole (one test); `errors`
//           counts what it found in its output
//   doctest { exe, args }: the core's doctest suite, as one process
//   needs   [[file, Debian package]]: a stage whose tools are missing fails with the install command
//   name    null: no row of its own, and its builds are a head start (the stage that uses them
//           builds again, and reports)
import path from 'node:path';
import { browserJobs, namesNotStarting, namesStarting } from './browser-split.mjs';
import { root } from './jobs.mjs';
import { readdirSync } from 'node:fs';

// The node:test suites, a folder for each kind of test (tests/browser, engines and lighthouse are
// the pool's; tests/core the doctest suite's).
export const NODE_SUITES = ['tests/api', 'tests/demos', 'tests/chapter', 'tests/build', 'tests/tools', 'tests/bench'];

/** The browser files' jobs: the timed ones alone, the others in the pool (browser-split.mjs). */
const browserSplit = () => {
  const dir = path.join(root, 'tests/browser');
  return browserJobs(
    dir,
    readdirSync(dir).filter((f) => f.endsWith('.test.mjs')),
  );
};

// The chapter's mobile performance (the median of 5 runs: a time) alone; the four audits of
// accessibility, best practices and SEO (no time) in the pool, in two jobs of two. The jobs' name
// patterns leave no test out: the last job takes every test the others do not name.
const LIGHTHOUSE_PERFORMANCE = 'Lighthouse (mobile), the chapter: performance';
const LIGHTHOUSE_SCORES_FIRST = [
  'Lighthouse (mobile), the chapter: accessibility',
  'Lighthouse (mobile), embed.html, ledger:',
];
const LIGHTHOUSE = { dir: 'tests/lighthouse', file: 'audit.test.mjs' };

// Small files that loop (30 and 1,000 mounts of each demo; 2,000 interactions) and take a minute
// each (67 s and 63 s in a clean-clone run): the pool starts them with its other long jobs, not
// last among the small files, where one of them would run on while the other slot is idle.
const LOOPING = new Set(['demo-leak.test.mjs', 'soak.test.mjs']);

// The other two engines a reader's browser may have (tests/engines): Firefox over WebDriver BiDi
// (puppeteer-core + Debian's firefox-esr) and WebKit through WebKitWebDriver (Debian's
// webkit2gtk-driver, MiniBrowser under Xvfb). Each loads the chapter, drives every demo, reads the
// figures in a set of permalink states and compares the text with Chromium's reading in the same
// run, and checks embeds, custom elements, file://, offline reloads and exports (Firefox: print too).
const engine = (name, needs) => ({
  key: name,
  name: `${name} (engine)`,
  part: 'pool',
  needs,
  jobs: () => [{ dir: 'tests/engines', file: `${name}.test.mjs`, args: ['--test-concurrency=1'], rank: 1 }],
});

/** The doctest suite of one build of the core: built, then run as one process. */
const core = (kind, label, exe, args, lane) => ({
  key: 'core',
  name: `core (${kind})`,
  part: 'beside',
  lane,
  builds: [{ label, cmd: 'bash', args: ['scripts/build-core.sh', kind, 'linattn_tests'] }],
  doctest: { exe, args },
});

export const STAGES = [
  // The WebAssembly module (the page's core; the api suites load it too), dist/, and the toy demo's
  // test build (build/web-extra/) once for the two browser files that use it (offline.test.mjs,
  // toy-demo.test.mjs: in the pool, perhaps at the same time; harness.mjs's buildWebExtra builds it
  // when a file runs alone). The core's WebAssembly test suite is built beside the pool.
  {
    key: 'web',
    name: 'web build',
    part: 'first',
    note: '(the module, dist/ and build/web-extra/: builds, not tests)',
    builds: [
      { label: 'the WebAssembly module', cmd: 'bash', args: ['scripts/build-core.sh', 'wasm', 'linattn'] },
      { label: 'web', cmd: 'npm', args: ['run', '--silent', 'build:web'] },
      {
        label: "the toy demo's test build",
        cmd: process.execPath,
        args: ['web/build/build.mjs'],
        env: { LINATTN_EXTRA_DEMOS: path.join(root, 'tests/browser/fixtures/toy-demo/demos.js') },
        with: 'browser',
        sets: { LINATTN_WEB_EXTRA_BUILT: '1' },
      },
    ],
  },
  {
    key: 'browser',
    name: 'browser (timed, one at a time)',
    part: 'alone',
    jobs: () => browserSplit().alone.map((j) => ({ dir: 'tests/browser', ...j })),
  },
  {
    key: 'lighthouse',
    name: 'lighthouse (performance, alone)',
    part: 'alone',
    jobs: () => [{ ...LIGHTHOUSE, pattern: namesStarting([LIGHTHOUSE_PERFORMANCE]), part: 'performance, alone' }],
  },
  {
    key: 'browser',
    name: 'browser (two at a time)',
    part: 'pool',
    jobs: () =>
      browserSplit().shared.map((j) => ({
        dir: 'tests/browser',
        rank: j.first ? 0 : LOOPING.has(j.file) ? 1 : 2,
        ...j,
      })),
  },
  engine('firefox', [['/usr/bin/firefox-esr', 'firefox-esr']]),
  engine('webkit', [
    ['/usr/bin/WebKitWebDriver', 'webkit2gtk-driver'],
    ['/usr/bin/Xvfb', 'xvfb'],
  ]),
  {
    key: 'lighthouse',
    name: 'lighthouse (score audits)',
    part: 'pool',
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
  // Biome, clang-format, clang-tidy, sizes, tickets, repeats: scripts/lint.sh prints its summary.
  // Lane 1: lint (whose clang-tidy configures build/native when it is missing: the native core,
  // which builds there, follows it in the same lane), the node suites, typecheck, the native core.
  {
    key: 'lint',
    name: 'lint',
    part: 'beside',
    lane: 1,
    command: { cmd: 'bash', args: ['scripts/lint.sh'], summary: 'lint' },
  },
  // Two files at a time: node --test runs one at a time on a 2-core machine by default (its default
  // is one fewer than the cores), and each file is one single-threaded process.
  { key: 'api', name: 'api (node)', part: 'beside', lane: 1, node: NODE_SUITES },
  // TypeScript over the page's JavaScript, the JS API and the build (after the web build: the page
  // imports files it generates, web/generated/).
  {
    key: 'typecheck',
    name: 'typecheck',
    part: 'beside',
    lane: 1,
    check: { cmd: 'bash', args: ['scripts/typecheck.sh'], errors: /error TS\d+/g },
  },
  // The suite alone: the benchmark's two builds of the core (npm run bench) add ~90 s to a clean run.
  core('native', 'native core', 'build/native/linattn_tests', [], 1),
  // Lane 2: the sanitizer build, whose core the fuzz harnesses link too (compiled once for both),
  // then the harnesses (so that the fuzz run can start as soon as the pool is done), then the
  // WebAssembly suite.
  core('sanitize', 'sanitizer core (clang++ -fsanitize=address,undefined)', 'build/sanitize/linattn_tests', [], 2),
  // The harnesses' build, ahead of the fuzz run (which would build them itself: a build that fails
  // here fails there, with its output). No row of its own.
  {
    key: 'fuzz',
    name: null,
    part: 'beside',
    lane: 2,
    builds: [{ label: 'fuzz harnesses', cmd: 'bash', args: ['tests/fuzz/build.sh'] }],
  },
  core('wasm', 'WebAssembly core suite', process.execPath, ['build/wasm/linattn_tests.cjs'], 2),
  // Short libFuzzer runs over every entry point, once the pool is done (at idle priority beside it,
  // a harness could be starved past libFuzzer's 10 s limit for one input, which counts wall time):
  // tests/fuzz/run.sh prints its summary.
  {
    key: 'fuzz',
    name: 'fuzz (short)',
    part: 'last',
    command: { cmd: 'bash', args: ['tests/fuzz/run.sh', process.env.FUZZ_SECONDS ?? '10'], summary: 'fuzz' },
  },
];
