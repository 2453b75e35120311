// npm run build:web — builds the chapter page.
//   1. content/chapter.md -> HTML (KaTeX at build time; see markdown.mjs), inline styles hoisted
//      into web/generated/math.css so the CSP needs no 'unsafe-inline'; KaTeX's fonts cut to the
//      characters of its math (katex-subset.mjs).
//   2. Vite: web/index.html -> dist/ (relative base './', hashed assets, lazy demo chunks).
//   3. Vite again, everything inlined -> dist/chapter-04-standalone.html (works from file://).
//   4. dist/sw.js: the service worker that keeps the chapter readable offline (service-worker.mjs).
//   5. Prints every asset's size, raw and gzip.
// Settings (environment):
//   CHAPTER_LINKS  JSON object or path to a JSON file mapping "02", "03", "05", "06", "07",
//                  "contents", "glossary" to URLs. Unmapped references render as plain text.
//   LINATTN_ALLOW_NO_CORE=1  build even though the core (build/wasm/, npm run build:wasm) is
//                  missing: every figure then shows "core not built". Without it the build fails.
//   LINATTN_EXTRA_DEMOS=path  add demos from outside web/src (a module listing registry entries;
//                  each gets a figure at the end of the chapter) and write everything to
//                  build/web-extra/ instead of dist/ and web/generated/ (see demos.mjs).
import { build as viteBuild } from 'vite';
import { existsSync, mkdirSync, readFileSync, writeFileSync, readdirSync, statSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { renderChapter } from './markdown.mjs';
import { hoistInlineStyles } from './hoist-styles.mjs';
import { basePlugins, standalonePlugins } from './plugins.mjs';
import { applyCsp, inlineStandalone } from './inline.mjs';
import { buildElements, buildStandaloneEmbeds, writeEmbedCaptions, writeOembed } from './embed.mjs';
import { buildDemos, extraDemosPath } from './demos.mjs';
import { writeServiceWorker } from './service-worker.mjs';
import { siteLink, siteUrlFrom } from './oembed.mjs';
import { subsetKatexFonts } from './katex-subset.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const webDir = join(root, 'web');
// A build with extra demos (tests) keeps all its output apart from the production one.
const extra = extraDemosPath(root);
const outRoot = extra ? join(root, 'build', 'web-extra') : null;
const genDir = outRoot ? join(outRoot, 'generated') : join(webDir, 'generated');
const distDir = outRoot ? join(outRoot, 'dist') : join(root, 'dist');
const tmpRoot = outRoot ?? join(root, 'build');
const standaloneTmp = join(tmpRoot, 'web-standalone');

/** The build needs the core unless LINATTN_ALLOW_NO_CORE=1 says a page without it will do. */
function requireCore() {
  const glue = join(root, 'build', 'wasm', 'linattn.mjs');
  const wasm = join(root, 'build', 'wasm', 'linattn.wasm');
  if (existsSync(glue) && existsSync(wasm)) return;
  if (process.env.LINATTN_ALLOW_NO_CORE === '1') {
    console.warn('\nbuild:web: the core is not built; LINATTN_ALLOW_NO_CORE=1, so every figure will say so.\n');
    return;
  }
  throw new Error(
    'the WebAssembly core is not built (build/wasm/linattn.mjs and linattn.wasm): run npm run build:wasm first, ' +
      'or set LINATTN_ALLOW_NO_CORE=1 to build a page whose figures show "core not built".',
  );
}
const STANDALONE_NAME = 'chapter-04-standalone.html';

function loadChapterLinks() {
  const raw = process.env.CHAPTER_LINKS;
  if (!raw) return {};
  let value;
  try {
    value = JSON.parse(raw.trim().startsWith('{') ? raw : readFileSync(resolve(raw), 'utf8'));
  } catch (err) {
    throw new Error(`CHAPTER_LINKS must be a JSON object or a path to one: ${err.message}`);
  }
  const out = {};
  for (const [key, url] of Object.entries(value)) {
    if (typeof url !== 'string' || !/^(https?:\/\/|\.{0,2}\/|[\w-]+\.html?(#|$))/.test(url)) {
      throw new Error(`CHAPTER_LINKS["${key}"] must be an http(s) or relative URL, got ${JSON.stringify(url)}`);
    }
    out[key.toLowerCase()] = url;
  }
  return out;
}

function parseFrontMatter(source) {
  const m = /^---\n([\s\S]*?)\n---\n/.exec(source);
  if (!m) return { meta: {}, body: source };
  const meta = {};
  for (const line of m[1].split('\n')) {
    const kv = /^(\w+):\s*(.*)$/.exec(line);
    if (kv) meta[kv[1]] = kv[2].replace(/^"(.*)"$/, '$1');
  }
  return { meta, body: source.slice(m[0].length) };
}

const escapeHtml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Figures for demos the chapter does not name (extra demos of a test build), at its end. */
function extraFigures(body, demos) {
  return demos
    .filter((d) => !new RegExp(`^:::\\s+figure\\s+${d.name}\\s*$`, 'm').test(body))
    .map((d) => `\n::: figure ${d.name}\n**${d.title}.** ${d.caption ?? ''}\n:::\n`)
    .join('');
}

function renderContent(demos) {
  const source = readFileSync(join(root, 'content', 'chapter.md'), 'utf8');
  const { meta, body: withComments } = parseFrontMatter(source);
  const body = withComments.replace(/<!--[\s\S]*?-->\n?/g, ''); // authors' comments
  const chapterLinks = loadChapterLinks();
  const { html, env } = renderChapter(body + extraFigures(body, demos), {
    chapterLinks,
    demoNames: demos.map((d) => d.name),
  });
  const hoisted = hoistInlineStyles(html);
  const header =
    `<header class="article-header">\n<p class="kicker">${escapeHtml(meta.kicker ?? '')}</p>\n` +
    `<h1>${escapeHtml(meta.title ?? '')}</h1>\n</header>\n`;
  mkdirSync(genDir, { recursive: true });
  writeFileSync(join(genDir, 'chapter.html'), header + hoisted.html);
  writeFileSync(
    join(genDir, 'math.css'),
    `/* generated by web/build/build.mjs from KaTeX's inline styles */\n${hoisted.css}\n`,
  );
  return { meta, env, styles: hoisted.count, chapterLinks };
}

/** @returns {import('vite').InlineConfig} */
export function viteConfig({ standalone, outDir, content }) {
  const plugins = standalone ? standalonePlugins({ root, genDir }) : basePlugins({ root, genDir });
  // Where a saved figure says it comes from (web/src/hosts/chapter/share-panel.js): the chapter's
  // title, and its address when the build knows it (SITE_URL).
  const siteUrl = siteUrlFrom();
  const chapter = { title: content.meta.title ?? '', url: siteUrl ? siteLink(siteUrl, 'index.html') : null };
  return {
    root: webDir,
    base: './',
    configFile: false,
    // The standalone chapter shows every figure with the shared core (hosts/chapter/main.js): it
    // carries no demo's own module (the registry's `core`); a standalone embed may (embed.mjs).
    define: {
      'import.meta.env.LINATTN_CHAPTER': JSON.stringify(chapter),
      ...(standalone
        ? { 'import.meta.env.LINATTN_ONE_CORE': 'true' }
        : { 'import.meta.env.LINATTN_CORE_CHUNK': 'true' }),
    },
    logLevel: 'warn',
    publicDir: false,
    plugins: [...plugins, chapterHtmlPlugin(content), ...(standalone ? [] : [preloadMathFonts()])],
    // Module workers from blob: URLs fail in file:// pages (opaque origin), classic ones work:
    // the standalone bundles its workers as classic scripts (iife) and inlines them as blob: URLs.
    worker: {
      format: standalone ? 'iife' : 'es',
      plugins: () => (standalone ? standalonePlugins({ root, genDir }) : basePlugins({ root, genDir })),
    },
    build: {
      outDir,
      emptyOutDir: true,
      assetsDir: 'assets',
      target: 'es2022',
      sourcemap: false,
      // LA_NOMIN=1: readable names in a profile (probing a frame's cost; never in a shipped build).
      ...(process.env.LA_NOMIN ? { minify: false } : {}),
      reportCompressedSize: false,
      chunkSizeWarningLimit: standalone ? 100000 : 1000,
      modulePreload: { polyfill: false },
      assetsInlineLimit: standalone ? () => true : 0,
      cssCodeSplit: !standalone,
      // The served site has two pages: the chapter and embed.html (one demo alone, for iframes).
      rolldownOptions: standalone
        ? { output: { codeSplitting: false } }
        : { input: { index: join(webDir, 'index.html'), embed: join(webDir, 'embed.html') } },
    },
  };
}

/** What both pages' heads begin with (in their sources: <!--head-->): the encoding, the policy
 *  (filled in after the build, inline.mjs applyCsp), the viewport, both colour schemes, no referrer,
 *  and the icon's place (inline.mjs). */
const PAGE_HEAD = [
  '<meta charset="utf-8">',
  '<meta http-equiv="Content-Security-Policy" content="__CSP__">',
  '<meta name="viewport" content="width=device-width, initial-scale=1">',
  '<meta name="color-scheme" content="light dark">',
  '<meta name="referrer" content="no-referrer">',
  '<!--icon-->',
].join('\n');

function chapterHtmlPlugin(content) {
  return {
    name: 'la-chapter-html',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        const chapter = readFileSync(join(genDir, 'chapter.html'), 'utf8');
        const title = `${content.meta.kicker ?? ''} — ${content.meta.title ?? ''}`.replace(/^ — /, '');
        return html
          .replace('<!--head-->', () => PAGE_HEAD)
          .replace('__TITLE__', () => escapeHtml(title))
          .replace('__KICKER__', () => escapeHtml(content.meta.kicker ?? ''))
          .replace('__DESCRIPTION__', () => escapeHtml(content.meta.description ?? ''))
          .replace('<!--chapter-->', () => chapter);
      },
    },
  };
}

/** The chapter's two most used KaTeX fonts (text and variables), requested with the HTML instead of
 *  after the stylesheet and the first layout: text set in them stays invisible until they arrive
 *  (KaTeX's faces block), so fetching them early brings the first complete screen forward on a
 *  slow connection (Lighthouse's speed index). The other faces load as the chapter uses them. */
const PRELOADED_FONTS = /KaTeX_(Main-Regular|Math-Italic)-[\w-]+\.woff2$/;
function preloadMathFonts() {
  return {
    name: 'la-preload-math-fonts',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.filename?.endsWith('index.html') || !ctx.bundle) return html;
        const fonts = Object.keys(ctx.bundle)
          .filter((f) => PRELOADED_FONTS.test(f))
          .sort();
        const links = fonts.map((f) => `<link rel="preload" href="./${f}" as="font" type="font/woff2" crossorigin>`);
        return links.length ? html.replace('</title>', () => `</title>\n${links.join('\n')}`) : html;
      },
    },
  };
}

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

