// The page's one numeric field in the memory figure, as a reader meets it: a number outside the
// context's range is refused with the range named (never clamped), the last good value is kept,
// a good number is shown back grouped, a GPU of 0 is refused, and a message moves no other
// control (their boxes are the same before and after it).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, openSettings, serve } from './harness.mjs';

let browser;
let server;
let page;
let problems;
let demo;

before(async () => {
  server = await serve();
  browser = await launch();
  const base = server.url.endsWith('/') ? server.url : `${server.url}/`;
  ({ page, problems } = await openPage(browser, `${base}embed.html?demo=memory`, { width: 1280 }));
  await page.locator('.la-memory .lm-figures dd').first().waitFor({ state: 'attached', timeout: 20000 });
  demo = page.locator('.la-memory');
  await openSettings(page, '.la-memory');
});
after(async () => {
  await browser?.close();
  await server?.close();
});

const tokens = () => demo.locator('input[id$="-tokens"]');
const tokensMessage = async () => (await demo.locator('[id$="-tokens-error"]').textContent()).trim();
const kvTotal = () => demo.locator('.lm-figures [data-figure="kvTotal"]').getAttribute('data-bytes');

async function type(input, text) {
  await input.fill(String(text));
  await input.press('Enter');
  await page.waitForTimeout(50);
}

/** The boxes of every control of the figure but `except` (rounded to a tenth of a pixel). */
async function boxes(except) {
  return demo.evaluate((root, skip) => {
    const out = {};
    for (const el of root.querySelectorAll('input, select, button, summary, .lm-figures, svg')) {
      if (el.id && el.id === skip) continue;
      if (!el.checkVisibility()) continue; // folded in a closed disclosure (the numbers): not laid out
      const b = el.getBoundingClientRect();
      const r = { x: b.x + window.scrollX, y: b.y + window.scrollY, width: b.width, height: b.height };
      if (r.width === 0 && r.height === 0) continue;
      const key = `${el.tagName}#${el.id || el.className?.baseVal || el.className}:${Object.keys(out).length}`;
      out[key] = [r.x, r.y, r.width, r.height].map((v) => Math.round(v * 10) / 10).join(',');
    }
    return out;
  }, except);
}

test('tokens out of range are refused with the range named and the last good value kept, never clamped', async () => {
  await type(tokens(), '8192');
  assert.equal(await tokensMessage(), '');
  const good = await kvTotal();
  for (const bad of ['-5', '0', '999']) {
    await type(tokens(), bad);
    const msg = await tokensMessage();
    assert.equal(
      msg,
      `Context: “${bad}” is outside the range; use a whole number from 1,000 to 10,000,000 tokens. Kept 8,192.`,
      bad,
    );
    assert.doesNotMatch(msg, /clamp/);
    assert.equal(await tokens().getAttribute('aria-invalid'), 'true');
    assert.equal(await tokens().inputValue(), bad, 'the reader keeps their text to fix');
    assert.equal(await kvTotal(), good, `the figure keeps 8,192 tokens after "${bad}"`);
  }
  await type(tokens(), '1e-320');
  assert.equal(
    await tokensMessage(),
    'Context: “1e-320” is below 2.2 × 10⁻³⁰⁸, where a number loses digits; use 0 or a whole number from 1,000 to 10,000,000 tokens. Kept 8,192.',
  );
  assert.equal(await kvTotal(), good);
  assert.deepEqual(problems, []);
});

test('a good number in any written form is taken and shown back grouped', async () => {
  for (const [typed, shown] of [
    ['1000000', '1,000,000'],
    ['1 000 000', '1,000,000'],
    ['1e6', '1,000,000'],
    ['10k', '10,000'],
    ['1M', '1,000,000'],
    ['4,096', '4,096'],
  ]) {
    await type(tokens(), typed);
    assert.equal(await tokensMessage(), '', typed);
    assert.equal(await tokens().getAttribute('aria-invalid'), null, typed);
    assert.equal(await tokens().inputValue(), shown, typed);
  }
  // 4,096 tokens of Llama-3-8B's bf16 cache: 128 KiB a token
  assert.equal(await kvTotal(), String(131072n * 4096n));
});

test('a GPU of 0 is refused with a message; 80 GiB is taken to the byte', async () => {
  await demo.locator('input[id$="-gpu-custom"]').check();
  const gpu = demo.locator('input[id$="-gpucustom"]');
  const message = () => demo.locator('[id$="-gpu-error"]').textContent();
  await type(gpu, '48');
  assert.equal((await message()).trim(), '');
  for (const zero of ['0', '0 GB']) {
    await type(gpu, zero);
    assert.match(
      await message(),
      /^GPU budget: 0 holds nothing; use a number more than 0 and at most 999,999,999 GB\. Kept 48 GB\.$/,
    );
    assert.equal(await gpu.getAttribute('aria-invalid'), 'true');
    assert.doesNotMatch(await demo.textContent(), /\b0 B GPU/);
  }
  await type(gpu, '80 GiB');
  assert.equal((await message()).trim(), '');
  assert.equal(await gpu.inputValue(), '85.89934592');
  await type(gpu, '80GB');
  assert.equal(await gpu.inputValue(), '80');
  assert.deepEqual(problems, []);
});

for (const width of [1280, 390]) {
  test(`at ${width} px a field's message moves no other control`, async () => {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    await type(tokens(), '8192');
    const gpuField = demo.locator('input[id$="-gpucustom"]');
    await type(gpuField, '48');
    const tokensId = await tokens().getAttribute('id');
    const calm = await boxes(tokensId);
    await type(tokens(), '999');
    assert.ok((await tokensMessage()).length > 0);
    assert.deepEqual(await boxes(tokensId), calm, 'the tokens message moved a control');
    await type(tokens(), '8192');
    const gpuId = await gpuField.getAttribute('id');
    const calm2 = await boxes(gpuId);
    await type(gpuField, '0');
    assert.deepEqual(await boxes(gpuId), calm2, 'the GPU message moved a control');
    await type(gpuField, '48');
    assert.deepEqual(problems, []);
  });
}
