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
  CHECK(c.value.weights_fit);
  CHECK_FALSE(c.value.sessions_at_limit);
  CHECK_FALSE(c.value.longest_at_limit);
  q.value.gpu_bytes = 10000000000ULL;  // the weights alone do not fit
  auto small = kv_capacity(m, q.value);
  CHECK(small.value.free_bytes == 0);
  CHECK(small.value.sessions_that_fit == 0);
  CHECK(small.value.longest_context == 0);
  CHECK_FALSE(small.value.weights_fit);
  // Nothing fits beside weights that do not fit, not even sessions that keep nothing.
  const Model stateless = model({attention(32, 8, 128)}, 80e9);
  auto none = make_capacity_query({{0, 1, "bf16", "bf16"}, 80e9, "bf16"});
  CHECK(kv_capacity(stateless, none.value).value.sessions_that_fit == 0);
}

TEST_CASE("capacity: weights nobody stated are refused, not counted as nothing") {
  // Mixtral-8x7B's 32 x 4,096 B per token with its weights unknown: fitting it as if it weighed
  // 0 B would say 74 sessions of 8,192 tokens fit on 80 GB; its 46.7e9 x 2 B do not fit at all.
  ModelSpec spec{{attention(32, 8, 128)}, 0, false};
  auto m = make_model(spec);
  REQUIRE(m.status.ok);
  auto q = make_capacity_query({{8192, 1, "bf16", "bf16"}, 80e9, "bf16"});
  auto c = kv_capacity(m.value, q.value);
  CHECK_FALSE(c.status.ok);
  CHECK(c.status.field == "model.params");
  CHECK(c.status.message.find("model.params") == 0);
  CHECK(kv_memory(m.value, make_kv_query({8192, 1, "bf16", "bf16"}).value).status.ok);
  const Model mixtral = model({attention(32, 8, 128)}, 46.7e9);
  const auto mc = kv_capacity(mixtral, q.value).value;
  CHECK(mc.weight_bytes == 93400000000ULL);
  CHECK_FALSE(mc.weights_fit);
  CHECK(mc.sessions_that_fit == 0);
}

