#pragma once
// The kernel phi(q).phi(k_j) of a linear read (spotlight.hpp's linear_read), for every key k_j (the
// rows of K) into num (n numbers), without forming phi(k_j): d terms a key for elu1 and relu,
// 1 + s + s^2/2 (s = q.k_j) for taylor2, the m random features made and used one at a time (four
// keys at a time). Returns F, the map's feature count. Nothing is allocated per key.
#include <vector>

#include "spotlight.hpp"

namespace linattn {

Eigen::Index linear_kernels(const Mat& K, const Vec& q, const LinearMap& phi,
                            std::vector<double>& num);

}  // namespace linattn
