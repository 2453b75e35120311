#include "compare.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "linalg.hpp"

namespace linattn {

Result<Comparison> compare(const std::vector<double>& a, const std::vector<double>& b) {
  Result<Comparison> r;
  const auto n = static_cast<long long>(b.size());
  if (!(r.status = check_int("b.length", static_cast<double>(n), 1, limits::maxDim))) {
    r.status.field = "b";  // the argument; its length is what the message is about
    return r;
  }
  // Results, not inputs: a read may exceed maxAbsValue (see limits::maxAbsCompared).
  const double bound = limits::maxAbsCompared;
  if (!(r.status = check_vec("a", a.data(), static_cast<long long>(a.size()), n, bound))) return r;
  if (!(r.status = check_vec("b", b.data(), n, n, bound))) return r;
  const ConstVecMap x(a.data(), n), y(b.data(), n);
  // stableNorm scales before squaring: the squares of 1e-200 (or of a 1e-160 read) underflow and
  // those of 1e160 overflow, but the norms themselves are ordinary doubles.
  const double nx = x.stableNorm(), ny = y.stableNorm();
  Comparison& c = r.value;
  c.dot = x.dot(y);
  c.error = (x - y).stableNorm();
  c.rel_error = ny > 0 ? c.error / ny : (nx > 0 ? nx : 0.0);
  // A huge error over a tiny |b| can pass the largest double: it saturates there, never Infinity.
  c.rel_error = std::min(c.rel_error, std::numeric_limits<double>::max());
  // The cosine of the unit vectors: a.b / (|a||b|) would underflow to 0/0 for tiny vectors.
  c.cosine = (nx > 0 && ny > 0) ? std::clamp((x / nx).dot(y / ny), -1.0, 1.0) : 0.0;
  c.degrees = std::acos(c.cosine) * (180.0 / 3.14159265358979323846);
  return r;
}

Result<StorageNumbers> storage_numbers(double dk, double dv, double n) {
  Result<StorageNumbers> r;
  if (!(r.status = check_int("dk", dk, 1, limits::maxDim))) return r;
  if (!(r.status = check_int("dv", dv, 1, limits::maxDim))) return r;
  if (!(r.status = check_int("n", n, 0, 1e12))) return r;
  r.value.cache = n * (dk + dv);
  r.value.state = dk * dv;
  return r;
}

}  // namespace linattn
