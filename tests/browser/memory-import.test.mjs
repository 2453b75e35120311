// Browser tests of the memory figure's import, custom models and edge cases, against
// the built page (npm run build:wasm && npm run build:web first). Expected byte counts are worked by
// hand from the config texts kept in tests/api/fixtures/configs (their sources: SOURCES.md):
//   full attention: 2 (K and V) x kv_heads x head_dim x layers x 2 bytes (bf16) per token
// MEMORY_TEST_DIR=<dir> runs them against another build.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { DIST, launch, serve, openPage, waitUntil } from './harness.mjs';

const DIR = process.env.MEMORY_TEST_DIR || DIST;
const fixture = (name) => readFileSync(new URL(`../api/fixtures/configs/${name}`, import.meta.url), 'utf8');

let browser;
let server;
let base;

before(async () => {
  server = await serve(DIR);
  browser = await launch();
  base = server.url.endsWith('/') ? server.url : `${server.url}/`;
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/** A fresh embed.html page of the memory figure (query: extra settings). */
async function open(query = '', options = {}) {
  const opened = await openPage(browser, `${base}embed.html?demo=memory${query}`, options);
  const demo = opened.page.locator('.la-memory');
  // the numbers are drawn, folded under "Numbers"
  await demo.locator('.lm-figures dd').first().waitFor({ state: 'attached', timeout: 20000 });
  return { ...opened, demo };
}

async function figureBytes(demo, key) {
  return demo.locator(`.lm-figures [data-figure="${key}"]`).getAttribute('data-bytes');
}
async function figureValue(demo, key) {
  return demo.locator(`.lm-figures [data-figure="${key}"]`).getAttribute('data-value');
}

async function paste(demo, text) {
  // Opened with a click, as a reader does. A clean-clone CI run once saw the disclosure still closed
  // after the click (the textarea never became visible): the state is checked, and the click tried
  // again, at most three times, so that a failure says so instead of a 30 s fill timeout.
  // The import lives under "About the model", folded until the reader opens it.
  const about = demo.locator('details.lm-about');
  if (!(await about.evaluate((d) => d.open))) await about.locator(':scope > summary').click();
  const details = demo.locator('.lm-import');
  for (let i = 0; i < 3 && !(await details.evaluate((d) => d.open)); i++) {
    await demo.locator('.lm-import summary').click();
    await details.evaluate((d) => d.open || new Promise((resolve) => setTimeout(resolve, 500)));
  }
  assert.ok(await details.evaluate((d) => d.open), 'the import disclosure opened on a click');
  await demo.locator('textarea[id$="-config"]').fill(text);
  await demo.locator('.lm-import button', { hasText: 'Show this model' }).click();
}

test('paste a config.json (Qwen3-8B) → the figure shows its numbers, offline', async () => {
  const { page, demo, problems } = await open();
  const requests = [];
  page.on('request', (r) => requests.push({ url: new URL(r.url()), method: r.method(), body: r.postData() }));
  await paste(demo, fixture('qwen3-8b.json'));
  // Qwen3-8B: 36 layers x 2 x 8 KV heads x head_dim 128 x 2 bytes = 147,456 bytes per token.
  assert.equal(await figureBytes(demo, 'kvPerToken'), '147456');
  assert.equal(await figureValue(demo, 'maxContext'), '40960', 'max_position_embeddings');
  assert.equal(await demo.locator('select[id$="-preset"]').inputValue(), 'custom');
  assert.match(await demo.locator('.lm-import-status').textContent(), /^Showing /);
  assert.equal(await demo.locator('[id$="-config-error"]').textContent(), '');
  // the editor holds the imported model: one attention group of 36 layers with 32 query heads
  assert.equal(await demo.locator('input[id$="-g0-count"]').inputValue(), '36');
  assert.equal(await demo.locator('input[id$="-g0-queryHeads"]').inputValue(), '32');
  // like a custom model, it goes into the link (embed.html's query) and the Embed code
  await page.waitForFunction(() => new URL(location.href).searchParams.has('custom'), null, { timeout: 5000 });
  const custom = JSON.parse(new URL(page.url()).searchParams.get('custom'));
  assert.equal(custom.layers[0].count, 36);
  assert.equal(custom.maxContext, 40960);
  // Nothing is sent: the only requests are for the page's own code (the config reader, which comes
  // when the box opens), plain GETs of its assets.
  const origin = new URL(page.url()).origin;
  const sent = requests.filter(
    (r) => r.url.origin !== origin || r.method !== 'GET' || r.body || !/^\/assets\/[\w-]+\.js$/.test(r.url.pathname),
  );
  assert.deepEqual(sent, [], 'importing sends nothing anywhere');
  assert.deepEqual(problems, []);
  await page.close();
});

test('drop a config.json file (gpt-oss-20b) → the same: its numbers, its windows capped', async () => {
  const { page, demo, problems } = await open();
  const text = fixture('gpt-oss-20b.json');
  await demo.locator('.lm-import').evaluate((el, t) => {
    const dt = new DataTransfer();
    dt.items.add(new File([t], 'config.json', { type: 'application/json' }));
    el.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }));
    el.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, text);
  await page.waitForFunction(() => document.querySelector('select[id$="-preset"]').value === 'custom');
  // gpt-oss-20b: 24 layers x 2 x 8 KV heads x 64 x 2 bytes = 49,152 bytes per token while short;
  // the 12 sliding layers stop at 128 tokens: 12 x 2 x 8 x 64 x 2 x 128 = 3,145,728 bytes.
  assert.equal(await figureBytes(demo, 'kvPerToken'), '49152');
  assert.equal(await figureBytes(demo, 'capped'), '3145728', 'at the default 8,192 tokens');
  assert.equal(await figureValue(demo, 'cappedFull'), '128');
  assert.equal(await demo.locator('textarea[id$="-config"]').inputValue(), text, 'the dropped text is shown');
  assert.deepEqual(problems, []);
  await page.close();
});

