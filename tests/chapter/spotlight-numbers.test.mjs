// The numbers section 4.3's "Spotlight and floodlight" states are the spotlight figure's: each is
// read from the rendered chapter and recomputed with the spotlight's own core at the figure's
// DEFAULTS (web/src/demos/spotlight/state.js), formatted by the figure's own formatters. Change the
// text, the defaults or the core, and this says which number no longer holds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSpotlight } from '../../wasm/spotlight.mjs';
import { DEFAULTS, coreArgs } from '../../web/src/demos/spotlight/state.js';
import { bytesText } from '../../web/src/demos/spotlight/format.js';
import { formatNumber } from '../../web/src/lib/format.js';
import { chapterText } from './chapter-text.mjs';

const sp = await createSpotlight();
const { prose, captions } = chapterText();
const paragraph = prose.find((p) => p.includes('effectively mixes'));
const at = (over) => Object.fromEntries(sp.spotlight(coreArgs({ ...DEFAULTS, ...over })).reads.map((r) => [r.map, r]));
const two = (x) => formatNumber(x, 2);
/** The paragraph's text with math's spaces closed up ("N = 32" may render as "N=32"). */
const text = paragraph?.replace(/\s+/g, ' ') ?? '';
const has = (words) =>
  assert.ok(text.replace(/\s/g, '').includes(words.replace(/\s/g, '')), `the text says “${words}”`);

test('the paragraph and the figure are in the chapter', () => {
  assert.ok(paragraph, 'the spotlight paragraph');
  assert.match(captions.spotlight ?? '', /^Spotlight and floodlight\./);
});

test('the defaults the text states are the figure’s', () => {
  has(`N = ${DEFAULTS.n} unrelated tokens`);
  assert.equal(DEFAULTS.cosine, 0, 'unrelated: cosine 0');
  has(`d = ${DEFAULTS.d}`);
  has(`β = ${DEFAULTS.beta}`);
  has(`${DEFAULTS.features} positive random features`);
});

test('weights on the target, tokens mixed and state sizes at the defaults are the core’s', () => {
  const r = at({});
  has(`softmax puts ${two(r.softmax.targetWeight)} of its weight`);
  has(`a KV cache of ${bytesText(r.softmax.stateBytes)}`);
  has(`puts ${formatNumber(r.elu1.targetWeight, 2)} there`);
  has(`1/${DEFAULTS.n} of an even blend`);
  has(`mixes ${formatNumber(r.elu1.effectiveTokens, 1)} tokens`);
  has(`puts ${two(r.taylor2.targetWeight)} on the target`);
  has(`= ${r.taylor2.featureCount} features`);
  has(`${bytesText(r.taylor2.stateBytes)};`);
  has(`reach ${two(r.random.targetWeight)} in ${bytesText(r.random.stateBytes)}`);
});

test('at N = 256 the cache grows and the fixed states flood, as the text says', () => {
  const r = at({ n: 256 });
  has(`cache grows to ${bytesText(r.softmax.stateBytes)} while softmax keeps ${two(r.softmax.targetWeight)}`);
  has(`Taylor-2 falls to ${two(r.taylor2.targetWeight)}, elu+1 to ${formatNumber(r.elu1.targetWeight, 1)}`);
  assert.equal(at({}).taylor2.stateBytes, r.taylor2.stateBytes, 'the fixed states keep their size');
});
