// The running ledger's view (chapter §4.1, web/src/demos/ledger): every number the demo shows for
// one of its states, in one call. The demo used to ask for them one memory call at a time (about
// 40 crossings of the JS/WebAssembly boundary per frame of a drag); this makes the same
// calls on the same AssociativeMemory here, so each number is bit for bit what those calls gave:
//   - phi(k_i) of every association, written or not;
//   - the first `step` writes in order: each write's stamp and the state S after it;
//   - S and z after them; each written key read back, and |read - v| (compare());
//   - with at least one write, the query read term by term (read_terms) and phi(q); its error
//     against the value of association `query_index` when that one has been written;
//   - the overlaps phi(k_i) . phi(k_j) of every pair of keys: a scratch memory (same feature map,
//     no normalizer, add rule) files key i under the one-hot value e_i, so the read with k_j is
//     row j of the overlap matrix;
//   - the angle from phi(q) to every phi(k_i) (compare(): degrees), in the space of the overlaps;
//     NaN where either has no direction (a zero vector, such as q = 0 under the identity map);
//   - the numbers each kind of memory keeps after `step` writes (storage_numbers()).
#pragma once
#include <vector>

#include "compare.hpp"
#include "memory.hpp"
#include "status.hpp"

namespace linattn {

// At most this many associations: well above the demo's 8 (web/src/demos/ledger/state.js); the
// overlaps grow as n x n.
inline constexpr int kLedgerMaxAssociations = 64;

// Outside data, unchecked (la.ledgerView's options).
struct LedgerOptions {
  MemoryOptions memory;        // dk, dv, feature map, normalizer, rule (the demo: dk = dv = d)
  std::vector<double> keys;    // n x dk, row-major
  std::vector<double> values;  // n x dv, row-major
  double step = 0;             // writes made, 0..n
  std::vector<double> query;   // dk numbers: the read the demo explains term by term
  double query_index = -1;     // the association the query is the key of, or -1 (a free query)
};

struct LedgerView {
  int n = 0, dk = 0, dv = 0, step = 0;
  std::vector<double> features;    // n x dk: phi(k_i)
  std::vector<double> stamps;      // step x (dk dv): what each write added to S
  std::vector<double> states;      // step x (dk dv): S after each write
  std::vector<double> state;       // dk dv: S after `step` writes
  std::vector<double> normalizer;  // dk: z after `step` writes
  std::vector<double> reads;       // step x dv: phi(k_i)^T S (normalized when the memory is)
  std::vector<double> errors;      // step: |read_i - v_i|
  bool has_query = false;          // step > 0
  std::vector<double> phi_q;       // dk
  ReadTerms query_terms;           // the query's read, term by term
  bool has_query_error = false;    // query_index names a written association
  double query_error = 0;          // |read(q) - v_query_index|
  std::vector<double> overlaps;    // n x n: phi(k_i) . phi(k_j)
  std::vector<double> angles;      // n: degrees from phi(q) to each phi(k_i); NaN: no direction
  StorageNumbers storage;          // numbers kept after `step` writes
};

Result<LedgerView> ledger_view(const LedgerOptions& o);

// The view as one flat array, for crossing to JS in one copy (wasm/api/ledger.mjs splits it):
//   n, dk, dv, step, has_query, has_query_error, then features (n dk), stamps and states
//   (step dk dv each), state (dk dv), normalizer (dk), reads (step dv), errors (step), then, with a
//   query, phi_q (dk), coefficients (step), terms (step dv), denominator, read (dv), and the query
//   error when it has one; then overlaps (n n), angles (n), cache, state numbers.
std::vector<double> pack(const LedgerView& v);

}  // namespace linattn
