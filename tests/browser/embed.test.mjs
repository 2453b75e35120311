// Embedding and sharing, against the built dist/ (run `npm run build` first):
//   node --test tests/browser/embed.test.mjs
// A course page (fixtures/embed-host/) embeds the four demos as iframes of embed.html and as custom
// elements from linattn-elements.js; dist/ is served under a sub-path (/lib/linattn/) of the same
// origin. Also: permalinks (chapter hash, embed query), hostile settings, the standalone embeds from
// file://, axe in embed mode.
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  launch,
  serve,
  openPage,
  networkQuiet,
  openSettings,
  axe,
  describeViolations,
  DIST,
  ROOT,
} from './harness.mjs';
import { DEFAULTS as SPOT_DEFAULTS } from '../../web/src/demos/spotlight/state.js';

const DEMOS = ['ledger', 'overcapacity', 'memory', 'spotlight'];
const FRAMES = DEMOS.map((d) => `frame-${d}`);
// The course page's custom elements (fixtures/embed-host/index.html).
const ELEMENTS = ['ledger-a', 'ledger-b', 'oc', 'memory', 'spotlight'];
// Small settings for the overcapacity demo: the machine running the tests is shared and slow.
const LIGHT = { ledger: '', overcapacity: '&d=16&n=20&trials=2', memory: '', spotlight: '' };
// One reader action per demo, and what it changes: [settings key, value after the action].
const ACTIONS = {
  ledger: { run: (p, scope) => p.locator(`${scope} [data-part="fm-elu1"]`).check(), key: 'featureMap', value: 'elu1' },
  overcapacity: {
    // Key geometry lives in the figure's Settings disclosure: a reader opens it first.
    run: async (p, scope) => {
      await openSettings(p, scope);
      await p.locator(`${scope} [data-part="keys"]`).selectOption('orthogonal');
    },
    key: 'keys',
    value: 'orthogonal',
  },
  memory: {
    // Precision lives in the figure's Settings disclosure: a reader opens it first.
    run: async (p, scope) => {
      await openSettings(p, scope);
      await p.locator(`${scope} select[id$="-kvdtype"]`).selectOption('fp8');
    },
    key: 'kvDtype',
    value: 'fp8',
  },
  spotlight: {
    // The number format lives in the figure's Settings disclosure (details.spot-settings).
    run: async (p, scope) => {
      const details = p.locator(`${scope} details.spot-settings`).first();
      if (!(await details.evaluate((d) => d.open))) await details.locator('summary').click();
      await p.locator(`${scope} [data-part="dtype"]`).selectOption('fp8');
    },
    key: 'dtype',
    value: 'fp8',
  },
};
/** Scrolls a chapter demo into view until it has mounted (demos above it may grow meanwhile). */
async function mountInChapter(page, demo) {
  const scope = `.demo-mount[data-demo="${demo}"]`;
  for (let i = 0; i < 120; i++) {
    if (await page.locator(`${scope}[data-status="ready"]`).count()) return;
    await page.locator(scope).scrollIntoViewIfNeeded();
    await page
      .locator(`${scope}[data-status="ready"]`)
      .waitFor({ timeout: 500 })
      .catch(() => {}); // not yet: scroll to it again (demos above may have grown)
  }
  throw new Error(`${demo}: not mounted after 60 s`);
}
const READY = (scope) => `${scope} .linattn-mount[data-status="ready"], ${scope} .demo-mount[data-status="ready"]`;

let browser;
let server;
let siteRoot;
let base; // http://127.0.0.1:port/lib/linattn/  (dist/ under a sub-path)
let host; // { page, problems } of the course page
const allProblems = [];

before(async () => {
  // A site root with the course page at /host/ and dist/ at /lib/linattn/.
  siteRoot = await mkdtemp(join(tmpdir(), 'la-embed-site-'));
  await mkdir(join(siteRoot, 'lib'));
  await symlink(DIST, join(siteRoot, 'lib', 'linattn'), 'dir');
  await symlink(join(ROOT, 'tests', 'browser', 'fixtures', 'embed-host'), join(siteRoot, 'host'), 'dir');
  server = await serve(siteRoot);
  base = `${server.url}lib/linattn/`;
  browser = await launch();
  host = await openPage(browser, `${server.url}host/index.html`, { width: 1280, height: 900 });
  allProblems.push(host.problems);
  await Promise.all(
    ELEMENTS.map((id) =>
      host.page.waitForFunction((sel) => document.getElementById(sel)?.state != null, id, { timeout: 60000 }),
    ),
  );
});

