// `npm test`: builds everything and runs every suite, then prints the stage table and one summary
// line ("tests: N passed, M failed"). A stage that cannot build counts as failed.
//
// The stages are one table, scripts/test/stages.mjs: what each runs, what it needs built, and in
// which part of the run. The parts, so that a 2-core machine is never idle and never shared by a
// test that measures time:
//   1. first: what the browsers need (the WebAssembly module, dist/ and the toy demo's test build);
//   2. alone: the browser tests that measure time (`timed: …`), then Lighthouse's performance;
//   3. the pool, two jobs at a time (the other browser tests, Firefox, WebKit, Lighthouse's score
//      audits); beside it, at idle priority in two lanes side by side, lint, the node suites,
//      typecheck and the native core's doctest suite (lane 1), the sanitizer's suite, the fuzz
//      harnesses' build and the WebAssembly suite (lane 2); once the pool is done, the fuzz run,
//      beside what the lanes have left.
//
// Set TEST_ONLY=core,api,... to run some stages by key (a quick loop while developing), e.g.
// TEST_ONLY=firefox or TEST_ONLY=webkit for one engine (after npm run build).
import { existsSync } from 'node:fs';
import { doctest, failureReports, mustBuild, nodeTest, run, runJobs, summaryCounts } from './test/jobs.mjs';
import { STAGES } from './test/stages.mjs';

const only = process.env.TEST_ONLY ? process.env.TEST_ONLY.split(',') : null;
const wanted = (key) => !only || only.includes(key);
const rows = []; // the stage table, in the order the stages were started
const started = Date.now();

/** A row of the table, made when its stage starts (so the table keeps the plan's order). */
function row(name) {
  const r = { name, passed: 0, failed: 0, secs: 0, cpu: 0, note: '' };
  rows.push(r);
  return r;
}
function fail(r, e) {
  r.failed = Math.max(1, r.failed);
  r.note = String(e.message || e);
  console.log(r.note);
}

/** What a stage needs that is not installed, as the command that installs it. */
function missing(stage) {
  const pkgs = (stage.needs ?? []).filter(([file]) => !existsSync(file)).map(([, pkg]) => pkg);
  if (pkgs.length) throw new Error(`${stage.key} is not installed: run  apt-get install -y ${pkgs.join(' ')}`);
}

/** Builds a stage's `builds` (the ones whose `with` stage runs too). */
async function build(stage, idle, cpuTo) {
  for (const b of stage.builds ?? []) {
    if (b.with && !wanted(b.with)) continue;
    if (stage.name) await mustBuild(b.label, b.cmd, b.args, { idle, env: b.env, cpuTo });
    else await run(b.cmd, b.args, { idle, env: b.env });
    Object.assign(process.env, b.sets);
  }
}

/** Runs a stage's tests: resolves with { passed, failed }; adds their CPU seconds to `cpuTo`. */
async function test(stage, idle, cpuTo) {
  if (stage.jobs) {
    const { passed = 0, failed = 0, cpu = 0 } = (await runJobs(stage.jobs(), 1))[''] ?? {};
    cpuTo.cpu += cpu;
    return { passed, failed };
  }
  if (stage.node) return nodeTest(stage.node, ['--test-concurrency=2'], undefined, { idle, cpuTo });
  if (stage.doctest) return doctest(stage.doctest.exe, stage.doctest.args, { idle, cpuTo });
  const { cmd, args, summary, errors } = stage.command ?? stage.check;
  const r = await run(cmd, args, { idle, echo: stage.echo, cpuTo });
  if (!stage.echo) console.log(`\n--- ${stage.name}\n${r.out.trimEnd()}`); // whole, not among the pool's lines
  if (summary) return summaryCounts(r, summary, args[0]);
  const found = (r.out.match(errors) ?? []).length;
  if (!r.ok && found === 0) throw new Error(`${args.join(' ')} failed (exit ${r.status})`);
  console.log(r.ok ? `${stage.name}: no errors` : `${stage.name}: ${found} errors`);
  return { passed: r.ok ? 1 : 0, failed: r.ok ? 0 : 1 };
}

