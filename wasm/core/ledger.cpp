#include "ledger.hpp"

#include <algorithm>
#include <limits>

namespace linattn {

namespace {

std::vector<double> row(const std::vector<double>& m, int i, int width) {
  return {m.begin() + static_cast<long>(i) * width, m.begin() + static_cast<long>(i + 1) * width};
}
// Row i of m into `to`, whose room is reused (a view's many rows make no allocation each: in
// WebAssembly the allocator was a fifth of a drag update's time).
const std::vector<double>& row_into(std::vector<double>& to, const std::vector<double>& m, int i,
                                    int width) {
  to.assign(m.begin() + static_cast<long>(i) * width, m.begin() + static_cast<long>(i + 1) * width);
  return to;
}

void append(std::vector<double>& to, const std::vector<double>& x) {
  to.insert(to.end(), x.begin(), x.end());
}

// The query's read, split into its terms, and its error against the value stored under the key it
// copies (queryIndex), once something is written.
Status query_read(const AssociativeMemory& mem, const LedgerOptions& o, LedgerView& v) {
  if (v.step == 0) return Status::good();
  auto terms = mem.read_terms(o.query);
  if (!terms.status) return terms.status;
  auto phi_q = mem.features(o.query);
  if (!phi_q.status) return phi_q.status;
  v.has_query = true;
  v.query_terms = std::move(terms.value);
  v.phi_q = std::move(phi_q.value);
  const int qi = static_cast<int>(o.query_index);
  if (qi >= 0 && qi < v.step) {
    auto cmp = compare(v.query_terms.read, row(o.values, qi, v.dv));
    if (!cmp.status) return cmp.status;
    v.has_query_error = true;
    v.query_error = cmp.value.error;
  }
  return Status::good();
}

// Overlaps of every pair of keys, by reads of a scratch memory (see ledger.hpp).
Status key_overlaps(const LedgerOptions& o, LedgerView& v) {
  if (v.n == 0) return Status::good();
  MemoryOptions scratch;
  scratch.dk = v.dk;
  scratch.dv = v.n;
  scratch.feature_map = o.memory.feature_map;
  auto scfg = make_memory_config(scratch);
  if (!scfg.status) return scfg.status;
  AssociativeMemory m(scfg.value);
  std::vector<double> e(static_cast<size_t>(v.n), 0.0), k;
  for (int i = 0; i < v.n; ++i) {
    e[i] = 1;
    // Its stamps are not kept: write_only computes each into the memory's one scratch stamp.
    if (Status w = m.write_only(row_into(k, o.keys, i, v.dk), e); !w) return w;
    e[i] = 0;
  }
  v.overlaps.reserve(static_cast<size_t>(v.n) * v.n);
  for (int j = 0; j < v.n; ++j) {
    // read() is read_onto() an empty vector: the same numbers, straight onto the overlaps
    if (Status read = m.read_onto(row_into(k, o.keys, j, v.dk), v.overlaps); !read) return read;
  }
  return Status::good();
}

// Angles from the query to every key, between phi(q) and phi(k_i): the space of the overlaps the
// demo shows beside them (under elu+1, k = (1, 0) and (0, 1) are 90 degrees apart, but their
// features (2, 1) and (1, 2), with overlap 4, are 36.87). A zero vector there has no direction:
// its angle is NaN, not compare()'s 90.
Status query_angles(const AssociativeMemory& mem, const LedgerOptions& o, LedgerView& v) {
  auto phi_query = mem.features(o.query);
  if (!phi_query.status) return phi_query.status;
  const auto no_direction = [](const std::vector<double>& x) {
    return std::all_of(x.begin(), x.end(), [](double c) { return c == 0; });
  };
  v.angles.reserve(static_cast<size_t>(v.n));
  std::vector<double> phi_k;
  for (int i = 0; i < v.n; ++i) {
    row_into(phi_k, v.features, i, v.dk);
    if (no_direction(phi_query.value) || no_direction(phi_k)) {
      v.angles.push_back(std::numeric_limits<double>::quiet_NaN());
      continue;
    }
    auto cmp = compare(phi_query.value, phi_k);
    if (!cmp.status) return cmp.status;
    v.angles.push_back(cmp.value.degrees);
  }
  return Status::good();
}

}  // namespace

Result<LedgerView> ledger_view(const LedgerOptions& o) {
  Result<LedgerView> r;
  auto cfg = make_memory_config(o.memory);
  if (!(r.status = cfg.status)) return r;
  LedgerView& v = r.value;
  v.dk = cfg.value.dk;
  v.dv = cfg.value.dv;
  const int dk = v.dk, dv = v.dv;
  if (o.keys.size() % static_cast<size_t>(dk) != 0) {
    r.status = Status::bad("keys must hold whole rows of dk numbers", "keys");
    return r;
  }
  const size_t rows = o.keys.size() / static_cast<size_t>(dk);  // whole rows: checked above
  const double n = static_cast<double>(rows);
  if (!(r.status = check_int("associations", n, 0, kLedgerMaxAssociations))) return r;
  v.n = static_cast<int>(n);
  // Rows are whole in JS (index.mjs checks each one's length); a bad number is named by its place
  // in the flat array, keys[i * dk + j], which index.mjs renames keys[i][j].
  if (!(r.status = check_vec("keys", o.keys.data(), static_cast<long long>(o.keys.size()),
                             static_cast<long long>(v.n) * dk)))
    return r;
  if (!(r.status = check_vec("values", o.values.data(), static_cast<long long>(o.values.size()),
                             static_cast<long long>(v.n) * dv)))
    return r;
  if (!(r.status = check_int("step", o.step, 0, v.n))) return r;
  v.step = static_cast<int>(o.step);
  if (!(r.status = check_vec("query", o.query.data(), static_cast<long long>(o.query.size()), dk)))
    return r;
  if (!(r.status = check_int("queryIndex", o.query_index, -1, std::max(-1, v.n - 1)))) return r;

  // The demo's memory: features, writes, state, reads, the query.
  AssociativeMemory mem(cfg.value);
  const size_t n_rows = static_cast<size_t>(v.n), steps = static_cast<size_t>(v.step);
  v.features.reserve(n_rows * dk);
  v.stamps.reserve(steps * dk * dv);
  v.states.reserve(steps * dk * dv);
  v.reads.reserve(steps * dv);
  v.errors.reserve(steps);
  std::vector<double> k, val;  // the row at hand, room reused
  for (int i = 0; i < v.n; ++i) {
    auto phi = mem.features(row_into(k, o.keys, i, dk));
    if (!(r.status = phi.status)) return r;
    append(v.features, phi.value);
  }
  for (int i = 0; i < v.step; ++i) {
    // Each stamp computed straight into its place in the view (write() makes a vector of it).
    v.stamps.resize(static_cast<size_t>(i + 1) * dk * dv);
    if (!(r.status = mem.write_to(row_into(k, o.keys, i, dk), row_into(val, o.values, i, dv),
                                  v.stamps.data() + static_cast<size_t>(i) * dk * dv)))
      return r;
    const Mat& S = mem.state();
    v.states.insert(v.states.end(), S.data(), S.data() + S.size());
  }
  v.state = to_vector(mem.state());
  v.normalizer = to_vector(mem.normalizer());
  std::vector<double> read;  // one read at a time, room reused (read() is read_onto() of empty)
  for (int i = 0; i < v.step; ++i) {
    read.clear();
    if (!(r.status = mem.read_onto(row_into(k, o.keys, i, dk), read))) return r;
    auto cmp = compare(read, row_into(val, o.values, i, dv));
    if (!(r.status = cmp.status)) return r;
    append(v.reads, read);
    v.errors.push_back(cmp.value.error);
  }
  if (!(r.status = query_read(mem, o, v))) return r;
  if (!(r.status = key_overlaps(o, v))) return r;
  if (!(r.status = query_angles(mem, o, v))) return r;
  auto storage = storage_numbers(dk, dv, v.step);
  if (!(r.status = storage.status)) return r;
  v.storage = storage.value;
  return r;
}

std::vector<double> pack(const LedgerView& v) {
  std::vector<double> out;
  out.reserve(6 + v.features.size() + v.stamps.size() + v.states.size() + v.state.size() +
              v.normalizer.size() + v.reads.size() + v.errors.size() + v.phi_q.size() +
              v.query_terms.coefficients.size() + v.query_terms.terms.size() +
              v.query_terms.read.size() + 2 + v.overlaps.size() + v.angles.size() + 2);
  out.insert(out.end(),
             {static_cast<double>(v.n), static_cast<double>(v.dk), static_cast<double>(v.dv),
              static_cast<double>(v.step), v.has_query ? 1.0 : 0.0, v.has_query_error ? 1.0 : 0.0});
  for (const auto* part :
       {&v.features, &v.stamps, &v.states, &v.state, &v.normalizer, &v.reads, &v.errors})
    append(out, *part);
  if (v.has_query) {
    append(out, v.phi_q);
    append(out, v.query_terms.coefficients);
    append(out, v.query_terms.terms);
    out.push_back(v.query_terms.denominator);
    append(out, v.query_terms.read);
    if (v.has_query_error) out.push_back(v.query_error);
  }
  append(out, v.overlaps);
  append(out, v.angles);
  out.push_back(v.storage.cache);
  out.push_back(v.storage.state);
  return out;
}

}  // namespace linattn
