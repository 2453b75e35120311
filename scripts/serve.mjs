#!/usr/bin/env node
// A small static server for the built chapter:  node scripts/serve.mjs [dir=dist] [--port 8080]
// Correct MIME types (.wasm, .mjs, fonts), long caching for hashed assets, and each HTML page's
// Content-Security-Policy (read from its <meta http-equiv>) repeated as a response header; text,
// scripts and the WebAssembly gzip-compressed when the browser accepts it (as any real host does:
// the chapter's HTML is 170 KB raw, 18 KB compressed).
// PORT=0 or --port 0 picks a free port. Used by `npm start` and by tests/browser/harness.mjs.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

export const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
};

const COMPRESSIBLE = /^(text\/|application\/(json|wasm)|image\/svg)/;
const gzipped = new Map(); // file -> { mtimeMs, body }

function gzipOf(file, info, body) {
  const hit = gzipped.get(file);
  if (hit && hit.mtimeMs === info.mtimeMs && hit.size === info.size) return hit.body;
  const out = gzipSync(body, { level: 9 });
  gzipped.set(file, { mtimeMs: info.mtimeMs, size: info.size, body: out });
  return out;
}

function cspOf(html) {
  const m = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/i.exec(html);
  return m
    ? m[1]
        .replace(/&#39;|&apos;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&')
    : null;
}

/** Starts a server for `dir`; resolves to { url, port, close() }. */
export function startServer(dir, { port = 0, host = '127.0.0.1', log = false } = {}) {
  const root = resolve(dir);
  const server = createServer(async (req, res) => {
    const send = (status, body, headers = {}) => {
      res.writeHead(status, { 'X-Content-Type-Options': 'nosniff', ...headers });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'method not allowed', { Allow: 'GET, HEAD' });
      const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      let file = resolve(join(root, path));
      if (file !== root && !file.startsWith(root + sep)) return send(403, 'forbidden');
      let info = await stat(file).catch(() => null);
      if (info?.isDirectory()) {
        if (!path.endsWith('/')) return send(301, '', { Location: `${path}/` });
        file = join(file, 'index.html');
        info = await stat(file).catch(() => null);
      }
      if (!info?.isFile()) return send(404, 'not found', { 'Content-Type': 'text/plain; charset=utf-8' });
      const raw = await readFile(file);
      const type = MIME[extname(file).toLowerCase()] ?? 'application/octet-stream';
      const gzip = COMPRESSIBLE.test(type) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
      const body = gzip ? gzipOf(file, info, raw) : raw;
      const headers = { 'Content-Type': type, 'Content-Length': body.length, 'Referrer-Policy': 'no-referrer' };
      if (COMPRESSIBLE.test(type)) headers.Vary = 'Accept-Encoding';
      if (gzip) headers['Content-Encoding'] = 'gzip';
      // Vite's hashed file names change with their content: cache them for a year.
      headers['Cache-Control'] = /[\\/]assets[\\/]/.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache';
      if (type.startsWith('text/html')) {
        const csp = cspOf(raw.toString('utf8'));
        if (csp) headers['Content-Security-Policy'] = csp;
      }
      if (log) console.log(`${req.method} ${path} ${type}`);
      return send(200, body, headers);
    } catch (err) {
      return send(500, `server error: ${err.message}`);
    }
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const { port: actual } = /** @type {import('node:net').AddressInfo} */ (server.address());
      resolvePromise({
        url: `http://${host}:${actual}/`,
        port: actual,
        close: () =>
          new Promise((r) => {
            server.closeAllConnections?.();
            server.close(() => r());
          }),
      });
    });
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const portFlag = args.indexOf('--port');
  const port = Number(portFlag >= 0 ? args[portFlag + 1] : (process.env.PORT ?? 8080));
  const dir = args.find((a, i) => !a.startsWith('--') && i !== portFlag + 1) ?? 'dist';
  stat(join(dir, 'index.html'))
    .then(() => startServer(dir, { port, host: process.env.HOST ?? '127.0.0.1' }))
    .catch((err) => {
      if (err.code === 'ENOENT') console.error(`serve: ${dir}/index.html not found; run npm run build first`);
      else if (err.code === 'EADDRINUSE') console.error(`serve: port ${port} is busy; try --port 0 for a free one`);
      else console.error(`serve: ${err.message}`);
      process.exit(1);
    })
    .then((s) => {
      if (!s) return;
      console.log(`Chapter 04 is served at ${s.url}`);
      console.log(`  standalone file: ${s.url}chapter-04-standalone.html`);
      console.log('  press Ctrl+C to stop');
    });
}
