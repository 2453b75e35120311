// The words the memory demo uses for the reader's choices, shared by the figures, the chart's
// title, the table's caption and the spoken summary: the model's name, "n sessions", the GPU.
// Formatting only: every byte count here comes from the core (compute.js).

import { formatBytes, groupDigits, longTokens } from './format.js';
import { CUSTOM_ID } from './models.js';
import { gpuBytes } from './state.js';

/** "1 session", "4 sessions" (digits grouped). */
export function sessionsText(n) {
  return `${groupDigits(n)} ${n === 1 ? 'session' : 'sessions'}`;
}

/** The shown model's name, e.g. "Llama-3-8B, every attention layer linear". */
export function modelName(state, resolved) {
  const name = state.preset === CUSTOM_ID ? 'Custom model' : resolved.base.name;
  return resolved.original ? `${name}, every attention layer linear` : name;
}

/** "the 80 GB GPU (74.51 GiB)": decimal as sold, binary too when the reader reads GiB. */
export function gpuLabel(state) {
  const bytes = BigInt(gpuBytes(state));
  return (
    `the ${formatBytes(bytes, 'decimal').text} GPU` +
    (state.unit === 'binary' ? ` (${formatBytes(bytes, 'binary').text})` : '')
  );
}

/** The polite live region's sentence: the model, the cache and state now, and what fits. */
export function summaryText(state, results) {
  const u = state.unit;
  const { now, refNow, reference, capacity, resolved } = results;
  let text =
    `${modelName(state, resolved)} at ${longTokens(state.tokens)}, ${sessionsText(state.sessions)}: ` +
    `KV cache ${formatBytes(now.kvBytes, u).text}, fixed state ${formatBytes(now.stateBytes, u).text}`;
  if (reference === 'twin')
    text += `; with every attention layer linear the state would be ${formatBytes(refNow.stateBytes, u).text}`;
  text += `. ${groupDigits(capacity.sessionsThatFit)} ${capacity.sessionsThatFit === 1n ? 'session fits' : 'sessions fit'} on ${gpuLabel(state)}.`;
  return text;
}
