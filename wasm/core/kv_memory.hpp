// The KV-cache memory calculator: what a model keeps per sequence while it decodes.
//
//   full attention layer:  2 (K and V) x kv_heads x head_dim x bytes per token,
//                          for min(tokens, window) tokens when the layer has a sliding window
//   latent attention (MLA): latent_dim x bytes per token (one compressed latent per layer)
//   linear recurrent layer: heads x key_dim x value_dim x bytes, whatever the context length
//
// All sizes are exact unsigned 64-bit integers; a result past 2^63 bytes is reported as an error.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "status.hpp"

namespace linattn {

enum class Dtype { FP32, BF16, FP16, FP8, INT8, INT4 };
Result<Dtype> parse_dtype(const char* what, const std::string& name);
// Size of n numbers in bits, divided by 8 and rounded up (int4 packs two numbers per byte).
std::uint64_t bits_of(Dtype t);

enum class LayerKind { Attention, Latent, Linear };

struct LayerGroup {
  LayerKind kind = LayerKind::Attention;
  std::uint64_t count = 0;
  // attention
  std::uint64_t kv_heads = 0, head_dim = 0, window = 0;  // window 0: none
  // latent (MLA)
  std::uint64_t latent_dim = 0;
  // linear
  std::uint64_t heads = 0, key_dim = 0, value_dim = 0;
};

struct Model {
  std::vector<LayerGroup> layers;
  double params = 0;  // parameter count, for the weights' share of a GPU
};

// Outside data, as the JS API takes it: one entry per layer group. Numbers arrive as doubles.
struct LayerSpec {
  std::string kind;  // attention | mla | linear
  double count = 0, kv_heads = 0, head_dim = 0, window = 0, latent_dim = 0, heads = 0, key_dim = 0,
         value_dim = 0;
};
Result<Model> make_model(const std::vector<LayerSpec>& layers, double params);
// The same, from the flat form the WebAssembly binding receives: kinds joined by ',' and 8 numbers
// per layer group (count, kvHeads, headDim, window, latentDim, heads, keyDim, valueDim).
inline constexpr int kFieldsPerLayer = 8;
Result<Model> make_model_flat(const std::string& kinds, const std::vector<double>& fields,
                              double params);

struct KvQuery {
  std::uint64_t tokens = 0, sessions = 1;
  Dtype kv = Dtype::BF16, state = Dtype::BF16;
};
Result<KvQuery> make_kv_query(double tokens, double sessions, const std::string& kv_dtype,
                              const std::string& state_dtype);

struct KvResult {
  std::uint64_t kv_bytes_per_token = 0;  // while no window is full
  std::uint64_t kv_bytes = 0;            // all sessions at `tokens`
  std::uint64_t state_bytes = 0;         // all sessions
  std::uint64_t total_bytes = 0;
  std::uint64_t per_session_bytes = 0;  // KV + state of one session
};
Result<KvResult> kv_memory(const Model& m, const KvQuery& q);

// Smallest context whose KV cache (one session) exceeds state_bytes; -1 when it never does
// (every growing layer has a window, or there is none).
Result<std::int64_t> kv_crossover(const Model& m, Dtype kv, std::uint64_t state_bytes);

struct CapacityResult {
  std::uint64_t weight_bytes = 0, free_bytes = 0;
  std::uint64_t sessions_that_fit = 0;  // at q.tokens
  std::uint64_t longest_context = 0;    // for q.sessions sessions, capped at limits::maxTokens
};
Result<CapacityResult> kv_capacity(const Model& m, const KvQuery& q, double gpu_bytes,
                                   const std::string& weight_dtype);

}  // namespace linattn
