// Approximate comparisons that say by how much (in the manner of Eigen's VERIFY_IS_APPROX).
#pragma once
#include <doctest.h>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <vector>

// Max |a_i - b_i| / max(1, |b_i|): a relative error that stays meaningful near zero.
inline double rel_diff(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.size() != b.size()) return INFINITY;
  double worst = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    worst = std::max(worst, std::fabs(a[i] - b[i]) / std::max(1.0, std::fabs(b[i])));
  }
  return worst;
}

inline std::string show(const std::vector<double>& x) {
  std::ostringstream s;
  s.precision(17);
  s << "(";
  for (std::size_t i = 0; i < x.size(); ++i) s << (i ? ", " : "") << x[i];
  s << ")";
  return s.str();
}

#define CHECK_VEC_APPROX(got, expected, tol)                                  \
  do {                                                                        \
    const std::vector<double> got_ = (got), exp_ = (expected);                \
    INFO("got " << show(got_) << ", expected " << show(exp_) << ", rel diff " \
                << rel_diff(got_, exp_));                                     \
    CHECK(rel_diff(got_, exp_) <= (tol));                                     \
  } while (0)
