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

// The cap of a windowed or chunked attention layer (0: none, the layer grows with the context).
[[gnu::always_inline]] inline std::uint64_t cap_of(const LayerGroup& g) {
  return g.kind == LayerKind::Attention ? std::max(g.window, g.chunk) : 0;
}

// The searches below look for the last context length at which a monotone test holds: the
// largest t in [lo, hi) with ok(t), where ok(lo) is taken to hold and ok(hi) not (lo itself when
// none does). `guess` is tried first: where it is right (ok(guess), not ok(guess + 1)), two tests
// instead of some 34 halvings; wherever it is, it only narrows the bisection, which finds the same
// t.
template <class Ok>
std::uint64_t last_ok(Ok ok, std::uint64_t lo, std::uint64_t hi, std::uint64_t guess) {
  if (guess > lo && guess < hi) {
    if (!ok(guess)) {
      hi = guess;
    } else if (guess + 1 == hi || !ok(guess + 1)) {
      return guess;
    } else {
      lo = guess + 1;
    }
  }
  while (hi - lo > 1) {
    const std::uint64_t mid = lo + (hi - lo) / 2;
    if (ok(mid))
      lo = mid;
    else
      hi = mid;
  }
  return lo;
}

// The context length from which the capped layers are all full and only the growing term grows:
// there bytes(t) = ceil(growing x t / 8) + a constant, and bytes(t) <= budget solves exactly to
// t <= 8 (budget - constant) / growing. The guess last_ok tries first (0: none).
std::uint64_t flat_guess(std::uint64_t growing, std::uint64_t constant, std::uint64_t budget) {
  if (growing == 0 || budget < constant || budget - constant > kMax / 8) return 0;
  return 8 * (budget - constant) / growing;
}

}  // namespace

SessionSizes::SessionSizes(const Model& m, Dtype kv, Dtype st) {
  const std::uint64_t b = bits_of(kv), sb = bits_of(st);
  for (const auto& g : m.layers) {
    std::uint64_t per_token = 0, x = 0;
    if (g.kind == LayerKind::Attention || g.kind == LayerKind::Latent) {
      if (g.kind == LayerKind::Latent)
        per_token = g.latent_dim;
      else if (!mul(2 * g.kv_heads, g.head_dim, per_token))
        kv_ok_ = false;
      if (!mul(per_token, g.count, x) || !mul(x, b, x)) kv_ok_ = false;
      const std::uint64_t cap = cap_of(g);
      full_tokens_ = std::max(full_tokens_, cap);
      if (cap == 0) {
        if (!add(growing_, x, growing_)) growing_ = kMax + 1;  // every t >= 1 then passes 2^63
      } else {
        capped_.push_back({x, cap, g.chunk});
      }
      continue;
    }
    if (g.kind == LayerKind::Linear) {
      if (!mul(g.heads, g.key_dim, x) || !mul(x, g.value_dim, x)) state_ok_ = false;
    } else {
      if (!mul(g.heads, g.head_dim, x) || !mul(x, g.state_dim, x)) state_ok_ = false;
    }
    if (!mul(x, g.count, x) || !mul(x, sb, x) || !add(matrices_, x, matrices_)) state_ok_ = false;
    if (g.conv_kernel > 1) {
      if (!mul(g.conv_kernel - 1, g.conv_channels, x) || !mul(x, g.count, x) || !mul(x, sb, x) ||
          !add(conv_, x, conv_))
        state_ok_ = false;
    }
  }
}

// Each term of the sums is at most the sum, so the sum passes 2^63 exactly when one of the
// products or partial sums of the layers, taken one by one, would.
bool SessionSizes::kv_bits(std::uint64_t tokens, bool peak, std::uint64_t& growing,
                           std::uint64_t& capped) const {
  capped = 0;
  if (!kv_ok_ || !mul(growing_, tokens, growing)) return false;
  for (const auto& c : capped_) {
    std::uint64_t x = 0;
    const std::uint64_t t = c.chunk == 0 || peak || tokens == 0
                                ? std::min(tokens, c.cap)
                                : tokens - c.chunk * ((tokens - 1) / c.chunk);
    if (!mul(c.bits, t, x) || !add(capped, x, capped)) return false;
  }
  return true;
}