// Every test answers for the pages it opened (and for the course page while it ran).
const reported = new Set();
afterEach(() => {
  const fresh = allProblems.flat().filter((p) => !reported.has(p));
  for (const p of fresh) reported.add(p);
  assert.deepEqual(fresh, [], `problems in the pages of this test:\n${fresh.join('\n')}`);
});

after(async () => {
  await browser?.close();
  await server?.close();
  if (siteRoot) await rm(siteRoot, { recursive: true, force: true });
});

/** Waits until every iframe has sent at least one height in both protocols; returns the records. */
async function heights(page, frames = FRAMES) {
  await page.waitForFunction(
    (ids) => ids.every((id) => window.heights[id]?.pym.length && window.heights[id]?.amp.length),
    frames,
    { timeout: 60000 },
  );
  return page.evaluate(() => JSON.parse(JSON.stringify(window.heights)));
}

/** Resolves once the frame's latest heights (both protocols) differ from `before` and agree. */
async function nextHeight(page, id, before) {
  await page.waitForFunction(
    ([i, b]) => {
      const h = window.heights[i];
      const pym = h.pym.at(-1);
      return pym !== b && h.amp.at(-1) === pym;
    },
    [id, before],
    { timeout: 30000 },
  );
  return page.evaluate((i) => window.heights[i].amp.at(-1), id);
}

test('iframes report their height on load in the Pym.js and AMP protocols, and the parent can size them without scrollbars', async () => {
  const { page } = host;
  await Promise.all(
    FRAMES.map((id) =>
      page.frameLocator(`#${id}`).locator('.linattn-mount[data-status="ready"]').waitFor({ timeout: 60000 }),
    ),
  );
  const h = await heights(page);
  for (const id of FRAMES) {
    const { pym, amp } = h[id];
    assert.ok(pym.at(-1) > 200, `${id}: a real height, got pym ${pym.join(',')}`);
    assert.equal(pym.at(-1), amp.at(-1), `${id}: both protocols give the same height (pym ${pym}, amp ${amp})`);
  }
  // Once the last messages have sized it, the iframe must show all of its content.
  for (const id of FRAMES) {
    const frame = await (await page.$(`#${id}`)).contentFrame();
    await frame
      .waitForFunction(() => document.documentElement.scrollHeight <= document.documentElement.clientHeight + 1, null, {
        timeout: 5000,
      })
      .catch(() => {}); // the assertion below reports the sizes
    const { scroll, client } = await frame.evaluate(() => ({
      scroll: document.documentElement.scrollHeight,
      client: document.documentElement.clientHeight,
    }));
    assert.ok(scroll <= client + 1, `${id}: content ${scroll}px taller than the sized iframe ${client}px`);
  }
});

test('iframe heights follow resizes: a narrower iframe grows taller, a wider one shrinks back, growing content is reported', async () => {
  const { page } = host;
  const id = 'frame-ledger';
  const wide = (await heights(page, [id]))[id].amp.at(-1);
  await page.evaluate((i) => {
    document.getElementById(i).style.width = '360px';
  }, id);
  const narrow = await nextHeight(page, id, wide);
  assert.ok(narrow > wide, `narrow iframe: expected taller than ${wide}px, got ${narrow}px`);
  await page.evaluate((i) => {
    document.getElementById(i).style.width = '900px';
  }, id);
  const back = await nextHeight(page, id, narrow);
  assert.ok(Math.abs(back - wide) <= 2, `wide again: expected ${wide}px, got ${back}px`);
  // Content that grows inside the embed is reported too: the ledger's own keys and values, opened
  // from its "Details" disclosure, and then one more association.
  const frame = page.frameLocator(`#${id}`);
  await frame.locator('[data-part="details"] > summary').click();
  const opened = await nextHeight(page, id, back);
  assert.ok(opened > back, `after opening Details: expected taller than ${back}px, got ${opened}px`);
  await frame.getByRole('button', { name: 'Add an association' }).click();
  const grown = await nextHeight(page, id, opened);
  assert.ok(grown > opened, `after adding an association: expected taller than ${opened}px, got ${grown}px`);
});

