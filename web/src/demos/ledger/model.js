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

export function memoryOptions(state) {
  const elu = state.featureMap === 'elu1';
  return { dk: state.d, dv: state.d, featureMap: elu ? 'elu1' : 'identity', normalize: elu };
}

/**
 * |a - b| by the core. Uses la.compare when the core offers it; otherwise two scratch memories:
 * S = 1·aᵀ + (−1)·bᵀ gives a − b, then (a − b)·u with u = (a − b)/|a − b| (unitKeys) gives |a − b|.
 */
export function coreError(la, a, b) {
  if (typeof la.compare === 'function') return la.compare(a, b).error;
  const n = a.length;
  const diff = withMemory(la, { dk: 1, dv: n }, (m) => {
    m.write([1], a);
    m.write([-1], b);
    return m.read([1]);
  });
  if (diff.every((x) => x === 0)) return 0;
  const unit = withMemory(la, { dk: n, dv: 1, unitKeys: true }, (m) => m.features(diff));
  return withMemory(la, { dk: n, dv: 1 }, (m) => {
    m.write(diff, [1]);
    return m.readTerms(unit).coefficients[0];
  });
}

/** Numbers kept by softmax (every receipt: N·(dk+dv)) and by the ledger (dk·dv), from the core. */
function storageNumbers(la, state, count, ledgerLength) {
  if (count === 0) return { receipts: 0, ledger: ledgerLength };
  try {
    const r = la.interferenceSweep({ d: state.d, ns: [count], trials: 1 });
    return { receipts: r.cacheNumbers[0], ledger: r.stateNumbers[0] };
  } catch {
    // Counting what is held, not computing: the pile is the list of every k and v written so far.
    const pile = state.associations.slice(0, count).flatMap((a) => [...a.k, ...a.v]);
    return { receipts: pile.length, ledger: ledgerLength };
  }
}

/** A read is called exact when its error shows as 0 at the 4 decimals the demo prints. */
export const EXACT_TOLERANCE = 5e-5;

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
      writes.push({ index: i, k, v, phiK: features[i], stamp, S: mem.state(), changed: Array.from(stamp, (x) => x !== 0) });
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
      query = { index: state.query, q, phiQ: mem.features(q), coefficients: t.coefficients, terms: t.terms,
        denominator: t.denominator, read: t.read };
    }
    return { S, z, writes, reads, query, features, count: mem.count, ledgerLength: S.length };
  });

  for (const r of view.reads) {
    r.error = coreError(la, r.read, r.v);
    r.exact = r.error < EXACT_TOLERANCE;
  }
  if (view.query && state.query >= 0 && state.query < step) {
    view.query.value = associations[state.query].v;
    view.query.error = coreError(la, view.query.read, view.query.value);
    view.query.exact = view.query.error < EXACT_TOLERANCE;
  }

  // Overlaps φ(kᵢ)·φ(kⱼ) of every pair of keys (written or not): a scratch memory that files each key
  // under a 1-number value; the coefficients of a read with kⱼ are then row j of the overlap matrix.
  view.overlaps = associations.length === 0 ? [] : withMemory(la, { dk: state.d, dv: 1, featureMap: opts.featureMap }, (m) => {
    for (const a of associations) m.write(a.k, [1]);
    return associations.map((a) => m.readTerms(a.k).coefficients);
  });

  view.numbers = storageNumbers(la, state, step, view.ledgerLength);
  view.dk = opts.dk;
  view.dv = opts.dv;
  view.normalized = opts.normalize;
  return view;
}
