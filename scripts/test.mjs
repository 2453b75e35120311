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
//   browser         node:test + Playwright + Debian's Chromium     tests/browser (the files that
//                   measure time one at a time, the others two at a time)
//   lighthouse      Lighthouse (npm) on the served chapter and embeds  tests/lighthouse
//
// Set TEST_ONLY=core,api,... to run some stages (a quick loop while developing).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

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

// Browser files that measure time run one at a time, alone on the machine: drags and their frames
// (ledger, memory, overcapacity), steps and long tasks of sweeps on a host page (hosts), the worker
// pool's timing (overcapacity-pool), layout shift while fonts and figures load (layout-shift),
// permalinks landing under a slowed CPU (landing), the soak's heap and 2,000 timed actions (soak)
// and the service worker's install (offline). Every other file asserts what the page shows and
// does, not how fast: those run two at a time, one Chromium each. A new file that asserts a time
// belongs in this list.
const BROWSER_ALONE = new Set([
  'ledger.test.mjs',
  'memory.test.mjs',
  'overcapacity.test.mjs',
  'overcapacity-pool.test.mjs',
  'hosts.test.mjs',
  'layout-shift.test.mjs',
  'landing.test.mjs',
  'soak.test.mjs',
  'offline.test.mjs',
]);
// The tests of those files that measure no time and start from a page of their own (or reset the
// shared one), by the start of their names: they run two at a time with the other files (node
// --test-name-pattern), and only the rest of their file runs alone: the host pages' step timing
// (hosts 10), the permalinks under 4x and 6x CPU throttling (landing), the memory figure's drag.
// A test not named here stays alone; a test that asserts a time must not be named here.
const BROWSER_ALONE_UNTIMED = {
  'hosts.test.mjs': ['1. ', '2. ', '3. ', '4. ', '5. ', '5b. ', '6. ', '7. ', '9. ', '9b. '],
  'landing.test.mjs': ['a section anchor and demo settings', 'link settings the page cannot use'],
  'memory.test.mjs': [
    'dense GQA',
    'MHA (Llama-2-7B)',
    'hybrids:',
    'the fixed state is the same number',
    'KV dtype, state dtype and sessions',
    'bad input gives an inline message',
    'accessible: axe-clean',
    'a drag rewrites only the numbers',
    'a drag released where it began',
    'off-screen the demo pauses',
  ],
};
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// node --test matches a pattern against a test's name and its parents' (the file's root is
// "<root>"), so the pattern of "all but these" leaves the root out too.
const namesStarting = (starts) => `^(?:${starts.map(escapeRegExp).join('|')})`;
const namesNotStarting = (starts) => `^(?!${starts.map(escapeRegExp).join('|')}|<root>$)`;

// Runs browser test files as jobs ({ file, pattern }: one `node --test` process each, a name pattern
// choosing some of the file's tests), `slots` at a time, the largest files first so that the longest
// jobs do not start last. Each job's output is printed whole when it ends; the counts are summed.
async function browserJobs(jobs, slots) {
  for (const { file } of jobs) {
    if (!existsSync(path.join(root, 'tests/browser', file))) throw new Error(`${file} is not a test file`);
  }
  const size = (f) => statSync(path.join(root, 'tests/browser', f)).size;
  const queue = [...jobs].sort((a, b) => (b.first ? 1 : 0) - (a.first ? 1 : 0) || size(b.file) - size(a.file));
  const totals = { passed: 0, failed: 0 };
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const args = ['--test', '--test-reporter=spec', TEST_TIMEOUT];
      if (job.pattern) args.push(`--test-name-pattern=${job.pattern}`);
      const t0 = Date.now();
      const r = await run(process.execPath, [...args, path.join('tests/browser', job.file)], {
        timeout: 40 * 60 * 1000,
      });
      const secs = ((Date.now() - t0) / 1000).toFixed(0);
      console.log(`\n--- ${job.file}${job.pattern ? ` (${job.part})` : ''}: ${secs} s\n${r.out.trimEnd()}`);
      const pass = r.out.match(/ℹ pass (\d+)/),
        fail = r.out.match(/ℹ fail (\d+)/);
      totals.passed += pass ? Number(pass[1]) : 0;
      totals.failed += fail ? Number(fail[1]) + (r.ok || Number(fail[1]) > 0 ? 0 : 1) : 1;
    }
  };
  await Promise.all(Array.from({ length: slots }, worker));
  return totals;
}

const browserFiles = readdirSync(path.join(root, 'tests/browser')).filter((f) => f.endsWith('.test.mjs'));
await stage('browser (timed, one at a time)', () => {
  // A name that is not a test file fails the stage (with the summary), not the whole script.
  for (const f of [...BROWSER_ALONE, ...Object.keys(BROWSER_ALONE_UNTIMED)]) {
    if (!BROWSER_ALONE.has(f) || !existsSync(path.join(root, 'tests/browser', f)))
      throw new Error(`BROWSER_ALONE(_UNTIMED) names ${f}, which is not a test file of BROWSER_ALONE`);
  }
  const jobs = [...BROWSER_ALONE].map((file) => {
    const untimed = BROWSER_ALONE_UNTIMED[file];
    return untimed ? { file, pattern: namesNotStarting(untimed), part: 'its timed tests' } : { file };
  });
  return browserJobs(jobs, 1);
});
await stage('browser (two at a time)', () => {
  const jobs = browserFiles.filter((f) => !BROWSER_ALONE.has(f)).map((file) => ({ file }));
  for (const [file, untimed] of Object.entries(BROWSER_ALONE_UNTIMED))
    jobs.push({ file, pattern: namesStarting(untimed), part: 'its untimed tests', first: true });
  return browserJobs(jobs, 2);
});

await stage('lighthouse', () => nodeTest('tests/lighthouse', ['--test-concurrency=1', TEST_TIMEOUT]));

console.log('\n=== summary ===');
for (const line of report) console.log(line);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 && totals.passed > 0 ? 0 : 1);