test('two custom elements of the same demo keep separate state', async () => {
  const { page } = host;
  const states = () =>
    page.evaluate(() => ({
      a: document.getElementById('ledger-a').state,
      b: document.getElementById('ledger-b').state,
    }));
  const first = await states();
  assert.equal(first.a.step, 3, 'ledger-a: the default page 3');
  assert.equal(first.b.step, 1, 'ledger-b: page 1 from its step="1" attribute');
  await page.evaluate(() => {
    window.events = [];
    for (const id of ['ledger-a', 'ledger-b'])
      document.getElementById(id).addEventListener('linattn-statechange', () => window.events.push(id));
  });
  await page.locator('#ledger-a [data-part="fm-elu1"]').check();
  const second = await states();
  assert.equal(second.a.featureMap, 'elu1', 'ledger-a changed by the reader');
  assert.equal(second.b.featureMap, 'identity', 'ledger-b untouched');
  assert.deepEqual(await page.evaluate(() => window.events), ['ledger-a'], 'only ledger-a reported a change');
  // An attribute set later applies to its own element only.
  await page.evaluate(() => document.getElementById('ledger-b').setAttribute('step', '2'));
  await page.waitForFunction(() => document.getElementById('ledger-b').state.step === 2);
  assert.equal((await states()).a.step, 3, 'ledger-a keeps its page');
  assert.equal(await page.locator('#ledger-b .linattn-caption').count(), 0, 'caption="none" hides the caption');
});

test("custom elements keep the host page's CSS out and theirs in (shadow DOM)", async () => {
  const { page } = host;
  const look = await page.evaluate(() => {
    const root = document.getElementById('ledger-a').shadowRoot;
    const text = root.querySelector('.lg-group-title') ?? root.querySelector('p');
    const cs = getComputedStyle(text);
    return {
      font: cs.fontFamily,
      color: cs.color,
      border: cs.borderTopStyle,
      spacing: cs.letterSpacing,
      figure: getComputedStyle(root.querySelector('.linattn-figure')).display,
      docSheets: [...document.styleSheets].map((s) => s.href ?? 'inline').filter((h) => !h.endsWith('host.css')),
    };
  });
  assert.ok(!/comic/i.test(look.font), `font from the host page leaked in: ${look.font}`);
  assert.notEqual(look.color, 'rgb(255, 0, 0)', 'colour from the host page leaked in');
  assert.notEqual(look.border, 'dotted', 'border from the host page leaked in');
  assert.equal(look.spacing, 'normal', 'letter-spacing from the host page leaked in');
  assert.equal(look.figure, 'block', 'host rules must not hide the figure');
  assert.deepEqual(look.docSheets, [], 'the elements add no stylesheet to the host document');
});

test('every demo works as an iframe and as a custom element, with settings from the URL and attributes, and no request leaves the origin', async () => {
  const { page, problems } = host;
  const oc = await page.evaluate(() => document.getElementById('oc').state);
  assert.equal(oc.d, 16, 'overcapacity element d from its attribute');
  assert.equal(oc.n, 20);
  const mem = await page.evaluate(() => document.getElementById('memory').state);
  assert.equal(mem.tokens, 1000000, 'memory element tokens from its attribute');
  assert.equal(mem.linear, true, 'an empty boolean attribute is true');
  const spot = await page.evaluate(() => document.getElementById('spotlight').state);
  assert.deepEqual(
    [spot.n, spot.cosine, spot.dtype],
    [64, 0.5, 'fp8'],
    'spotlight element n, cosine and dtype from its attributes',
  );
  // The element draws what it holds: N = 64 tokens.
  await page.locator('#spotlight .la-spotlight[data-n="64"]').waitFor({ timeout: 30000 });
  const frameSpot = await (await page.$('#frame-spotlight')).contentFrame();
  assert.deepEqual(
    await frameSpot.evaluate(() => {
      const s = window.linattnEmbed.handle.getState();
      return [s.n, s.cosine];
    }),
    [64, 0.5],
    'spotlight iframe n and cosine from the query',
  );
  const frameOc = await (await page.$('#frame-overcapacity')).contentFrame();
  assert.equal(
    await frameOc.evaluate(() => window.linattnEmbed.handle.getState().d),
    16,
    'overcapacity iframe d from the query',
  );
  assert.deepEqual(problems, [], `course page problems:\n${problems.join('\n')}`);
});