/** Drops `file` ({ text } or { bytes }) on the element `selector` finds in the figure, as a browser
 *  does: dragover, then drop, bubbling. Returns whether the page kept the drop (default prevented). */
async function dropOn(demo, selector, { text, bytes, name = 'config.json' }) {
  return demo
    .locator(selector)
    .first()
    .evaluate(
      (el, f) => {
        const dt = new DataTransfer();
        const body = f.bytes ? new Uint8Array(f.bytes) : f.text;
        dt.items.add(new File([body], f.name, { type: f.bytes ? 'application/octet-stream' : 'application/json' }));
        const over = new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true });
        el.dispatchEvent(over);
        const drop = new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true });
        el.dispatchEvent(drop);
        return over.defaultPrevented && drop.defaultPrevented;
      },
      { text, bytes, name },
    );
}

test('a config.json dropped on the chart or on the bars is imported; the page stays where it is', async () => {
  const { page, demo, problems } = await open();
  // The link may take the new model as settings; the page itself must stay (same document, no file:).
  const page0 = new URL(page.url()).pathname;
  // Qwen3-30B-A3B (qwen3_moe): 48 layers x 2 x 4 KV heads x 128 x 2 bytes = 98,304 bytes per token.
  assert.ok(await dropOn(demo, '.lm-picture svg', { text: fixture('qwen3-30b-a3b.json') }), 'the drop is kept');
  await page.waitForFunction(() => document.querySelector('select[id$="-preset"]').value === 'custom');
  assert.equal(await figureBytes(demo, 'kvPerToken'), '98304');
  // Mixtral-8x7B on the bars: 32 x 2 x 8 x 128 x 2 = 131,072.
  assert.ok(await dropOn(demo, '.lm-bars', { text: fixture('mixtral-8x7b-v0.1.json') }));
  await waitUntil(async () => (await figureBytes(demo, 'kvPerToken')) === '131072');
  // Beside the figure: ignored, but not opened by the browser either.
  const kept = await page.evaluate(() => {
    const dt = new DataTransfer();
    dt.items.add(new File(['{}'], 'config.json', { type: 'application/json' }));
    const drop = new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true });
    document.body.dispatchEvent(drop);
    return drop.defaultPrevented;
  });
  assert.ok(kept, 'a file dropped beside the figure does not replace the page');
  assert.equal(new URL(page.url()).pathname, page0);
  assert.equal(await page.locator('.la-memory').count(), 1, 'the figure is still on the page');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a binary file dropped (a GGUF header) is refused before it reaches the text box', async () => {
  const { page, demo, problems } = await open('&preset=deepseek-v3');
  const before = await figureBytes(demo, 'kvPerToken');
  // "GGUF", version 3, then zero bytes: what a .gguf file starts with.
  const bytes = [0x47, 0x47, 0x55, 0x46, 3, 0, 0, 0, ...Array(64).fill(0)];
  await dropOn(demo, '.lm-picture svg', { bytes, name: 'model.gguf' });
  const error = demo.locator('[id$="-config-error"]');
  await waitUntil(async () => ((await error.textContent()) ?? '').length > 0);
  const message = await error.textContent();
  assert.match(message, /^model\.gguf is not a text file .*\. The previous model stays\.$/, message);
  assert.equal(await demo.locator('textarea[id$="-config"]').inputValue(), '', 'the text box stays empty');
  assert.equal(await figureBytes(demo, 'kvPerToken'), before);
  assert.deepEqual(problems, []);
  await page.close();
});

