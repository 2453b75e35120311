#include <doctest.h>

#include <algorithm>
#include <vector>

#include "kv_batch.hpp"
#include "memory_batch.hpp"
#include "rng.hpp"

using namespace linattn;

namespace {

Model hybrid() {
  ModelSpec spec;
  LayerSpec full{"attention", 8, 8, 128, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  LayerSpec window = full;
  window.count = 24;
  window.window = 4096;
  LayerSpec lin{"linear", 4, 0, 0, 0, 0, 16, 128, 128, 0, 0, 4, 4096};
  spec.layers = {full, window, lin};
  spec.params = 8e9;
  return make_model(spec).value;
}

// An all-linear model: 36 layers of one 128 x 128 state per head, 32 heads.
Model linear_twin() {
  ModelSpec spec;
  spec.layers = {LayerSpec{"linear", 36, 0, 0, 0, 0, 32, 128, 128, 0, 0, 0, 0}};
  return make_model(spec).value;
}

}  // namespace

TEST_CASE("kv_memory_curve is kv_memory at each context length, and names a refused one") {
  const Model m = hybrid();
  const std::vector<double> tokens = {1, 1000, 4096, 1e6, 1e10};
  KvOptions o;
  o.sessions = 3;
  o.kv_dtype = "fp8";
  auto curve = kv_memory_curve(m, o, tokens);
  REQUIRE(curve.status.ok);
  REQUIRE(curve.value.size() == tokens.size());
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    o.tokens = tokens[i];
    const auto one = kv_memory(m, make_kv_query(o).value).value;
    CHECK(curve.value[i].total_bytes == one.total_bytes);
    CHECK(curve.value[i].capped_bytes == one.capped_bytes);
  }
  // full: 2 x 8 x 128 x 8 layers x 1 byte = 16384 bytes a token; at 1000 tokens, 3 sessions
  CHECK(curve.value[1].growing_bytes == 16384ULL * 1000 * 3);
  auto bad = kv_memory_curve(m, o, {5, 2.5});
  CHECK(bad.status.field == "tokens[1]");
  CHECK(bad.status.message.rfind("tokens[1] must be", 0) == 0);
  CHECK(kv_memory_curve(m, o, std::vector<double>(kMaxCurvePoints + 1, 1)).status.field ==
        "tokens");
}

TEST_CASE("kv_capacity_curve is kv_capacity at each context length") {
  const Model m = hybrid();
  CapacityOptions c;
  c.gpu_bytes = 80e9;
  c.tp = 2;
  const std::vector<double> tokens = {1000, 131072};
  auto curve = kv_capacity_curve(m, c, tokens);
  REQUIRE(curve.status.ok);
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    c.kv.tokens = tokens[i];
    const auto one = kv_capacity(m, make_capacity_query(c).value).value;
    CHECK(curve.value[i].sessions_that_fit == one.sessions_that_fit);
    CHECK(curve.value[i].longest_context == one.longest_context);
  }
  CHECK(curve.value[0].weight_bytes == 8000000000ULL);  // 16e9 bytes of bf16 weights over 2 GPUs
}

TEST_CASE("kv_view gives what the one-query functions give, in their order of refusal") {
  const Model m = hybrid();
  const Model twin = linear_twin();
  KvViewOptions o;
  o.query.kv.tokens = 65536;
  o.query.gpu_bytes = 80e9;
  o.curve = {1000, 1e6};
  o.crossover = true;
  auto v = kv_view(m, &twin, &m, o);
  REQUIRE(v.status.ok);
  const KvQuery q = make_kv_query(o.query.kv).value;
  CHECK(v.value.now.total_bytes == kv_memory(m, q).value.total_bytes);
  CHECK(v.value.ref_now.state_bytes == kv_memory(twin, q).value.state_bytes);
  CHECK(v.value.ref_per_session == 36ULL * 32 * 128 * 128 * 2);
  REQUIRE(v.value.has_crossover);
  CHECK(v.value.crossover == kv_crossover(m, Dtype::BF16, v.value.ref_per_session).value);
  CHECK(v.value.original_curve.size() == 2);
  CHECK(v.value.ref_curve[1].state_bytes == v.value.ref_now.state_bytes);
  o.query.kv.tokens = -1;
  CHECK(kv_view(m, nullptr, nullptr, o).status.field == "tokens");
  o.query.kv.tokens = 1;
  o.query.gpu_bytes = -1;
  CHECK(kv_view(m, nullptr, nullptr, o).status.field == "gpuBytes");
  const auto words = pack(v.value);
  CHECK(words[0] == 1);  // has_reference
  CHECK(words[5] == 2);  // curve length
  CHECK(words.size() == 6 + 3 * kKvResultFields + kCapacityFields + 3 * 2 * kKvResultFields);
}

namespace {
std::vector<std::uint64_t> room_words;
std::uint64_t* room(std::size_t n) {
  room_words.assign(n, 0xdeadbeefULL);  // what the core leaves unwritten would show
  return room_words.data();
}
}  // namespace

