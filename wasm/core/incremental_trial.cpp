#include "incremental_trial.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <utility>

#include "row_kernels.hpp"

namespace linattn {

using rows::axpby;
using rows::axpby_recalled;
using rows::axpy;
using rows::axpy2;
using rows::axpy_recalled;
using rows::dist2;
using rows::dist2_fixed;
using rows::dot;
using rows::dot2;
using rows::dot_axpy;
using rows::dot_fixed;
using rows::recalled;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Adds read j's part to the per-trial sums: pjj = P(j, j) = R_j . v_j, psjj = Ps(j, j) = U_j .
// v_j, vv = v_j . v_j; recall, softmax_recall: whether P_j and Ps_j peak at v_j (recalled()).
template <class Norms>
inline void measure_row(TrialMeans& s, double pjj, double psjj, const Norms& q, double vv,
                        bool recall, bool softmax_recall) {
  const double rn = std::sqrt(q.rr);
  s.cosine += rn > 0 ? pjj / rn : 0.0;  // cos(R_j, v_j), |v_j| = 1
  // |R_j - v_j|^2 = |X_j + (t_j - 1) v_j|^2 (t_j = 1 for unit keys and the plain rule)
  const double e = q.t - 1;
  s.rel_error += std::sqrt(std::max(0.0, q.xx + 2 * e * q.xv + e * e * vv));
  // |R_j - t_j v_j|^2 / t_j^2; a target faded to nothing (by the gate, or written with a step so
  // small that t_j^2 is below double range) leaves only crosstalk: +Infinity, or 0 with none.
  const double tt = q.t * q.t;
  s.crosstalk += tt != 0 ? q.xx / tt : (q.xx > 0 ? kInf : 0.0);
  s.recall += recall ? 1.0 : 0.0;
  const double un = std::sqrt(q.uu);
  s.softmax_cosine += un > 0 ? psjj / un : 0.0;
  s.softmax_recall += softmax_recall ? 1.0 : 0.0;
}

inline void finish(TrialMeans& s, int n) {
  const double inv = 1.0 / n;
  s.cosine *= inv;
  s.rel_error *= inv;
  s.crosstalk *= inv;
  s.softmax_cosine *= inv;
  // Counts of reads: divided once (49 * (1/49) is not 1 in floating point).
  s.miss = (n - s.recall) / n;
  s.recall /= n;
  s.softmax_recall /= n;
}

}  // namespace

bool top1_recalled(const double* sims, int j, int n) { return recalled(sims, j, n); }

IncrementalTrial::IncrementalTrial(int d, int n_max, const TrialSetup& setup, int trial,
                                   bool spotlight)
    : IncrementalTrial(make_associations(d, n_max, setup.seed, trial, setup.keys), setup,
                       spotlight) {}

IncrementalTrial::IncrementalTrial(Associations a, const TrialSetup& setup, bool spotlight)
    : d_(static_cast<int>(a.K.cols())),
      n_max_(static_cast<int>(a.K.rows())),
      beta_(setup.beta),
      rule_(setup.rule),
      spotlight_(spotlight),
      plain_(setup.rule.plain() && spotlight),
      a_(std::move(a)),
      R_(Mat::Zero(n_max_, d_)),
      P_(Mat::Zero(n_max_, n_max_)),
      c_(n_max_),
      g_(n_max_),
      gw_(n_max_),
      w_(n_max_),
      ckk_(n_max_),
      vv_(n_max_),
      pow_(n_max_),
      norms_(n_max_) {
  if (spotlight_) {
    U_ = Mat::Zero(n_max_, d_);
    Ps_ = Mat::Zero(n_max_, n_max_);
  }
  if (plain_) {
    const int rows = std::min(kMaxBlock, n_max_);
    cb_ = Mat::Zero(rows, n_max_);
    gb_ = Mat::Zero(rows, n_max_);
    wb_ = Mat::Zero(rows, n_max_);
  }
  if (rule_.kind == WriteRule::Delta) W_ = Mat::Zero(n_max_, d_);
  auto norm2 = plain_ ? dot : dot_fixed;  // as each path sums
  for (int i = 0; i < n_max_; ++i) {
    ckk_[i] = norm2(&a_.K(i, 0), &a_.K(i, 0), d_);  // 1 for unit keys, up to rounding
    vv_[i] = norm2(&a_.V(i, 0), &a_.V(i, 0), d_);
  }
  // alpha^m; powers below 1e-200 count as 0 (their terms are far below rounding, and products
  // of subnormal numbers are slow).
  double p = 1;
  for (int m = 0; m < n_max_; ++m) {
    pow_[m] = p;
    p = p * rule_.gate < 1e-200 ? 0.0 : p * rule_.gate;
  }
}

