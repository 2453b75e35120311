// The checks every engine stage runs (firefox.test.mjs, webkit.test.mjs), through engines.mjs's
// one interface. Chromium reads the same permalink states in the same run (its own browser,
// started in before() so that it works while the engine under test does): the words and numbers
// must be the same text in both.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startServer } from '../../scripts/serve.mjs';
import { startHosts } from '../browser/hosts-harness.mjs';
import { launchEngine } from './engines.mjs';
import { DIST, STATES, openChapter, problems, readFigures, serveProbed, settleFigures, stateUrl } from './site.mjs';

/** Reads every state of STATES in `tab`: { state name: readFigures() }. */
export async function readStates(tab, base) {
  const out = {};
  for (const name of Object.keys(STATES)) {
    await openChapter(tab, stateUrl(base, name));
    out[name] = await readFigures(tab);
  }
  return out;
}

/** Fails naming each place whose text differs, with both texts. */
export function assertSameText(got, want, label) {
  const diff = [...new Set([...Object.keys(want), ...Object.keys(got)])]
    .filter((k) => got[k] !== want[k])
    .map((k) => `${k}\n    chromium: ${want[k]}\n    ${label}: ${got[k]}`);
  assert.deepEqual(diff, [], `${diff.length} places read differently:\n  ${diff.join('\n  ')}`);
}

// Each demo's direct control: a drag along it moves its value, an arrow key moves it one step.
// `value` reads it in the page; `dx` is the drag's length in px (the sign: its direction).
const CONTROLS = {
  ledger: { selector: '#figure-ledger .lg-range', dx: -400, key: 'ArrowRight', value: 'value' },
  memory: { selector: '#figure-memory .lm-handle', dx: -150, key: 'ArrowRight', value: 'aria-valuenow' },
  overcapacity: { selector: '#figure-overcapacity .oc-n-handle', dx: 120, key: 'ArrowLeft', value: 'aria-valuenow' },
  spotlight: { selector: '#figure-spotlight [data-part="n"]', dx: 150, key: 'ArrowRight', value: 'value' },
};

/** The control's value once it has held for five frames (a drag's last move is drawn in a frame
 *  of its own, later on a loaded machine: read at once, the key's change and the drag's last
 *  could be taken for each other). */
function controlValue(tab, { selector, value }) {
  return tab.evaluate(
    ({ selector, value }) =>
      new Promise((resolve) => {
        const el = document.querySelector(selector);
        const read = () => Number(value === 'value' ? el.value : el.getAttribute(value));
        let last = read();
        let still = 0;
        let frames = 0;
        const look = () => {
          const v = read();
          still = v === last ? still + 1 : 0;
          last = v;
          if (still >= 5 || ++frames > 120) return resolve(v);
          requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
      }),
    { selector, value },
  );
}

/** Scrolls the control to the middle of the window; its centre in viewport px. */
function centreOf(tab, selector) {
  return tab.evaluate((sel) => {
    const el = document.querySelector(sel);
    el.scrollIntoView({ block: 'center', behavior: 'instant' });
    const r = el.getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2];
  }, selector);
}

