// `npm test`: builds everything and runs every suite, then prints one summary line
// ("tests: N passed, M failed"). Stages run in order; a stage that cannot build counts as failed.
//
//   lint            Biome (JS/CSS/JSON), clang-format, clang-tidy     scripts/lint.sh
//   core (native)   doctest suite (one process; ctest runs it too) build/native
//   core (sanitize) the same suite under AddressSanitizer + UBSan  build/sanitize (whose build of
//                   the core the fuzz harnesses link too: compiled once for both)
//   core (wasm)     the same suite compiled to WebAssembly, under node
//   fuzz (short)    libFuzzer harnesses over every entry point, a few seconds each
//   api (node)      node:test suites against the real module      tests/node
//   web build       npm run build:web                              dist/
//   typecheck       tsc --noEmit with checkJs (tsconfig.json)        scripts/typecheck.sh
//   browser         node:test + Playwright + Debian's Chromium     tests/browser (the tests that
//                   measure time one at a time, the others two at a time: scripts/test/browser-split.mjs)
//   firefox         the chapter in Firefox ESR over WebDriver BiDi  tests/engines/firefox.test.mjs
//   webkit          the chapter in WebKit (WebKitWebDriver, Xvfb)   tests/engines/webkit.test.mjs
//   lighthouse      Lighthouse (npm) on the served chapter and embeds  tests/lighthouse (performance
//                   alone, the score audits two at a time)
//
// Set TEST_ONLY=core,api,... to run some stages (a quick loop while developing), e.g.
// TEST_ONLY=firefox or TEST_ONLY=webkit for one engine (after npm run build).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { browserJobs, namesStarting, namesNotStarting } from './test/browser-split.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.env.TEST_ONLY ? process.env.TEST_ONLY.split(',') : null;
const totals = { passed: 0, failed: 0 };
const report = [];

// Runs a command, echoing its output as it comes (when `echo`), and returns all of it.
function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_PATH: '/usr/share/nodejs', ...opts.env },
    });
    let out = '';
    const take = (chunk) => {
      const text = chunk.toString();
      out += text;
      if (opts.echo) process.stdout.write(text);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    const timer = setTimeout(
      () => {
        out += `\n(timed out after ${(opts.timeout ?? 1200000) / 1000} s)\n`;
        child.kill('SIGKILL');
      },
      opts.timeout ?? 20 * 60 * 1000,
    );
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ ok: status === 0, out, status });
    });
  });
}

async function stage(name, fn) {
  const key = name.split(' ')[0];
  if (only && !only.includes(key)) return;
  const t0 = Date.now();
  console.log(`\n=== ${name} ===`);
  let passed = 0,
    failed = 0,
    note = '';
  try {
    ({ passed, failed, note = '' } = await fn());
  } catch (e) {
    failed = Math.max(1, failed);
    note = String(e.message || e);
    console.log(note);
  }
  totals.passed += passed;
  totals.failed += failed;
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  report.push(
    `${name.padEnd(30)} ${String(passed).padStart(4)} passed ${String(failed).padStart(3)} failed  ${secs.padStart(6)} s ${note}`,
  );
}

async function mustBuild(label, cmd, args) {
  const r = await run(cmd, args);
  if (!r.ok) {
    console.log(r.out.slice(-6000));
    throw new Error(`${label} failed to build`);
  }
}

// node --test with the spec reporter: "ℹ pass N" / "ℹ fail N"
async function nodeTest(dir, extra = [], pick = () => true) {
  const files = existsSync(path.join(root, dir))
    ? readdirSync(path.join(root, dir))
        .filter((f) => f.endsWith('.test.mjs') && pick(f))
        .map((f) => path.join(dir, f))
    : [];
  if (files.length === 0) throw new Error(`no test files in ${dir}`);
  const r = await run(process.execPath, ['--test', '--test-reporter=spec', ...extra, ...files], {
    timeout: 40 * 60 * 1000,
    echo: true,
  });
  const pass = r.out.match(/ℹ pass (\d+)/),
    fail = r.out.match(/ℹ fail (\d+)/);
  if (!pass || !fail) throw new Error(`node --test in ${dir} gave no summary`);
  const failed = Number(fail[1]) + (r.ok || Number(fail[1]) > 0 ? 0 : 1);
  return { passed: Number(pass[1]), failed };
}

// scripts/lint.sh prints "lint: N passed, M failed" (Biome, clang-format, clang-tidy).
await stage('lint', async () => {
  const r = await run('bash', ['scripts/lint.sh'], { echo: true });
  const m = r.out.match(/lint: (\d+) passed, (\d+) failed/);
  if (!m) throw new Error(`scripts/lint.sh gave no summary (exit ${r.status})`);
  return { passed: Number(m[1]), failed: Number(m[2]) + (r.ok || Number(m[2]) > 0 ? 0 : 1) };
});

