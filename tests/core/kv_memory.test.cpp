#include <doctest.h>

#include "kv_memory.hpp"

using namespace linattn;

namespace {
LayerSpec attention(double count, double kv_heads, double head_dim, double window = 0) {
  LayerSpec s;
  s.kind = "attention";
  s.count = count;
  s.kv_heads = kv_heads;
  s.head_dim = head_dim;
  s.window = window;
  return s;
}
LayerSpec mla(double count, double latent) {
  LayerSpec s;
  s.kind = "mla";
  s.count = count;
  s.latent_dim = latent;
  return s;
}
LayerSpec linear(double count, double heads, double dk, double dv) {
  LayerSpec s;
  s.kind = "linear";
  s.count = count;
  s.heads = heads;
  s.key_dim = dk;
  s.value_dim = dv;
  return s;
}
Model model(std::vector<LayerSpec> layers, double params = 0) {
  auto m = make_model({layers, params});
  REQUIRE(m.status.ok);
  return m.value;
}
KvResult kv(const Model& m, double tokens, double sessions = 1, const char* kvd = "bf16",
            const char* std = "bf16") {
  auto q = make_kv_query({tokens, sessions, kvd, std});
  REQUIRE(q.status.ok);
  auto r = kv_memory(m, q.value);
  REQUIRE(r.status.ok);
  return r.value;
}
}  // namespace

TEST_CASE("Llama-3-8B (GQA): 2 x 8 KV heads x 128 x 32 layers x 2 bytes = 131072 B per token") {
  const Model m = model({attention(32, 8, 128)}, 8.03e9);
  const KvResult r = kv(m, 8192);
  CHECK(r.kv_bytes_per_token == 131072);
  CHECK(r.kv_bytes == 131072ULL * 8192);  // 1 GiB at 8K
  CHECK(r.state_bytes == 0);
  CHECK(r.total_bytes == r.kv_bytes);
}

TEST_CASE("Llama-2-7B (MHA, 32 KV heads): 512 KiB per token, and dtypes scale it") {
  const Model m = model({attention(32, 32, 128)});
  CHECK(kv(m, 1).kv_bytes_per_token == 524288);
  CHECK(kv(m, 1, 1, "fp32").kv_bytes_per_token == 1048576);
  CHECK(kv(m, 1, 1, "fp8").kv_bytes_per_token == 262144);
  CHECK(kv(m, 1, 1, "int4").kv_bytes_per_token == 131072);
  CHECK(kv(m, 4096, 10).kv_bytes == 524288ULL * 4096 * 10);
}

TEST_CASE("a sliding window caps the cache at its window (Mistral-7B: 4096)") {
  const Model m = model({attention(32, 8, 128, 4096)});
  CHECK(kv(m, 1000).kv_bytes == 131072ULL * 1000);
  CHECK(kv(m, 4096).kv_bytes == 131072ULL * 4096);
  CHECK(kv(m, 1000000).kv_bytes == 131072ULL * 4096);
}

TEST_CASE("MLA caches one latent per layer and token (DeepSeek-V3: 576 x 61 layers)") {
  const Model m = model({mla(61, 576)});
  CHECK(kv(m, 1).kv_bytes_per_token == 576 * 61 * 2);
  CHECK(kv(m, 128000).kv_bytes == 576ULL * 61 * 2 * 128000);
}

TEST_CASE("a hybrid: linear state stays flat while its softmax layers grow (Kimi-Linear-like)") {
  const Model m = model({linear(20, 32, 128, 128), mla(7, 576)});
  const KvResult short_ctx = kv(m, 1000, 1, "bf16", "fp32");
  const KvResult long_ctx = kv(m, 10000000, 1, "bf16", "fp32");
  CHECK(short_ctx.state_bytes == 20ULL * 32 * 128 * 128 * 4);  // 41,943,040 B = 40 MiB
  CHECK(long_ctx.state_bytes == short_ctx.state_bytes);
  CHECK(long_ctx.kv_bytes == 576ULL * 7 * 2 * 10000000);
  CHECK(long_ctx.total_bytes == long_ctx.kv_bytes + long_ctx.state_bytes);
}

TEST_CASE("the chapter's own head: d = 64 keeps 4,096 numbers whatever the context") {
  const Model m = model({linear(1, 1, 64, 64)});
  CHECK(kv(m, 1000, 1, "bf16", "fp32").state_bytes == 4096 * 4);
  CHECK(kv(m, 1e10, 1, "bf16", "fp32").state_bytes == 4096 * 4);
}

TEST_CASE("a 405B-class model at 10M tokens is exact in 64 bits, beyond 2^53") {
  const Model m = model({attention(126, 8, 128)});
  const KvResult r = kv(m, 1e7);
  CHECK(r.kv_bytes_per_token == 516096);  // 2 * 8 * 128 * 126 * 2
  CHECK(r.kv_bytes == 5160960000000ULL);  // 4.69 TiB
  const KvResult many = kv(m, 1e7, 1e6);  // 5.16e18 B: past 2^53, below 2^63
  CHECK(many.kv_bytes == 5160960000000000000ULL);
  CHECK(many.kv_bytes > (1ULL << 53));
}

