// The memory demo's state: one plain object of the reader's choices, the only thing event handlers
// change. Defaults, the checks a setting must pass before the core sees it, the merging of settings
// from a link or an embed, and the slider's log scale. Pure: no DOM, no core (tested in node).
// Whether a setting makes sense for the model (a context too long, zero sessions) is the core's call.

import { echo } from '../../lib/numbers.js';
import { groupDigits, parseGigabytes } from './format.js';
import { CUSTOM_ID } from './models.js';

export const MIN_TOKENS = 1000;
export const MAX_TOKENS = 10000000;
export const SLIDER_STEPS = 400; // 100 positions per decade, 1K .. 10M

export const DTYPES = [
  ['fp32', 'fp32 (4 bytes)'],
  ['bf16', 'bf16 (2 bytes)'],
  ['fp8', 'fp8 (1 byte)'],
  ['int4', 'int4 (½ byte)'],
];
export const GPUS = [
  ['24', '24 GB'],
  ['80', '80 GB'],
  ['141', '141 GB'],
  ['192', '192 GB'],
  ['custom', 'Custom'],
];
/** Tensor parallelism: the model split over N GPUs of the chosen budget (the core's `tp`). */
export const TP_CHOICES = [1, 2, 4, 8, 16, 32, 64];
export const UNITS = [
  ['binary', 'GiB (2³⁰ bytes)'],
  ['decimal', 'GB (10⁹ bytes)'],
];
export const Y_SCALES = [
  ['log', 'log'],
  ['linear', 'linear'],
];

/**
 * The figure's settings (settings.js names them for links and attributes).
 * @typedef {{ preset: string, linear: boolean, custom: { layers: object[], params?: number, linearTwin?: object } | null,
 *   tokens: number, sessions: number, kvDtype: string, stateDtype: string, weightDtype: string,
 *   gpu: string, gpuCustom: string, tp: number, unit: string, yScale: string, settings: boolean }} MemoryState
 */

/** @type {Readonly<MemoryState>} */
export const DEFAULTS = Object.freeze({
  preset: 'llama-3-8b',
  linear: false,
  custom: null,
  tokens: 8192, // within Llama-3-8B's configured position limit (max_position_embeddings 8,192)
  sessions: 1,
  kvDtype: 'bf16',
  stateDtype: 'fp32', // as vLLM keeps KDA state and Qwen3.5 configs ask (see STATE_DTYPE_WHY)
  weightDtype: 'bf16',
  gpu: '80',
  gpuCustom: '48',
  tp: 1,
  unit: 'binary',
  yScale: 'log',
  settings: false, // the "Settings" disclosure open (written in links only when true: settings=1)
});

/** @returns {MemoryState} */
/** Why the fixed state defaults to fp32 (shown beside the setting). */
export const STATE_DTYPE_WHY =
  'Fixed state defaults to fp32, as many recurrent layers are served: vLLM keeps Kimi Delta Attention state in ' +
  'fp32, and Qwen3.5 configs set mamba_ssm_dtype to float32, because the state is rewritten at every token and ' +
  'rounding errors would pile up. Not every engine or model does: vLLM keeps MiniMax’s lightning-attention ' +
  'state in the model’s own dtype, refusing fp32 for it (MambaStateDtypeCalculator in its mamba_utils.py).';

export function defaultState() {
  return { ...DEFAULTS };
}

/** A copy the caller may keep or change (the custom model is copied deeply). */
export function cloneState(state) {
  const out = { ...state };
  if (state.custom) out.custom = JSON.parse(JSON.stringify(state.custom));
  return out;
}

/** The copy handed to hosts (getState, onStateChange): a closed "Settings" disclosure is left out,
 *  so links keep the form they always had and only an open one adds settings=true. */
export function linkState(state) {
  const out = cloneState(state);
  if (!out.settings) delete out.settings;
  return out;
}

const oneOf = (options) => (v) => options.some(([o]) => o === v);

/** The shape each setting must have; ranges are left to the core. `presetIds`: the known presets. */
export const checks = (presetIds) => ({
  preset: (v) => typeof v === 'string' && (v === CUSTOM_ID || presetIds.has(v)),
  linear: (v) => typeof v === 'boolean',
  custom: (v) =>
    v === null ||
    (typeof v === 'object' &&
      Array.isArray(v.layers) &&
      (v.name === undefined || (typeof v.name === 'string' && v.name.length <= 200)) &&
      (v.maxContext === undefined || (Number.isInteger(v.maxContext) && v.maxContext > 0))),
  tokens: (v) => typeof v === 'number' && Number.isInteger(v),
  sessions: (v) => typeof v === 'number' && Number.isInteger(v),
  kvDtype: oneOf(DTYPES),
  stateDtype: oneOf(DTYPES),
  weightDtype: oneOf(DTYPES),
  gpu: oneOf(GPUS),
  gpuCustom: (v) => (typeof v === 'string' || typeof v === 'number') && (parseGigabytes(String(v)) ?? 0n) > 0n,
  tp: (v) => TP_CHOICES.includes(v),
  unit: oneOf(UNITS),
  yScale: oneOf(Y_SCALES),
  settings: (v) => typeof v === 'boolean',
});