let ahead; // the row of the builds that are a head start (no row of their own): their CPU
/** Runs one stage (unless TEST_ONLY leaves it out) and fills its row. */
async function stage(s, { idle = false, note = '' } = {}) {
  if (!wanted(s.key)) return;
  if (!s.name) {
    ahead ??= row('  builds ahead of their stage');
    return build(s, idle, ahead);
  }
  const r = row(s.name);
  const t0 = Date.now();
  console.log(`\n=== ${s.name} ===`);
  try {
    missing(s);
    await build(s, idle, r);
    if (!s.builds || s.jobs || s.node || s.doctest || s.command || s.check) Object.assign(r, await test(s, idle, r));
  } catch (e) {
    fail(r, e);
  }
  r.secs = (Date.now() - t0) / 1000;
  r.note = `${note} ${s.note ?? ''} ${r.note}`.trim();
}

/** The pool: every pool stage's jobs, two at a time; each row gets its jobs' own seconds. */
async function pool(stages) {
  const jobs = [];
  const mine = new Map(); // stage name -> its row
  for (const s of stages.filter((p) => wanted(p.key))) {
    const r = row(s.name);
    mine.set(s.name, r);
    try {
      missing(s);
      for (const job of s.jobs()) jobs.push({ ...job, group: s.name });
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
    r.cpu = g.cpu;
    r.note = `(in the pool: its jobs' own seconds) ${r.note}`.trim();
  }
  wall.secs = (Date.now() - t0) / 1000;
  wall.note = '(two jobs at a time)';
}

const part = (name) => STAGES.filter((s) => s.part === name);
for (const s of [...part('first'), ...part('alone')]) await stage(s);
// Beside the pool, at idle priority: each lane's stages one after another, the lanes side by side.
const ended = new Map(); // a beside stage -> the promise of its end
const lanes = new Map(); // a lane -> the promise of its last stage's end
for (const s of part('beside')) {
  const note = `(beside the pool, at idle priority, lane ${s.lane})`;
  const end = (lanes.get(s.lane) ?? Promise.resolve()).then(() => stage(s, { idle: true, note }));
  ended.set(s, end);
  lanes.set(s.lane, end);
}
await pool(part('pool'));
// After the pool, once the beside stages of its key are done (the fuzz harnesses' build), at full
// priority: the lanes' remaining work yields to it.
for (const s of part('last')) {
  await Promise.all(
    part('beside')
      .filter((b) => b.key === s.key)
      .map((b) => ended.get(b)),
  );
  await stage(s, { note: '(after the pool, beside the lanes)' });
}
await Promise.all(lanes.values());

console.log('\n=== summary ===');
let passed = 0;
let failed = 0;
let cpu = 0; // the CPU seconds of every stage's commands: what a 2-core machine has to fit in its wall time
for (const r of rows) {
  const counts = r.name.startsWith(' ')
    ? ' '.repeat(23)
    : `${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed`;
  const cpuText = r.cpu > 0 || !r.name.startsWith(' ') ? `${r.cpu.toFixed(0).padStart(5)} s CPU` : ' '.repeat(11);
  console.log(`${r.name.padEnd(32)} ${counts}  ${r.secs.toFixed(1).padStart(6)} s ${cpuText}  ${r.note}`);
  passed += r.passed;
  failed += r.failed;
  cpu += r.cpu;
}
const wall = (Date.now() - started) / 1000;
console.log(
  `${'wall time'.padEnd(32)} ${' '.repeat(23)}  ${wall.toFixed(1).padStart(6)} s ${cpu.toFixed(0).padStart(5)} s CPU`,
);
// What failed, in each run's own words, last: a long run's log is often read from its end only.
if (failureReports.length) console.log(`\n=== what failed ===\n${failureReports.join('\n\n')}`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
