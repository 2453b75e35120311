// The embeddable demos (called by build.mjs after the chapter is built):
//   web/generated/embed-captions.json  each figure's caption from the rendered chapter, math as
//                                      MathML only (no KaTeX fonts or CSS inside an embed)
//   dist/embed.html                    built with the chapter (second Vite input, see build.mjs)
//   dist/linattn-elements.js           the custom elements: one ES module with everything inlined
//                                      (wasm, worker, CSS as text for the shadow roots)
//   dist/embed-<demo>-standalone.html  embed.html for one demo, one file (works from file://)
//   dist/oembed.json, oembed-<demo>.json, embed-<demo>.html  oEmbed (oembed.mjs: measured heights,
//                                      absolute URLs under SITE_URL)
import { build as viteBuild } from 'vite';
import { copyFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { standalonePlugins } from './plugins.mjs';
import { inlineStandalone } from './inline.mjs';
import { htmlToTree } from './html-tree.mjs';

// Which demos there are (and their embed heights) is web/src/demos/registry.js's, passed in by
// build.mjs as `demos` (see demos.mjs).
const ELEMENTS_NAME = 'linattn-elements.js';
const standaloneEmbedName = (demo) => `embed-${demo}-standalone.html`;

/** Index just past the element that starts at `start` (balanced <span>…</span>). */
function endOfSpan(html, start) {
  const re = /<span\b|<\/span>/g;
  re.lastIndex = start;
  let depth = 0;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    depth += m[0] === '</span>' ? -1 : 1;
    if (depth === 0) return re.lastIndex;
  }
  throw new Error('embed captions: unbalanced <span> in KaTeX output');
}

/** KaTeX's HTML+MathML -> the <math> element alone. */
function mathmlOnly(html) {
  let out = '';
  let pos = 0;
  for (;;) {
    const start = html.indexOf('<span class="katex">', pos);
    if (start < 0) return out + html.slice(pos);
    const end = endOfSpan(html, start);
    const math = /<math[\s\S]*?<\/math>/.exec(html.slice(start, end));
    if (!math) throw new Error('embed captions: KaTeX output without MathML');
    out += html.slice(pos, start) + math[0];
    pos = end;
  }
}

const textOf = (html) => html.replace(/<annotation[\s\S]*?<\/annotation>/g, '').replace(/<[^>]+>/g, '')
  .replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/\s+/g, ' ').trim();

/** Reads the captions from the rendered chapter (web/generated/chapter.html). */
export function writeEmbedCaptions(genDir, demos) {
  const chapter = readFileSync(join(genDir, 'chapter.html'), 'utf8');
  const out = {};
  for (const { name: demo } of demos) {
    const m = new RegExp(`<figcaption id="figure-${demo}-caption">([\\s\\S]*?)</figcaption>`).exec(chapter);
    if (!m) continue;
    const html = mathmlOnly(m[1]);
    const label = textOf(/<span class="fig-label">([\s\S]*?)<\/span>/.exec(html)?.[1] ?? '');
    const title = textOf(/<strong>([\s\S]*?)<\/strong>/.exec(html)?.[1] ?? demo).replace(/\.$/, '');
    // nodes: the same caption as data (html-tree.mjs), built with createElement by the pages.
    out[demo] = { label, title, nodes: htmlToTree(html), text: textOf(html) };
  }
  writeFileSync(join(genDir, 'embed-captions.json'), `${JSON.stringify(out, null, 2)}\n`);
  return out;
}

/** Plain CSS imports of the demos become nothing in the elements build: the elements put the same
 *  CSS (imported with ?inline) inside their shadow roots, and the host page gets no stylesheet. */
function noDocumentCss() {
  const EMPTY = '\0la-no-document-css';
  return {
    name: 'la-no-document-css',
    enforce: 'pre',
    resolveId(source) {
      return /\.css$/.test(source) ? EMPTY : null;
    },
    load(id) {
      return id === EMPTY ? 'export default "";' : null;
    },
  };
}

/** The one Trusted Types policy of the custom elements, named `linattn` (README: a host that
 *  enforces Trusted Types lists it: `trusted-types linattn`). It is only used for the overcapacity
 *  demo's worker, whose script the bundle makes itself (a blob: or data: URL of inlined code);
 *  everything else is built with createElement and text. Vite's inline-worker wrapper calls
 *  `new Worker(string)`, which such hosts refuse, so in this bundle `new Worker(` goes through it. */
const TRUSTED_WORKER = `const __laWorker = (() => {
  let policy;
  const trusted = (url) => {
    const text = String(url);
    if (!/^(blob:|data:text\\/javascript[;,])/.test(text)) throw new TypeError('linattn: only its own inlined worker may start');
    if (!globalThis.trustedTypes?.createPolicy) return text;
    policy ??= globalThis.trustedTypes.createPolicy('linattn', { createScriptURL: (u) => u });
    return policy.createScriptURL(text);
  };
  return class extends Worker {
    constructor(url, options) {
      super(trusted(url), options);
    }
  };
})();
`;
function trustedWorkers() {
  return {
    name: 'la-trusted-workers',
    renderChunk(code) {
      if (!code.includes('new Worker(')) return null;
      return { code: TRUSTED_WORKER + code.replaceAll('new Worker(', 'new __laWorker('), map: null };
    },
  };
}

/** dist/linattn-elements.js: one ES module, nothing else to fetch. */
export async function buildElements({ root, webDir, distDir, genDir, tmpDir }) {
  rmSync(tmpDir, { recursive: true, force: true });
  await viteBuild({
    root: webDir,
    base: './',
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    plugins: [noDocumentCss(), ...standalonePlugins({ root, genDir }), trustedWorkers()],
    define: { 'import.meta.env.LINATTN_ELEMENTS': 'true' },
    worker: { format: 'iife', plugins: () => standalonePlugins({ root, genDir }) },
    build: {
      outDir: tmpDir,
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: false,
      reportCompressedSize: false,
      chunkSizeWarningLimit: 100000,
      assetsInlineLimit: () => true,
      lib: { entry: join(webDir, 'src', 'elements', 'index.js'), formats: ['es'], fileName: () => ELEMENTS_NAME },
      rolldownOptions: { output: { codeSplitting: false } },
    },
  });
  copyFileSync(join(tmpDir, ELEMENTS_NAME), join(distDir, ELEMENTS_NAME));
}

/** dist/embed-<demo>-standalone.html for each demo: the standalone chapter's recipe applied to
 *  embed.html, with only that demo's code. */
export async function buildStandaloneEmbeds({ viteConfig, content, distDir, webDir, demos, tmpDir }) {
  for (const { name: demo } of demos) {
    const dir = join(tmpDir, demo);
    rmSync(dir, { recursive: true, force: true });
    const config = viteConfig({ standalone: true, outDir: dir, content });
    config.define = { ...config.define, 'import.meta.env.LINATTN_DEMO': JSON.stringify(demo) };
    config.build.rolldownOptions = { ...config.build.rolldownOptions, input: join(webDir, 'embed.html') };
    await viteBuild(config);
    // Uploaded alone, the file has no oembed.json beside it.
    const html = inlineStandalone(dir, 'embed.html')
      .replace(/<link rel="alternate" type="application\/json\+oembed"[^>]*>\n?/, '');
    writeFileSync(join(distDir, standaloneEmbedName(demo)), html);
  }
}

// oEmbed answers and the per-demo pages: oembed.mjs.
export { writeOembed } from './oembed.mjs';
