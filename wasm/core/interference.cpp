#include "interference.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <utility>

#include "incremental_trial.hpp"

namespace linattn {

Result<SweepConfig> make_sweep_config(const SweepOptions& o) {
  Result<SweepConfig> r;
  const double d = o.d, trials = o.trials;
  const std::vector<double>& ns = o.ns;
  if (!(r.status = check_int("d", d, 1, limits::maxSweepDim))) return r;
  if (!(r.status = check_int("trials", trials, 1, limits::maxSweepTrials))) return r;
  auto setup = check_trial_settings(o);
  if (!(r.status = setup.status)) return r;
  if (ns.empty() || ns.size() > static_cast<std::size_t>(limits::maxSweepN)) {
    r.status = Status::bad("ns must hold from 1 to " + std::to_string(limits::maxSweepN) +
                           " values (got " + std::to_string(ns.size()) + ")");
    return r;
  }
  double prev = 0;
  for (std::size_t i = 0; i < ns.size(); ++i) {
    const std::string name = "ns[" + std::to_string(i) + "]";
    if (!(r.status = check_int(name, ns[i], 1, limits::maxSweepN))) return r;
    if (ns[i] <= prev) {
      r.status = Status::bad("ns must be strictly ascending (ns[" + std::to_string(i) +
                             "] = " + fmt_num(ns[i]) + " follows " + fmt_num(prev) + ")");
      return r;
    }
    prev = ns[i];
  }
  const double n_max = ns.back();
  const double work = trials * n_max * n_max * (n_max + d);
  if (work > static_cast<double>(limits::maxSweepWork)) {
    r.status = Status::bad("trials * N^2 * (N + d) must be at most " +
                           fmt_num(static_cast<double>(limits::maxSweepWork)) + " (got " +
                           fmt_num(work) + "): use fewer trials or a smaller N");
    return r;
  }
  static_cast<TrialSetup&>(r.value) = setup.value;
  r.value.d = static_cast<int>(d);
  r.value.ns.assign(ns.begin(), ns.end());
  r.value.trials = static_cast<int>(trials);
  return r;
}

namespace {

void mean_std(const std::vector<double>& xs, double& mean, double& sd) {
  double sum = 0;
  for (double x : xs) sum += x;
  mean = sum / xs.size();
  if (std::isinf(mean)) {  // crosstalk of a target faded to nothing (gated rules)
    sd = mean;
    return;
  }
  double ss = 0;
  for (double x : xs) ss += (x - mean) * (x - mean);
  sd = xs.size() > 1 ? std::sqrt(ss / (xs.size() - 1)) : 0.0;
}

}  // namespace

// One trial, a short piece per step: first its associations are drawn, one per step (a d = 256,
// N = 1,024 trial draws half a million normals: tens of milliseconds in one piece), then the store
// is set up (one step), then it gets a block of associations per step; the means at each N of ns
// are kept as they are measured. The draws are make_associations', so the numbers do not depend on
// the steps.
class TrialRun {
 public:
  TrialRun(const SweepConfig& cfg, int trial)
      : cfg_(cfg), draws_(cfg.d, cfg.ns.back(), cfg.seed, trial, cfg.keys) {
    samples_.reserve(cfg.ns.size());
  }
  bool done() const { return samples_.size() == cfg_.ns.size(); }
  // Draws the next association, sets up the store once all are drawn, or adds the next block of
  // associations (measuring the store at each size in ns); returns the step's cost.
  double step() {
    if (!draws_.done()) return draws_.next();
    if (!store_) {
      store_.emplace(draws_.take(), cfg_, true);
      return setup_cost(cfg_);
    }
    // A block of associations at once (IncrementalTrial::add_many), each measured when its size
    // is in ns.
    const int n = store_->size();
    const int count = std::min(IncrementalTrial::kMaxBlock, cfg_.ns.back() - n);
    TrialMeans got[IncrementalTrial::kMaxBlock];
    TrialMeans* outs[IncrementalTrial::kMaxBlock] = {};
    std::size_t next = samples_.size();
    double cost = 0;
    for (int k = 0; k < count; ++k) {
      const bool report = next < cfg_.ns.size() && n + k + 1 == cfg_.ns[next];
      outs[k] = report ? &got[k] : nullptr;
      next += report ? 1 : 0;
      cost += static_cast<double>(n + k) * (n + k + cfg_.d);
    }
    store_->add_many(count, outs);
    for (int k = 0; k < count; ++k) {
      if (outs[k]) samples_.push_back(got[k]);
    }
    return cost;
  }
  // Setting up the store, a step of its own: allocating and zeroing its two n_max x n_max and
  // up to three n_max x d matrices (about 13 ms natively at d = 256, N = 1,024; memory touched
  // for the first time costs more than a multiply-add per number).
  static double setup_cost(const SweepConfig& cfg) {
    const double n_max = cfg.ns.back();
    return 2 * n_max * (n_max + cfg.d);
  }
  const std::vector<TrialMeans>& samples() const { return samples_; }  // [ns index]

