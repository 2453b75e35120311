// The settings every trial of the interference calls shares (the sweep, a single store, the
// capacity search, and their streams): which associations are drawn (seed, keys), how the linear
// store is written (rule, gate, step) and how sharp the softmax spotlight is (beta). One check
// serves them all, so every call refuses a bad setting with the same message.
#pragma once
#include <cstdint>
#include <string>

#include "associations.hpp"
#include "status.hpp"
#include "update_rule.hpp"

namespace linattn {

// As they arrive from outside (the JS options, by name), not yet checked. The defaults are the JS
// API's (wasm/index.d.mts).
struct TrialSettings {
  double seed = 1;              // a whole number from 0 to 2^32 - 1
  double beta = 8;              // the spotlight's sharpness, 0..maxBeta
  std::string keys = "random";  // random | orthogonal | elu1
  std::string rule = "add";     // add | delta (update_rule.hpp)
  double gate = 1;              // forget gate alpha, 0 < gate <= 1
  double step = 1;              // the delta rule's beta, 0 < step <= 2
};

// The same, checked: what each trial is drawn and written with.
struct TrialSetup {
  std::uint64_t seed = 1;
  KeyGeometry keys = KeyGeometry::Random;
  double beta = 8.0;  // the spotlight's sharpness
  UpdateRule rule;    // how the linear store is written (default: S <- S + k v^T)
};

// Checks seed, beta, keys, then the rule (rule, gate, step), and refuses the first bad one with the
// message every call shares.
Result<TrialSetup> check_trial_settings(const TrialSettings& s);

}  // namespace linattn
