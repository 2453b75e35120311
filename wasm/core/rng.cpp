#include "rng.hpp"

#include <cmath>

namespace linattn {
namespace {

std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

}  // namespace

Rng::Rng(std::uint64_t seed) {
  std::uint64_t x = seed;
  for (auto& s : s_) s = splitmix64(x);
}

Rng Rng::for_trial(std::uint64_t seed, std::uint64_t trial) {
  std::uint64_t x = seed ^ 0x5DEECE66DULL;
  std::uint64_t a = splitmix64(x);
  std::uint64_t y = trial + 0x632BE59BD9B4E019ULL;
  return Rng(a ^ splitmix64(y));
}

std::uint64_t Rng::next_u64() {
  const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const std::uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

double Rng::uniform() { return static_cast<double>(next_u64() >> 11) * 0x1.0p-53; }

double Rng::normal() {
  if (has_spare_) {
    has_spare_ = false;
    return spare_;
  }
  double u, v, s;
  do {
    u = 2.0 * uniform() - 1.0;
    v = 2.0 * uniform() - 1.0;
    s = u * u + v * v;
  } while (s >= 1.0 || s == 0.0);
  const double f = std::sqrt(-2.0 * det_log(s) / s);  // sqrt is correctly rounded everywhere
  spare_ = v * f;
  has_spare_ = true;
  return u * f;
}

double det_log(double x) {
  // x = m * 2^e with m in [sqrt(1/2), sqrt(2)); log m = 2 atanh(s), s = (m-1)/(m+1), |s| < 0.172.
  int e = 0;
  double m = std::frexp(x, &e);  // m in [0.5, 1)
  if (m < 0.70710678118654752440) {
    m *= 2.0;
    e -= 1;
  }
  const double s = (m - 1.0) / (m + 1.0);
  const double s2 = s * s;
  // 2 * (s + s^3/3 + ... + s^23/23): the next term is below 1e-19 relative.
  double poly = 1.0 / 23.0;
  for (int k = 21; k >= 1; k -= 2) poly = 1.0 / k + s2 * poly;
  const double ln2_hi = 6.93147180369123816490e-01;  // fdlibm's split of ln 2
  const double ln2_lo = 1.90821492927058770002e-10;
  return e * ln2_hi + (2.0 * s * poly + e * ln2_lo);
}

}  // namespace linattn
