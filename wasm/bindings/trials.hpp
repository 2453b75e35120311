// What the sweep, the store and the capacity bindings share: the trial settings read by name
// (TrialSettings, trial_settings.hpp) and the parts of a computation split over workers.
#pragma once
#include <vector>

#include "interference.hpp"
#include "js.hpp"

namespace linattn::js {

// seed, beta, keys, rule, gate, step: absent ones at the core's defaults.
inline void read_trial_settings(const JsOptions& o, TrialSettings& s) {
  read_fields(o, {{"seed", s.seed},
                  {"beta", s.beta},
                  {"keys", s.keys},
                  {"rule", s.rule},
                  {"gate", s.gate},
                  {"step", s.step}});
}

// Parts as wasm/api/ passes them: an array of { first, count, <values> } (checked for type
// there); the core checks the ranges and the numbers. More entries than any sweep has trials are
// refused here, before reading them.
inline Result<std::vector<TrialsPart>> trials_parts(const val& parts, const char* values) {
  Result<std::vector<TrialsPart>> r;
  const double n = parts.isArray() ? parts["length"].as<double>() : -1;
  if (!(r.status = check_int("parts.length", n, 0, limits::maxSweepTrials))) return r;
  for (int i = 0; i < static_cast<int>(n); ++i) {
    const val part = parts[i];
    r.value.push_back({number_at(part, "first", std::nan("")),
                       number_at(part, "count", std::nan("")), numbers_at(part, values)});
  }
  return r;
}

// A share of a computation's trials, { first, count } (the core checks the range).
struct TrialRange {
  double first, count;
};
inline TrialRange trial_range(const JsOptions& range) {
  return {number_at(range, "first", std::nan("")), number_at(range, "count", std::nan(""))};
}

// A whole computation from its checked config, `to_js(compute(config))`, or the refusal.
template <class Config, class Compute, class ToJs>
JsResult computed(const Result<Config>& cfg, Compute compute, ToJs to_js) {
  return cfg.status ? to_js(compute(cfg.value)) : failure(cfg.status);
}

// A worker's share of a computation (the sweep's, the capacity's): trials
// range.first..first+count-1, computed by `share(config, first, count)`, whose result's `values`
// member (`records`, `values`) goes out under the name `values`; or the refusal.
template <class Config, class Share, class Values>
JsResult trials_share(const Result<Config>& cfg, const JsOptions& range, Share share,
                      const char* values, Values member) {
  if (!cfg.status) return failure(cfg.status);
  const TrialRange r = trial_range(range);
  auto s = share(cfg.value, r.first, r.count);
  if (!s.status) return failure(s.status);
  val o = val::object();
  o.set("first", s.value.first);
  o.set("count", s.value.count);
  o.set(values, f64(s.value.*member));
  return o;
}

// The computation over the shares received so far (`merge(config, parts)`, drawn as `to_js`
// draws the whole), or the refusal. `values`: what each part's numbers are called.
template <class Config, class Merge, class ToJs>
JsResult merge_shares(const Result<Config>& cfg, const val& parts, const char* values, Merge merge,
                      ToJs to_js) {
  if (!cfg.status) return failure(cfg.status);
  auto p = trials_parts(parts, values);
  if (!p.status) return failure(p.status);
  auto r = merge(cfg.value, p.value);
  return r.status ? to_js(r.value) : failure(r.status);
}

}  // namespace linattn::js
