// A thin W3C WebDriver client (HTTP + JSON, node's fetch), for WebKit: Debian's WebKitWebDriver
// (webkit2gtk-driver) starts MiniBrowser (libwebkit2gtk-4.1-0) with --automation. MiniBrowser has
// no headless mode, so both run under an Xvfb display of their own. Only what the engine tests use:
// a session, navigation, scripts, element clicks and keys, pointer actions and the window size.
//   startWebDriver() -> { session, close() }   (Xvfb, the driver, one session)
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER ?? '/usr/bin/WebKitWebDriver';
export const MINIBROWSER = process.env.MINIBROWSER ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
export const XVFB = process.env.XVFB ?? '/usr/bin/Xvfb';
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf'; // the W3C key of an element reference

/** W3C key codes (the WebDriver spec's table) for the keys the tests press. */
export const KEYS = {
  ArrowLeft: '\uE012',
  ArrowUp: '\uE013',
  ArrowRight: '\uE014',
  ArrowDown: '\uE015',
  Enter: '\uE007',
  Escape: '\uE00C',
  Home: '\uE011',
  End: '\uE010',
  PageUp: '\uE00E',
  PageDown: '\uE00F',
  Tab: '\uE004',
};

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** A child process whose output is kept (the last 4 kB) for the error message when it dies early. */
function child(cmd, args, env) {
  const proc = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  proc.log = '';
  const keep = (chunk) => {
    proc.log = (proc.log + chunk.toString()).slice(-4000);
  };
  proc.stdout.on('data', keep);
  proc.stderr.on('data', keep);
  return proc;
}

async function waitFor(what, check, proc, timeout = 60000) {
  const end = Date.now() + timeout;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`${what}: the process exited (${proc.exitCode}):\n${proc.log}`);
    if (await check().catch(() => false)) return;
    if (Date.now() > end) throw new Error(`${what}: not ready after ${timeout} ms:\n${proc.log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** One WebDriver session: each method is one command of the spec (or a few). */
/**
 * In the page: brings the element of `sel` to the middle of the window and resolves once its box
 * has held still for three frames (at most about a second). A block out of view skips its layout
 * (content-visibility: auto) until a frame sees it near the window, and the figures near it mount
 * and take their height then: a click aimed at once, on a loaded machine, could find no box or
 * land where the element was. (Playwright waits for a stable box itself; the other two drivers do
 * not.) Passed to a driver's evaluate.
 */
export function settleInView(sel) {
  return new Promise((resolve) => {
    const el = document.querySelector(sel);
    if (!el) return resolve(null);
    el.scrollIntoView({ block: 'center', behavior: 'instant' });
    let last = null;
    let still = 0;
    let frames = 0;
    const look = () => {
      const r = el.getBoundingClientRect();
      const at = `${Math.round(r.left)},${Math.round(r.top)},${Math.round(r.width)},${Math.round(r.height)}`;
      still = at === last && r.width > 0 ? still + 1 : 0;
      last = at;
      if (r.bottom < 0 || r.top > innerHeight) el.scrollIntoView({ block: 'center', behavior: 'instant' });
      if (still >= 3 || ++frames > 60) return resolve(null);
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
}

export class Session {
  constructor(base, id) {
    this.base = base;
    this.id = id;
  }

  async cmd(method, path, body) {
    const res = await fetch(`${this.base}/session/${this.id}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await res.json();
    if (!res.ok || json.value?.error)
      throw new Error(`WebDriver ${method} ${path}: ${json.value?.error}: ${json.value?.message}`);
    return json.value;
  }

  navigate(url) {
    return this.cmd('POST', '/url', { url });
  }

  url() {
    return this.cmd('GET', '/url');
  }

  /** Runs `fn(...args)` in the page; a promise it returns is awaited. Its value must be JSON. */
  async evaluate(fn, ...args) {
    const script =
      'const done = arguments[arguments.length - 1];' +
      `Promise.resolve().then(() => (${fn}).apply(null, Array.prototype.slice.call(arguments, 0, -1)))` +
      '.then((v) => done({ ok: v === undefined ? null : v }), (e) => done({ error: String(e && e.stack || e) }));';
    const r = await this.cmd('POST', '/execute/async', { script, args });
    if (r?.error !== undefined) throw new Error(`in the page: ${r.error}`);
    return r?.ok;
  }

  async find(selector) {
    const r = await this.cmd('POST', '/element', { using: 'css selector', value: selector });
    return r[ELEMENT];
  }

  /** The spec's element click, one real click at its centre. The element is first scrolled to the
   *  middle of the window at once: the driver's own scrolling follows the page's smooth
   *  scroll-behavior, and the click would be checked before the element arrives. */
  async click(selector) {
    // Brought to the middle and held still first (settleInView); the driver's own scrolling
    // follows the page's smooth scroll-behavior, and the click would be checked before the
    // element arrives. Again, up to three times, should it still move ("not interactable").
    for (let attempt = 1; ; attempt++) {
      await this.evaluate(settleInView, selector);
      try {
        await this.cmd('POST', `/element/${await this.find(selector)}/click`, {});
        return;
      } catch (e) {
        if (attempt === 3 || !/element not interactable/.test(e.message)) throw e;
      }
    }
  }

  /** Focuses the element and types `keys` (text, or KEYS values). */
  async type(selector, keys) {
    await this.cmd('POST', `/element/${await this.find(selector)}/value`, { text: keys });
  }

  /** Sets a file input's file (a local path, as the spec's element send keys does). */
  upload(selector, file) {
    return this.type(selector, file);
  }

  /** Pointer actions: `moves` is [[x, y], ...] in viewport pixels; down at the first, up at the last. */
  async drag(moves) {
    const [x0, y0] = moves[0];
    const actions = [
      { type: 'pointerMove', duration: 0, x: Math.round(x0), y: Math.round(y0) },
      { type: 'pointerDown', button: 0 },
    ];
    for (const [x, y] of moves.slice(1))
      actions.push({ type: 'pointerMove', duration: 30, x: Math.round(x), y: Math.round(y) });
    actions.push({ type: 'pointerUp', button: 0 });
    await this.cmd('POST', '/actions', {
      actions: [{ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions }],
    });
    await this.cmd('DELETE', '/actions');
  }

  setWindowSize(width, height) {
    return this.cmd('POST', '/window/rect', { width, height });
  }

  setTimeouts(ms) {
    return this.cmd('POST', '/timeouts', { script: ms, pageLoad: ms, implicit: 0 });
  }

  async close() {
    await this.cmd('DELETE', '').catch(() => {});
  }
}

