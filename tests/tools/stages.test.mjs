// npm test's stage table (scripts/test/stages.mjs) and the browser split it reads
// (scripts/test/browser-split.mjs): every stage says what it runs and where, and a test that
// measures time says so by its name or its file's.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import test from 'node:test';
import { hasTimedTests } from '../../scripts/test/browser-split.mjs';
import { childCpuSeconds, root, run } from '../../scripts/test/jobs.mjs';
import { NODE_SUITES, STAGES } from '../../scripts/test/stages.mjs';

const PARTS = ['first', 'alone', 'pool', 'beside', 'last'];
const RUNS = ['jobs', 'node', 'command', 'check', 'doctest'];

test('every stage has a key, a part, and runs one kind of thing (or only builds)', () => {
  for (const s of STAGES) {
    const what = `${s.name ?? `(${s.key}'s head start)`}`;
    assert.match(s.key, /^[a-z]+$/, what);
    assert.ok(PARTS.includes(s.part), `${what}: part ${s.part}`);
    const runs = RUNS.filter((k) => s[k]);
    assert.ok(runs.length === 1 || (runs.length === 0 && s.builds), `${what}: runs ${runs.join(', ') || 'nothing'}`);
    if (s.part === 'pool') assert.equal(typeof s.jobs, 'function', `${what}: a pool stage is jobs`);
    if (s.name) assert.ok(s.name.startsWith(s.key), `${what}: TEST_ONLY reads the key its name starts with`);
  }
  assert.deepEqual([...new Set(STAGES.map((s) => s.key))].sort(), [
    'api',
    'browser',
    'core',
    'firefox',
    'fuzz',
    'lighthouse',
    'lint',
    'typecheck',
    'web',
    'webkit',
  ]);
});

test('the node suites are every folder of tests/ that holds node:test files outside the pool', () => {
  const pooled = new Set(['tests/browser', 'tests/engines', 'tests/lighthouse']);
  const withTests = readdirSync(path.join(root, 'tests'), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => `tests/${e.name}`)
    .filter((d) => !pooled.has(d) && readdirSync(path.join(root, d)).some((f) => f.endsWith('.test.mjs')));
  assert.deepEqual([...withTests].sort(), [...NODE_SUITES].sort());
});

test('the browser jobs: timed tests alone, every file in the pool unless it is timed whole', () => {
  const browser = (part) => STAGES.find((s) => s.key === 'browser' && s.part === part).jobs();
  const alone = browser('alone');
  const shared = browser('pool');
  const dir = path.join(root, 'tests/browser');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.test.mjs'))) {
    const timed = file.endsWith('.timed.test.mjs') || hasTimedTests(readFileSync(path.join(dir, file), 'utf8'));
    assert.equal(
      alone.some((j) => j.file === file),
      timed,
      `${file}: alone iff it has timed tests`,
    );
    assert.equal(
      shared.some((j) => j.file === file),
      !file.endsWith('.timed.test.mjs'),
      `${file}: in the pool unless timed whole`,
    );
  }
  assert.ok(alone.length >= 7, `${alone.length} timed jobs`);
});

test('the timed mark: a test or describe named "timed: …", in any quotes', () => {
  assert.ok(hasTimedTests("test('timed: a drag', () => {})"));
  assert.ok(hasTimedTests('describe(`timed: links`, () => {})'));
  assert.ok(hasTimedTests('  test("timed: x", async () => {})'));
  assert.ok(!hasTimedTests("test('a drag is timed: no', () => {})"));
});

test('beside the pool: two lanes; what builds in one folder keeps to one lane, in order', () => {
  const beside = STAGES.filter((s) => s.part === 'beside');
  for (const s of beside) assert.ok([1, 2].includes(s.lane), `${s.name ?? s.key}: lane ${s.lane}`);
  const at = (pick) => beside.findIndex(pick);
  const lint = at((s) => s.key === 'lint');
  const native = at((s) => s.name === 'core (native)');
  const sanitize = at((s) => s.name === 'core (sanitize)');
  const harnesses = at((s) => s.key === 'fuzz' && !s.name);
  // lint's clang-tidy configures build/native when it is missing, where the native core builds;
  // the harnesses build in build/sanitize, with the sanitizer's core.
  assert.equal(beside[lint].lane, beside[native].lane);
  assert.ok(lint < native);
  assert.equal(beside[sanitize].lane, beside[harnesses].lane);
  assert.ok(sanitize < harnesses);
  // The fuzz run (last) builds in build/sanitize too: it waits for the beside stages of its key.
  const last = STAGES.filter((s) => s.part === 'last');
  assert.deepEqual(
    last.map((s) => s.key),
    ['fuzz'],
  );
});

test('the pool starts the small files that loop among its long jobs, before the other files', () => {
  const jobs = STAGES.find((s) => s.key === 'browser' && s.part === 'pool').jobs();
  const rank = (file) => jobs.find((j) => j.file === file && !j.pattern).rank;
  for (const looping of ['demo-leak.test.mjs', 'soak.test.mjs']) {
    assert.ok(rank(looping) < rank('number-field.test.mjs'), `${looping} starts early`);
  }
});

test("a stage's commands report the CPU they and their children took, added to the stage's row", async () => {
  const row = { cpu: 0 };
  // a child that uses 0.3 s of CPU (not of wall time: beside npm test's pool it runs at idle
  // priority and may get a fraction of a core), under a node that waits for it
  const busy = 'const u = () => { const c = process.cpuUsage(); return c.user + c.system; }; while (u() < 3e5);';
  const child = `require('node:child_process').execFileSync(process.execPath, ['-e', ${JSON.stringify(busy)}])`;
  const r = await run(process.execPath, ['-e', child], { cpuTo: row });
  assert.equal(r.ok, true, r.out);
  assert.ok(r.cpu >= 0.25 && r.cpu < 5, `cpu ${r.cpu}`);
  assert.equal(row.cpu, r.cpu);
  // a failing command keeps its status and still reports
  const failed = await run(process.execPath, ['-e', 'process.exit(3)'], { cpuTo: row });
  assert.equal(failed.status, 3);
  assert.ok(Number.isFinite(failed.cpu));
  // a command killed at its time limit reports no CPU, and adds none
  const before = row.cpu;
  const killed = await run(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { cpuTo: row, timeout: 300 });
  assert.equal(killed.ok, false);
  assert.match(killed.out, /timed out after 0.3 s/);
  assert.ok(Number.isNaN(killed.cpu));
  assert.equal(row.cpu, before);
});

test('a command killed at its time limit takes everything it started with it, grandchildren too', async () => {
  // node starts a grandchild that shares the output pipes, then both wait forever: a kill of the
  // command alone would leave the grandchild holding the pipes, and the run would never end
  const grandchild = `require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'inherit' }); setInterval(() => {}, 1000)`;
  const r = await run(process.execPath, ['-e', grandchild], { timeout: 1000 });
  assert.equal(r.ok, false);
  assert.match(r.out, /timed out after 1 s/);
});

test("bash's `times` read as CPU seconds: the children's user and system time", () => {
  assert.equal(childCpuSeconds('0m0.004s 0m0.002s\n1m2.500s 0m3.250s\n'), 65.75);
  assert.ok(Number.isNaN(childCpuSeconds('')));
});
