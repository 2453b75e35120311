// Demo settings <-> text, for permalinks (the chapter's hash, embed.html's query) and for the
// custom elements' attributes. This file only converts and screens text: whether a value is in
// range is the demo's call (its setState clamps or ignores it with a visible notice). What cannot
// even be read (not a number, broken JSON, unknown names, absurd lengths) is dropped here and
// reported in `notices`, which the caller shows as text (never as HTML).

import { DEMOS, DEMO_NAMES } from '../../demos/registry.js';
import { echo, readDecimal } from '../../lib/numbers.js';

/** Each demo's settings and how each is written in a URL or an attribute. Kinds:
 *  number  1.5, -2, 1e3        bool   true | false (an empty attribute is true)
 *  string  as is               list   comma-separated numbers: 0.6,0.8
 *  pairs   the ledger's associations, k:v pairs joined by ';': 1,0:3,1;0,1:-2,4
 *  json    JSON text (the memory demo's custom model); null clears it
 * Each demo's schema is its folder's settings.js, listed in web/src/demos/registry.js. */
export const SCHEMAS = Object.fromEntries(DEMOS.map((d) => [d.name, d.settings]));

export { DEMO_NAMES };

/** Query parameters that belong to the embed page or to the embedding protocols, not to a demo. */
const RESERVED_PARAMS = new Set(['demo', 'theme', 'caption', 'childId', 'initialWidth', 'parentTitle', 'parentUrl']);

const MAX_VALUE_LENGTH = 20000; // a custom model in JSON stays well under this
const MAX_SETTINGS = 40; // more names than this is not a demo's settings

/** Short, printable form of outside text for a notice (shown with textContent): quoted, at most
 *  `max` characters, control characters blanked. The page kit's echo(). */
export const quote = echo;

/** A number in a URL or attribute; what it is wrong about in words that follow "Setting “x”". */
function parseNumberText(text) {
  const r = readDecimal(text);
  if (r.problem === 'infinite') return { error: 'is too large' }; // the demo decides what is in range
  if (r.problem) return { error: 'is not a number' };
  return { value: r.value };
}

function parseList(text) {
  const out = [];
  for (const part of text.split(',')) {
    const p = parseNumberText(part);
    if (p.error) return { error: `has ${quote(part, 12)}, which ${p.error}` };
    out.push(p.value);
  }
  return { value: out };
}

function parsePairs(text) {
  const t = text.trim();
  if (t.startsWith('[')) return parseJson(t);
  if (t === '') return { value: [] };
  const out = [];
  for (const pair of t.split(';')) {
    const [k, v, extra] = pair.split(':');
    if (v === undefined || extra !== undefined) return { error: 'must be key:value pairs like 1,0:3,1;0,1:-2,4' };
    const kk = parseList(k);
    const vv = parseList(v);
    if (kk.error || vv.error) return { error: kk.error ?? vv.error };
    out.push({ k: kk.value, v: vv.value });
  }
  return { value: out };
}

function parseJson(text) {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return { error: 'is not valid JSON' };
  }
}

function decodeValue(kind, text) {
  switch (kind) {
    case 'number':
      return parseNumberText(text);
    case 'list':
      return parseList(text);
    case 'pairs':
      return parsePairs(text);
    case 'json':
      return parseJson(text);
    case 'bool': {
      const t = text.trim().toLowerCase();
      if (t === '' || t === 'true' || t === '1') return { value: true };
      if (t === 'false' || t === '0') return { value: false };
      return { error: 'must be true or false' };
    }
    default:
      return { value: text };
  }
}

/**
 * Reads settings for demo `name` from [key, text] entries (a query, a hash, attributes).
 * Returns { state, notices }: `state` holds only the settings that could be read, typed for the
 * demo's setState; `notices` says in plain words what was ignored.
 */
export function decodeSettings(name, entries) {
  const schema = SCHEMAS[name];
  const state = {};
  const notices = [];
  const unknown = [];
  let count = 0;
  for (const [rawKey, rawText] of entries) {
    const key = String(rawKey);
    if (RESERVED_PARAMS.has(key)) continue;
    if (!schema || !Object.hasOwn(schema, key)) {
      unknown.push(key);
      continue;
    }
    if (++count > MAX_SETTINGS) {
      notices.push('Too many settings; the rest were ignored.');
      break;
    }
    const text = String(rawText);
    if (text.length > MAX_VALUE_LENGTH) {
      notices.push(`Setting ${quote(key)} is too long (${text.length} characters); ignored.`);
      continue;
    }
    const r = decodeValue(schema[key], text);
    if (r.error) notices.push(`Setting ${quote(key)} ${r.error} (got ${quote(text, 24)}); ignored.`);
    else state[key] = r.value;
  }
  if (unknown.length) {
    const shown = unknown
      .slice(0, 4)
      .map((k) => quote(k))
      .join(', ');
    const more = unknown.length > 4 ? ` and ${unknown.length - 4} more` : '';
    notices.push(`Unknown ${unknown.length === 1 ? 'setting' : 'settings'} ${shown}${more} ignored.`);
  }
  return { state, notices };
}

function encodeValue(kind, value) {
  if (kind === 'pairs' && Array.isArray(value)) {
    return value.map((a) => `${a.k.map(String).join(',')}:${a.v.map(String).join(',')}`).join(';');
  }
  if (kind === 'list' && Array.isArray(value)) return value.map(String).join(',');
  if (kind === 'json') return JSON.stringify(value);
  return String(value);
}

/** [key, text] entries for a demo's state (from getState()): every field, so a link restores
 *  exactly what was on screen. A custom model that is not set (null) is left out. */
export function encodeSettings(name, state) {
  const schema = SCHEMAS[name] ?? {};
  const out = [];
  for (const [key, value] of Object.entries(state ?? {})) {
    if (value === undefined || (value === null && schema[key] === 'json')) continue;
    out.push([key, encodeValue(schema[key] ?? 'json', value)]);
  }
  return out;
}

// Percent-encode only what would break a query or a hash, or an HTML attribute the snippet is
// pasted into; keep , : ; [ ] readable.
const escapePart = (s) =>
  encodeURIComponent(s)
    .replace(/%2C/g, ',')
    .replace(/%3A/g, ':')
    .replace(/%3B/g, ';')
    .replace(/%5B/g, '[')
    .replace(/%5D/g, ']')
    .replace(/%40/g, '@')
    .replace(/%2F/g, '/');

/** "a=1&b=x,y" from [key, text] entries (the inverse of URLSearchParams' reading). */
export function toQuery(entries) {
  return entries.map(([k, v]) => `${escapePart(k)}=${escapePart(v)}`).join('&');
}

/** camelCase setting -> attribute name: featureMap -> feature-map. */
export const attributeName = (key) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Attribute name -> setting for demo `name`: feature-map and featuremap both -> featureMap. */
export function settingOfAttribute(name, attr) {
  const schema = SCHEMAS[name] ?? {};
  const a = attr.toLowerCase();
  return Object.keys(schema).find((k) => attributeName(k) === a || k.toLowerCase() === a) ?? null;
}
