// Turns libFuzzer's bytes into the kinds of outside data the bindings pass to the core: numbers
// that are usually sensible and sometimes hostile (NaN, +-Infinity, huge, negative, fractional,
// just past a limit), names that are usually valid, and vectors of about the right length.
// Sizes are clamped small so that each input runs in milliseconds; the values still go through
// the core's own validation (make_memory_config, validate(Sequence), make_sweep_config, ...).
#pragma once
#include <fuzzer/FuzzedDataProvider.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <initializer_list>
#include <limits>
#include <string>
#include <vector>

namespace fuzz {

inline double hostile(FuzzedDataProvider& in) {
  static const double values[] = {std::numeric_limits<double>::quiet_NaN(),
                                  std::numeric_limits<double>::infinity(),
                                  -std::numeric_limits<double>::infinity(),
                                  0.0,
                                  -0.0,
                                  0.5,
                                  -1.0,
                                  1e6,
                                  -1e6,
                                  1e6 + 1,
                                  std::nextafter(1e6, 2e6),
                                  4294967295.0,
                                  4294967296.0,
                                  9.007199254740993e15,
                                  1e300,
                                  -1e300,
                                  std::numeric_limits<double>::denorm_min(),
                                  std::numeric_limits<double>::max(),
                                  std::numeric_limits<double>::lowest(),
                                  2147483648.0,
                                  -2147483649.0,
                                  1e19,
                                  1.8446744073709552e19};
  return values[in.ConsumeIntegralInRange<std::size_t>(0, std::size(values) - 1)];
}

// A count the harness wants: mostly lo..hi, sometimes any double (validation must reject it).
inline double count(FuzzedDataProvider& in, int lo, int hi) {
  switch (in.ConsumeIntegralInRange<int>(0, 15)) {
    case 0:
      return hostile(in);
    case 1:
      return in.ConsumeFloatingPoint<double>();
    case 2:
      return lo + in.ConsumeProbability<double>() * (hi - lo);  // usually fractional
    default:
      return in.ConsumeIntegralInRange<int>(lo, hi);
  }
}

// A real parameter: mostly in [lo, hi], sometimes anything.
inline double real(FuzzedDataProvider& in, double lo, double hi) {
  switch (in.ConsumeIntegralInRange<int>(0, 7)) {
    case 0:
      return hostile(in);
    case 1:
      return in.ConsumeFloatingPoint<double>();
    default:
      return in.ConsumeFloatingPointInRange<double>(lo, hi);
  }
}

// A vector entry: mostly moderate, sometimes at or past maxAbsValue, NaN, Infinity.
inline double entry(FuzzedDataProvider& in) {
  switch (in.ConsumeIntegralInRange<int>(0, 15)) {
    case 0:
      return hostile(in);
    case 1:
      return in.ConsumeFloatingPoint<double>();
    case 2:
      return in.ConsumeFloatingPointInRange<double>(-1e6, 1e6);
    case 3:
      return in.ConsumeIntegralInRange<int>(-3, 3);
    default:
      return in.ConsumeFloatingPointInRange<double>(-4.0, 4.0);
  }
}

// A vector of `expected` entries, or occasionally one of a wrong length (0, one short, one long).
inline std::vector<double> vec(FuzzedDataProvider& in, long long expected) {
  long long n = expected;
  switch (in.ConsumeIntegralInRange<int>(0, 31)) {
    case 0:
      n = 0;
      break;
    case 1:
      n = expected > 0 ? expected - 1 : 0;
      break;
    case 2:
      n = expected + 1;
      break;
    default:
      break;
  }
  std::vector<double> x(static_cast<std::size_t>(n));
  for (auto& e : x) e = entry(in);
  return x;
}

// One of the valid names, or now and then a near miss or arbitrary bytes.
inline std::string name(FuzzedDataProvider& in, std::initializer_list<const char*> valid) {
  switch (in.ConsumeIntegralInRange<int>(0, 15)) {
    case 0:
      return in.ConsumeRandomLengthString(64);
    case 1:
      return std::string(*valid.begin()) + "x";
    case 2:
      return "";
    case 3:
      return std::string("IDENTITY\0elu1", 13);
    default:
      return *(valid.begin() + in.ConsumeIntegralInRange<std::size_t>(0, valid.size() - 1));
  }
}

// Crash loudly (libFuzzer records the input) when an invariant of a successful call fails.
#define FUZZ_CHECK(cond)                                                                   \
  do {                                                                                     \
    if (!(cond)) {                                                                         \
      std::fprintf(stderr, "FUZZ_CHECK failed: %s at %s:%d\n", #cond, __FILE__, __LINE__); \
      std::abort();                                                                        \
    }                                                                                      \
  } while (0)

}  // namespace fuzz
