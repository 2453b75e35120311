// Two loopback origins for the host tests (tests/browser/hosts.test.mjs), the way a course
// platform embeds the chapter from somewhere else:
//   http://127.0.0.1:A/   the host pages, tests/browser/fixtures/hosts/*.html, with __DIST__
//                         replaced by the chapter's address and the headers given per page
//   http://localhost:B/   dist/, sending what docs/hosting.md's "For course authors" tells a site to send
//                         (Access-Control-Allow-Origin: *, .wasm as application/wasm, each
//                         page's CSP as a header)
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { MIME } from '../../scripts/serve.mjs';
import { DIST, ROOT } from './harness.mjs';

export const HOST_PAGES = join(ROOT, 'tests', 'browser', 'fixtures', 'hosts');
// HOSTS_DIST=/some/other/dist runs the same pages against another build (e.g. one made before a fix).
const SERVED = resolve(process.env.HOSTS_DIST ?? DIST);

function cspOf(html) {
  const m = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/i.exec(html);
  return m
    ? m[1]
        .replace(/&#39;|&apos;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&')
    : null;
}

function listen(handler, host) {
  const server = createServer(async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      await handler(path, res);
    } catch (err) {
      res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end(String(err));
    }
  });
  return new Promise((done) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      done({
        url: `http://${host}:${port}/`,
        close: () =>
          new Promise((r) => {
            server.closeAllConnections?.();
            server.close(() => r());
          }),
      });
    });
  });
}

async function fileIn(root, path) {
  const file = resolve(join(root, path.endsWith('/') ? `${path}index.html` : path));
  if (file !== root && !file.startsWith(root + sep)) return null;
  const info = await stat(file).catch(() => null);
  return info?.isFile() ? file : null;
}

/**
 * Starts both servers. `pageHeaders` maps a host page's file name to extra response headers (a
 * host CSP, for example). Resolves to { hostUrl, distUrl, close() }.
 */
export async function startHosts({ pageHeaders = {} } = {}) {
  const dist = await listen(async (path, res) => {
    const file = await fileIn(SERVED, path);
    if (!file) {
      res.writeHead(404, { 'Content-Type': 'text/plain', 'Access-Control-Allow-Origin': '*' });
      res.end('not found');
      return;
    }
    const body = await readFile(file);
    const type = MIME[extname(file).toLowerCase()] ?? 'application/octet-stream';
    const headers = { 'Content-Type': type, 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-cache' };
    const csp = type.startsWith('text/html') ? cspOf(body.toString('utf8')) : null;
    if (csp) headers['Content-Security-Policy'] = csp;
    res.writeHead(200, headers);
    res.end(body);
  }, 'localhost');
  const host = await listen(async (path, res) => {
    const file = await fileIn(resolve(HOST_PAGES), path);
    if (!file) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not found');
      return;
    }
    const name = file.slice(HOST_PAGES.length + 1);
    const type = MIME[extname(file).toLowerCase()] ?? 'application/octet-stream';
    let body = await readFile(file);
    if (type.startsWith('text/html')) body = body.toString('utf8').replaceAll('__DIST__', dist.url);
    res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-cache', ...(pageHeaders[name] ?? {}) });
    res.end(body);
  }, '127.0.0.1');
  return {
    hostUrl: host.url,
    distUrl: dist.url,
    close: async () => {
      await host.close();
      await dist.close();
    },
  };
}

/**
 * Opens `url` in a new page and collects problems: console errors (CSP and Trusted Types
 * violations included, from every frame), uncaught errors, failed requests.
 */
export async function openHostPage(
  browser,
  url,
  { width = 1280, height = 900, colorScheme, init, waitUntil = 'load', onPage } = {},
) {
  const page = await browser.newPage();
  onPage?.(page); // e.g. to watch its requests from the first
  if (init) await page.addInitScript(init); // runs in every frame before its own scripts
  const problems = [];
  await page.setViewportSize({ width, height });
  if (colorScheme) await page.emulateMedia({ colorScheme });
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('requestfailed', (req) => problems.push(`failed request: ${req.url()} (${req.failure()?.errorText})`));
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  await page.goto(url, { waitUntil });
  return { page, problems };
}
