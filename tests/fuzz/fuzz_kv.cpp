// libFuzzer harness: the KV-cache calculator (kvMemory, kvCrossover, kvCapacity) through
// make_model, make_kv_query, make_capacity_query and parse_dtype, as the bindings drive them. The
// calculator is integer arithmetic with overflow checks, so sizes need no clamping; the checks are
// exact:
//   kvMemory:    total = kv + state, and both are per-session bytes times sessions
//   kvCrossover: t is the first context whose KV cache exceeds stateBytes (t - 1 does not)
//   kvCapacity:  longestContext sessions fit in the free bytes, one token more does not; a model
//                without params is refused (model.params)
#include <algorithm>

#include "fuzz_input.hpp"
#include "kv_memory.hpp"

using namespace linattn;

namespace {

// Mostly whole numbers in [0, hi] (hi up to 1e18), sometimes hostile.
double whole(FuzzedDataProvider& in, double hi) {
  switch (in.ConsumeIntegralInRange<int>(0, 9)) {
    case 0:
      return fuzz::hostile(in);
    case 1:
      return in.ConsumeFloatingPointInRange<double>(0, hi);
    case 2:
    case 3:
      return static_cast<double>(
          in.ConsumeIntegralInRange<std::uint64_t>(0, static_cast<std::uint64_t>(hi)));
    default:
      return in.ConsumeIntegralInRange<int>(0, static_cast<int>(std::min(hi, 300.0)));
  }
}

const char* kDtypes[] = {"fp32", "bf16", "fp16", "fp8", "int8", "int4"};

// KV bytes of one session at `tokens`, via kv_memory (false when it reports an error). The linear
// layers are left out: kv_crossover compares the KV cache alone, and a state too large for 2^63
// bytes would make kv_memory fail.
bool kv_at(const Model& m, const std::string& kv, double tokens, std::uint64_t& bytes) {
  Model attention_only = m;
  auto& g = attention_only.layers;
  g.erase(std::remove_if(g.begin(), g.end(),
                         [](const LayerGroup& l) { return l.kind == LayerKind::Linear; }),
          g.end());
  auto q = make_kv_query({tokens, 1, kv, "int4"});
  if (!q.status) return false;
  auto r = kv_memory(attention_only, q.value);
  bytes = r.value.kv_bytes;
  return static_cast<bool>(r.status);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  ModelSpec spec;
  spec.layers.resize(in.ConsumeIntegralInRange<int>(0, 9) == 0
                         ? in.ConsumeIntegralInRange<int>(0, 70)
                         : in.ConsumeIntegralInRange<int>(1, 4));
  for (auto& s : spec.layers) {
    s.kind = fuzz::name(in, {"attention", "mla", "linear"});
    s.count = whole(in, 200);
    s.kv_heads = whole(in, 128);
    s.head_dim = whole(in, 1024);
    s.window = in.ConsumeBool() ? 0 : whole(in, 2e10);
    s.latent_dim = whole(in, 4096);
    s.heads = whole(in, 128);
    s.key_dim = whole(in, 1024);
    s.value_dim = whole(in, 1024);
  }
  spec.params = in.ConsumeBool() ? whole(in, 1e12) : fuzz::real(in, 0, 1e14);
  spec.params_given = in.ConsumeIntegralInRange<int>(0, 7) != 0;  // sometimes weights unknown
  auto model = make_model(spec);
  if (!model.status) {
    FUZZ_CHECK(!model.status.message.empty());
    return 0;
  }
  const Model& m = model.value;
  const std::string kv_name = fuzz::name(in, {"fp32", "bf16", "fp16", "fp8", "int8", "int4"});
  const std::string state_name = kDtypes[in.ConsumeIntegralInRange<int>(0, 5)];
  const double tokens = whole(in, 2e10), sessions = whole(in, 2e6);

  switch (in.ConsumeIntegralInRange<int>(0, 2)) {
    case 0: {
      auto q = make_kv_query({tokens, sessions, kv_name, state_name});
      if (!q.status) return 0;
      auto r = kv_memory(m, q.value);
      if (!r.status) return 0;
      const KvResult& o = r.value;
      FUZZ_CHECK(o.total_bytes == o.kv_bytes + o.state_bytes);
      FUZZ_CHECK(o.kv_bytes % q.value.sessions == 0 && o.state_bytes % q.value.sessions == 0);
      FUZZ_CHECK(o.per_session_bytes ==
                 o.kv_bytes / q.value.sessions + o.state_bytes / q.value.sessions);
      break;
    }
    case 1: {
      auto kv = parse_dtype("kvDtype", kv_name);
      if (!kv.status) return 0;
      // The binding accepts up to 19 decimal digits: anything below 10^19.
      const std::uint64_t sb =
          in.ConsumeBool() ? in.ConsumeIntegralInRange<std::uint64_t>(0, 9999999999999999999ULL)
                           : in.ConsumeIntegralInRange<std::uint64_t>(0, 1 << 20);
      auto r = kv_crossover(m, kv.value, sb);
      FUZZ_CHECK(static_cast<bool>(r.status));
      const std::int64_t t = r.value;
      std::uint64_t b = 0;
      if (t == -1) {
        if (kv_at(m, kv_name, limits::maxTokens, b)) FUZZ_CHECK(b <= sb);
        break;
      }
      FUZZ_CHECK(t >= 1 && t <= static_cast<std::int64_t>(limits::maxTokens));
      if (kv_at(m, kv_name, static_cast<double>(t), b)) FUZZ_CHECK(b > sb);
      FUZZ_CHECK(kv_at(m, kv_name, static_cast<double>(t - 1), b) && b <= sb);
      break;
    }
    default: {
      const double gpu = in.ConsumeBool() ? whole(in, 1e18) : 80e9;
      auto cq = make_capacity_query(
          {{tokens, sessions, kv_name, state_name}, gpu, fuzz::name(in, {"bf16", "fp32", "int4"})});
      if (!cq.status) {
        FUZZ_CHECK(!cq.status.message.empty() && !cq.status.field.empty());
        return 0;
      }
      const KvQuery& q = cq.value.kv;
      auto r = kv_capacity(m, cq.value);
      // Weights nobody stated are refused, naming model.params, never counted as 0 bytes.
      if (!m.params_known) FUZZ_CHECK(!r.status && r.status.field == "model.params");
      if (!r.status) return 0;
      const CapacityResult& c = r.value;
      FUZZ_CHECK(c.sessions_that_fit <= static_cast<std::uint64_t>(limits::maxSessions));
      FUZZ_CHECK(c.longest_context <= static_cast<std::uint64_t>(limits::maxTokens));
      FUZZ_CHECK(c.free_bytes <= static_cast<std::uint64_t>(gpu));
      auto total_at = [&](std::uint64_t t, std::uint64_t& bytes) {
        auto qq = make_kv_query(
            {static_cast<double>(t), static_cast<double>(q.sessions), kv_name, state_name});
        if (!qq.status) return false;
        auto k = kv_memory(m, qq.value);
        bytes = k.value.total_bytes;
        return static_cast<bool>(k.status);
      };
      std::uint64_t b = 0;
      const bool none_fit = !total_at(0, b) || b > c.free_bytes;
      if (none_fit) {
        FUZZ_CHECK(c.longest_context == 0);
        break;
      }
      FUZZ_CHECK(total_at(c.longest_context, b) && b <= c.free_bytes);
      if (c.longest_context < static_cast<std::uint64_t>(limits::maxTokens))
        FUZZ_CHECK(!total_at(c.longest_context + 1, b) || b > c.free_bytes);
    }
  }
  return 0;
}
