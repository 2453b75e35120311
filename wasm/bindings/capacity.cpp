// la.capacity, its checks and worker shares (capacity.hpp): the options read by name into
// StoreCapacityOptions.
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

val capacityObject(const StoreCapacityResult& r) {
  val o = val::object();
  o.set("trials", r.trials);
  o.set("dims", f64(r.dims));
  o.set("capacityMean", f64(r.capacity_mean));
  o.set("capacityStd", f64(r.capacity_std));
  o.set("theory", f64(r.theory));
  o.set("nMax", f64(r.n_max));
  o.set("capped", f64(r.capped));
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
