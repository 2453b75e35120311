// The KV calculator (wasm/bindings/kv.cpp): la.kvMemory, la.kvCapacity and la.kvCrossover one
// query at a time; la.kvMemoryCurve and la.kvCapacityCurve, a curve of context lengths in one call;
// la.kvView, everything the memory figure shows for one of its states in one call. Arguments are
// checked for type here; models go to the core once each (kv-models.mjs), queries as plain numbers
// with their number formats as codes. Byte counts come back as unsigned 64-bit words: BigInt fields,
// or BigUint64Array columns for a curve.
import { fail, number, numbers, options, refusal, string, wrongType } from './check.mjs';
import { modelCache } from './kv-models.mjs';
import { wireOf } from './wire.mjs';

// The number formats by code: the order of wasm/bindings/kv.cpp, dtype_name.
const DTYPES = ['fp32', 'bf16', 'fp16', 'fp8', 'int8', 'int4'];
// The fields of each result in the order the core packs them (wasm/core/kv_batch.hpp).
const KV_FIELDS = [
  'kvBytesPerToken',
  'growingBytesPerToken',
  'cappedBytesPerToken',
  'kvBytes',
  'growingBytes',
  'cappedBytes',
  'cappedFullTokens',
  'stateBytes',
  'convBytes',
  'totalBytes',
  'perSessionBytes',
];
const CAPACITY_FIELDS = ['weightBytes', 'freeBytes', 'sessionsThatFit', 'longestContext', 'sessionBytes'];
// The capacity's last words, each 0 or 1: true or false in a result, a Uint8Array in a curve.
const FLAGS = ['kvHeadsReplicated', 'sessionsAtLimit', 'longestAtLimit', 'weightsFit'];

// The options kvMemory and kvCapacity share, checked for type.
const KV_OPTIONS = ['tokens', 'sessions', 'kvDtype', 'stateDtype'];
const CAPACITY_OPTIONS = [...KV_OPTIONS, 'gpuBytes', 'weightDtype', 'tp'];
const VIEW_OPTIONS = [...CAPACITY_OPTIONS, 'reference', 'original', 'curve', 'crossover', 'curveFields'];
const CROSSOVER_OPTIONS = ['stateBytes', 'kvDtype'];
function kvQuery(o, tokens = number('tokens', o.tokens)) {
  return {
    tokens,
    sessions: number('sessions', o.sessions, 1),
    kvDtype: string('kvDtype', o.kvDtype, 'bf16'),
    stateDtype: string('stateDtype', o.stateDtype, 'bf16'),
  };
}
function capacityQuery(o, tokens) {
  const q = kvQuery(o, tokens); // checked in this order, as always
  // One literal of one shape: spreading q into it made a figure's update measurably slower.
  return {
    tokens: q.tokens,
    sessions: q.sessions,
    kvDtype: q.kvDtype,
    stateDtype: q.stateDtype,
    gpuBytes: number('gpuBytes', o.gpuBytes),
    weightDtype: string('weightDtype', o.weightDtype, 'bf16'),
    tp: number('tp', o.tp, 1),
  };
}
const code = (name) => DTYPES.indexOf(name); // -1: not a format; the core refuses it by field
// kvCapacity's query as the numbers the binding reads (wasm/bindings/kv.cpp, capacity_options),
// written into `heap` from entry `at` (no array made for them); returns the entry after them.
function writeCapacity(heap, at, q, tokens) {
  heap[at] = tokens;
  heap[at + 1] = q.sessions;
  heap[at + 2] = code(q.kvDtype);
  heap[at + 3] = code(q.stateDtype);
  heap[at + 4] = q.gpuBytes;
  heap[at + 5] = code(q.weightDtype);
  heap[at + 6] = q.tp;
  return at + 7;
}

/** The KV calls of module `M`, and `release()`, which frees the models they keep (la.debug). */
export function kvApi(M) {
  const models = modelCache(M);
  return { api: kvCalls(M, models), release: models.release };
}

