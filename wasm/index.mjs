// The JavaScript face of the linear-attention core: createLinattn() resolves to the API documented
// in index.d.ts and the README's "API" section. This file turns friendly arguments (objects, arrays,
// Float64Arrays) into the bound calls of wasm/bindings.cpp, turns the core's error strings into
// thrown Errors, and converts byte counts to BigInt. It computes nothing itself.
import createLinattnModule from '../build/wasm/linattn.mjs';

const isNode =
  typeof process === 'object' && typeof process.versions?.node === 'string' && typeof window === 'undefined';

// A thrown Error for a core message; type errors (wrong kinds of value) are caught here first.
function fail(message) {
  throw new RangeError(message);
}
function check(result) {
  if (typeof result === 'string') fail(result);
  return result;
}

const MAX_ARRAY = 1 << 24;

// Plain numbers for the core: an Array of numbers or a typed array, as a Float64Array.
function vector(name, x) {
  if (ArrayBuffer.isView(x) && !(x instanceof DataView)) {
    if (typeof x[0] === 'bigint') throw new TypeError(`${name} must hold numbers, not BigInt`);
  } else if (Array.isArray(x)) {
    for (let i = 0; i < x.length; i++) {
      if (typeof x[i] !== 'number') {
        throw new TypeError(`${name}[${i}] must be a number (got ${typeof x[i]})`);
      }
    }
  } else {
    throw new TypeError(`${name} must be an array of numbers or a Float64Array`);
  }
  if (x.length > MAX_ARRAY) throw new RangeError(`${name} is too long (${x.length} numbers)`);
  // Always a fresh copy: a Float64Array whose buffer is detached (transferred) would otherwise
  // reach Embind, whose copy into the heap then throws inside WebAssembly; that unwinding leaks
  // the call's stack and heap, and some 36,000 such calls broke the module (tests/node/fuzz.test.mjs).
  // slice() on a detached array throws a TypeError here instead, before any WebAssembly runs.
  return x instanceof Float64Array ? x.slice() : Float64Array.from(x);
}

// An options object: plain object, no unknown keys.
function options(name, x, allowed) {
  if (x === undefined) return {};
  if (x === null || typeof x !== 'object' || Array.isArray(x)) {
    throw new TypeError(`${name} must be an object`);
  }
  for (const key of Object.keys(x)) {
    if (!allowed.includes(key)) {
      throw new TypeError(`${name}.${key} is not an option (options: ${allowed.join(', ')})`);
    }
  }
  return x;
}

function number(name, x, fallback) {
  if (x === undefined) {
    if (fallback === undefined) throw new TypeError(`${name} is required`);
    return fallback;
  }
  if (typeof x !== 'number') throw new TypeError(`${name} must be a number (got ${typeof x})`);
  return x;
}
function string(name, x, fallback) {
  if (x === undefined) return fallback;
  if (typeof x !== 'string') throw new TypeError(`${name} must be a string (got ${typeof x})`);
  return x;
}
function boolean(name, x, fallback) {
  if (x === undefined) return fallback;
  if (typeof x !== 'boolean') throw new TypeError(`${name} must be true or false (got ${typeof x})`);
  return x;
}

const LAYER_FIELDS = ['count', 'kvHeads', 'headDim', 'window', 'latentDim', 'heads', 'keyDim', 'valueDim'];

// A model as the binding takes it: kinds joined by ',' and 8 numbers per layer group.
function flattenModel(model) {
  options('model', model, ['layers', 'params', 'name', 'id']);
  const { layers } = model;
  if (!Array.isArray(layers)) throw new TypeError('model.layers must be an array of layer groups');
  if (layers.length === 0 || layers.length > 64) {
    throw new RangeError(`model.layers must hold from 1 to 64 layer groups (got ${layers.length})`);
  }
  const fields = new Float64Array(layers.length * 8);
  const kinds = layers.map((layer, i) => {
    const at = `model.layers[${i}]`;
    options(at, layer, ['kind', 'name', ...LAYER_FIELDS]);
    const kind = string(`${at}.kind`, layer.kind, undefined);
    if (kind === undefined) throw new TypeError(`${at}.kind is required ('attention', 'mla' or 'linear')`);
    if (kind.includes(',')) fail(`${at}.kind must be 'attention', 'mla' or 'linear'`);
    LAYER_FIELDS.forEach((f, j) => {
      // Fields the kind does not use may be absent; the core checks the ones it uses.
      fields[i * 8 + j] = layer[f] === undefined ? (f === 'window' ? 0 : NaN) : number(`${at}.${f}`, layer[f]);
    });
    return kind;
  });
  const params = number('model.params', model.params, 0);
  return [kinds.join(','), fields, params];
}

// The update rule of the sweep, the store and the capacity (wasm/core/update_rule.hpp).
const RULE_OPTIONS = ['rule', 'gate', 'step'];
function ruleArgs(o) {
  return [string('rule', o.rule, 'add'), number('gate', o.gate, 1), number('step', o.step, 1)];
}

function bigints(o) {
  const out = {};
  for (const [k, v] of Object.entries(o)) out[k] = BigInt(v);
  return out;
}

async function nodeWasmBinary() {
  const fs = await import(/* @vite-ignore */ ['node', 'fs'].join(':'));
  const file = '../build/wasm/linattn.wasm';
  return fs.readFileSync(new URL(file, import.meta.url));
}

