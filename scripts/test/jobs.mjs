// The pieces `npm test` (scripts/test.mjs) runs its stages with: a command with its output kept,
// a `node --test` job, doctest's and node:test's summaries read into counts, and a pool of jobs
// run `slots` at a time.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// A test that hangs (a promise of the browser that never settles) fails alone after 10 minutes,
// with its name, and the files after it still run; a job's own limit (40 min) is the last resort.
export const TEST_TIMEOUT = `--test-timeout=${10 * 60 * 1000}`;

// Work that only fills the machine's idle time (scripts/test.mjs: the native and sanitizer builds
// beside the browser pool): Linux's SCHED_IDLE, which yields a core to any other task at once;
// `nice -n 19` where chrt is missing.
const IDLE = existsSync('/usr/bin/chrt') ? ['/usr/bin/chrt', '-i', '0'] : ['nice', '-n', '19'];

// Each command runs under bash, which prints with `times` what its children (the command and
// every process it waited for: a test's browsers too) took of the CPU, user and system, on fd 3.
// Job control (`set -m`) starts the command as a process group of its own, in the same session,
// and bash says its id on fd 4 (GROUPS below).
const WITH_TIMES = 'set -m; "$@" & set +m; echo $! >&4; wait $!; s=$?; times >&3; exit $s';

/** The CPU seconds in `times`' second line (the children's "1m2.500s 0m3.250s"), NaN without it. */
export function childCpuSeconds(text) {
  const line = text.trim().split('\n')[1] ?? '';
  const parts = [...line.matchAll(/(\d+)m([\d.]+)s/g)];
  return parts.length === 2 ? parts.reduce((sum, m) => sum + 60 * Number(m[1]) + Number(m[2]), 0) : Number.NaN;
}

// GROUPS: each command is a process group of its own, so that a kill at its time limit reaches
// everything it started: its children's children too (a grandchild that holds the output pipes
// open), and one forked while the kill is under way. Killing only the children found in /proc
// missed a child bash forked just after the look, under load, and the run then waited forever for
// its pipes to close. Not a session of its own (spawn's `detached`): Linux shares the CPU fairly
// between sessions (autogroups), and the idle-priority lanes, each a session, took CPU from the
// browser pool (its wall time 1,057 s against 777-863 s). On Ctrl+C or a kill of npm test the
// groups still running go with it (they are outside the terminal's group).
const groups = new Set();
const killGroup = (pid) => {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    /* already gone */
  }
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, () => {
    for (const pid of groups) killGroup(pid);
    process.kill(process.pid, signal);
  });
}

/**
 * Runs a command, echoing its output as it comes (when `echo`), and resolves with all of it and the
 * CPU seconds it took: { ok, out, status, cpu }. `idle`: at idle priority (IDLE above); `cpuTo`:
 * a stage's row, whose `cpu` the seconds are added to.
 */
export function run(cmd, args, opts = {}) {
  const argv = opts.idle ? [...IDLE, cmd, ...args] : [cmd, ...args];
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', WITH_TIMES, 'run', ...argv], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe', 'pipe', 'pipe'],
      env: { ...process.env, NODE_PATH: '/usr/share/nodejs', ...opts.env },
    });
    let group = 0; // the command's process group, once bash has said it
    let killed = false;
    child.stdio[4].on('data', (chunk) => {
      group = Number.parseInt(chunk.toString(), 10);
      groups.add(group);
      if (killed) killGroup(group); // the time limit came before bash said it
    });
    let out = '';
    let times = '';
    const take = (chunk) => {
      const text = chunk.toString();
      out += text;
      if (opts.echo) process.stdout.write(text);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.stdio[3].on('data', (chunk) => {
      times += chunk.toString();
    });
    // At idle priority a command waits for cores the pool leaves it (a sanitizer build beside a slow
    // pool took 1,211 s of wall time for ~150 s of CPU): its limit is an hour, not 20 minutes.
    const limit = opts.timeout ?? (opts.idle ? 60 : 20) * 60 * 1000;
    const timer = setTimeout(() => {
      killed = true;
      out += `\n(timed out after ${limit / 1000} s)\n`;
      if (group) killGroup(group);
    }, limit);
    child.on('close', (status) => {
      clearTimeout(timer);
      groups.delete(group);
      // none when it was killed (bash, its command killed first, may still have printed its times)
      const cpu = killed ? Number.NaN : childCpuSeconds(times);
      if (opts.cpuTo && Number.isFinite(cpu)) opts.cpuTo.cpu += cpu;
      resolve({ ok: status === 0, out, status, cpu });
    });
  });
}

/** Runs a build; on failure prints its output's end and throws. */
export async function mustBuild(label, cmd, args, opts = {}) {
  const r = await run(cmd, args, opts);
  if (!r.ok) {
    console.log(r.out.slice(-6000));
    throw new Error(`${label} failed to build`);
  }
}

/** Counts from a run: a run that failed with no failure counted (a crash, a timeout) counts one. */
export const counted = (r, passed, failed) => ({ passed, failed: failed + (r.ok || failed > 0 ? 0 : 1) });

/** A script's own last line, "<label>: N passed, M failed" (scripts/lint.sh, tests/fuzz/run.sh),
 *  as counts; throws when the script printed none. */
export function summaryCounts(r, label, script) {
  const m = r.out.match(new RegExp(`${label}: (\\d+) passed, (\\d+) failed`));
  if (!m) throw new Error(`${script} gave no summary (exit ${r.status})`);
  return counted(r, Number(m[1]), Number(m[2]));
}

