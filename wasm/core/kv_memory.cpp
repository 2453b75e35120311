#include "kv_memory.hpp"

#include <algorithm>
#include <limits>

namespace linattn {
namespace {

constexpr std::uint64_t kMax = std::uint64_t(1) << 63;  // largest size we report

// Checked arithmetic: false when the result would pass kMax. A product the doubles put below 2^62
// is below 2^63 (their rounding errs by far less than a factor 2): a plain multiply, the usual
// case; otherwise a division checks. In WebAssembly __builtin_mul_overflow on 64 bits is a call to
// a 128-bit multiply (__multi3), and a division each time was no better: together most of a
// curve's time.
// (Inlined even where this file is compiled for size: the sizes' searches call them millions of
// times a second.)
[[gnu::always_inline]] inline bool mul(std::uint64_t a, std::uint64_t b, std::uint64_t& out) {
  if (static_cast<double>(a) * static_cast<double>(b) >= 0x1p62 && a != 0 && b > kMax / a)
    return false;
  out = a * b;
  return out <= kMax;
}
[[gnu::always_inline]] inline bool add(std::uint64_t a, std::uint64_t b, std::uint64_t& out) {
  if (__builtin_add_overflow(a, b, &out)) return false;
  return out <= kMax;
}
// ceil(bits / 8)
[[gnu::always_inline]] inline std::uint64_t bytes_from_bits(std::uint64_t bits) {
  return bits / 8 + (bits % 8 != 0);
}

Status too_large(const char* what) {
  return Status::bad(std::string(what) +
                     " is larger than 2^63 bytes: use fewer tokens, sessions or layers");
}

// The cap of a windowed or chunked attention layer (0: none, the layer grows with the context).
[[gnu::always_inline]] inline std::uint64_t cap_of(const LayerGroup& g) {
  return g.kind == LayerKind::Attention ? std::max(g.window, g.chunk) : 0;
}

// Tokens a capped layer holds at `tokens`. A window holds the last min(tokens, window). A chunked
// layer attends only within its chunk, so it holds the chunk in progress: tokens - chunk x
// floor((tokens - 1) / chunk), a saw tooth from 1 to chunk. `peak`: the most it held on the way
// there, min(tokens, cap), which is what a session needs room for to reach `tokens`.
std::uint64_t held(const LayerGroup& g, std::uint64_t tokens, bool peak) {
  const std::uint64_t cap = cap_of(g);
  if (cap == 0) return tokens;
  if (g.chunk == 0 || peak || tokens == 0) return std::min(tokens, cap);
  return tokens - g.chunk * ((tokens - 1) / g.chunk);
}

// Bits of KV cache of one session at `tokens`: the growing term (full attention, MLA) and the
// capped term (windowed and chunked layers, each at held()).
struct KvBits {
  std::uint64_t growing = 0, capped = 0;
};
bool kv_bits(const Model& m, Dtype kv, std::uint64_t tokens, KvBits& bits, bool peak) {
  bits = {};
  const std::uint64_t b = bits_of(kv);
  for (const auto& g : m.layers) {
    std::uint64_t per_token = 0, x = 0;
    if (g.kind == LayerKind::Attention) {
      if (!mul(2 * g.kv_heads, g.head_dim, per_token)) return false;
    } else if (g.kind == LayerKind::Latent) {
      per_token = g.latent_dim;
    } else {
      continue;
    }
    const std::uint64_t t = held(g, tokens, peak);
    std::uint64_t& term = cap_of(g) > 0 ? bits.capped : bits.growing;
    if (!mul(per_token, g.count, x) || !mul(x, b, x) || !mul(x, t, x) || !add(term, x, term))
      return false;
  }
  return true;
}

// Bits of the fixed state of one session: recurrent and SSM matrices, and convolution state.
struct StateBits {
  std::uint64_t matrices = 0, conv = 0;
};
bool state_bits(const Model& m, Dtype st, StateBits& bits) {
  bits = {};
  const std::uint64_t b = bits_of(st);
  for (const auto& g : m.layers) {
    std::uint64_t x = 0;
    if (g.kind == LayerKind::Linear) {
      if (!mul(g.heads, g.key_dim, x) || !mul(x, g.value_dim, x)) return false;
    } else if (g.kind == LayerKind::Ssm) {
      if (!mul(g.heads, g.head_dim, x) || !mul(x, g.state_dim, x)) return false;
    } else {
      continue;
    }
    if (!mul(x, g.count, x) || !mul(x, b, x) || !add(bits.matrices, x, bits.matrices)) return false;
    if (g.conv_kernel > 1) {
      if (!mul(g.conv_kernel - 1, g.conv_channels, x) || !mul(x, g.count, x) || !mul(x, b, x) ||
          !add(bits.conv, x, bits.conv))
        return false;
    }
  }
  return true;
}

// Bytes of one session's KV cache at its largest up to `tokens` (each term rounded up to whole
// bytes): what the crossover and the capacity need, and never less than the cache at `tokens`.
bool kv_session_bytes(const Model& m, Dtype kv, std::uint64_t tokens, std::uint64_t& bytes) {
  KvBits k;
  if (!kv_bits(m, kv, tokens, k, true)) return false;
  return add(bytes_from_bits(k.growing), bytes_from_bits(k.capped), bytes);
}

// Bytes of one session (KV + state) at `tokens`; false on overflow.
bool session_bytes(const Model& m, const KvQuery& q, std::uint64_t tokens, std::uint64_t& bytes) {
  std::uint64_t kb = 0;
  StateBits s;
  if (!kv_session_bytes(m, q.kv, tokens, kb) || !state_bits(m, q.state, s)) return false;
  return add(kb, bytes_from_bits(s.matrices), bytes) && add(bytes, bytes_from_bits(s.conv), bytes);
}

}  // namespace

Result<Dtype> parse_dtype(const char* what, const std::string& name) {
  static const std::pair<const char*, Dtype> names[] = {
      {"fp32", Dtype::FP32}, {"bf16", Dtype::BF16}, {"fp16", Dtype::FP16},
      {"fp8", Dtype::FP8},   {"int8", Dtype::INT8}, {"int4", Dtype::INT4}};
  for (const auto& [n, t] : names) {
    if (name == n) return {Status::good(), t};
  }
  return {
      Status::bad(std::string(what) + " must be one of fp32, bf16, fp16, fp8, int8, int4 (got '" +
                      name.substr(0, 40) + "')",
                  what),
      Dtype::BF16};
}

std::uint64_t bits_of(Dtype t) {
  switch (t) {
    case Dtype::FP32:
      return 32;
    case Dtype::BF16:
    case Dtype::FP16:
      return 16;
    case Dtype::FP8:
    case Dtype::INT8:
      return 8;
    case Dtype::INT4:
      return 4;
  }
  return 16;
}

Result<KvQuery> make_kv_query(const KvOptions& o) {
  Result<KvQuery> r;
  if (!(r.status = check_int("tokens", o.tokens, 0, limits::maxTokens))) return r;
  if (!(r.status = check_int("sessions", o.sessions, 1, limits::maxSessions))) return r;
  auto kv = parse_dtype("kvDtype", o.kv_dtype);
  if (!(r.status = kv.status)) return r;
  auto st = parse_dtype("stateDtype", o.state_dtype);
  if (!(r.status = st.status)) return r;
  r.value = KvQuery{static_cast<std::uint64_t>(o.tokens), static_cast<std::uint64_t>(o.sessions),
                    kv.value, st.value};
  return r;
}

Result<CapacityQuery> make_capacity_query(const CapacityOptions& o) {
  Result<CapacityQuery> r;
  auto kv = make_kv_query(o.kv);
  if (!(r.status = kv.status)) return r;
  if (!(r.status = check_int("gpuBytes", o.gpu_bytes, 0, 1e18))) return r;
  auto wd = parse_dtype("weightDtype", o.weight_dtype);
  if (!(r.status = wd.status)) return r;
  if (!(r.status = check_int("tp", o.tp, 1, 1024))) return r;
  r.value = CapacityQuery{kv.value, static_cast<std::uint64_t>(o.gpu_bytes), wd.value,
                          static_cast<std::uint64_t>(o.tp)};
  return r;
}

Result<KvResult> kv_memory(const Model& m, const KvQuery& q) {
  Result<KvResult> r;
  KvResult& o = r.value;
  const std::uint64_t n = q.sessions;
  KvBits k;
  if (!kv_bits(m, q.kv, 1, k, true)) return {too_large("the KV cache per token"), {}};
  o.growing_bytes_per_token = bytes_from_bits(k.growing);
  o.capped_bytes_per_token = bytes_from_bits(k.capped);
  o.kv_bytes_per_token = o.growing_bytes_per_token + o.capped_bytes_per_token;
  if (!kv_bits(m, q.kv, q.tokens, k, false)) return {too_large("the KV cache"), {}};
  const std::uint64_t growing = bytes_from_bits(k.growing), capped = bytes_from_bits(k.capped);
  // From the largest window or chunk on, the capped term stays flat (kvMemory at that many
  // tokens gives its height).
  for (const auto& g : m.layers) o.capped_full_tokens = std::max(o.capped_full_tokens, cap_of(g));
  StateBits s;
  if (!state_bits(m, q.state, s)) return {too_large("the state"), {}};
  const std::uint64_t conv = bytes_from_bits(s.conv);
  std::uint64_t state = 0;
  if (!add(bytes_from_bits(s.matrices), conv, state)) return {too_large("the state"), {}};
  if (!mul(growing, n, o.growing_bytes) || !mul(capped, n, o.capped_bytes) ||
      !add(o.growing_bytes, o.capped_bytes, o.kv_bytes))
    return {too_large("the KV cache"), {}};
  if (!mul(state, n, o.state_bytes) || !mul(conv, n, o.conv_bytes))
    return {too_large("the state"), {}};
  if (!add(o.kv_bytes, o.state_bytes, o.total_bytes)) return {too_large("the total"), {}};
  o.per_session_bytes = growing + capped + state;
  return r;
}

Result<std::int64_t> kv_crossover(const Model& m, Dtype kv, std::uint64_t state_bytes) {
  // KV bytes grow monotonically with tokens: binary search the first context above state_bytes.
  auto kv_at = [&](std::uint64_t t, std::uint64_t& bytes) {
    return kv_session_bytes(m, kv, t, bytes);
  };
  const auto hi_limit = static_cast<std::uint64_t>(limits::maxTokens);
  std::uint64_t at_max = 0;
  if (kv_at(hi_limit, at_max) && at_max <= state_bytes) return {Status::good(), -1};
  std::uint64_t lo = 0, hi = hi_limit;  // kv(lo) <= state_bytes < kv(hi) (or overflow at hi)
  while (hi - lo > 1) {
    const std::uint64_t mid = lo + (hi - lo) / 2;
    std::uint64_t b = 0;
    if (!kv_at(mid, b) || b > state_bytes)
      hi = mid;
    else
      lo = mid;
  }
  return {Status::good(), static_cast<std::int64_t>(hi)};
}

Model shard(const Model& whole, std::uint64_t tp) {
  Model m = whole;
  if (tp <= 1) return m;
  auto split = [tp](std::uint64_t x) { return x / tp + (x % tp != 0); };  // rounded up
  for (auto& g : m.layers) {
    switch (g.kind) {
      case LayerKind::Attention:
        g.kv_heads = split(g.kv_heads);  // fewer heads than GPUs: one (replicated) head each
        break;
      case LayerKind::Latent:
        break;  // one latent per token, kept whole on every GPU
      case LayerKind::Linear:
      case LayerKind::Ssm:
        g.heads = split(g.heads);
        g.conv_channels = split(g.conv_channels);
        break;
    }
  }
  m.params = whole.params / static_cast<double>(tp);
  m.params_known = whole.params_known;
  return m;
}

Result<CapacityResult> kv_capacity(const Model& whole, const CapacityQuery& cq) {
  Result<CapacityResult> r;
  const KvQuery& q = cq.kv;
  CapacityResult& c = r.value;
  if (!whole.params_known) {
    r.status = Status::bad(
        "model.params is not given: without the weights' size the sessions that fit cannot be "
        "worked out (give the parameter count; 0 states that the weights are not to be counted)",
        "model.params");
    return r;
  }
  // params <= 1e14 and at most 32 bits each: the product stays below 2^63.
  const auto params = static_cast<std::uint64_t>(whole.params);
  const std::uint64_t all_weights = bytes_from_bits(params * bits_of(cq.weight));
  c.weight_bytes = all_weights / cq.tp + (all_weights % cq.tp != 0);  // each GPU's share
  for (const auto& g : whole.layers)
    if (g.kind == LayerKind::Attention && g.kv_heads < cq.tp) c.kv_heads_replicated = true;
  const Model m = shard(whole, cq.tp);
  const std::uint64_t gpu = cq.gpu_bytes;
  c.free_bytes = gpu > c.weight_bytes ? gpu - c.weight_bytes : 0;
  c.weights_fit = c.weight_bytes <= gpu;

  std::uint64_t per_session = 0;
  const bool sized = session_bytes(m, q, q.tokens, per_session);
  c.session_bytes = sized ? per_session : 0;
  if (!sized || !c.weights_fit) {
    c.sessions_that_fit = 0;  // nothing fits beside weights that do not fit themselves
  } else {
    const auto cap = static_cast<std::uint64_t>(limits::maxSessions);
    const std::uint64_t room = per_session == 0 ? cap + 1 : c.free_bytes / per_session;
    c.sessions_that_fit = std::min(room, cap);
    c.sessions_at_limit = room > cap;
  }
  // Longest context for q.sessions sessions: the largest t with sessions * bytes(t) <= free.
  auto fits = [&](std::uint64_t t) {
    std::uint64_t b = 0, all = 0;
    return session_bytes(m, q, t, b) && mul(b, q.sessions, all) && all <= c.free_bytes;
  };
  const auto hi_limit = static_cast<std::uint64_t>(limits::maxTokens);
  if (!c.weights_fit || !fits(0)) {
    c.longest_context = 0;
  } else if (fits(hi_limit)) {
    c.longest_context = hi_limit;
    c.longest_at_limit = true;
  } else {
    std::uint64_t lo = 0, hi = hi_limit;  // fits(lo), !fits(hi)
    while (hi - lo > 1) {
      const std::uint64_t mid = lo + (hi - lo) / 2;
      if (fits(mid))
        lo = mid;
      else
        hi = mid;
    }
    c.longest_context = lo;
  }
  return r;
}

}  // namespace linattn
