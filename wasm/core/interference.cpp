#include "interference.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "feature_map.hpp"
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
                                      double seed, const std::string& keys, double beta) {
  Result<SweepConfig> r;
  if (!(r.status = check_int("d", d, 1, limits::maxSweepDim))) return r;
  if (!(r.status = check_int("trials", trials, 1, limits::maxSweepTrials))) return r;
  if (!(r.status = check_int("seed", seed, 0, 4294967295.0))) return r;
  if (!(r.status = check_real("beta", beta, 0, limits::maxBeta))) return r;
  auto geometry = parse_key_geometry(keys);
  if (!(r.status = geometry.status)) return r;
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
  return r;
}

namespace {

// Is row j's own column the strict maximum of sims[0..n)? Branch-free, so compilers vectorize it
// (it runs n^2 times per reported N): count the entries at least as large as the own one.
inline bool recalled(const double* sims, int j, int n) {
  const double own = sims[j];
  int at_least = 0;
#pragma omp simd reduction(+ : at_least)
  for (int m = 0; m < n; ++m) at_least += sims[m] >= own;
  return at_least == 1;
}

// Loops over contiguous rows (Mat is row-major), written so that compilers vectorize them. The
// sums are split into lanes (SIMD_SUM), which changes their rounding by an ulp or so;
// -ffp-contract=off keeps every product and sum otherwise rounded as written. Clang (WebAssembly)
// also runs four vectors side by side, so the additions need not wait for each other.
#define LINATTN_PRAGMA(x) _Pragma(#x)
#if defined(__clang__)
#define SIMD_SUM(...) LINATTN_PRAGMA(clang loop vectorize(enable) interleave_count(4))
#else
#define SIMD_SUM(...) LINATTN_PRAGMA(omp simd reduction(+ : __VA_ARGS__))
#endif
inline double dot(const double* a, const double* b, int n) {  // a . b
  double s = 0;
  SIMD_SUM(s)
  for (int i = 0; i < n; ++i) s += a[i] * b[i];
  return s;
}
inline void axpy(double* y, double a, const double* x, int n) {  // y += a x
#pragma omp simd
  for (int i = 0; i < n; ++i) y[i] += a * x[i];
}
inline double dist2(const double* a, double t, const double* b, int n) {  // |a - t b|^2
  double s = 0;
  SIMD_SUM(s)
  for (int i = 0; i < n; ++i) s += (a[i] - t * b[i]) * (a[i] - t * b[i]);
  return s;
}
// The same, fused so that each row is read once:
// y . x (before the update), then y += a x.
inline double dot_axpy(double* y, double a, const double* x, int n) {
  double s = 0;
  SIMD_SUM(s)
  for (int i = 0; i < n; ++i) {
    s += y[i] * x[i];
    y[i] += a * x[i];
  }
  return s;
}
// y += a x and z += b x.
inline void axpy2(double* y, double a, double* z, double b, const double* x, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i) {
    y[i] += a * x[i];
    z[i] += b * x[i];
  }
}
// sa = a . x and sb = b . x.
inline void dot2(const double* a, const double* b, const double* x, int n, double& sa, double& sb) {
  double s = 0, t = 0;
  SIMD_SUM(s, t)
  for (int i = 0; i < n; ++i) {
    s += a[i] * x[i];
    t += b[i] * x[i];
  }
  sa = s;
  sb = t;
}
// y += a x, then: is y[j] the strict maximum of y? (as recalled(); one pass over y)
inline bool axpy_recalled(double* y, double a, const double* x, int j, int n) {
  const double own = y[j] + a * x[j];  // y[j] after the update, rounded as in the loop
  int at_least = 0;
#pragma omp simd reduction(+ : at_least)
  for (int m = 0; m < n; ++m) {
    y[m] += a * x[m];
    at_least += y[m] >= own;
  }
  return at_least == 1;
}