void IncrementalTrial::add_many(int count, TrialMeans* const* outs) {
  count = std::min({count, kMaxBlock, n_max_ - n_});
  if (count <= 0) return;
  if (plain_) {
    add_plain(count, outs);
    n_ += count;
    return;
  }
  for (int k = 0; k < count; ++k, ++n_) add_general(outs[k]);
}

void IncrementalTrial::add(TrialMeans* out) { add_many(1, &out); }

// The chapter's rule, S <- S + k v^T, with the spotlight. Adding association n, in plain Eigen;
// the loops below compute the same row by row, fused, and keep the norms the measures need instead
// of recomputing them (ReadNorms):
//   c = K.topRows(n) * k_n;   g = V.topRows(n + 1) * v_n;   w = exp(beta (c - 1))
//   P.col(n).head(n) = R.topRows(n) * v_n;   P.topLeftCorner(n, n + 1) += c g^T;
//   R.topRows(n) += c v_n^T;                 (Ps and U the same with w)
//   R.row(n) = c^T V.topRows(n) + c_nn v_n^T;   P.row(n).head(n + 1) = R.row(n) V.topRows(n + 1)^T
// and when measured, per read j: cos(R_j, v_j), |R_j - v_j|, |R_j - c_jj v_j|^2 / c_jj^2, and
// whether P_j peaks at j (top-1 recall); the same for U and Ps.
//
// It adds `count` associations at once (at most kMaxBlock). One at a time, every row of R, U, P
// and Ps would be read once per association: at d = 256, N = 1,024 that is 20 MB per association,
// more than the caches hold, so the memory's speed set the pace (and two trials side by side shared
// it). Here each row goes through all the block's associations while it is in the cache. Each
// number is computed by the same expression whatever the block size, and each association's sums
// add the rows in the same order (row by row, its new row last), so the numbers do not depend on
// the block size (tests/core/update_rules.test.cpp checks it bit for bit).
void IncrementalTrial::add_plain(int count, TrialMeans* const* outs) {
  const int d = d_, n0 = n_, n1 = n_ + count;
  auto K = [&](int i) { return &a_.K(i, 0); };  // row pointers
  auto V = [&](int i) { return &a_.V(i, 0); };
  // 1. Each association t's vectors (row t - n0): c_t[j] = k_j . k_t (j < t), g_t[m] = v_m . v_t
  //    (m <= t), w_t[j] = exp(beta (c_t[j] - 1)); each key and value row read once per block.
  for (int j = 0; j < n1; ++j) {
    for (int t = std::max(n0, j + 1); t < n1; ++t) cb_(t - n0, j) = dot(K(j), K(t), d);
    for (int t = std::max(n0, j); t < n1; ++t) gb_(t - n0, j) = dot(V(j), V(t), d);
  }
  for (int t = n0; t < n1; ++t) {
    for (int j = 0; j < t; ++j) wb_(t - n0, j) = std::exp(beta_ * (cb_(t - n0, j) - 1.0));
  }
  // 2. The new reads: k_t^T S = sum_{i<=t} (k_t . k_i) v_i^T (with c_tt = k_t . k_t), and their
  //    similarity to every value; each value row read once for all of them.
  for (int i = 0; i < n1; ++i) {
    for (int t = std::max(n0, i); t < n1; ++t) {
      const double ci = i < t ? cb_(t - n0, i) : ckk_[t];
      const double wi = i < t ? wb_(t - n0, i) : std::exp(beta_ * (ckk_[t] - 1.0));
      axpy2(&R_(t, 0), ci, &U_(t, 0), wi, V(i), d);
    }
  }
  for (int m = 0; m < n1; ++m) {
    for (int t = std::max(n0, m); t < n1; ++t)
      dot2(&R_(t, 0), &U_(t, 0), V(m), d, P_(t, m), Ps_(t, m));
  }
  for (int t = n0; t < n1; ++t) {
    const double *r = &R_(t, 0), *u = &U_(t, 0), cnn = ckk_[t];
    norms_[t] =
        ReadNorms{dot(r, r, d), dot(u, u, d), dist2(r, cnn, V(t), d), P_(t, t) - cnn * vv_[t], cnn};
  }

  // 3. Every row through the block's associations, rows in order, so that each association's sums
  //    add the rows in the order one association at a time would (a row made in this block starts
  //    with its own measure, the last of its association's sums).
  TrialMeans s[kMaxBlock];
  for (int j = 0; j < n1; ++j) {
    double *r = &R_(j, 0), *u = &U_(j, 0), *p = &P_(j, 0), *ps = &Ps_(j, 0);
    ReadNorms& q = norms_[j];
    int t = n0;
    if (j >= n0) {
      if (outs[j - n0]) {
        measure_row(s[j - n0], p[j], ps[j], q, vv_[j], recalled(p, j, j + 1),
                    recalled(ps, j, j + 1));
      }
      t = j + 1;
    }
    for (; t < n1; ++t) {
      const double cj = cb_(t - n0, j), wj = wb_(t - n0, j);
      const double* g = &gb_(t - n0, 0);
      p[t] = dot_axpy(r, cj, V(t), d);  // R_j . v_t, then R_j += c_j v_t
      ps[t] = dot_axpy(u, wj, V(t), d);
      q.rr += 2 * cj * p[t] + cj * cj * g[t];
      q.uu += 2 * wj * ps[t] + wj * wj * g[t];
      q.xx += 2 * cj * (p[t] - ckk_[j] * g[j]) + cj * cj * g[t];
      q.xv += cj * g[j];
      if (outs[t - n0]) {
        const bool recall = axpy_recalled(p, cj, g, j, t + 1);
        const bool softmax_recall = axpy_recalled(ps, wj, g, j, t + 1);
        measure_row(s[t - n0], p[j], ps[j], q, vv_[j], recall, softmax_recall);
      } else {
        axpy(p, cj, g, t + 1);
        axpy(ps, wj, g, t + 1);
      }
    }
  }
  for (int t = n0; t < n1; ++t) {
    if (!outs[t - n0]) continue;
    finish(s[t - n0], t + 1);
    *outs[t - n0] = s[t - n0];
  }
}

