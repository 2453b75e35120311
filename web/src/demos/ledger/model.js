// Asks the core for every number the demo shows. The ledger is recomputed by replaying the writes
// into a fresh la.memory (and deleting it afterwards), so what is on screen is always exactly what
// the core says for the current state. Nothing here does arithmetic on those numbers.

/** Runs fn(mem) on a fresh memory and always frees it. */
function withMemory(la, opts, fn) {
  const mem = la.memory(opts);
  try {
    return fn(mem);
  } finally {
    mem.delete();
  }
}

function oneHot(n, i) {
  const e = new Array(n).fill(0);
  e[i] = 1;
  return e;
}

function memoryOptions(state) {
  const elu = state.featureMap === 'elu1';
  return { dk: state.d, dv: state.d, featureMap: elu ? 'elu1' : 'identity', normalize: elu };
}

/** |a − b| by the core, for many pairs. */
function coreErrors(la, pairs) {
  return pairs.map(([a, b]) => la.compare(a, b).error);
}

/** Numbers kept by softmax (every receipt: N·(dk+dv)) and by the ledger (dk·dv), from the core. */
function storageNumbers(la, state, count) {
  const { cache, state: ledger } = la.storageNumbers({ dk: state.d, dv: state.d, n: count });
  return { receipts: cache, ledger };
}

/** A read is called exact when its error shows as 0 at the 4 decimals the demo prints. */
const EXACT_TOLERANCE = 5e-5;

/**
 * Everything the view needs for `state`. Throws the core's Error when an input is rejected (the caller
 * then keeps its last good state and shows the message).
 */
export function computeLedger(la, state) {
  const opts = memoryOptions(state);
  const { associations, step } = state;
  const view = withMemory(la, opts, (mem) => {
    const features = associations.map((a) => mem.features(a.k));
    const writes = [];
    for (let i = 0; i < step; i++) {
      const { k, v } = associations[i];
      const stamp = mem.write(k, v);
      writes.push({
        index: i,
        k,
        v,
        phiK: features[i],
        stamp,
        S: mem.state(),
        changed: Array.from(stamp, (x) => x !== 0),
      });
    }
    const S = mem.state();
    const z = mem.normalizer();
    const reads = writes.map(({ index, k, v }) => {
      const read = mem.read(k);
      return { index, k, v, read };
    });
    let query = null;
    const q = state.query >= 0 && state.query < associations.length ? associations[state.query].k : state.freeQuery;
    if (step > 0) {
      const t = mem.readTerms(q);
      query = {
        index: state.query,
        q,
        phiQ: mem.features(q),
        coefficients: t.coefficients,
        terms: t.terms,
        denominator: t.denominator,
        read: t.read,
      };
    }
    return { S, z, writes, reads, query, features, count: mem.count, ledgerLength: S.length };
  });

  const withQuery = view.query && state.query >= 0 && state.query < step;
  const pairs = view.reads.map((r) => [r.read, r.v]);
  if (withQuery) pairs.push([view.query.read, associations[state.query].v]);
  const errors = coreErrors(la, pairs);
  view.reads.forEach((r, i) => {
    r.error = errors[i];
    r.exact = r.error < EXACT_TOLERANCE;
  });
  if (withQuery) {
    view.query.value = associations[state.query].v;
    view.query.error = errors[errors.length - 1];
    view.query.exact = view.query.error < EXACT_TOLERANCE;
  }

  // Overlaps φ(kᵢ)·φ(kⱼ) of every pair of keys (written or not): a scratch memory files key i under
  // the one-hot value eᵢ, so the read with kⱼ is row j of the overlap matrix.
  const n = associations.length;
  view.overlaps =
    n === 0
      ? []
      : withMemory(la, { dk: state.d, dv: n, featureMap: opts.featureMap }, (m) => {
          associations.forEach((a, i) => m.write(a.k, oneHot(n, i)));
          return associations.map((a) => m.read(a.k));
        });

  // Angles (degrees) from the key being read, or the free query, to every stored key, from the core.
  const from = state.query >= 0 && state.query < n ? associations[state.query].k : state.freeQuery;
  view.anglesFromQuery = associations.map((a) => la.compare(from, a.k).degrees);

  view.numbers = storageNumbers(la, state, step);
  view.dk = opts.dk;
  view.dv = opts.dv;
  view.normalized = opts.normalize;
  return view;
}
