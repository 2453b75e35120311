// Both ends of a call into the bound core (wasm/bindings/): the friendly arguments checked for
// type on the way in (a wrong type throws a LinattnTypeError naming the field; the core checks
// the values), and the core's refusal turned into a thrown LinattnError on the way out.
import { LinattnError, LinattnTypeError } from '../errors.mjs';

export function fail(message, field) {
  throw new LinattnError(message, field);
}
export function wrongType(message, field) {
  throw new LinattnTypeError(message, field);
}

// The binding's refusal, "field\u0001message" (wasm/bindings/wire.hpp), as a LinattnError.
const FIELD_END = '\u0001';
export function refusal(text) {
  const end = text.indexOf(FIELD_END);
  return new LinattnError(text.slice(end + 1), end > 0 ? text.slice(0, end) : null);
}
/** A bound call's answer: its result, or (a string) the refusal, thrown. */
export function check(result) {
  if (typeof result === 'string') throw refusal(result);
  return result;
}
/** A check* call's answer: "" when the core accepts, else the refusal, thrown. */
export function checkOnly(refused) {
  if (refused) throw refusal(refused);
}

export const MAX_ARRAY = 1 << 24;

// Plain numbers for the core: an Array of numbers or a typed array, checked, not copied (the flat
// wire writes it into the core's memory itself: wire.mjs).
export function numbers(name, x) {
  if (ArrayBuffer.isView(x) && !(x instanceof DataView)) {
    if (typeof x[0] === 'bigint') wrongType(`${name} must hold numbers, not BigInt`, name);
  } else if (Array.isArray(x)) {
    for (let i = 0; i < x.length; i++) {
      if (typeof x[i] !== 'number') {
        wrongType(`${name}[${i}] must be a number (got ${typeof x[i]})`, `${name}[${i}]`);
      }
    }
  } else {
    wrongType(`${name} must be an array of numbers or a Float64Array`, name);
  }
  if (x.length > MAX_ARRAY) fail(`${name} is too long (${x.length} numbers)`, name);
  return x;
}
// The same as a Float64Array for an Embind call.
export function vector(name, x) {
  numbers(name, x);
  // Always a fresh copy: a Float64Array whose buffer is detached (transferred) would otherwise
  // reach Embind, whose copy into the heap then throws inside WebAssembly; that unwinding leaks
  // the call's stack and heap, and some 36,000 such calls broke the module (tests/api/fuzz.test.mjs).
  // slice() on a detached array throws a TypeError here instead, before any WebAssembly runs.
  return x instanceof Float64Array ? x.slice() : Float64Array.from(x);
}

// An options object: plain object, no unknown keys. `path` names it in `field` ('model',
// 'model.layers[2]'); null for a call's options bag, whose keys are the fields themselves.
export function options(name, x, allowed, path = null) {
  if (x === undefined) return {};
  if (x === null || typeof x !== 'object' || Array.isArray(x)) {
    wrongType(`${name} must be an object`, path);
  }
  let known = ALLOWED.get(allowed); // a Set per list: a figure's update checks its options every time
  if (!known) {
    known = new Set(allowed);
    ALLOWED.set(allowed, known);
  }
  for (const key of Object.keys(x)) {
    if (!known.has(key)) {
      wrongType(`${name}.${key} is not an option (options: ${allowed.join(', ')})`, path ? `${path}.${key}` : key);
    }
  }
  return x;
}
const ALLOWED = new WeakMap();

export function number(name, x, fallback) {
  if (x === undefined) {
    if (fallback === undefined) wrongType(`${name} is required`, name);
    return fallback;
  }
  if (typeof x !== 'number') wrongType(`${name} must be a number (got ${typeof x})`, name);
  return x;
}
export function string(name, x, fallback) {
  if (x === undefined) return fallback;
  if (typeof x !== 'string') wrongType(`${name} must be a string (got ${typeof x})`, name);
  return x;
}
export function boolean(name, x, fallback) {
  if (x === undefined) return fallback;
  if (typeof x !== 'boolean') wrongType(`${name} must be true or false (got ${typeof x})`, name);
  return x;
}

export const REQUIRED = true;
/** The fields `spec` lists ([name, type, REQUIRED?], in the order they are checked) of the
 *  options `o`, each checked for type, as a fresh plain object the binding reads by name. An
 *  absent optional field is left out: the core's default applies (wasm/core/, the *Options
 *  structs). */
export function fields(o, spec) {
  const out = {};
  for (const [name, type, required] of spec) {
    if (o[name] !== undefined || required) out[name] = type(name, o[name]);
  }
  return out;
}
