// Where one frame of a drag goes, without a trace (a DevTools trace inflates layout and does not
// follow the work: a partial layout of 105 objects reads like a full one). Per pointer move:
//   script   the demo's own frame callbacks (from a frame callback queued before theirs to one
//            queued after)
//   style    the style pass their writes left, forced in that later callback (getComputedStyle)
//   layout   the layout pass, forced right after (offsetHeight)
//   rest     from there to a message after the frame: paint, commit and the frame's own tasks
// With --css, a stylesheet is adopted and switched on and off every 10 moves of the same drag,
// and the two halves are printed apart: on this 2-core host runs of one build differ by ±30%, the
// two halves of one drag by a few per cent, so this is the way to tell what a rule saves.
//
//   node tests/bench/drag-phases.mjs [ledger|memory|overcapacity|spotlight] [--embed] [--css "<rules>"]
//                                    [--moves N] [--first N] [--dist DIR] [--control <part of its name>]
// --first N also prints the drag's first N moves one by one (starting a drag costs more).
// Reads dist/ (npm run build:web first; LA_NOMIN=1 for readable names in a profile).
import { resolve } from 'node:path';
import { launch, DIST } from '../browser/harness.mjs';
import { startServer } from '../../scripts/serve.mjs';
import { dragSetup, quantile } from './page-metrics.mjs';

const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const demo = process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : 'ledger';
const embed = process.argv.includes('--embed');
const css = arg('--css', '');
const moves = Number(arg('--moves', 160));
const first = Number(arg('--first', 0));
const dist = resolve(arg('--dist', DIST));

/** Runs in the page: the adopted stylesheet (off at first) and the per-move records. */
function instrument(rules) {
  document.addEventListener('DOMContentLoaded', () => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(rules || ':root{}');
    sheet.disabled = true;
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    window.__sheet = sheet;
  });
  window.__records = [];
  let current = null;
  addEventListener(
    'pointermove',
    () => {
      if (!window.__measuring) return;
      const r = { move: window.__move, t0: performance.now() };
      current = r;
      requestAnimationFrame(() => {
        r.a = performance.now();
      });
    },
    { capture: true },
  );
  // After the demo's handlers, for the pointer move and for a slider's input event (which comes
  // later, from the move's default action): queued again each time, so it runs after theirs.
  const after = () => {
    const r = current;
    if (!r) return;
    cancelAnimationFrame(r.after);
    r.after = requestAnimationFrame(() => {
      r.b = performance.now();
      r.cssOn = !window.__sheet.disabled;
      getComputedStyle(document.body).color;
      r.s = performance.now();
      document.body.offsetHeight;
      r.c = performance.now();
      const ch = new MessageChannel();
      ch.port1.onmessage = () => {
        r.d = performance.now();
        window.__records.push(r);
      };
      ch.port2.postMessage(0);
    });
  };
  addEventListener('pointermove', after);
  addEventListener('input', after);
}

const server = await startServer(dist, { port: 0 });
const browser = await launch();
try {
  const page = await browser.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.addInitScript(instrument, css);
  const root = embed ? `.linattn-mount[data-demo="${demo}"]` : `.demo-mount[data-demo="${demo}"]`;
  await page.goto(`${server.url}${embed ? `embed.html?demo=${demo}` : 'index.html'}`);
  await page.locator(root).scrollIntoViewIfNeeded();
  await page.waitForSelector(`${root}[data-status="ready"]`, { timeout: 60000 });
  // The bench's own drag at the demo's largest settings (page-metrics.mjs), `moves` moves long.
  const { points, settings } = await dragSetup(page, demo, root, moves, arg('--control', ''));
  console.log(settings);
  await page.mouse.move(...points[0]);
  await page.mouse.down();
  await page.waitForTimeout(50);
  await page.evaluate(() => {
    window.__measuring = true;
  });
  for (let i = 1; i < points.length; i += 1) {
    const done = await page.evaluate((move) => {
      window.__move = move;
      if (move % 10 === 0) window.__sheet.disabled = !window.__sheet.disabled;
      return window.__records.length;
    }, i);
    await page.mouse.move(...points[i]);
    await page
      .waitForFunction((n) => window.__records.length > n, done, { polling: 'raf', timeout: 2000 })
      .catch(() => {});
  }
  await page.mouse.up();
  const all = await page.evaluate(() => window.__records);
  if (first > 0) {
    // --first N: the drag's first N moves one by one (what starting a drag costs).
    console.log(`${demo}, the first ${first} moves, ms:`);
    for (const r of all.filter((x) => x.a !== undefined && x.move <= first)) {
      const f = (a, b) => (r[b] - r[a]).toFixed(2).padStart(6);
      console.log(
        `  move ${String(r.move).padStart(3)} | input ${f('t0', 'a')} | script ${f('a', 'b')} | style ${f('b', 's')} | layout ${f('s', 'c')} | rest ${f('c', 'd')}`,
      );
    }
  }
  // Left out: the first 10 moves (the drag's warm-up: its first frames cost more, and they would all
  // count for one side), and the first two moves after a switch (they still pay for its style pass).
  const records = all.filter((r) => r.a !== undefined && r.move >= 10 && r.move % 10 >= 2);
  const show = (name, xs) =>
    `${name} p50 ${quantile(xs, 0.5).toFixed(2)} p90 ${quantile(xs, 0.9).toFixed(2)} mean ${(xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(2)}`;
  // Each phase runs between two of a record's times (instrument()).
  const phases = [
    ['script', 'a', 'b'],
    ['style', 'b', 's'],
    ['layout', 's', 'c'],
    ['rest', 'c', 'd'],
  ];
  console.log(`${demo}${embed ? ' (embed.html)' : ' (chapter)'}, ms per move:`);
  for (const on of [false, true]) {
    const rs = records.filter((r) => r.cssOn === on);
    if (!rs.length) continue;
    const label = css ? (on ? 'css on ' : 'css off') : on ? 'half B ' : 'half A ';
    const columns = phases.map(([name, from, to]) =>
      show(
        name,
        rs.map((r) => r[to] - r[from]),
      ),
    );
    console.log(`  ${label} ${String(rs.length).padStart(3)} moves | ${columns.join(' | ')}`);
  }
} finally {
  await browser.close();
  await server.close();
}
