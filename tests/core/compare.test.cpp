#include <doctest.h>

#include <cmath>
#include <limits>

#include "compare.hpp"
#include "memory.hpp"

using namespace linattn;

TEST_CASE("compare: the worked example's k1 read (3,-3) against v1 (3,1) is off by 4") {
  auto c = compare({3, -3}, {3, 1});
  REQUIRE(c.status.ok);
  CHECK(c.value.error == 4.0);
  CHECK(c.value.rel_error == doctest::Approx(4 / std::sqrt(10.0)));
  CHECK(c.value.dot == 6.0);
  CHECK(c.value.cosine == doctest::Approx(6 / (std::sqrt(18.0) * std::sqrt(10.0))));
}

TEST_CASE("compare: angles between keys, and zero vectors") {
  CHECK(compare({1, 0}, {0, 1}).value.degrees == doctest::Approx(90));
  CHECK(compare({1, 0}, {0.8, 0.6}).value.degrees == doctest::Approx(36.8699).epsilon(1e-5));
  CHECK(compare({1, 0}, {-1, 0}).value.degrees == doctest::Approx(180));
  auto z = compare({0, 0}, {0, 0});
  CHECK(z.value.error == 0);
  CHECK(z.value.rel_error == 0);
  CHECK(z.value.degrees == doctest::Approx(90));
  CHECK(compare({1, 2}, {1}).status.message == "a must have 1 numbers (got 2)");
  CHECK(compare({NAN}, {1}).status.message.find("a[0]") == 0);
}

TEST_CASE("compare takes reads beyond maxAbsValue: a read is a sum of inputs, not an input") {
  // Seven (1,0)->(3,1) writes and one (1,0)->(1e6,1e6); the k1 read is (1000021,
  // 1000007).
  AssociativeMemory mem(MemoryConfig{});
  for (int i = 0; i < 7; ++i) REQUIRE(mem.write({1, 0}, {3, 1}).status.ok);
  REQUIRE(mem.write({1, 0}, {1e6, 1e6}).status.ok);
  auto read = mem.read({1, 0});
  REQUIRE(read.status.ok);
  CHECK(read.value[0] == 1000021.0);
  auto c = compare(read.value, {3, 1});
  REQUIRE(c.status.ok);
  CHECK(c.value.error == doctest::Approx(std::hypot(1000018.0, 1000006.0)));
  // The largest read the ledger can make: 8 writes of keys and values at 1e6 in d = 3.
  const double big = 8 * 3 * 1e6 * 1e6 * 1e6;
  CHECK(compare({big, -big, big}, {1e6, 1e6, 1e6}).status.ok);
  CHECK(compare({limits::maxAbsCompared, 0}, {0, 1}).status.ok);
  CHECK_FALSE(compare({limits::maxAbsCompared * 10, 0}, {0, 1}).status.ok);
  CHECK_FALSE(compare({INFINITY, 0}, {0, 1}).status.ok);
}

TEST_CASE(
    "compare at the ends of the range: norms neither underflow nor overflow, every field finite") {
  // Found by fuzz_compare: a = (2.05e149, -6.6e-160), b = (-6.6e-160, -6.6e-160). |a - b| / |b| is
  // 2.2e308, past the largest double: it saturates there instead of becoming Infinity.
  const double tiny = -6.6051673333718148e-160;
  auto c = compare({2.0458691299350884e+149, tiny}, {tiny, tiny});
  REQUIRE(c.status.ok);
  CHECK(std::isfinite(c.value.rel_error));
  CHECK(c.value.rel_error == std::numeric_limits<double>::max());
  CHECK(c.value.error == doctest::Approx(2.0458691299350884e+149));
  CHECK(c.value.cosine == doctest::Approx(-1 / std::sqrt(2.0)).epsilon(1e-12));
  // Squares of 1e-200 underflow to 0: the norms are still right (|b| = 1e-200 sqrt 2).
  auto t = compare({1e-200, 0}, {1e-200, 1e-200});
  REQUIRE(t.status.ok);
  CHECK(t.value.rel_error == doctest::Approx(1 / std::sqrt(2.0)).epsilon(1e-12));
  CHECK(t.value.cosine == doctest::Approx(1 / std::sqrt(2.0)).epsilon(1e-12));
  CHECK(t.value.degrees == doctest::Approx(45).epsilon(1e-12));
  // Squares of 1e150 pass 1e300 but not the largest double: exact, as before.
  auto h = compare({limits::maxAbsCompared, 0}, {0, limits::maxAbsCompared});
  CHECK(h.value.error == doctest::Approx(limits::maxAbsCompared * std::sqrt(2.0)).epsilon(1e-12));
  CHECK(h.value.degrees == doctest::Approx(90));
}

TEST_CASE("storage numbers: receipts grow as n (dk + dv), the ledger stays dk dv") {
  auto s = storage_numbers(2, 2, 3);
  CHECK(s.value.cache == 12);
  CHECK(s.value.state == 4);
  CHECK(storage_numbers(64, 64, 1e6).value.state == 4096);
  CHECK_FALSE(storage_numbers(0, 2, 3).status.ok);
  CHECK_FALSE(storage_numbers(2, 2, -1).status.ok);
}
