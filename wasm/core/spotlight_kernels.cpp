#include "spotlight_kernels.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "feature_map.hpp"

// The linear reads' kernels, the spotlight's hottest loops: compiled at -O3 (CMakeLists.txt), the
// rest of the spotlight for size.
namespace linattn {

namespace {

// a . b added in order (spotlight.cpp has its own, for size; the unity build of the lint sees
// both).
double dot_in_order(const double* a, const double* b, Eigen::Index n) {
  double s = 0;
  for (Eigen::Index i = 0; i < n; ++i) s += a[i] * b[i];
  return s;
}

// Random features' phi(q).phi(k) of Keys keys at once (rows of K from k0), into out: each key's w.k
// added over c in order and its terms over i in order, as for one key alone, so the numbers are
// those of random_features(W, k) dotted with phi(q). First every feature's w.k for the Keys keys
// (Keys chains of additions that do not wait for each other, with nothing called in between: one
// key's w.k is a chain of d dependent additions, and it was most of the read's time), into wx
// (m x Keys); then the exponentials.
template <int Keys>
void random_kernel_block(const double* k0, Eigen::Index d, const Mat& W,
                         const std::vector<double>& fq, double scale, std::vector<double>& wx,
                         double* out) {
  std::array<double, limits::maxSpotlightDim * Keys>
      kt{};  // the keys by coordinate: kt[c * Keys + t]
  std::array<double, Keys> half_sq{};
  for (int t = 0; t < Keys; ++t)
    for (Eigen::Index c = 0; c < d; ++c) {
      kt[c * Keys + t] = k0[t * d + c];
      half_sq[t] += 0.5 * k0[t * d + c] * k0[t * d + c];
    }
  const Eigen::Index m = W.rows();
  for (Eigen::Index i = 0; i < m; ++i) {
    const double* w = W.data() + i * d;
    double* acc = wx.data() + i * Keys;
    for (int t = 0; t < Keys; ++t) acc[t] = 0;
    for (Eigen::Index c = 0; c < d; ++c)
      for (int t = 0; t < Keys; ++t) acc[t] += w[c] * kt[c * Keys + t];
  }
  for (int t = 0; t < Keys; ++t) {
    double s = 0;
    for (Eigen::Index i = 0; i < m; ++i)
      s += fq[i] * (std::exp(wx[i * Keys + t] - half_sq[t]) * scale);
    out[t] = s;
  }
}

// phi(q).phi(k_j) of random features, for every row k_j of K: phi(q) once (over its largest entry,
// see the header), then O(m d) a key, four keys at a time, and nothing allocated per key.
void random_kernels(const Mat& K, const Vec& q, const Mat& W, std::vector<double>& num) {
  const Eigen::Index d = K.cols(), m = W.rows();
  std::vector<double> fq(static_cast<std::size_t>(m));
  for (Eigen::Index i = 0; i < m; ++i) fq[i] = dot_in_order(W.data() + i * d, q.data(), d);
  const double top = *std::max_element(fq.begin(), fq.end());
  for (double& f : fq) f = std::exp(f - top);
  const double scale = 1.0 / std::sqrt(static_cast<double>(m));
  std::vector<double> wx(static_cast<std::size_t>(m) * 4);
  Eigen::Index j = 0;
  for (; j + 4 <= K.rows(); j += 4)
    random_kernel_block<4>(K.data() + j * d, d, W, fq, scale, wx, &num[j]);
  for (; j < K.rows(); ++j) random_kernel_block<1>(K.data() + j * d, d, W, fq, scale, wx, &num[j]);
}

// phi(q).phi(k_j) of an elementwise map f (elu1, relu): d terms a key.
template <typename F>
void elementwise_kernels(const Mat& K, const Vec& q, F f, std::vector<double>& num) {
  const Eigen::Index d = K.cols();
  std::vector<double> fq(static_cast<std::size_t>(d));
  for (Eigen::Index c = 0; c < d; ++c) fq[c] = f(q.data()[c]);
  for (Eigen::Index j = 0; j < K.rows(); ++j) {
    const double* k = K.data() + j * d;
    double s = 0;
    for (Eigen::Index c = 0; c < d; ++c) s += fq[c] * f(k[c]);
    num[j] = s;
  }
}

}  // namespace

Eigen::Index linear_kernels(const Mat& K, const Vec& q, const LinearMap& phi,
                            std::vector<double>& num) {
  const Eigen::Index d = K.cols();
  switch (phi.map) {
    case SpotlightMap::Taylor2:  // its 1 + d + d^2 features' dot product, in closed form
      for (Eigen::Index j = 0; j < K.rows(); ++j) {
        const double s = dot_in_order(q.data(), K.data() + j * d, d);
        num[j] = 1 + s + s * s / 2;
      }
      return taylor2_size(d);
    case SpotlightMap::Random:
      random_kernels(K, q, *phi.W, num);
      return phi.W->rows();
    case SpotlightMap::Relu:
      elementwise_kernels(
          K, q, [](double x) { return relu(x); }, num);
      return d;
    default:
      elementwise_kernels(
          K, q, [](double x) { return elu1(x); }, num);
      return d;
  }
}

}  // namespace linattn