// The calls over the flat wire (wasm/bindings/kv.cpp) of module `M`: the curves (the context
// lengths, after kvCapacity's query, in the input buffer; the answer as words), the view and the
// crossover, each answer checked.
function wireCalls(M) {
  const wire = wireOf(M);
  // check() for a call given number formats as codes: a refused format is named with the text the
  // caller gave, as the core words it (dtypeRefusal).
  function checked(result, q) {
    if (typeof result !== 'string') return result;
    const e = refusal(result);
    const name = e.field && /Dtype$/.test(e.field) ? q[e.field] : undefined;
    if (typeof name === 'string' && code(name) < 0) throw refusal(M.dtypeRefusal(e.field, name));
    throw e;
  }
  return {
    memoryCurve(id, tokens, q, one) {
      wire.write(M._la_input(tokens.length) / 8, tokens);
      const n = M._la_kv_memory_curve(id, tokens.length, q.sessions, code(q.kvDtype), code(q.stateDtype), one);
      return checked(wire.words(n), q);
    },
    capacityCurve(id, tokens, q, one) {
      const at = M._la_input(7 + tokens.length) / 8; // after the call: the heap's views follow any growth
      wire.write(writeCapacity(M.HEAPF64, at, q, 0), tokens);
      return checked(wire.words(M._la_kv_capacity_curve(id, tokens.length, one)), q);
    },
    view(model, reference, original, q, curve, crossover, fields) {
      const n = curve.length;
      const start = M._la_input(9 + n) / 8; // after the call: the heap's views follow any growth
      const heap = M.HEAPF64;
      const at = writeCapacity(heap, start, q, q.tokens);
      heap[at] = crossover ? 1 : 0;
      heap[at + 1] = fields.mask;
      wire.write(at + 2, curve);
      return checked(wire.words(M._la_kv_view(model, reference, original, n)), q);
    },
    // The byte count crosses as its two 32-bit halves (2^63 does not fit a double).
    crossover(id, q, sb) {
      const x = M._la_kv_crossover(id, code(q.kvDtype), Number(sb >> 32n), Number(sb & 0xffffffffn));
      return BigInt(Number.isNaN(x) ? checked(wire.refused(), q) : x);
    },
  };
}

