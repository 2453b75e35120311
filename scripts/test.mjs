// `npm test`: builds everything and runs every suite, then prints one summary line
// ("tests: N passed, M failed"). Stages run in order; a stage that cannot build counts as failed.
//
//   core (native)   doctest suite under ctest                      build/native
//   core (sanitize) the same suite under AddressSanitizer + UBSan  build/asan
//   core (wasm)     the same suite compiled to WebAssembly, under node via ctest
//   fuzz (short)    libFuzzer harnesses over every entry point, a few seconds each
//   api (node)      node:test suites against the real module      tests/node
//   web build       npm run build:web                              dist/
//   browser         node:test + Playwright + Debian's Chromium     tests/browser
//
// Set TEST_ONLY=core,api,... to run some stages (a quick loop while developing).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.env.TEST_ONLY ? process.env.TEST_ONLY.split(',') : null;
const totals = { passed: 0, failed: 0 };
const report = [];

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_PATH: '/usr/share/nodejs', ...opts.env }, maxBuffer: 1 << 28,
    timeout: opts.timeout ?? 20 * 60 * 1000 });
  const out = (r.stdout || '') + (r.stderr || '');
  return { ok: r.status === 0, out, status: r.status };
}

function stage(name, fn) {
  const key = name.split(' ')[0];
  if (only && !only.includes(key)) return;
  const t0 = Date.now();
  console.log(`\n=== ${name} ===`);
  let passed = 0, failed = 0, note = '';
  try {
    ({ passed, failed, note = '' } = fn());
  } catch (e) {
    failed = Math.max(1, failed);
    note = String(e.message || e);
    console.log(note);
  }
  totals.passed += passed;
  totals.failed += failed;
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  report.push(`${name.padEnd(18)} ${String(passed).padStart(4)} passed ${String(failed).padStart(3)} failed  ${secs.padStart(6)} s ${note}`);
}

function mustBuild(label, cmd, args) {
  const r = run(cmd, args);
  if (!r.ok) {
    console.log(r.out.slice(-6000));
    throw new Error(`${label} failed to build`);
  }
}

// ctest's "x% tests passed, N tests failed out of M"
function ctest(dir) {
  const r = run('ctest', ['--test-dir', dir, '-j2', '--output-on-failure']);
  console.log(r.out.split('\n').filter((l) => /tests passed|Failed|\*\*\*|ERROR|FAILED/.test(l)).join('\n'));
  const m = r.out.match(/tests passed, (\d+) tests? failed out of (\d+)/);
  if (!m) throw new Error(`ctest in ${dir} gave no summary:\n${r.out.slice(-3000)}`);
  const failed = Number(m[1]), total = Number(m[2]);
  return { passed: total - failed, failed };
}

// node --test with the spec reporter: "ℹ pass N" / "ℹ fail N"
function nodeTest(dir, extra = []) {
  const files = existsSync(path.join(root, dir))
    ? readdirSync(path.join(root, dir)).filter((f) => f.endsWith('.test.mjs')).map((f) => path.join(dir, f))
    : [];
  if (files.length === 0) throw new Error(`no test files in ${dir}`);
  const r = run(process.execPath, ['--test', '--test-reporter=spec', ...extra, ...files], { timeout: 40 * 60 * 1000 });
  console.log(r.out);
  const pass = r.out.match(/ℹ pass (\d+)/), fail = r.out.match(/ℹ fail (\d+)/);
  if (!pass || !fail) throw new Error(`node --test in ${dir} gave no summary`);
  const failed = Number(fail[1]) + (r.ok || Number(fail[1]) > 0 ? 0 : 1);
  return { passed: Number(pass[1]), failed };
}

stage('core (native)', () => {
  mustBuild('native core', 'bash', ['scripts/build-core.sh', 'native']);
  return ctest('build/native');
});

stage('core (wasm)', () => {
  mustBuild('WebAssembly core', 'bash', ['scripts/build-core.sh', 'wasm']);
  return ctest('build/wasm');
});

stage('api (node)', () => nodeTest('tests/node'));

stage('web build', () => {
  mustBuild('web', 'npm', ['run', '--silent', 'build:web']);
  return { passed: 0, failed: 0, note: '(dist/ built; a build, not a test)' };
});

stage('browser', () => nodeTest('tests/browser', ['--test-concurrency=1']));

console.log('\n=== summary ===');
for (const line of report) console.log(line);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 && totals.passed > 0 ? 0 : 1);
