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

Status check_real(const std::string& name, double x, double lo, double hi) {
  if (!std::isfinite(x) || x < lo || x > hi) {
    return Status::bad(name + " must be a finite number from " + fmt_num(lo) + " to " +
                           fmt_num(hi) + " (got " + fmt_num(x) + ")",
                       name);
  }
  return Status::good();
}

Status check_int(const std::string& name, double x, double lo, double hi) {
  if (!std::isfinite(x) || x != std::floor(x) || x < lo || x > hi) {
    return Status::bad(name + " must be a whole number from " + fmt_num(lo) + " to " + fmt_num(hi) +
                           " (got " + fmt_num(x) + ")",
                       name);
  }
  return Status::good();
}

Status check_vec(const std::string& name, const double* x, long long len, long long expected) {
  return check_vec(name, x, len, expected, limits::maxAbsValue);
}

Status check_vec(const std::string& name, const double* x, long long len, long long expected,
                 double max_abs) {
  if (len != expected) {
    return Status::bad(name + " must have " + std::to_string(expected) + " numbers (got " +
                           std::to_string(len) + ")",
                       name);
  }
  for (long long i = 0; i < len; ++i) {
    if (!std::isfinite(x[i]) || std::fabs(x[i]) > max_abs) {
      const std::string entry = name + "[" + std::to_string(i) + "]";
      return Status::bad(entry + " must be a finite number from -" + fmt_num(max_abs) + " to " +
                             fmt_num(max_abs) + " (got " + fmt_num(x[i]) + ")",
                         entry);
    }
  }
  return Status::good();
}

Status check_int(const char* name, double x, double lo, double hi) {
  if (std::isfinite(x) && x == std::floor(x) && x >= lo && x <= hi) return Status::good();
  return check_int(std::string(name), x, lo, hi);
}

Status check_real(const char* name, double x, double lo, double hi) {
  if (std::isfinite(x) && x >= lo && x <= hi) return Status::good();
  return check_real(std::string(name), x, lo, hi);
}

Status check_vec(const char* name, const double* x, long long len, long long expected) {
  return check_vec(name, x, len, expected, limits::maxAbsValue);
}

Status check_vec(const char* name, const double* x, long long len, long long expected,
                 double max_abs) {
  bool ok = len == expected;
  for (long long i = 0; ok && i < len; ++i) ok = std::isfinite(x[i]) && std::fabs(x[i]) <= max_abs;
  return ok ? Status::good() : check_vec(std::string(name), x, len, expected, max_abs);
}

}  // namespace linattn
