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
const VIEW_OPTIONS = [...CAPACITY_OPTIONS, 'reference', 'original', 'curve', 'crossover'];
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
  const q = kvQuery(o, tokens); // checked in this order, as always; one object, no spread
  q.gpuBytes = number('gpuBytes', o.gpuBytes);
  q.weightDtype = string('weightDtype', o.weightDtype, 'bf16');
  q.tp = number('tp', o.tp, 1);
  return q;
}
const code = (name) => DTYPES.indexOf(name); // -1: not a format; the core refuses it by field
// kvCapacity's query as the numbers the binding reads (wasm/bindings/kv.cpp, capacity_options).
const capacityNumbers = (q, tokens) => [
  tokens,
  q.sessions,
  code(q.kvDtype),
  code(q.stateDtype),
  q.gpuBytes,
  code(q.weightDtype),
  q.tp,
];

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
      wire.input(tokens.length)(tokens);
      const n = M._la_kv_memory_curve(id, tokens.length, q.sessions, code(q.kvDtype), code(q.stateDtype), one);
      return checked(wire.words(n), q);
    },
    capacityCurve(id, tokens, q, one) {
      const put = wire.input(7 + tokens.length);
      put(capacityNumbers(q, 0));
      put(tokens);
      return checked(wire.words(M._la_kv_capacity_curve(id, tokens.length, one)), q);
    },
    view(ids, q, curve, crossover) {
      const put = wire.input(8 + curve.length);
      put(capacityNumbers(q, q.tokens));
      put([crossover ? 1 : 0]);
      put(curve);
      return checked(wire.words(M._la_kv_view(...ids, curve.length)), q);
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
      return columns(memoryCurve(id, q.tokens, q, 0), 0, q.tokens, KV_FIELDS);
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
      const curve = o.curve === undefined ? new Float64Array(0) : numbers('curve', o.curve);
      const crossover = o.crossover ?? false;
      if (typeof crossover !== 'boolean') wrongType('crossover must be true or false', 'crossover');
      const given = (x, name) => (x === undefined || x === null ? null : models.check(x, name));
      const all = [models.check(model), given(o.reference, 'reference'), given(o.original, 'original')];
      const big = wire.view(
        all.map((m) => (m ? models.id(m) : 0)),
        q,
        curve,
        crossover,
      );
      return viewOf(big, M, curve);
    },

    /** For tests: how many models the core holds (at most kv-models.mjs MODELS_KEPT). */
    kvModelsHeld: () => models.held(),
  };
}

function kvResult(big, at = 0) {
  const out = {};
  for (let i = 0; i < KV_FIELDS.length; i++) out[KV_FIELDS[i]] = big[at + i];
  return out;
}
// The capacity's words from `at` (no view made of them).
function capacityResult(big, at = 0) {
  const out = {};
  for (let i = 0; i < CAPACITY_FIELDS.length; i++) out[CAPACITY_FIELDS[i]] = big[at + i];
  const flags = at + CAPACITY_FIELDS.length;
  for (let i = 0; i < FLAGS.length; i++) out[FLAGS[i]] = big[flags + i] === 1n;
  return out;
}
// A curve's columns (wasm/core/kv_batch.hpp, columns()): views of one fresh copy.
function columns(big, at, tokens, fields) {
  const n = tokens.length;
  const out = { tokens };
  const { buffer, byteOffset } = big;
  for (let i = 0; i < fields.length; i++) out[fields[i]] = new BigUint64Array(buffer, byteOffset + 8 * (at + i * n), n);
  return out;
}

// The view's words (wasm/core/kv_batch.hpp, pack()) as its fields.
// capacity: null where the model's weights are not known (the core's refusal names model.params).
// The capacity's and the crossover's refusals are asked of the core only when the words say so.
function viewOf(big, M, curve) {
  const [hasRef, hasOrig, hasCross, crossPlus1, refPerSession] = big;
  const [capacityRefusal, crossoverRefusal] = M._la_kv_view_refused() ? M.kvViewRefusals().split('\u0002') : ['', ''];
  const nowAt = 6;
  const capAt = nowAt + KV_FIELDS.length;
  const refAt = capAt + CAPACITY_FIELDS.length + FLAGS.length;
  const origAt = refAt + KV_FIELDS.length;
  let at = origAt + KV_FIELDS.length;
  const next = (present) => {
    if (!present || curve.length === 0) return null;
    const c = columns(big, at, curve, KV_FIELDS);
    at += KV_FIELDS.length * curve.length;
    return c;
  };
  let crossover = null;
  if (hasCross) crossover = crossoverRefusal ? { error: refusal(crossoverRefusal).message } : crossPlus1 - 1n;
  return {
    now: kvResult(big, nowAt),
    capacity: capacityRefusal ? null : capacityResult(big, capAt),
    refNow: hasRef ? kvResult(big, refAt) : null,
    refPerSession: hasRef ? refPerSession : null,
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
