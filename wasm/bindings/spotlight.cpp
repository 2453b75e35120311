// The spotlight's own module (build/wasm/linattn-spotlight.mjs, loaded by wasm/spotlight.mjs):
// spotlight (spotlight.hpp), the options read by name into SpotlightOptions, the reads out; its
// limits; and the allocator's bytes in use, for leak tests. Nothing else of the core is bound here,
// so the linker takes only what the spotlight reaches.
#include <malloc.h>

#include <utility>

#include "js.hpp"
#include "spotlight.hpp"

using namespace linattn;
using namespace linattn::js;

namespace {

// { n, d, features, beta, cosine, noise, seed, target, dtype }: absent ones at the core's defaults.
SpotlightOptions spotlight_options(const JsOptions& o) {
  SpotlightOptions s;
  read_fields(o, {{"n", s.n},
                  {"d", s.d},
                  {"features", s.features},
                  {"beta", s.beta},
                  {"cosine", s.cosine},
                  {"noise", s.noise},
                  {"seed", s.seed},
                  {"target", s.target},
                  {"dtype", s.dtype}});
  return s;
}

val readObject(const SpotlightRead& r) {
  val o = val::object();
  o.set("map", std::string(spotlight_map_name(r.map)));
  o.set("weights", f64(r.weights));
  o.set("empty", r.empty);
  o.set("targetWeight", r.target_weight);
  o.set("effectiveTokens", r.effective_tokens);
  o.set("readCosine", r.read_cosine);
  o.set("featureCount", r.feature_count);
  o.set("stateNumbers", r.state_numbers);
  o.set("stateBytes", r.state_bytes);
  return o;
}

JsResult spotlightOf(const JsOptions& opts) {
  auto cfg = make_spotlight_config(spotlight_options(opts));
  if (!cfg.status) return failure(cfg.status);
  const SpotlightResult r = spotlight(cfg.value);
  val o = val::object();
  o.set("n", r.n);
  o.set("d", r.d);
  o.set("target", r.target);
  o.set("scores", f64(r.scores));
  o.set("queryCosine", r.query_cosine);
  val reads = val::array();
  for (std::size_t i = 0; i < r.reads.size(); ++i) reads.set(i, readObject(r.reads[i]));
  o.set("reads", reads);
  return o;
}

// The spotlight's own limits (la.limits of this module), by their JS names.
constexpr std::pair<const char*, double> kLimits[] = {
    {"maxSpotlightN", limits::maxSpotlightN},
    {"maxSpotlightDim", limits::maxSpotlightDim},
    {"maxSpotlightFeatures", limits::maxSpotlightFeatures},
    {"maxSpotlightNoise", limits::maxSpotlightNoise}};

val limitsObject() {
  val o = val::object();
  for (const auto& [name, value] : kLimits) o.set(name, value);
  return o;
}

// Bytes the allocator has handed out and not taken back (this module's heap, not the main one's).
double heapBytesInUse() { return static_cast<double>(mallinfo().uordblks); }

}  // namespace

EMSCRIPTEN_BINDINGS(linattn_spotlight) {
  using emscripten::function;
  function("spotlight", &spotlightOf);
  function("limits", &limitsObject);
  function("heapBytesInUse", &heapBytesInUse);
}
