// What the sweep, the store and the capacity bindings share: the trial settings read by name
// (TrialSettings, trial_settings.hpp) and the parts of a computation split over workers.
#pragma once
#include <vector>

#include "interference.hpp"
#include "js.hpp"

namespace linattn::js {

// seed, beta, keys, rule, gate, step: absent ones at the core's defaults.
inline void read_trial_settings(const JsOptions& o, TrialSettings& s) {
  s.seed = number_at(o, "seed", s.seed);
  s.beta = number_at(o, "beta", s.beta);
  s.keys = string_at(o, "keys", s.keys);
  s.rule = string_at(o, "rule", s.rule);
  s.gate = number_at(o, "gate", s.gate);
  s.step = number_at(o, "step", s.step);
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

}  // namespace linattn::js
