// The JavaScript face of the linear-attention core: createLinattn() resolves to the API documented
// in index.d.mts and the README's "API" section. This file checks the types of friendly arguments
// (objects, arrays, Float64Arrays), hands them to the bound calls of wasm/bindings.cpp as options
// objects read by name, turns the core's refusals into thrown LinattnErrors (with `field`), and
// converts byte counts to BigInt. It computes nothing itself.
import createLinattnModule from '../build/wasm/linattn.mjs';
import { LinattnError, LinattnTypeError } from './errors.mjs';
import { modelFromConfig } from './model-config.mjs';

export { LinattnError, LinattnTypeError };

// Node is told apart by its `process` global (the page has none); read through globalThis, so
// the page's type check needs no Node types.
const nodeProcess = /** @type {{ versions?: { node?: string } } | undefined} */ (globalThis.process);
const isNode = typeof nodeProcess?.versions?.node === 'string' && typeof window === 'undefined';

function fail(message, field) {
  throw new LinattnError(message, field);
}
function wrongType(message, field) {
  throw new LinattnTypeError(message, field);
}
// The binding's refusal, "field\u0001message" (wasm/wire.hpp), as a LinattnError.
const FIELD_END = '\u0001';
function refusal(text) {
  const end = text.indexOf(FIELD_END);
  return new LinattnError(text.slice(end + 1), end > 0 ? text.slice(0, end) : null);
}
function check(result) {
  if (typeof result === 'string') throw refusal(result);
  return result;
}

const MAX_ARRAY = 1 << 24;

// The custom elements' build (web/build/embed.mjs defines LINATTN_ELEMENTS) never hands its `la`
// to the host page, and its memory element imports the config reader itself
// (web/src/demos/memory/compute-config.js): there the reader stays out of this chunk, 4.5 KB gzip
// that a course page with one <linattn-ledger> would otherwise load (issue 19). Everywhere else
// (Node, the chapter, its workers) la.modelFromConfig is there.
// biome-ignore lint/complexity/useOptionalChain: the bundler replaces `import.meta.env.LINATTN_ELEMENTS` written out in full with a constant, which lets it drop the reader; Node has no import.meta.env
const WITH_CONFIG = !(import.meta.env && import.meta.env.LINATTN_ELEMENTS);

// Plain numbers for the core: an Array of numbers or a typed array, as a Float64Array.
function vector(name, x) {
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
  // Always a fresh copy: a Float64Array whose buffer is detached (transferred) would otherwise
  // reach Embind, whose copy into the heap then throws inside WebAssembly; that unwinding leaks
  // the call's stack and heap, and some 36,000 such calls broke the module (tests/node/fuzz.test.mjs).
  // slice() on a detached array throws a TypeError here instead, before any WebAssembly runs.
  return x instanceof Float64Array ? x.slice() : Float64Array.from(x);
}

// An options object: plain object, no unknown keys. `path` names it in `field` ('model',
// 'model.layers[2]'); null for a call's options bag, whose keys are the fields themselves.
function options(name, x, allowed, path = null) {
  if (x === undefined) return {};
  if (x === null || typeof x !== 'object' || Array.isArray(x)) {
    wrongType(`${name} must be an object`, path);
  }
  for (const key of Object.keys(x)) {
    if (!allowed.includes(key)) {
      wrongType(`${name}.${key} is not an option (options: ${allowed.join(', ')})`, path ? `${path}.${key}` : key);
    }
  }
  return x;
}

function number(name, x, fallback) {
  if (x === undefined) {
    if (fallback === undefined) wrongType(`${name} is required`, name);
    return fallback;
  }
  if (typeof x !== 'number') wrongType(`${name} must be a number (got ${typeof x})`, name);
  return x;
}
function string(name, x, fallback) {
  if (x === undefined) return fallback;
  if (typeof x !== 'string') wrongType(`${name} must be a string (got ${typeof x})`, name);
  return x;
}
function boolean(name, x, fallback) {
  if (x === undefined) return fallback;
  if (typeof x !== 'boolean') wrongType(`${name} must be true or false (got ${typeof x})`, name);
  return x;
}

const LAYER_FIELDS = [
  'count',
  'kvHeads',
  'headDim',
  'window',
  'chunk',
  'latentDim',
  'heads',
  'keyDim',
  'valueDim',
  'stateDim',
  'convKernel',
  'convChannels',
];

