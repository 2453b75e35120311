// The loops over a row of the incremental trial (incremental_trial.cpp): dot products, updates
// y += a x, and the recall test, each written so that compilers vectorize it. Mat is row-major, so
// a row is contiguous.
#pragma once
#include <cstdint>

namespace linattn::rows {

// Compiled once each, in row_kernels.cpp, never inlined: then each is vectorized one way, and so
// rounds one way, wherever it is called from. (Inlined into add_plain's loops, GCC left some of
// them unvectorized, three times slower, and rounded some sums differently.) Their sums are split
// into lanes, which changes their rounding by an ulp or so; -ffp-contract=off keeps every product
// and sum otherwise rounded as written.

// Is sims[j] the strict maximum of sims[0..n)? (top-1 recall of read j)
bool recalled(const double* sims, int j, int n);
double dot(const double* a, const double* b, int n);              // a . b
void axpy(double* y, double a, const double* x, int n);           // y += a x
double dist2(const double* a, double t, const double* b, int n);  // |a - t b|^2
double dot_axpy(double* y, double a, const double* x, int n);     // y . x, then y += a x
void axpy2(double* y, double a, double* z, double b, const double* x, int n);  // y += a x, z += b x
// sa = a . x and sb = b . x.
void dot2(const double* a, const double* b, const double* x, int n, double& sa, double& sb);
// y += a x, then: is y[j] the strict maximum of y? (as recalled(); one pass over y)
bool axpy_recalled(double* y, double a, const double* x, int j, int n);

// Sums in a fixed order (four running sums, combined as (s0 + s1) + (s2 + s3)), whatever the
// compiler: the general path's numbers are bit-identical natively and in WebAssembly. (SIMD_SUM
// lets each compiler split a sum into its own lanes, so the plain path's numbers may differ by an
// ulp.)
inline double dot_fixed(const double* a, const double* b, int n) {
  double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  int i = 0;
  for (; i + 4 <= n; i += 4) {
    s0 += a[i] * b[i];
    s1 += a[i + 1] * b[i + 1];
    s2 += a[i + 2] * b[i + 2];
    s3 += a[i + 3] * b[i + 3];
  }
  for (; i < n; ++i) s0 += a[i] * b[i];
  return (s0 + s1) + (s2 + s3);
}
inline double dist2_fixed(const double* a, double t, const double* b, int n) {  // |a - t b|^2
  double s0 = 0, s1 = 0;
  int i = 0;
  for (; i + 2 <= n; i += 2) {
    const double e0 = a[i] - t * b[i], e1 = a[i + 1] - t * b[i + 1];
    s0 += e0 * e0;
    s1 += e1 * e1;
  }
  for (; i < n; ++i) s0 += (a[i] - t * b[i]) * (a[i] - t * b[i]);
  return s0 + s1;
}

// The gated forms: y = b y + a x (b = alpha), then the same recall test.
inline void axpby(double* y, double b, double a, const double* x, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i) y[i] = b * y[i] + a * x[i];
}
inline bool axpby_recalled(double* y, double b, double a, const double* x, int j, int n) {
  const double own = b * y[j] + a * x[j];
  std::int64_t at_least = 0;  // 64-bit: as wide as a double compare's lane mask
#pragma omp simd reduction(+ : at_least)
  for (int m = 0; m < n; ++m) {
    y[m] = b * y[m] + a * x[m];
    at_least += y[m] >= own;
  }
  return at_least == 1;
}

}  // namespace linattn::rows
