#include "feature_map.hpp"

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

Vec unit(const Vec& x) {
  const double n = x.norm();
  return n > 0.0 ? Vec(x / n) : x;
}

}  // namespace linattn
