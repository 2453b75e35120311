// Eigen types used across the core. Matrices are row-major so that a state S (dk x dv) copies
// straight into the row-major Float64Array the JS API promises: row i belongs to key coordinate i.
#pragma once
#include <Eigen/Core>
#include <vector>

namespace linattn {

using Vec = Eigen::VectorXd;
using Mat = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using ConstVecMap = Eigen::Map<const Vec>;
using ConstMatMap = Eigen::Map<const Mat>;

inline std::vector<double> to_vector(const Vec& v) { return {v.data(), v.data() + v.size()}; }
inline std::vector<double> to_vector(const Mat& m) { return {m.data(), m.data() + m.size()}; }

}  // namespace linattn
