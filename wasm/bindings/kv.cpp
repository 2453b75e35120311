// la.kvMemory, la.kvCrossover and la.kvCapacity (kv_memory.hpp): a model's layer groups read by
// name into ModelSpec, the query's options into KvOptions and CapacityOptions. Byte counts leave
// as decimal text (wasm/api/kv.mjs makes them BigInt).
#include "js.hpp"
#include "kv_memory.hpp"

using namespace linattn;
using namespace linattn::js;

namespace {

// model.layers[i] by name; fields a kind does not use may be absent (the core ignores them).
Result<Model> model_from(const JsOptions& model) {
  ModelSpec spec;
  spec.params_given = !model["params"].isUndefined();  // absent: the weights are not known
  spec.params = number_at(model, "params", 0);
  const val layers = model["layers"];
  const int n = layers.isArray() ? layers["length"].as<int>() : 0;
  for (int i = 0; i < n; ++i) {
    const val g = layers[i];
    LayerSpec s;
    s.kind = string_at(g, "kind", "");
    s.count = number_at(g, "count", std::nan(""));
    s.kv_heads = number_at(g, "kvHeads", std::nan(""));
    s.head_dim = number_at(g, "headDim", std::nan(""));
    s.window = number_at(g, "window", 0);  // absent: no sliding window
    s.latent_dim = number_at(g, "latentDim", std::nan(""));
    s.heads = number_at(g, "heads", std::nan(""));
    s.key_dim = number_at(g, "keyDim", std::nan(""));
    s.value_dim = number_at(g, "valueDim", std::nan(""));
    s.chunk = number_at(g, "chunk", 0);  // absent: no chunked attention
    s.state_dim = number_at(g, "stateDim", std::nan(""));
    s.conv_kernel = number_at(g, "convKernel", 0);  // absent: no convolution state
    s.conv_channels = number_at(g, "convChannels", 0);
    spec.layers.push_back(s);
  }
  return make_model(spec);
}

KvOptions kv_options(const JsOptions& o) {
  KvOptions q;
  q.tokens = number_at(o, "tokens", std::nan(""));
  q.sessions = number_at(o, "sessions", q.sessions);
  q.kv_dtype = string_at(o, "kvDtype", q.kv_dtype);
  q.state_dtype = string_at(o, "stateDtype", q.state_dtype);
  return q;
}

JsResult kvMemory(const JsOptions& model, const JsOptions& opts) {
  auto m = model_from(model);
  if (!m.status) return failure(m.status);
  auto q = make_kv_query(kv_options(opts));
  if (!q.status) return failure(q.status);
  auto r = kv_memory(m.value, q.value);
  if (!r.status) return failure(r.status);
  val o = val::object();
  o.set("kvBytesPerToken", u64(r.value.kv_bytes_per_token));
  o.set("growingBytesPerToken", u64(r.value.growing_bytes_per_token));
  o.set("cappedBytesPerToken", u64(r.value.capped_bytes_per_token));
  o.set("kvBytes", u64(r.value.kv_bytes));
  o.set("growingBytes", u64(r.value.growing_bytes));
  o.set("cappedBytes", u64(r.value.capped_bytes));
  o.set("cappedFullTokens", u64(r.value.capped_full_tokens));
  o.set("stateBytes", u64(r.value.state_bytes));
  o.set("convBytes", u64(r.value.conv_bytes));
  o.set("totalBytes", u64(r.value.total_bytes));
  o.set("perSessionBytes", u64(r.value.per_session_bytes));
  return o;
}

// opts.stateBytes arrives as decimal text (wasm/api/kv.mjs turns the BigInt or number into it).
JsResult kvCrossover(const JsOptions& model, const JsOptions& opts) {
  auto m = model_from(model);
  if (!m.status) return failure(m.status);
  auto kv = parse_dtype("kvDtype", string_at(opts, "kvDtype", "bf16"));
  if (!kv.status) return failure(kv.status);
  auto sb = wire::parse_uint63("stateBytes", string_at(opts, "stateBytes", ""));
  if (!sb.status) return failure(sb.status);
  auto r = kv_crossover(m.value, kv.value, sb.value);
  if (!r.status) return failure(r.status);
  val o = val::object();
  o.set("tokens", std::to_string(r.value));
  return o;
}

JsResult kvCapacity(const JsOptions& model, const JsOptions& opts) {
  auto m = model_from(model);
  if (!m.status) return failure(m.status);
  CapacityOptions c;
  c.kv = kv_options(opts);
  c.gpu_bytes = number_at(opts, "gpuBytes", std::nan(""));
  c.weight_dtype = string_at(opts, "weightDtype", c.weight_dtype);
  c.tp = number_at(opts, "tp", c.tp);
  auto q = make_capacity_query(c);
  if (!q.status) return failure(q.status);
  auto r = kv_capacity(m.value, q.value);
  if (!r.status) return failure(r.status);
  val o = val::object();
  o.set("weightBytes", u64(r.value.weight_bytes));
  o.set("freeBytes", u64(r.value.free_bytes));
  o.set("sessionsThatFit", u64(r.value.sessions_that_fit));
  o.set("longestContext", u64(r.value.longest_context));
  o.set("sessionBytes", u64(r.value.session_bytes));
  o.set("kvHeadsReplicated", r.value.kv_heads_replicated);
  o.set("sessionsAtLimit", r.value.sessions_at_limit);
  o.set("longestAtLimit", r.value.longest_at_limit);
  o.set("weightsFit", r.value.weights_fit);
  return o;
}

}  // namespace

EMSCRIPTEN_BINDINGS(linattn_kv) {
  using emscripten::function;
  function("kvMemory", &kvMemory);
  function("kvCrossover", &kvCrossover);
  function("kvCapacity", &kvCapacity);
}
