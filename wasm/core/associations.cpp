#include "associations.hpp"

#include <algorithm>

#include "feature_map.hpp"

namespace linattn {

Result<KeyGeometry> parse_key_geometry(const std::string& name) {
  if (name == "random") return {Status::good(), KeyGeometry::Random};
  if (name == "orthogonal") return {Status::good(), KeyGeometry::Orthogonal};
  if (name == "elu1") return {Status::good(), KeyGeometry::Elu1};
  return {Status::bad("keys must be 'random', 'orthogonal' or 'elu1' (got '" + name.substr(0, 40) +
                      "')"),
          KeyGeometry::Random};
}

AssociationDraws::AssociationDraws(int d, int n, std::uint64_t seed, int trial, KeyGeometry keys)
    : rng_(Rng::for_trial(seed, static_cast<std::uint64_t>(trial))),
      keys_(keys),
      a_{Mat(n, d), Mat(n, d)},
      x_(d),
      n_(n) {}

double AssociationDraws::next() {
  const Eigen::Index i = next_++, d = x_.size();
  double cost = 2.0 * kNormalDrawCost * static_cast<double>(d);
  for (Eigen::Index c = 0; c < d; ++c) x_[c] = rng_.normal();
  if (keys_ == KeyGeometry::Elu1) {
    x_ = apply(FeatureMap::Elu1, x_);
  } else if (keys_ == KeyGeometry::Orthogonal && i < d) {
    for (int pass = 0; pass < 2; ++pass) {  // Gram-Schmidt, twice for orthogonality to 1e-16
      for (Eigen::Index j = 0; j < i; ++j) x_ -= a_.K.row(j).dot(x_) * a_.K.row(j).transpose();
    }
    cost += 4.0 * static_cast<double>(i * d);
  }
  a_.K.row(i) = unit(x_).transpose();
  for (Eigen::Index c = 0; c < d; ++c) x_[c] = rng_.normal();
  a_.V.row(i) = unit(x_).transpose();
  return cost;
}

double AssociationDraws::total_cost() const {
  const double d = static_cast<double>(x_.size()), n = static_cast<double>(n_);
  double cost = 2.0 * kNormalDrawCost * d * n;
  // Gram-Schmidt's 4 i d for i < min(d, n): 2 d m (m - 1) with m = min(d, n).
  if (keys_ == KeyGeometry::Orthogonal) cost += 2.0 * d * std::min(d, n) * (std::min(d, n) - 1);
  return cost;
}

Associations make_associations(int d, int n, std::uint64_t seed, int trial, KeyGeometry keys) {
  AssociationDraws draws(d, n, seed, trial, keys);
  while (!draws.done()) draws.next();
  return draws.take();
}

}  // namespace linattn
