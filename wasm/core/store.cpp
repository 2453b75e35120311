// A single store (interference.hpp: StoreConfig, StoreStream, interference_store): n associations
// written into one d x d state and every one read back, with the softmax spotlight beside it. Its
// own file because its Eigen products are a hot spot outside the sweep: this file is compiled for
// speed in WebAssembly while the rest of interference.cpp is compiled for size (CMakeLists.txt).
#include <algorithm>
#include <cmath>
#include <limits>

#include "incremental_trial.hpp"  // top1_recalled
#include "interference.hpp"

namespace linattn {

Mat store_reads(const Associations& a, const UpdateRule& rule) {
  const int d = static_cast<int>(a.K.cols());
  Mat S = Mat::Zero(d, d);
  for (Eigen::Index i = 0; i < a.K.rows(); ++i) {
    write(S, rule, a.K.row(i).transpose(), a.V.row(i).transpose());
  }
  return a.K * S;
}

Result<StoreConfig> make_store_config(const StoreOptions& o) {
  Result<StoreConfig> r;
  if (!(r.status = check_int("d", o.d, 1, limits::maxSweepDim))) return r;
  if (!(r.status = check_int("n", o.n, 1, limits::maxStoreN))) return r;
  if (!(r.status = check_int("trial", o.trial, 0, limits::maxSweepTrials - 1))) return r;
  auto setup = check_trial_settings(o);
  if (!(r.status = setup.status)) return r;
  static_cast<TrialSetup&>(r.value) = setup.value;
  r.value.d = static_cast<int>(o.d);
  r.value.n = static_cast<int>(o.n);
  r.value.trial = static_cast<int>(o.trial);
  return r;
}

StoreStream::StoreStream(StoreConfig config)
    : config_(config), draws_(config.d, config.n, config.seed, config.trial, config.keys) {
  const double d = config_.d, n = config_.n;
  // Drawing (AssociationDraws' own count), writing (about 3 d^2 per association, other rules
  // only), reading (block_work).
  total_work_ = draws_.total_cost();
  if (!config_.rule.plain()) total_work_ += 3 * d * d * n;
  for (int row = 0; row < config_.n; row += kStoreBlockRows)
    total_work_ += block_work(std::min(kStoreBlockRows, config_.n - row));
  StoreResult& s = result_;
  s.n = config_.n;
  s.key_overlap.resize(static_cast<std::size_t>(config_.n) * config_.n);
  for (auto* v : {&s.cosine, &s.recalled, &s.norm, &s.softmax_cosine, &s.softmax_recalled,
                  &s.age_cosine, &s.age_recalled, &s.age_norm})
    v->resize(config_.n);
}

// Overlaps with every key, the read (from the overlaps, or from S), the spotlight's weights and
// numerators, and both reads' similarities to every value: about 5 n d + n per association.
double StoreStream::block_work(int rows) const {
  const double d = config_.d, n = config_.n;
  return rows * (5 * n * d + n);
}

bool StoreStream::advance(double work) {
  double spent = 0;
  while (!complete() && (spent == 0 || spent < work)) spent += piece();
  return complete();
}

double StoreStream::piece() {
  double cost = 0;
  if (!drawn_) {
    cost = draws_.next();
    if (draws_.done()) {
      drawn_ = true;
      a_ = draws_.take();
      if (!config_.rule.plain()) S_ = Mat::Zero(config_.d, config_.d);
    }
  } else if (!config_.rule.plain() && written_ < config_.n) {
    // Written one after another by the rule (update_rule.hpp), as store_reads does.
    write(S_, config_.rule, a_.K.row(written_).transpose(), a_.V.row(written_).transpose());
    ++written_;
    cost = 3.0 * config_.d * config_.d;
  } else {
    const int rows = std::min(kStoreBlockRows, config_.n - rows_done_);
    read_block();
    cost = block_work(rows);
  }
  done_work_ += cost;
  return cost;
}

void StoreStream::read_block() {
  const int N = config_.n, j0 = rows_done_, rows = std::min(kStoreBlockRows, N - j0);
  const Mat Kb = a_.K.middleRows(j0, rows);  // (a copy: the products below are the ones the
                                             // sweep already instantiates, not new kernels)
  const Mat C = Kb * a_.K.transpose();       // key overlaps of these rows with every key
  // Row j: k_j^T S. The chapter's rule as the sum it is (S = K^T V, so k_j^T S = C_j V); any other
  // rule from the state its writes left.
  const Mat R = config_.rule.plain() ? Mat(C * a_.V) : Mat(Kb * S_);
  const Mat W = (config_.beta * (C.array() - 1.0)).exp().matrix();
  const Mat U = W * a_.V;  // softmax numerators (the denominator cancels in cosines)
  const Mat P = R * a_.V.transpose(), Ps = U * a_.V.transpose();

  StoreResult& s = result_;
  const Mat absC = C.cwiseAbs();
  std::copy(absC.data(), absC.data() + absC.size(),
            s.key_overlap.begin() + static_cast<std::ptrdiff_t>(j0) * N);
  for (int r = 0; r < rows; ++r) {
    const int j = j0 + r;
    const double rn = R.row(r).norm(), un = U.row(r).norm();
    s.cosine[j] = rn > 0 ? P(r, j) / rn : 0.0;
    s.norm[j] = rn;
    s.softmax_cosine[j] = un > 0 ? Ps(r, j) / un : 0.0;
    s.recalled[j] = top1_recalled(&P(r, 0), j, N) ? 1.0 : 0.0;
    s.softmax_recalled[j] = top1_recalled(&Ps(r, 0), j, N) ? 1.0 : 0.0;
  }
  rows_done_ += rows;
  if (complete()) {
    for (int m = 0; m < N; ++m) {
      s.age_cosine[m] = s.cosine[N - 1 - m];
      s.age_recalled[m] = s.recalled[N - 1 - m];
      s.age_norm[m] = s.norm[N - 1 - m];
    }
  }
}

Result<StoreResult> interference_store(const StoreOptions& o) {
  Result<StoreResult> r;
  auto config = make_store_config(o);
  if (!(r.status = config.status)) return r;
  StoreStream stream(config.value);
  stream.advance(std::numeric_limits<double>::infinity());
  r.value = stream.result();
  return r;
}

}  // namespace linattn
