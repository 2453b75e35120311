import { launch, DIST } from '../browser/harness.mjs';
import { startServer } from '../../scripts/serve.mjs';
import { dragSetup } from './page-metrics.mjs';
const demo = process.argv[2] ?? 'memory';
const server = await startServer(DIST, { port: 0 });
const browser = await launch();
const page = await browser.newPage();
await page.setViewportSize({ width: 1280, height: 900 });
const root = `.demo-mount[data-demo="${demo}"]`;
await page.goto(`${server.url}index.html`);
await page.locator(root).scrollIntoViewIfNeeded();
await page.waitForSelector(`${root}[data-status="ready"]`, { timeout: 60000 });
const { points: all } = await dragSetup(page, demo, root, 160);
const points = all.slice(0, Number(process.env.MOVES ?? all.length));
const cdp = await page.context().newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
await page.mouse.move(...points[0]);
await page.mouse.down();
await cdp.send('Profiler.start');
for (let i = 1; i < points.length; i++) {
  await page.mouse.move(...points[i]);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
}
const { profile } = await cdp.send('Profiler.stop');
await page.mouse.up();
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = profile.timeDeltas;
const counts = new Map();
profile.samples.forEach((id, i) => counts.set(id, (counts.get(id) ?? 0) + (dt[i] ?? 0)));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const total = new Map();
for (const [id, us] of counts) {
  const n = byId.get(id);
  const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
  self.set(k, (self.get(k) ?? 0) + us);
  const seen = new Set();
  let p = id;
  while (p !== undefined) {
    const m = byId.get(p);
    const kk = `${m.callFrame.functionName || '(anon)'} ${m.callFrame.url.split('/').pop()}:${m.callFrame.lineNumber}`;
    if (!seen.has(kk)) {
      seen.add(kk);
      total.set(kk, (total.get(kk) ?? 0) + us);
    }
    p = parent.get(p);
  }
}
const moves = points.length - 1;
const show = (m) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25)
    .map(([k, us]) => `${(us / 1000 / moves).toFixed(3)} ms/move  ${k}`)
    .join('\n');
console.log('SELF\n' + show(self));
console.log('TOTAL\n' + show(total));
await browser.close();
await server.close();
