// Lighthouse (the npm package, exact version in package.json) driving Debian's Chromium through
// chrome-launcher (CHROME_PATH / chromePath: /usr/bin/chromium; never a downloaded browser). Used by
// the Lighthouse test stage (audit.test.mjs) and by `npm run bench` (both presets' performance).
//   audit(url, { preset: 'mobile' | 'desktop', categories, cpu }) -> { scores: {id: 0..1}, failing:
//     {category: [audit ids below 1]}, metrics: { fcp, lcp, tbt, cls, si } (ms; cls unitless),
//     benchmarkIndex, calibrationIndex, cpuSlowdown, longTasks: [{ start, duration, url }] (simulated
//     ms, the main thread's tasks over 50 ms as Lighthouse scored them, longest first) }
//   cpu: 'calibrated' sets the mobile preset's CPU slowdown from this machine's speed (below);
//     by default Lighthouse's fixed 4x.
//
// CPU calibration. The mobile preset simulates a mid-range phone by multiplying the main-thread
// times it observed by 4: right for the desktop Lighthouse expects (a benchmark index of about
// 1,500-2,000), far too much on a slower or busy host, where the same page would score as on a
// phone several times slower than the one meant (Lighthouse warns of it and its docs,
// throttling.md "Calibrating multipliers", ask for a smaller multiplier there). 'calibrated'
// measures the benchmark index in the same Chromium just before the run (Lighthouse's own
// computeBenchmarkIndex) and sets the slowdown to index / PHONE_INDEX (at most 4): the simulated
// phone is then the same phone on any host. On a host slower than that phone the factor is below
// 1 (2 shared cores under a load of 10-15 measure an index of 130-300: factors 0.3-0.7), so the
// observed times are scaled down to the phone's, as they are scaled up on a fast desktop.
// LIGHTHOUSE_DIR=/path/to/node_modules loads lighthouse from there instead (a copy installed apart
// from the project's node_modules, e.g. npm i --prefix .lh lighthouse@12.2.3).
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { pathToFileURL } from 'node:url';

const CHROME = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Paint holding off. Lighthouse opens about:blank in the tab, then the chapter, and Chromium holds
// the old frame on screen until the new page's first contentful frame. In headless Chromium on a
// 2-core host that hold stalled the chapter's first frame for 1-2 s in most runs: the main thread
// idle, the compositor dropping every frame, observed FCP 2.25 s (0.44-0.54 s with the hold off;
// the same with no script at all, so not the chapter's JavaScript), after which Lighthouse scored
// the stall as a blank screen (Speed Index 3.9 s) and moved the first frame's style and layout
// past FCP into Total Blocking Time. The flag changes when the first frame may be shown, not what
// the page costs: every task is still measured and scaled by the calibrated slowdown.
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-features=PaintHolding',
];

async function load(pkg, file) {
  const dir = process.env.LIGHTHOUSE_DIR;
  return dir ? import(pathToFileURL(join(dir, pkg, file)).href) : import(file ? `${pkg}/${file}` : pkg);
}

// Runs per performance verdict, and the verdict is their median: Lighthouse's variability guide
// (docs/variability.md, "Run Lighthouse multiple times") finds the median of 5 runs about halves
// the spread of one. With 3 a clean-clone CI run failed at 0.99 / 0.92 / 0.89 while other runs of
// the same commit read 0.99 three times (TBT 3-31 ms against 304 and 416 there).
export const PERFORMANCE_RUNS = 5;

const PHONE_INDEX = 450; // the phone the default 4x makes of a desktop of index ~1,800

/** Lighthouse's benchmark index of this host now, measured in the Chromium at `port`. */
async function benchmarkIndex(port) {
  const { pageFunctions } = await load('lighthouse', 'core/lib/page-functions.js');
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    const index = await page.evaluate(pageFunctions.computeBenchmarkIndex);
    await page.close();
    return index;
  } finally {
    await browser.close().catch(() => {});
  }
}

let modules = null;
async function lighthouseModules() {
  if (!modules) {
    const [lh, launcher, desktop] = await Promise.all([
      load('lighthouse', process.env.LIGHTHOUSE_DIR ? 'core/index.js' : ''),
      load('chrome-launcher', process.env.LIGHTHOUSE_DIR ? 'dist/index.js' : ''),
      load('lighthouse', 'core/config/desktop-config.js'),
    ]);
    modules = { lighthouse: lh.default, launch: launcher.launch, desktopConfig: desktop.default };
  }
  return modules;
}

/** One Lighthouse run of `url` in a fresh Chromium. */
export async function audit(
  url,
  { preset = 'mobile', categories = ['performance', 'accessibility', 'best-practices', 'seo'], cpu } = {},
) {
  const { lighthouse, launch, desktopConfig } = await lighthouseModules();
  const chrome = await launch({ chromePath: CHROME, chromeFlags: FLAGS, logLevel: 'silent' });
  try {
    const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories };
    let cpuSlowdown = preset === 'desktop' ? 1 : 4;
    let index;
    if (cpu === 'calibrated' && preset !== 'desktop') {
      const { throttling } = await load('lighthouse', 'core/config/constants.js');
      index = await benchmarkIndex(chrome.port);
      cpuSlowdown = Math.round(Math.min(4, Math.max(0.1, index / PHONE_INDEX)) * 100) / 100;
      flags.throttling = { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown };
    }
    const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const scores = {};
    const failing = {};
    for (const [id, cat] of Object.entries(lhr.categories)) {
      scores[id] = cat.score;
      failing[id] = cat.auditRefs
        .filter((r) => r.weight > 0 && lhr.audits[r.id].score !== null && lhr.audits[r.id].score < 1)
        .map((r) => `${r.id} (${lhr.audits[r.id].score}): ${lhr.audits[r.id].title}`);
    }
    const num = (id) => lhr.audits[id]?.numericValue;
    return {
      scores,
      failing,
      benchmarkIndex: lhr.environment?.benchmarkIndex, // Lighthouse's own, at the start of its run
      calibrationIndex: index, // the one the slowdown was set from, just before
      cpuSlowdown,
      longTasks: (lhr.audits['long-tasks']?.details?.items ?? []).map((t) => ({
        start: t.startTime,
        duration: t.duration,
        url: t.url,
      })),
      // Where the main thread's time went (Lighthouse's groups: script, style and layout, ...), ms.
      mainThread: Object.fromEntries(
        (lhr.audits['mainthread-work-breakdown']?.details?.items ?? []).map((t) => [t.group, t.duration]),
      ),
      // The scripts that took the most of it (evaluation and compilation), ms.
      bootup: (lhr.audits['bootup-time']?.details?.items ?? []).map((t) => ({
        url: t.url,
        scripting: t.scripting,
        total: t.total,
      })),
      metrics: {
        fcp: num('first-contentful-paint'),
        lcp: num('largest-contentful-paint'),
        tbt: num('total-blocking-time'),
        cls: num('cumulative-layout-shift'),
        si: num('speed-index'),
      },
    };
  } finally {
    await chrome.kill();
  }
}
