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
// Bits per number (int4: 4, two numbers to a byte); byte counts are rounded up from bits.
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

// Outside data, unchecked, named as in the JS API (model.layers[i].kvHeads is kv_heads). Numbers
// arrive as doubles; make_model checks them into a Model (messages name model.layers[i].<field>).
struct LayerSpec {
  std::string kind;  // attention | mla | linear
  double count = 0, kv_heads = 0, head_dim = 0, window = 0, latent_dim = 0, heads = 0, key_dim = 0,
         value_dim = 0;
};
struct ModelSpec {
  std::vector<LayerSpec> layers;
  double params = 0;
};
Result<Model> make_model(const ModelSpec& spec);

// A checked query: how many tokens and sessions, in which number formats.
struct KvQuery {
  std::uint64_t tokens = 0, sessions = 1;
  Dtype kv = Dtype::BF16, state = Dtype::BF16;
};
// The query as outside data (the options of la.kvMemory), with the API's defaults.
struct KvOptions {
  double tokens = 0;
  double sessions = 1;
  std::string kv_dtype = "bf16";
  std::string state_dtype = "bf16";
};
Result<KvQuery> make_kv_query(const KvOptions& o);

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
// A checked capacity query: the KV query plus the GPU's bytes and the weights' number format.
struct CapacityQuery {
  KvQuery kv;
  std::uint64_t gpu_bytes = 0;
  Dtype weight = Dtype::BF16;
};
// The options of la.kvCapacity as outside data.
struct CapacityOptions {
  KvOptions kv;
  double gpu_bytes = 0;
  std::string weight_dtype = "bf16";
};
Result<CapacityQuery> make_capacity_query(const CapacityOptions& o);
Result<CapacityResult> kv_capacity(const Model& m, const CapacityQuery& q);

}  // namespace linattn