bool SessionSizes::kv_session_bytes(std::uint64_t tokens, std::uint64_t& bytes) const {
  std::uint64_t growing = 0, capped = 0;
  return kv_bits(tokens, true, growing, capped) &&
         add(bytes_from_bits(growing), bytes_from_bits(capped), bytes);
}

bool SessionSizes::state_bytes(std::uint64_t& matrices, std::uint64_t& conv) const {
  matrices = bytes_from_bits(matrices_);
  conv = bytes_from_bits(conv_);
  return state_ok_;
}

bool SessionSizes::session_bytes(std::uint64_t tokens, std::uint64_t& bytes) const {
  std::uint64_t kb = 0, matrices = 0, conv = 0;
  return kv_session_bytes(tokens, kb) && state_bytes(matrices, conv) && add(kb, matrices, bytes) &&
         add(bytes, conv, bytes);
}

// The bytes of a session once every capped layer is full, less the growing term's.
std::uint64_t SessionSizes::flat_bytes(bool with_state) const {
  std::uint64_t capped = 0, x = 0, matrices = 0, conv = 0;
  for (const auto& c : capped_) {
    if (!mul(c.bits, c.cap, x) || !add(capped, x, capped)) return kMax;
  }
  std::uint64_t out = bytes_from_bits(capped);
  if (with_state &&
      !(state_bytes(matrices, conv) && add(out, matrices, out) && add(out, conv, out)))
    return kMax;
  return out;
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

namespace {
// kv_memory's fields, each written on the way to success (none zeroed first: in WebAssembly
// zeroing a result is a call to memset, at every point of a curve).
const char* kv_memory_fields(const SessionSizes& s, const KvQuery& q, KvResult& o) {
  const std::uint64_t n = q.sessions;
  std::uint64_t gb = 0, cb = 0;
  if (!s.kv_bits(1, true, gb, cb)) return "the KV cache per token";
  o.growing_bytes_per_token = bytes_from_bits(gb);
  o.capped_bytes_per_token = bytes_from_bits(cb);
  o.kv_bytes_per_token = o.growing_bytes_per_token + o.capped_bytes_per_token;
  if (!s.kv_bits(q.tokens, false, gb, cb)) return "the KV cache";
  const std::uint64_t growing = bytes_from_bits(gb), capped = bytes_from_bits(cb);
  // From the largest window or chunk on, the capped term stays flat (kvMemory at that many
  // tokens gives its height).
  o.capped_full_tokens = s.full_tokens();
  std::uint64_t matrices = 0, conv = 0, state = 0;
  if (!s.state_bytes(matrices, conv) || !add(matrices, conv, state)) return "the state";
  if (!mul(growing, n, o.growing_bytes) || !mul(capped, n, o.capped_bytes) ||
      !add(o.growing_bytes, o.capped_bytes, o.kv_bytes))
    return "the KV cache";
  if (!mul(state, n, o.state_bytes) || !mul(conv, n, o.conv_bytes)) return "the state";
  if (!add(o.kv_bytes, o.state_bytes, o.total_bytes)) return "the total";
  o.per_session_bytes = growing + capped + state;
  return nullptr;
}
}  // namespace

const char* kv_memory(const SessionSizes& s, const KvQuery& q, KvResult& o) {
  const char* what = kv_memory_fields(s, q, o);
  if (what) o = {};  // a refusal leaves no half-written result
  return what;
}

Result<KvResult> kv_memory(const Model& m, const KvQuery& q) {
  Result<KvResult> r;
  if (const char* what = kv_memory(SessionSizes(m, q.kv, q.state), q, r.value))
    return {too_large(what), {}};
  return r;
}

Result<std::int64_t> kv_crossover(const Model& m, Dtype kv, std::uint64_t state_bytes) {
  // KV bytes grow monotonically with tokens: the last context at or below state_bytes, plus one.
  const SessionSizes s(m, kv, kv);
  auto below = [&](std::uint64_t t) {
    std::uint64_t b = 0;
    return s.kv_session_bytes(t, b) && b <= state_bytes;
  };
  const auto hi_limit = static_cast<std::uint64_t>(limits::maxTokens);
  if (below(hi_limit)) return {Status::good(), -1};
  // kv(0) <= state_bytes < kv(hi_limit) (or overflow there)
  const std::uint64_t guess = flat_guess(s.growing_bits(), s.flat_bytes(false), state_bytes);
  const std::uint64_t last = last_ok(below, 0, hi_limit, std::max(guess, s.full_tokens()));
  return {Status::good(), static_cast<std::int64_t>(last + 1)};
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

Capacity::Capacity(const Model& whole, const CapacityQuery& cq)
    : sizes_(shard(whole, cq.tp), cq.kv.kv, cq.kv.state) {
  if (!whole.params_known) {
    status_ = Status::bad(
        "model.params is not given: without the weights' size the sessions that fit cannot be "
        "worked out (give the parameter count; 0 states that the weights are not to be counted)",
        "model.params");
    return;
  }
  CapacityResult& c = base_;
  // params <= 1e14 and at most 32 bits each: the product stays below 2^63.
  const auto params = static_cast<std::uint64_t>(whole.params);
  const std::uint64_t all_weights = bytes_from_bits(params * bits_of(cq.weight));
  c.weight_bytes = all_weights / cq.tp + (all_weights % cq.tp != 0);  // each GPU's share
  for (const auto& g : whole.layers)
    if (g.kind == LayerKind::Attention && g.kv_heads < cq.tp) c.kv_heads_replicated = true;
  const std::uint64_t gpu = cq.gpu_bytes;
  c.free_bytes = gpu > c.weight_bytes ? gpu - c.weight_bytes : 0;
  c.weights_fit = c.weight_bytes <= gpu;
  // Longest context for the query's sessions: the largest t with sessions * bytes(t) <= free, the
  // same at every point of a curve.
  const std::uint64_t sessions = cq.kv.sessions;
  auto fits = [&](std::uint64_t t) {
    std::uint64_t b = 0, all = 0;
    return sizes_.session_bytes(t, b) && mul(b, sessions, all) && all <= c.free_bytes;
  };
  const auto hi_limit = static_cast<std::uint64_t>(limits::maxTokens);
  if (!c.weights_fit || !fits(0)) {
    c.longest_context = 0;
  } else if (fits(hi_limit)) {
    c.longest_context = hi_limit;
    c.longest_at_limit = true;
  } else {
    // fits(0), !fits(hi_limit); a session's budget is free / sessions (a whole number of bytes)
    const std::uint64_t guess =
        flat_guess(sizes_.growing_bits(), sizes_.flat_bytes(true), c.free_bytes / sessions);
    c.longest_context = last_ok(fits, 0, hi_limit, std::max(guess, sizes_.full_tokens()));
  }
}

CapacityResult Capacity::at(std::uint64_t tokens) const {
  CapacityResult c = base_;
  std::uint64_t per_session = 0;
  const bool sized = sizes_.session_bytes(tokens, per_session);
  c.session_bytes = sized ? per_session : 0;
  if (!sized || !c.weights_fit) {
    c.sessions_that_fit = 0;  // nothing fits beside weights that do not fit themselves
  } else {
    const auto cap = static_cast<std::uint64_t>(limits::maxSessions);
    const std::uint64_t room = per_session == 0 ? cap + 1 : c.free_bytes / per_session;
    c.sessions_that_fit = std::min(room, cap);
    c.sessions_at_limit = room > cap;
  }
  return c;
}

Result<CapacityResult> kv_capacity(const Model& whole, const CapacityQuery& cq) {
  const Capacity c(whole, cq);
  if (!c.status()) return {c.status(), {}};
  return {Status::good(), c.at(cq.kv.tokens)};
}

}  // namespace linattn
