// Formatting only: every number shown here was computed by the core (la.interferenceSweep /
// la.interferenceStore); this file turns it into text and never does arithmetic on it.

import { formatNumber, formatPlain, MINUS } from '../../lib/format.js';

// Made on first use, not when the module loads: a page's first Intl.NumberFormat sets up the
// locale's data, 20-55 ms of main thread, and the chapter loads this module right after its load
// event (for printing) long before the figure shows a number.
let intFmt = null;
let pctFmt = null;

/** A cosine or another quantity in [−1, 1]: `places` decimals ("0.77", "1.00"), typographic minus;
 *  a non-zero value that would round to 0 keeps its significant digits instead ("0.004"), through
 *  the page kit's formatNumber, so it never reads as a bare 0. */
export function formatCos(x, places = 2) {
  if (typeof x !== 'number' || !Number.isFinite(x)) return '?';
  if (x !== 0 && Math.abs(x) < 0.5 * 10 ** -places) return formatNumber(x, places);
  const s = x.toFixed(places);
  return (/^-0(\.0*)?$/.test(s) ? s.slice(1) : s).replace('-', MINUS);
}

/** The number formatCos(x, places) shows, as a number (for a CSV): 0.771, 0.004, never −0. */
export function roundCos(x, places = 2) {
  if (typeof x !== 'number' || !Number.isFinite(x)) return Number.NaN;
  if (x !== 0 && Math.abs(x) < 0.5 * 10 ** -places) return Number(formatPlain(x, places));
  return Number(x.toFixed(places)) + 0;
}

/** A fraction in [0, 1] shown as a percent with at most one decimal ("96%", "0.3%"). */
export function formatPercent(x) {
  if (typeof x !== 'number' || !Number.isFinite(x)) return '?';
  // Never round a few wrong picks away to "0%" (or a few right ones up to "100%").
  if (x > 0 && x < 0.0005) return 'under 0.1%';
  if (x < 1 && x > 0.9995) return 'over 99.9%';
  pctFmt ??= new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });
  return pctFmt.format(x);
}

/** A count with thousands separators ("12,288"). */
export function formatInt(x) {
  if (typeof x !== 'number' || !Number.isFinite(x)) return '?';
  intFmt ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
  return intFmt.format(x);
}

export function plural(n, one, many) {
  return n === 1 ? one : many;
}

/** The label of a key geometry in prose. */
export const KEY_LABELS = {
  random: 'random unit keys',
  orthogonal: 'orthonormal, then random',
  elu1: 'elu+1 features (all positive)',
};

/** A ratio of energies ("0.48", "1.5", "12"): two significant digits. */
export function formatRatio(x) {
  if (typeof x !== 'number' || !Number.isFinite(x)) return '?';
  return x >= 10 ? formatInt(x) : x.toPrecision(2);
}

/** Past this, a crosstalk-to-target ratio is not a figure anyone reads: under a forget gate the
 *  oldest targets fade toward nothing (0.5^95 of their strength after 95 later writes), and the
 *  mean ratio runs to 57 digits or to +Infinity once a target is below double range. */
export const RATIO_SHOWN_UP_TO = 1000;

/** How many times the target's energy the crosstalk carries: "1.5 times", "over 1,000 times"
 *  (also for +Infinity, a target faded to nothing), "under 0.001 times" (orthonormal keys leave
 *  only rounding, 1e-33), "?" when there is no number. */
export function energyTimes(x) {
  if (typeof x !== 'number' || Number.isNaN(x)) return '?';
  if (x > 0 && x < 0.001) return 'under 0.001 times';
  return x >= RATIO_SHOWN_UP_TO ? `over ${formatInt(RATIO_SHOWN_UP_TO)} times` : `${formatRatio(x)} times`;
}

/** "a 64-dimensional", "an 8-dimensional": the article a count takes when read aloud. */
export function withArticle(text) {
  return `${/^(8|11|18)(\D|$)/.test(text) ? 'an' : 'a'} ${text}`;
}