test('messages end a sentence before "The previous model stays."; notes are shown once', async () => {
  const { page, demo, problems } = await open();
  await paste(demo, JSON.stringify({ model_type: 'llama', num_hidden_layers: 0 }));
  const message = await demo.locator('[id$="-config-error"]').textContent();
  assert.match(message, /\(got 0\)\. The previous model stays\.$/, message);
  // Qwen2.5: head_dim is worked out for the layers and for the parameters, noted once.
  await paste(demo, fixture('qwen2.5-0.5b-instruct-gensyn-swarm.json'));
  const status = await demo.locator('[id$="-config-status"]').textContent();
  assert.equal(status.split('head_dim absent').length - 1, 1, status);
  assert.deepEqual(problems, []);
  await page.close();
});

test('an unsupported config → a clear message naming it, and the previous model stays', async () => {
  const { page, demo, problems } = await open('&preset=deepseek-v3');
  const before = await figureBytes(demo, 'kvPerToken');
  await paste(demo, JSON.stringify({ model_type: 'gpt2', n_layer: 12 }));
  const message = await demo.locator('[id$="-config-error"]').textContent();
  assert.match(message, /gpt2/, message);
  assert.match(message, /previous model stays/);
  assert.equal(await demo.locator('textarea[id$="-config"]').getAttribute('aria-invalid'), 'true');
  assert.equal(await demo.locator('select[id$="-preset"]').inputValue(), 'deepseek-v3');
  assert.equal(await figureBytes(demo, 'kvPerToken'), before);
  await paste(demo, '{ not json');
  assert.match(await demo.locator('[id$="-config-error"]').textContent(), /JSON/);
  assert.equal(await figureBytes(demo, 'kvPerToken'), before);
  // a good config afterwards clears the message
  await demo.locator('textarea[id$="-config"]').fill(fixture('qwen3-8b.json'));
  await demo.locator('.lm-import button').click();
  assert.equal(await demo.locator('[id$="-config-error"]').textContent(), '');
  assert.deepEqual(problems, []);
  await page.close();
});