// Any rule (update_rule.hpp): S <- alpha S + k_n w_n^T. With r = k_n^T S before the write,
//   r = sum_{i<n} alpha^(n-1-i) (k_n . k_i) w_i,   w_n = v_n (add) or step (v_n - alpha r) (delta),
//   R_j <- alpha R_j + c_j w_n,   P_j <- alpha P_j + c_j (V w_n),   R_n = alpha r + c_nn w_n.
// The spotlight (when kept) reads the ungated cache of every association, as in add_plain.
void IncrementalTrial::add_general(TrialMeans* out) {
  const int d = d_, n = n_;
  const double alpha = rule_.gate;
  const bool delta = rule_.kind == WriteRule::Delta;
  auto K = [&](int i) { return &a_.K(i, 0); };
  auto V = [&](int i) { return &a_.V(i, 0); };
  auto Wr = [&](int i) { return delta ? &W_(i, 0) : &a_.V(i, 0); };  // written values
  Vec &c = c_, &g = g_, &gw = gw_, &w = w_;
  const double* vn = V(n);
  for (int j = 0; j < n; ++j) c[j] = dot_fixed(K(j), K(n), d);
  const double cnn = ckk_[n];

  // The new key's read before the write, kept in row n of R until the write is done.
  double* rn = &R_(n, 0);
  for (int i = 0; i < n; ++i) axpy(rn, c[i] * pow_[n - 1 - i], Wr(i), d);
  if (delta) {
    double* wn = &W_(n, 0);
    for (int i = 0; i < d; ++i) wn[i] = rule_.step * (vn[i] - alpha * rn[i]);
  }
  const double* wn = Wr(n);
  for (int m = 0; m <= n; ++m) gw[m] = dot_fixed(V(m), wn, d);  // v_m . w_n
  const double ww = dot_fixed(wn, wn, d);
  double wnn = 0;
  if (spotlight_) {
    for (int m = 0; m <= n; ++m) g[m] = dot_fixed(V(m), vn, d);
    for (int j = 0; j < n; ++j) w[j] = std::exp(beta_ * (c[j] - 1.0));
    wnn = std::exp(beta_ * (cnn - 1.0));
  }
  TrialMeans s;

  for (int j = 0; j < n; ++j) {
    double *r = &R_(j, 0), *p = &P_(j, 0);
    const double pn = dot_fixed(r, vn, d);               // R_j . v_n before the write
    const double pw = delta ? dot_fixed(r, wn, d) : pn;  // R_j . w_n before the write
    axpby(r, alpha, c[j], wn, d);                        // R_j <- alpha R_j + c_j w_n
    p[n] = pn;                                           // P(j, n), gated below with the rest
    // |alpha R + c w|^2 = alpha^2 |R|^2 + 2 alpha c R.w + c^2 |w|^2; X_j <- alpha X_j + c w, t_j
    // <- alpha t_j, so X.w = R.w - t_j v_j.w and X.v_j gains c v_j.w.
    ReadNorms& q = norms_[j];
    q.rr = alpha * alpha * q.rr + (2 * alpha * c[j] * pw + c[j] * c[j] * ww);
    q.xx = alpha * alpha * q.xx + (2 * alpha * c[j] * (pw - q.t * gw[j]) + c[j] * c[j] * ww);
    q.xv = alpha * q.xv + c[j] * gw[j];
    q.t *= alpha;
    bool softmax_recall = false;
    double psjj = 0;
    if (spotlight_) {
      double *u = &U_(j, 0), *ps = &Ps_(j, 0);
      ps[n] = dot_fixed(u, vn, d);
      axpy(u, w[j], vn, d);
      q.uu += 2 * w[j] * ps[n] + w[j] * w[j] * g[n];
      if (out) {
        softmax_recall = axpy_recalled(ps, w[j], g.data(), j, n + 1);
      } else {
        axpy(ps, w[j], g.data(), n + 1);
      }
      psjj = ps[j];
    }
    if (out) {
      const bool recall = axpby_recalled(p, alpha, c[j], gw.data(), j, n + 1);
      measure_row(s, p[j], psjj, q, vv_[j], recall, softmax_recall);
    } else {
      axpby(p, alpha, c[j], gw.data(), n + 1);
    }
  }

  add_new_read(wn, wnn, s, out);
}

