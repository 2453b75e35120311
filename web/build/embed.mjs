// The embeddable demos (called by build.mjs after the chapter is built):
//   web/generated/embed-captions.json  each figure's caption from the rendered chapter, math as
//                                      MathML only (no KaTeX fonts or CSS inside an embed)
//   dist/embed.html                    built with the chapter (second Vite input, see build.mjs)
//   dist/linattn-elements.js           the custom elements: a small ES module that defines them,
//   dist/linattn-elements/*.js         and the chunks it imports on first use: each demo's code
//                                      and CSS (as text for the shadow roots), the core's glue and
//   dist/linattn-elements/linattn-<hash>.wasm  its wasm, fetched and compiled once (the ledger's
//                                      module: its own, linattn-ledger-<hash>.wasm); the
//                                      overcapacity worker inlined in its demo's chunk, without
//                                      the wasm: the page posts it the compiled module
//   dist/embed-<demo>-standalone.html  embed.html for one demo, one file (works from file://)
//   dist/oembed.json, oembed-<demo>.json, embed-<demo>.html  oEmbed (oembed.mjs: measured heights,
//                                      absolute URLs under SITE_URL)
import { build as viteBuild } from 'vite';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { basePlugins, CORE_MODULES, coreGlueOf, elementsWorkerPlugins, inlineWorkers, wasmUrlIn } from './plugins.mjs';
import { inlineStandalone } from './inline.mjs';
import { htmlToTree } from './html-tree.mjs';

// Which demos there are (and their embed heights) is web/src/demos/registry.js's, passed in by
// build.mjs as `demos` (see demos.mjs).
const ELEMENTS_NAME = 'linattn-elements.js';
const CHUNKS_DIR = 'linattn-elements'; // the elements' lazy chunks, beside ELEMENTS_NAME
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

const textOf = (html) =>
  html
    .replace(/<annotation[\s\S]*?<\/annotation>/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim();

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

/** The one Trusted Types policy of the custom elements, named `linattn` (docs/hosting.md, "Custom
 *  elements": a host that enforces Trusted Types lists it: `trusted-types linattn`). It is only
 *  used for the overcapacity demo's worker, whose script the bundle makes itself (a blob: or
 *  data: URL of inlined code); everything else is built with createElement and text. Vite's
 *  inline-worker wrapper calls `new Worker(string)`, which such hosts refuse, so in this bundle
 *  `new Worker(` goes through it. */
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

/** The Emscripten glue names its wasm new URL('linattn.wasm', import.meta.url) (each module of
 *  CORE_MODULES its own); in the elements' build that is the hashed copy beside the glue's chunk
 *  (`names`: the copies' names by glue, copied by buildElements), and the name is kept out of Vite's
 *  own asset handling (which would inline it into the lib as base64). `used` collects the glues the
 *  build holds: only their wasm files are copied. */
function wasmBeside(names, used) {
  return {
    name: 'la-elements-wasm-beside',
    enforce: 'pre',
    transform(code, id) {
      const m = coreGlueOf(id);
      if (!m || !names.has(m.glue)) return null;
      used.add(m.glue);
      const out = code.replace(wasmUrlIn(m), 'new URL(__laWasmFile, import.meta.url)');
      return `const __laWasmFile = ${JSON.stringify(names.get(m.glue))};\n${m.glue === 'linattn' ? keepCompiled(out) : out}`;
    },
  };
}

/** The main glue keeps the module it compiled as Module.wasmModule (wasm/index.mjs compiledModule),
 *  so the page can post it to the overcapacity worker, which then carries no wasm of its own. */
function keepCompiled(glue) {
  const at = 'function receiveInstantiationResult(result){';
  if (!glue.includes(at))
    throw new Error('elements build: the Emscripten glue no longer has receiveInstantiationResult');
  return glue.replace(at, `${at}Module["wasmModule"]=result["module"];`);
}

/** The core's wasm files that are built, each with its hashed name beside the elements' chunks:
 *  Map glue -> { file, name }. */
function hashedWasms(root) {
  const out = new Map();
  for (const { glue } of CORE_MODULES) {
    const file = join(root, 'build', 'wasm', `${glue}.wasm`);
    if (!existsSync(file)) continue;
    const hash = createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 10);
    out.set(glue, { file, name: `${glue}-${hash}.wasm` });
  }
  return out;
}

