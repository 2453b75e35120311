#include "interference.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "feature_map.hpp"
#include "incremental_trial.hpp"
#include "rng.hpp"

namespace linattn {

Result<KeyGeometry> parse_key_geometry(const std::string& name) {
  if (name == "random") return {Status::good(), KeyGeometry::Random};
  if (name == "orthogonal") return {Status::good(), KeyGeometry::Orthogonal};
  if (name == "elu1") return {Status::good(), KeyGeometry::Elu1};
  return {Status::bad("keys must be 'random', 'orthogonal' or 'elu1' (got '" + name.substr(0, 40) +
                      "')"),
          KeyGeometry::Random};
}

Associations make_associations(int d, int n, std::uint64_t seed, int trial, KeyGeometry keys) {
  Rng rng = Rng::for_trial(seed, static_cast<std::uint64_t>(trial));
  Associations a{Mat(n, d), Mat(n, d)};
  Vec x(d);
  for (int i = 0; i < n; ++i) {
    for (int c = 0; c < d; ++c) x[c] = rng.normal();
    if (keys == KeyGeometry::Elu1) {
      x = apply(FeatureMap::Elu1, x);
    } else if (keys == KeyGeometry::Orthogonal && i < d) {
      for (int pass = 0; pass < 2; ++pass) {  // Gram-Schmidt, twice for orthogonality to 1e-16
        for (int j = 0; j < i; ++j) x -= a.K.row(j).dot(x) * a.K.row(j).transpose();
      }
    }
    a.K.row(i) = unit(x).transpose();
    for (int c = 0; c < d; ++c) x[c] = rng.normal();
    a.V.row(i) = unit(x).transpose();
  }
  return a;
}

Result<SweepConfig> make_sweep_config(double d, const std::vector<double>& ns, double trials,
                                      double seed, const std::string& keys, double beta,
                                      const std::string& rule, double gate, double step) {
  Result<SweepConfig> r;
  if (!(r.status = check_int("d", d, 1, limits::maxSweepDim))) return r;
  if (!(r.status = check_int("trials", trials, 1, limits::maxSweepTrials))) return r;
  if (!(r.status = check_int("seed", seed, 0, 4294967295.0))) return r;
  if (!(r.status = check_real("beta", beta, 0, limits::maxBeta))) return r;
  auto geometry = parse_key_geometry(keys);
  if (!(r.status = geometry.status)) return r;
  auto update = make_update_rule(rule, gate, step);
  if (!(r.status = update.status)) return r;
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
  r.value.d = static_cast<int>(d);
  r.value.ns.assign(ns.begin(), ns.end());
  r.value.trials = static_cast<int>(trials);
  r.value.seed = static_cast<std::uint64_t>(seed);
  r.value.keys = geometry.value;
  r.value.beta = beta;
  r.value.rule = update.value;
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

SweepStream::SweepStream(SweepConfig config)
    : config_(std::move(config)), samples_(config_.ns.size()) {
  for (auto& per_n : samples_) per_n.reserve(config_.trials);
}

int SweepStream::run(int max_trials) {
  const int todo = std::min(std::max(max_trials, 1), config_.trials - done_);
  for (int k = 0; k < todo; ++k) run_trial(done_++);
  return std::max(todo, 0);
}

// One trial: store associations 0..max(ns)-1 one at a time and measure every read at each N in ns.
void SweepStream::run_trial(int trial) {
  const SweepConfig& cfg = config_;
  const int n_max = cfg.ns.back(), n_ns = static_cast<int>(cfg.ns.size());
  IncrementalTrial store(cfg.d, n_max, cfg.seed, trial, cfg.keys, cfg.beta, cfg.rule, true);
  int next = 0;  // index into ns of the next N to report
  while (next < n_ns) {
    const bool report = store.size() + 1 == cfg.ns[next];
    TrialMeans s;
    store.add(report ? &s : nullptr);
    if (report) samples_[next++].push_back(s);
  }
}

SweepResult SweepStream::result() const {
  const SweepConfig& cfg = config_;
  const int d = cfg.d, n_ns = done_ > 0 ? static_cast<int>(cfg.ns.size()) : 0;
  SweepResult out;
  out.trials = done_;
  for_each_series(out, [&](const char*, std::vector<double>& v) { v.assign(n_ns, 0.0); });
  std::vector<double> xs(done_);
  auto stat = [&](int i, double TrialMeans::*field, double& mean, double& sd) {
    for (int t = 0; t < done_; ++t) xs[t] = samples_[i][t].*field;
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

SweepResult interference_sweep(const SweepConfig& config) {
  SweepStream stream(config);
  stream.run(config.trials);
  return stream.result();
}

Mat store_reads(const Associations& a, const UpdateRule& rule) {
  const int d = static_cast<int>(a.K.cols());
  Mat S = Mat::Zero(d, d);
  for (Eigen::Index i = 0; i < a.K.rows(); ++i) {
    write(S, rule, a.K.row(i).transpose(), a.V.row(i).transpose());
  }
  return a.K * S;
}

Result<StoreResult> interference_store(double d, double n, double seed, double trial,
                                       const std::string& keys, double beta,
                                       const std::string& rule, double gate, double step) {
  Result<StoreResult> r;
  if (!(r.status = check_int("d", d, 1, limits::maxSweepDim))) return r;
  if (!(r.status = check_int("n", n, 1, limits::maxStoreN))) return r;
  if (!(r.status = check_int("seed", seed, 0, 4294967295.0))) return r;
  if (!(r.status = check_int("trial", trial, 0, limits::maxSweepTrials - 1))) return r;
  if (!(r.status = check_real("beta", beta, 0, limits::maxBeta))) return r;
  auto geometry = parse_key_geometry(keys);
  if (!(r.status = geometry.status)) return r;
  auto update = make_update_rule(rule, gate, step);
  if (!(r.status = update.status)) return r;

  const int N = static_cast<int>(n);
  const Associations a = make_associations(static_cast<int>(d), N, static_cast<std::uint64_t>(seed),
                                           static_cast<int>(trial), geometry.value);
  const Mat C = a.K * a.K.transpose();  // key overlaps
  // Row j: k_j^T S. The chapter's rule as the sum it is (S = K^T V, so K S = C V); any other rule
  // by its writes, one after another.
  const Mat R = update.value.plain() ? Mat(C * a.V) : store_reads(a, update.value);
  const Mat W = (beta * (C.array() - 1.0)).exp().matrix();
  const Mat U = W * a.V;  // softmax numerators (the denominator cancels in cosines)
  const Mat P = R * a.V.transpose(), Ps = U * a.V.transpose();

  StoreResult& s = r.value;
  s.n = N;
  s.key_overlap = to_vector(Mat(C.cwiseAbs()));
  for (auto* v : {&s.cosine, &s.recalled, &s.norm, &s.softmax_cosine, &s.softmax_recalled,
                  &s.age_cosine, &s.age_recalled, &s.age_norm})
    v->resize(N);
  for (int j = 0; j < N; ++j) {
    const double rn = R.row(j).norm(), un = U.row(j).norm();
    s.cosine[j] = rn > 0 ? P(j, j) / rn : 0.0;
    s.norm[j] = rn;
    s.softmax_cosine[j] = un > 0 ? Ps(j, j) / un : 0.0;
    s.recalled[j] = top1_recalled(&P(j, 0), j, N) ? 1.0 : 0.0;
    s.softmax_recalled[j] = top1_recalled(&Ps(j, 0), j, N) ? 1.0 : 0.0;
  }
  for (int m = 0; m < N; ++m) {
    s.age_cosine[m] = s.cosine[N - 1 - m];
    s.age_recalled[m] = s.recalled[N - 1 - m];
    s.age_norm[m] = s.norm[N - 1 - m];
  }
  return r;
}

}  // namespace linattn
