// libFuzzer harness: la.compare(a, b) and la.storageNumbers({dk, dv, n}), through the core's
// compare and storage_numbers (the bindings add nothing). Checked on success: every field finite,
// cosine in [-1, 1], degrees in [0, 180], error >= 0; storage counts exact.
#include "compare.hpp"
#include "fuzz_input.hpp"

using namespace linattn;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  if (in.ConsumeBool()) {
    const double dk = fuzz::count(in, 1, 1024), dv = fuzz::count(in, 1, 1024);
    const double n = in.ConsumeBool() ? fuzz::count(in, 0, 100000) : fuzz::real(in, 0, 1e12);
    auto r = storage_numbers(dk, dv, n);
    if (!r.status) return 0;
    FUZZ_CHECK(r.value.state == dk * dv && r.value.cache == n * (dk + dv));
    FUZZ_CHECK(std::isfinite(r.value.cache));
    return 0;
  }
  const long long len = in.ConsumeIntegralInRange<int>(0, 8) == 0
                            ? in.ConsumeIntegralInRange<int>(0, 1100)
                            : in.ConsumeIntegralInRange<int>(1, 6);
  const bool tiny = in.ConsumeBool();  // both vectors scaled into the subnormal/underflow range
  auto a = fuzz::vec(in, len), b = fuzz::vec(in, len);
  if (tiny) {
    const double scale = std::ldexp(1.0, -in.ConsumeIntegralInRange<int>(480, 1074));
    for (auto& x : a) x *= scale;
    for (auto& x : b) x *= scale;
  }
  auto r = compare(a, b);
  if (!r.status) {
    FUZZ_CHECK(!r.status.message.empty());
    return 0;
  }
  const Comparison& c = r.value;
  FUZZ_CHECK(std::isfinite(c.error) && std::isfinite(c.rel_error) && std::isfinite(c.dot));
  FUZZ_CHECK(c.error >= 0 && c.rel_error >= 0);
  FUZZ_CHECK(c.cosine >= -1.0 && c.cosine <= 1.0);
  FUZZ_CHECK(c.degrees >= 0.0 && c.degrees <= 180.0);
  return 0;
}
