// The feature maps of feature_map.hpp that only the spotlight (spotlight.hpp) uses: relu, taylor2
// and the positive random features. A file of their own so that the WebAssembly build compiles them
// for size (CMakeLists.txt) while elu1, which the sweep's key draws use, stays at -O3. Plain loops,
// on raw pointers, not Eigen expressions: each expression would be code of its own in the
// module, and at -Os Eigen's element access stays a call.
#include "feature_map.hpp"
#include "rng.hpp"

namespace linattn {

Vec relu_features(const Vec& x) {
  Vec f(x.size());
  const double* p = x.data();
  for (Eigen::Index i = 0; i < x.size(); ++i) f.data()[i] = relu(p[i]);
  return f;
}

Vec taylor2_features(const Vec& x) {
  const Eigen::Index d = x.size();
  Vec f(taylor2_size(d));
  f[0] = 1.0;
  for (Eigen::Index i = 0; i < d; ++i) f[1 + i] = x[i];
  const double r = 1.0 / std::sqrt(2.0);
  for (Eigen::Index i = 0; i < d; ++i) {
    const double* p = x.data();
    double* out = f.data() + 1 + d + i * d;
    for (Eigen::Index j = 0; j < d; ++j) out[j] = p[i] * p[j] * r;
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
  const Eigen::Index m = W.rows(), d = x.size();
  double half_sq = 0;
  const double* p = x.data();
  for (Eigen::Index c = 0; c < d; ++c) half_sq += 0.5 * p[c] * p[c];
  const double scale = 1.0 / std::sqrt(static_cast<double>(m));
  Vec f(m);
  for (Eigen::Index i = 0; i < m; ++i) {
    double wx = 0;
    const double* w = W.data() + i * d;  // row-major: row i
    for (Eigen::Index c = 0; c < d; ++c) wx += w[c] * p[c];
    f.data()[i] = std::exp(wx - half_sq) * scale;
  }
  return f;
}

}  // namespace linattn
