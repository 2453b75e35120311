// Which JavaScript a drag runs, per pointer move: a V8 CPU profile (CDP Profiler, 50 µs samples)
// of the bench's own drag at the demo's largest settings (page-metrics.mjs), functions ranked by
// self time and by total time (self plus callees). drag-phases.mjs says how a frame splits into
// script, style, layout and the rest; this says whose script it is (it is how the ledger's ~40
// core calls per move were found). Counts every move of the drag, or the first MOVES.
//
//   node tests/bench/drag-profile.mjs [ledger|memory|overcapacity|spotlight]      (chapter page)
//   MOVES=10 node tests/bench/drag-profile.mjs overcapacity              (the drag's first moves)
//   CONTROL=β node tests/bench/drag-profile.mjs overcapacity             (another of its controls)
//   PHONE=1 node tests/bench/drag-profile.mjs memory                     (the phone run's drag: PHONE
//                                                                          in page-metrics.mjs, by touch at 4× CPU)
// Reads dist/ (or DIST_DIR); build with LA_NOMIN=1 (npm run build:web) for readable function names.
import { launch, DIST } from '../browser/harness.mjs';
import { startServer } from '../../scripts/serve.mjs';
import { dragSetup, PHONE } from './page-metrics.mjs';

const demo = process.argv[2] ?? 'ledger';
const server = await startServer(process.env.DIST_DIR ?? DIST, { port: 0 });
const phone = Boolean(process.env.PHONE);
const browser = await launch(phone ? { device: PHONE.device } : {});
try {
  const page = await browser.newPage();
  if (!phone) await page.setViewportSize({ width: 1280, height: 900 });
  const root = `.demo-mount[data-demo="${demo}"]`;
  await page.goto(`${server.url}index.html`);
  await page.locator(root).scrollIntoViewIfNeeded();
  await page.waitForSelector(`${root}[data-status="ready"]`, { timeout: 60000 });
  const { points: all, settings } = await dragSetup(page, demo, root, 160, process.env.CONTROL ?? '');
  console.log(settings);
  const points = all.slice(0, Number(process.env.MOVES ?? all.length));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
  const touch = (type, at) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: at ? [{ x: at[0], y: at[1] }] : [] });
  const pointer = phone
    ? { down: (at) => touch('touchStart', at), move: (at) => touch('touchMove', at), up: () => touch('touchEnd') }
    : {
        down: async (at) => {
          await page.mouse.move(...at);
          await page.mouse.down();
        },
        move: (at) => page.mouse.move(...at),
        up: () => page.mouse.up(),
      };
  await pointer.down(points[0]);
  if (phone) await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.rate });
  await cdp.send('Profiler.start');
  for (let i = 1; i < points.length; i++) {
    await pointer.move(points[i]);
    // one frame and what it queued, then the next move
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
  }
  const { profile } = await cdp.send('Profiler.stop');
  if (phone) await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await pointer.up();

  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const name = (n) =>
    `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
  const sampled = new Map(); // node id -> µs
  profile.samples.forEach((id, i) => sampled.set(id, (sampled.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const self = new Map();
  const total = new Map();
  for (const [id, us] of sampled) {
    self.set(name(byId.get(id)), (self.get(name(byId.get(id))) ?? 0) + us);
    const seen = new Set(); // a recursive function counts once per sample
    for (let p = id; p !== undefined; p = parent.get(p)) {
      const k = name(byId.get(p));
      if (!seen.has(k)) {
        seen.add(k);
        total.set(k, (total.get(k) ?? 0) + us);
      }
    }
  }
  const moves = points.length - 1;
  const top = (m) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, Number(process.env.TOP ?? 25))
      .map(([k, us]) => `  ${(us / 1000 / moves).toFixed(3).padStart(7)} ms/move  ${k}`)
      .join('\n');
  console.log(`${demo}, ${moves} moves. Self time:\n${top(self)}\nTotal time:\n${top(total)}`);
} finally {
  await browser.close();
  await server.close();
}
