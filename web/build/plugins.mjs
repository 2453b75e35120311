// Vite plugins of the page build (see build.mjs).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { extraDemosPlugin, generatedDirPlugin } from './demos.mjs';

/** KaTeX's CSS lists each font as woff2, woff and ttf. Every browser that runs WebAssembly reads
 *  woff2, so the other two are dropped (a third of the bytes). With `prune` (the standalone file,
 *  where every font is inlined) @font-face rules for faces the chapter never uses are dropped too:
 *  a face is used when every class of some KaTeX rule that selects it occurs in the chapter. Each
 *  woff2 is the face cut to the chapter's math (katex-subset.mjs) where the build has cut them. */
function katexFonts({ genDir, prune = false }) {
  const cut = join(genDir, 'katex-fonts');
  return {
    name: 'la-katex-fonts',
    enforce: 'pre',
    transform(code, id) {
      if (!/katex[\\/]dist[\\/]katex(\.min)?\.css$/.test(id)) return null;
      let css = code
        .replace(/,\s*url\([^)]*\.woff\)\s*format\(["']woff["']\)/g, '')
        .replace(/,\s*url\([^)]*\.ttf\)\s*format\(["']truetype["']\)/g, '');
      if (existsSync(cut)) {
        const to = relative(dirname(id), cut).split('\\').join('/');
        css = css.replace(/url\(fonts\/(KaTeX_[\w-]+\.woff2)\)/g, (_m, name) => `url(${to}/${name})`);
      }
      if (prune) css = pruneFontFaces(css, readFileSync(join(genDir, 'chapter.html'), 'utf8'));
      return css;
    },
  };
}

const faceKey = (family, weight, style) =>
  `${family}|${/^(700|bold)$/.test(weight ?? '') ? 700 : 400}|${style === 'italic' ? 'italic' : 'normal'}`;

export function pruneFontFaces(css, html) {
  const used = new Set();
  for (const m of html.matchAll(/class="([^"]*)"/g)) for (const c of m[1].split(/\s+/)) used.add(c);
  const keep = new Set([faceKey('KaTeX_Main')]);
  for (const m of css.matchAll(/([^{}@]+)\{([^{}]*)\}/g)) {
    const [, selectors, decls] = m;
    const family = /font-family:\s*(KaTeX_\w+)/.exec(decls)?.[1];
    const weight = /font-weight:\s*(\w+)/.exec(decls)?.[1];
    const style = /font-style:\s*(\w+)/.exec(decls)?.[1];
    if (!family && !weight && !style) continue;
    const selected = selectors.split(',').some((sel) => {
      const classes = [...sel.matchAll(/\.([\w-]+)/g)].map((c) => c[1]).filter((c) => c !== 'katex');
      return classes.length > 0 && classes.every((c) => used.has(c));
    });
    if (!selected) continue;
    // A rule that changes only weight or style applies to the surrounding family: assume Main,
    // and Math for italic (the two families ordinary text and variables use).
    keep.add(faceKey(family ?? 'KaTeX_Main', weight, style));
    if (!family && style === 'italic') keep.add(faceKey('KaTeX_Math', weight, style));
  }
  return css.replace(/@font-face\{([^}]*)\}/g, (rule, body) => {
    const family = /font-family:\s*(KaTeX_\w+)/.exec(body)?.[1];
    const weight = /font-weight:\s*(\w+)/.exec(body)?.[1];
    const style = /font-style:\s*(\w+)/.exec(body)?.[1];
    return keep.has(faceKey(family, weight, style)) ? rule : '';
  });
}

/** Without the core (build/wasm/linattn.mjs; build.mjs stops unless LINATTN_ALLOW_NO_CORE=1),
 *  wasm/index.mjs resolves to a stub whose createLinattn() rejects, so each figure shows the error
 *  inline. */
function coreFallback(root) {
  const index = join(root, 'wasm', 'index.mjs');
  const glue = join(root, 'build', 'wasm', 'linattn.mjs');
  const STUB = '\0la-core-missing';
  let warned = false;
  return {
    name: 'la-core-fallback',
    enforce: 'pre',
    async resolveId(source, _importer) {
      if (existsSync(index) && existsSync(glue)) return null;
      if (!/(^|\/)wasm\/index\.mjs$/.test(source)) return null;
      if (!warned) {
        warned = true;
        console.warn(
          '\nbuild:web: the core is not built (wasm/index.mjs or build/wasm/linattn.mjs missing); ' +
            'the demos will show "core not built". Run npm run build:wasm.\n',
        );
      }
      return STUB;
    },
    load(id) {
      if (id !== STUB) return null;
      return `const fail = () => Promise.reject(new Error('The WebAssembly core was not built (npm run build:wasm).'));
export const createLinattn = fail; export default fail; export const compiledModule = () => undefined;`;
    },
  };
}

/** The page's core without la.modelFromConfig (wasm/index.mjs leaves it out where
 *  import.meta.env.LINATTN_ELEMENTS is set; here that test is made true for this one module, in
 *  every page build): the memory figure imports the config reader itself when a reader imports a
 *  config (demos/memory/compute-config.js), so the core's chunk and the overcapacity worker do not
 *  carry its 13 KB gzip. */
export const CONFIG_READER_TEST = 'import.meta.env && import.meta.env.LINATTN_ELEMENTS';
function coreWithoutConfigReader(root) {
  const index = join(root, 'wasm', 'index.mjs');
  const reader = join(root, 'wasm', 'model-config');
  return {
    name: 'la-core-without-config-reader',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0];
      // (The reader's modules only define: an import of them that uses nothing needs no load.)
      if (file === `${reader}.mjs` || file.startsWith(`${reader}/`)) return { code, moduleSideEffects: false };
      if (file !== index) return null;
      if (!code.includes(CONFIG_READER_TEST)) {
        this.error(`wasm/index.mjs no longer tests ${CONFIG_READER_TEST} (web/build/plugins.mjs)`);
      }
      return code.replace(CONFIG_READER_TEST, 'true');
    },
  };
}

/** `genDir`: where the generated chapter files are (web/generated/, or a test build's own). */
export function basePlugins({ root, genDir = join(root, 'web', 'generated'), pruneFonts = false }) {
  return [
    katexFonts({ genDir, prune: pruneFonts }),
    coreFallback(root),
    coreWithoutConfigReader(root),
    extraDemosPlugin(root),
    generatedDirPlugin(join(root, 'web'), genDir),
  ];
}

/** The core's WebAssembly modules: each one's entry (wasm/), its generated loader's name in
 *  build/wasm/ (`<glue>.mjs` + `<glue>.wasm`) and the function that creates it. The main one, the
 *  ledger's (its registry entry's `core`) and the spotlight's. */
export const CORE_MODULES = [
  { entry: 'index.mjs', glue: 'linattn', create: 'createLinattn' },
  { entry: 'ledger.mjs', glue: 'linattn-ledger', create: 'createLedgerCore' },
  { entry: 'spotlight.mjs', glue: 'linattn-spotlight', create: 'createSpotlight' },
];

/** The entry of CORE_MODULES whose generated loader is the file `id`, or undefined. */
export const coreGlueOf = (id) =>
  CORE_MODULES.find((m) => id.split('\\').join('/').endsWith(`/build/wasm/${m.glue}.mjs`));

/** The loader's reference to its wasm, new URL('<glue>.wasm', import.meta.url), as a pattern. */
export const wasmUrlIn = ({ glue }) => new RegExp(`new URL\\((['"])${glue}\\.wasm\\1,\\s*import\\.meta\\.url\\)`, 'g');

/** The standalone file has no neighbours to fetch: the wasm bytes travel as base64 inside the
 *  script, and workers become blob: URLs built from inlined code. */
export function standalonePlugins({ root, genDir }) {
  const SHIM = '\0la-core-inline:';
  const modules = CORE_MODULES.map((m) => ({
    ...m,
    index: join(root, 'wasm', m.entry),
    wasmFile: join(root, 'build', 'wasm', `${m.glue}.wasm`),
  }));
  return [
    ...basePlugins({ root, genDir, pruneFonts: true }),
    {
      // wasm/index.mjs (and each other module's entry) -> a shim that passes { wasmBinary } to the
      // real create function.
      name: 'la-core-inline-wasm',
      enforce: 'pre',
      async resolveId(source, importer, options) {
        if (importer?.startsWith(SHIM)) return null;
        const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
        const i = modules.findIndex((m) => m.index === resolved?.id && existsSync(m.wasmFile));
        return i < 0 ? null : `${SHIM}${i}`;
      },
      load(id) {
        if (!id.startsWith(SHIM)) return null;
        const { index, wasmFile, create } = modules[Number(id.slice(SHIM.length))];
        const b64 = readFileSync(wasmFile).toString('base64');
        const real = JSON.stringify(index);
        return `import * as core from ${real};
export * from ${real};
const WASM_BASE64 = ${JSON.stringify(b64)};
function wasmBytes() {
  const text = atob(WASM_BASE64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}
export function ${create}(opts = {}) {
  const create = core.${create} ?? core.default;
  return create({ ...opts, wasmBinary: opts.wasmBinary ?? wasmBytes() });
}
export default ${create};
`;
      },
    },
    glueNoWasmUrl(),
    inlineWorkers(),
  ];
}

/** The custom elements' worker: built as a standalone one (a blob: URL of inlined code) but
 *  without the wasm, which the page posts to it compiled (scheduler/worker.js's init message). */
export function elementsWorkerPlugins({ root, genDir }) {
  return [...basePlugins({ root, genDir }), glueNoWasmUrl(), inlineWorkers()];
}

/** The Emscripten glue names its wasm by new URL('linattn.wasm', import.meta.url); where the
 *  module arrives otherwise (inlined bytes, or compiled by the page) it never fetches it, so keep
 *  Vite from inlining a second copy. */
function glueNoWasmUrl() {
  return {
    name: 'la-glue-no-wasm-url',
    enforce: 'pre',
    transform(code, id) {
      const m = coreGlueOf(id);
      return m ? code.replace(wasmUrlIn(m), `new URL('${m.glue}.wasm', 'file:///inlined/')`) : null;
    },
  };
}

/** new Worker(new URL('./worker.js', import.meta.url), opts) -> Vite's inline worker (a blob: URL
 *  made from the bundled worker code): for the standalone files, and for the custom elements, whose
 *  worker must start on the host's origin. */
export function inlineWorkers() {
  return {
    // new Worker(new URL('./worker.js', import.meta.url), opts) -> Vite's inline worker
    // (a blob: URL made from the bundled worker code).
    name: 'la-inline-workers',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('node_modules') || !/\.m?js$/.test(id) || !code.includes('new Worker')) return null;
      const imports = [];
      const re =
        /new\s+Worker\(\s*new\s+URL\(\s*(['"])([^'"]+)\1\s*,\s*import\.meta\.url\s*\)\s*(,\s*(\{[^}]*\}))?\s*\)/g;
      const out = code.replace(re, (_m, _q, path, _o, opts) => {
        const name = `__laInlineWorker${imports.length}`;
        imports.push(`import ${name} from ${JSON.stringify(`${path}?worker&inline`)};`);
        return `new ${name}(${opts ?? '{}'})`;
      });
      return imports.length ? `${imports.join('\n')}\n${out}` : null;
    },
  };
}
