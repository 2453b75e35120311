// Measures each built embed the way a host page sees it: embed.html?demo=<name> in an iframe
// `width` CSS pixels wide, served over http from dist/, in headless Chromium (playwright-core and
// the system's Chromium: CHROMIUM_PATH, default /usr/bin/chromium). The height is the last one
// the embed reports (the AMP message of web/src/hosts/embed/resize.js) once it has not changed for a
// while after the demo is ready and has finished streaming (data-sweep and data-capacity complete). Used by oembed.mjs; throws when no browser can start.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../scripts/serve.mjs';

const STREAMING = '[data-sweep]:not([data-sweep="complete"]), [data-capacity]:not([data-capacity="complete"])';
const QUIET_MS = 1500; // the height counts once it has stayed the same this long
const TIMEOUT_MS = 120000;

export async function measureEmbeds({ distDir, demos, width }) {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) throw new Error(`no Chromium at ${executablePath} (set CHROMIUM_PATH)`);
  const { chromium } = await import('playwright-core');
  const server = await startServer(distDir, { port: 0 });
  const profile = await mkdtemp(join(tmpdir(), 'la-measure-'));
  let context;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
      viewport: { width: width + 40, height: 900 },
    });
    const page = context.pages()[0] ?? (await context.newPage());
    const heights = {};
    for (const demo of demos) {
      // A blank host page (about:blank) that sizes the iframe from the embed's messages.
      await page.setContent(
        `<!doctype html><body style="margin:0"><iframe id="f" style="border:0;width:${width}px;height:150px" ` +
          `src="${server.url}embed.html?demo=${demo}"></iframe><script>window.last={h:0,t:0};` +
          `addEventListener('message',(e)=>{if(e.data&&e.data.sentinel==='amp'&&e.data.type==='embed-size'){` +
          `window.last={h:e.data.height,t:performance.now()};document.getElementById('f').style.height=e.data.height+'px';}});</script>`,
      );
      const frame = page.frameLocator('#f');
      await frame.locator('.linattn-mount[data-status]').waitFor({ timeout: TIMEOUT_MS });
      // A demo that streams its results (the overcapacity sweep and its capacity panel, each with a
      // progress line while it runs) has its final height once both are done.
      await frame.locator(STREAMING).first().waitFor({ state: 'detached', timeout: TIMEOUT_MS });
      await page.waitForFunction(
        (quiet) =>
          /** @type {any} */ (window).last.h > 0 && performance.now() - /** @type {any} */ (window).last.t > quiet,
        QUIET_MS,
        {
          timeout: TIMEOUT_MS,
          polling: 250,
        },
      );
      heights[demo] = await page.evaluate(() => /** @type {any} */ (window).last.h);
    }
    return heights;
  } finally {
    await context?.close().catch(() => {});
    await server.close();
    await rm(profile, { recursive: true, force: true });
  }
}