/** dist/linattn-elements.js and its chunks (dist/linattn-elements/): the entry defines the
 *  elements; an element imports its demo's chunk and the core's chunk when it first mounts, so a
 *  page with one <linattn-ledger> never fetches the other demos. Chunks are found relative to the
 *  entry (import.meta.url), so the folder travels with the file. The wasm is a file beside the
 *  chunks, fetched by the core's chunk (with CORS, like the scripts); the worker stays a blob: URL
 *  of inlined code, because a worker must start on the host's origin, but without the wasm: the
 *  page posts it the module it compiled (keepCompiled; scheduler/worker.js's init message). */
export async function buildElements({ root, webDir, distDir, genDir, tmpDir }) {
  rmSync(tmpDir, { recursive: true, force: true });
  rmSync(join(distDir, CHUNKS_DIR), { recursive: true, force: true });
  const wasms = hashedWasms(root);
  const used = new Set();
  await viteBuild({
    root: webDir,
    base: './',
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    plugins: [
      noDocumentCss(),
      ...basePlugins({ root, genDir }),
      inlineWorkers(),
      wasmBeside(new Map([...wasms].map(([glue, w]) => [glue, w.name])), used),
      trustedWorkers(),
    ],
    define: { 'import.meta.env.LINATTN_ELEMENTS': 'true' },
    worker: { format: 'iife', plugins: () => elementsWorkerPlugins({ root, genDir }) },
    build: {
      outDir: tmpDir,
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: false,
      reportCompressedSize: false,
      chunkSizeWarningLimit: 100000,
      assetsInlineLimit: () => true,
      lib: {
        entry: join(webDir, 'src', 'hosts', 'elements', 'index.js'),
        formats: ['es'],
        fileName: () => ELEMENTS_NAME,
      },
      // Minified like the chapter's chunks (a lib build leaves whitespace in by default).
      // The core's error classes (wasm/errors.mjs) get their own small chunk: left to the bundler
      // they joined the config reader's chunk (which imports them too), and every element then
      // loaded the reader, 4.5 KB gzip only the memory element uses. (A group with the
      // core's index.mjs would pull the reader in as its dependency.)
      rolldownOptions: {
        output: {
          chunkFileNames: `${CHUNKS_DIR}/[name]-[hash].js`,
          minify: true,
          codeSplitting: { groups: [{ name: 'errors', test: /[\\/]wasm[\\/]errors\.mjs$/ }] },
        },
        // The config reader has no side effects when imported (its top level only defines tables
        // and functions): said here, so that the core's chunk, which no longer uses it in this
        // build, drops its import instead of loading it for its effects.
        treeshake: { moduleSideEffects: (id) => (/[\\/]wasm[\\/]model-config\.mjs$/.test(id) ? false : undefined) },
      },
    },
  });
  copyFileSync(join(tmpDir, ELEMENTS_NAME), join(distDir, ELEMENTS_NAME));
  cpSync(join(tmpDir, CHUNKS_DIR), join(distDir, CHUNKS_DIR), { recursive: true });
  mkdirSync(join(distDir, CHUNKS_DIR), { recursive: true });
  for (const glue of used) copyFileSync(wasms.get(glue).file, join(distDir, CHUNKS_DIR, wasms.get(glue).name));
}

/** dist/embed-<demo>-standalone.html for each demo: the standalone chapter's recipe applied to
 *  embed.html, with only that demo's code. */
export async function buildStandaloneEmbeds({ viteConfig, content, distDir, webDir, demos, tmpDir }) {
  for (const { name: demo, core } of demos) {
    const dir = join(tmpDir, demo);
    rmSync(dir, { recursive: true, force: true });
    const config = viteConfig({ standalone: true, outDir: dir, content });
    // A demo with a core of its own (the ledger) carries only that one's wasm, not the shared core's.
    config.define = {
      ...config.define,
      'import.meta.env.LINATTN_DEMO': JSON.stringify(demo),
      'import.meta.env.LINATTN_ONE_CORE': 'false',
      'import.meta.env.LINATTN_NO_SHARED_CORE': JSON.stringify(Boolean(core)),
    };
    config.build.rolldownOptions = { ...config.build.rolldownOptions, input: join(webDir, 'embed.html') };
    await viteBuild(config);
    // Uploaded alone, the file has no oembed.json beside it.
    const html = inlineStandalone(dir, 'embed.html').replace(
      /<link rel="alternate" type="application\/json\+oembed"[^>]*>\n?/,
      '',
    );
    writeFileSync(join(distDir, standaloneEmbedName(demo)), html);
  }
}

// oEmbed answers and the per-demo pages: oembed.mjs.
export { writeOembed } from './oembed.mjs';