/** What each failing `node --test` run said of its failures (the spec reporter's "✖ failing tests"
 *  part, or the output's end when it printed none), for the digest printed after the summary:
 *  a long run's log is often read from its end only. */
export const failureReports = [];

const DIGEST_LINES = 60;

/** Keeps the failing part of a `node --test` run's output under `label`. */
function keepFailures(label, out) {
  const at = out.lastIndexOf('✖ failing tests:');
  const lines = (at >= 0 ? out.slice(at) : out.slice(-4000))
    .trimEnd()
    .split('\n')
    .filter((l) => !/^\s+at .*\(node:internal\//.test(l)); // node's own frames say nothing of the test
  const cut =
    lines.length > DIGEST_LINES
      ? [...lines.slice(0, DIGEST_LINES), `… (${lines.length - DIGEST_LINES} more lines above, in the stage's output)`]
      : lines;
  failureReports.push(`--- ${label}\n${cut.join('\n')}`);
}

/** node:test's spec reporter's "ℹ pass N" / "ℹ fail N" as counts; a run that failed without a
 *  failing test (a crash, a timeout) counts one failure. */
export function nodeTestCounts(r) {
  const pass = r.out.match(/ℹ pass (\d+)/),
    fail = r.out.match(/ℹ fail (\d+)/);
  if (!pass || !fail) return null;
  return counted(r, Number(pass[1]), Number(fail[1]));
}

/** Every `.test.mjs` file of `dir` that `pick` accepts, in one `node --test` run, echoed as it
 *  comes, or (`idle`: at idle priority, beside other work) printed whole when it ends. */
export async function nodeTest(dirs, extra = [], pick = () => true, { idle = false, cpuTo } = {}) {
  const list = [].concat(dirs);
  const files = list.flatMap((dir) =>
    existsSync(path.join(root, dir))
      ? readdirSync(path.join(root, dir))
          .filter((f) => f.endsWith('.test.mjs') && pick(f))
          .map((f) => path.join(dir, f))
      : [],
  );
  if (files.length === 0) throw new Error(`no test files in ${list.join(', ')}`);
  const r = await run(process.execPath, ['--test', '--test-reporter=spec', ...extra, ...files], {
    timeout: 40 * 60 * 1000,
    echo: !idle,
    idle,
    cpuTo,
  });
  if (idle) console.log(`\n--- ${list.join(', ')}\n${r.out.trimEnd()}`);
  const counts = nodeTestCounts(r);
  if (!counts) throw new Error(`node --test in ${list.join(', ')} gave no summary`);
  if (counts.failed > 0) keepFailures(list.join(', '), r.out);
  return counts;
}

// doctest's own summary: "[doctest] test cases: N | N passed | M failed | ...". The suite runs as one
// process: every case, as ctest would run them (ctest starts one process a case: under node, 87
// loads of the WebAssembly suite, ~0.25 s of CPU each, for a suite that takes ~1.6 s whole).
export async function doctest(exe, args = [], opts = {}) {
  const r = await run(exe, args, opts);
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
  return counted(r, Number(m[2]), Number(m[3]));
}

// A job's weight, to start the longest first: its file's size, with the shared suite it defines
// its tests in (page.test.mjs: page-suite.mjs).
function size(dir, f) {
  const file = path.join(root, dir, f);
  const suites = [...readFileSync(file, 'utf8').matchAll(/from '\.\/([\w-]+-suite\.mjs)'/g)];
  return statSync(file).size + suites.reduce((sum, m) => sum + statSync(path.join(root, dir, m[1])).size, 0);
}

/**
 * Runs jobs ({ dir, file, pattern, part, args, rank, group }: one `node --test` process each, a name
 * pattern choosing some of the file's tests, `part` saying which, `args` more flags), `slots` at a
 * time: by `rank` (lower first: the longest jobs, so that none of them starts last), then the
 * largest files first. Each job's output is printed whole when it ends, with its seconds. Resolves
 * with the counts and seconds summed per `group` (a job without one counts under '').
 */
export async function runJobs(jobs, slots) {
  for (const { dir, file } of jobs) {
    if (!existsSync(path.join(root, dir, file))) throw new Error(`${file} is not a test file of ${dir}`);
  }
  const queue = [...jobs].sort((a, b) => (a.rank ?? 9) - (b.rank ?? 9) || size(b.dir, b.file) - size(a.dir, a.file));
  const groups = {};
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const args = ['--test', '--test-reporter=spec', TEST_TIMEOUT, ...(job.args ?? [])];
      if (job.pattern) args.push(`--test-name-pattern=${job.pattern}`);
      const t0 = Date.now();
      const r = await run(process.execPath, [...args, path.join(job.dir, job.file)], { timeout: 40 * 60 * 1000 });
      const secs = (Date.now() - t0) / 1000;
      const took = `${secs.toFixed(0)} s, ${Number.isFinite(r.cpu) ? r.cpu.toFixed(0) : '?'} s of CPU`;
      console.log(`\n--- ${job.file}${job.part ? ` (${job.part})` : ''}: ${took}\n${r.out.trimEnd()}`);
      const counts = nodeTestCounts(r) ?? { passed: 0, failed: 1 };
      if (counts.failed > 0) keepFailures(`${job.file}${job.part ? ` (${job.part})` : ''}`, r.out);
      const name = job.group ?? '';
      groups[name] ??= { passed: 0, failed: 0, seconds: 0, cpu: 0 };
      const g = groups[name];
      g.passed += counts.passed;
      g.failed += counts.failed;
      g.seconds += secs;
      g.cpu += Number.isFinite(r.cpu) ? r.cpu : 0;
    }
  };
  await Promise.all(Array.from({ length: slots }, worker));
  return groups;
}