 private:
  const SweepConfig& cfg_;
  AssociationDraws draws_;
  std::optional<IncrementalTrial> store_;  // once the associations are drawn
  std::vector<TrialMeans> samples_;
};

namespace {

std::vector<TrialMeans> run_whole_trial(const SweepConfig& cfg, int trial) {
  TrialRun run(cfg, trial);
  while (!run.done()) run.step();
  return run.samples();
}

// The summary of per-trial means samples[ns index][k], k in trial order (SweepStream and the
// merge both end here, so their numbers are the same).
SweepResult summarize(const SweepConfig& cfg, const std::vector<std::vector<TrialMeans>>& samples,
                      int trials) {
  const int d = cfg.d, n_ns = trials > 0 ? static_cast<int>(cfg.ns.size()) : 0;
  SweepResult out;
  out.trials = trials;
  for_each_series(out, [&](const char*, std::vector<double>& v) { v.assign(n_ns, 0.0); });
  std::vector<double> xs(trials);
  auto stat = [&](int i, double TrialMeans::*field, double& mean, double& sd) {
    for (int t = 0; t < trials; ++t) xs[t] = samples[i][t].*field;
    mean_std(xs, mean, sd);
  };
  for (int i = 0; i < n_ns; ++i) {
    const double N = cfg.ns[i];
    out.ns[i] = N;
    stat(i, &TrialMeans::cosine, out.cosine_mean[i], out.cosine_std[i]);
    stat(i, &TrialMeans::rel_error, out.rel_error_mean[i], out.rel_error_std[i]);
    stat(i, &TrialMeans::crosstalk, out.crosstalk_mean[i], out.crosstalk_std[i]);
    stat(i, &TrialMeans::recall, out.recall_mean[i], out.recall_std[i]);
    stat(i, &TrialMeans::softmax_cosine, out.softmax_cosine_mean[i], out.softmax_cosine_std[i]);
    stat(i, &TrialMeans::softmax_recall, out.softmax_recall_mean[i], out.softmax_recall_std[i]);
    double miss_sd = 0;
    stat(i, &TrialMeans::miss, out.miss_mean[i], miss_sd);
    out.theory_crosstalk[i] = (N - 1) / d;
    out.theory_cosine[i] = 1.0 / std::sqrt(1.0 + (N - 1) / d);
    out.state_numbers[i] = 1.0 * d * d;
    out.cache_numbers[i] = N * (d + d);
  }
  return out;
}

// A record's fields, in TrialMeans order (kTrialFields of them).
constexpr double TrialMeans::*kFields[kTrialFields] = {
    &TrialMeans::cosine, &TrialMeans::rel_error,      &TrialMeans::crosstalk,
    &TrialMeans::recall, &TrialMeans::softmax_cosine, &TrialMeans::softmax_recall,
    &TrialMeans::miss};
constexpr const char* kFieldNames[kTrialFields] = {
    "cosine", "relError", "crosstalk", "recall", "softmaxCosine", "softmaxRecall", "miss"};

// Can a trial's mean have this value? Counts are in 0..1, errors are >= 0 and finite, cosines are
// finite, crosstalk may be +Infinity (a target faded to nothing) or a rounding below 0; nothing is
// NaN.
bool plausible(int field, double x) {
  if (std::isnan(x)) return false;
  switch (field) {
    case 3:
    case 5:
    case 6:
      return x >= 0 && x <= 1;  // recall, softmax_recall, miss
    case 1:
      return x >= 0 && std::isfinite(x);  // rel_error
    case 2:
      return x > -1;  // crosstalk
    default:
      return std::isfinite(x);  // cosines
  }
}

}  // namespace

SweepStream::SweepStream(SweepConfig config)
    : config_(std::move(config)), samples_(config_.ns.size()) {
  for (auto& per_n : samples_) per_n.reserve(config_.trials);
}

SweepStream::~SweepStream() = default;

int SweepStream::run(int max_trials) {
  const int todo = std::min(std::max(max_trials, 1), config_.trials - done_);
  int finished = 0;
  while (finished < todo)
    finished += advance(std::numeric_limits<double>::infinity(), todo - finished);
  return finished;
}

int SweepStream::advance(double work, int max_trials) {
  int finished = 0;
  double spent = 0;
  while (done_ < config_.trials && finished < std::max(max_trials, 1) &&
         (spent == 0 || spent < work)) {
    if (!current_) current_ = std::make_unique<TrialRun>(config_, done_);
    const double cost = std::max(current_->step(), 1.0);
    spent += cost;
    work_done_ += cost;
    if (current_->done()) {
      const auto& s = current_->samples();
      for (std::size_t i = 0; i < s.size(); ++i) samples_[i].push_back(s[i]);
      current_.reset();
      ++done_;
      ++finished;
    }
  }
  return finished;
}

SweepResult SweepStream::result() const { return summarize(config_, samples_, done_); }

double sweep_trial_work(const SweepConfig& config) {
  const double n_max = config.ns.back();
  return n_max * n_max * (n_max + config.d);
}

SweepResult interference_sweep(const SweepConfig& config) {
  SweepStream stream(config);
  stream.run(config.trials);
  return stream.result();
}

Status check_trial_range(int trials, double first, double count) {
  Status st = check_int("first", first, 0, trials - 1);
  if (!st) return st;
  st = check_int("count", count, 1, trials);
  if (!st) return st;
  if (first + count > trials) {
    return Status::bad("first + count must be at most trials = " + std::to_string(trials) +
                           " (got " + fmt_num(first) + " + " + fmt_num(count) + ")",
                       "count");
  }
  return Status::good();
}

Result<SweepTrials> sweep_trials(const SweepConfig& config, double first, double count) {
  Result<SweepTrials> r;
  if (!(r.status = check_trial_range(config.trials, first, count))) return r;
  SweepTrials& out = r.value;
  out.first = static_cast<int>(first);
  out.count = static_cast<int>(count);
  out.records.reserve(static_cast<std::size_t>(out.count) * config.ns.size() * kTrialFields);
  for (int t = out.first; t < out.first + out.count; ++t) {
    for (const TrialMeans& m : run_whole_trial(config, t)) {
      for (auto field : kFields) out.records.push_back(m.*field);
    }
  }
  return r;
}

Result<std::vector<int>> trial_owners(int trials, const std::vector<TrialsPart>& parts,
                                      std::size_t per_trial, const std::string& values,
                                      const std::string& shape,
                                      const TrialValueCheck& check_value) {
  Result<std::vector<int>> r;
  if (parts.size() > static_cast<std::size_t>(trials)) {
    r.status = Status::bad("parts must hold at most trials = " + std::to_string(trials) +
                               " ranges (got " + std::to_string(parts.size()) + ")",
                           "parts");
    return r;
  }
  std::vector<int>& owner = r.value;
  owner.assign(trials, -1);
  for (std::size_t p = 0; p < parts.size(); ++p) {
    const std::string at = "parts[" + std::to_string(p) + "]";
    Status st = check_trial_range(trials, parts[p].first, parts[p].count);
    if (!st) {
      r.status = Status::bad(at + "." + st.message, at + "." + st.field);
      return r;
    }
    const int first = static_cast<int>(parts[p].first), count = static_cast<int>(parts[p].count);
    const std::size_t want = static_cast<std::size_t>(count) * per_trial;
    if (parts[p].values.size() != want) {
      std::string field = at;
      field += ".";
      field += values;
      std::string message = field;
      message += " must hold ";
      message += shape;
      message += " = " + std::to_string(want) + " numbers (got " +
                 std::to_string(parts[p].values.size()) + ")";
      r.status = Status::bad(message, field);
      return r;
    }
    for (int t = first; t < first + count; ++t) {
      if (owner[t] >= 0) {
        r.status = Status::bad(at + " repeats trial " + std::to_string(t) + " (already in parts[" +
                                   std::to_string(owner[t]) + "])",
                               at + ".first");
        return r;
      }
      owner[t] = static_cast<int>(p);
    }
    for (std::size_t k = 0; k < want; ++k) {
      if (!(r.status = check_value(at, p, k))) return r;
    }
  }
  return r;
}

Result<SweepResult> merge_sweep_trials(const SweepConfig& config,
                                       const std::vector<TrialsPart>& parts) {
  Result<SweepResult> r;
  const int T = config.trials, n_ns = static_cast<int>(config.ns.size());
  // Which part holds each trial (-1: not arrived), checking every part before using any.
  const auto owners = trial_owners(T, parts, static_cast<std::size_t>(n_ns) * kTrialFields,
                                   "records", "count * ns.length * " + std::to_string(kTrialFields),
                                   [&](const std::string& at, std::size_t p, std::size_t k) {
                                     const int field = static_cast<int>(k % kTrialFields);
                                     if (plausible(field, parts[p].values[k]))
                                       return Status::good();
                                     return Status::bad(at + ".records[" + std::to_string(k) +
                                                            "] = " + fmt_num(parts[p].values[k]) +
                                                            " is not a possible " +
                                                            kFieldNames[field] + " of a trial",
                                                        at + ".records");
                                   });
  if (!(r.status = owners.status)) return r;
  const std::vector<int>& owner = owners.value;
  std::vector<std::vector<TrialMeans>> samples(n_ns);
  int have = 0;
  for (int t = 0; t < T; ++t) {  // trial order, as SweepStream keeps them
    if (owner[t] < 0) continue;
    const TrialsPart& part = parts[owner[t]];
    const double* rec =
        part.values.data() +
        static_cast<std::size_t>(t - static_cast<int>(part.first)) * n_ns * kTrialFields;
    for (int i = 0; i < n_ns; ++i) {
      TrialMeans m;
      for (int f = 0; f < kTrialFields; ++f) m.*kFields[f] = rec[i * kTrialFields + f];
      samples[i].push_back(m);
    }
    ++have;
  }
  r.value = summarize(config, samples, have);
  return r;
}

}  // namespace linattn
