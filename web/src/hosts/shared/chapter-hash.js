// The chapter link's hash: each demo's settings after an optional section anchor, e.g.
//   #where-retrieval-breaks-down&ledger.featureMap=elu1&ledger.step=2&overcapacity.d=32
// (one "demo.setting=value" per setting; the encoding of values is settings-codec.js's). The anchor
// comes first, without "=", so a reader who plays with a figure and then copies the address still
// shares the section they were reading; a plain anchor, or settings alone, read as they always did.
// Read and written by the chapter (chapter/permalink.js); written by the embed page for its link
// back to the chapter. Pure: no URL or document is read here, so node can use it too.
import { DEMO_NAMES, decodeSettings, encodeSettings, quote, toQuery } from './settings-codec.js';

/**
 * Splits a hash into { anchor, query }: `anchor` is the first '&'-separated part when it has no
 * '=' (an element id, decoded), `query` the settings after it. '#a' -> anchor a; '#x.y=1' -> query.
 */
export function splitHash(hash) {
  const text = String(hash ?? '').replace(/^#/, '');
  if (!text) return { anchor: '', query: '' };
  const amp = text.indexOf('&');
  const first = amp < 0 ? text : text.slice(0, amp);
  if (first.includes('=')) return { anchor: '', query: text };
  let anchor = first;
  try {
    anchor = decodeURIComponent(first);
  } catch {
    // a malformed escape: keep the text as it is
  }
  return { anchor, query: amp < 0 ? '' : text.slice(amp + 1) };
}

/**
 * Reads demo settings from a hash. Returns { anchor, states: {demo: settings}, notices: {demo:
 * [text]}, order: [demo names in order of appearance], other: [text] (about names that are no
 * demo) }.
 */
export function readHash(hash) {
  const { anchor, query } = splitHash(hash);
  const out = { anchor, states: {}, notices: {}, order: [], other: [] };
  if (!query) return out;
  const byDemo = new Map();
  const strangers = [];
  for (const [key, value] of new URLSearchParams(query)) {
    const dot = key.indexOf('.');
    const demo = dot > 0 ? key.slice(0, dot) : '';
    if (!DEMO_NAMES.includes(demo)) {
      strangers.push(key);
      continue;
    }
    if (!byDemo.has(demo)) byDemo.set(demo, []);
    byDemo.get(demo).push([key.slice(dot + 1), value]);
  }
  for (const [demo, entries] of byDemo) {
    const { state, notices } = decodeSettings(demo, entries);
    out.states[demo] = state;
    out.notices[demo] = notices;
    out.order.push(demo);
  }
  if (strangers.length) {
    out.other.push(
      `Link settings for no figure of this page ignored: ${strangers
        .slice(0, 4)
        .map((k) => quote(k))
        .join(', ')}` + `${strangers.length > 4 ? ` and ${strangers.length - 4} more` : ''}.`,
    );
  }
  return out;
}

/** The hash for demo states { demo: state } (states as getState() returns them), after `anchor`. */
export function hashFor(states, anchor = '') {
  const entries = [];
  for (const [demo, state] of Object.entries(states)) {
    for (const [k, v] of encodeSettings(demo, state)) entries.push([`${demo}.${k}`, v]);
  }
  const parts = [anchor ? encodeURIComponent(anchor) : '', entries.length ? toQuery(entries) : ''].filter(Boolean);
  return parts.length ? `#${parts.join('&')}` : '';
}