/**
 * Merges settings (from a link, an embed or a script) into `base`: the fields that pass their
 * check are kept, the others named. `presetIds`: a Set of the known presets. Returns { state
 * (the candidate), patch (the kept fields), notices: [sentence fragments] }. The core has the
 * last word: a candidate it refuses is tried field by field (fieldPatches).
 */
export function mergeState(base, input, presetIds) {
  const CHECKS = checks(presetIds);
  const ignored = [];
  const patch = {};
  if (input && typeof input === 'object') {
    for (const [k, v] of Object.entries(input)) {
      if (!Object.hasOwn(CHECKS, k)) ignored.push(`unknown setting “${k}”`);
      else if (!CHECKS[k](v)) ignored.push(`invalid ${k}`);
      else if (k === 'tokens' && (v < MIN_TOKENS || v > MAX_TOKENS)) {
        patch.tokens = clampTokens(v);
        ignored.push(
          `tokens ${String(v)} outside ${groupDigits(MIN_TOKENS)}…${groupDigits(MAX_TOKENS)}: clamped to ${groupDigits(patch.tokens)}`,
        );
      } else patch[k] = k === 'gpuCustom' ? String(v) : v === 0 ? 0 : v; // never -0
    }
  } else if (input !== undefined) ignored.push('settings were not an object');
  if (patch.preset === CUSTOM_ID && !patch.custom && !base.custom) {
    delete patch.preset;
    ignored.push('preset “custom” without a custom model');
  }
  return { state: { ...base, ...patch }, patch, notices: ignored };
}

/**
 * When the core refuses a patch as a whole, its fields are tried one at a time, in this order;
 * a custom preset travels with its model. Returns [[field, onePatch], ...].
 * @param {Partial<MemoryState>} patch
 * @returns {Array<[string, Partial<MemoryState>]>}
 */
export function fieldPatches(patch) {
  /** @type {Array<[string, Partial<MemoryState>]>} */
  const out = [];
  for (const k of Object.keys(patch)) {
    if (k === 'preset' && patch.preset === CUSTOM_ID && 'custom' in patch) continue; // with custom
    /** @type {Partial<MemoryState>} */
    const one = { [k]: patch[k] };
    if (k === 'custom' && patch.preset === CUSTOM_ID) one.preset = CUSTOM_ID;
    out.push([k, one]);
  }
  return out;
}

/** The reader's GPU budget in bytes (a number); throws a reader-facing Error for bad text. */
export function gpuBytes(state) {
  const text = state.gpu === 'custom' ? String(state.gpuCustom) : state.gpu;
  const bytes = parseGigabytes(text);
  if (bytes === null) throw new Error(`GPU budget: ${echo(text)} is not a number of gigabytes (e.g. 48 or 40.5).`);
  if (bytes === 0n) throw new Error('GPU budget: a GPU of 0 GB holds nothing; use more than 0 GB.');
  return Number(bytes);
}

/** Whole bytes as the state's gigabytes text, exact to the byte: 85899345920 -> "85.89934592". */
export function gigabytesText(bytes) {
  const b = BigInt(bytes);
  const frac = (b % 1000000000n).toString().padStart(9, '0').replace(/0+$/, '');
  return `${b / 1000000000n}${frac ? `.${frac}` : ''}`;
}

/** The context length clamped to the figure's range, 1,000 .. 10,000,000 (never -0). */
export function clampTokens(v) {
  return Math.min(MAX_TOKENS, Math.max(MIN_TOKENS, v));
}

/** Slider position -> tokens, rounded to 3 significant digits (a UI choice of sample points). */
export function tokensAt(pos) {
  const v = MIN_TOKENS * 10 ** ((4 * pos) / SLIDER_STEPS);
  const p = 10 ** (Math.floor(Math.log10(v)) - 2);
  return Math.min(MAX_TOKENS, Math.round(v / p) * p);
}

/** Tokens -> the nearest slider position (clamped to the slider's ends). */
export function positionOf(tokens) {
  const pos = Math.round((Math.log10(Math.max(tokens, 1) / MIN_TOKENS) * SLIDER_STEPS) / 4);
  return Math.min(SLIDER_STEPS, Math.max(0, pos));
}