/** Xvfb on a free display, WebKitWebDriver on a free port, one MiniBrowser session. */
export async function startWebDriver({ width = 1280, height = 900 } = {}) {
  for (const [file, pkg] of [
    [XVFB, 'xvfb'],
    [WEBKIT_DRIVER, 'webkit2gtk-driver'],
    [MINIBROWSER, 'webkit2gtk-driver'],
  ]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run  apt-get install -y ${pkg}  (or npm run setup)`);
  }
  const display = `:${90 + Math.floor(Math.random() * 400)}`;
  const xvfb = child(XVFB, [display, '-screen', '0', `${width + 200}x${height + 300}x24`, '-nolisten', 'tcp']);
  const port = await freePort();
  const driver = child(WEBKIT_DRIVER, [`--port=${port}`], { DISPLAY: display });
  const base = `http://127.0.0.1:${port}`;
  const stop = () => {
    driver.kill('SIGTERM');
    xvfb.kill('SIGTERM');
  };
  try {
    await waitFor('WebKitWebDriver', async () => (await (await fetch(`${base}/status`)).json()).value?.ready, driver);
    const res = await fetch(`${base}/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        capabilities: {
          alwaysMatch: { 'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] } },
        },
      }),
    });
    const json = await res.json();
    if (!res.ok) throw new Error(`WebKitWebDriver refused a session: ${JSON.stringify(json.value)}\n${driver.log}`);
    const session = new Session(base, json.value.sessionId);
    await session.setTimeouts(120000);
    await session.setWindowSize(width, height);
    return {
      session,
      close: async () => {
        await session.close();
        stop();
      },
    };
  } catch (err) {
    stop();
    throw err;
  }
}