// A model as the binding reads it: { layers: [{ kind, count, ... }], params }, a fresh plain
// object. Fields a kind does not use may be absent; the core checks the ones it uses.
function modelOptions(model) {
  // name, id, modelType, maxContext and notes ride along (la.modelFromConfig gives them).
  options('model', model, ['layers', 'params', 'name', 'id', 'modelType', 'maxContext', 'notes'], 'model');
  const { layers } = model;
  if (!Array.isArray(layers)) wrongType('model.layers must be an array of layer groups', 'model.layers');
  if (layers.length === 0 || layers.length > 64) {
    fail(`model.layers must hold from 1 to 64 layer groups (got ${layers.length})`, 'model.layers');
  }
  const groups = layers.map((layer, i) => {
    const at = `model.layers[${i}]`;
    options(at, layer, ['kind', 'name', ...LAYER_FIELDS], at);
    const kind = string(`${at}.kind`, layer.kind, undefined);
    if (kind === undefined) wrongType(`${at}.kind is required ('attention', 'mla', 'linear' or 'ssm')`, `${at}.kind`);
    const group = { kind };
    for (const f of LAYER_FIELDS) {
      if (layer[f] !== undefined) group[f] = number(`${at}.${f}`, layer[f]);
    }
    return group;
  });
  return { layers: groups, params: number('model.params', model.params, 0) };
}

// A memory's options (la.memory, la.ledgerView) as the binding reads them.
const MEMORY_OPTIONS = ['dk', 'dv', 'featureMap', 'normalize', 'rule', 'beta', 'unitKeys'];
function memoryOptions(o) {
  return {
    dk: number('dk', o.dk),
    dv: number('dv', o.dv),
    featureMap: string('featureMap', o.featureMap, 'identity'),
    normalize: boolean('normalize', o.normalize, false),
    rule: string('rule', o.rule, 'add'),
    beta: number('beta', o.beta, 1),
    unitKeys: boolean('unitKeys', o.unitKeys, false),
  };
}