function kvCalls(M, models) {
  const wire = wireCalls(M);
  const { memoryCurve, capacityCurve } = wire;
  return {
    kvMemory(model, opts) {
      const q = kvQuery(options('kvMemory options', opts, KV_OPTIONS));
      const id = models.id(models.check(model));
      // A curve of one context length (the same core function, refused with the field 'tokens').
      return kvResult(memoryCurve(id, [q.tokens], q, 1));
    },

    kvCapacity(model, opts) {
      const o = options('kvCapacity options', opts, CAPACITY_OPTIONS);
      const kq = kvQuery(o);
      const m = models.check(model); // the model's types before gpuBytes', as always
      const q = capacityQuery(o, kq.tokens);
      const id = models.id(m);
      return capacityResult(capacityCurve(id, [q.tokens], q, 1));
    },

    kvCrossover(model, opts) {
      const o = options('kvCrossover options', opts, CROSSOVER_OPTIONS);
      const sb = stateBytesOf(o.stateBytes);
      const m = models.check(model);
      const q = { kvDtype: string('kvDtype', o.kvDtype, 'bf16') };
      return wire.crossover(models.id(m), q, sb);
    },

    /** kvMemory at every context length of opts.tokens, in one call: { tokens, <field>: BigUint64Array }. */
    kvMemoryCurve(model, opts) {
      const o = options('kvMemoryCurve options', opts, KV_OPTIONS);
      const q = kvQuery(o, numbers('tokens', o.tokens));
      const id = models.id(models.check(model));
      return kvColumns(memoryCurve(id, q.tokens, q, 0), 0, q.tokens);
    },

    /** kvCapacity at every context length of opts.tokens, in one call (the flags: Uint8Arrays). */
    kvCapacityCurve(model, opts) {
      const o = options('kvCapacityCurve options', opts, CAPACITY_OPTIONS);
      const q = capacityQuery(o, numbers('tokens', o.tokens));
      const id = models.id(models.check(model));
      const big = capacityCurve(id, q.tokens, q, 0);
      const out = columns(big, 0, q.tokens, CAPACITY_FIELDS);
      const n = q.tokens.length;
      const low = new Uint32Array(big.buffer); // a flag's word is 0 or 1: its low half says it
      FLAGS.forEach((f, i) => {
        const flag = new Uint8Array(n);
        const at = 2 * (CAPACITY_FIELDS.length + i) * n;
        for (let j = 0; j < n; j++) flag[j] = low[at + 2 * j];
        out[f] = flag;
      });
      return out;
    },

    /** Everything the memory figure shows for one of its states, in one call (wasm/core/kv_batch.hpp). */
    kvView(model, opts) {
      const o = options('kvView options', opts, VIEW_OPTIONS);
      const q = capacityQuery(o);
      const curve = o.curve === undefined ? NO_CURVE : numbers('curve', o.curve);
      const crossover = o.crossover ?? false;
      if (typeof crossover !== 'boolean') wrongType('crossover must be true or false', 'crossover');
      const fields = curveFieldsOf(o.curveFields);
      // Every argument's type checked before the core converts any model.
      const m = models.check(model);
      const ref = given(models, o.reference, 'reference');
      const orig = given(models, o.original, 'original');
      const id = models.id(m);
      const refId = ref ? models.id(ref) : 0;
      const origId = orig ? models.id(orig) : 0;
      return viewOf(wire.view(id, refId, origId, q, curve, crossover, fields), M, curve, fields);
    },

    /** For tests: how many models the core holds (at most kv-models.mjs MODELS_KEPT). */
    kvModelsHeld: () => models.held(),
  };
}

const NO_CURVE = new Float64Array(0);
// kvView's curveFields: the names, each a field of a KV result, as the core's bits (bit k: the
// k-th of KV_FIELDS) and the names in KV_FIELDS' order, each once. Absent: every field.
const ALL_FIELDS = { mask: 2 ** KV_FIELDS.length - 1, names: KV_FIELDS };
function curveFieldsOf(x) {
  if (x === undefined) return ALL_FIELDS;
  if (!Array.isArray(x)) wrongType('curveFields must be an array of field names', 'curveFields');
  let mask = 0;
  for (let i = 0; i < x.length; i++) {
    const k = KV_FIELDS.indexOf(x[i]);
    if (k < 0) {
      wrongType(
        `curveFields[${i}] is not a field of a KV result (fields: ${KV_FIELDS.join(', ')})`,
        `curveFields[${i}]`,
      );
    }
    mask |= 1 << k;
  }
  if (mask === 0) fail('curveFields must name at least one field', 'curveFields'); // as the core would
  if (mask === ALL_FIELDS.mask) return ALL_FIELDS;
  return { mask, names: KV_FIELDS.filter((_, k) => mask & (1 << k)) };
}
// A model argument that may be absent (undefined or null: none), checked for type.
const given = (models, x, name) => (x === undefined || x === null ? null : models.check(x, name));

