// The overcapacity figure's later-chapter rules, as the reader meets them in the rendered figure:
// the settings name the family of each mix of rule and gate (a gate on the additive rule is RetNet's,
// GLA's and Mamba-2's kind, not Gated DeltaNet's), and the sentence under the chart says that the
// wrong picks under the delta rule or a gate are an average over every age, pointing to recall by
// age. Run `npm run build` first; this file only reads dist/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, serve, openPage } from './harness.mjs';

let browser;
let server;

before(async () => {
  browser = await launch();
  server = await serve();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** embed.html with the overcapacity figure at `query` (already encoded), its sweep complete. */
async function openFigure(query) {
  const opened = await openPage(browser, new URL(`embed.html?demo=overcapacity${query}`, server.url).href);
  await opened.page.locator('.linattn-mount[data-status="ready"]').waitFor({ timeout: 60000 });
  // every trial of the sweep in (the first numbers come from fewer trials)
  await opened.page.waitForSelector('[data-sweep="complete"]', { timeout: 60000, state: 'attached' });
  return opened;
}

test('the settings name the lineage of the additive rule with a gate, the delta rule and the delta rule with a gate', async () => {
  const { page, problems } = await openFigure('&settings=true');
  const items = await page.$$eval('.la-overcapacity [data-part="lineage"] li', (li) =>
    li.map((x) => [x.dataset.rule, x.textContent, [...x.querySelectorAll('a')].map((a) => a.getAttribute('href'))]),
  );
  assert.deepEqual(
    items.map(([rule]) => rule),
    ['add+gate', 'delta', 'delta+gate'],
  );
  const [gate, delta, both] = items;
  assert.match(gate[1], /^additive rule with a forget gate: the decay of RetNet[\s\S]*GLA and Mamba-2/);
  assert.doesNotMatch(gate[1], /DeltaNet/);
  assert.deepEqual(gate[2], ['#ref-sun2023', '#ref-yang2024gla', '#ref-dao2024']);
  assert.match(delta[1], /^delta rule: DeltaNet/);
  assert.match(both[1], /^delta rule with a forget gate: Gated DeltaNet, whose gate depends on the input/);
  assert.deepEqual(both[2], ['#ref-yang2025gated']);
  assert.doesNotMatch(await page.textContent('.la-overcapacity [data-part="later"]'), /forget gate \(Gated DeltaNet\)/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('under the delta rule the sentence counts wrong picks over every age and points to recall by age', async () => {
  const { page, problems } = await openFigure('&rule=delta');
  assert.match(
    await page.textContent('.la-overcapacity [data-field="sentence"]'),
    /; 29\.2% would pick the wrong stored value over all ages: the delta rule overwrites old associations to keep recent ones exact \(see recall by age\)\.$/,
  );
  assert.deepEqual(problems, []);
  await page.close();
  const plain = await openFigure('');
  assert.match(
    await plain.page.textContent('.la-overcapacity [data-field="sentence"]'),
    /; 0\.3% would pick the wrong stored value\.$/,
  );
  await plain.page.close();
});
