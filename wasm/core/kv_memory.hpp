// The KV-cache memory calculator: what a model keeps per sequence while it decodes, in three terms.
//
// Grows with the context:
//   full attention layer:   2 (K and V) x kv_heads x head_dim x bytes per token
//   latent attention (MLA): latent_dim x bytes per token (one compressed latent per layer)
// Grows only up to a cap (flat once full):
//   sliding-window layer:   as full attention, for min(tokens, window) tokens
//   chunked-attention layer: as full attention, for the chunk in progress: tokens - chunk x
//                            floor((tokens - 1) / chunk), from 1 to chunk (a saw tooth); the
//                            crossover and the capacity use the most it held, min(tokens, chunk)
// Fixed per sequence (in the state's number format):
//   linear recurrent layer: heads x key_dim x value_dim
//   SSM (Mamba) layer:      heads x head_dim x state_dim
//   short convolution:      (conv_kernel - 1) x conv_channels, on linear and SSM layers
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

enum class LayerKind { Attention, Latent, Linear, Ssm };

struct LayerGroup {
  LayerKind kind = LayerKind::Attention;
  std::uint64_t count = 0;
  // attention (head_dim is also the SSM's head size)
  std::uint64_t kv_heads = 0, head_dim = 0, window = 0, chunk = 0;  // window, chunk 0: none
  // latent (MLA)
  std::uint64_t latent_dim = 0;
  // linear (heads is also the SSM's)
  std::uint64_t heads = 0, key_dim = 0, value_dim = 0;
  // ssm
  std::uint64_t state_dim = 0;
  // short convolution of linear and SSM layers; kernel 0: none
  std::uint64_t conv_kernel = 0, conv_channels = 0;
};

struct Model {
  std::vector<LayerGroup> layers;
  double params = 0;         // parameter count, for the weights' share of a GPU
  bool params_known = true;  // false: nobody stated the weights (kv_capacity refuses)
};

// Outside data, unchecked, named as in the JS API (model.layers[i].kvHeads is kv_heads). Numbers
// arrive as doubles; make_model checks them into a Model (messages name model.layers[i].<field>).
struct LayerSpec {
  std::string kind;  // attention | mla | linear | ssm
  double count = 0, kv_heads = 0, head_dim = 0, window = 0, latent_dim = 0, heads = 0, key_dim = 0,
         value_dim = 0;
  double chunk = 0, state_dim = 0, conv_kernel = 0, conv_channels = 0;  // 0: absent
};
struct ModelSpec {
  std::vector<LayerSpec> layers;
  double params = 0;
  bool params_given = true;  // false: model.params was absent (the weights are not known)
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
  std::uint64_t kv_bytes_per_token = 0;       // while no window or chunk is full
  std::uint64_t growing_bytes_per_token = 0;  // full attention + MLA: at every token
  std::uint64_t capped_bytes_per_token = 0;   // windowed + chunked layers, until their cap
  std::uint64_t kv_bytes = 0;                 // all sessions at `tokens`: growing + capped
  std::uint64_t growing_bytes = 0;            // all sessions
  std::uint64_t capped_bytes = 0;             // all sessions: windows at min(tokens, window),
                                              // chunks at the chunk in progress
  std::uint64_t capped_full_tokens = 0;       // largest window or chunk: from there a window is
                                              // flat and a chunk starts over
  std::uint64_t state_bytes = 0;              // all sessions: recurrent + SSM + convolution state
  std::uint64_t conv_bytes = 0;               // all sessions: the convolution part of state_bytes
  std::uint64_t total_bytes = 0;
  std::uint64_t per_session_bytes = 0;  // KV + state of one session
};
Result<KvResult> kv_memory(const Model& m, const KvQuery& q);