// What the measures need of read j, kept up to date as associations arrive (O(1) per step instead
// of O(d) per measure). With X_j = R_j - c_jj v_j, the crosstalk part of the read:
struct ReadNorms {
  double rr = 0;  // |R_j|^2
  double uu = 0;  // |U_j|^2
  double xx = 0;  // |X_j|^2
  double xv = 0;  // X_j . v_j
};

// Read j gains c v_n (softmax: w v_n), where pn = R_j . v_n and psn = U_j . v_n before the step,
// gn = v_n . v_n, gj = v_j . v_n:
//   |R + c v_n|^2 = |R|^2 + 2c R.v_n + c^2 |v_n|^2,   X.v_n = R.v_n - c_jj v_j.v_n.
inline void add_to_norms(ReadNorms& q, double c, double w, double pn, double psn, double gn,
                         double gj, double cjj) {
  q.rr += 2 * c * pn + c * c * gn;
  q.uu += 2 * w * psn + w * w * gn;
  q.xx += 2 * c * (pn - cjj * gj) + c * c * gn;
  q.xv += c * gj;
}

// Adds read j's part to the per-trial sums (the fields of SweepStream::Sample): pjj = P(j, j) = R_j
// . v_j, psjj = Ps(j, j) = U_j . v_j, cjj = k_j . k_j, vv = v_j . v_j; recall, softmax_recall:
// whether P_j and Ps_j peak at v_j (recalled()).
template <class Sample>
inline void measure_row(Sample& s, double pjj, double psjj, const ReadNorms& q, double cjj,
                        double vv, bool recall, bool softmax_recall) {
  const double rn = std::sqrt(q.rr);
  s.cosine += rn > 0 ? pjj / rn : 0.0;  // cos(R_j, v_j), |v_j| = 1
  // |R_j - v_j|^2 = |X_j + (c_jj - 1) v_j|^2 (c_jj = 1 for unit keys, up to rounding)
  const double e = cjj - 1;
  s.rel_error += std::sqrt(std::max(0.0, q.xx + 2 * e * q.xv + e * e * vv));
  s.crosstalk += q.xx / (cjj * cjj);  // |R_j - c_jj v_j|^2 / c_jj^2
  s.recall += recall ? 1.0 : 0.0;
  const double un = std::sqrt(q.uu);
  s.softmax_cosine += un > 0 ? psjj / un : 0.0;
  s.softmax_recall += softmax_recall ? 1.0 : 0.0;
}

