// Seeded exploration: each demo in embed.html, opened with random settings in its link
// (valid, out of range and unreadable), then driven by random reader actions: keys on sliders and
// handles, Enter and Space on buttons and toggles, good and bad text typed into fields, now and
// then a mouse drag. After the link is read and after every action it asserts
//   - no console error, page error or failed request;
//   - no "NaN", "Infinity" or "undefined" on screen (text, aria-valuetext, aria-label, title);
//     the reader's own text echoed in quotes “…” is theirs and not checked;
//   - the ledger: every number it shows for a non-zero core value is not a bare 0 (and matches the
//     core to the digits shown): the view is recomputed in node with the same core and model.js;
//   - the spotlight: once it has drawn the settings it holds, each read's readouts are the ones its
//     own core (wasm/spotlight.mjs) gives in node for them, formatted as the figure does;
//   - after a keyboard action, focus is not on <body>;
//   - every setting the reader chose is either kept or named in a notice: each setting of the
//     link, and each number typed into a field (kept in the field, or the field or a notice says
//     why not).
// Replay: EXPLORE_SEED=<seed> (each demo has its own generator from it, so one demo replays
// alone), EXPLORE_STEPS=<actions per link>. A failure names the seed, the demo, the link and the
// step, with the last actions. Run `npm run build` first; this file only reads dist/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, serve, openPage } from './harness.mjs';
import { prng } from '../prng.mjs';
import { decodeSettings, encodeSettings, toQuery } from '../../web/src/hosts/shared/settings-codec.js';
import { readDecimal } from '../../web/src/lib/numbers.js';
import { readNumberText } from '../../web/src/lib/number-field.js';
import { readFormatted } from '../../web/src/lib/format.js';
import { computeLedger } from '../../web/src/demos/ledger/model.js';
import { createLinattn } from '../../wasm/index.mjs';
import { createSpotlight } from '../../wasm/spotlight.mjs';
import { DEFAULTS as SPOT_DEFAULTS, coreArgs } from '../../web/src/demos/spotlight/state.js';
import { readouts } from '../../web/src/demos/spotlight/format.js';

const SEED = Number(process.env.EXPLORE_SEED ?? 2222) >>> 0;
const LINKS = 3; // links per demo, the first one without settings
const STEPS = Number(process.env.EXPLORE_STEPS ?? 25); // actions per link: 4 × 3 × 25 = 300 in all
const DEMOS = ['ledger', 'memory', 'overcapacity', 'spotlight'];

// ---- random links ----------------------------------------------------------------------------

const NUMS = ['1', '0', '-1', '0.5', '3', '-2', '0.8', '0.6', '1e6', '-1e6', '1e-300', '2e-320', '1e7', 'abc', ''];
const POOLS = {
  ledger: {
    d: ['2', '3', '4', 'x'],
    featureMap: ['identity', 'elu1', 'relu'],
    step: ['0', '1', '2', '3', '8', '9', '-1', 'x'],
    query: ['-1', '0', '1', '2', '7', 'x'],
    freeQuery: (r) => [pick(r, NUMS), pick(r, NUMS), ...(r() < 0.3 ? [pick(r, NUMS)] : [])].join(','),
    associations: (r) => {
      const d = r() < 0.8 ? 2 : 3;
      const vec = () =>
        Array.from({ length: d }, () => (r() < 0.7 ? pick(r, NUMS.slice(0, 8)) : pick(r, NUMS))).join(',');
      return Array.from({ length: Math.floor(r() * 10) }, () => `${vec()}:${vec()}`).join(';');
    },
  },
  memory: {
    preset: ['llama-3-8b', 'llama-2-70b', 'one-head-linear', 'mistral-7b-v0.1', 'custom', 'gpt-9'],
    linear: ['true', 'false', '1', 'maybe'],
    tokens: ['1000', '8192', '131072', '10000000', '999', '0', '1e10', '-0', 'abc'],
    sessions: ['1', '8', '0', '1000000', '1e7', '-2'],
    kvDtype: ['fp32', 'bf16', 'fp8', 'int4', 'fp4'],
    stateDtype: ['fp32', 'bf16', 'int4', 'x'],
    weightDtype: ['bf16', 'fp8', 'y'],
    gpu: ['24', '80', '141', '192', 'custom', '7'],
    gpuCustom: ['48', '0.5', '1e3', 'abc'],
    unit: ['binary', 'decimal', 'si'],
    yScale: ['log', 'linear', 'sqrt'],
    custom: ['{}', '[1]', '{"layers":[]}', '{'],
  },
  overcapacity: {
    d: ['16', '32', '64', '128', '256', '7', 'x'],
    n: ['16', '64', '96', '256', '1024', '3000', '-5', '1.5'],
    keys: ['random', 'orthogonal', 'elu1', 'bogus'],
    trials: ['1', '2', '8', '32', '256', '300', '0'],
    seed: ['1', '7', '-3', '1.5', '99999999999'],
    beta: ['1', '4', '0', '-1', '1e9', 'abc'],
    scale: ['log', 'linear', 'cubic'],
  },
  spotlight: {
    n: ['2', '32', '100', '4096', '4097', '0', '1.5', 'x'],
    cosine: ['0', '0.5', '0.95', '1', '-0.2', '2', 'abc'],
    beta: ['0', '1', '8', '40', '5000', '-1', 'NaN'],
    features: ['1', '16', '256', '4096', '5000', '0'],
    d: ['2', '8', '64', '1', '1000'],
    noise: ['0', '0.3', '2', '-1', '1e9'],
    seed: ['1', '7', '-3', '1.5', '99999999999'],
    target: ['0', '5', '31', '5000', '-1'],
    dtype: ['fp32', 'bf16', 'fp8', 'int4', 'fp4'],
    settings: ['true', 'false', 'maybe'],
  },
};

