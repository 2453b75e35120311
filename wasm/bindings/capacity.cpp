// la.capacity, its checks and worker shares (capacity.hpp): the options read by name into
// StoreCapacityOptions.
#include <utility>
#include <vector>

#include "capacity.hpp"
#include "js.hpp"
#include "trials.hpp"

using namespace linattn;
using namespace linattn::js;

namespace {

// { dims, measure, level, trials, nMax, seed, keys, rule, gate, step }
Result<StoreCapacityConfig> capacity_config(const JsOptions& o) {
  StoreCapacityOptions s;
  read_trial_settings(o, s);
  s.dims = numbers_at(o, "dims");
  s.measure = string_at(o, "measure", s.measure);
  s.level = number_at(o, "level", s.level);
  s.trials = number_at(o, "trials", s.trials);
  s.n_max = number_at(o, "nMax", s.n_max);
  return make_capacity_config(s);
}

// The result's per-d columns, each a Float64Array under its JS name.
using CapacityColumn = std::pair<const char*, std::vector<double> StoreCapacityResult::*>;
constexpr CapacityColumn kCapacityColumns[] = {
    {"dims", &StoreCapacityResult::dims},
    {"capacityMean", &StoreCapacityResult::capacity_mean},
    {"capacityStd", &StoreCapacityResult::capacity_std},
    {"theory", &StoreCapacityResult::theory},
    {"nMax", &StoreCapacityResult::n_max},
    {"capped", &StoreCapacityResult::capped}};

val capacityObject(const StoreCapacityResult& r) {
  val o = val::object();
  o.set("trials", r.trials);
  for (const auto& [name, column] : kCapacityColumns) o.set(name, f64(r.*column));
  return o;
}

JsResult capacityOf(const JsOptions& opts) {
  return computed(capacity_config(opts), capacity, capacityObject);
}

// The capacity's checks alone: "" when capacity would accept these settings.
std::string checkCapacity(const JsOptions& opts) {
  return refusal_or_empty(capacity_config(opts).status);
}

// Trials range.first..first+count-1: { first, count, capacities } (dims-major).
JsResult capacityTrials(const JsOptions& opts, const JsOptions& range) {
  return trials_share(capacity_config(opts), range, capacity_trials, "capacities",
                      &TrialsPart::values);
}

// The capacity over the parts received so far (StoreCapacityResult), or the refusal.
JsResult mergeCapacityTrials(const JsOptions& opts, const val& parts) {
  return merge_shares(capacity_config(opts), parts, "capacities", merge_capacity_trials,
                      capacityObject);
}

}  // namespace

EMSCRIPTEN_BINDINGS(linattn_capacity) {
  using emscripten::function;
  function("capacity", &capacityOf);
  function("checkCapacity", &checkCapacity);
  function("capacityTrials", &capacityTrials);
  function("mergeCapacityTrials", &mergeCapacityTrials);
}
