#include "kv_batch.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <string>
#include <utility>

namespace linattn {
namespace {

// Names a context length of a curve by its place: "tokens" -> "tokens[i]".
Status at_index(Status st, std::size_t i) {
  if (st.field == "tokens") {
    const std::string field = "tokens[" + std::to_string(i) + "]";
    if (st.message.compare(0, 6, "tokens") == 0) st.message = field + st.message.substr(6);
    st.field = field;
  }
  return st;
}

Status curve_length(const std::vector<double>& tokens) {
  if (tokens.size() <= kMaxCurvePoints) return Status::good();
  return Status::bad("tokens must hold at most " + std::to_string(kMaxCurvePoints) +
                         " context lengths (got " + std::to_string(tokens.size()) + ")",
                     "tokens");
}

// The query of a curve's point after the first: only its context length differs, so only that is
// checked again (make_kv_query checks tokens first, then the fields the first point passed). The
// same query, and the same refusal, as make_kv_query of the whole options; no number format is
// parsed from its name again at each point.
Result<KvQuery> with_tokens(KvQuery q, double tokens) {
  Result<KvQuery> r;
  if (!(r.status = check_int("tokens", tokens, 0, limits::maxTokens))) return r;
  q.tokens = static_cast<std::uint64_t>(tokens);
  r.value = q;
  return r;
}

// Whether a context length passes make_kv_query's check of tokens (check_int: a whole number from
// 0 to maxTokens), tested without making a Status: in WebAssembly a Status's two strings cost
// calls to make, move and free at every point of a curve. A length that fails is refused by
// with_tokens, with check_int's own words.
bool whole_tokens(double t) {
  return std::isfinite(t) && t == std::floor(t) && t >= 0 && t <= limits::maxTokens;
}
KvQuery& kv_of(KvQuery& q) { return q; }
KvQuery& kv_of(CapacityQuery& q) { return q.kv; }

// compute(query, value, refused) at each of `tokens`, each value then handed to put(i, value): the
// first query made whole by first(tokens[0]), the others the same query with only its count of
// tokens changed (checked again); compute writes `refused` only when it refuses (no Status made at
// every point), and the first refusal names its index. start(first query) makes what every point
// reads (a model's sizes, worked out once). One value is written at every point (none made and
// zeroed per point: in WebAssembly each is a call to memset).
template <class Value, class First, class Start, class Compute, class Put>
Status over_tokens(const std::vector<double>& tokens, First first, Start start, Compute compute,
                   Put put) {
  if (Status st = curve_length(tokens); !st) return st;
  if (tokens.empty()) return Status::good();
  auto q = first(tokens[0]);
  if (!q.status) return at_index(q.status, 0);
  auto made = start(q.value);
  Status refused;
  Value v;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (i == 0) {
    } else if (whole_tokens(tokens[i])) {
      kv_of(q.value).tokens = static_cast<std::uint64_t>(tokens[i]);
    } else {
      return at_index(with_tokens(kv_of(q.value), tokens[i]).status, i);
    }
    if (!compute(made, q.value, v, refused)) return at_index(refused, i);
    put(i, v);
  }
  return Status::good();
}

// kv_memory at each of `tokens`, handed to put(i, result).
template <class Put>
Status memory_points(const Model& m, const KvOptions& base, const std::vector<double>& tokens,
                     Put put) {
  const auto first = [&](double t) {
    KvOptions o = base;
    o.tokens = t;
    return make_kv_query(o);
  };
  const auto start = [&](const KvQuery& q) { return SessionSizes(m, q.kv, q.state); };
  return over_tokens<KvResult>(
      tokens, first, start,
      [](const SessionSizes& s, const KvQuery& q, KvResult& v, Status& refused) {
        const char* what = kv_memory(s, q, v);
        if (what) refused = too_large(what);
        return what == nullptr;
      },
      put);
}

// kv_capacity at each of `tokens`, handed to put(i, result).
template <class Put>
Status capacity_points(const Model& m, const CapacityOptions& base,
                       const std::vector<double>& tokens, Put put) {
  const auto first = [&](double t) {
    CapacityOptions o = base;
    o.kv.tokens = t;
    return make_capacity_query(o);
  };
  const auto start = [&](const CapacityQuery& q) { return Capacity(m, q); };
  return over_tokens<CapacityResult>(
      tokens, first, start,
      [](const Capacity& c, const CapacityQuery& q, CapacityResult& v, Status& refused) {
        if (!c.status()) {
          refused = c.status();
          return false;
        }
        v = c.at(q.kv.tokens);
        return true;
      },
      put);
}

// Results into a vector (empty when refused).
template <class R, class Points>
Result<std::vector<R>> kept(std::size_t n, Points points) {
  Result<std::vector<R>> out;
  out.value.reserve(std::min(n, kMaxCurvePoints));
  out.status = points([&](std::size_t, const R& v) { out.value.push_back(v); });
  if (!out.status) out.value.clear();
  return out;
}
// Results as columns from `out` (append_columns' layout: n entries a field).
template <class R>
auto into_columns(std::uint64_t* out, std::size_t n) {
  return [out, n](std::size_t i, const R& v) {
    const auto f = fields_of(v);
    for (std::size_t k = 0; k < f.size(); ++k) out[k * n + i] = f[k];
  };
}
// The same for the fields whose bits `mask` sets, one column each in their order.
struct FieldList {
  std::array<std::size_t, kKvResultFields> at{};
  std::size_t count = 0;
  explicit FieldList(unsigned mask) {
    for (std::size_t k = 0; k < kKvResultFields; ++k)
      if (mask & (1u << k)) at[count++] = k;
  }
};
auto into_some_columns(std::uint64_t* out, std::size_t n, const FieldList& fields) {
  return [out, n, &fields](std::size_t i, const KvResult& v) {
    const auto f = fields_of(v);
    for (std::size_t j = 0; j < fields.count; ++j) out[j * n + i] = f[fields.at[j]];
  };
}

}  // namespace

