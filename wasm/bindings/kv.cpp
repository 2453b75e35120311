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
std::size_t count_of(double n) { return n >= 0 && n <= 1 << 26 ? static_cast<std::size_t>(n) : 0; }
Result<Model> model_from(const std::vector<double>& x, const std::vector<std::string>& kinds) {
  ModelSpec spec;
  const std::size_t n = x.size() < 2 ? 0 : std::min(kinds.size(), (x.size() - 2) / kLayerFields);
  spec.params_given = x.size() >= 2 && x[0] == 1;
  spec.params = x.size() < 2 ? std::nan("") : x[1];
  for (std::size_t i = 0; i < n; ++i) {
    const double* f = x.data() + 2 + kLayerFields * i;
    LayerSpec s;
    s.kind = kinds[i];
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

double keep(Model&& m) {
  const double id = next_id++;
  held().emplace(id, std::move(m));
  return id;
}
// A model with a kind of another name (the core refuses it, quoting the name).
JsResult kvModelNew(const Float64Array& numbers_of_model, const val& kinds) {
  std::vector<std::string> names;
  const std::size_t n = kinds.isArray() ? kinds["length"].as<std::size_t>() : 0;
  for (std::size_t i = 0; i < n; ++i) {
    const val kind = kinds[i];
    names.push_back(kind.isString() ? kind.as<std::string>() : std::string());
  }
  auto m = model_from(numbers(numbers_of_model), names);
  if (!m.status) return failure(m.status);
  return val(keep(std::move(m.value)));
}
// A model whose kinds are known, over the flat wire: the input buffer holds its numbers (as above)
// and then the `groups` kinds as codes (0 attention, 1 mla, 2 linear, 3 ssm: wasm/api/kv-models.mjs
// KINDS). Its number, or -1 for a refusal.
double kv_model_new_wire(double groups) {
  const std::size_t n = count_of(groups);
  static const char* const names[] = {"attention", "mla", "linear", "ssm"};
  const std::vector<double> x = input_part(0, 2 + kLayerFields * n);
  std::vector<std::string> kinds;
  for (double c : input_part(x.size(), n))
    kinds.emplace_back(c >= 0 && c < 4 && c == static_cast<int>(c) ? names[static_cast<int>(c)]
                                                                   : "");
  auto m = model_from(x, kinds);
  return m.status ? keep(std::move(m.value)) : refuse(m.status);
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

// A curve: one result per context length of `tokens`, as columns (kv_batch.hpp, columns()). With
// `one` (la.kvMemory, la.kvCapacity: a single query) a refused length is named "tokens", as the
// one-query functions name it, not "tokens[0]". Over the flat wire (js.hpp): the input buffer
// holds the context lengths (kvMemoryCurve), or kvCapacity's seven query numbers and then the
// lengths (kvCapacityCurve); the answer is words.
constexpr std::size_t kCapacityQuery = 7;
double kv_memory_curve_wire(double id, double n, double sessions, double kv, double state,
                            double one) {
  auto m = model_at(id, "model");
  if (!m.status) return refuse(m.status);
  const std::vector<double> tokens = input_part(0, count_of(n));
  const Status st =
      kv_memory_columns(*m.value, kv_options(0, sessions, kv, state), tokens, words_room);
  if (!st) return refuse(one == 1 ? single(st) : st);
  return words_held();
}
double kv_capacity_curve_wire(double id, double n, double one) {
  auto m = model_at(id, "model");
  if (!m.status) return refuse(m.status);
  const CapacityOptions q = capacity_options(input_part(0, kCapacityQuery));
  const std::vector<double> tokens = input_part(kCapacityQuery, count_of(n));
  const Status st = kv_capacity_columns(*m.value, q, tokens, words_room);
  if (!st) return refuse(one == 1 ? single(st) : st);
  return words_held();
}

// The memory figure's view (kv_batch.hpp): its words (pack(), each curve with the columns asked
// for), over the flat wire: the input buffer holds kvCapacity's query, whether the crossover is
// wanted (0 or 1), the curves' fields (kv_batch.hpp, curve_fields), then the curve's n context
// lengths. reference and original: model numbers, or 0 for none. The capacity's and the
// crossover's own refusals wait in view_refusals() (kvViewRefusals; wasm/api/kv.mjs asks only
// when la_kv_view_refused() says there is one).
constexpr char kViewRefusalsApart = '\x02';  // in neither a field nor a message (wire.hpp)
std::string (&view_refusals())[2] {
  static std::string texts[2];
  return texts;
}
double kv_view_wire(double id, double reference, double original, double n) {
  auto m = model_at(id, "model");
  if (!m.status) return refuse(m.status);
  const Model* models[2] = {nullptr, nullptr};
  const std::pair<double, const char*> others[2] = {{reference, "reference"},
                                                    {original, "original"}};
  for (int i = 0; i < 2; ++i) {
    if (others[i].first == 0) continue;
    auto o = model_at(others[i].first, others[i].second);
    if (!o.status) return refuse(o.status);
    models[i] = o.value;
  }
  KvViewOptions o;
  const std::vector<double> q = input_part(0, kCapacityQuery + 2);
  o.query = capacity_options(q);
  o.crossover = q.size() > kCapacityQuery && q[kCapacityQuery] == 1;
  o.curve_fields = q.size() > kCapacityQuery + 1 ? q[kCapacityQuery + 1] : std::nan("");
  o.curve = input_part(kCapacityQuery + 2, count_of(n));
  auto r = kv_view_packed(*m.value, models[0], models[1], o, words_room);
  if (!r.status) return refuse(r.status);
  view_refusals()[0] = refusal_or_empty(r.value.capacity_status);
  view_refusals()[1] = refusal_or_empty(r.value.crossover_status);
  return words_held();
}
// The last view's capacity and crossover refusals, each "" or the refusal, as one text with
// kViewRefusalsApart between them (taken, not kept).
std::string kvViewRefusals() {
  std::string text = view_refusals()[0] + kViewRefusalsApart + view_refusals()[1];
  for (std::string& t : view_refusals()) std::string().swap(t);
  return text;
}

// kvCrossover over the flat wire: stateBytes as its high and low 32-bit halves (2^63 does not fit
// a double); NaN for a refusal (its text in wireRefusal).
double kv_crossover_wire(double id, double kv, double high, double low) {
  auto m = model_at(id, "model");
  if (!m.status) return refuse(m.status), std::nan("");
  auto k = parse_dtype("kvDtype", dtype_name(kv));
  if (!k.status) return refuse(k.status), std::nan("");
  auto sb = wire::from_halves("stateBytes", high, low);
  if (!sb.status) return refuse(sb.status), std::nan("");
  auto r = kv_crossover(*m.value, k.value, sb.value);
  if (!r.status) return refuse(r.status), std::nan("");
  return static_cast<double>(r.value);  // -1 or at most limits::maxTokens: exact
}

}  // namespace

extern "C" {
EMSCRIPTEN_KEEPALIVE double la_kv_model_new(double groups) { return kv_model_new_wire(groups); }
EMSCRIPTEN_KEEPALIVE double la_kv_memory_curve(double id, double n, double sessions, double kv,
                                               double state, double one) {
  return kv_memory_curve_wire(id, n, sessions, kv, state, one);
}
EMSCRIPTEN_KEEPALIVE double la_kv_capacity_curve(double id, double n, double one) {
  return kv_capacity_curve_wire(id, n, one);
}
EMSCRIPTEN_KEEPALIVE double la_kv_view(double id, double reference, double original, double n) {
  return kv_view_wire(id, reference, original, n);
}
EMSCRIPTEN_KEEPALIVE int la_kv_view_refused() {
  return !view_refusals()[0].empty() || !view_refusals()[1].empty();
}
EMSCRIPTEN_KEEPALIVE double la_kv_crossover(double id, double kv, double high, double low) {
  return kv_crossover_wire(id, kv, high, low);
}
}

EMSCRIPTEN_BINDINGS(linattn_kv) {
  using emscripten::function;
  function("kvModelNew", &kvModelNew);
  function("kvModelFree", &kvModelFree);
  function("kvModelsHeld", &kvModelsHeld);
  function("dtypeRefusal", &dtypeRefusal);
  function("kvViewRefusals", &kvViewRefusals);
}
