#include "memory.hpp"

#include <cmath>
#include <limits>

namespace linattn {
namespace {

// stamp = phi w^T (dk x dv, row-major), and whether every entry of it and of S + stamp is finite,
// in one pass of plain loops the compiler vectorizes (SIMD128 in WebAssembly, where Eigen runs
// scalar; Eigen's outer product and allFinite() did the same products and tests one by one, and
// allFinite() evaluated both expressions twice, by columns of a row-major matrix).
bool stamp_finite(const Mat& S, const Vec& phi, const Vec& w, double* stamp) {
  const Eigen::Index dk = S.rows(), dv = S.cols();
  const double *s = S.data(), *wv = w.data();
  bool finite = true;
  for (Eigen::Index i = 0; i < dk; ++i) {
    const double p = phi[i];
    double* t = stamp + i * dv;
    const double* si = s + i * dv;
    for (Eigen::Index j = 0; j < dv; ++j) {
      t[j] = p * wv[j];
      // |x| <= max: false for an infinity and for NaN, as !isfinite; no branch in the loop
      finite &= std::fabs(t[j]) <= std::numeric_limits<double>::max();
      finite &= std::fabs(si[j] + t[j]) <= std::numeric_limits<double>::max();
    }
  }
  return finite;
}

// out = S^T x / den, with the numbers Eigen's gives: Eigen's scalar matrix-vector product sums
// each entry over S's rows in order from 0 when S has fewer than 128 rows (one block of columns of
// S^T; from 128 on it sums blocks of 16), and a one-column S^T is its dot product. Written as a
// loop over S's rows, which the compiler vectorizes across the entries; the other shapes keep
// Eigen's expression. tests/core/memory.test.cpp checks the two agree bit for bit.
void read_into(const Mat& S, const Vec& x, double den, double* out) {
  const Eigen::Index dk = S.rows(), dv = S.cols();
  if (dk >= 128 || dv < 2) {
    Eigen::Map<Vec>(out, dv).noalias() = (S.transpose() * x) / den;
    return;
  }
  for (Eigen::Index j = 0; j < dv; ++j) out[j] = 0.0;
  const double* s = S.data();
  for (Eigen::Index i = 0; i < dk; ++i) {
    const double xi = x[i];
    const double* si = s + i * dv;
    for (Eigen::Index j = 0; j < dv; ++j) out[j] += si[j] * xi;
  }
  for (Eigen::Index j = 0; j < dv; ++j) out[j] /= den;
}

}  // namespace

Result<MemoryConfig> make_memory_config(const MemoryOptions& o) {
  const double dk = o.dk, dv = o.dv, beta = o.beta;
  const std::string& rule = o.rule;
  Result<MemoryConfig> r;
  if (!(r.status = check_int("dk", dk, 1, limits::maxDim))) return r;
  if (!(r.status = check_int("dv", dv, 1, limits::maxDim))) return r;
  auto phi = parse_feature_map(o.feature_map);
  if (!(r.status = phi.status)) return r;
  if (rule != "add" && rule != "delta") {
    r.status =
        Status::bad("rule must be 'add' or 'delta' (got '" + rule.substr(0, 40) + "')", "rule");
    return r;
  }
  if (!(r.status = check_real("beta", beta, 0, 2))) return r;
  if (beta <= 0) {
    r.status = Status::bad("beta must be greater than 0 and at most 2 (got 0)", "beta");
    return r;
  }
  r.value = MemoryConfig{static_cast<int>(dk),
                         static_cast<int>(dv),
                         phi.value,
                         o.normalize,
                         rule == "delta" ? WriteRule::Delta : WriteRule::Add,
                         beta,
                         o.unit_keys};
  return r;
}

AssociativeMemory::AssociativeMemory(const MemoryConfig& config) : config_(config) { reset(); }

void AssociativeMemory::reset() {
  S_ = Mat::Zero(config_.dk, config_.dv);
  z_ = Vec::Zero(config_.dk);
  count_ = 0;
  history_keys_.clear();
  history_values_.clear();
  history_complete_ = true;
}

Result<Vec> AssociativeMemory::featurize(const char* name, const std::vector<double>& x) const {
  Result<Vec> r;
  if (!(r.status = check_vec(name, x.data(), static_cast<long long>(x.size()), config_.dk)))
    return r;
  r.value = apply(config_.phi, ConstVecMap(x.data(), config_.dk));
  if (config_.unit_keys) {
    const double norm = r.value.norm();
    if (norm == 0.0) {
      r.status =
          Status::bad(std::string(name) + " must not be the zero vector when unitKeys is on", name);
      return r;
    }
    r.value /= norm;  // unit(): x / |x|, in place
  }
  return r;
}

Result<std::vector<double>> AssociativeMemory::features(const std::vector<double>& x) const {
  auto f = featurize("x", x);
  return {f.status, f.status ? to_vector(f.value) : std::vector<double>{}};
}

Result<std::vector<double>> AssociativeMemory::write(const std::vector<double>& k,
                                                     const std::vector<double>& v) {
  // The stamp is computed straight into the vector the write returns (no copy of dk x dv).
  std::vector<double> out(static_cast<std::size_t>(config_.dk) * config_.dv);
  Result<std::vector<double>> r;
  if ((r.status = commit(k, v, out.data()))) r.value = std::move(out);
  return r;
}

Status AssociativeMemory::write_only(const std::vector<double>& k, const std::vector<double>& v) {
  scratch_.resize(static_cast<std::size_t>(config_.dk) * config_.dv);
  return commit(k, v, scratch_.data());
}

Status AssociativeMemory::write_to(const std::vector<double>& k, const std::vector<double>& v,
                                   double* stamp) {
  return commit(k, v, stamp);
}

Status AssociativeMemory::commit(const std::vector<double>& k, const std::vector<double>& v,
                                 double* stamp_out) {
  auto phi_k = featurize("k", k);
  if (!phi_k.status) return phi_k.status;
  if (Status st = check_vec("v", v.data(), static_cast<long long>(v.size()), config_.dv); !st)
    return st;
  const ConstVecMap vv(v.data(), config_.dv);

  Vec w;
  if (config_.rule == WriteRule::Add) {
    w = vv;  // stamp phi(k) v^T
  } else {
    const double gain = config_.beta * phi_k.value.squaredNorm();
    if (!(gain <= 2.0)) {
      return Status::bad("the delta rule needs beta |phi(k)|^2 <= 2 (got " + fmt_num(gain) +
                             "): below 2 it converges, at 2 the state only stays bounded; use "
                             "unitKeys or a smaller beta",
                         "k");
    }
    // S <- S - beta phi(k) (phi(k)^T S - v^T): the stamp is phi(k) (beta (v - S^T phi(k)))^T
    w = config_.beta * (vv - S_.transpose() * phi_k.value);
  }
  if (!stamp_finite(S_, phi_k.value, w, stamp_out)) {
    return Status::bad(
        "this write would overflow the state (numbers beyond 1e308): it was refused");
  }
  S_ += Eigen::Map<const Mat>(stamp_out, config_.dk, config_.dv);
  z_ += phi_k.value;
  ++count_;
  const long long kept = static_cast<long long>(history_keys_.size());
  if (history_complete_ && kept < limits::maxHistory &&
      (kept + 1) * (config_.dk + config_.dv) <= limits::maxHistoryNumbers) {
    history_keys_.push_back(std::move(phi_k.value));
    history_values_.push_back(std::move(w));
  } else {
    history_complete_ = false;
  }
  return Status::good();
}

Result<double> AssociativeMemory::denominator(const Vec& phi_q) const {
  if (!config_.normalize) return {Status::good(), 1.0};
  const double den = phi_q.dot(z_) + kNormalizerEps;
  if (!std::isfinite(den) || std::fabs(den) < 1e-12) {
    return {Status::bad("cannot normalize this read: phi(q)^T z + eps is 0 (elu1 features keep it "
                        "positive)",
                        "q"),
            0.0};
  }
  return {Status::good(), den};
}

Result<std::vector<double>> AssociativeMemory::read(const std::vector<double>& q) const {
  Result<std::vector<double>> r;
  r.status = read_onto(q, r.value);  // nothing appended on a refusal
  return r;
}

Status AssociativeMemory::read_onto(const std::vector<double>& q, std::vector<double>& out) const {
  auto phi_q = featurize("q", q);
  if (!phi_q.status) return phi_q.status;
  auto den = denominator(phi_q.value);
  if (!den.status) return den.status;
  const std::size_t at = out.size();
  out.resize(at + static_cast<std::size_t>(config_.dv));
  read_into(S_, phi_q.value, den.value, out.data() + at);
  return Status::good();
}

Result<ReadTerms> AssociativeMemory::read_terms(const std::vector<double>& q) const {
  Result<ReadTerms> r;
  if (!history_complete_) {
    r.status =
        Status::bad("readTerms keeps the first " + std::to_string(history_keys_.size()) +
                    " writes of this memory (at most " + std::to_string(limits::maxHistory) +
                    " writes and " + std::to_string(limits::maxHistoryNumbers) +
                    " numbers); it has " + std::to_string(count_) + " (reset it, or use read)");
    return r;
  }
  auto phi_q = featurize("q", q);
  if (!(r.status = phi_q.status)) return r;
  auto den = denominator(phi_q.value);
  if (!(r.status = den.status)) return r;
  const auto n = history_keys_.size();
  r.value.denominator = den.value;
  r.value.coefficients.resize(n);
  r.value.terms.resize(n * config_.dv);
  for (std::size_t i = 0; i < n; ++i) {
    const double c = phi_q.value.dot(history_keys_[i]);
    r.value.coefficients[i] = c;
    Eigen::Map<Vec>(r.value.terms.data() + i * config_.dv, config_.dv) =
        (c / den.value) * history_values_[i];
  }
  r.value.read = to_vector(Vec((S_.transpose() * phi_q.value) / den.value));
  return r;
}

}  // namespace linattn