for (const demo of DEMOS) {
  test(`permalink round trip, ${demo}: the chapter's hash and embed.html's query restore what the reader set`, async () => {
    const act = ACTIONS[demo];
    // embed.html: change, the query follows, a reload shows exactly the same state.
    const e = await openPage(browser, `${base}embed.html?demo=${demo}${LIGHT[demo]}`);
    allProblems.push(e.problems);
    await e.page.locator(READY('body')).waitFor({ timeout: 60000 });
    await act.run(e.page, 'body');
    await e.page.waitForFunction(([k, v]) => new URLSearchParams(location.search).get(k) === v, [act.key, act.value], {
      timeout: 10000,
    });
    const shown = await e.page.evaluate(() => window.linattnEmbed.handle.getState());
    await e.page.reload();
    await e.page.locator(READY('body')).waitFor({ timeout: 60000 });
    assert.deepEqual(
      await e.page.evaluate(() => window.linattnEmbed.handle.getState()),
      shown,
      'embed.html after reload',
    );
    assert.equal(
      await e.page.locator('.linattn-notice').isHidden(),
      true,
      'a link the page wrote itself raises no notice',
    );
    await e.page.close();

    // The chapter: change, the hash follows, the link opened in a new page restores it.
    const c = await openPage(browser, `${base}index.html`);
    allProblems.push(c.problems);
    const scope = `.demo-mount[data-demo="${demo}"]`;
    await mountInChapter(c.page, demo);
    if (demo === 'overcapacity') await c.page.locator(`${scope} [data-part="d"]`).selectOption('16');
    await act.run(c.page, scope);
    await c.page.waitForFunction(
      ([d, k, v]) => new URLSearchParams(location.hash.slice(1)).get(`${d}.${k}`) === v,
      [demo, act.key, act.value],
      { timeout: 10000 },
    );
    const link = c.page.url();
    const toggle = c.page.locator(`#figure-${demo} .embed-toggle`);
    await toggle.click();
    const snippet = await c.page.locator(`#figure-${demo} textarea[id$="-link"]`).inputValue();
    assert.equal(snippet, link, "the Embed control's link is the page's permalink");
    const elementSnippet = await c.page.locator(`#figure-${demo} textarea[id$="-element"]`).inputValue();
    assert.match(
      elementSnippet,
      new RegExp(`<linattn-${demo}[^>]* ${act.key.replace(/[A-Z]/g, (x) => `-${x.toLowerCase()}`)}="${act.value}"`),
      'element snippet carries the change',
    );
    if (demo === 'ledger') {
      const v = await axe(c.page, `#figure-${demo} .embed-control`);
      assert.deepEqual(
        v.map((x) => x.id),
        [],
        `open Embed panel:\n${describeViolations(v)}`,
      );
    }
    const iframeSnippet = await c.page.locator(`#figure-${demo} textarea[id$="-iframe"]`).inputValue();
    assert.match(
      iframeSnippet,
      new RegExp(
        `<iframe src="${base.replace(/[.?]/g, '\\$&')}embed\\.html\\?demo=${demo}&amp;[^"]*${act.key}=${act.value}`,
      ),
      'iframe snippet carries the change',
    );
    await c.page.close();

    const r = await openPage(browser, link);
    allProblems.push(r.problems);
    // The link brings its figure into view by itself, and the figure mounts there.
    await r.page.locator(`${scope}[data-status="ready"]`).waitFor({ timeout: 60000 });
    const top = await r.page.evaluate((d) => document.getElementById(`figure-${d}`).getBoundingClientRect().top, demo);
    assert.ok(Math.abs(top) < 100, `the linked figure should be at the top of the window, is at ${top}px`);
    await r.page.locator(`#figure-${demo} .embed-toggle`).click();
    assert.equal(
      await r.page.locator(`#figure-${demo} textarea[id$="-link"]`).inputValue(),
      link,
      'the reopened chapter shows the same state',
    );
    assert.equal(
      await r.page.locator(`#figure-${demo} .embed-notice`).count(),
      0,
      'no notice for a link the page wrote',
    );
    await r.page.close();
  });
}

