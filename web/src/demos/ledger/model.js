// Asks the core for every number the demo shows: one call, la.ledgerView, replays the writes into
// a fresh memory in the core and returns the whole view (features, each write's stamp and state,
// the reads and their errors, the query term by term, the key overlaps and angles, the storage
// counts; wasm/core/ledger.hpp), so what is on screen is always exactly what the core says for the
// current state. It used to take some 40 calls across the JS/WebAssembly boundary per frame of a
// drag. Nothing here does arithmetic on those numbers.

function memoryOptions(state) {
  const elu = state.featureMap === 'elu1';
  return { dk: state.d, dv: state.d, featureMap: elu ? 'elu1' : 'identity', normalize: elu };
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
  const n = associations.length;
  // The query the demo explains: a stored key (the reader picked one) or the free query.
  const stored = state.query >= 0 && state.query < n;
  const q = stored ? associations[state.query].k : state.freeQuery;
  const core = la.ledgerView({
    ...opts,
    keys: associations.map((a) => a.k),
    values: associations.map((a) => a.v),
    step,
    query: q,
    queryIndex: stored ? state.query : -1,
  });
  const writes = core.writes.map(({ stamp, state: S }, i) => ({
    index: i,
    k: associations[i].k,
    v: associations[i].v,
    phiK: core.features[i],
    stamp,
    S,
    changed: Array.from(stamp, (x) => x !== 0),
  }));
  const reads = core.reads.map(({ read, error }, i) => ({
    index: i,
    k: associations[i].k,
    v: associations[i].v,
    read,
    error,
    exact: error < EXACT_TOLERANCE,
  }));
  let query = null;
  if (core.query) {
    const { phiQ, coefficients, terms, denominator, read, error } = core.query;
    const byTerm = { index: state.query, q, phiQ, coefficients, terms, denominator, read };
    // the query is a written key: its read against the value filed under it
    query =
      error === null
        ? byTerm
        : { ...byTerm, value: associations[state.query].v, error, exact: error < EXACT_TOLERANCE };
  }
  return {
    S: core.state,
    z: core.normalizer,
    writes,
    reads,
    query,
    features: core.features,
    count: step,
    ledgerLength: core.state.length,
    // φ(kᵢ)·φ(kⱼ) of every pair of keys (written or not), row i per key
    overlaps: core.overlaps,
    // angles (degrees) from the key being read, or the free query, to every stored key
    anglesFromQuery: Array.from(core.angles),
    numbers: { receipts: core.storage.cache, ledger: core.storage.state },
    dk: opts.dk,
    dv: opts.dv,
    normalized: opts.normalize,
  };
}