void mean_std(const std::vector<double>& xs, double& mean, double& sd) {
  double sum = 0;
  for (double x : xs) sum += x;
  mean = sum / xs.size();
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
  const int d = cfg.d, n_max = cfg.ns.back(), n_ns = static_cast<int>(cfg.ns.size());

  // Row j of R: the read k_j^T S; of U: the softmax numerators sum_i w_ji v_i^T; of P and Ps:
  // those reads' similarity to every stored value, P = R V^T and Ps = U V^T.
  //
  // One step (adding association n) in plain Eigen; the loops below compute the same row by row,
  // fused, and keep the norms the measures need instead of recomputing them (ReadNorms):
  //   c = K.topRows(n) * k_n;   g = V.topRows(n + 1) * v_n;   w = exp(beta (c - 1))
  //   P.col(n).head(n) = R.topRows(n) * v_n;   P.topLeftCorner(n, n + 1) += c g^T;
  //   R.topRows(n) += c v_n^T;                 (Ps and U the same with w)
  //   R.row(n) = c^T V.topRows(n) + c_nn v_n^T;   P.row(n).head(n + 1) = R.row(n) V.topRows(n +
  //   1)^T at a reported N = n + 1, per read j: cos(R_j, v_j), |R_j - v_j|, |R_j - c_jj v_j|^2 /
  //   c_jj^2, and whether P_j peaks at j (top-1 recall); the same for U and Ps.
  Mat R = Mat::Zero(n_max, d), U = Mat::Zero(n_max, d);
  Mat P = Mat::Zero(n_max, n_max), Ps = Mat::Zero(n_max, n_max);
  Vec c(n_max), g(n_max), w(n_max), ckk(n_max), vv(n_max);
  std::vector<ReadNorms> norms(n_max);
  const Associations a = make_associations(d, n_max, cfg.seed, trial, cfg.keys);
  auto K = [&](int i) { return &a.K(i, 0); };  // row pointers
  auto V = [&](int i) { return &a.V(i, 0); };
  for (int i = 0; i < n_max; ++i) {
    ckk[i] = dot(K(i), K(i), d);  // 1 for unit keys, up to rounding
    vv[i] = dot(V(i), V(i), d);
  }
  int next = 0;  // index into ns of the next N to report
  for (int n = 0; n < n_max; ++n) {
    // Add association n (0-based) to the store of associations 0..n-1.
    const double* vn = V(n);
    for (int j = 0; j < n; ++j) c[j] = dot(K(j), K(n), d);                 // c_j = k_j . k_n
    for (int m = 0; m <= n; ++m) g[m] = dot(V(m), vn, d);                  // g_m = v_m . v_n
    for (int j = 0; j < n; ++j) w[j] = std::exp(cfg.beta * (c[j] - 1.0));  // softmax weights,
    const double cnn = ckk[n];                                             // shifted by the largest
    const double wnn = std::exp(cfg.beta * (cnn - 1.0));                   // score (1)
    const bool report = n + 1 == cfg.ns[next];
    Sample s;

    // Earlier reads gain c_j v_n (softmax: w_j v_n), so their similarity to v_m gains c_j g_m:
    //   P(j, n) = R_j . v_n;  P_j[0..n] += c_j g[0..n];  R_j += c_j v_n   (Ps, U with w_j).
    // One pass over each row does all of it, and measures it when N = n + 1 is reported.
    for (int j = 0; j < n; ++j) {
      double *r = &R(j, 0), *u = &U(j, 0), *p = &P(j, 0), *ps = &Ps(j, 0);
      p[n] = dot_axpy(r, c[j], vn, d);  // R_j . v_n, then R_j += c_j v_n
      ps[n] = dot_axpy(u, w[j], vn, d);
      add_to_norms(norms[j], c[j], w[j], p[n], ps[n], g[n], g[j], ckk[j]);
      if (report) {
        const bool recall = axpy_recalled(p, c[j], g.data(), j, n + 1);
        const bool softmax_recall = axpy_recalled(ps, w[j], g.data(), j, n + 1);
        measure_row(s, p[j], ps[j], norms[j], ckk[j], vv[j], recall, softmax_recall);
      } else {
        axpy(p, c[j], g.data(), n + 1);
        axpy(ps, w[j], g.data(), n + 1);
      }
    }

    // The new read: k_n^T S = sum_{i<=n} (k_n . k_i) v_i^T, and its similarity to every value.
    double *r = &R(n, 0), *u = &U(n, 0), *p = &P(n, 0), *ps = &Ps(n, 0);
    for (int i = 0; i < n; ++i) axpy2(r, c[i], u, w[i], V(i), d);
    axpy2(r, cnn, u, wnn, vn, d);
    for (int m = 0; m <= n; ++m) dot2(r, u, V(m), d, p[m], ps[m]);
    norms[n] = ReadNorms{dot(r, r, d), dot(u, u, d), dist2(r, cnn, vn, d), p[n] - cnn * vv[n]};

    if (report) {
      measure_row(s, p[n], ps[n], norms[n], cnn, vv[n], recalled(p, n, n + 1),
                  recalled(ps, n, n + 1));
      const double inv = 1.0 / (n + 1);
      s.cosine *= inv;
      s.rel_error *= inv;
      s.crosstalk *= inv;
      s.recall *= inv;
      s.softmax_cosine *= inv;
      s.softmax_recall *= inv;
      samples_[next].push_back(s);
      if (++next == n_ns) break;
    }
  }
}