test('hostile settings in the query, the hash and attributes are ignored or clamped with a visible notice, never run, never break the demo', async () => {
  const evil = encodeURIComponent('<img src=x onerror="window.pwned=1"><script>window.pwned=1</script>');
  const cases = [
    [
      `demo=ledger&d=${evil}&step=NaN&query=1e999&featureMap=${evil}&${evil}=1&bogus=2`,
      'ledger',
      ['d', 'step', 'query', 'featureMap', 'Unknown setting'],
    ],
    [`demo=overcapacity&d=16&trials=2&n=99999999999&beta=NaN&keys=${evil}`, 'overcapacity', ['n', 'beta', 'keys']],
    [
      `demo=memory&tokens=1e400&sessions=-5&linear=maybe&custom={broken&preset=${evil}`,
      'memory',
      ['tokens', 'linear', 'custom', 'preset'],
    ],
    [
      `demo=spotlight&n=99999999999&cosine=NaN&dtype=${evil}&features=0`,
      'spotlight',
      ['n', 'cosine', 'dtype', 'features'],
    ],
    [`demo=${evil}`, null, ['There is no demo']],
  ];
  for (const [query, demo, words] of cases) {
    const { page, problems } = await openPage(browser, `${base}embed.html?${query}`);
    if (demo) await page.locator('.linattn-mount[data-status="ready"]').waitFor({ timeout: 60000 });
    else await page.locator('.linattn-error').waitFor();
    const text = await page.locator('body').innerText();
    for (const w of words)
      assert.ok(
        text.includes(w),
        `${query.slice(0, 60)}: the notice should mention ${w}; page says:\n${text.slice(0, 600)}`,
      );
    assert.equal(await page.evaluate(() => window.pwned), undefined, `${query.slice(0, 60)}: hostile markup ran`);
    assert.equal(
      await page.locator('body img, body script').count(),
      0,
      `${query.slice(0, 60)}: hostile markup was inserted as HTML`,
    );
    if (demo === 'overcapacity') {
      const s = await page.evaluate(() => window.linattnEmbed.handle.getState());
      assert.ok(s.n >= 1 && s.n <= 4 * s.d, `N clamped into 1..4d, got ${s.n}`);
    }
    if (demo === 'spotlight') {
      // Refused by the core, named, and the figure keeps its last good state (the defaults).
      const s = await page.evaluate(() => window.linattnEmbed.handle.getState());
      assert.deepEqual(
        [s.n, s.features, s.dtype],
        [SPOT_DEFAULTS.n, SPOT_DEFAULTS.features, SPOT_DEFAULTS.dtype],
        'the spotlight kept its defaults',
      );
    }
    assert.deepEqual(problems, [], `${query.slice(0, 60)}: ${problems.join('\n')}`);
    await page.close();
  }

  // The chapter's hash.
  const c = await openPage(browser, `${base}index.html#ledger.step=${evil}&ledger.nope=1&nodemo.x=1`);
  await mountInChapter(c.page, 'ledger');
  const notice = await c.page.locator('#figure-ledger .embed-notice').innerText();
  assert.match(notice, /step/);
  assert.match(notice, /nope/);
  assert.match(notice, /nodemo\.x/);
  assert.equal(await c.page.evaluate(() => window.pwned), undefined, 'hash: hostile markup ran');
  assert.deepEqual(c.problems, [], c.problems.join('\n'));
  await c.page.close();

  // Attributes, set before and after the element is mounted.
  const { page } = host;
  await page.evaluate((bad) => {
    const el = document.createElement('linattn-ledger');
    el.id = 'ledger-bad';
    el.setAttribute('d', bad);
    el.setAttribute('step', '1e999');
    el.setAttribute('onclick-ish', 'x');
    el.setAttribute('associations', '1,0:3,1;'.repeat(3000));
    document.querySelector('main').append(el);
  }, decodeURIComponent(evil));
  await page.waitForFunction(() => document.getElementById('ledger-bad')?.state != null, null, { timeout: 60000 });
  let text = await page.locator('#ledger-bad .linattn-notice').innerText();
  for (const w of ['d', 'step', 'onclick-ish', 'too long'])
    assert.ok(text.includes(w), `attributes: notice should name ${w}: ${text}`);
  await page.evaluate(() => document.getElementById('ledger-bad').setAttribute('query', 'NaN'));
  text = await page.locator('#ledger-bad .linattn-notice').innerText();
  assert.ok(text.includes('query'), `a later bad attribute is reported too: ${text}`);
  const s = await page.evaluate(() => document.getElementById('ledger-bad').state);
  assert.equal(s.d, 2, 'the demo kept its defaults');
  assert.equal(await page.evaluate(() => window.pwned), undefined, 'attributes: hostile markup ran');
  await page.evaluate(() => document.getElementById('ledger-bad').remove());
});

