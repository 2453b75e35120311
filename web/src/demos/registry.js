// The demos, in one list. Everything that needs to know which demos exist reads it: the hosts'
// shared code (web/src/hosts/shared/: mounting, the figure frame, the settings codec), the custom
// elements (hosts/elements/), the embed page, and the build (embed pages, oEmbed, the markdown's
// figure names; web/build/demos.mjs). Adding a demo = a folder web/src/demos/<name>/ (index.js with
// mount(), settings.js, a stylesheet) and one line below; ARCHITECTURE.md walks through it.
//
// An entry: { name, title, load, css, settings, embedHeight, core?, coreInShared? }
//   name         the figure's name: `::: figure <name>` in content/chapter.md, ?demo=<name>, <linattn-<name>>
//   title        a short title, for pages that have no caption from the chapter
//   load()       imports the demo's index.js (a lazy chunk)
//   css()        imports its stylesheet as text (for the custom elements' shadow roots; null
//                outside their build)
//   settings     its settings schema (the demo folder's settings.js)
//   embedHeight  its iframe height in CSS pixels at 720 px wide, for when the build could not measure
//                it in a browser (oEmbed answers; the Embed control of the standalone chapter)
//   core()       optional: resolves to the `la` the demo is mounted with, when it reads with a module
//                of its own (the spotlight: wasm/spotlight.mjs; the ledger: wasm/ledger.mjs, only
//                la.ledgerView and la.limits); without it the demo gets the page's shared core
//                (hosts/shared/core.js). Loaded once per page.
//   coreInShared true when that module is a part of the shared core: a page that loads the shared
//                core anyway (shareOneCore) hands the demo that one instead (the ledger)
// This module must stay importable by node (the build reads it): no CSS or asset imports at the
// top, only lazy ones inside functions.
import extraDemos from './extra-demos.js';
import { SETTINGS as ledgerSettings } from './ledger/settings.js';
import { SETTINGS as memorySettings } from './memory/settings.js';
import { SETTINGS as overcapacitySettings } from './overcapacity/settings.js';
import { SETTINGS as spotlightSettings } from './spotlight/settings.js';

// A standalone embed is built for one demo (LINATTN_DEMO, see web/build/embed.mjs): the other
// demos' loaders become null and their code is left out of the file. Only the custom elements'
// build (LINATTN_ELEMENTS) needs the stylesheets as text; other builds leave them out. (Written
// as inline conditions on these constants so the bundler folds them; node has no import.meta.env.)
const ONLY = import.meta.env ? import.meta.env.LINATTN_DEMO : undefined;
const ELEMENTS = import.meta.env ? import.meta.env.LINATTN_ELEMENTS : undefined;
// The standalone chapter gives every figure that can take it the shared core: no ledger module in it.
const ONE_CORE = import.meta.env ? import.meta.env.LINATTN_ONE_CORE : undefined;

/** Every demo this build knows, in chapter order. */
export const DEMOS = [
  {
    name: 'ledger',
    title: 'The running ledger',
    load: !ONLY || ONLY === 'ledger' ? () => import('./ledger/index.js') : null,
    css: ELEMENTS ? () => import('./ledger/ledger.css?inline') : null,
    settings: ledgerSettings,
    embedHeight: 1090,
    core:
      !ONE_CORE && (!ONLY || ONLY === 'ledger')
        ? () => import('../../../wasm/ledger.mjs').then((m) => m.createLedgerCore())
        : null,
    coreInShared: true,
  },
  {
    name: 'overcapacity',
    title: 'Past capacity',
    load: !ONLY || ONLY === 'overcapacity' ? () => import('./overcapacity/index.js') : null,
    css: ELEMENTS ? () => import('./overcapacity/overcapacity.css?inline') : null,
    settings: overcapacitySettings,
    embedHeight: 840,
  },
  {
    name: 'memory',
    title: 'The memory bar',
    load: !ONLY || ONLY === 'memory' ? () => import('./memory/index.js') : null,
    css: ELEMENTS ? () => import('./memory/memory.css?inline') : null,
    settings: memorySettings,
    embedHeight: 810,
  },
  {
    name: 'spotlight',
    title: 'Spotlight and floodlight',
    load: !ONLY || ONLY === 'spotlight' ? () => import('./spotlight/index.js') : null,
    css: ELEMENTS ? () => import('./spotlight/spotlight.css?inline') : null,
    settings: spotlightSettings,
    embedHeight: 1000,
    core:
      !ONLY || ONLY === 'spotlight'
        ? () => import('../../../wasm/spotlight.mjs').then((m) => m.createSpotlight())
        : null,
  },
  ...extraDemos,
];

/** The demos' names. */
export const DEMO_NAMES = DEMOS.map((d) => d.name);

/** The entry for `name`, or undefined. */
export function demoNamed(name) {
  return DEMOS.find((d) => d.name === name);
}

/** Names of the demos this build can show (a standalone embed holds one). */
export const AVAILABLE = DEMOS.filter((d) => d.load).map((d) => d.name);