// doctest's own summary: "[doctest] test cases: N | N passed | M failed | ...". The suite runs as one
// process: every case, as ctest would run them (ctest starts one process a case: under node, 87
// loads of the WebAssembly suite, ~0.25 s of CPU each, for a suite that takes ~1.6 s whole).
async function doctest(exe, args = []) {
  const r = await run(exe, args);
  const m = r.out.match(/test cases:\s*(\d+)\s*\|\s*(\d+) passed\s*\|\s*(\d+) failed/);
  if (!m)
    throw new Error(`${[exe, ...args].join(' ')} gave no doctest summary (exit ${r.status}):\n${r.out.slice(-6000)}`);
  // A sanitizer report aborts the run (-fno-sanitize-recover=all): a non-zero exit, maybe no summary.
  if (!r.ok || Number(m[3]) > 0) console.log(r.out.slice(-6000));
  else
    console.log(
      r.out
        .split('\n')
        .filter((l) => /test cases|assertions|Status/.test(l))
        .join('\n'),
    );
  const failed = Number(m[3]) + (r.ok || Number(m[3]) > 0 ? 0 : 1);
  return { passed: Number(m[2]), failed };
}

await stage('core (native)', async () => {
  // The suite alone: the benchmark's two builds of the core (npm run bench) add ~90 s to a clean run.
  await mustBuild('native core', 'bash', ['scripts/build-core.sh', 'native', 'linattn_tests']);
  return doctest('build/native/linattn_tests');
});

await stage('core (sanitize)', async () => {
  await mustBuild('sanitizer core (clang++ -fsanitize=address,undefined)', 'bash', [
    'scripts/build-core.sh',
    'sanitize',
    'linattn_tests',
  ]);
  return doctest('build/sanitize/linattn_tests');
});

await stage('core (wasm)', async () => {
  await mustBuild('WebAssembly core', 'bash', ['scripts/build-core.sh', 'wasm']);
  return doctest(process.execPath, ['build/wasm/linattn_tests.cjs']);
});

// tests/fuzz/run.sh prints "fuzz: N passed, M failed" (one test per harness that ran clean).
await stage('fuzz (short)', async () => {
  const r = await run('bash', ['tests/fuzz/run.sh', process.env.FUZZ_SECONDS ?? '10'], { echo: true });
  const m = r.out.match(/fuzz: (\d+) passed, (\d+) failed/);
  if (!m) throw new Error(`tests/fuzz/run.sh gave no summary (exit ${r.status})`);
  return { passed: Number(m[1]), failed: Number(m[2]) + (r.ok || Number(m[2]) > 0 ? 0 : 1) };
});

// Two files at a time: node --test runs one at a time on a 2-core machine by default (its default
// is one fewer than the cores), and each file is one single-threaded process.
await stage('api (node)', () => nodeTest('tests/node', ['--test-concurrency=2']));

await stage('web build', async () => {
  await mustBuild('web', 'npm', ['run', '--silent', 'build:web']);
  return { passed: 0, failed: 0, note: '(dist/ built; a build, not a test)' };
});

// TypeScript over the page's JavaScript and the JS API (tsconfig.json), after the web build (the
// page imports files it generates, web/generated/).
await stage('typecheck', async () => {
  const r = await run('bash', ['scripts/typecheck.sh'], { echo: true });
  const errors = (r.out.match(/error TS\d+/g) ?? []).length;
  if (!r.ok && errors === 0) throw new Error(`scripts/typecheck.sh failed (exit ${r.status})`);
  console.log(r.ok ? 'typecheck: no errors' : `typecheck: ${errors} errors`);
  return { passed: r.ok ? 1 : 0, failed: r.ok ? 0 : 1 };
});

// A test that hangs (a promise of the browser that never settles) fails alone after 10 minutes,
// with its name, and the files after it still run; the stage's own limit (40 min) is the last resort.
const TEST_TIMEOUT = `--test-timeout=${10 * 60 * 1000}`;