/**
 * The sentence under the chart, from the sweep's numbers at index i (every number the core's):
 * "With 96 associations in a 64-dimensional state, reads come back with cosine 0.77 and the
 * crosstalk carries 1.5 times the target's energy; 4% would pick the wrong stored value."
 * elu+1 keys also say what random unit keys would give (the theory line), so their cost shows.
 * `gate`: the forget gate α (1: none); under a gate a ratio past RATIO_SHOWN_UP_TO says why.
 * `rule`: 'add' or 'delta'. Under the delta rule or a gate the share of wrong picks is an average
 * over every age, and those rules trade old associations for recent ones: the sentence says so and
 * points to recall by age, or a reader would take them for simply worse than the additive rule.
 */
export function sentenceParts(sweep, i, d, keys = 'random', gate = 1, rule = 'add') {
  const n = sweep.ns[i];
  const miss = sweep.missMean[i];
  const head =
    `With ${formatInt(n)} ${plural(n, 'association', 'associations')} in ` +
    `${withArticle(formatInt(d))}-dimensional state, reads come back with cosine ${formatCos(sweep.cosineMean[i])}`;
  const cross = sweep.crosstalkMean[i];
  const energy =
    !Number.isNaN(cross) && cross !== undefined
      ? cross === 0
        ? ' and no crosstalk'
        : ` and the crosstalk carries ${energyTimes(cross)} the target's energy` +
          (gate < 1 && cross >= RATIO_SHOWN_UP_TO
            ? ' (the forget gate has faded the older targets toward nothing)'
            : '')
      : '';
  const cost =
    keys === 'elu1'
      ? ` (random unit keys would give about ${formatCos(sweep.theoryCosine[i])}: all-positive keys overlap)`
      : '';
  const trade = ageTrade(rule, gate);
  const tail =
    miss === 0
      ? 'no read picks a wrong stored value.'
      : trade
        ? `${formatPercent(miss)} would pick the wrong stored value over all ages: ${trade} (see recall by age).`
        : `${formatPercent(miss)} would pick the wrong stored value.`;
  return `${head}${energy}${cost}; ${tail}`;
}

/** What the delta rule and a forget gate give up for what (null for the plain additive rule). */
function ageTrade(rule, gate) {
  const delta = rule === 'delta';
  if (delta && gate < 1)
    return 'the delta rule overwrites and the forget gate fades old associations to keep recent ones';
  if (delta) return 'the delta rule overwrites old associations to keep recent ones exact';
  if (gate < 1) return 'the forget gate fades old associations to keep recent ones clear';
  return null;
}

/** The family each update rule the figure offers comes from (the settings list these; `refs`: the
 *  chapter's references, [citation, anchor]). The figure's gate is one fixed α; the models compute
 *  theirs from each token. */
export const RULE_LINEAGE = [
  {
    rule: 'add+gate',
    name: 'additive rule with a forget gate',
    text: 'the decay of RetNet (a fixed \u03b1, as here), and of GLA and Mamba-2 (an \u03b1 that depends on the input)',
    refs: [
      ['Sun et al., 2023', '#ref-sun2023'],
      ['Yang et al., 2024b', '#ref-yang2024gla'],
      ['Dao & Gu, 2024', '#ref-dao2024'],
    ],
  },
  {
    rule: 'delta',
    name: 'delta rule',
    text: 'DeltaNet: replaces what is stored under k instead of adding to it',
    refs: [['Yang et al., 2024a', '#ref-yang2024deltanet']],
  },
  {
    rule: 'delta+gate',
    name: 'delta rule with a forget gate',
    text: 'Gated DeltaNet, whose gate depends on the input (here it is one fixed \u03b1)',
    refs: [['Yang, Kautz & Hatamizadeh, 2025', '#ref-yang2025gated']],
  },
];

/** The update rule in words: "additive rule", "delta rule, step 1.5", with ", forget gate α = 0.995"
 *  when there is one (α = 1 is none). */
export function ruleText({ rule, gate, step }) {
  const base = rule === 'delta' ? `delta rule, step ${step}` : 'additive rule';
  return gate === 1 ? base : `${base}, forget gate \u03b1 = ${gate}`;
}
