// la.memory: an associative memory in the core (wasm/bindings/memory.cpp, MemoryHandle).
import { boolean, check, number, options, refusal, string, vector } from './check.mjs';
import { CoreObject, HANDLE } from './core-object.mjs';

// A memory's options (la.memory, la.ledgerView) as the binding reads them.
export const MEMORY_OPTIONS = ['dk', 'dv', 'featureMap', 'normalize', 'rule', 'beta', 'unitKeys'];
export function memoryOptions(o) {
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

export function memoryApi(M) {
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
    /** Writes row i of `keys` (n x dk, row after row) -> row i of `values` (n x dv), each write
     *  followed by a read of its key, in one call: the n reads, n x dv (a Float64Array). */
    writeAndRead(keys, values) {
      return check(this[HANDLE]().writeAndRead(vector('keys', keys), vector('values', values)));
    }
    /** Reads every row of `queries` (n x dk, row after row) in one call: n x dv. */
    readRows(queries) {
      return check(this[HANDLE]().readRows(vector('queries', queries)));
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

  return {
    memory: (opts) => new Memory(opts),

    storageNumbers(opts) {
      const o = options('storageNumbers options', opts, ['dk', 'dv', 'n']);
      return check(M.storageNumbers({ dk: number('dk', o.dk), dv: number('dv', o.dv), n: number('n', o.n) }));
    },
  };
}
