// The words the memory demo uses for the reader's choices, shared by the figures, the chart's
// title, the table's caption and the spoken summary: the model's name, "n sessions", the GPU.
// Formatting only: every byte count here comes from the core (compute.js).

import { formatBytes, groupDigits, longTokens } from './format.js';
import { CUSTOM_ID } from './models.js';
import { gpuBytes } from './state.js';

/** What a model's context limit is called: max_position_embeddings (or the config's like field) is
 *  the positions the config allows, not the length the model was trained at (Mistral-7B-v0.1's
 *  config allows 32,768 positions; its makers give 8K as its context). */
export const LIMIT_NAME = 'configured position limit';

/**
 * The KV cache line's words, from what the line does (the core counts a windowed layer at
 * min(tokens, window), a chunked one at the chunk in progress): { line, legend }. A windowed
 * layer's cache grows until its window is full, then stays flat (a plateau past the window); a
 * chunked layer's cache empties at every chunk boundary (a saw tooth: the chunk in progress), and
 * the line is drawn through the teeth (compute.js, toothTokens). Uncapped layers make the line grow.
 */
export function kvCurveWords(layers) {
  const growing = layers.filter((g) => g.kind !== 'linear' && g.kind !== 'ssm');
  const chunked = growing.some((g) => g.kind === 'attention' && g.chunk);
  const windowed = growing.some((g) => g.kind === 'attention' && g.window);
  const uncapped = growing.length === 0 || growing.some((g) => !(g.kind === 'attention' && (g.window || g.chunk)));
  const tooth = 'saw tooth: the chunk in progress, emptied at each boundary';
  const plateau = 'plateau past the window';
  if (uncapped) {
    const parts = [chunked ? `its chunked layers: ${tooth}` : '', windowed ? `its windowed layers: ${plateau}` : ''];
    const more = parts.filter(Boolean).join('; ');
    return {
      line: chunked ? 'KV cache: grows, with a saw tooth' : 'KV cache: grows',
      legend: `KV cache (grows with context${more ? `; ${more}` : ''})`,
    };
  }
  if (!chunked)
    return { line: `KV cache: ${plateau}`, legend: `KV cache (grows until the window is full, then a ${plateau})` };
  if (!windowed) return { line: 'KV cache: saw tooth, the chunk in progress', legend: `KV cache (${tooth})` };
  return {
    line: 'KV cache: saw tooth on a plateau',
    legend: `KV cache (windowed layers: ${plateau}; chunked layers: ${tooth})`,
  };
}

/** The accessible name of the context slider and of the chart's context handle. */
export const CONTEXT_LABEL = 'Context length (1K to 10M tokens, log scale)';

/** "1 session", "4 sessions" (digits grouped). */
export function sessionsText(n) {
  return `${groupDigits(n)} ${n === 1 ? 'session' : 'sessions'}`;
}

/** The shown model's name, e.g. "Llama-3-8B, every attention layer linear". */
export function modelName(state, resolved) {
  const given = typeof resolved.base.name === 'string' ? resolved.base.name.slice(0, 80) : '';
  const name = state.preset === CUSTOM_ID ? (given ? `${given} (your model)` : 'Custom model') : resolved.base.name;
  return resolved.original ? `${name}, every attention layer linear` : name;
}

/** "the 80 GB GPU (74.51 GiB)": decimal as sold, binary too when the reader reads GiB. */
export function gpuLabel(state) {
  const bytes = BigInt(gpuBytes(state));
  const size =
    formatBytes(bytes, 'decimal').text + (state.unit === 'binary' ? ` (${formatBytes(bytes, 'binary').text})` : '');
  const tp = state.tp ?? 1;
  return tp > 1 ? `${tp} GPUs of ${size} (tensor parallel)` : `the ${size} GPU`;
}

/** The polite live region's sentence: the model, the cache and state now, and what fits. */
export function summaryText(state, results) {
  const u = state.unit;
  const { now, refNow, reference, capacity, resolved } = results;
  const beyond = resolved.maxContext !== null && state.tokens > resolved.maxContext;
  let text =
    `${modelName(state, resolved)} at ${longTokens(state.tokens)}` +
    (beyond ? ` (beyond its ${LIMIT_NAME} of ${longTokens(resolved.maxContext)})` : '') +
    `, ${sessionsText(state.sessions)}: ` +
    `KV cache ${formatBytes(now.kvBytes, u).text}, fixed state ${formatBytes(now.stateBytes, u).text}`;
  if (reference === 'twin')
    text += `; with every attention layer linear the state would be ${formatBytes(refNow.stateBytes, u).text}`;
  return `${text}. ${fitSentence(state, capacity)}`;
}

/** "the weights alone need 86.99 GiB of 80 GB" (each GPU's share, under tensor parallelism). */
export function weightsAloneText(state, capacity) {
  const gpu = formatBytes(BigInt(gpuBytes(state)), 'decimal').text;
  const each = (state.tp ?? 1) > 1 ? ' on each GPU' : '';
  return `the weights alone need ${formatBytes(capacity.weightBytes, state.unit).text} of ${gpu}${each}`;
}

/** Sessions that fit, no finer than the core knows it: "more than 1,000,000" at its limit;
 *  null when the weights are not known (capacity null). */
export function sessionsFitWords(capacity) {
  if (capacity === null) return null;
  const n = groupDigits(capacity.sessionsThatFit);
  return capacity.sessionsAtLimit ? `more than ${n}` : n;
}

/** The summary's last sentence: what fits on the GPU, or why that cannot be said. */
export function fitSentence(state, capacity) {
  const gpu = gpuLabel(state);
  if (capacity === null)
    return `How many sessions fit on ${gpu} needs the model’s parameter count, not given here: enter it as the custom model’s Parameters.`;
  if (!capacity.weightsFit) return `Nothing fits on ${gpu}: ${weightsAloneText(state, capacity)}.`;
  const one = capacity.sessionsThatFit === 1n && !capacity.sessionsAtLimit;
  const words = sessionsFitWords(capacity);
  return `${words.charAt(0).toUpperCase()}${words.slice(1)} ${one ? 'session fits' : 'sessions fit'} on ${gpu}.`;
}