// A KV result's fields in KV_FIELDS' order, each read by get(i): one object literal, so that every
// result, and every curve of every field, has one shape (a view makes three results a call).
function kvFields(get) {
  return {
    kvBytesPerToken: get(0),
    growingBytesPerToken: get(1),
    cappedBytesPerToken: get(2),
    kvBytes: get(3),
    growingBytes: get(4),
    cappedBytes: get(5),
    cappedFullTokens: get(6),
    stateBytes: get(7),
    convBytes: get(8),
    totalBytes: get(9),
    perSessionBytes: get(10),
  };
}
// A result's words from `at`.
const kvResult = (b, at = 0) => kvFields((i) => b[at + i]);
// The capacity's words from `at` (CAPACITY_FIELDS, then FLAGS).
function capacityResult(b, at = 0) {
  return {
    weightBytes: b[at],
    freeBytes: b[at + 1],
    sessionsThatFit: b[at + 2],
    longestContext: b[at + 3],
    sessionBytes: b[at + 4],
    kvHeadsReplicated: b[at + 5] === 1n,
    sessionsAtLimit: b[at + 6] === 1n,
    longestAtLimit: b[at + 7] === 1n,
    weightsFit: b[at + 8] === 1n,
  };
}
// A curve's columns (wasm/core/kv_batch.hpp, columns()): views of one fresh copy; `fields` are
// their names, in order.
function columns(big, at, tokens, fields) {
  const n = tokens.length;
  const out = { tokens };
  const { buffer, byteOffset } = big;
  for (let i = 0; i < fields.length; i++) out[fields[i]] = new BigUint64Array(buffer, byteOffset + 8 * (at + i * n), n);
  return out;
}
// The same for KV_FIELDS (kvMemoryCurve, the view's curves).
function kvColumns(big, at, tokens) {
  const n = tokens.length;
  const { buffer, byteOffset } = big;
  return Object.assign(
    { tokens },
    kvFields((i) => new BigUint64Array(buffer, byteOffset + 8 * (at + i * n), n)),
  );
}

// The view's words (wasm/core/kv_batch.hpp, pack()) as its fields.
// capacity: null where the model's weights are not known (the core's refusal names model.params).
// The capacity's and the crossover's refusals are asked of the core only when the words say so.
function viewOf(big, M, curve, fields) {
  const hasRef = big[0] === 1n;
  const hasOrig = big[1] === 1n;
  const [capacityRefusal, crossoverRefusal] = M._la_kv_view_refused() ? M.kvViewRefusals().split('\u0002') : ['', ''];
  const nowAt = 6;
  const capAt = nowAt + KV_FIELDS.length;
  const refAt = capAt + CAPACITY_FIELDS.length + FLAGS.length;
  const origAt = refAt + KV_FIELDS.length;
  let at = origAt + KV_FIELDS.length;
  const next = (present) => {
    if (!present || curve.length === 0) return null;
    const c = fields === ALL_FIELDS ? kvColumns(big, at, curve) : columns(big, at, curve, fields.names);
    at += fields.names.length * curve.length;
    return c;
  };
  let crossover = null;
  if (big[2] === 1n) crossover = crossoverRefusal ? { error: refusal(crossoverRefusal).message } : big[3] - 1n;
  return {
    now: kvResult(big, nowAt),
    capacity: capacityRefusal ? null : capacityResult(big, capAt),
    refNow: hasRef ? kvResult(big, refAt) : null,
    refPerSession: hasRef ? big[4] : null,
    crossover,
    originalNow: hasOrig ? kvResult(big, origAt) : null,
    curve: next(true),
    refCurve: next(hasRef),
    originalCurve: next(hasOrig),
  };
}

/** kvCrossover's stateBytes, a whole number from 0 to 2^63 - 1 (a number up to 2^53, or a BigInt). */
function stateBytesOf(sb) {
  if (typeof sb === 'number') {
    if (!Number.isSafeInteger(sb) || sb < 0) {
      fail(`stateBytes must be a whole number from 0 to 2^53 (got ${sb})`, 'stateBytes');
    }
    return BigInt(sb);
  }
  if (typeof sb !== 'bigint') wrongType('stateBytes must be a number or a BigInt', 'stateBytes');
  if (sb < 0n || sb >= 1n << 63n) fail('stateBytes must be from 0 to 2^63 - 1', 'stateBytes');
  return sb;
}