Result<std::vector<KvResult>> kv_memory_curve(const Model& m, const KvOptions& base,
                                              const std::vector<double>& tokens) {
  return kept<KvResult>(tokens.size(),
                        [&](auto put) { return memory_points(m, base, tokens, put); });
}
Status kv_memory_columns(const Model& m, const KvOptions& base, const std::vector<double>& tokens,
                         WordsRoom room) {
  if (Status st = curve_length(tokens); !st) return st;
  const std::size_t n = tokens.size();
  return memory_points(m, base, tokens, into_columns<KvResult>(room(kKvResultFields * n), n));
}

Result<std::vector<CapacityResult>> kv_capacity_curve(const Model& m, const CapacityOptions& base,
                                                      const std::vector<double>& tokens) {
  return kept<CapacityResult>(tokens.size(),
                              [&](auto put) { return capacity_points(m, base, tokens, put); });
}
Status kv_capacity_columns(const Model& m, const CapacityOptions& base,
                           const std::vector<double>& tokens, WordsRoom room) {
  if (Status st = curve_length(tokens); !st) return st;
  const std::size_t n = tokens.size();
  return capacity_points(m, base, tokens,
                         into_columns<CapacityResult>(room(kCapacityFields * n), n));
}

namespace {

// kv_view's work but its curves, into v: the status of the first refusal.
Status view_head(const Model& m, const Model* reference, const Model* original,
                 const KvViewOptions& o, KvView& v) {
  // In the order the figure asked for them one at a time, so the first refusal is the same one.
  auto q = make_kv_query(o.query.kv);
  if (!q.status) return q.status;
  auto now = kv_memory(m, q.value);
  if (!now.status) return now.status;
  v.now = now.value;
  auto cq = make_capacity_query(o.query);
  if (!cq.status) return cq.status;
  // A model whose weights nobody stated has no capacity (kv_capacity refuses, naming model.params);
  // the rest of the view is still its, and the figure asks the reader for the weights.
  auto cap = kv_capacity(m, cq.value);
  if (!cap.status && cap.status.field != "model.params") return cap.status;
  v.capacity_status = cap.status;
  v.capacity = cap.value;
  if (reference) {
    v.has_reference = true;
    auto ref = kv_memory(*reference, q.value);
    if (!ref.status) return ref.status;
    v.ref_now = ref.value;
    KvQuery one = q.value;
    one.tokens = 1;
    one.sessions = 1;
    auto per = kv_memory(*reference, one);
    if (!per.status) return per.status;
    v.ref_per_session = per.value.state_bytes;
    if (o.crossover && v.ref_per_session > 0) {
      v.has_crossover = true;
      auto x = kv_crossover(m, q.value.kv, v.ref_per_session);
      v.crossover_status = x.status;
      v.crossover = x.status ? x.value : -1;
    }
  }
  if (original) {
    v.has_original = true;
    auto orig = kv_memory(*original, q.value);
    if (!orig.status) return orig.status;
    v.original_now = orig.value;
  }
  return Status::good();
}

// pack()'s words before the curves: the flags, the crossover, the state per session, the curve's
// length n, then now, capacity, ref_now and original_now.
constexpr std::size_t kHeadWords = 6 + 3 * kKvResultFields + kCapacityFields;
void write_head(const KvView& v, std::size_t n, std::uint64_t* out) {
  const std::uint64_t flags[] = {v.has_reference,   v.has_original,
                                 v.has_crossover,   static_cast<std::uint64_t>(v.crossover + 1),
                                 v.ref_per_session, n};
  out = std::copy(std::begin(flags), std::end(flags), out);
  const auto put = [&out](const auto& r) {
    const auto f = fields_of(r);
    out = std::copy(f.begin(), f.end(), out);
  };
  put(v.now);
  put(v.capacity);
  put(v.ref_now);
  put(v.original_now);
}

}  // namespace

