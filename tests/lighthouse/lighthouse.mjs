// Lighthouse (the npm package, exact version in package.json) driving Debian's Chromium through
// chrome-launcher (CHROME_PATH / chromePath: /usr/bin/chromium; never a downloaded browser). Used by
// the Lighthouse test stage (audit.test.mjs) and by `npm run bench` (both presets' performance).
//   audit(url, { preset: 'mobile' | 'desktop', categories }) -> { scores: {id: 0..1}, failing:
//     {category: [audit ids below 1]}, metrics: { fcp, lcp, tbt, cls, si } (ms; cls unitless) }
// LIGHTHOUSE_DIR=/path/to/node_modules loads lighthouse from there instead (a copy installed apart
// from the project's node_modules, e.g. npm i --prefix .lh lighthouse@12.2.3).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const CHROME = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];

async function load(pkg, file) {
  const dir = process.env.LIGHTHOUSE_DIR;
  return dir ? import(pathToFileURL(join(dir, pkg, file)).href) : import(file ? `${pkg}/${file}` : pkg);
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
  { preset = 'mobile', categories = ['performance', 'accessibility', 'best-practices', 'seo'] } = {},
) {
  const { lighthouse, launch, desktopConfig } = await lighthouseModules();
  const chrome = await launch({ chromePath: CHROME, chromeFlags: FLAGS, logLevel: 'silent' });
  try {
    const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories };
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