// The new read R_n = alpha r + c_nn w_n (r, the key's read before the write, is row n of R):
// target c_nn (times step for the delta rule), and the rest, (1 - step c_nn) alpha r for the
// delta rule, is crosstalk. Its row of P and its norms, then the trial's means when asked for.
void IncrementalTrial::add_new_read(const double* wn, double wnn, TrialMeans& s, TrialMeans* out) {
  const int d = d_, n = n_;
  const double alpha = rule_.gate;
  const bool delta = rule_.kind == WriteRule::Delta;
  auto V = [&](int i) { return &a_.V(i, 0); };
  const double* vn = V(n);
  const double cnn = ckk_[n];
  const Vec& w = w_;
  double* rn = &R_(n, 0);
  for (int i = 0; i < d; ++i) rn[i] = alpha * rn[i] + cnn * wn[i];
  double* p = &P_(n, 0);
  for (int m = 0; m <= n; ++m) p[m] = dot_fixed(rn, V(m), d);
  const double t = delta ? cnn * rule_.step : cnn;
  ReadNorms& q = norms_[n];
  q = ReadNorms{dot_fixed(rn, rn, d), 0, dist2_fixed(rn, t, vn, d), p[n] - t * vv_[n], t};
  double psn = 0;
  bool softmax_recall = false;
  if (spotlight_) {
    double *u = &U_(n, 0), *ps = &Ps_(n, 0);
    for (int i = 0; i < n; ++i) axpy(u, w[i], V(i), d);
    axpy(u, wnn, vn, d);
    for (int m = 0; m <= n; ++m) ps[m] = dot_fixed(u, V(m), d);
    q.uu = dot_fixed(u, u, d);
    psn = ps[n];
    softmax_recall = recalled(ps, n, n + 1);
  }
  if (out) {
    measure_row(s, p[n], psn, q, vv_[n], recalled(p, n, n + 1), softmax_recall);
    finish(s, n + 1);
    *out = s;
  }
}

}  // namespace linattn
