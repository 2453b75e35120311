// Reading one config object: whole numbers with the field's name in every message, defaults that
// say where they come from, and Python's NaN / Infinity kept apart from "absent" (the parser turns
// them into NON_FINITE markers, so a field that sizes the memory can refuse them by name).

import { LinattnError, LinattnTypeError } from '../errors.mjs';

// The core's own limits (wasm/core/kv_memory.cpp), checked here so a refusal names the config
// field that produced the number, not the layer group built from it.
export const LIMITS = {
  layers: 10000,
  kvHeads: 4096,
  headDim: 65536,
  linearHeads: 4096,
  ssmHeads: 1 << 20,
  stateDim: 65536,
  latentDim: 1 << 20,
  convKernel: 64,
  convChannels: 1 << 24,
  tokens: 1e10,
  params: 1e14,
  dim: 1 << 24, // widths that are only factors (hidden_size, vocab_size)
};

export const grouped = (n) => n.toLocaleString('en-US');

/** The API's error for a config field, with `.field` naming the config key: a LinattnTypeError
 *  (a TypeError) for a wrong type or a missing field, a LinattnError (a RangeError) otherwise. */
export function configError(Kind, field, message) {
  return Kind === TypeError ? new LinattnTypeError(message, field) : new LinattnError(message, field);
}

/** NaN, Infinity or -Infinity as the parser found it (see parse.mjs). */
export class NonFinite {
  constructor(text) {
    this.text = text;
  }
}
export const isNonFinite = (v) => v instanceof NonFinite;
export const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v) && !isNonFinite(v);

/**
 * Field readers over one config object. `at` is its path for messages ('config.text_config');
 * `defaults` ({ source, values }) supplies what transformers' configuration class would, each use
 * noted; `fallback` is an outer object (a wrapper's top level) read for keys this one lacks.
 */
export function reader(cfg, at, notes, defaults = null, fallback = null) {
  const own = (key) => cfg[key] !== undefined;
  const from = (key) => (own(key) || !fallback || fallback.cfg[key] === undefined ? null : fallback);
  const path = (key) => (from(key) ? fallback.path(key) : `${at}.${key}`);
  const raw = (key) => (from(key) ? fallback.cfg[key] : cfg[key]);
  // Present: given with a value (null is Python's None: given as "none"); NaN counts as given.
  const has = (key) => raw(key) !== undefined && raw(key) !== null;
  const defaulted = (key) => raw(key) === undefined && defaults !== null && Object.hasOwn(defaults.values, key);

  function value(key) {
    if (has(key)) return raw(key);
    if (defaulted(key)) {
      const v = defaults.values[key];
      const shown =
        typeof v === 'number'
          ? grouped(v)
          : Array.isArray(v) && v.length > 4
            ? `${v.length} entries`
            : JSON.stringify(v);
      notes.push(`${key}: ${shown}, ${defaults.source} default.`);
      return v;
    }
    return undefined;
  }
  function whole(key, max, fallbackValue) {
    const v = value(key);
    if (v === undefined) {
      if (fallbackValue !== undefined) return fallbackValue;
      throw configError(TypeError, path(key), `${path(key)} is missing`);
    }
    if (isNonFinite(v) || (typeof v === 'number' && !Number.isFinite(v))) {
      throw configError(
        RangeError,
        path(key),
        `${path(key)} is ${isNonFinite(v) ? v.text : String(v)}: it sizes the memory, so it must be a finite whole number`,
      );
    }
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > max) {
      // A number past 2^53 in its exponent form: 1e+308, not 309 digits.
      const got = typeof v === 'number' ? (Math.abs(v) < 2 ** 53 ? grouped(v) : String(v)) : JSON.stringify(v);
      throw configError(
        RangeError,
        path(key),
        `${path(key)} must be a whole number from 1 to ${grouped(max)} (got ${got})`,
      );
    }
    return v;
  }
  return {
    cfg,
    at,
    notes,
    defaults,
    has,
    /** Given, or supplied by the family's defaults. */
    known: (key) => has(key) || defaulted(key),
    path,
    raw,
    value,
    layers: (key = 'num_hidden_layers') => whole(key, LIMITS.layers),
    dim: (key, max = LIMITS.dim, fallbackValue = undefined) => whole(key, max, fallbackValue),
    tokens: (key, fallbackValue) => whole(key, LIMITS.tokens, fallbackValue),
    list(key) {
      const v = value(key);
      if (!Array.isArray(v)) throw configError(TypeError, path(key), `${path(key)} must be a list`);
      return v;
    },
    string(key) {
      const v = value(key);
      if (typeof v !== 'string') throw configError(TypeError, path(key), `${path(key)} must be a string`);
      return v;
    },
    flag: (key) => value(key) === true,
  };
}

