#include "capacity.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "incremental_trial.hpp"

namespace linattn {

namespace {
constexpr double kSlack = 1e-9;  // rounding allowance of "meets the level"

int default_n_max(int d) { return std::min(limits::maxSweepN, std::max(16, 4 * d)); }
}  // namespace

Result<StoreCapacityConfig> make_capacity_config(const StoreCapacityOptions& o) {
  Result<StoreCapacityConfig> r;
  const std::vector<double>& dims = o.dims;
  const std::string& measure = o.measure;
  const double level = o.level, trials = o.trials, n_max = o.n_max;
  if (dims.empty() || dims.size() > static_cast<std::size_t>(limits::maxCapacityDims)) {
    r.status = Status::bad("dims must hold from 1 to " + std::to_string(limits::maxCapacityDims) +
                               " values (got " + std::to_string(dims.size()) + ")",
                           "dims");
    return r;
  }
  for (std::size_t i = 0; i < dims.size(); ++i) {
    const std::string name = "dims[" + std::to_string(i) + "]";
    if (!(r.status = check_int(name, dims[i], 1, limits::maxSweepDim))) return r;
  }
  auto setup = check_trial_settings(o);
  if (!(r.status = setup.status)) return r;
  if (measure != "cosine" && measure != "recall") {
    r.status = Status::bad(
        "measure must be 'cosine' or 'recall' (got '" + measure.substr(0, 40) + "')", "measure");
    return r;
  }
  if (!(r.status = check_real("level", level, 0, 1))) return r;
  if (level <= 0) {
    r.status = Status::bad("level must be greater than 0 and at most 1 (got 0)", "level");
    return r;
  }
  if (!(r.status = check_int("trials", trials, 1, limits::maxSweepTrials))) return r;
  if (!(r.status = check_int("nMax", n_max, 0, limits::maxSweepN))) return r;

  StoreCapacityConfig& c = r.value;
  static_cast<TrialSetup&>(c) = setup.value;
  double work = 0;
  for (double d : dims) {
    const int n = n_max > 0 ? static_cast<int>(n_max) : default_n_max(static_cast<int>(d));
    c.dims.push_back(static_cast<int>(d));
    c.n_max.push_back(n);
    work += trials * n * n * (n + d);
  }
  if (work > static_cast<double>(limits::maxSweepWork)) {
    r.status = Status::bad("trials * sum over dims of nMax^2 * (nMax + d) must be at most " +
                           fmt_num(static_cast<double>(limits::maxSweepWork)) + " (got " +
                           fmt_num(work) + "): use fewer trials, fewer dims or a smaller nMax");
    return r;
  }
  c.measure = measure == "recall" ? StoreCapacityMeasure::Recall : StoreCapacityMeasure::Cosine;
  c.level = level;
  c.trials = static_cast<int>(trials);
  return r;
}

int trial_capacity(const StoreCapacityConfig& config, int dim_index, int trial) {
  const int d = config.dims[dim_index], n_max = config.n_max[dim_index];
  IncrementalTrial store(d, n_max, config, trial, false);
  while (store.size() < n_max) {
    TrialMeans s;
    store.add(&s);
    const double got = config.measure == StoreCapacityMeasure::Cosine ? s.cosine : s.recall;
    if (!(got >= config.level - kSlack)) return store.size() - 1;
  }
  return n_max;
}

namespace {

// The result from caps[dim index][k], k in trial order (capacity() and the merge both end here).
StoreCapacityResult summarize(const StoreCapacityConfig& config,
                              const std::vector<std::vector<double>>& caps, int T) {
  StoreCapacityResult out;
  out.trials = T;
  for (std::size_t i = 0; i < config.dims.size(); ++i) {
    const double d = config.dims[i];
    double sum = 0, capped = 0;
    for (int t = 0; t < T; ++t) {
      sum += caps[i][t];
      capped += caps[i][t] == config.n_max[i] ? 1 : 0;
    }
    const double mean = T > 0 ? sum / T : std::numeric_limits<double>::quiet_NaN();
    double ss = 0;
    for (int t = 0; t < T; ++t) ss += (caps[i][t] - mean) * (caps[i][t] - mean);
    double theory = std::numeric_limits<double>::quiet_NaN();
    if (config.rule.plain() && config.measure == StoreCapacityMeasure::Cosine) {
      const double tau = config.level;
      if (config.keys == KeyGeometry::Random) theory = 1 + d * (1 / (tau * tau) - 1);
      if (config.keys == KeyGeometry::Orthogonal && tau == 1) theory = d;
    }
    out.dims.push_back(d);
    out.capacity_mean.push_back(mean);
    out.capacity_std.push_back(T > 1 ? std::sqrt(ss / (T - 1)) : 0.0);
    out.theory.push_back(theory);
    out.n_max.push_back(config.n_max[i]);
    out.capped.push_back(capped);
  }
  return out;
}

}  // namespace

StoreCapacityResult capacity(const StoreCapacityConfig& config) {
  const int T = config.trials;
  std::vector<std::vector<double>> caps(config.dims.size(), std::vector<double>(T));
  for (std::size_t i = 0; i < config.dims.size(); ++i) {
    for (int t = 0; t < T; ++t) caps[i][t] = trial_capacity(config, static_cast<int>(i), t);
  }
  return summarize(config, caps, T);
}

Result<TrialsPart> capacity_trials(const StoreCapacityConfig& config, double first, double count) {
  Result<TrialsPart> r;
  if (!(r.status = check_trial_range(config.trials, first, count))) return r;
  r.value.first = first;
  r.value.count = count;
  const int f = static_cast<int>(first), c = static_cast<int>(count);
  for (std::size_t i = 0; i < config.dims.size(); ++i) {
    for (int t = f; t < f + c; ++t) {
      r.value.values.push_back(trial_capacity(config, static_cast<int>(i), t));
    }
  }
  return r;
}

Result<StoreCapacityResult> merge_capacity_trials(const StoreCapacityConfig& config,
                                                  const std::vector<TrialsPart>& parts) {
  Result<StoreCapacityResult> r;
  const int T = config.trials;
  const std::size_t n_dims = config.dims.size();
  const auto owners =
      trial_owners(T, parts, n_dims, "capacities", "count * dims.length",
                   [&](const std::string& at, std::size_t p, std::size_t k) {
                     const std::size_t count = static_cast<std::size_t>(parts[p].count);
                     return check_int(at + ".capacities[" + std::to_string(k) + "]",
                                      parts[p].values[k], 0, config.n_max[k / count]);
                   });
  if (!(r.status = owners.status)) return r;
  const std::vector<int>& owner = owners.value;
  std::vector<std::vector<double>> caps(n_dims);
  int have = 0;
  for (int t = 0; t < T; ++t) {  // trial order, as capacity() sums them
    if (owner[t] < 0) continue;
    const TrialsPart& part = parts[owner[t]];
    const int first = static_cast<int>(part.first), count = static_cast<int>(part.count);
    for (std::size_t i = 0; i < n_dims; ++i)
      caps[i].push_back(part.values[i * count + (t - first)]);
    ++have;
  }
  r.value = summarize(config, caps, have);
  return r;
}

}  // namespace linattn
