// The demos a build holds: web/src/demos/registry.js, plus those of LINATTN_EXTRA_DEMOS.
//
// LINATTN_EXTRA_DEMOS=path/to/demos.js (relative to the repository root or absolute) names a module
// that default-exports a list of registry entries (the same shape as registry.js's). A build with
// it adds those demos everywhere (chapter figures, embed pages, custom elements, codec), writes to
// build/web-extra/ instead of dist/ and web/generated/, and so leaves production output alone.
// The browser test of the demo contract builds tests/browser/fixtures/toy-demo/ this way.
import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEMOS } from '../src/demos/registry.js';

/** Absolute path of the extra demos' module, or null (production builds). */
export function extraDemosPath(root) {
  const raw = process.env.LINATTN_EXTRA_DEMOS;
  if (!raw) return null;
  const path = isAbsolute(raw) ? raw : resolve(root, raw);
  if (!existsSync(path)) throw new Error(`LINATTN_EXTRA_DEMOS: no file at ${path}`);
  return path;
}

/** Every demo of this build: the registry's, then the extra ones. */
export async function buildDemos(root) {
  const path = extraDemosPath(root);
  if (!path) return DEMOS;
  const extra = (await import(pathToFileURL(path).href)).default;
  if (!Array.isArray(extra)) throw new Error('LINATTN_EXTRA_DEMOS: the module must default-export a list of demos');
  for (const d of extra) {
    if (!/^[a-z][a-z0-9]*$/.test(d?.name ?? '')) throw new Error(`LINATTN_EXTRA_DEMOS: bad demo name ${d?.name}`);
    if (DEMOS.some((b) => b.name === d.name)) throw new Error(`LINATTN_EXTRA_DEMOS: "${d.name}" is already a demo`);
  }
  return [...DEMOS, ...extra];
}

/** Vite plugin: web/src/demos/extra-demos.js (an empty list) becomes the extra demos' module. */
export function extraDemosPlugin(root) {
  const path = extraDemosPath(root);
  return {
    name: 'la-extra-demos',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!path || !importer || !/[\\/]demos[\\/]registry\.js$/.test(importer)) return null;
      return /^\.\/extra-demos\.js$/.test(source) ? path : null;
    },
  };
}

/** Vite plugin: imports of web/generated/* read from `genDir` instead (a build with extra demos
 *  keeps its generated files apart). */
export function generatedDirPlugin(webDir, genDir) {
  const standard = resolve(webDir, 'generated');
  return {
    name: 'la-generated-dir',
    enforce: 'pre',
    resolveId(source, importer) {
      if (genDir === standard || !importer || !/(^|\/)generated\//.test(source)) return null;
      const target = resolve(importer, '..', source);
      if (!target.startsWith(`${standard}/`)) return null;
      return resolve(genDir, target.slice(standard.length + 1));
    },
  };
}