/** A context limit (max_position_embeddings and the like): a whole number of tokens, or undefined
 *  when absent or infinite. It sizes nothing (the reader picks the context), so Infinity or NaN
 *  means "not stated", noted, rather than a refusal. */
export function contextLimit(r, key) {
  if (!r.known(key)) return undefined;
  const v = r.value(key);
  if (isNonFinite(v) || (typeof v === 'number' && !Number.isFinite(v))) {
    r.notes.push(`${key} is ${isNonFinite(v) ? v.text : String(v)}: read as not stated.`);
    return undefined;
  }
  return r.tokens(key);
}

/** A size built from several fields, held to the core's limit with those fields named. */
export function within(r, n, max, keys, what) {
  if (n > max) {
    const names = keys.map((k) => r.path(k));
    throw configError(
      RangeError,
      names[0],
      `${what} from ${names.join(', ')} is ${grouped(n)}: more than ${grouped(max)}`,
    );
  }
  return n;
}

/** head_dim as given (or a family default); hidden_size / num_attention_heads otherwise. */
export function headDim(r, keys = ['head_dim']) {
  for (const k of keys) if (r.known(k)) return r.dim(k, LIMITS.headDim);
  const hidden = r.dim('hidden_size');
  const heads = r.dim('num_attention_heads');
  if (hidden % heads !== 0) {
    throw configError(
      RangeError,
      r.path(keys[0]),
      `${r.path(keys[0])} is missing and hidden_size ${grouped(hidden)} is not a multiple of num_attention_heads ${grouped(heads)}`,
    );
  }
  r.notes.push(`${keys[0]} absent: hidden_size / num_attention_heads = ${grouped(hidden / heads)}.`);
  return within(r, hidden / heads, LIMITS.headDim, ['hidden_size', 'num_attention_heads'], 'head_dim');
}

/** num_key_value_heads as given or defaulted; the query-head count (no grouping) otherwise. Each
 *  key/value head serves a whole group of query heads: it must divide them, and be no more. */
export function kvHeads(r, key = 'num_key_value_heads') {
  if (r.known(key)) {
    const kv = r.dim(key, LIMITS.kvHeads);
    // A count of query heads is held to its bound (a per-layer list, as Laguna's, is left to its reader).
    const given = r.known('num_attention_heads') ? r.value('num_attention_heads') : undefined;
    const heads = typeof given === 'number' ? r.dim('num_attention_heads', LIMITS.dim) : undefined;
    if (heads !== undefined) {
      if (kv > heads) {
        throw configError(
          RangeError,
          r.path(key),
          `${r.path(key)} is ${grouped(kv)}: more key/value heads than the ${grouped(heads)} attention heads (num_attention_heads)`,
        );
      }
      if (heads % kv !== 0) {
        throw configError(
          RangeError,
          r.path(key),
          `${r.path(key)} ${grouped(kv)} does not divide num_attention_heads ${grouped(heads)}: each key/value head serves a whole group of query heads`,
        );
      }
    }
    return kv;
  }
  r.notes.push(`${key} absent: every query head keeps its own key and value (num_attention_heads).`);
  return r.dim('num_attention_heads', LIMITS.kvHeads);
}

/** A full-attention layer shape from the usual keys. */
export function attention(r, extra = {}) {
  return { kind: 'attention', kvHeads: kvHeads(r), headDim: headDim(r), ...extra };
}