TEST_CASE("sizes past 2^63 bytes are refused, not wrapped") {
  const Model m = model({attention(10000, 4096, 65536)});
  auto q = make_kv_query({1e10, 1e6, "fp32", "fp32"});
  auto r = kv_memory(m, q.value);
  CHECK_FALSE(r.status.ok);
  CHECK(r.status.message.find("2^63") != std::string::npos);
}

TEST_CASE("crossover: the first context whose KV cache outgrows a given state") {
  const Model m = model({attention(32, 8, 128)});  // 131072 B per token
  auto c = kv_crossover(m, Dtype::BF16, 131072 * 10);
  CHECK(c.value == 11);
  const Model windowed = model({attention(32, 8, 128, 4096)});
  CHECK(kv_crossover(windowed, Dtype::BF16, 131072ULL * 5000).value == -1);  // never
}

TEST_CASE("capacity: sessions that fit and the longest context on a GPU") {
  const Model m = model({attention(32, 8, 128)}, 8e9);  // weights 16e9 B in bf16
  auto q = make_capacity_query({{8192, 4, "bf16", "bf16"}, 80e9, "bf16"});
  REQUIRE(q.status.ok);
  auto c = kv_capacity(m, q.value);
  REQUIRE(c.status.ok);
  CHECK(c.value.weight_bytes == 16000000000ULL);
  CHECK(c.value.free_bytes == 64000000000ULL);
  CHECK(c.value.sessions_that_fit == 64000000000ULL / (131072ULL * 8192));  // 59
  CHECK(c.value.longest_context == 64000000000ULL / 4 / 131072);            // 122070
  q.value.gpu_bytes = 10000000000ULL;  // the weights alone do not fit
  auto small = kv_capacity(m, q.value);
  CHECK(small.value.free_bytes == 0);
  CHECK(small.value.sessions_that_fit == 0);
}

TEST_CASE("bad models and queries are refused with the argument's name, as message and field") {
  CHECK(make_model({{}, 0}).status.message.find("model.layers") == 0);
  CHECK(make_model({{}, 0}).status.field == "model.layers");
  const Status count = make_model({{attention(0, 8, 128)}, 0}).status;
  CHECK(count.message == "model.layers[0].count must be a whole number from 1 to 10000 (got 0)");
  CHECK(count.field == "model.layers[0].count");
  CHECK(make_model({{attention(1, -8, 128)}, 0}).status.message.find("kvHeads") !=
        std::string::npos);
  CHECK(make_model({{attention(1, 8, NAN)}, 0}).status.message.find("headDim") !=
        std::string::npos);
  LayerSpec bad;
  bad.kind = "rnn";
  bad.count = 1;
  const Status kind = make_model({{mla(1, 64), bad}, 0}).status;
  CHECK(kind.message.find("kind must be") != std::string::npos);
  CHECK(kind.field == "model.layers[1].kind");
  CHECK(make_model({{mla(1, 0)}, 0}).status.message.find("latentDim") != std::string::npos);
  CHECK(make_model({{linear(1, 1, 0, 1)}, 0}).status.field == "model.layers[0].keyDim");
  CHECK(make_model({{attention(1, 8, 128)}, -1}).status.field == "model.params");
  const Status tokens = make_kv_query({-1, 1, "bf16", "bf16"}).status;
  CHECK(tokens.message.find("tokens") == 0);
  CHECK(tokens.field == "tokens");
  CHECK(make_kv_query({1, 0, "bf16", "bf16"}).status.message.find("sessions") == 0);
  CHECK(make_kv_query({1, 1, "fp64", "bf16"}).status.message.find("kvDtype") == 0);
  CHECK(make_kv_query({1, 1, "fp64", "bf16"}).status.field == "kvDtype");
  CHECK(make_kv_query({1, 1, "bf16", "x"}).status.field == "stateDtype");
  CHECK(make_capacity_query({{1, 1, "bf16", "bf16"}, -1, "bf16"}).status.field == "gpuBytes");
  CHECK(make_capacity_query({{1, 1, "bf16", "bf16"}, 1e9, "fp64"}).status.field == "weightDtype");
  // The query's own checks come first, as la.kvCapacity reports them.
  CHECK(make_capacity_query({{-1, 1, "bf16", "bf16"}, -1, "fp64"}).status.field == "tokens");
}

TEST_CASE("a refusal about no single argument has an empty field") {
  const Model m = model({attention(10000, 4096, 65536)});
  auto q = make_kv_query({1e10, 1e6, "fp32", "fp32"});
  REQUIRE(q.status.ok);
  const Status st = kv_memory(m, q.value).status;
  CHECK_FALSE(st.ok);
  CHECK(st.field.empty());
}
