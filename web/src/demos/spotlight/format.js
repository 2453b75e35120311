// The spotlight figure's words: each read's name, its readouts and the sentence a screen reader
// hears. Formatting only: every number is the core's (wasm/core/spotlight.hpp).
import { formatNumber } from '../../lib/format.js';

/** Each read's name, in the core's order (softmax, elu1, relu, taylor2, random). */
export const MAP_NAMES = { softmax: 'softmax', elu1: 'elu+1', relu: 'ReLU', taylor2: 'Taylor-2', random: 'FAVOR+' };
/** What each read is, for the row's title (a tooltip) and the legend. */
export const MAP_WORDS = {
  softmax: 'softmax attention at sharpness \u03b2: the spotlight, reading its KV cache',
  elu1: 'linear attention with elu(x) + 1, the chapter\u2019s feature map',
  relu: 'linear attention with ReLU features',
  taylor2: 'linear attention with 1 + x + x\u00b2/2, exp to second order (as in Based)',
  random: 'linear attention with m positive random features estimating exp (FAVOR+)',
};

/** A read's name with its parameter: "softmax, β = 8", "FAVOR+, m = 64". */
export function readName(map, settings) {
  if (map === 'softmax') return `softmax, \u03b2 = ${formatNumber(settings.beta, 3)}`;
  if (map === 'random') return `FAVOR+, m = ${settings.features}`;
  return MAP_NAMES[map];
}

const UNITS = ['B', 'KiB', 'MiB', 'GiB'];
/** Whole bytes in binary units: 512 -> "512 B", 1536 -> "1.5 KiB". */
export function bytesText(bytes) {
  let i = 0;
  let x = bytes;
  while (x >= 1024 && i < UNITS.length - 1) {
    x /= 1024;
    i += 1;
  }
  return `${formatNumber(x, x < 10 && i > 0 ? 2 : 1)} ${UNITS[i]}`;
}

/** "31.3 tokens read", "1 token read". */
function tokensRead(x) {
  const text = formatNumber(x, 1);
  return `${text} ${text === '1' ? 'token' : 'tokens'} read`;
}

/** A read's readouts, as the figure labels them: weight on the target, tokens read, read-back
 *  cosine, state. `short` for a narrow figure. */
export function readouts(read, short = false) {
  if (read.empty) return { weight: 'no read', tokens: '', cosine: '', state: bytesText(read.stateBytes) };
  return {
    weight: `${short ? '' : 'target '}${formatNumber(read.targetWeight, 2)}`,
    tokens: short ? `${formatNumber(read.effectiveTokens, 1)} tok` : tokensRead(read.effectiveTokens),
    cosine: `cos ${formatNumber(read.readCosine, 2)}`,
    state: `${bytesText(read.stateBytes)}${read.map === 'softmax' ? ' cache' : ' state'}`,
  };
}

/** The sentence a screen reader hears for one result. */
export function summaryText(result, settings) {
  const [soft, ...linear] = result.reads;
  const best = linear.reduce((a, b) => (b.targetWeight > a.targetWeight ? b : a));
  const elu = linear[0];
  return (
    `${result.n} tokens, the others at cosine ${formatNumber(settings.cosine, 2)} to the target. ` +
    `Softmax at \u03b2 = ${formatNumber(settings.beta, 3)} puts ${formatNumber(soft.targetWeight, 2)} of its weight on the target ` +
    `(${tokensRead(soft.effectiveTokens)}) from a ${bytesText(soft.stateBytes)} cache; ` +
    `elu+1 puts ${formatNumber(elu.targetWeight, 2)} (${tokensRead(elu.effectiveTokens)}) from a ${bytesText(elu.stateBytes)} state; ` +
    `the sharpest map, ${readName(best.map, settings)}, ${formatNumber(best.targetWeight, 2)} from ${bytesText(best.stateBytes)}.`
  );
}