test('three memory terms on one axis, each labelled with its bytes; conv state its own figure', async () => {
  // gpt-oss-120b at 100,000 tokens: 18 full layers x 2 x 8 x 64 x 2 = 36,864 B/token -> 3,686,400,000;
  // 18 windowed layers capped at 128 tokens: 36,864 x 128 = 4,718,592; no fixed state.
  const { page, demo } = await open('&preset=gpt-oss-120b&tokens=100000');
  const bar = async (term) =>
    demo.locator(`.lm-bar-row[data-term="${term}"]`).evaluate((row) => ({
      label: row.querySelector('.lm-bar-label').textContent,
      bytes: row.querySelector('.lm-bar-value').getAttribute('data-bytes'),
      text: row.querySelector('.lm-bar-bytes').textContent,
    }));
  assert.deepEqual(await bar('growing'), {
    label: 'Grows with context (full attention, MLA)',
    bytes: '3686400000',
    text: '3.43 GiB',
  });
  assert.deepEqual(await bar('capped'), {
    label: 'Grows up to a cap (windows, chunks)',
    bytes: '4718592',
    text: '4.5 MiB',
  });
  assert.equal((await bar('fixed')).bytes, '0');
  // Qwen3-Next: 36 Gated DeltaNet layers, convolution (4 - 1) x 8,192 channels x 36 x 4 bytes (fp32)
  // = 3,538,944 bytes, inside the fixed term and named on its bar.
  await demo.locator('select[id$="-preset"]').selectOption('qwen3-next-80b-a3b');
  assert.equal(await figureBytes(demo, 'conv'), '3538944');
  assert.match(
    (await demo.locator('.lm-bar-row[data-term="fixed"] .lm-bar-note').textContent()) ?? '',
    /3\.38 MiB convolution state/,
  );
  await page.close();
});

test('state dtype separate from KV dtype, fp32 by default with the reason; the default context is within 8K', async () => {
  const { page, demo } = await open();
  assert.equal(await demo.locator('select[id$="-statedtype"]').inputValue(), 'fp32');
  assert.equal(await demo.locator('select[id$="-kvdtype"]').inputValue(), 'bf16');
  assert.match(await demo.locator('.lm-dtype-why').textContent(), /fp32/);
  assert.equal(await demo.locator('input[id$="-tokens"]').inputValue(), '8,192');
  assert.equal(await figureValue(demo, 'maxContext'), '8192');
  assert.equal(await demo.locator('.lm-beyond-now').count(), 0, 'the default is an ordinary reading');
  assert.match(await demo.locator('.lm-twin-rule').textContent(), /query head/);
  await page.close();
});

test('a context past the configured position limit is shaded and named, never an ordinary reading', async () => {
  const { page, demo } = await open('&tokens=131072');
  assert.equal(await demo.locator('.lm-bars.lm-beyond-now').count(), 1);
  assert.match(
    await demo.locator('.lm-bars-title').textContent(),
    /beyond this model’s configured position limit \(8,192 tokens\)/,
  );
  assert.equal(await demo.locator('.lm-chart svg .lm-beyond').count(), 1, 'the chart shades past 8K');
  assert.match(await demo.locator('svg .lm-beyond-label').textContent(), /beyond 8.2K: past the configured limit/);
  assert.match(await demo.locator('.lm-figures').textContent(), /beyond the configured position limit/);
  assert.match(await demo.locator('.lm-legend').textContent(), /beyond this model’s configured position limit/);
  assert.doesNotMatch(await demo.textContent(), /trained for/);
  await page.close();
});

