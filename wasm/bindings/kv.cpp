// The KV calculator (kv_memory.hpp, kv_batch.hpp): la.kvMemory, la.kvCapacity, la.kvCrossover,
// their curves and the memory figure's view (la.kvView). A model's layer groups arrive once as flat
// numbers, are checked by make_model and kept here behind a number (wasm/api/kv.mjs keeps
// the numbers of the few models in use, by content, and frees the rest); a query arrives as plain
// numbers, its number formats as codes (the order of kDtypeNames). Byte counts leave as unsigned
// 64-bit words (js.hpp, u64_words), refusals as text (wire.hpp).
#include <algorithm>
#include <cmath>
#include <iterator>
#include <map>
#include <utility>
#include <vector>

#include "js.hpp"
#include "kv_batch.hpp"
#include "kv_memory.hpp"

using namespace linattn;
using namespace linattn::js;

namespace {

// A model as flat numbers: whether params is given (1 or 0: absent, the weights are not known),
// params, then each layer group's kLayerFields numbers in the order of
// wasm/api/kv-models.mjs LAYER_FIELDS (absent: NaN, which the core refuses by the field's name
// where a kind needs it, or 0 for window, chunk, convKernel and convChannels: none), and the
// groups' kinds as an array of strings. Read by index, not by name: far less code than reading
// objects field by field: the layer's numbers, in that order, are kLayerNumbers.
constexpr double LayerSpec::*kLayerNumbers[] = {
    &LayerSpec::count,     &LayerSpec::kv_heads,    &LayerSpec::head_dim,
    &LayerSpec::window,    &LayerSpec::chunk,       &LayerSpec::latent_dim,
    &LayerSpec::heads,     &LayerSpec::key_dim,     &LayerSpec::value_dim,
    &LayerSpec::state_dim, &LayerSpec::conv_kernel, &LayerSpec::conv_channels};
constexpr std::size_t kLayerFields = std::size(kLayerNumbers);
Result<Model> model_from(const std::vector<double>& x, const val& kinds) {
  ModelSpec spec;
  const std::size_t given = kinds.isArray() ? kinds["length"].as<std::size_t>() : 0;
  const std::size_t n = x.size() < 2 ? 0 : std::min(given, (x.size() - 2) / kLayerFields);
  spec.params_given = x.size() >= 2 && x[0] == 1;
  spec.params = x.size() < 2 ? std::nan("") : x[1];
  for (std::size_t i = 0; i < n; ++i) {
    const double* f = x.data() + 2 + kLayerFields * i;
    const val kind = kinds[i];
    LayerSpec s;
    s.kind = kind.isString() ? kind.as<std::string>() : std::string();
    for (std::size_t k = 0; k < kLayerFields; ++k) s.*kLayerNumbers[k] = f[k];
    spec.layers.push_back(s);
  }
  return make_model(spec);
}

// The models the core holds, by number.
std::map<double, Model>& held() {
  static std::map<double, Model> models;
  return models;
}
double next_id = 1;

// A number from kvModelNew not freed since, or the refusal naming `field`.
Result<const Model*> model_at(double id, const char* field) {
  auto it = held().find(id);
  if (it == held().end())
    return {
        Status::bad(std::string(field) + " is not held by the core (freed, or never made)", field),
        nullptr};
  return {Status::good(), &it->second};
}

JsResult kvModelNew(const Float64Array& numbers_of_model, const val& kinds) {
  auto m = model_from(numbers(numbers_of_model), kinds);
  if (!m.status) return failure(m.status);
  const double id = next_id++;
  held().emplace(id, std::move(m.value));
  return val(id);
}
void kvModelFree(double id) { held().erase(id); }
double kvModelsHeld() { return static_cast<double>(held().size()); }

// Number formats by code (wasm/api/kv.mjs DTYPES, same order); any other code reads as "", which
// parse_dtype refuses by the field's name (wasm/api/kv.mjs then asks dtypeRefusal for the
// message naming the reader's text).
const char* dtype_name(double code) {
  static const char* const names[] = {"fp32", "bf16", "fp16", "fp8", "int8", "int4"};
  const bool ok = code >= 0 && code < 6 && code == static_cast<int>(code);
  return ok ? names[static_cast<int>(code)] : "";
}
std::string dtypeRefusal(const std::string& field, const std::string& name) {
  return refusal_or_empty(parse_dtype(field.c_str(), name).status);
}

// A one-query curve's refusal as the one-query functions word it: "tokens[0]" -> "tokens".
Status single(Status st) {
  static const std::string at0 = "tokens[0]";
  if (st.field == at0) {
    st.field = "tokens";
    if (st.message.compare(0, at0.size(), at0) == 0)
      st.message = "tokens" + st.message.substr(at0.size());
  }
  return st;
}

KvOptions kv_options(double tokens, double sessions, double kv, double state) {
  KvOptions q;
  q.tokens = tokens;
  q.sessions = sessions;
  q.kv_dtype = dtype_name(kv);
  q.state_dtype = dtype_name(state);
  return q;
}
// query: tokens, sessions, kvDtype, stateDtype, gpuBytes, weightDtype, tp (codes for the formats).
CapacityOptions capacity_options(const std::vector<double>& query) {
  CapacityOptions c;
  const auto at = [&](std::size_t i) { return i < query.size() ? query[i] : std::nan(""); };
  c.kv = kv_options(at(0), at(1), at(2), at(3));
  c.gpu_bytes = at(4);
  c.weight_dtype = dtype_name(at(5));
  c.tp = at(6);
  return c;
}

// stateBytes arrives as decimal text (wasm/api/kv.mjs turns the BigInt or number into it).
JsResult kvCrossover(double id, double kv, const std::string& state_bytes) {
  auto m = model_at(id, "model");
  if (!m.status) return failure(m.status);
  auto k = parse_dtype("kvDtype", dtype_name(kv));
  if (!k.status) return failure(k.status);
  auto sb = wire::parse_uint63("stateBytes", state_bytes);
  if (!sb.status) return failure(sb.status);
  auto r = kv_crossover(*m.value, k.value, sb.value);
  if (!r.status) return failure(r.status);
  return val(static_cast<double>(r.value));  // -1 or at most limits::maxTokens: exact
}

// A curve: one result per context length of `tokens`, as columns (kv_batch.hpp, columns()). With
// `one` (la.kvMemory, la.kvCapacity: a single query) a refused length is named "tokens", as the
// one-query functions name it, not "tokens[0]".
JsResult kvMemoryCurve(double id, const Float64Array& tokens, double sessions, double kv,
                       double state, bool one) {
  auto m = model_at(id, "model");
  if (!m.status) return failure(m.status);
  auto r = kv_memory_curve(*m.value, kv_options(0, sessions, kv, state), numbers(tokens));
  if (!r.status) return failure(one ? single(r.status) : r.status);
  return u64_words(columns(r.value));
}
JsResult kvCapacityCurve(double id, const Float64Array& tokens, const Float64Array& query,
                         bool one) {
  auto m = model_at(id, "model");
  if (!m.status) return failure(m.status);
  auto r = kv_capacity_curve(*m.value, capacity_options(numbers(query)), numbers(tokens));
  if (!r.status) return failure(one ? single(r.status) : r.status);
  return u64_words(columns(r.value));
}

// The memory figure's view (kv_batch.hpp): { words: pack(), capacityRefusal and crossoverRefusal:
// "" or the refusal }.
// reference and original: model numbers, or 0 for none; query as kvCapacity's, then whether the
// crossover is wanted (0 or 1).
JsResult kvView(double id, double reference, double original, const Float64Array& query,
                const Float64Array& curve) {
  auto m = model_at(id, "model");
  if (!m.status) return failure(m.status);
  const Model* models[2] = {nullptr, nullptr};
  const std::pair<double, const char*> others[2] = {{reference, "reference"},
                                                    {original, "original"}};
  for (int i = 0; i < 2; ++i) {
    if (others[i].first == 0) continue;
    auto o = model_at(others[i].first, others[i].second);
    if (!o.status) return failure(o.status);
    models[i] = o.value;
  }
  KvViewOptions o;
  const std::vector<double> q = numbers(query);
  o.query = capacity_options(q);
  o.crossover = q.size() > 7 && q[7] == 1;
  o.curve = numbers(curve);
  auto r = kv_view(*m.value, models[0], models[1], o);
  if (!r.status) return failure(r.status);
  val out = val::object();
  out.set("words", u64_words(pack(r.value)));
  out.set("capacityRefusal", refusal_or_empty(r.value.capacity_status));
  out.set("crossoverRefusal", refusal_or_empty(r.value.crossover_status));
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(linattn_kv) {
  using emscripten::function;
  function("kvModelNew", &kvModelNew);
  function("kvModelFree", &kvModelFree);
  function("kvModelsHeld", &kvModelsHeld);
  function("dtypeRefusal", &dtypeRefusal);
  function("kvCrossover", &kvCrossover);
  function("kvMemoryCurve", &kvMemoryCurve);
  function("kvCapacityCurve", &kvCapacityCurve);
  function("kvView", &kvView);
}
