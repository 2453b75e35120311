// Many KV-calculator queries in one call: a curve of context lengths, and the memory figure's
// whole view (web/src/demos/memory). Each is a loop over the per-query functions of kv_memory.hpp
// (make_kv_query, kv_memory, make_capacity_query, kv_capacity, kv_crossover), so every number is
// bit for bit what those calls give one at a time; they live here so that a figure's update
// crosses the JS/WebAssembly boundary once, with flat arrays, instead of once per query.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "kv_memory.hpp"
#include "status.hpp"

namespace linattn {

// A curve: `base` with its tokens replaced by each of `tokens` in turn. A refused context length
// refuses the curve, with its field named tokens[i]; so does a result past 2^63 bytes. At most
// kMaxCurvePoints lengths (the figure samples about 60).
inline constexpr std::size_t kMaxCurvePoints = 4096;
Result<std::vector<KvResult>> kv_memory_curve(const Model& m, const KvOptions& base,
                                              const std::vector<double>& tokens);
Result<std::vector<CapacityResult>> kv_capacity_curve(const Model& m, const CapacityOptions& base,
                                                      const std::vector<double>& tokens);
// The caller's memory for an answer of `size` words, asked for once, when its size is known and
// checked (the bindings' answer buffer; a native caller's array).
using WordsRoom = std::uint64_t* (*)(std::size_t size);
// The same curves written straight into columns in room(size) (columns()' layout: kKvResultFields
// or kCapacityFields columns of tokens.size() words), with no result kept first: what the bindings
// answer with. Written only in part when refused (a refused length of tokens asks no room).
Status kv_memory_columns(const Model& m, const KvOptions& base, const std::vector<double>& tokens,
                         WordsRoom room);
Status kv_capacity_columns(const Model& m, const CapacityOptions& base,
                           const std::vector<double>& tokens, WordsRoom room);

// What the memory figure shows for one of its states (web/src/demos/memory/compute.js):
//   now, capacity:   the model at the reader's query;
//   with a reference model (the flat line: the model itself when it has linear layers, else its
//   all-linear twin): ref_now at the query, its state per session (one token, one session) and,
//   when asked and that state is above 0, the context from which the model's KV cache passes it;
//   with an original model (the model before it was made linear): original_now;
//   the curve: each model at every context length of `curve` (empty: none asked).
// The fields of each result, in the order they are packed (one list, read by wasm/api/kv.mjs).
inline constexpr int kKvResultFields = 11;
// Which fields of each curve kv_view_packed writes: bit k for the k-th of fields_of (all of them
// unless told; the memory figure draws 3). Outside data: a whole number from 1 to kAllKvFields.
inline constexpr double kAllKvFields = (1 << kKvResultFields) - 1;
struct KvViewOptions {
  CapacityOptions query;
  std::vector<double> curve;
  bool crossover = false;
  double curve_fields = kAllKvFields;  // kv_view_packed's alone: kv_view keeps every field
};
struct KvView {
  KvResult now;
  CapacityResult capacity;
  bool has_reference = false, has_original = false;
  KvResult ref_now, original_now;
  std::uint64_t ref_per_session = 0;  // state bytes of one session
  bool has_crossover = false;         // asked, and ref_per_session > 0
  Status capacity_status;   // refused for unknown weights alone (model.params): no capacity
  Status crossover_status;  // a crossover alone may fail: the figure shows it in its row
  std::int64_t crossover = -1;
  std::vector<KvResult> curve, ref_curve, original_curve;
};
// reference and original may be null (none).
Result<KvView> kv_view(const Model& m, const Model* reference, const Model* original,
                       const KvViewOptions& o);
// kv_view with its words, pack()'s, written straight into room(size) (the caller's memory for
// `size` words, asked for once the size is known), each curve into its columns with no result kept
// first: what the bindings answer with. The view it returns has no curves; the words are those of
// pack(kv_view(...)), bit for bit, but that each curve has only the columns o.curve_fields names
// (in their order; checked after the view's other options, field curveFields).
Result<KvView> kv_view_packed(const Model& m, const Model* reference, const Model* original,
                              const KvViewOptions& o, WordsRoom room);

// The last four of a capacity: kv_heads_replicated, sessions_at_limit, longest_at_limit and
// weights_fit, each as 0 or 1.
inline constexpr int kCapacityFields = 9;
void append_fields(const KvResult& r, std::vector<std::uint64_t>& out);
void append_fields(const CapacityResult& r, std::vector<std::uint64_t>& out);
// The same fields as a fixed array (no vector grown field by field).
std::array<std::uint64_t, kKvResultFields> fields_of(const KvResult& r);
std::array<std::uint64_t, kCapacityFields> fields_of(const CapacityResult& r);
// Results as columns, appended to `out`: field after field, each with one entry per result.
template <class R>
void append_columns(const std::vector<R>& rs, std::vector<std::uint64_t>& out) {
  const std::size_t n = rs.size(), at = out.size();
  if (n == 0) return;
  const std::size_t width = fields_of(rs[0]).size();
  out.resize(at + width * n);
  for (std::size_t i = 0; i < n; ++i) {
    const auto f = fields_of(rs[i]);
    for (std::size_t k = 0; k < width; ++k) out[at + k * n + i] = f[k];
  }
}
template <class R>
std::vector<std::uint64_t> columns(const std::vector<R>& rs) {
  std::vector<std::uint64_t> out;
  append_columns(rs, out);
  return out;
}
// The view as one array of words (wasm/api/kv.mjs splits it): has_reference, has_original,
// has_crossover, crossover + 1, ref_per_session, curve length n, then now, capacity, ref_now,
// original_now (each its fields; zeros when absent), then the three curves as columns (n each
// field; the reference's and the original's only when present).
std::vector<std::uint64_t> pack(const KvView& v);

}  // namespace linattn
