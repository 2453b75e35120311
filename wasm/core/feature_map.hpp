// Feature maps phi applied to queries and keys, so that phi(q).phi(k) is the kernel linear
// attention reads with (Katharopoulos et al. 2020 and its successors).
// Elementwise (memory, attention, the spotlight):
//   identity:  phi(x) = x
//   elu1:      phi(x) = elu(x) + 1  = x + 1 for x > 0, exp(x) otherwise  (always positive)
//   relu:      phi(x) = max(x, 0)                                         (the spotlight only)
// Feature maps of another size (the spotlight, spotlight.hpp):
//   taylor2:   phi(x) = [1, x, vec(x x^T) / sqrt(2)], 1 + d + d^2 features, so that
//              phi(q).phi(k) = 1 + q.k + (q.k)^2 / 2 exactly: exp's second-order Taylor polynomial
//              ("Based", Arora et al. 2024)
//   random:    phi(x)_i = exp(w_i.x - |x|^2 / 2) / sqrt(m), i = 1..m, w_i ~ N(0, I): positive
//              random features whose kernel is an unbiased estimate of exp(q.k) (FAVOR+,
//              Choromanski et al. 2021); the relative error of phi(q).phi(k) is about
//              sqrt((exp(|q + k|^2) - 1) / m).
#pragma once
#include <cstdint>
#include <string>

#include "linalg.hpp"
#include "status.hpp"

namespace linattn {

enum class FeatureMap { Identity, Elu1 };

Result<FeatureMap> parse_feature_map(const std::string& name);  // "identity" | "elu1"

inline double elu1(double x) { return x > 0.0 ? x + 1.0 : std::exp(x); }
inline double relu(double x) { return x > 0.0 ? x : 0.0; }

Vec apply(FeatureMap phi, const Vec& x);
void apply_rows(FeatureMap phi, Mat& X);  // in place, every entry

Vec relu_features(const Vec& x);
// [1, x, vec(x x^T) / sqrt(2)]: entry 1 + d + i d + j is x_i x_j / sqrt(2) (row-major x x^T).
Vec taylor2_features(const Vec& x);
inline long long taylor2_size(long long d) { return 1 + d + d * d; }

// The m x d matrix of w_i (rows), drawn row by row from rng.normal(): the first m rows of a larger
// draw from the same generator are the same rows.
Mat random_feature_weights(int m, int d, std::uint64_t seed, std::uint64_t stream);
// exp(W x - |x|^2 / 2) / sqrt(m), the FAVOR+ features above.
Vec random_features(const Mat& W, const Vec& x);

// x / |x|; a zero vector stays zero (callers reject it where it matters).
Vec unit(const Vec& x);

}  // namespace linattn
