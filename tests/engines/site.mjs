// What the engine stages serve and read, shared by firefox.test.mjs and webkit.test.mjs:
//   serveProbed()   dist/ at http://127.0.0.1:P/ with a probe in each HTML page (engine-probe.js,
//                   allowed by the page's own CSP, script-src 'self'): it records uncaught errors,
//                   unhandled rejections, console errors and CSP violations from the first byte,
//                   the same way in every engine (WebDriver has no event for them)
//   STATES          permalinks covering every demo and each family of its settings
//   openChapter(tab, url)   loads the chapter and waits until every figure is ready and finished
//   readFigures(tab)        every figure's sentences, readouts and tables, as text
//   problems(tab)           what the probe recorded
// The figures are read with textContent: off-screen blocks use content-visibility: auto, which
// innerText would skip.
import { mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startServer } from '../../scripts/serve.mjs';
import { DIST as BUILT } from '../browser/harness.mjs';

// ENGINES_DIST=/some/other/dist runs the stages against another build (e.g. one made before a fix).
export const DIST = resolve(process.env.ENGINES_DIST ?? BUILT);

const PROBE = `(() => {
  const seen = (window.__engineProblems = []);
  const add = (t) => seen.push(String(t).slice(0, 400));
  addEventListener('error', (e) => add('page error: ' + e.message + ' (' + e.filename + ':' + e.lineno + ')'));
  addEventListener('unhandledrejection', (e) => add('unhandled rejection: ' + ((e.reason && e.reason.stack) || e.reason)));
  document.addEventListener('securitypolicyviolation', (e) => add('CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI));
  const error = console.error.bind(console);
  console.error = (...a) => { add('console error: ' + a.join(' ')); error(...a); };
})();
`;

