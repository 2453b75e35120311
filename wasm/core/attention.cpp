#include "attention.hpp"

#include <cmath>

#include "linalg.hpp"
#include "memory.hpp"

namespace linattn {

Status validate(const Sequence& s) {
  Status st;
  if (!(st = check_int("T", s.T, 1, limits::maxSeqLen))) return st;
  if (!(st = check_int("dk", s.dk, 1, limits::maxDim))) return st;
  if (!(st = check_int("dv", s.dv, 1, limits::maxDim))) return st;
  const long long work = 1LL * s.T * s.T * (s.dk + s.dv);
  if (work > limits::maxAttentionWork) {
    return Status::bad("T*T*(dk+dv) must be at most " + std::to_string(limits::maxAttentionWork) +
                           " (got " + std::to_string(work) + ")",
                       "T");
  }
  const auto len = [](const std::vector<double>& x) { return static_cast<long long>(x.size()); };
  if (!(st = check_vec("q", s.q.data(), len(s.q), 1LL * s.T * s.dk))) return st;
  if (!(st = check_vec("k", s.k.data(), len(s.k), 1LL * s.T * s.dk))) return st;
  return check_vec("v", s.v.data(), len(s.v), 1LL * s.T * s.dv);
}

Result<LinearForm> parse_linear_form(const std::string& name) {
  if (name == "parallel") return {Status::good(), LinearForm::Parallel};
  if (name == "recurrent") return {Status::good(), LinearForm::Recurrent};
  return {Status::bad("form must be 'parallel' or 'recurrent' (got '" + name.substr(0, 40) + "')",
                      "form"),
          LinearForm::Recurrent};
}

Result<std::vector<double>> softmax_attention(const Sequence& s) {
  Result<std::vector<double>> r;
  if (!(r.status = validate(s))) return r;
  const ConstMatMap Q(s.q.data(), s.T, s.dk), K(s.k.data(), s.T, s.dk), V(s.v.data(), s.T, s.dv);
  const Mat scores = (Q * K.transpose()) / std::sqrt(static_cast<double>(s.dk));
  Mat O(s.T, s.dv);
  for (int t = 0; t < s.T; ++t) {
    const auto row = scores.row(t).head(t + 1);
    const double m = row.maxCoeff();  // shift for stability: exp(score - max) <= 1
    const Eigen::RowVectorXd w = (row.array() - m).exp().matrix();
    O.row(t) = (w * V.topRows(t + 1)) / w.sum();
  }
  r.value = to_vector(O);
  return r;
}

namespace {

Status check_denominator(double den) {
  if (!std::isfinite(den) || std::fabs(den) < 1e-12) {
    return Status::bad(
        "cannot normalize: a denominator phi(q_t)^T z_t + eps is 0 (elu1 features "
        "keep it positive)",
        "q");
  }
  return Status::good();
}

}  // namespace

Result<std::vector<double>> linear_attention(const Sequence& s, FeatureMap phi, bool normalize,
                                             LinearForm form) {
  Result<std::vector<double>> r;
  if (!(r.status = validate(s))) return r;
  Mat PQ = ConstMatMap(s.q.data(), s.T, s.dk), PK = ConstMatMap(s.k.data(), s.T, s.dk);
  apply_rows(phi, PQ);
  apply_rows(phi, PK);
  const ConstMatMap V(s.v.data(), s.T, s.dv);
  Mat O(s.T, s.dv);

  if (form == LinearForm::Parallel) {
    const Mat A = (PQ * PK.transpose()).triangularView<Eigen::Lower>();  // causal mask
    O = A * V;
    if (normalize) {
      for (int t = 0; t < s.T; ++t) {
        const double den = A.row(t).sum() + kNormalizerEps;
        if (!(r.status = check_denominator(den))) return r;
        O.row(t) /= den;
      }
    }
  } else {
    Mat S = Mat::Zero(s.dk, s.dv);
    Vec z = Vec::Zero(s.dk);
    for (int t = 0; t < s.T; ++t) {
      S.noalias() += PK.row(t).transpose() * V.row(t);
      z += PK.row(t).transpose();
      O.row(t).noalias() = PQ.row(t) * S;
      if (normalize) {
        const double den = PQ.row(t).dot(z) + kNormalizerEps;
        if (!(r.status = check_denominator(den))) return r;
        O.row(t) /= den;
      }
    }
  }
  r.value = to_vector(O);
  return r;
}

}  // namespace linattn