function pick(r, list) {
  return list[Math.floor(r() * list.length)];
}

/** [key, text] entries for a random link to `demo` (about a third of its settings). */
function randomLink(demo, r) {
  const entries = [];
  for (const [key, pool] of Object.entries(POOLS[demo])) {
    if (r() < 0.35) entries.push([key, typeof pool === 'function' ? pool(r) : pick(r, pool)]);
  }
  if (r() < 0.1) entries.push(['bogus', '1']);
  return entries;
}

// Text typed into fields: good values, edge values and nonsense.
const TEXTS = ['0', '1', '-3', '0.5', '2', '1e3', '8', '64', '4096', '131072', '1e-300', '2e-320', '-0', '1e6', '5e6'];
const BAD_TEXTS = ['', 'abc', 'NaN', 'Infinity', '1e400', '1,5', '1..2', '0x10', '<b>x</b>', '99999999999', '1e10'];
const KEYS = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End'];

// ---- the page ------------------------------------------------------------------------------

let browser;
let server;
let la;
let sp;

before(async () => {
  browser = await launch();
  server = await serve();
  la = await createLinattn();
  sp = await createSpotlight();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

const NOTICES =
  '.linattn-notice, [data-part="notice"], [data-part="editor-msg"], .lm-notice, .lm-error, .oc-notice, [role="status"], [role="alert"], [aria-live]';

/** Everything the checks read from the page, in one round trip. */
function snapshot(notices) {
  const visible = (el) => !el.closest('[hidden]') && el.checkVisibility();
  const words = [];
  const figure = document.querySelector('figure') ?? document.body;
  words.push(figure.innerText);
  // aria-valuenow must be a number: one that is not reads as "NaN" below.
  for (const el of figure.querySelectorAll('[aria-valuenow]')) {
    words.push(String(Number(el.getAttribute('aria-valuenow'))));
  }
  for (const el of figure.querySelectorAll('[aria-valuetext], [aria-label], [title]')) {
    for (const a of ['aria-valuetext', 'aria-label', 'title']) if (el.hasAttribute(a)) words.push(el.getAttribute(a));
  }
  const noticeText = [...document.querySelectorAll(notices)]
    .filter(visible)
    .map((el) => el.textContent.trim())
    .filter(Boolean)
    .join(' | ');
  const active = document.activeElement;
  return {
    text: words.join('\n'),
    notices: noticeText,
    focus: !active || active === document.body ? 'body' : active.tagName.toLowerCase(),
    state: window.linattnEmbed?.handle?.getState?.() ?? null,
  };
}

const BAD_WORDS = /\b(NaN|Infinity|undefined)\b/;
const unquoted = (text) => text.replace(/\u201c[^\u201d]*\u201d?/g, '\u201c\u201d');

/** The ledger's numbers on screen, with the core's value for each (from the same model.js). */
function ledgerShown(state) {
  const shown = (sel) => [...document.querySelectorAll(`.la-ledger ${sel}`)].filter((el) => !el.closest('[hidden]'));
  const q = (sel) => shown(sel).map((el) => el.textContent);
  const vec = (sel) =>
    q(sel).map((t) =>
      t
        .trim()
        .replace(/^\(|\)$/g, '')
        .split(', '),
    );
  return {
    S: state.step > 0 ? q(`[data-part="S-${state.step}"] tbody td .lg-num`) : [],
    reads: vec('[data-part="reads"] [data-part="read-value"]'),
    coefficients: q('[data-part="coefficient"]'),
    terms: vec('[data-part="term"]'),
    denominator: q('[data-part="denominator"] td'),
    overlaps: shown('[data-part^="angle-"]').map((tr) => ({
      i: Number(tr.dataset.part.slice(6)) - 1,
      text: tr.querySelector('[data-part="overlap"]').textContent,
    })),
  };
}

/** [shown text, core value, what] for every ledger number checked. */
function ledgerPairs(state, shown) {
  const view = computeLedger(la, state);
  const pairs = [];
  const add = (texts, values, what) => texts.forEach((t, i) => pairs.push([t, values[i], `${what}[${i}]`]));
  add(shown.S, Array.from(view.S), 'S');
  shown.reads.forEach((t, i) => add(t, Array.from(view.reads[i].read), `read ${i + 1}`));
  if (view.query) {
    add(shown.coefficients, Array.from(view.query.coefficients), 'overlap in the decomposition');
    const dv = view.dv;
    shown.terms.forEach((t, i) => add(t, Array.from(view.query.terms.slice(i * dv, (i + 1) * dv)), `term ${i + 1}`));
    if (view.normalized) add(shown.denominator, [view.query.denominator], 'normalizer');
  }
  for (const { i, text } of shown.overlaps) {
    const from = state.query;
    const v = from >= 0 ? view.overlaps[from][i] : view.query && i < state.step ? view.query.coefficients[i] : null;
    if (v !== null) pairs.push([text, v, `overlap with k${i + 1}`]);
  }
  return pairs;
}

function checkLedgerNumbers(state, shown) {
  for (const [text, value, what] of ledgerPairs(state, shown)) {
    const read = readFormatted(text);
    if (value !== 0) assert.ok(read !== 0, `${what}: the core says ${value}, the page shows a bare "${text}"`);
    const tol = Math.max(1e-4, Math.abs(value) * 1e-3);
    assert.ok(Math.abs(read - value) <= tol, `${what}: the core says ${value}, the page shows "${text}"`);
  }
}

/** The spotlight's readouts on screen, the settings it drew them for (its data-n) and whether the
 *  readouts took a line of their own (a narrow figure's short form). */
function spotlightShown() {
  const fig = document.querySelector('.la-spotlight');
  const shown = {};
  for (const map of ['softmax', 'elu1', 'relu', 'taylor2', 'random']) {
    const row = fig.querySelector(`.spot-row--${map}`);
    if (!row) return null;
    shown[map] = {};
    for (const k of ['weight', 'tokens', 'cosine', 'state'])
      shown[map][k] = row
        .querySelector(`.spot-value--${k}`)
        .textContent.replace(/^\s*\u00b7\s*/, '')
        .trim();
  }
  const values = fig.querySelector('.spot-row--softmax .spot-values');
  return { n: fig.getAttribute('data-n'), narrow: values?.getAttribute('text-anchor') === 'start', shown };
}

/** The spotlight's readouts are its core's for the settings it holds (the core in node). */
async function checkSpotlightNumbers(page, state) {
  const settings = { ...SPOT_DEFAULTS, ...state };
  const result = sp.spotlight(coreArgs(settings));
  const want = (narrow) => Object.fromEntries(result.reads.map((r) => [r.map, readouts(r, narrow)]));
  // The figure draws the settings it holds in a frame after the core accepted them: wait (at most
  // 4 s) for it, then compare what it shows.
  let seen = null;
  for (const t0 = Date.now(); Date.now() - t0 < 4000; ) {
    seen = await page.evaluate(spotlightShown);
    if (seen && seen.n === String(settings.n) && JSON.stringify(seen.shown) === JSON.stringify(want(seen.narrow)))
      break;
    await page.evaluate(() => new Promise((res) => requestAnimationFrame(res)));
  }
  assert.ok(seen, 'the spotlight draws its five reads');
  assert.equal(seen.n, String(settings.n), 'the figure draws the N it holds');
  assert.deepEqual(
    seen.shown,
    want(seen.narrow),
    `the readouts are the core's for ${JSON.stringify(coreArgs(settings))}`,
  );
}

/** Picks a visible, enabled control with r, marks it, and describes it. */
function markControl(u) {
  for (const el of document.querySelectorAll('[data-explore]')) el.removeAttribute('data-explore');
  const root = document.querySelector('.linattn-mount') ?? document.body;
  const els = [...root.querySelectorAll('input, select, button, [role="slider"]')].filter(
    // checkVisibility: a control inside a closed <details> still has boxes in Chromium (its content
    // is content-visibility: hidden), but no reader can reach it.
    (e) => !e.disabled && e.checkVisibility() && !e.closest('[hidden]') && e.type !== 'file',
  );
  if (!els.length) return null;
  const el = els[Math.floor(u * els.length)];
  el.setAttribute('data-explore', '1');
  const kind =
    el.getAttribute('role') === 'slider' && el.tagName !== 'INPUT'
      ? 'handle'
      : el.tagName === 'SELECT'
        ? 'select'
        : el.tagName === 'BUTTON'
          ? 'button'
          : ['range', 'radio', 'checkbox'].includes(el.type)
            ? el.type
            : 'text';
  const name = el.getAttribute('aria-label') || el.labels?.[0]?.textContent || el.textContent || el.id;
  return { kind, name: name.trim().slice(0, 40) };
}

/** The typed field after Enter: its value, whether it says it is invalid, and its messages. */
function fieldAfter() {
  const el = document.querySelector('[data-explore]');
  if (!el) return null;
  const ids = (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  const message = ids
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
  return { value: el.value, invalid: el.getAttribute('aria-invalid') === 'true', message };
}

/** One random action; returns { what, keyboard, typed? }. */
async function act(page, r) {
  const control = await page.evaluate(markControl, r());
  if (!control) return { what: 'nothing to use', keyboard: false };
  const loc = page.locator('[data-explore]');
  const { kind, name } = control;
  const what = (s) => `${kind} "${name}": ${s}`;
  switch (kind) {
    case 'range':
    case 'handle': {
      if (r() < 0.2) {
        const box = await loc.boundingBox();
        if (!box) return { what: what('no box'), keyboard: false };
        const x = box.x + box.width / 2;
        const y = box.y + box.height / 2;
        const reach = kind === 'range' ? box.width : 100;
        await page.mouse.move(x, y);
        await page.mouse.down();
        await page.mouse.move(x + (r() - 0.5) * reach, y + (kind === 'range' ? 0 : (r() - 0.5) * reach), { steps: 3 });
        await page.mouse.up();
        return { what: what('mouse drag'), keyboard: false };
      }
      const keys = Array.from({ length: 1 + Math.floor(r() * 3) }, () => pick(r, KEYS));
      await loc.focus();
      for (const k of keys) await page.keyboard.press(k);
      return { what: what(keys.join(' ')), keyboard: true };
    }
    case 'text': {
      const text = r() < 0.6 ? pick(r, TEXTS) : pick(r, BAD_TEXTS);
      await loc.focus();
      await page.keyboard.press('Control+A');
      if (text) await page.keyboard.insertText(text);
      else await page.keyboard.press('Delete');
      await page.keyboard.press('Enter');
      return { what: what(`typed "${text}" + Enter`), keyboard: true, typed: text };
    }
    case 'select': {
      const key = pick(r, ['ArrowDown', 'ArrowUp', 'End', 'Home']);
      await loc.focus();
      await page.keyboard.press(key);
      return { what: what(key), keyboard: true };
    }
    case 'radio': {
      const key = pick(r, ['Space', 'ArrowRight', 'ArrowLeft']);
      await loc.focus();
      await page.keyboard.press(key);
      return { what: what(key), keyboard: true };
    }
    default: {
      const key = pick(r, ['Enter', 'Space']);
      await loc.focus();
      await page.keyboard.press(key);
      return { what: what(key), keyboard: true };
    }
  }
}

/** Each setting of the link: kept by the demo, or named in a notice. */
function checkLinkKept(demo, entries, shot) {
  for (const [key, text] of entries) {
    const decoded = decodeSettings(demo, [[key, text]]);
    const named = new RegExp(`\\b${key}\\b`, 'i').test(shot.notices);
    if (decoded.notices.length || !(key in (shot.state ?? {}))) {
      assert.ok(
        named,
        `setting ${key}=${text} was dropped without a notice naming it (notices: ${shot.notices || 'none'})`,
      );
      continue;
    }
    const want = encodeSettings(demo, { [key]: decoded.state[key] })[0]?.[1];
    const got = encodeSettings(demo, { [key]: shot.state[key] })[0]?.[1];
    if (want !== got)
      assert.ok(
        named,
        `setting ${key}=${text} became ${key}=${got} without a notice naming it (notices: ${shot.notices || 'none'})`,
      );
  }
}

/** A number typed into a field: kept in the field, or the field or a notice says why not. */
function checkTypedKept(typed, field, before, after) {
  if (!field) return; // the field went away with the change (a row removed): nothing to keep
  const want = readDecimal(typed, { integer: false });
  const wantWhole = readDecimal(typed, { integer: true });
  const have = readDecimal(field.value, { integer: true });
  const haveDecimal = readDecimal(field.value);
  // The field shows a number back as the page formats it ("1 × 10⁻³⁰⁰", "1,000,000"): its reader.
  const value = have.value ?? haveDecimal.value ?? readNumberText(field.value).value;
  const same = (a) => a !== undefined && value !== undefined && Math.abs(a - value) <= Math.abs(a) * 1e-6;
  // Clearing an optional field (the memory editor's query heads, window, chunk) that stays clear
  // and unmarked keeps what the reader typed: nothing.
  const cleared = typed.trim() === '' && field.value.trim() === '';
  const kept = !field.invalid && (cleared || same(want.value) || same(wantWhole.value));
  const said = field.message !== '' || (after.notices !== before.notices && after.notices !== '');
  assert.ok(
    kept || said,
    `typed "${typed}": the field shows "${field.value}" and nothing says why (notices: ${after.notices || 'none'})`,
  );
}

async function explore(demo) {
  const r = prng((SEED ^ ((DEMOS.indexOf(demo) + 1) * 0x9e3779b9)) >>> 0);
  for (let link = 0; link < LINKS; link++) {
    const entries = link === 0 ? [] : randomLink(demo, r);
    const url = new URL(`embed.html?${toQuery([['demo', demo], ...entries])}`, server.url).href;
    const { page, problems } = await openPage(browser, url, { width: link === 2 ? 360 : 1100, height: 900 });
    page.setDefaultTimeout(4000);
    const log = [`open ${url.slice(url.indexOf('embed.html'))}`];
    const where = (step) =>
      `EXPLORE_SEED=${SEED} demo ${demo}, link ${link}, step ${step}; ${log[0]}; last actions:\n  ${log.slice(-6).join('\n  ')}`;
    try {
      await page.waitForFunction(() => window.linattnEmbed?.handle !== undefined, null, { timeout: 30000 });
      let shot = await page.evaluate(snapshot, NOTICES);
      const check = (action) => {
        assert.deepEqual(problems, [], 'console or page errors');
        const bad = unquoted(shot.text).match(BAD_WORDS);
        assert.equal(
          bad,
          null,
          `"${bad?.[0]}" on screen: …${shot.text.slice(Math.max(0, (bad?.index ?? 0) - 60), (bad?.index ?? 0) + 40)}…`,
        );
        if (action?.keyboard) assert.notEqual(shot.focus, 'body', 'focus fell to <body> after a keyboard action');
        if (demo === 'ledger' && shot.state)
          return page.evaluate(ledgerShown, shot.state).then((shown) => checkLedgerNumbers(shot.state, shown));
        if (demo === 'spotlight' && shot.state) return checkSpotlightNumbers(page, shot.state);
        return null;
      };
      try {
        await check(null);
        checkLinkKept(demo, entries, shot);
      } catch (err) {
        err.message = `${where(0)}\n${err.message}`;
        throw err;
      }
      for (let step = 1; step <= STEPS; step++) {
        const before = shot;
        let action;
        try {
          action = await act(page, r);
        } catch (err) {
          log.push(`(missed: ${String(err.message).split('\n')[0]})`); // redrawn under the action
          continue;
        }
        log.push(action.what);
        // Let the demo settle: two frames (coalesced redraws), then a short pause for debounced work.
        await page.evaluate(() => new Promise((res) => requestAnimationFrame(() => requestAnimationFrame(res))));
        shot = await page.evaluate(snapshot, NOTICES);
        try {
          await check(action);
          if (action.typed !== undefined) checkTypedKept(action.typed, await page.evaluate(fieldAfter), before, shot);
        } catch (err) {
          err.message = `${where(step)}\n${err.message}`;
          throw err;
        }
      }
    } finally {
      await page.close();
    }
  }
}

for (const demo of DEMOS) {
  test(`exploring ${demo}: ${LINKS} random links × ${STEPS} random actions (seed ${SEED})`, { timeout: 120000 }, () =>
    explore(demo),
  );
}