test('standalone embeds work from file:// with settings in the query and nothing fetched', async () => {
  for (const demo of DEMOS) {
    const url = `${pathToFileURL(join(DIST, `embed-${demo}-standalone.html`)).href}?${LIGHT[demo].slice(1)}`;
    const { page, problems } = await openPage(browser, url);
    await page.locator('.linattn-mount[data-status="ready"]').waitFor({ timeout: 60000 });
    if (demo === 'overcapacity') assert.equal(await page.evaluate(() => window.linattnEmbed.handle.getState().d), 16);
    assert.ok(await page.locator('.linattn-caption').isVisible(), `${demo}: caption shown`);
    assert.deepEqual(problems, [], `${demo} standalone:\n${problems.join('\n')}`);
    await page.close();
  }
});

test('axe-core finds nothing in embed mode (embed.html light and dark, custom elements)', async () => {
  for (const [demo, theme] of [
    ['ledger', 'light'],
    ['overcapacity', 'dark'],
    ['memory', 'light'],
    ['spotlight', 'dark'],
  ]) {
    const { page } = await openPage(browser, `${base}embed.html?demo=${demo}&theme=${theme}${LIGHT[demo]}`);
    await page.locator('.linattn-mount[data-status="ready"]').waitFor({ timeout: 60000 });
    if (demo === 'overcapacity')
      await page.waitForSelector('[data-sweep="done"], [data-sweep="complete"]', { timeout: 30000 }).catch(() => {});
    const v = await axe(page);
    assert.deepEqual(
      v.map((x) => x.id),
      [],
      `embed.html?demo=${demo}&theme=${theme}:\n${describeViolations(v)}`,
    );
    await page.close();
  }
  const v = await axe(host.page, {
    include: ['linattn-ledger', 'linattn-overcapacity', 'linattn-memory', 'linattn-spotlight'],
  });
  assert.deepEqual(
    v.map((x) => x.id),
    [],
    `custom elements:\n${describeViolations(v)}`,
  );
});

test("a focused control in every custom element shows the figures' focus ring (the page's styles stop at a shadow root)", async () => {
  const tags = ['linattn-ledger', 'linattn-overcapacity', 'linattn-memory', 'linattn-spotlight'];
  await host.page.waitForFunction((t) => t.every((tag) => document.querySelector(tag)?.state != null), tags, {
    timeout: 60000,
  });
  const rings = await host.page.evaluate(
    (t) =>
      t.map((tag) => {
        const el = document.querySelector(tag);
        // the first control a reader can see (one behind a closed disclosure takes no focus)
        const controls = [...((el?.shadowRoot ?? el)?.querySelectorAll('input, select, button') ?? [])];
        const control = controls.find((c) => c.getClientRects().length > 0);
        control?.focus({ focusVisible: true });
        const visible = Boolean(control?.matches(':focus-visible'));
        const cs = control && getComputedStyle(control);
        const ring = cs && `${cs.outlineStyle} ${cs.outlineWidth} ${cs.outlineOffset}`;
        control?.blur();
        return { tag, inShadow: Boolean(el?.shadowRoot), visible, ring };
      }),
    tags,
  );
  for (const r of rings) {
    assert.ok(r.inShadow, `${r.tag}: a shadow root`);
    assert.ok(r.visible, `${r.tag}: the control takes keyboard focus`);
    assert.equal(r.ring, 'solid 3px 2px', `${r.tag}: the focus ring`);
  }
});