test('a sliding-window model’s line is labelled a plateau past the window, and its trained context is shown with its source', async () => {
  const { page, demo } = await open('&preset=mistral-7b-v0.1&tokens=65536');
  assert.equal(await demo.locator('svg .lm-kv-label').textContent(), 'KV cache: plateau past the window');
  assert.match(
    await demo.locator('.lm-legend').textContent(),
    /grows until the window is full, then a plateau past the window/,
  );
  assert.match(
    await demo.locator('.lm-max-context').textContent(),
    /Configured position limit: 32,768 tokens, the positions the config allows, not necessarily the length the model was trained at/,
  );
  assert.match(
    await demo.locator('.lm-trained-context').textContent(),
    /Trained context: 8,192 tokens \(Mistral 7B paper, arXiv 2310\.06825/,
  );
  assert.equal(await figureValue(demo, 'trainedContext'), '8192');
  await page.close();
});

test('tensor parallelism: N GPUs split the weights; sessions and longest context recomputed', async () => {
  // Llama-3.1-70B: 70.6e9 parameters x 2 bytes = 141.2e9 bytes: on one 80 GB GPU nothing fits.
  const { page, demo } = await open('&preset=llama-3.1-70b');
  assert.equal(await figureValue(demo, 'sessionsFit'), '0');
  await demo.locator('details.lm-settings > summary').click(); // the GPU budget lives in Settings
  await demo.locator('select[id$="-tp"]').selectOption('2');
  // two GPUs: 70.6e9 bytes of weights each, 9.4e9 left; 80 layers x 2 x 8 KV heads / 2 x 128 x 2
  // = 163,840 bytes per token on each GPU; at 8,192 tokens 1,342,177,280 bytes: 7 sessions fit.
  assert.equal(await figureBytes(demo, 'weights'), '70600000000');
  assert.equal(await figureValue(demo, 'sessionsFit'), '7');
  assert.match(await demo.locator('.lm-figures').textContent(), /2 GPUs of 80 GB/);
  await page.waitForFunction(() => new URL(location.href).searchParams.get('tp') === '2', null, { timeout: 5000 });
  await page.close();
});

test('tokens outside 1,000..10,000,000: clamped with a notice from a link, refused by the field', async () => {
  const { page, demo, problems } = await open('&tokens=10000000000');
  assert.equal(await demo.locator('input[id$="-tokens"]').inputValue(), '10,000,000');
  assert.match(await demo.locator('.lm-notice').textContent(), /clamped to 10,000,000/);
  assert.doesNotMatch(await demo.locator('.lm-legend').textContent(), /10B/);
  // The field never clamps: it names the range and keeps the last good value.
  const field = demo.locator('input[id$="-tokens"]');
  for (const typed of ['0', '-0', '1e21', '123456789012345678901']) {
    await field.fill(typed);
    await field.dispatchEvent('change');
    assert.equal(await field.inputValue(), typed, 'the reader keeps their text to fix');
    assert.equal(
      (await demo.locator('[id$="-tokens-error"]').textContent()).trim(),
      `Context: \u201c${typed}\u201d is outside the range; use a whole number from 1,000 to 10,000,000 tokens. Kept 10,000,000.`,
      typed,
    );
  }
  assert.notEqual(await figureValue(demo, 'sessionsFit'), '1000000');
  assert.deepEqual(problems, []);
  await page.close();
});

test('custom editor: "Add layer group" disables at the core’s 64, counts agree; long text echoed short', async () => {
  const { page, demo } = await open();
  await demo.locator('select[id$="-preset"]').selectOption('custom');
  const add = demo.locator('.lm-editor button', { hasText: 'Add layer group' });
  await add.click(); // one real click, then the button's own click in the page, a frame apart,
  // until it disables (or 100 more: a cap that never came would fail on the count)
  const clicks = await add.evaluate(async (button) => {
    let n = 1;
    for (; n < 100 && !button.disabled; n++) {
      button.click();
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    }
    return n;
  });
  assert.equal(clicks, 63, 'the 63rd click brings the 64th group and disables the button');
  assert.equal(await demo.locator('.lm-group').count(), 64);
  assert.equal(await add.isDisabled(), true);
  assert.equal(await demo.locator('.lm-layers li').count(), 64, 'the figure shows the same 64 groups');
  assert.equal(await demo.locator('[id$="-editor-error"]').textContent(), '');
  // a real error still reads as itself at 64 groups
  const heads = demo.locator('input[id$="-g63-kvHeads"]');
  await heads.fill('0');
  await heads.dispatchEvent('change');
  assert.match(await demo.locator('[id$="-editor-error"]').textContent(), /Layer group 64, KV heads/);
  // 10,000 digits pasted into any field come back shortened
  const digits = '9'.repeat(10000);
  await demo.locator('details.lm-settings > summary').click(); // sessions and the GPU budget live there
  for (const input of ['gpucustom', 'tokens', 'sessions', 'g0-count', 'params']) {
    const el = demo.locator(`input[id$="-${input}"]`);
    if (input === 'gpucustom') await demo.locator('input[id$="-gpu-custom"]').check();
    await el.fill(`${digits}x`);
    await el.dispatchEvent('change');
    const id = await el.getAttribute('aria-describedby');
    const message = await page.locator(`[id="${id}"]`).textContent();
    assert.ok(message.length > 0 && message.length < 200, `${input}: ${message.length} characters`);
  }
  await page.close();
});

test('forced colours: the three bars stay distinguishable (system colours and patterns)', async () => {
  const { page, demo } = await open('&preset=gpt-oss-120b&tokens=100000', { forcedColors: 'active' });
  await page.emulateMedia({ forcedColors: 'active' });
  const looks = await demo.locator('.lm-bar-row .lm-bar').evaluateAll((bars) =>
    bars.slice(0, 3).map((b) => {
      const cs = getComputedStyle(b);
      return `${cs.backgroundColor}|${cs.backgroundImage}|${cs.borderTopStyle}|${cs.borderTopColor}`;
    }),
  );
  assert.equal(looks.length, 3);
  assert.equal(new Set(looks).size, 3, looks.join('\n'));
  for (const look of looks) assert.doesNotMatch(look, /^rgba\(0, 0, 0, 0\)\|none/, 'not an empty box');
  await page.close();
});

test('the context marker on the chart is a control: mouse, touch and keyboard, named like the slider', async () => {
  const { page, demo, problems } = await open();
  const name = 'Context length (1K to 10M tokens, log scale)';
  assert.equal(await demo.getByRole('slider', { name, exact: true }).count(), 2, 'the slider and the chart handle');
  const handle = demo.locator('.lm-chart [role="slider"]');
  const tokens = demo.locator('input[id$="-tokens"]');
  // keyboard
  await handle.focus();
  await page.keyboard.press('End');
  assert.equal(await tokens.inputValue(), '10,000,000');
  await page.keyboard.press('Home');
  assert.equal(await tokens.inputValue(), '1,000');
  await page.keyboard.press('PageUp');
  assert.equal(await tokens.inputValue(), '1,260', '10 of 400 log steps: 10^3.1 = 1,259 -> 1,260');
  assert.equal(await handle.getAttribute('aria-valuetext'), '1,260 tokens (1.3K)');
  // the plot's middle is 10^5 tokens: position 200 of 400
  const geometry = async () =>
    demo.locator('.lm-chart').evaluate((box) => {
      const r = box.getBoundingClientRect();
      const width = Number(box.querySelector('svg').getAttribute('viewBox').split(' ')[2]);
      const scale = r.width / width;
      return { x: r.left + (70 + 0.5 * (width - 84)) * scale, y: r.top + 100 };
    });
  const hb = await handle.boundingBox();
  await page.mouse.move(hb.x + hb.width / 2, hb.y + 20);
  await page.mouse.down();
  const mid = await geometry();
  await page.mouse.move(mid.x, mid.y, { steps: 5 });
  await page.mouse.up();
  assert.equal(await tokens.inputValue(), '100,000', 'mouse drag to the middle');
  // touch (pointer events of type touch): back to the left end
  await handle.evaluate((el) => {
    const r = el.closest('.lm-chart').getBoundingClientRect();
    const at = (x) => ({ pointerId: 7, pointerType: 'touch', clientX: x, clientY: r.top + 50, bubbles: true });
    const h0 = el.getBoundingClientRect();
    el.dispatchEvent(new PointerEvent('pointerdown', { ...at(h0.left + 12), button: 0 }));
    el.dispatchEvent(new PointerEvent('pointermove', at(r.left + 5)));
    el.dispatchEvent(new PointerEvent('pointerup', at(r.left + 5)));
  });
  assert.equal(await tokens.inputValue(), '1,000', 'touch drag to the left end');
  assert.deepEqual(problems, []);
  await page.close();
});

test('once the figure shows its numbers, nothing in it moves: the summary comes with them (a click lands where it was aimed)', async () => {
  // A clean-clone CI run clicked "Settings" just as the summary's first words arrived (350 ms after
  // the figures) and pushed everything below it down a line: the click hit the figure's padding.
  const { page, demo, problems } = await open();
  const top = () =>
    demo.locator('details.lm-settings summary').evaluate((el) => el.getBoundingClientRect().top + scrollY);
  assert.match(await demo.locator('.lm-summary').textContent(), /tokens/, 'the summary is there with the figures');
  const before = await top();
  await page.waitForTimeout(900);
  assert.equal(await top(), before, 'the Settings disclosure stays where it was drawn');
  assert.deepEqual(problems, []);
  await page.close();
});

test('sessions, precision, the GPU budget, units and the memory axis are secondary settings, under a "Settings" disclosure', async () => {
  const { page, demo } = await open();
  const settings = demo.locator('details.lm-settings');
  assert.equal(await settings.evaluate((d) => d.open), false, 'secondary settings start folded');
  assert.equal(await settings.locator('summary').textContent(), 'Settings');
  for (const part of [
    'sessions',
    'kvdtype',
    'statedtype',
    'gpucustom',
    'weightdtype',
    'tp',
    'unit-decimal',
    'scale-log',
  ])
    assert.equal(await settings.locator(`[id$="-${part}"]`).count(), 1, `${part} is inside Settings`);
  await settings.locator('summary').click();
  await demo.locator('input[id$="-unit-decimal"]').check();
  assert.match(await demo.locator('.lm-figures [data-figure="kvPerToken"] .lm-value').textContent(), /kB/);
  await page.close();
});

test('a notice cleared by the next change is hidden, never left as an empty box', async () => {
  // The link's notice (a clamped context) is cleared once the reader picks another model; the
  // notice area used to stay on screen then, an empty box with its red bar.
  const { page, demo, problems } = await open('&tokens=10000000000');
  const notice = demo.locator('.lm-notice');
  assert.match(await notice.textContent(), /clamped to 10,000,000/);
  assert.equal(await notice.isVisible(), true);
  await demo.locator('select[id$="-preset"]').selectOption('llama-3.1-70b');
  await waitUntil(async () => (await notice.textContent()) === '', { message: 'the notice is cleared' });
  assert.equal(await notice.isVisible(), false, 'an empty notice is hidden');
  assert.deepEqual(problems, []);
  await page.close();
});

test('weights never counted as nothing: unknown weights ask for the count; weights too big say so', async () => {
  const { page, demo, problems } = await open();
  // Nemotron-H 8B as transcribed (the corpus's copy lacks fields its weight count needs): the
  // cache and the state are known, the weights are not. (Nemotron 3 Super served here until its
  // latent experts were counted.)
  await paste(demo, fixture('nemotron-h-8b-base-8k.transcribed.json'));
  assert.equal(await figureValue(demo, 'sessionsFit'), 'unknown');
  assert.equal(await figureValue(demo, 'weights'), 'unknown');
  assert.match(await demo.locator('.lm-figures').textContent(), /not known: enter the parameter count/);
  // The spoken summary is written a moment after the numbers (render-summary.js).
  const summary = () => demo.locator('.lm-summary').textContent();
  await waitUntil(async () => /needs the model’s parameter count/.test(await summary()), { message: 'summary' });
  assert.equal(await figureBytes(demo, 'stateTotal'), '103612416'); // (50,331,648 + 1,474,560) x 2: fp32 state
  // The reader gives 3 billion parameters: 6 GB of weights, and the sessions that fit follow.
  const params = demo.locator('input[id$="-params"]');
  await params.fill('3');
  await params.dispatchEvent('change');
  await waitUntil(async () => (await figureValue(demo, 'sessionsFit')) !== 'unknown');
  assert.equal(await figureBytes(demo, 'weights'), '6000000000');
  // Mixtral-8x7B: 46.7e9 parameters x 2 bytes do not fit in 80 GB, and the figure says so plainly.
  await paste(demo, fixture('mixtral-8x7b-v0.1.json'));
  assert.equal(await figureValue(demo, 'sessionsFit'), '0');
  assert.match(await demo.locator('.lm-figures').textContent(), /none: the weights alone need 86\.99 GiB of 80 GB/);
  await waitUntil(
    async () => /Nothing fits on the 80 GB .*GPU: the weights alone need 86\.99 GiB of 80 GB\./.test(await summary()),
    {
      message: 'summary',
    },
  );
  assert.deepEqual(problems, []);
  await page.close();
});

test('a config that describes no decoder (BERT) is refused saying why, and the previous model stays', async () => {
  const { page, demo } = await open('&preset=llama-3-8b');
  const before = await figureBytes(demo, 'kvPerToken');
  await paste(demo, `\uFEFF${JSON.stringify({ model_type: 'bert', hidden_size: 768, num_hidden_layers: 12 })}`);
  assert.match(await demo.locator('[id$="-config-error"]').textContent(), /'bert' is an encoder/);
  assert.equal(await figureBytes(demo, 'kvPerToken'), before);
  await page.close();
});

test('a chunked model at 10,000 tokens shows the chunk in progress, not a full chunk', async () => {
  // Llama-4-Scout: 36 chunked layers x 4,096 B per token x (10,000 - 8,192 = 1,808) = 266,600,448 B.
  const { page, demo } = await open('&preset=llama-4-scout&tokens=10000');
  assert.equal(await figureBytes(demo, 'capped'), '266600448');
  await page.close();
});

test('a chunked model’s line is drawn as the saw tooth: it drops at the 8,192-token boundary', async () => {
  const { page, demo } = await open('&preset=llama-4-scout&tokens=10000');
  const d = await demo.locator('.lm-chart svg .lm-kv-line').getAttribute('d');
  const pts = d
    .slice(1)
    .split(' L')
    .map((p) => p.split(',').map(Number));
  // x runs over the log context axis from 1K (the first point) to 10M (the last).
  const [x0, x1] = [pts[0][0], pts.at(-1)[0]];
  const xAt = (t) => x0 + ((Math.log10(t) - 3) / 4) * (x1 - x0);
  const i = pts.findIndex((p) => Math.abs(p[0] - xAt(8192)) < 0.15);
  assert.ok(i > 0, `a point at 8,192 tokens in ${d.slice(0, 200)}`);
  // The next point (8,193 tokens, at the same x to a tenth of a unit) is lower: SVG's y grows downwards.
  assert.ok(Math.abs(pts[i + 1][0] - pts[i][0]) < 0.1);
  assert.ok(pts[i + 1][1] > pts[i][1] + 5, `${pts[i]} then ${pts[i + 1]}`);
  // Drops all along the axis, not only at the first boundary (past a million tokens the global
  // layers' growth dwarfs a chunk, and a tooth is under a pixel tall on the log memory axis).
  const drops = pts.filter((p, k) => k > 0 && p[1] > pts[k - 1][1]).length;
  assert.ok(drops > 60, `${drops} drops`);
  assert.equal(await demo.locator('svg .lm-kv-label').textContent(), 'KV cache: grows, with a saw tooth');
  assert.match(await demo.locator('.lm-legend').textContent(), /saw tooth: the chunk in progress/);
  await page.close();
});