/** Sets up the servers and the engine; `extra(ctx)` adds the engine's own tests (ctx.tab ...). */
export function defineEngineSuite(engine, extra = () => {}) {
  describe(`${engine}: the chapter as a reader of ${engine} sees it`, { timeout: 600000 }, () => {
    const ctx = {};
    let chromiumReading;

    before(async () => {
      ctx.site = await serveProbed();
      ctx.hosts = await startHosts();
      // Chromium's reading, started now; the same-digits test awaits it.
      chromiumReading = launchEngine('chromium').then(async (chromium) => {
        try {
          return await readStates(chromium, ctx.site.url);
        } finally {
          await chromium.close();
        }
      });
      chromiumReading.catch(() => {}); // (its failure is reported by the test that awaits it)
      ctx.tab = await launchEngine(engine);
    });

    after(async () => {
      await ctx.tab?.close();
      await ctx.site?.close();
      await ctx.hosts?.close();
      await chromiumReading?.catch(() => {});
    });

    it('loads the chapter with no page error, every figure ready and finished', async () => {
      const demos = await openChapter(ctx.tab, `${ctx.site.url}index.html`);
      assert.deepEqual(demos, ['ledger', 'memory', 'overcapacity', 'spotlight']);
      assert.deepEqual(await problems(ctx.tab), [], 'no uncaught error, rejection, console error or CSP violation');
    });

    it('moves each demo by one drag and by one key', async () => {
      for (const [demo, control] of Object.entries(CONTROLS)) {
        const start = await controlValue(ctx.tab, control);
        const [x, y] = await centreOf(ctx.tab, control.selector);
        const moves = Array.from({ length: 9 }, (_, i) => [x + (control.dx * i) / 8, y]);
        await ctx.tab.drag(moves);
        const dragged = await controlValue(ctx.tab, control);
        assert.ok(
          Math.sign(dragged - start) === Math.sign(control.dx),
          `${demo}: a drag of ${control.dx} px moved ${start} to ${dragged}`,
        );
        await ctx.tab.press(control.selector, control.key);
        const keyed = await ctx.tab.waitFor(
          (c) => {
            const el = document.querySelector(c.selector);
            const v = Number(c.value === 'value' ? el.value : el.getAttribute(c.value));
            return v !== c.dragged && v;
          },
          { ...control, dragged },
        );
        const sign = control.key === 'ArrowRight' ? 1 : -1;
        assert.ok(Math.sign(keyed - dragged) === sign, `${demo}: ${control.key} moved ${dragged} to ${keyed}`);
      }
      // The overcapacity readout follows its handle.
      const { n, handle } = await ctx.tab.evaluate(() => ({
        n: document.querySelector('#figure-overcapacity [data-field="n"]').textContent,
        handle: document.querySelector('#figure-overcapacity .oc-n-handle').getAttribute('aria-valuenow'),
      }));
      assert.equal(n, handle, 'the readout shows the N the handle holds');
      assert.deepEqual(await problems(ctx.tab), []);
    });

    it('reads the same words and digits as Chromium in every permalink state', async () => {
      const mine = await readStates(ctx.tab, ctx.site.url);
      const theirs = await chromiumReading;
      for (const name of Object.keys(STATES)) {
        assert.ok(
          Object.keys(theirs[name]).length >= 25,
          `${name}: Chromium read ${Object.keys(theirs[name]).length} places`,
        );
        assertSameText(mine[name], theirs[name], `${engine} (${name})`);
        assert.ok(!/Ignored|ignored/.test(Object.values(mine[name]).join(' ')), `${name}: every setting applies`);
      }
      ctx.reading = mine;
    });

    it('draws each arrowhead in its line\u2019s colour in the dark theme, none black', async () => {
      await openChapter(ctx.tab, `${ctx.site.url}index.html`);
      const drawn = await ctx.tab.evaluate(() => {
        document.documentElement.dataset.theme = 'dark';
        const figure = document.querySelector('#figure-ledger');
        return [...figure.querySelectorAll('[marker-end]')]
          .filter((el) => el.getAttribute('display') !== 'none' && el.getBBox().width + el.getBBox().height > 0)
          .map((el) => {
            const id = /url\(#([^)]+)\)/.exec(el.getAttribute('marker-end'))?.[1];
            const head = figure.querySelector(`marker[id="${id}"] path`);
            return { stroke: getComputedStyle(el).stroke, fill: head ? getComputedStyle(head).fill : 'none' };
          });
      });
      assert.ok(drawn.length >= 3, `the ledger's arrows: ${drawn.length}`);
      for (const d of drawn) {
        assert.notEqual(d.fill, 'rgb(0, 0, 0)', 'an arrowhead is not black on the dark page');
        assert.equal(d.fill, d.stroke, 'the arrowhead has its line\u2019s colour');
      }
    });

    it('sizes the embed page from a second origin, and renders custom elements with their theme', async () => {
      await ctx.tab.goto(`${ctx.hosts.hostUrl}engines.html`);
      const sized = await ctx.tab.waitFor(
        () => {
          const els = ['dark', 'light'].map((id) => document.getElementById(id));
          const ready = els.every((el) => el.state != null && el.shadowRoot?.querySelector('.linattn-mount'));
          const h = window.frameHeights;
          return ready && h.length && h[h.length - 1] > 300 && h;
        },
        null,
        { message: 'the iframe sized and both elements mounted' },
      );
      assert.ok(sized.at(-1) > 300, `the iframe is sized to its content: ${sized.join(', ')} px`);
      const look = await ctx.tab.evaluate(() =>
        ['dark', 'light'].map((id) => {
          const style = getComputedStyle(document.getElementById(id).shadowRoot.querySelector('.linattn-mount'));
          return { bg: style.getPropertyValue('--bg').trim(), color: style.color };
        }),
      );
      assert.deepEqual(look, [
        { bg: '#141619', color: 'rgb(231, 229, 224)' },
        { bg: '#fcfbf8', color: 'rgb(28, 29, 31)' },
      ]);
    });

    it("runs the overcapacity element's sweep in its workers, on the core the page posts them", async () => {
      // (on the page of the test before; its worker carries no wasm: the page's compiled module
      // is structured-cloned to it)
      const text = await ctx.tab.waitFor(
        () => {
          const el = document.getElementById('oc');
          el.scrollIntoView({ block: 'start', behavior: 'instant' });
          return el.shadowRoot?.querySelector('[data-sweep="complete"]') && el.shadowRoot.textContent;
        },
        null,
        { message: "the overcapacity element's sweep complete" },
      );
      assert.doesNotMatch(text, /workers are unavailable/, 'the sweep ran in the workers');
    });

    it('computes in a standalone file opened from file://', async () => {
      const file = pathToFileURL(join(DIST, 'embed-overcapacity-standalone.html')).href;
      await ctx.tab.goto(`${file}?d=16&n=20&trials=2`);
      await settleFigures(ctx.tab);
      const figures = await readFigures(ctx.tab);
      const readout = Object.entries(figures).find(([k]) => k.includes('dl.oc-readout'))?.[1];
      assert.match(readout ?? '', /At N20Mean cosine, linear state0\.\d\d/, `the readout: ${readout}`);
      const served = ctx.reading?.['step, length, geometry'];
      if (served) {
        const same = Object.entries(served).find(([k]) => k.includes('dl.oc-readout'))[1];
        assert.equal(readout, same, 'the same numbers as the served chapter at the same settings');
      }
    });

    it('reloads the chapter offline from its service worker', async () => {
      const server = await startServer(DIST, { port: 0 });
      let closed = false;
      try {
        await ctx.tab.goto(`${server.url}index.html`);
        // The first visit installs the worker; a reload brings the page under its control.
        await ctx.tab.waitFor(() => navigator.serviceWorker.ready.then(() => true), null, {
          message: 'a service worker active',
        });
        await settleFigures(ctx.tab);
        await server.close();
        closed = true;
        await ctx.tab.goto(`${server.url}index.html`);
        const demos = await settleFigures(ctx.tab);
        assert.deepEqual(demos, ['ledger', 'memory', 'overcapacity', 'spotlight']);
        assert.ok(
          await ctx.tab.evaluate(() => navigator.serviceWorker.controller !== null),
          'the worker served the page',
        );
      } finally {
        if (!closed) await server.close();
      }
    });

    it('saves each figure as SVG, PNG and CSV', async () => {
      await openChapter(ctx.tab, stateUrl(ctx.site.url, 'step, length, geometry'));
      // The files are taken where the page hands them to the browser (<a download>.click() of a
      // blob: URL), the same in every engine: WebKitWebDriver's downloads never reach the disk. The
      // Blob itself is read (the page's CSP, connect-src 'self', keeps fetch() off blob: URLs).
      await ctx.tab.evaluate(() => {
        window.savedFiles = [];
        const blobs = new Map();
        const createObjectURL = URL.createObjectURL;
        URL.createObjectURL = (blob) => {
          const url = createObjectURL.call(URL, blob);
          blobs.set(url, blob);
          return url;
        };
        HTMLAnchorElement.prototype.click = function () {
          const name = this.download;
          window.savedFiles.push(
            blobs
              .get(this.href)
              .arrayBuffer()
              .then((b) => {
                const bytes = new Uint8Array(b);
                return {
                  name,
                  size: bytes.length,
                  head: [...bytes.slice(0, 8)],
                  text: new TextDecoder().decode(bytes.slice(0, 4000)),
                };
              }),
          );
        };
      });
      const panelOpen = (d) => document.querySelector(`#figure-${d} .embed-save`)?.checkVisibility();
      for (const demo of ['ledger', 'memory', 'overcapacity', 'spotlight']) {
        // A click that a busy engine lost (a figure still laying out under it in the pool) is given
        // again, only while the panel is still closed: a second click never closes an open one.
        for (let attempt = 1; ; attempt++) {
          await ctx.tab.click(`#figure-${demo} .embed-toggle`);
          const open = await ctx.tab
            .waitFor(panelOpen, demo, { timeout: 15000, message: `${demo}: the Embed or link panel open` })
            .catch((err) => {
              if (attempt === 3) throw err;
              return false;
            });
          if (open || (await ctx.tab.evaluate(panelOpen, demo))) break;
        }
        for (const format of ['svg', 'png', 'csv'])
          await ctx.tab.click(`#figure-${demo} .embed-save[data-format="${format}"]`);
      }
      const files = await ctx.tab.waitFor(
        () => window.savedFiles.length === 12 && Promise.all(window.savedFiles),
        null,
        { message: 'twelve files saved' },
      );
      for (const f of files) {
        const ext = f.name.split('.').pop();
        assert.match(f.name, /^figure-4\.[1234]-(ledger|memory|overcapacity|spotlight)-.+\.(svg|png|csv)$/);
        if (ext === 'svg') assert.match(f.text, /^(<\?xml[^>]*>\s*)?<svg[\s>]/, `${f.name} is an SVG`);
        if (ext === 'png') assert.deepEqual(f.head, [137, 80, 78, 71, 13, 10, 26, 10], `${f.name} is a PNG`);
        if (ext === 'csv') assert.match(f.text, /^[^\r\n]+,[^\r\n]+\r\n[-0-9.]+,/, `${f.name} holds rows`);
        assert.ok(f.size > (ext === 'csv' ? 100 : 2000), `${f.name}: ${f.size} bytes`);
      }
      assert.deepEqual(await problems(ctx.tab), []);
    });

    extra(ctx);
  });
}
