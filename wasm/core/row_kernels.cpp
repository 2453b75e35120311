#include "row_kernels.hpp"

namespace linattn::rows {

// noinline: a build with link-time optimization must not inline them either (see the header).
#define ROW_KERNEL [[gnu::noinline]]

// Is row j's own column the strict maximum of sims[0..n)? Branch-free, so compilers vectorize it
// (it runs n^2 times per reported N): count the entries at least as large as the own one.
ROW_KERNEL bool recalled(const double* sims, int j, int n) {
  const double own = sims[j];
  std::int64_t at_least = 0;  // 64-bit: as wide as a double compare's lane mask
#pragma omp simd reduction(+ : at_least)
  for (int m = 0; m < n; ++m) at_least += sims[m] >= own;
  return at_least == 1;
}

// The sums are split into lanes (SIMD_SUM). Clang (WebAssembly) also runs four vectors side by
// side, so the additions need not wait for each other.
#define LINATTN_PRAGMA(x) _Pragma(#x)
#if defined(__clang__)
#define SIMD_SUM(...) LINATTN_PRAGMA(clang loop vectorize(enable) interleave_count(4))
#else
#define SIMD_SUM(...) LINATTN_PRAGMA(omp simd reduction(+ : __VA_ARGS__))
#endif
ROW_KERNEL double dot(const double* a, const double* b, int n) {  // a . b
  double s = 0;
  SIMD_SUM(s)
  for (int i = 0; i < n; ++i) s += a[i] * b[i];
  return s;
}
ROW_KERNEL void axpy(double* y, double a, const double* x, int n) {  // y += a x
#pragma omp simd
  for (int i = 0; i < n; ++i) y[i] += a * x[i];
}
ROW_KERNEL double dist2(const double* a, double t, const double* b, int n) {  // |a - t b|^2
  double s = 0;
  SIMD_SUM(s)
  for (int i = 0; i < n; ++i) s += (a[i] - t * b[i]) * (a[i] - t * b[i]);
  return s;
}
// The same, fused so that each row is read once:
// y . x (before the update), then y += a x.
ROW_KERNEL double dot_axpy(double* y, double a, const double* x, int n) {
  double s = 0;
  SIMD_SUM(s)
  for (int i = 0; i < n; ++i) {
    s += y[i] * x[i];
    y[i] += a * x[i];
  }
  return s;
}
// y += a x and z += b x.
ROW_KERNEL void axpy2(double* y, double a, double* z, double b, const double* x, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i) {
    y[i] += a * x[i];
    z[i] += b * x[i];
  }
}
// sa = a . x and sb = b . x.
ROW_KERNEL void dot2(const double* a, const double* b, const double* x, int n, double& sa,
                     double& sb) {
  double s = 0, t = 0;
  SIMD_SUM(s, t)
  for (int i = 0; i < n; ++i) {
    s += a[i] * x[i];
    t += b[i] * x[i];
  }
  sa = s;
  sb = t;
}
// y += a x, then: is y[j] the strict maximum of y? (as recalled(); one pass over y)
ROW_KERNEL bool axpy_recalled(double* y, double a, const double* x, int j, int n) {
  const double own = y[j] + a * x[j];  // y[j] after the update, rounded as in the loop
  std::int64_t at_least = 0;           // 64-bit: as wide as a double compare's lane mask
#pragma omp simd reduction(+ : at_least)
  for (int m = 0; m < n; ++m) {
    y[m] += a * x[m];
    at_least += y[m] >= own;
  }
  return at_least == 1;
}

}  // namespace linattn::rows
