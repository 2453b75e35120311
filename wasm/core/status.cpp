#include "status.hpp"

#include <cstdio>

namespace linattn {

std::string fmt_num(double x) {
  char buf[64];
  if (std::isfinite(x) && std::fabs(x) < 1e15 && x == std::floor(x)) {
    std::snprintf(buf, sizeof buf, "%.0f", x);
  } else {
    std::snprintf(buf, sizeof buf, "%.6g", x);
  }
  return buf;
}

Status check_real(const char* name, double x, double lo, double hi) {
  if (!std::isfinite(x) || x < lo || x > hi) {
    return Status::bad(std::string(name) + " must be a finite number from " + fmt_num(lo) + " to " +
                       fmt_num(hi) + " (got " + fmt_num(x) + ")");
  }
  return Status::good();
}

Status check_int(const char* name, double x, double lo, double hi) {
  if (!std::isfinite(x) || x != std::floor(x) || x < lo || x > hi) {
    return Status::bad(std::string(name) + " must be a whole number from " + fmt_num(lo) + " to " +
                       fmt_num(hi) + " (got " + fmt_num(x) + ")");
  }
  return Status::good();
}

Result<unsigned long long> parse_uint63(const char* name, const std::string& text) {
  const Status bad = Status::bad(std::string(name) + " must be a whole number from 0 to 2^63 - 1");
  if (text.empty() || text.size() > 19) return {bad, 0};
  unsigned long long x = 0;
  for (char ch : text) {
    if (ch < '0' || ch > '9') return {bad, 0};
    x = x * 10 + static_cast<unsigned long long>(ch - '0');  // 19 digits < 2^64: no wrap
  }
  if (x > 9223372036854775807ULL) return {bad, 0};
  return {Status::good(), x};
}

Status check_vec(const char* name, const double* x, long long len, long long expected) {
  return check_vec(name, x, len, expected, limits::maxAbsValue);
}

Status check_vec(const char* name, const double* x, long long len, long long expected,
                 double max_abs) {
  if (len != expected) {
    return Status::bad(std::string(name) + " must have " + std::to_string(expected) +
                       " numbers (got " + std::to_string(len) + ")");
  }
  for (long long i = 0; i < len; ++i) {
    if (!std::isfinite(x[i]) || std::fabs(x[i]) > max_abs) {
      return Status::bad(std::string(name) + "[" + std::to_string(i) +
                         "] must be a finite number from -" + fmt_num(max_abs) + " to " +
                         fmt_num(max_abs) + " (got " + fmt_num(x[i]) + ")");
    }
  }
  return Status::good();
}

}  // namespace linattn