SweepResult SweepStream::result() const {
  const SweepConfig& cfg = config_;
  const int d = cfg.d, n_ns = done_ > 0 ? static_cast<int>(cfg.ns.size()) : 0;
  SweepResult out;
  out.trials = done_;
  for (auto* v : {&out.ns, &out.cosine_mean, &out.cosine_std, &out.rel_error_mean,
                  &out.rel_error_std, &out.crosstalk_mean, &out.crosstalk_std, &out.recall_mean,
                  &out.recall_std, &out.miss_mean, &out.theory_crosstalk, &out.theory_cosine,
                  &out.softmax_cosine_mean, &out.softmax_cosine_std, &out.softmax_recall_mean,
                  &out.softmax_recall_std, &out.state_numbers, &out.cache_numbers}) {
    v->assign(n_ns, 0.0);
  }
  std::vector<double> xs(done_);
  auto stat = [&](int i, double Sample::*field, double& mean, double& sd) {
    for (int t = 0; t < done_; ++t) xs[t] = samples_[i][t].*field;
    mean_std(xs, mean, sd);
  };
  for (int i = 0; i < n_ns; ++i) {
    const double N = cfg.ns[i];
    out.ns[i] = N;
    stat(i, &Sample::cosine, out.cosine_mean[i], out.cosine_std[i]);
    stat(i, &Sample::rel_error, out.rel_error_mean[i], out.rel_error_std[i]);
    stat(i, &Sample::crosstalk, out.crosstalk_mean[i], out.crosstalk_std[i]);
    stat(i, &Sample::recall, out.recall_mean[i], out.recall_std[i]);
    stat(i, &Sample::softmax_cosine, out.softmax_cosine_mean[i], out.softmax_cosine_std[i]);
    stat(i, &Sample::softmax_recall, out.softmax_recall_mean[i], out.softmax_recall_std[i]);
    out.miss_mean[i] = 1.0 - out.recall_mean[i];
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

Result<StoreResult> interference_store(double d, double n, double seed, double trial,
                                       const std::string& keys, double beta) {
  Result<StoreResult> r;
  if (!(r.status = check_int("d", d, 1, limits::maxSweepDim))) return r;
  if (!(r.status = check_int("n", n, 1, limits::maxStoreN))) return r;
  if (!(r.status = check_int("seed", seed, 0, 4294967295.0))) return r;
  if (!(r.status = check_int("trial", trial, 0, limits::maxSweepTrials - 1))) return r;
  if (!(r.status = check_real("beta", beta, 0, limits::maxBeta))) return r;
  auto geometry = parse_key_geometry(keys);
  if (!(r.status = geometry.status)) return r;

  const int N = static_cast<int>(n);
  const Associations a = make_associations(static_cast<int>(d), N, static_cast<std::uint64_t>(seed),
                                           static_cast<int>(trial), geometry.value);
  const Mat C = a.K * a.K.transpose();  // key overlaps
  const Mat R = C * a.V;                // row j: k_j^T S
  const Mat W = (beta * (C.array() - 1.0)).exp().matrix();
  const Mat U = W * a.V;  // softmax numerators (the denominator cancels in cosines)
  const Mat P = R * a.V.transpose(), Ps = U * a.V.transpose();

  StoreResult& s = r.value;
  s.n = N;
  s.key_overlap = to_vector(Mat(C.cwiseAbs()));
  s.cosine.resize(N);
  s.recalled.resize(N);
  s.softmax_cosine.resize(N);
  s.softmax_recalled.resize(N);
  for (int j = 0; j < N; ++j) {
    const double rn = R.row(j).norm(), un = U.row(j).norm();
    s.cosine[j] = rn > 0 ? P(j, j) / rn : 0.0;
    s.softmax_cosine[j] = un > 0 ? Ps(j, j) / un : 0.0;
    s.recalled[j] = recalled(&P(j, 0), j, N) ? 1.0 : 0.0;
    s.softmax_recalled[j] = recalled(&Ps(j, 0), j, N) ? 1.0 : 0.0;
  }
  return r;
}

}  // namespace linattn
