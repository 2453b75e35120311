// la.ledgerView: the ledger demo's whole view for one of its states, in one call
// (wasm/core/ledger.hpp, wasm/bindings/memory.cpp), unpacked here into its fields.
import { LinattnError } from '../errors.mjs';
import { fail, number, numbers, options, refusal, wrongType } from './check.mjs';
import { MEMORY_OPTIONS, memoryOptions } from './memory.mjs';
import { wireOf } from './wire.mjs';

// An array of vectors, each `width` numbers long: its rows, checked (to be written row after row).
// Only the shape is checked here, so that rows cannot run into each other; the core checks the
// numbers. A width the core will refuse (dk = 0, 2.5, 10^9) passes no rows: the core then names dk
// or dv.
function rowsOf(name, x, width, maxWidth) {
  if (!Array.isArray(x)) wrongType(`${name} must be an array of vectors`, name);
  if (x.length > MAX_ROWS) fail(`${name} holds ${x.length} vectors, more than the core takes`, name);
  for (let i = 0; i < x.length; i++) numbers(`${name}[${i}]`, x[i]);
  if (!(Number.isInteger(width) && width >= 1 && width <= maxWidth)) return [];
  for (let i = 0; i < x.length; i++) {
    const n = x[i].length;
    if (n !== width) fail(`${name}[${i}] must hold ${width} numbers (got ${n})`, `${name}[${i}]`);
  }
  return x;
}
const MAX_ROWS = 1 << 16;
const VIEW_OPTIONS = [...MEMORY_OPTIONS, 'keys', 'values', 'step', 'query', 'queryIndex'];
// The codes of wasm/bindings/memory.cpp, ledger_view_wire.
const FEATURE_MAPS = ['identity', 'elu1'];
const RULES = ['add', 'delta'];

// check() for a call given rows as one flat array: the core names a bad number by its place in it
// ("keys[5]"); the reader is told its row and column ("keys[2][1]", with width 2).
function checkRows(widths, result) {
  if (typeof result !== 'string') return result;
  const e = refusal(result);
  const m = /^(\w+)\[(\d+)\]$/.exec(e.field ?? '');
  if (!m || !(m[1] in widths)) throw e;
  const at = Number(m[2]);
  const width = widths[m[1]];
  const field = `${m[1]}[${Math.floor(at / width)}][${at % width}]`;
  throw new LinattnError(e.message.split(e.field).join(field), field);
}

// la.ledgerView's one array (wasm/core/ledger.hpp, pack()) as its fields: rows are views of it.
function unpackLedgerView(packed) {
  const [n, dk, dv, step, hasQuery, hasQueryError] = packed;
  let at = 6;
  const { buffer, byteOffset } = packed;
  const take = (count) => {
    const part = new Float64Array(buffer, byteOffset + 8 * at, count);
    at += count;
    return part;
  };
  const features = split(take(n * dk), n, dk);
  const stamps = split(take(step * dk * dv), step, dk * dv);
  const states = split(take(step * dk * dv), step, dk * dv);
  const state = take(dk * dv);
  const normalizer = take(dk);
  const reads = split(take(step * dv), step, dv);
  const errors = take(step);
  let query = null;
  if (hasQuery) {
    const phiQ = take(dk);
    const coefficients = take(step);
    const terms = take(step * dv);
    const [denominator] = take(1);
    const read = take(dv);
    query = { phiQ, coefficients, terms, denominator, read, error: hasQueryError ? take(1)[0] : null };
  }
  const overlaps = split(take(n * n), n, n);
  const angles = take(n);
  const [cache, stateNumbers] = take(2);
  return {
    features,
    writes: stamps.map((stamp, i) => ({ stamp, state: states[i] })),
    state,
    normalizer,
    reads: reads.map((read, i) => ({ read, error: errors[i] })),
    query,
    overlaps,
    angles,
    storage: { cache, state: stateNumbers },
  };
}

// A flat row-major array as `count` rows of `width` (views of it, not copies; made with the
// constructor, quicker than subarray()).
function split(flat, count, width) {
  const rows = new Array(count);
  const { buffer, byteOffset } = flat;
  for (let i = 0; i < count; i++) rows[i] = new Float64Array(buffer, byteOffset + 8 * i * width, width);
  return rows;
}

// The refusal of a memory's settings, as the core words it: the main module asks a MemoryHandle;
// the ledger's own (wasm/ledger.mjs), which has none, asks with the same function.
function settingsRefusal(M, m) {
  if (M.memoryRefusal) return M.memoryRefusal(m);
  const handle = new M.MemoryHandle(m);
  const refused = handle.status();
  handle.delete();
  return refused;
}

/** la.ledgerView over module `M`: the main one (index.mjs) or the ledger's own (ledger.mjs). */
export function ledgerApi(M, limits) {
  const wire = wireOf(M);
  return {
    /** The ledger demo's whole view for one of its states, in one call (wasm/core/ledger.hpp):
     *  the same numbers, bit for bit, as the la.memory calls it replaces. */
    ledgerView(opts) {
      const o = options('ledgerView options', opts, VIEW_OPTIONS);
      const dk = number('dk', o.dk);
      const dv = number('dv', o.dv);
      const m = memoryOptions(o);
      const keys = rowsOf('keys', o.keys, dk, limits.maxDim);
      const values = rowsOf('values', o.values, dv, limits.maxDim);
      const step = number('step', o.step);
      const query = numbers('query', o.query);
      const queryIndex = number('queryIndex', o.queryIndex, -1);
      const phi = FEATURE_MAPS.indexOf(m.featureMap);
      const rule = RULES.indexOf(m.rule);
      // Known names cross as codes with every setting in one array (no option read by name in the
      // core). Another name is refused as the core refuses it in a memory's settings, which
      // ledger_view checks first with the same function (make_memory_config): the refusal quotes it.
      if (phi < 0 || rule < 0) throw refusal(settingsRefusal(M, m));
      const nk = keys.length && keys.length * dk; // no rows: 0, whatever dk is
      const nv = values.length && values.length * dv;
      const put = wire.input(9 + nk + nv + query.length);
      put([m.dk, m.dv, phi, +m.normalize, rule, m.beta, +m.unitKeys, step, queryIndex]);
      for (const row of keys) put(row);
      for (const row of values) put(row);
      put(query);
      const result = wire.numbers(M._la_ledger_view(nk, nv, query.length));
      return unpackLedgerView(checkRows({ keys: dk, values: dv }, result));
    },
  };
}
