// Capacity: the largest N whose reads still meet a tolerance, measured for each d. For one trial
// (the associations of (seed, trial), as in the sweep) it is the N before the first store whose
// mean read fails: mean cosine(read_j, v_j) >= level ('cosine'), or the fraction of top-1 recalls
// >= level ('recall'), for every store of 1..N associations. A trial that never fails up to nMax
// reports nMax (counted in `capped`). Comparisons allow 1e-9 for rounding, so level 1 means exact
// to 1e-9.
//
// Theory (random unit keys, additive rule): the mean cosine is about 1/sqrt(1 + (N-1)/d), which
// stays >= tau while N <= 1 + d (1/tau^2 - 1). Orthonormal keys read back exactly up to N = d, so
// their exact capacity (cosine, level 1) is d. Other cases have no closed form here: NaN.
//
// Cost: one incremental pass (incremental_trial.hpp) per trial and d, measuring every N and
// stopping at the first failure: O(C^2 (C + d)) for a capacity C, at most nMax^2 (nMax + d); the
// work budget counts the most, trials * sum over dims of nMax^2 (nMax + d) <= maxSweepWork.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "interference.hpp"
#include "status.hpp"
#include "trial_settings.hpp"

namespace linattn {

namespace limits {
inline constexpr int maxCapacityDims = 64;  // entries of dims
}  // namespace limits

enum class StoreCapacityMeasure { Cosine, Recall };

// The settings as they arrive (by name, from JS), not yet checked. beta is unused: the capacity
// has no spotlight.
struct StoreCapacityOptions : TrialSettings {
  std::vector<double> dims;        // each 1..maxSweepDim, at most maxCapacityDims of them
  std::string measure = "cosine";  // cosine | recall
  double level = 0.9;              // 0 < level <= 1
  double trials = 8;
  double n_max = 0;  // 0: per d, min(maxSweepN, max(16, 4 d))
};
// Checked: dims, the trial settings (check_trial_settings), measure, level, trials, nMax, then the
// budget.
struct StoreCapacityConfig : TrialSetup {
  std::vector<int> dims;   // each 1..maxSweepDim
  std::vector<int> n_max;  // per d: the largest N tried
  StoreCapacityMeasure measure = StoreCapacityMeasure::Cosine;
  double level = 0.9;
  int trials = 8;
};
Result<StoreCapacityConfig> make_capacity_config(const StoreCapacityOptions& o);

// Every vector is aligned with dims.
struct StoreCapacityResult {
  int trials = 0;  // how many trials the numbers are over (all of config.trials unless merged)
  std::vector<double> dims;
  std::vector<double> capacity_mean, capacity_std;  // over trials (sample standard deviation)
  std::vector<double> theory;                       // see above; NaN without a closed form
  std::vector<double> n_max;                        // the largest N tried at each d
  std::vector<double> capped;                       // trials that met the level up to n_max
};

// The capacity of one trial at dimension d (index into config.dims).
int trial_capacity(const StoreCapacityConfig& config, int dim_index, int trial);
StoreCapacityResult capacity(const StoreCapacityConfig& config);

// ---- splitting the trials over workers (as the sweep's, interference.hpp) ---------------------
// The capacities of trials first..first+count-1 at every d: values[i * count + t] is the capacity
// of trial first + t at dims[i].
Result<TrialsPart> capacity_trials(const StoreCapacityConfig& config, double first, double count);
// The result over the parts received so far, in any order (trials = how many they hold): bit for
// bit capacity(config) once every trial is in. Refuses a range outside 0..trials-1, an overlap,
// the wrong number of values, or a value that is not a whole number from 0 to nMax at its d.
Result<StoreCapacityResult> merge_capacity_trials(const StoreCapacityConfig& config,
                                                  const std::vector<TrialsPart>& parts);

}  // namespace linattn