// An array of vectors, each `width` numbers long, as one Float64Array (row after row). Only the
// shape is checked here, so that rows cannot run into each other; the core checks the numbers.
// A width the core will refuse (dk = 0, 2.5, 10^9) passes no rows: the core then names dk or dv.
function rowsOf(name, x, width, maxWidth) {
  if (!Array.isArray(x)) wrongType(`${name} must be an array of vectors`, name);
  if (x.length > MAX_ROWS) fail(`${name} holds ${x.length} vectors, more than the core takes`, name);
  const rows = x.map((row, i) => vector(`${name}[${i}]`, row));
  if (!(Number.isInteger(width) && width >= 1 && width <= maxWidth)) return new Float64Array(0);
  rows.forEach((row, i) => {
    if (row.length !== width) fail(`${name}[${i}] must hold ${width} numbers (got ${row.length})`, `${name}[${i}]`);
  });
  const out = new Float64Array(rows.length * width);
  rows.forEach((row, i) => out.set(row, i * width));
  return out;
}
const MAX_ROWS = 1 << 16;

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
  const take = (count) => {
    const part = packed.subarray(at, at + count);
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

// A flat row-major array as `count` rows of `width` (views of it, not copies).
function split(flat, count, width) {
  return Array.from({ length: count }, (_, i) => flat.subarray(i * width, (i + 1) * width));
}

// The update rule of the sweep, the store and the capacity (wasm/core/update_rule.hpp).
const RULE_OPTIONS = ['rule', 'gate', 'step'];
function ruleArgs(o) {
  return [string('rule', o.rule, 'add'), number('gate', o.gate, 1), number('step', o.step, 1)];
}

function bigints(o) {
  const out = {};
  for (const [k, v] of Object.entries(o)) out[k] = typeof v === 'boolean' ? v : BigInt(v);
  return out;
}

async function nodeWasmBinary() {
  const fs = await import(/* @vite-ignore */ ['node', 'fs'].join(':'));
  const file = '../build/wasm/linattn.wasm';
  return fs.readFileSync(new URL(file, import.meta.url));
}

/** Loads the WebAssembly module and resolves to the API (see index.d.mts). */
export async function createLinattn(opts = {}) {
  options('createLinattn options', opts, ['wasmBinary', 'locateFile']);
  const moduleOptions = {};
  if (opts.wasmBinary) moduleOptions.wasmBinary = opts.wasmBinary;
  else if (isNode) moduleOptions.wasmBinary = await nodeWasmBinary();
  if (opts.locateFile) moduleOptions.locateFile = opts.locateFile;
  const M = await createLinattnModule(moduleOptions);
  return makeApi(M);
}
export default createLinattn;

// An object that owns memory in the core (an Embind handle) until delete(): Memory, SweepStream.
const HANDLE = Symbol('handle');
class CoreObject {
  #h;
  #what;
  constructor(handle, what) {
    this.#h = handle;
    this.#what = what;
  }
  /** The live handle; throws once deleted. */
  [HANDLE]() {
    if (!this.#h) throw new Error(`this ${this.#what} was deleted`);
    return this.#h;
  }
  delete() {
    if (this.#h) {
      this.#h.delete();
      this.#h = undefined;
    }
  }
  get deleted() {
    return !this.#h;
  }
}

function makeApi(M) {
  const limits = Object.freeze(M.limits());

  class Memory extends CoreObject {
    constructor(opts) {
      const handle = new M.MemoryHandle(memoryOptions(options('memory options', opts, MEMORY_OPTIONS)));
      const refused = handle.status(); // a refused configuration makes a handle with no memory
      if (refused) {
        handle.delete();
        throw refusal(refused);
      }
      super(handle, 'memory');
    }
    get dk() {
      return this[HANDLE]().dk();
    }
    get dv() {
      return this[HANDLE]().dv();
    }
    get count() {
      return this[HANDLE]().count();
    }
    write(k, v) {
      return check(this[HANDLE]().write(vector('k', k), vector('v', v)));
    }
    read(q) {
      return check(this[HANDLE]().read(vector('q', q)));
    }
    readTerms(q) {
      return check(this[HANDLE]().readTerms(vector('q', q)));
    }
    features(x) {
      return check(this[HANDLE]().features(vector('x', x)));
    }
    state() {
      return this[HANDLE]().state();
    }
    normalizer() {
      return this[HANDLE]().normalizer();
    }
    reset() {
      this[HANDLE]().reset();
    }
  }

  // A sweep computed a few trials per call (see index.d.mts, SweepStream).
  class SweepStream extends CoreObject {
    constructor(args) {
      const refused = M.checkSweep(...args);
      if (refused) throw refusal(refused);
      super(new M.SweepStreamHandle(...args), 'sweep stream');
    }
    get trials() {
      return this[HANDLE]().trials();
    }
    get trialsDone() {
      return this[HANDLE]().trialsDone();
    }
    get complete() {
      return this[HANDLE]().complete();
    }
    next(trials = 1) {
      return check(this[HANDLE]().run(number('trials', trials)));
    }
    /** About `work` units of the core's cost model (see trialWork), finishing at most `trials`
     *  trials: how many it finished (0 while the current trial is still half done). */
    advance(work, trials = limits.maxSweepTrials) {
      return check(this[HANDLE]().advance(number('work', work), number('trials', trials)));
    }
    /** The sweep over the trials finished so far. */
    result() {
      return check(this[HANDLE]().result());
    }
    /** One trial's cost in the units advance() counts. */
    get trialWork() {
      return this[HANDLE]().trialWork();
    }
    /** The cost of the work done so far, in the units advance() counts. */
    get workDone() {
      return this[HANDLE]().workDone();
    }
  }

  // A store computed a piece at a time (see index.d.mts, StoreStream).
  class StoreStream extends CoreObject {
    constructor(args) {
      const refused = M.checkStore(...args);
      if (refused) throw refusal(refused);
      super(new M.StoreStreamHandle(...args), 'store stream');
    }
    get complete() {
      return this[HANDLE]().complete();
    }
    /** The share of the store's cost done so far, 0..1. */
    get progress() {
      return this[HANDLE]().progress();
    }
    /** The whole store's cost in the units advance() counts. */
    get totalWork() {
      return this[HANDLE]().totalWork();
    }
    /** The cost of the pieces done so far, in the units advance() counts. */
    get workDone() {
      return this[HANDLE]().workDone();
    }
    /** About `work` units of the store's cost (at least one piece): whether it is complete now. */
    advance(work) {
      return check(this[HANDLE]().advance(number('work', work)));
    }
    /** The store, once complete. */
    result() {
      const h = this[HANDLE]();
      if (!h.complete()) fail('the store is not complete yet: advance() until it is', 'result');
      return check(h.result());
    }
  }

  // interferenceStore's options in the order the core takes them, checked for type.
  function storeArgs(opts) {
    const o = options('interferenceStore options', opts, ['d', 'n', 'seed', 'trial', 'keys', 'beta', ...RULE_OPTIONS]);
    return [
      number('d', o.d),
      number('n', o.n),
      number('seed', o.seed, 1),
      number('trial', o.trial, 0),
      string('keys', o.keys, 'random'),
      number('beta', o.beta, 8),
      ...ruleArgs(o),
    ];
  }

  // { first, count } of a share of trials, checked for type.
  function trialRange(name, range) {
    const r = options(name, range, ['first', 'count']);
    return [number('first', r.first), number('count', r.count)];
  }
  // Parts of a split computation: [{ first, count, <values> }], fresh plain objects.
  function trialsParts(parts, values) {
    if (!Array.isArray(parts)) wrongType('parts must be an array of { first, count, ' + values + ' }', 'parts');
    if (parts.length > limits.maxSweepTrials) {
      fail(`parts must hold at most ${limits.maxSweepTrials} ranges (got ${parts.length})`, 'parts');
    }
    return parts.map((part, i) => {
      const at = `parts[${i}]`;
      options(at, part, ['first', 'count', values], at);
      return {
        first: number(`${at}.first`, part.first),
        count: number(`${at}.count`, part.count),
        [values]: vector(`${at}.${values}`, part[values]),
      };
    });
  }

  // The options both attention calls share, checked for type, as the binding reads them.
  function sequenceOptions(o) {
    return {
      T: number('T', o.T),
      dk: number('dk', o.dk),
      dv: number('dv', o.dv),
      q: vector('q', o.q),
      k: vector('k', o.k),
      v: vector('v', o.v),
    };
  }

  function sweepArgs(opts) {
    const o = options('interferenceSweep options', opts, [
      'd',
      'ns',
      'nMax',
      'trials',
      'seed',
      'keys',
      'beta',
      ...RULE_OPTIONS,
    ]);
    let ns = o.ns;
    if (ns === undefined) {
      const nMax = number('nMax', o.nMax);
      if (!Number.isInteger(nMax) || nMax < 1 || nMax > limits.maxSweepN) {
        fail(`nMax must be a whole number from 1 to ${limits.maxSweepN} (got ${nMax})`, 'nMax');
      }
      ns = Float64Array.from({ length: nMax }, (_, i) => i + 1);
    }
    return [
      number('d', o.d),
      vector('ns', ns),
      number('trials', o.trials, 8),
      number('seed', o.seed, 1),
      string('keys', o.keys, 'random'),
      number('beta', o.beta, 8),
      ...ruleArgs(o),
    ];
  }

  // la.capacity's settings in the binding's order (bindings.cpp, capacityOf).
  function capacityArgs(opts) {
    const o = options('capacity options', opts, [
      'dims',
      'keys',
      'measure',
      'level',
      'trials',
      'seed',
      'nMax',
      ...RULE_OPTIONS,
    ]);
    const [rule, gate, step] = ruleArgs(o);
    return [
      vector('dims', o.dims),
      string('keys', o.keys, 'random'),
      rule,
      gate,
      string('measure', o.measure, 'cosine'),
      number('level', o.level, 0.9),
      number('trials', o.trials, 8),
      number('seed', o.seed, 1),
      step,
      number('nMax', o.nMax, 0),
    ];
  }

  // The options kvMemory and kvCapacity share, checked for type, as the binding reads them.
  function kvOptions(o) {
    return {
      tokens: number('tokens', o.tokens),
      sessions: number('sessions', o.sessions, 1),
      kvDtype: string('kvDtype', o.kvDtype, 'bf16'),
      stateDtype: string('stateDtype', o.stateDtype, 'bf16'),
    };
  }
  const KV_OPTIONS = ['tokens', 'sessions', 'kvDtype', 'stateDtype'];

  return Object.freeze({
    limits,
    memory: (opts) => new Memory(opts),

    linearAttention(opts) {
      const o = options('linearAttention options', opts, [
        'q',
        'k',
        'v',
        'T',
        'dk',
        'dv',
        'featureMap',
        'normalize',
        'form',
      ]);
      return check(
        M.linearAttention({
          ...sequenceOptions(o),
          featureMap: string('featureMap', o.featureMap, 'elu1'),
          normalize: boolean('normalize', o.normalize, true),
          form: string('form', o.form, 'recurrent'),
        }),
      );
    },

    softmaxAttention(opts) {
      const o = options('softmaxAttention options', opts, ['q', 'k', 'v', 'T', 'dk', 'dv']);
      return check(M.softmaxAttention(sequenceOptions(o)));
    },

    interferenceSweep(opts) {
      return check(M.interferenceSweep(...sweepArgs(opts)));
    },

    interferenceSweepStream(opts) {
      return new SweepStream(sweepArgs(opts));
    },

    interferenceSweepTrials(opts, range) {
      return check(M.interferenceSweepTrials(...sweepArgs(opts), ...trialRange('trial range', range)));
    },

    mergeSweepTrials(opts, parts) {
      return check(M.mergeSweepTrials(...sweepArgs(opts), trialsParts(parts, 'records')));
    },

    /** Throws the Error interferenceSweep(opts) would throw, without computing anything. */
    checkSweep(opts) {
      const refused = M.checkSweep(...sweepArgs(opts));
      if (refused) throw refusal(refused);
    },

    interferenceStore(opts) {
      return check(M.interferenceStore(...storeArgs(opts)));
    },

    interferenceStoreStream(opts) {
      return new StoreStream(storeArgs(opts));
    },

    capacity(opts) {
      return check(M.capacity(...capacityArgs(opts)));
    },

    capacityTrials(opts, range) {
      return check(M.capacityTrials(...capacityArgs(opts), ...trialRange('trial range', range)));
    },

    mergeCapacityTrials(opts, parts) {
      return check(M.mergeCapacityTrials(...capacityArgs(opts), trialsParts(parts, 'capacities')));
    },

    /** Throws the Error capacity(opts) would throw (bad or over-budget settings), computing nothing. */
    checkCapacity(opts) {
      check(M.checkCapacity(...capacityArgs(opts)) || undefined);
    },

    kvMemory(model, opts) {
      const query = kvOptions(options('kvMemory options', opts, KV_OPTIONS));
      return bigints(check(M.kvMemory(modelOptions(model), query)));
    },

    kvCrossover(model, opts) {
      const o = options('kvCrossover options', opts, ['stateBytes', 'kvDtype']);
      let sb = o.stateBytes;
      if (typeof sb === 'number') {
        if (!Number.isSafeInteger(sb) || sb < 0) {
          fail(`stateBytes must be a whole number from 0 to 2^53 (got ${sb})`, 'stateBytes');
        }
        sb = BigInt(sb);
      }
      if (typeof sb !== 'bigint') wrongType('stateBytes must be a number or a BigInt', 'stateBytes');
      if (sb < 0n || sb >= 1n << 63n) fail('stateBytes must be from 0 to 2^63 - 1', 'stateBytes');
      const m = modelOptions(model);
      // The binding takes the byte count as decimal text (a BigInt does not cross Embind here).
      return BigInt(
        check(M.kvCrossover(m, { stateBytes: sb.toString(), kvDtype: string('kvDtype', o.kvDtype, 'bf16') })).tokens,
      );
    },

    /** A Hugging Face config.json (text or parsed) as a model kvMemory takes (wasm/model-config.mjs).
     *  Left out of the custom elements' private core (see WITH_CONFIG). */
    ...(WITH_CONFIG ? { modelFromConfig } : {}),

    kvCapacity(model, opts) {
      const o = options('kvCapacity options', opts, [...KV_OPTIONS, 'gpuBytes', 'weightDtype', 'tp']);
      const query = kvOptions(o);
      const m = modelOptions(model);
      query.gpuBytes = number('gpuBytes', o.gpuBytes);
      query.weightDtype = string('weightDtype', o.weightDtype, 'bf16');
      query.tp = number('tp', o.tp, 1);
      return bigints(check(M.kvCapacity(m, query)));
    },

    randomNormals(seed, count) {
      return check(M.randomNormals(number('seed', seed), number('count', count)));
    },

    compare(a, b) {
      return check(M.compare(vector('a', a), vector('b', b)));
    },

    /** The ledger demo's whole view for one of its states, in one call (wasm/core/ledger.hpp):
     *  the same numbers, bit for bit, as the la.memory calls it replaces. */
    ledgerView(opts) {
      const o = options('ledgerView options', opts, [
        ...MEMORY_OPTIONS,
        'keys',
        'values',
        'step',
        'query',
        'queryIndex',
      ]);
      const dk = number('dk', o.dk);
      const dv = number('dv', o.dv);
      const packed = checkRows(
        { keys: dk, values: dv },
        M.ledgerView({
          ...memoryOptions(o),
          keys: rowsOf('keys', o.keys, dk, limits.maxDim),
          values: rowsOf('values', o.values, dv, limits.maxDim),
          step: number('step', o.step),
          query: vector('query', o.query),
          queryIndex: number('queryIndex', o.queryIndex, -1),
        }),
      );
      return unpackLedgerView(packed);
    },

    storageNumbers(opts) {
      const o = options('storageNumbers options', opts, ['dk', 'dv', 'n']);
      return check(M.storageNumbers(number('dk', o.dk), number('dv', o.dv), number('n', o.n)));
    },

    /** For tests: the allocator's bytes in use, and the size of WebAssembly memory. */
    debug: Object.freeze({
      heapBytesInUse: () => M.heapBytesInUse(),
      memoryBytes: () => M.HEAP8.length,
    }),
  });
}