test('oEmbed: static JSON beside the pages and discovery links in them', async () => {
  for (const name of ['oembed.json', 'oembed-ledger.json']) {
    const res = await fetch(`${base}${name}`);
    assert.equal(res.status, 200, name);
    const body = await res.json();
    assert.equal(body.version, '1.0');
    assert.equal(body.type, 'rich');
    assert.match(body.html, /<iframe src="\.\/embed\.html\?demo=ledger"/);
  }
  // The chapter links the chapter's answer; each demo's page its own (hosts.test.mjs).
  for (const [page, answer] of [
    ['index.html', 'oembed.json'],
    ['embed-ledger.html', 'oembed-ledger.json'],
  ]) {
    const html = await (await fetch(`${base}${page}`)).text();
    assert.ok(html.includes(`<link rel="alternate" type="application/json+oembed" href="./${answer}"`), page);
  }
});

/** The attributes of the first <iframe …> tag in `code`, as an object. */
function iframeAttributes(code) {
  const tag = /<iframe\b([^>]*)>/.exec(code)?.[1] ?? '';
  return Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
}

test('the Embed control\'s iframe code and the oEmbed html carry what docs/hosting.md asks authors to keep: title, width, the measured height, allow="clipboard-write"', async () => {
  const { page, problems } = await openPage(browser, `${base}index.html`, { width: 1280, height: 900 });
  for (const demo of DEMOS) {
    const mount = `.demo-mount[data-demo="${demo}"]`;
    await page.locator(mount).scrollIntoViewIfNeeded();
    await page.waitForSelector(`${mount}[data-status="ready"]`, { timeout: 30000, state: 'attached' });
    const control = page.locator(`${mount} + .embed-control`);
    await control.locator('.embed-toggle').click();
    const code = await control.locator('textarea[id$="-iframe"]').inputValue();
    const attrs = iframeAttributes(code);
    const answer = await (await fetch(`${base}oembed-${demo}.json`)).json();
    const caption = await page.$eval(`${mount}`, (m) => m.closest('figure')?.querySelector('.fig-label')?.textContent);
    assert.ok(attrs.title?.startsWith(caption), `${demo}: title names the figure (${attrs.title})`);
    assert.equal(attrs.width, String(answer.width), `${demo}: width is the oEmbed width`);
    assert.equal(attrs.height, String(answer.height), `${demo}: height is the measured embed height`);
    assert.equal(attrs.allow, 'clipboard-write', `${demo}: allow="clipboard-write"`);
    assert.equal(attrs.loading, 'lazy');
    assert.match(attrs.style ?? '', /border:0/);
    // The oEmbed answer's html is the same iframe (its src without the figure's settings).
    const fromOembed = iframeAttributes(answer.html);
    for (const key of ['title', 'width', 'height', 'allow', 'loading', 'style']) {
      assert.equal(fromOembed[key], attrs[key], `${demo}: oEmbed html and the Embed control agree on ${key}`);
    }
    const element = await control.locator('textarea[id$="-element"]').inputValue();
    assert.match(
      element,
      new RegExp(`<script type="module" src="[^"]*linattn-elements\\.js"></script>\\n<linattn-${demo}[ >]`),
    );
  }
  assert.deepEqual(problems, []);
  await page.close();
});

test('no page in this file made a request to another origin or logged an error', async () => {
  // On its own (it opens its pages): the course page with every demo as an iframe and as a custom
  // element, and embed.html for each demo, all mounted and quiet.
  const opened = [await openPage(browser, `${server.url}host/index.html`, { width: 1280, height: 900 })];
  for (const demo of DEMOS) opened.push(await openPage(browser, `${base}embed.html?demo=${demo}`));
  const [course, ...embeds] = opened;
  for (const id of ELEMENTS) {
    await course.page.waitForFunction((sel) => document.getElementById(sel)?.state != null, id, { timeout: 60000 });
  }
  for (const e of embeds) await e.page.locator(READY('body')).waitFor({ timeout: 60000 });
  for (const { page } of opened) await networkQuiet(page);
  const all = [...allProblems.flat(), ...opened.flatMap((o) => o.problems)];
  for (const { page } of opened) await page.close();
  assert.deepEqual(all, [], all.join('\n'));
});