/** A copy of dist/ (symlinks, and each HTML page with the probe first in its head), served. */
export async function serveProbed() {
  if (!existsSync(join(DIST, 'index.html'))) throw new Error('dist/ is missing: run npm run build first');
  const dir = await mkdtemp(join(tmpdir(), 'la-engines-site-'));
  for (const name of await readdir(DIST)) {
    if (name.endsWith('.html') && !name.includes('standalone')) {
      const html = await readFile(join(DIST, name), 'utf8');
      await writeFile(join(dir, name), html.replace('<head>', '<head><script src="./engine-probe.js"></script>'));
    } else await symlink(join(DIST, name), join(dir, name));
  }
  await writeFile(join(dir, 'engine-probe.js'), PROBE);
  const server = await startServer(dir, { port: 0 });
  return {
    url: server.url,
    close: async () => {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

// Light sweeps (d <= 32, 2 trials: the machine is shared) that still set every family of setting:
// the ledger's map, step, reads and associations; the memory demo's model (preset, linear twin and a
// custom config), length, sessions, dtypes, GPU budget, tensor parallelism, units and scale; the
// overcapacity demo's geometry, keys, trials and seed, β, scale, the capacity panel's tolerance and
// the update rule (additive; delta with a step and a forget gate); the spotlight's N and cosine (its
// sliders) and each of its Settings: β, random features m, key size d, noise, seed, target, format.
const CUSTOM = JSON.stringify({
  layers: [
    { kind: 'attention', count: 12, kvHeads: 4, headDim: 64 },
    { kind: 'attention', count: 12, kvHeads: 4, headDim: 64, window: 4096 },
  ],
  params: 1.5e9,
});
export const STATES = {
  'step, length, geometry':
    'ledger.step=2&memory.tokens=131072&memory.sessions=3&overcapacity.d=16&overcapacity.n=20&overcapacity.trials=2' +
    '&spotlight.n=100&spotlight.cosine=0.5',
  'maps, dtypes, GPU, keys, tolerance':
    'ledger.featureMap=elu1&ledger.query=-1&ledger.freeQuery=0.3,-0.9' +
    '&memory.preset=deepseek-v3&memory.linear=true&memory.kvDtype=fp8&memory.stateDtype=bf16&memory.weightDtype=int4' +
    '&memory.gpu=custom&memory.gpuCustom=48&memory.tp=4&memory.unit=decimal&memory.yScale=linear' +
    '&overcapacity.d=16&overcapacity.n=40&overcapacity.keys=orthogonal&overcapacity.trials=2&overcapacity.seed=3' +
    '&overcapacity.scale=log&overcapacity.measure=recall&overcapacity.level=0.8&overcapacity.beta=4' +
    '&spotlight.beta=2&spotlight.features=256&spotlight.dtype=fp8',
  'associations, custom model, delta rule':
    'ledger.d=3&ledger.associations=1,0,0:3,1,2;0,1,0:-2,4,1;0.6,0,0.8:0,-5,1&ledger.query=1' +
    `&memory.preset=custom&memory.custom=${encodeURIComponent(CUSTOM)}&memory.tokens=1000000` +
    '&overcapacity.d=32&overcapacity.n=30&overcapacity.trials=2&overcapacity.rule=delta&overcapacity.step=0.5' +
    '&overcapacity.gate=0.95' +
    '&spotlight.n=4096&spotlight.d=8&spotlight.noise=0.3&spotlight.seed=3&spotlight.target=5&spotlight.dtype=int4',
};

/** The chapter at state `name` of STATES: a page of its own (a query of its own: a change of hash
 *  alone would not load the page again, and the figures would carry over what the last state set). */
export const stateUrl = (base, name) => `${base}index.html?state=${Object.keys(STATES).indexOf(name)}#${STATES[name]}`;

/** Parts of a figure still streaming in (as tests/browser/harness.mjs STREAMING). */
const STREAMING = '[data-sweep]:not([data-sweep="complete"]), [data-capacity]:not([data-capacity="complete"])';
/** A figure's mount: in the chapter, and in embed pages (the custom elements' and embed.html's). */
const MOUNTS = '.demo-mount, .linattn-mount';
// A figure's words are read once they have held still this long on screen: the memory demo's
// summary is spoken 350 ms after its last change, and only while the figure is on screen.
const STILL_MS = 600;

/**
 * Brings each figure on screen (off-screen work pauses) until it is ready, has finished streaming
 * and its words have held still (STILL_MS), with its tables open. Throws naming a figure that failed.
 */
export async function settleFigures(tab, { timeout = 150000 } = {}) {
  // (A driver may report a navigation done while the document is still loading: wait for it.)
  const demos = await tab.waitFor(
    (sel) => {
      const names = [...document.querySelectorAll(sel)].map((m) => m.dataset.demo);
      return document.readyState === 'complete' && names.length > 0 && names;
    },
    MOUNTS,
    { message: 'the page loaded with its figures' },
  );
  for (const demo of demos) {
    const r = await tab.waitFor(
      ({ demo, streaming, mounts, still }) => {
        const m = [...document.querySelectorAll(mounts)].find((x) => x.dataset.demo === demo);
        if (!m) return false; // a document still loading
        if (m.dataset.status === 'error') return `error: ${m.textContent.slice(0, 200)}`;
        const box = m.getBoundingClientRect();
        if (box.bottom < 0 || box.top > innerHeight) m.scrollIntoView({ block: 'start', behavior: 'instant' });
        // (A paused figure, data-paused, holds what it would say until it is back on screen.)
        if (m.dataset.status !== 'ready' || m.querySelector(`${streaming}, [data-paused]`)) return false;
        const tables = m.querySelectorAll('details[data-part="table"], details.lm-details');
        for (const d of tables) d.open = true;
        if (![...tables].every((d) => d.querySelector('table'))) return false;
        const text = m.textContent;
        window.__engineStill ??= {};
        const seen = window.__engineStill;
        const now = performance.now();
        if (seen[demo]?.text !== text) seen[demo] = { text, since: now };
        return now - seen[demo].since >= still;
      },
      { demo, streaming: STREAMING, mounts: MOUNTS, still: STILL_MS },
      { timeout, message: `figure ${demo} ready, finished, its table open and its words still` },
    );
    if (typeof r === 'string') throw new Error(`${tab.name}: figure ${demo}: ${r}`);
  }
  return demos;
}

/** Loads `url` in `tab` and settles every figure (settleFigures). Returns the demos' names. */
export async function openChapter(tab, url, options) {
  await tab.goto(url);
  return settleFigures(tab, options);
}

/**
 * Every figure's words and numbers: its sentences and live lines ([data-field], [aria-live]),
 * readouts (dl) and tables, each as one line of text with its spaces collapsed, keyed by demo and
 * place. Left out: the screen-reader announcement made after a pause (.oc-sr, it lags by design)
 * and the sweep's progress line, which also says whether background workers run (on a loaded
 * machine a worker slow to start hands its work to the page's thread: the same numbers).
 */
export function readFigures(tab) {
  return tab.evaluate((mounts) => {
    const out = {};
    for (const m of document.querySelectorAll(mounts)) {
      // (.spot-values: each of the spotlight's reads' readouts, drawn in its SVG.)
      const all = [...m.querySelectorAll('[data-field], [aria-live], dl, table, [role="status"], .spot-values')].filter(
        (e) => !e.matches('.oc-sr, .oc-status:not([data-field])'),
      );
      const outer = all.filter((e) => !all.some((o) => o !== e && o.contains(e)));
      outer.forEach((e, i) => {
        const where = e.dataset.field ?? e.className.baseVal ?? e.className ?? e.localName;
        out[`${m.dataset.demo} ${i} ${e.localName}.${where}`] = e.textContent.replace(/\s+/g, ' ').trim();
      });
    }
    return out;
  }, MOUNTS);
}

/** What the probe of a served page recorded (null where there is no probe, e.g. file://). */
export function problems(tab) {
  return tab.evaluate(() => window.__engineProblems ?? null);
}