// Runs test files of `dir` as jobs ({ file, pattern, part }: one `node --test` process each, a name
// pattern choosing some of the file's tests, `part` saying which), `slots` at a time, the largest
// files first (jobs marked `first` before them) so that the longest jobs do not start last. Each
// job's output is printed whole when it ends, with its seconds; the counts are summed.
async function runJobs(dir, jobs, slots) {
  for (const { file } of jobs) {
    if (!existsSync(path.join(root, dir, file))) throw new Error(`${file} is not a test file of ${dir}`);
  }
  // A file whose tests are defined in a shared suite (page.test.mjs: page-suite.mjs) weighs that too.
  const size = (f) => {
    const file = path.join(root, dir, f);
    const suites = [...readFileSync(file, 'utf8').matchAll(/from '\.\/([\w-]+-suite\.mjs)'/g)];
    return statSync(file).size + suites.reduce((sum, m) => sum + statSync(path.join(root, dir, m[1])).size, 0);
  };
  const queue = [...jobs].sort((a, b) => (b.first ? 1 : 0) - (a.first ? 1 : 0) || size(b.file) - size(a.file));
  const totals = { passed: 0, failed: 0 };
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const args = ['--test', '--test-reporter=spec', TEST_TIMEOUT];
      if (job.pattern) args.push(`--test-name-pattern=${job.pattern}`);
      const t0 = Date.now();
      const r = await run(process.execPath, [...args, path.join(dir, job.file)], { timeout: 40 * 60 * 1000 });
      const secs = ((Date.now() - t0) / 1000).toFixed(0);
      console.log(`\n--- ${job.file}${job.part ? ` (${job.part})` : ''}: ${secs} s\n${r.out.trimEnd()}`);
      const pass = r.out.match(/ℹ pass (\d+)/),
        fail = r.out.match(/ℹ fail (\d+)/);
      totals.passed += pass ? Number(pass[1]) : 0;
      totals.failed += fail ? Number(fail[1]) + (r.ok || Number(fail[1]) > 0 ? 0 : 1) : 1;
    }
  };
  await Promise.all(Array.from({ length: slots }, worker));
  return totals;
}

// The timed tests alone, then the rest two at a time (scripts/test/browser-split.mjs says which).
const split = (() => {
  try {
    return browserJobs(readdirSync(path.join(root, 'tests/browser')).filter((f) => f.endsWith('.test.mjs')));
  } catch (e) {
    return e; // a name that is not a test file fails the stages (with the summary), not the script
  }
})();
await stage('browser (timed, one at a time)', () => {
  if (split instanceof Error) throw split;
  return runJobs('tests/browser', split.alone, 1);
});
await stage('browser (two at a time)', () => {
  if (split instanceof Error) throw split;
  return runJobs('tests/browser', split.shared, 2);
});

// The other two engines a reader's browser may have (tests/engines): Firefox over WebDriver BiDi
// (puppeteer-core + Debian's firefox-esr) and WebKit through WebKitWebDriver (Debian's
// webkit2gtk-driver, MiniBrowser under Xvfb). Each loads the chapter, drives every demo, reads the
// figures in a set of permalink states and compares the text with Chromium's reading in the same
// run, and checks embeds, custom elements, file://, offline reloads and exports (Firefox: print
// too). An engine that is not installed fails its stage with the command that installs it.
const ENGINES = {
  firefox: [['/usr/bin/firefox-esr', 'firefox-esr']],
  webkit: [
    ['/usr/bin/WebKitWebDriver', 'webkit2gtk-driver'],
    ['/usr/bin/Xvfb', 'xvfb'],
  ],
};
for (const engine of Object.keys(ENGINES)) {
  await stage(`${engine} (engine)`, () => {
    const missing = ENGINES[engine].filter(([file]) => !existsSync(file)).map(([, pkg]) => pkg);
    if (missing.length) throw new Error(`${engine} is not installed: run  apt-get install -y ${missing.join(' ')}`);
    return nodeTest('tests/engines', ['--test-concurrency=1', TEST_TIMEOUT], (f) => f === `${engine}.test.mjs`);
  });
}

// The chapter's mobile performance (the median of 5 runs: a time) alone; the four audits of
// accessibility, best practices and SEO (no time) two at a time, in two jobs of two. The jobs' name
// patterns leave no test out: the last job takes every test the others do not name.
const LIGHTHOUSE_PERFORMANCE = 'Lighthouse (mobile), the chapter: performance';
const LIGHTHOUSE_SCORES_FIRST = [
  'Lighthouse (mobile), the chapter: accessibility',
  'Lighthouse (mobile), embed.html, ledger:',
];
await stage('lighthouse', async () => {
  const file = 'audit.test.mjs';
  const timed = await runJobs(
    'tests/lighthouse',
    [{ file, pattern: namesStarting([LIGHTHOUSE_PERFORMANCE]), part: 'performance, alone' }],
    1,
  );
  const scores = await runJobs(
    'tests/lighthouse',
    [
      { file, pattern: namesStarting(LIGHTHOUSE_SCORES_FIRST), part: 'two score audits' },
      {
        file,
        pattern: namesNotStarting([LIGHTHOUSE_PERFORMANCE, ...LIGHTHOUSE_SCORES_FIRST]),
        part: 'the other score audits',
      },
    ],
    2,
  );
  return { passed: timed.passed + scores.passed, failed: timed.failed + scores.failed };
});

console.log('\n=== summary ===');
for (const line of report) console.log(line);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 && totals.passed > 0 ? 0 : 1);