/** Loads the WebAssembly module and resolves to the API (see index.d.ts). */
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
      const o = options('memory options', opts, ['dk', 'dv', 'featureMap', 'normalize', 'rule', 'beta', 'unitKeys']);
      const args = [
        number('dk', o.dk),
        number('dv', o.dv),
        string('featureMap', o.featureMap, 'identity'),
        boolean('normalize', o.normalize, false),
        string('rule', o.rule, 'add'),
        number('beta', o.beta, 1),
        boolean('unitKeys', o.unitKeys, false),
      ];
      const message = M.validateMemory(...args);
      if (message) fail(message);
      super(new M.MemoryHandle(...args), 'memory');
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

  // A sweep computed a few trials per call (see index.d.ts, SweepStream).
  class SweepStream extends CoreObject {
    constructor(args) {
      const message = M.checkSweep(...args);
      if (message) fail(message);
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
  }

  function attentionArgs(name, opts, extra) {
    const o = options(`${name} options`, opts, ['q', 'k', 'v', 'T', 'dk', 'dv', ...extra]);
    return [
      number('T', o.T),
      number('dk', o.dk),
      number('dv', o.dv),
      vector('q', o.q),
      vector('k', o.k),
      vector('v', o.v),
    ];
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
        fail(`nMax must be a whole number from 1 to ${limits.maxSweepN} (got ${nMax})`);
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

  function kvQuery(name, opts, extra) {
    const o = options(name, opts, ['tokens', 'sessions', 'kvDtype', 'stateDtype', ...extra]);
    return [
      o,
      number('tokens', o.tokens),
      number('sessions', o.sessions, 1),
      string('kvDtype', o.kvDtype, 'bf16'),
      string('stateDtype', o.stateDtype, 'bf16'),
    ];
  }

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
        M.attention(
          'linear',
          ...attentionArgs('linearAttention', o, ['featureMap', 'normalize', 'form']),
          string('featureMap', o.featureMap, 'elu1'),
          boolean('normalize', o.normalize, true),
          string('form', o.form, 'recurrent'),
        ),
      );
    },

    softmaxAttention(opts) {
      return check(
        M.attention('softmax', ...attentionArgs('softmaxAttention', opts, []), 'identity', false, 'parallel'),
      );
    },

    interferenceSweep(opts) {
      return check(M.interferenceSweep(...sweepArgs(opts)));
    },

    interferenceSweepStream(opts) {
      return new SweepStream(sweepArgs(opts));
    },

    /** Throws the Error interferenceSweep(opts) would throw, without computing anything. */
    checkSweep(opts) {
      const message = M.checkSweep(...sweepArgs(opts));
      if (message) fail(message);
    },

    interferenceStore(opts) {
      const o = options('interferenceStore options', opts, [
        'd',
        'n',
        'seed',
        'trial',
        'keys',
        'beta',
        ...RULE_OPTIONS,
      ]);
      return check(
        M.interferenceStore(
          number('d', o.d),
          number('n', o.n),
          number('seed', o.seed, 1),
          number('trial', o.trial, 0),
          string('keys', o.keys, 'random'),
          number('beta', o.beta, 8),
          ...ruleArgs(o),
        ),
      );
    },

    capacity(opts) {
      return check(M.capacity(...capacityArgs(opts)));
    },

    /** Throws the Error capacity(opts) would throw (bad or over-budget settings), computing nothing. */
    checkCapacity(opts) {
      check(M.checkCapacity(...capacityArgs(opts)) || undefined);
    },

    kvMemory(model, opts) {
      const [, tokens, sessions, kvDtype, stateDtype] = kvQuery('kvMemory options', opts, []);
      return bigints(check(M.kvMemory(...flattenModel(model), tokens, sessions, kvDtype, stateDtype)));
    },

    kvCrossover(model, opts) {
      const o = options('kvCrossover options', opts, ['stateBytes', 'kvDtype']);
      let sb = o.stateBytes;
      if (typeof sb === 'number') {
        if (!Number.isSafeInteger(sb) || sb < 0) fail(`stateBytes must be a whole number from 0 to 2^53 (got ${sb})`);
        sb = BigInt(sb);
      }
      if (typeof sb !== 'bigint') throw new TypeError('stateBytes must be a number or a BigInt');
      if (sb < 0n || sb >= 1n << 63n) fail('stateBytes must be from 0 to 2^63 - 1');
      return BigInt(
        check(M.kvCrossover(...flattenModel(model), sb.toString(), string('kvDtype', o.kvDtype, 'bf16'))).tokens,
      );
    },

    kvCapacity(model, opts) {
      const [o, tokens, sessions, kvDtype, stateDtype] = kvQuery('kvCapacity options', opts, [
        'gpuBytes',
        'weightDtype',
      ]);
      return bigints(
        check(
          M.kvCapacity(
            ...flattenModel(model),
            tokens,
            sessions,
            kvDtype,
            stateDtype,
            number('gpuBytes', o.gpuBytes),
            string('weightDtype', o.weightDtype, 'bf16'),
          ),
        ),
      );
    },

    randomNormals(seed, count) {
      return check(M.randomNormals(number('seed', seed), number('count', count)));
    },

    compare(a, b) {
      return check(M.compare(vector('a', a), vector('b', b)));
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
