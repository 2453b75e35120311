// The three engines behind one small interface, so that one suite drives each the same way:
//   chromium  playwright-core + Debian's chromium (as tests/browser)
//   firefox   puppeteer-core over WebDriver BiDi + Debian's firefox-esr (no driver of its own)
//   webkit    WebKitWebDriver + MiniBrowser under Xvfb (webdriver.mjs)
// launchEngine(name) -> tab: { name, goto(url), evaluate(fn, ...args), waitFor(fn, arg, opts),
//   click(selector), press(selector, key), drag(moves), setViewport(width, height),
//   upload(selector, file), pdf() (Firefox and Chromium), close() }
// One browser and one tab per engine: each stage launches it once. A missing engine throws with
// the command that installs it: never a silent skip.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KEYS, settleInView, startWebDriver } from './webdriver.mjs';

export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const WIDTH = 1280;
const HEIGHT = 900;

function need(file, pkg) {
  if (!existsSync(file)) throw new Error(`${file} is missing: run  apt-get install -y ${pkg}  (or npm run setup)`);
}

/** What every adapter shares: waiting on a page condition by asking it (no fixed sleeps). */
function withWaiting(tab) {
  tab.waitFor = async (fn, arg, { timeout = 60000, every = 100, message = 'condition' } = {}) => {
    const end = Date.now() + timeout;
    for (;;) {
      const value = await tab.evaluate(fn, arg).catch((err) => {
        // A navigation in flight destroys the context the script ran in: ask again.
        if (/context|navigat|discarded|detached|unload|stale/i.test(String(err.message))) return false;
        throw err;
      });
      if (value) return value;
      if (Date.now() > end) throw new Error(`${tab.name}: ${message} not met within ${timeout} ms`);
      await new Promise((r) => setTimeout(r, every));
    }
  };
  return tab;
}

/** Playwright and Puppeteer pages share these calls (evaluate, focus, keyboard, mouse). */
function fromPage(name, page, close) {
  return withWaiting({
    name,
    page,
    goto: (url) => page.goto(url, { waitUntil: 'load', timeout: 120000 }),
    evaluate: (fn, ...args) => page.evaluate(fn, ...args),
    // Brought to the middle and held still first (settleInView, webdriver.mjs). Again, up to
    // three times, should it still move.
    async click(selector) {
      for (let attempt = 1; ; attempt++) {
        await page.evaluate(settleInView, selector);
        try {
          return await page.click(selector);
        } catch (e) {
          if (attempt === 3 || !/not clickable|not visible|outside of the viewport/i.test(e.message)) throw e;
        }
      }
    },
    async press(selector, key) {
      await page.focus(selector);
      await page.keyboard.press(key);
    },
    async drag(moves) {
      await page.mouse.move(...moves[0]);
      await page.mouse.down();
      for (const [x, y] of moves.slice(1)) await page.mouse.move(x, y, { steps: 2 });
      await page.mouse.up();
    },
    close,
  });
}

async function chromium() {
  need(CHROMIUM, 'chromium');
  const { chromium: pw } = await import('playwright-core');
  const profile = await mkdtemp(join(tmpdir(), 'la-engines-chromium-'));
  const context = await pw.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    viewport: { width: WIDTH, height: HEIGHT },
    acceptDownloads: false,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const tab = fromPage('chromium', page, async () => {
    await context.close().catch(() => {});
    await rm(profile, { recursive: true, force: true });
  });
  tab.evaluate = (fn, arg) => page.evaluate(fn, arg); // Playwright takes one argument
  tab.setViewport = (width, height) => page.setViewportSize({ width, height });
  tab.upload = (selector, file) => page.setInputFiles(selector, file);
  tab.pdf = () => page.pdf({ printBackground: true });
  return tab;
}

async function firefox() {
  need(FIREFOX, 'firefox-esr');
  const { default: puppeteer } = await import('puppeteer-core');
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    defaultViewport: { width: WIDTH, height: HEIGHT },
    protocolTimeout: 180000,
  });
  const page = (await browser.pages())[0] ?? (await browser.newPage());
  const tab = fromPage('firefox', page, () => browser.close().catch(() => {}));
  tab.setViewport = (width, height) => page.setViewport({ width, height });
  tab.upload = async (selector, file) => (await page.$(selector)).uploadFile(file);
  tab.pdf = () => page.pdf({ printBackground: true, timeout: 120000 });
  return tab;
}

async function webkit() {
  const { session, close } = await startWebDriver({ width: WIDTH, height: HEIGHT });
  return withWaiting({
    name: 'webkit',
    session,
    goto: (url) => session.navigate(url),
    evaluate: (fn, ...args) => session.evaluate(fn, ...args),
    click: (selector) => session.click(selector),
    press: (selector, key) => session.type(selector, KEYS[key] ?? key),
    drag: (moves) => session.drag(moves),
    // The window's outer size: WebKit's viewport is the window less MiniBrowser's toolbar.
    setViewport: (width, height) => session.setWindowSize(width, height + 38),
    upload: (selector, file) => session.upload(selector, file),
    pdf: () => {
      throw new Error('WebKitWebDriver has no print command');
    },
    close,
  });
}

const LAUNCHERS = { chromium, firefox, webkit };

export function launchEngine(name) {
  const launch = LAUNCHERS[name];
  if (!launch) throw new Error(`no engine ${name}: one of ${Object.keys(LAUNCHERS).join(', ')}`);
  return launch();
}