TEST_CASE("kv_view_packed writes pack(kv_view(...)) bit for bit, and the curves' columns theirs") {
  const Model m = hybrid();
  const Model twin = linear_twin();
  KvViewOptions o;
  o.query.kv.tokens = 65536;
  o.query.kv.sessions = 4;
  o.query.kv.kv_dtype = "fp8";
  o.query.gpu_bytes = 80e9;
  o.query.tp = 2;
  o.curve = {1000, 4096, 4097, 1e6, 1e10};
  for (bool crossover : {false, true}) {
    o.crossover = crossover;
    for (const Model* ref : {static_cast<const Model*>(nullptr), &twin}) {
      for (const Model* orig : {static_cast<const Model*>(nullptr), &m}) {
        for (std::size_t n : {std::size_t(0), o.curve.size()}) {
          KvViewOptions p = o;
          p.curve.resize(n);
          const auto v = kv_view(m, ref, orig, p);
          REQUIRE(v.status.ok);
          const auto packed = kv_view_packed(m, ref, orig, p, room);
          REQUIRE(packed.status.ok);
          CHECK(room_words == pack(v.value));
        }
      }
    }
  }
  // Only the columns asked for: kvBytes, stateBytes and totalBytes (fields 3, 7 and 9), in order.
  o.curve_fields = (1 << 3) | (1 << 7) | (1 << 9);
  const auto all = pack(kv_view(m, &twin, &m, o).value);
  REQUIRE(kv_view_packed(m, &twin, &m, o, room).status.ok);
  const std::size_t head = 6 + 3 * kKvResultFields + kCapacityFields, n = o.curve.size();
  const std::size_t picked[] = {3, 7, 9};
  REQUIRE(room_words.size() == head + 3 * 3 * n);
  CHECK(std::equal(room_words.begin(), room_words.begin() + head, all.begin()));
  for (std::size_t c = 0; c < 3; ++c)
    for (std::size_t j = 0; j < 3; ++j)
      for (std::size_t i = 0; i < n; ++i)
        CHECK(room_words[head + (3 * c + j) * n + i] ==
              all[head + (kKvResultFields * c + picked[j]) * n + i]);
  for (double bad : {0.0, 2048.0, 2.5}) {
    o.curve_fields = bad;
    CHECK(kv_view_packed(m, &twin, &m, o, room).status.field == "curveFields");
  }
  o.curve_fields = kAllKvFields;
  o.curve = {5, 2.5};
  CHECK(kv_view_packed(m, &twin, &m, o, room).status.field == "tokens[1]");
  o.curve.assign(kMaxCurvePoints + 1, 1);
  room_words.clear();
  CHECK(kv_view_packed(m, &twin, &m, o, room).status.field == "tokens");
  CHECK(room_words.empty());  // no room asked for a curve refused for its length

  const std::vector<double> tokens = {1, 1000, 4096, 1e6, 1e10};
  REQUIRE(kv_memory_columns(m, o.query.kv, tokens, room).ok);
  CHECK(room_words == columns(kv_memory_curve(m, o.query.kv, tokens).value));
  REQUIRE(kv_capacity_columns(m, o.query, tokens, room).ok);
  CHECK(room_words == columns(kv_capacity_curve(m, o.query, tokens).value));
  CHECK(kv_memory_columns(m, o.query.kv, {5, 2.5}, room).field == "tokens[1]");
}

TEST_CASE(
    "write_and_read and read_rows are write and read called in turn, and name a refused row") {
  const int d = 5, n = 30;
  Rng rng(4);
  std::vector<double> keys(n * d), values(n * d);
  for (auto& x : keys) x = rng.normal();
  for (auto& x : values) x = rng.normal();
  auto cfg = make_memory_config({d, d, "elu1", true, "delta", 0.5, true}).value;
  AssociativeMemory a(cfg), b(cfg);
  auto reads = write_and_read(a, keys, values);
  REQUIRE(reads.status.ok);
  for (int i = 0; i < n; ++i) {
    const std::vector<double> k(keys.begin() + i * d, keys.begin() + (i + 1) * d);
    b.write(k, {values.begin() + i * d, values.begin() + (i + 1) * d});
    const auto r = b.read(k).value;
    for (int j = 0; j < d; ++j) CHECK(reads.value[i * d + j] == r[j]);
  }
  const auto again = read_rows(a, keys);
  REQUIRE(again.status.ok);
  CHECK(again.value[7] == b.read({keys.begin() + d, keys.begin() + 2 * d}).value[2]);
  keys[3 * d + 1] = 1e300;
  auto bad = write_and_read(a, keys, values);
  CHECK(bad.status.field == "keys[3][1]");
  CHECK(bad.status.message.rfind("keys[3][1] must be", 0) == 0);
  CHECK(write_and_read(a, keys, {1, 2}).status.field == "values");
  CHECK(read_rows(a, {1, 2, 3}).status.field == "queries");
}