Result<KvView> kv_view(const Model& m, const Model* reference, const Model* original,
                       const KvViewOptions& o) {
  Result<KvView> r;
  KvView& v = r.value;
  if (!(r.status = view_head(m, reference, original, o, v)) || o.curve.empty()) return r;
  // Sample by sample, as the figure did: the model, then its reference, then its original.
  const std::pair<const Model*, std::vector<KvResult>*> curves[] = {
      {&m, &v.curve}, {reference, &v.ref_curve}, {original, &v.original_curve}};
  for (const auto& [model, curve] : curves) {
    if (!model) continue;
    auto c = kv_memory_curve(*model, o.query.kv, o.curve);
    if (!(r.status = c.status)) return r;
    *curve = std::move(c.value);
  }
  return r;
}

Result<KvView> kv_view_packed(const Model& m, const Model* reference, const Model* original,
                              const KvViewOptions& o, WordsRoom room) {
  Result<KvView> r;
  KvView& v = r.value;
  if (!(r.status = view_head(m, reference, original, o, v))) return r;
  if (!(r.status = curve_length(o.curve)))
    return r;  // as the first curve would refuse, before room
  if (!(r.status = check_int("curveFields", o.curve_fields, 1, kAllKvFields))) return r;
  const FieldList fields(static_cast<unsigned>(o.curve_fields));
  const std::size_t n = o.curve.size();
  const Model* const models[] = {&m, reference, original};
  std::size_t curves = 0;
  for (const Model* model : models) curves += model && n > 0 ? 1 : 0;
  std::uint64_t* out = room(kHeadWords + fields.count * n * curves);
  write_head(v, n, out);
  out += kHeadWords;
  for (const Model* model : models) {
    if (!model || n == 0) continue;
    const auto put = into_some_columns(out, n, fields);
    if (!(r.status = memory_points(*model, o.query.kv, o.curve, put))) return r;
    out += fields.count * n;
  }
  return r;
}

std::array<std::uint64_t, kKvResultFields> fields_of(const KvResult& r) {
  return {r.kv_bytes_per_token,
          r.growing_bytes_per_token,
          r.capped_bytes_per_token,
          r.kv_bytes,
          r.growing_bytes,
          r.capped_bytes,
          r.capped_full_tokens,
          r.state_bytes,
          r.conv_bytes,
          r.total_bytes,
          r.per_session_bytes};
}
std::array<std::uint64_t, kCapacityFields> fields_of(const CapacityResult& r) {
  std::array<std::uint64_t, kCapacityFields> f{r.weight_bytes, r.free_bytes, r.sessions_that_fit,
                                               r.longest_context, r.session_bytes};
  // The flags, 1 or 0, after the counts.
  f[5] = r.kv_heads_replicated ? 1 : 0;
  f[6] = r.sessions_at_limit ? 1 : 0;
  f[7] = r.longest_at_limit ? 1 : 0;
  f[8] = r.weights_fit ? 1 : 0;
  return f;
}
void append_fields(const KvResult& r, std::vector<std::uint64_t>& out) {
  const auto f = fields_of(r);
  out.insert(out.end(), f.begin(), f.end());
}
void append_fields(const CapacityResult& r, std::vector<std::uint64_t>& out) {
  const auto f = fields_of(r);
  out.insert(out.end(), f.begin(), f.end());
}

std::vector<std::uint64_t> pack(const KvView& v) {
  std::vector<std::uint64_t> out(kHeadWords);
  write_head(v, v.curve.size(), out.data());
  for (const auto* c : {&v.curve, &v.ref_curve, &v.original_curve}) append_columns(*c, out);
  return out;
}

}  // namespace linattn