function printSizes(dir) {
  const kb = (n) => `${(n / 1024).toFixed(1).padStart(8)} kB`;
  const rows = walk(dir)
    .sort()
    .map((p) => {
      const bytes = readFileSync(p);
      return { name: relative(dir, p), raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
    });
  const width = Math.max(...rows.map((r) => r.name.length), 5);
  console.log(`\n${'asset'.padEnd(width)}  ${'raw'.padStart(11)}  ${'gzip'.padStart(11)}`);
  for (const r of rows) console.log(`${r.name.padEnd(width)}  ${kb(r.raw)}  ${kb(r.gzip)}`);
  const total = rows
    .filter((r) => !r.name.endsWith('-standalone.html'))
    .reduce((a, r) => ({ raw: a.raw + r.raw, gzip: a.gzip + r.gzip }), { raw: 0, gzip: 0 });
  console.log(`${'total (site, without standalone files)'.padEnd(width)}  ${kb(total.raw)}  ${kb(total.gzip)}`);
}

async function buildAll() {
  const t0 = Date.now();
  requireCore();
  const demos = await buildDemos(root);
  const content = renderContent(demos);
  const captions = writeEmbedCaptions(genDir, demos);
  console.log(
    `chapter: ${content.env.equations} equations (${content.env.displayEquations} display), ` +
      `${content.env.notes} margin notes, figures [${content.env.figures.join(', ')}], ` +
      `${content.env.chapterRefs.length} chapter references ` +
      `(${content.env.chapterRefs.filter((r) => r.linked).length} linked via CHAPTER_LINKS), ` +
      `${content.styles} hoisted KaTeX styles`,
  );
  const fonts = await subsetKatexFonts({ genDir, html: readFileSync(join(genDir, 'chapter.html'), 'utf8') });
  console.log(
    `KaTeX fonts cut to the math's characters (${[...fonts.chars.math].length} in its Math faces, ` +
      `${[...fonts.chars.other].length} in the others): ` +
      `${(fonts.before / 1024).toFixed(0)} -> ${(fonts.after / 1024).toFixed(0)} kB`,
  );

  await viteBuild(viteConfig({ standalone: false, outDir: distDir, content }));
  const indexPath = join(distDir, 'index.html');
  writeFileSync(indexPath, applyCsp(readFileSync(indexPath, 'utf8'), { standalone: false }));
  const embedPath = join(distDir, 'embed.html');
  writeFileSync(embedPath, applyCsp(readFileSync(embedPath, 'utf8'), { standalone: false }));

  rmSync(standaloneTmp, { recursive: true, force: true });
  await viteBuild(viteConfig({ standalone: true, outDir: standaloneTmp, content }));
  const single = inlineStandalone(standaloneTmp);
  writeFileSync(join(distDir, STANDALONE_NAME), single);

  // Embeds: the custom elements script, one standalone file per demo, oEmbed (see embed.mjs).
  await buildElements({ root, webDir, distDir, genDir, tmpDir: join(tmpRoot, 'web-elements') });
  await buildStandaloneEmbeds({
    viteConfig,
    content,
    distDir,
    webDir,
    demos,
    tmpDir: join(tmpRoot, 'web-embed-standalone'),
  });
  await writeOembed({ distDir, meta: content.meta, captions, demos });
  const sw = writeServiceWorker({ webDir, distDir });
  console.log(
    `service worker: ${sw.files.length} files (${(sw.bytes / 1024).toFixed(0)} kB) for offline reading, version ${sw.version}`,
  );

  printSizes(distDir);
  const shown = relative(root, distDir);
  console.log(`\nbuilt ${shown}/ and ${shown}/${STANDALONE_NAME} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildAll().catch((err) => {
    console.error(`build:web failed: ${err.stack ?? err}`);
    process.exit(1);
  });
}