// One session's sizes for a model and its number formats, worked out from its layers once and then
// read at any context length (a curve's points, the searches for a context): the same numbers, and
// the same overflows past 2^63, as going over the layers again at each length.
class SessionSizes {
 public:
  SessionSizes(const Model& m, Dtype kv, Dtype state);
  // Bits of KV cache at `tokens`: the growing and the capped term (each capped layer at what it
  // holds then, or with `peak` at the most it held on the way there); false past 2^63.
  bool kv_bits(std::uint64_t tokens, bool peak, std::uint64_t& growing,
               std::uint64_t& capped) const;
  // Bytes of KV cache at its largest up to `tokens` (each term rounded up to whole bytes).
  bool kv_session_bytes(std::uint64_t tokens, std::uint64_t& bytes) const;
  // Bytes of the fixed state (recurrent and SSM matrices; convolution state); false past 2^63.
  bool state_bytes(std::uint64_t& matrices, std::uint64_t& conv) const;
  // KV at its largest up to `tokens` plus the state.
  bool session_bytes(std::uint64_t tokens, std::uint64_t& bytes) const;
  std::uint64_t full_tokens() const { return full_tokens_; }  // the largest window or chunk
  std::uint64_t growing_bits() const { return kv_ok_ ? growing_ : 0; }  // per token
  // Bytes once every capped layer is full, without the growing term (with the state or not);
  // 2^63 past it.
  std::uint64_t flat_bytes(bool with_state) const;

 private:
  struct Capped {
    std::uint64_t bits, cap, chunk;  // bits per token held; window or chunk; chunk (0: window)
  };
  bool kv_ok_ = true, state_ok_ = true;  // false: a per-token or state size passes 2^63
  std::uint64_t growing_ = 0;            // bits per token of the growing layers (2^63 + 1: past)
  std::vector<Capped> capped_;
  std::uint64_t full_tokens_ = 0, matrices_ = 0, conv_ = 0;  // state in bits
};
// kv_memory at a context, from sizes made for q's number formats: nullptr, or what passed 2^63
// ("the KV cache", "the state", ...) for too_large's refusal.
const char* kv_memory(const SessionSizes& s, const KvQuery& q, KvResult& out);
// The refusal of a size past 2^63 bytes, naming `what`.
Status too_large(const char* what);

// Smallest context whose KV cache (one session) exceeds state_bytes; -1 when it never does
// (every growing layer has a window, or there is none).
Result<std::int64_t> kv_crossover(const Model& m, Dtype kv, std::uint64_t state_bytes);

// Tensor parallelism over `tp` GPUs, as serving engines split a model: weights in equal shares; the
// KV heads, recurrent/SSM heads and convolution channels of every layer divided among the GPUs
// (rounded up); KV heads replicated when a layer has fewer than `tp` of them (one per GPU); MLA
// latents, which have no heads to split, kept whole on every GPU.
Model shard(const Model& m, std::uint64_t tp);

struct CapacityResult {
  std::uint64_t weight_bytes = 0, free_bytes = 0;  // per GPU
  std::uint64_t sessions_that_fit = 0;             // at q.tokens
  std::uint64_t longest_context = 0;  // for q.sessions sessions, capped at limits::maxTokens
  std::uint64_t session_bytes = 0;    // one session at q.tokens, on each GPU
  bool kv_heads_replicated = false;   // some attention layer has fewer KV heads than GPUs
  // A value at the core's limit is a bound, not a count: more sessions (or a longer context) would
  // fit than the limit lets the core say.
  bool sessions_at_limit = false;  // sessions_that_fit == limits::maxSessions, and more would fit
  bool longest_at_limit = false;   // longest_context == limits::maxTokens, and longer would fit
  bool weights_fit = true;         // each GPU's share of the weights fits in gpu_bytes
};
// A checked capacity query: the KV query plus the GPU's bytes and the weights' number format.
struct CapacityQuery {
  KvQuery kv;
  std::uint64_t gpu_bytes = 0;  // of each GPU
  Dtype weight = Dtype::BF16;
  std::uint64_t tp = 1;  // GPUs the model is split over
};
// The options of la.kvCapacity as outside data.
struct CapacityOptions {
  KvOptions kv;
  double gpu_bytes = 0;
  std::string weight_dtype = "bf16";
  double tp = 1;
};
Result<CapacityQuery> make_capacity_query(const CapacityOptions& o);
// Refuses (field model.params) a model whose weights nobody stated: fitting it as if it weighed
// nothing would overstate what fits by the whole of its weights.
Result<CapacityResult> kv_capacity(const Model& m, const CapacityQuery& q);
// kv_capacity's work that does not depend on the context length (the shares, the free bytes, the
// longest context for the query's sessions), done once: a curve reads it at each length.
class Capacity {
 public:
  Capacity(const Model& whole, const CapacityQuery& q);
  const Status& status() const { return status_; }  // model.params refused
  CapacityResult at(std::uint64_t tokens) const;    // kv_capacity with q.kv.tokens = tokens

 private:
  Status status_;
  SessionSizes sizes_;
  CapacityResult base_;
};

}  // namespace linattn
