// A model for the KV calculator (kv_memory.hpp), checked: make_model turns the layer groups a
// caller gives (ModelSpec) into the core's Model, or refuses the first bad field by its name
// (model.layers[i].kvHeads, model.params, ...). Validation only: compiled for size.
#include <string>

#include "kv_memory.hpp"

namespace linattn {
namespace {

// One layer group of a model, checked by its kind (make_model): its fields into g, or the refusal
// naming the first bad one (at: "model.layers[i].").
Status layer_group(const LayerSpec& s, const std::string& at, LayerGroup& g) {
  auto field = [&](const char* name, double x, double lo, double hi) {
    return check_int(at + name, x, lo, hi);
  };
  auto u64 = [](double x) { return static_cast<std::uint64_t>(x); };
  // The short convolution of linear and SSM layers: both numbers, or neither.
  auto conv = [&]() {
    Status st;
    if (!(st = field("convKernel", s.conv_kernel, 0, 64)) ||
        !(st = field("convChannels", s.conv_channels, 0, 1 << 24)))
      return st;
    if ((s.conv_kernel > 0) != (s.conv_channels > 0)) {
      std::string msg = at;
      msg += "convKernel and ";
      msg += at;
      msg += "convChannels go together: give both or neither";
      return Status::bad(msg, at + (s.conv_kernel > 0 ? "convChannels" : "convKernel"));
    }
    g.conv_kernel = u64(s.conv_kernel);
    g.conv_channels = u64(s.conv_channels);
    return st;
  };
  Status st;
  if (s.kind == "attention") {
    g.kind = LayerKind::Attention;
    if (!(st = field("kvHeads", s.kv_heads, 1, 4096))) return st;
    if (!(st = field("headDim", s.head_dim, 1, 65536))) return st;
    if (!(st = field("window", s.window, 0, limits::maxTokens))) return st;
    if (!(st = field("chunk", s.chunk, 0, limits::maxTokens))) return st;
    if (s.window > 0 && s.chunk > 0) {
      std::string msg = at;
      msg += "window and ";
      msg += at;
      msg += "chunk exclude each other: a layer slides or attends in chunks";
      return Status::bad(msg, at + "chunk");
    }
    g.kv_heads = u64(s.kv_heads);
    g.head_dim = u64(s.head_dim);
    g.window = u64(s.window);
    g.chunk = u64(s.chunk);
  } else if (s.kind == "ssm") {
    g.kind = LayerKind::Ssm;
    if (!(st = field("heads", s.heads, 1, 1 << 20))) return st;
    if (!(st = field("headDim", s.head_dim, 1, 65536))) return st;
    if (!(st = field("stateDim", s.state_dim, 1, 65536))) return st;
    if (!(st = conv())) return st;
    g.heads = u64(s.heads);
    g.head_dim = u64(s.head_dim);
    g.state_dim = u64(s.state_dim);
  } else if (s.kind == "mla") {
    g.kind = LayerKind::Latent;
    if (!(st = field("latentDim", s.latent_dim, 1, 1 << 20))) return st;
    g.latent_dim = static_cast<std::uint64_t>(s.latent_dim);
  } else if (s.kind == "linear") {
    g.kind = LayerKind::Linear;
    if (!(st = field("heads", s.heads, 1, 4096))) return st;
    if (!(st = field("keyDim", s.key_dim, 1, 65536))) return st;
    if (!(st = field("valueDim", s.value_dim, 1, 65536))) return st;
    if (!(st = conv())) return st;
    g.heads = u64(s.heads);
    g.key_dim = u64(s.key_dim);
    g.value_dim = u64(s.value_dim);
  } else {
    return Status::bad(at + "kind must be 'attention', 'mla', 'linear' or 'ssm' (got '" +
                           s.kind.substr(0, 40) + "')",
                       at + "kind");
  }
  return st;
}

}  // namespace

Result<Model> make_model(const ModelSpec& spec) {
  Result<Model> r;
  const std::vector<LayerSpec>& layers = spec.layers;
  if (layers.empty() || layers.size() > 64) {
    r.status = Status::bad("model.layers must hold from 1 to 64 layer groups (got " +
                               std::to_string(layers.size()) + ")",
                           "model.layers");
    return r;
  }
  r.value.params_known = spec.params_given;
  if (spec.params_given && !(r.status = check_real("model.params", spec.params, 0, 1e14))) return r;
  r.value.params = spec.params_given ? spec.params : 0;
  double total_layers = 0;
  for (std::size_t i = 0; i < layers.size(); ++i) {
    const LayerSpec& s = layers[i];
    const std::string at = "model.layers[" + std::to_string(i) + "].";
    LayerGroup g;
    if (!(r.status = check_int(at + "count", s.count, 1, 10000))) return r;
    g.count = static_cast<std::uint64_t>(s.count);
    total_layers += s.count;
    if (!(r.status = layer_group(s, at, g))) return r;
    r.value.layers.push_back(g);
  }
  if (total_layers > 10000) {
    r.status = Status::bad(
        "a model may have at most 10000 layers in all (got " + fmt_num(total_layers) + ")",
        "model.layers");
  }
  return r;
}

// The queries' checks and the refusals' words, here with the model's checks (compiled for size:
// they run once a call, where kv_memory.cpp's sizes run at every point of a curve).
Status too_large(const char* what) {
  return Status::bad(std::string(what) +
                     " is larger than 2^63 bytes: use fewer tokens, sessions or layers");
}

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

}  // namespace linattn
