#include "feature_map.hpp"

#include "rng.hpp"

namespace linattn {

Result<FeatureMap> parse_feature_map(const std::string& name) {
  if (name == "identity") return {Status::good(), FeatureMap::Identity};
  if (name == "elu1") return {Status::good(), FeatureMap::Elu1};
  return {Status::bad("featureMap must be 'identity' or 'elu1' (got '" + name.substr(0, 40) + "')",
                      "featureMap"),
          FeatureMap::Identity};
}

Vec apply(FeatureMap phi, const Vec& x) {
  if (phi == FeatureMap::Identity) return x;
  return x.unaryExpr([](double t) { return elu1(t); });
}

void apply_rows(FeatureMap phi, Mat& X) {
  if (phi == FeatureMap::Elu1) X = X.unaryExpr([](double t) { return elu1(t); });
}

Vec relu_features(const Vec& x) {
  return x.unaryExpr([](double t) { return relu(t); });
}

Vec taylor2_features(const Vec& x) {
  const Eigen::Index d = x.size();
  Vec f(taylor2_size(d));
  f[0] = 1.0;
  f.segment(1, d) = x;
  const double r = 1.0 / std::sqrt(2.0);
  for (Eigen::Index i = 0; i < d; ++i) {
    for (Eigen::Index j = 0; j < d; ++j) f[1 + d + i * d + j] = x[i] * x[j] * r;
  }
  return f;
}

Mat random_feature_weights(int m, int d, std::uint64_t seed, std::uint64_t stream) {
  Rng rng = Rng::for_trial(seed, stream);
  Mat W(m, d);
  for (int i = 0; i < m; ++i) {
    for (int c = 0; c < d; ++c) W(i, c) = rng.normal();
  }
  return W;
}

Vec random_features(const Mat& W, const Vec& x) {
  const double half_sq = 0.5 * x.squaredNorm();
  const double scale = 1.0 / std::sqrt(static_cast<double>(W.rows()));
  return ((W * x).array() - half_sq).exp().matrix() * scale;
}

Vec unit(const Vec& x) {
  const double n = x.norm();
  return n > 0.0 ? Vec(x / n) : x;
}

}  // namespace linattn
