// Content-Security-Policy and the single-file (standalone) page.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#1d5bbf"/>' +
    '<path d="M8 9h16M8 16h16M8 23h16M9 8v16M16 8v16M23 8v16" stroke="#fff" stroke-width="2"/></svg>',
)}`;

const sha256 = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** Hashes of every inline <script> (no src) and <style> in `html`. */
function inlineHashes(html) {
  const scripts = [...html.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => sha256(m[1]));
  const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => sha256(m[1]));
  return { scripts, styles };
}

/** The policy. Served site: everything from its own origin. Standalone: nothing is fetched at
 *  all; inline code is allowed by hash only; fonts and images are data: URLs; workers blob:. */
export function cspFor(html, { standalone }) {
  const { scripts, styles } = inlineHashes(html);
  const directives = standalone
    ? [
        "default-src 'none'",
        `script-src ${[...scripts, "'wasm-unsafe-eval'"].join(' ')}`,
        `style-src ${styles.length ? styles.join(' ') : "'none'"}`,
        'img-src data: blob:',
        'font-src data:',
        'worker-src blob:',
        "connect-src 'none'",
      ]
    : [
        "default-src 'none'",
        `script-src ${["'self'", ...scripts, "'wasm-unsafe-eval'"].join(' ')}`,
        `style-src ${["'self'", ...styles].join(' ')}`,
        "img-src 'self' data: blob:",
        "font-src 'self'",
        "worker-src 'self'",
        "connect-src 'self'",
        "manifest-src 'self'",
      ];
  directives.push("base-uri 'none'", "form-action 'none'", "object-src 'none'");
  return directives.join('; ');
}

/** Writes the policy into the page's <meta http-equiv="Content-Security-Policy" content="__CSP__">. */
export function applyCsp(html, { standalone }) {
  if (!html.includes('content="__CSP__"')) throw new Error('index.html lacks the CSP placeholder');
  // The icon is added here because Vite drops data: icon links; without one browsers ask for
  // /favicon.ico, a request that fails on most hosts.
  html = html.replace('<!--icon-->', () => `<link rel="icon" href="${ICON}">`);
  return html.replace('content="__CSP__"', () => `content="${cspFor(html, { standalone })}"`);
}

/** Folds a Vite build made with everything inlined (one JS, one CSS, assets as data: URLs) into
 *  one HTML file. Fails if anything would still be fetched. */
export function inlineStandalone(dir, page = 'index.html') {
  let html = readFileSync(join(dir, page), 'utf8');
  const read = (href) => {
    const p = join(dir, href.replace(/^\.\//, ''));
    if (!existsSync(p)) throw new Error(`standalone: ${href} not found in ${dir}`);
    return readFileSync(p, 'utf8');
  };
  html = html.replace(/<link\b[^>]*\brel="modulepreload"[^>]*>\s*/g, '');
  html = html.replace(/<link\b[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"[^>]*>/g, (_m, href) => {
    const css = read(href);
    if (/url\((?!\s*["']?(data:|#))/.test(css)) throw new Error(`standalone: ${href} still references a file`);
    return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
  });
  html = html.replace(/<script\b([^>]*)\bsrc="([^"]+)"([^>]*)><\/script>/g, (_m, pre, src, post) => {
    const js = read(src).replace(/<\/script/gi, '<\\/script');
    if (js.includes('<!--')) throw new Error(`standalone: ${src} contains "<!--", unsafe inside an inline script`);
    const attrs = `${pre}${post}`
      .replace(/\s*crossorigin(="[^"]*")?/g, '')
      .replace(/\s+/g, ' ')
      .trimEnd();
    return `<script${attrs}>${js}</script>`;
  });
  const leftover = /(?:src|href)="\.\/assets\/[^"]*"/.exec(html);
  if (leftover) throw new Error(`standalone: still references ${leftover[0]}`);
  return applyCsp(html, { standalone: true });
}