TEST_CASE("capacity: a count at the core's limit is flagged as a bound") {
  // One 64 x 64 linear head keeps 8,192 B: 80 GB holds far more than 1,000,000 such sessions.
  const Model head = model({linear(1, 1, 64, 64)}, 0);
  auto q = make_capacity_query({{1000, 1, "bf16", "bf16"}, 80e9, "bf16"});
  const auto c = kv_capacity(head, q.value).value;
  CHECK(c.sessions_that_fit == 1000000);
  CHECK(c.sessions_at_limit);
  CHECK(c.longest_context == 10000000000ULL);
  CHECK(c.longest_at_limit);
  // Exactly 1,000,000 sessions of 8,192 B fill 8,192,000,000 B: a count, not a bound.
  q.value.gpu_bytes = 8192000000ULL;
  const auto exact = kv_capacity(head, q.value).value;
  CHECK(exact.sessions_that_fit == 1000000);
  CHECK_FALSE(exact.sessions_at_limit);
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

namespace {
LayerSpec chunked(double count, double kv_heads, double head_dim, double chunk) {
  LayerSpec s = attention(count, kv_heads, head_dim);
  s.chunk = chunk;
  return s;
}
LayerSpec ssm(double count, double heads, double head_dim, double state, double kernel = 0,
              double channels = 0) {
  LayerSpec s;
  s.kind = "ssm";
  s.count = count;
  s.heads = heads;
  s.head_dim = head_dim;
  s.state_dim = state;
  s.conv_kernel = kernel;
  s.conv_channels = channels;
  return s;
}
LayerSpec with_conv(LayerSpec s, double kernel, double channels) {
  s.conv_kernel = kernel;
  s.conv_channels = channels;
  return s;
}
CapacityResult capacity(const Model& m, double tokens, double sessions, double gpu, double tp) {
  auto q = make_capacity_query({{tokens, sessions, "bf16", "bf16"}, gpu, "bf16", tp});
  REQUIRE(q.status.ok);
  auto c = kv_capacity(m, q.value);
  REQUIRE(c.status.ok);
  return c.value;
}
}  // namespace

TEST_CASE("three terms: growing (full, MLA), capped (window, chunk) and fixed (state, conv)") {
  // gpt-oss-120b: 18 full + 18 windowed (128) layers of 2 x 8 x 64 x 2 = 2,048 B per token.
  const Model oss = model({attention(18, 8, 64, 128), attention(18, 8, 64)});
  const KvResult r = kv(oss, 100000);
  CHECK(r.growing_bytes_per_token == 36864);
  CHECK(r.capped_bytes_per_token == 36864);
  CHECK(r.kv_bytes_per_token == 73728);
  CHECK(r.growing_bytes == 36864ULL * 100000);
  CHECK(r.capped_bytes == 36864ULL * 128);
  CHECK(r.capped_full_tokens == 128);
  CHECK(r.kv_bytes == r.growing_bytes + r.capped_bytes);
  CHECK(kv(oss, 100).capped_bytes == 36864ULL * 100);  // not full yet
  CHECK(kv(oss, 100).capped_full_tokens == 128);
  CHECK(kv(oss, 128).capped_bytes == r.capped_bytes);  // flat from there on
  // Llama-4-Scout: 36 chunked (8,192) + 12 full layers of 2 x 8 x 128 x 2 = 4,096 B per token.
  const Model scout = model({chunked(36, 8, 128, 8192), attention(12, 8, 128)});
  const KvResult s = kv(scout, 1000000, 2);
  CHECK(s.growing_bytes_per_token == 49152);
  CHECK(s.capped_bytes_per_token == 147456);
  // 1,000,000 = 122 x 8,192 + 576: each chunked layer holds the 576 tokens of the chunk in
  // progress.
  CHECK(s.capped_bytes == 147456ULL * 576 * 2);  // two sessions
  CHECK(s.growing_bytes == 49152ULL * 1000000 * 2);
  CHECK(s.capped_full_tokens == 8192);
  CHECK(kv(model({attention(2, 8, 128)}), 10).capped_full_tokens == 0);
  // Nemotron-H-8B: 4 attention layers; 24 Mamba-2 layers of 128 heads x 64 x 128 with a 4-tap
  // convolution over 10,240 channels: 50,331,648 + 1,474,560 = 51,806,208 B fixed in bf16.
  const Model nemo = model({ssm(24, 128, 64, 128, 4, 10240), attention(4, 8, 128)});
  const KvResult n = kv(nemo, 8192);
  CHECK(n.growing_bytes_per_token == 16384);
  CHECK(n.conv_bytes == 1474560);
  CHECK(n.state_bytes == 51806208);
  CHECK(n.total_bytes == 16384ULL * 8192 + 51806208);
  // The state's number format is its own: fp32 state, bf16 cache.
  const KvResult f = kv(nemo, 8192, 1, "bf16", "fp32");
  CHECK(f.state_bytes == 2 * 51806208ULL);
  CHECK(f.growing_bytes == 16384ULL * 8192);
  // Gated DeltaNet (Qwen3-Next): 36 layers of 32 x 128 x 128, conv 4 over 8,192 channels.
  const Model gdn = model({with_conv(linear(36, 32, 128, 128), 4, 8192), attention(12, 2, 256)});
  CHECK(kv(gdn, 1).conv_bytes == 36ULL * 3 * 8192 * 2);
  CHECK(kv(gdn, 1).state_bytes == 36ULL * 32 * 128 * 128 * 2 + 36ULL * 3 * 8192 * 2);
  // A kernel of 1 keeps no past input.
  CHECK(kv(model({with_conv(linear(1, 1, 8, 8), 1, 64)}), 1).conv_bytes == 0);
}

TEST_CASE("Jamba-1.5: 4 GiB and 9 GiB of KV cache at 256K tokens (the paper's 4 GB / 9 GB)") {
  const Model mini = model({ssm(28, 8192, 1, 16, 4, 8192), attention(4, 8, 128)});
  CHECK(kv(mini, 262144).kv_bytes == 4ULL << 30);
  CHECK(kv(mini, 262144).state_bytes == 28ULL * 8192 * 16 * 2 + 28ULL * 3 * 8192 * 2);
  const Model large = model({ssm(63, 16384, 1, 16, 4, 16384), attention(9, 8, 128)});
  CHECK(kv(large, 262144).kv_bytes == 9ULL << 30);
}

TEST_CASE("crossover counts windowed and chunked layers only while they grow") {
  const Model scout = model({chunked(36, 8, 128, 8192), attention(12, 8, 128)});
  // Below 8,192 tokens all 48 layers grow (196,608 B per token); past it only the 12 global
  // layers do (49,152 B per token) on top of the full chunks' 1,207,959,552 B.
  CHECK(kv_crossover(scout, Dtype::BF16, 196608ULL * 5000).value == 5001);
  CHECK(kv_crossover(scout, Dtype::BF16, 1207959552ULL + 49152ULL * 20000).value == 20001);
  const Model all_chunked = model({chunked(4, 8, 128, 8192)});
  CHECK(kv_crossover(all_chunked, Dtype::BF16, 4096ULL * 4 * 8192).value == -1);
}

TEST_CASE("tensor parallelism: weights and heads split over the GPUs, few KV heads replicated") {
  // Llama-3.1-70B on 4 x 80 GB: weights 141.2 GB / 4 = 35.3 GB each; 8 KV heads / 4 = 2 per GPU:
  // 80 layers x 2 x 2 x 128 x 2 = 81,920 B per token per GPU.
  const Model llama = model({attention(80, 8, 128)}, 70.6e9);
  const CapacityResult one = capacity(llama, 8192, 1, 80e9, 1);
  const CapacityResult four = capacity(llama, 8192, 1, 80e9, 4);
  CHECK(four.weight_bytes == 35300000000ULL);
  CHECK(four.free_bytes == 80000000000ULL - 35300000000ULL);
  CHECK(four.session_bytes == 81920ULL * 8192);
  CHECK(one.session_bytes == 4 * four.session_bytes);
  CHECK(four.sessions_that_fit == (80000000000ULL - 35300000000ULL) / (81920ULL * 8192));  // 66
  CHECK(four.longest_context == (80000000000ULL - 35300000000ULL) / 81920);
  CHECK_FALSE(four.kv_heads_replicated);
  // 16 GPUs for 8 KV heads: each GPU keeps one (replicated) head, not half a head.
  const CapacityResult sixteen = capacity(llama, 8192, 1, 80e9, 16);
  CHECK(sixteen.kv_heads_replicated);
  CHECK(sixteen.session_bytes == 80ULL * 2 * 1 * 128 * 2 * 8192);
  // MLA latents are kept whole on every GPU.
  const Model ds = model({mla(61, 576)}, 671e9);
  CHECK(capacity(ds, 1000, 1, 141e9, 8).session_bytes == 576ULL * 61 * 2 * 1000);
  // Recurrent and SSM heads and convolution channels are split too.
  const Model nemo = model({ssm(24, 128, 64, 128, 4, 10240), attention(4, 8, 128)}, 8e9);
  CHECK(capacity(nemo, 0, 1, 80e9, 2).session_bytes == 51806208ULL / 2);
  CHECK(make_capacity_query({{1, 1, "bf16", "bf16"}, 1e9, "bf16", 0}).status.field == "tp");
  CHECK(make_capacity_query({{1, 1, "bf16", "bf16"}, 1e9, "bf16", 2.5}).status.field == "tp");
  CHECK(make_capacity_query({{1, 1, "bf16", "bf16"}, 1e9, "bf16", 4096}).status.field == "tp");
}

TEST_CASE("the new layer fields are checked with their names") {
  LayerSpec both = attention(1, 8, 128, 4096);
  both.chunk = 8192;
  CHECK(make_model({{both}, 0}).status.field == "model.layers[0].chunk");
  CHECK(make_model({{chunked(1, 8, 128, -1)}, 0}).status.field == "model.layers[0].chunk");
  CHECK(make_model({{ssm(1, 8, 64, 0)}, 0}).status.field == "model.layers[0].stateDim");
  CHECK(make_model({{ssm(1, 0, 64, 16)}, 0}).status.field == "model.layers[0].heads");
  CHECK(make_model({{ssm(1, 8, 64, 16, 4, 0)}, 0}).status.field == "model.layers[0].convChannels");
  CHECK(make_model({{ssm(1, 8, 64, 16, 0, 64)}, 0}).status.field == "model.layers[0].convKernel");
  CHECK(make_model({{ssm(1, 8, 64, 16, 65, 64)}, 0}).status.field == "model.layers[0].convKernel");
  CHECK(make_model({{with_conv(linear(1, 8, 64, 64), 4, 1e9)}, 0}).status.field ==
        "model.layers[0].convChannels");
  const Status kind = make_model({{mla(1, 64), ssm(1, 1, 1, 1)}, 0}).status;
  CHECK(kind.ok);
}

TEST_CASE("chunked layers hold the chunk in progress: a saw tooth from 1 to the chunk") {
  // Llama-4-Scout's 36 chunked layers (8,192) x 4,096 B per token = 147,456 B per token.
  const Model scout = model({chunked(36, 8, 128, 8192)});
  CHECK(kv(scout, 8192).capped_bytes == 147456ULL * 8192);   // 1,152 MiB: one full chunk
  CHECK(kv(scout, 8193).capped_bytes == 147456ULL * 1);      // a new chunk starts
  CHECK(kv(scout, 10000).capped_bytes == 147456ULL * 1808);  // 254.25 MiB, not 1,152 MiB
  CHECK(kv(scout, 16384).capped_bytes == 147456ULL * 8192);
  CHECK(kv(scout, 0).capped_bytes == 0);
  // A window stays full once full.
  const Model window = model({attention(36, 8, 128, 8192)});
  CHECK(kv(window, 10000).capped_bytes == 147456ULL * 8192);
  // Room for a session is the most it held on the way: a full chunk.
  auto q = make_capacity_query({{10000, 1, "bf16", "bf16"}, 80e9, "bf16"});
  CHECK(kv_capacity(scout, q.value).value.session_bytes == 147456ULL * 8192);
}

TEST_CASE("the longest context and the crossover are the last fitting length, wherever it falls") {
  // Windows, chunks, latents and states, and budgets that put the answer below, at and above the
  // largest window: each answer fits and one token more does not (the searches try a closed form
  // first, then halve; either way the same length).
  const std::vector<Model> models = {
      model({attention(32, 8, 128)}, 8e9),
      model({attention(24, 8, 128, 4096), attention(8, 8, 128)}, 8e9),
      model({chunked(36, 8, 128, 8192), attention(12, 8, 128), linear(4, 16, 128, 128)}, 1e10),
      model({mla(61, 576), ssm(28, 8192, 1, 16, 4, 8192)}, 3e10),
      model({attention(40, 8, 128, 1000), chunked(3, 2, 64, 333)}, 1e9),
  };
  const std::uint64_t hi = static_cast<std::uint64_t>(limits::maxTokens);
  int checked = 0;
  for (const Model& m : models) {
    for (double gpu : {16.5e9, 17e9, 20e9, 24e9, 40e9, 80e9, 1e12}) {
      for (double sessions : {1.0, 3.0, 64.0}) {
        auto q = make_capacity_query({{1000, sessions, "fp8", "bf16"}, gpu, "bf16", 2});
        REQUIRE(q.status.ok);
        const CapacityResult c = kv_capacity(m, q.value).value;
        const SessionSizes s(shard(m, 2), Dtype::FP8, Dtype::BF16);
        auto fits = [&](std::uint64_t t) {
          std::uint64_t b = 0;
          return s.session_bytes(t, b) && b <= c.free_bytes / q.value.kv.sessions;
        };
        if (!c.weights_fit || !fits(0)) {
          CHECK(c.longest_context == 0);
          continue;
        }
        CHECK(fits(c.longest_context));
        CHECK((c.longest_context == hi || !fits(c.longest_context + 1)));
        ++checked;
      }
    }
    for (std::uint64_t sb : {1000ULL, 123456789ULL, 1ULL << 30, 3ULL << 33, 1ULL << 40}) {
      const std::int64_t x = kv_crossover(m, Dtype::BF16, sb).value;
      const SessionSizes s(m, Dtype::BF16, Dtype::BF16);
      std::uint64_t b = 0;
      if (x < 0) {
        CHECK((s.kv_session_bytes(hi, b) && b <= sb));
        continue;
      }
      CHECK((s.kv_session_bytes(x - 1, b) && b <= sb));
      CHECK((!s.kv_session_bytes(x, b) || b > sb));
    }
  }
  CHECK(checked > 40);
}
