// Feature maps phi applied elementwise to queries and keys (Katharopoulos et al. 2020).
//   identity:  phi(x) = x
//   elu1:      phi(x) = elu(x) + 1  = x + 1 for x > 0, exp(x) otherwise  (always positive)
#pragma once
#include <string>

#include "linalg.hpp"
#include "status.hpp"

namespace linattn {

enum class FeatureMap { Identity, Elu1 };

Result<FeatureMap> parse_feature_map(const std::string& name);  // "identity" | "elu1"

inline double elu1(double x) { return x > 0.0 ? x + 1.0 : std::exp(x); }

Vec apply(FeatureMap phi, const Vec& x);
void apply_rows(FeatureMap phi, Mat& X);  // in place, every entry

// x / |x|; a zero vector stays zero (callers reject it where it matters).
Vec unit(const Vec& x);

}  // namespace linattn
