// spotlight() of the spotlight's own module (wasm/spotlight.mjs, wasm/bindings/spotlight.cpp): one
// sequence read by softmax and by linear attention under four feature maps. The options are checked for type by one table and passed on by name;
// the core checks the values (wasm/core/spotlight.hpp) and computes every number.
import { check, fields, number, options, string } from './check.mjs';

// [name, type], in the order their types are checked; absent ones take the core's defaults
// (spotlight.d.mts lists them).
const SPOTLIGHT = [
  ['n', number],
  ['d', number],
  ['features', number],
  ['beta', number],
  ['cosine', number],
  ['noise', number],
  ['seed', number],
  ['target', number],
  ['dtype', string],
];
const SPOTLIGHT_OPTIONS = SPOTLIGHT.map(([name]) => name);

export function spotlightApi(M) {
  return {
    spotlight(opts) {
      return check(M.spotlight(fields(options('spotlight options', opts, SPOTLIGHT_OPTIONS), SPOTLIGHT)));
    },
  };
}
