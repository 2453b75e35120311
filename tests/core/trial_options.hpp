// The interference calls' options (SweepOptions, StoreOptions, StoreCapacityOptions) for the
// tests: the fields a test varies, in a short call, the rest at the JS API's defaults.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "capacity.hpp"
#include "interference.hpp"

namespace linattn {

inline TrialSettings trial_settings(double seed, std::string keys, double beta,
                                    std::string rule = "add", double gate = 1, double step = 1) {
  TrialSettings s;
  s.seed = seed;
  s.keys = std::move(keys);
  s.beta = beta;
  s.rule = std::move(rule);
  s.gate = gate;
  s.step = step;
  return s;
}

inline SweepOptions sweep_options(double d, std::vector<double> ns, double trials,
                                  const TrialSettings& settings) {
  SweepOptions o;
  static_cast<TrialSettings&>(o) = settings;
  o.d = d;
  o.ns = std::move(ns);
  o.trials = trials;
  return o;
}

inline StoreOptions store_options(double d, double n, double trial, const TrialSettings& settings) {
  StoreOptions o;
  static_cast<TrialSettings&>(o) = settings;
  o.d = d;
  o.n = n;
  o.trial = trial;
  return o;
}

inline StoreCapacityOptions capacity_options(std::vector<double> dims, std::string measure,
                                             double level, double trials, double n_max,
                                             const TrialSettings& settings) {
  StoreCapacityOptions o;
  static_cast<TrialSettings&>(o) = settings;
  o.dims = std::move(dims);
  o.measure = std::move(measure);
  o.level = level;
  o.trials = trials;
  o.n_max = n_max;
  return o;
}

}  // namespace linattn
