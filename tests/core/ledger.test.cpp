#include <doctest.h>

#include <cmath>
#include <vector>

#include "ledger.hpp"

using namespace linattn;

namespace {

// The chapter's worked example: k1 = (1,0) -> (3,1), k2 = (0,1) -> (-2,4), k3 = (0.8,0.6) ->
// (0,-5).
LedgerOptions worked_example(double step) {
  LedgerOptions o;
  o.memory.dk = 2;
  o.memory.dv = 2;
  o.keys = {1, 0, 0, 1, 0.8, 0.6};
  o.values = {3, 1, -2, 4, 0, -5};
  o.step = step;
  o.query = {1, 0};
  o.query_index = 0;
  return o;
}

}  // namespace

TEST_CASE("ledger_view: the worked example after three writes") {
  auto r = ledger_view(worked_example(3));
  REQUIRE(r.status.ok);
  const LedgerView& v = r.value;
  CHECK(v.n == 3);
  CHECK(v.step == 3);
  CHECK(v.state == std::vector<double>{3, -3, -2, 1});
  CHECK(v.stamps == std::vector<double>{3, 1, 0, 0, 0, 0, -2, 4, 0, -4, 0, -3});
  CHECK(v.states == std::vector<double>{3, 1, 0, 0, 3, 1, -2, 4, 3, -3, -2, 1});
  CHECK(v.reads == std::vector<double>{3, -3, -2, 1, 1.2000000000000004, -1.8000000000000003});
  CHECK(v.errors == std::vector<double>{4, 3, 3.417601498127012});
  REQUIRE(v.has_query);
  CHECK(v.query_terms.coefficients == std::vector<double>{1, 0, 0.8});
  CHECK(v.query_terms.read == std::vector<double>{3, -3});
  REQUIRE(v.has_query_error);
  CHECK(v.query_error == 4);
  // overlaps k_i . k_j: k1 and k2 orthogonal, k3 at 0.8 and 0.6 from them
  CHECK(v.overlaps == std::vector<double>{1, 0, 0.8, 0, 1, 0.6, 0.8, 0.6, 1});
  CHECK(v.angles.size() == 3);
  CHECK(v.angles[1] == 90);
  CHECK(v.storage.cache == 12);
  CHECK(v.storage.state == 4);
}

TEST_CASE(
    "ledger_view: before any write there is no query read, and k1 reads back exactly after one") {
  auto none = ledger_view(worked_example(0));
  REQUIRE(none.status.ok);
  CHECK_FALSE(none.value.has_query);
  CHECK(none.value.features.size() == 6);  // features of every key, written or not
  CHECK(none.value.storage.cache == 0);
  auto one = ledger_view(worked_example(1));
  REQUIRE(one.status.ok);
  CHECK(one.value.errors == std::vector<double>{0});
  CHECK(one.value.query_error == 0);
}

TEST_CASE("ledger_view: bad input is refused by name") {
  auto field_of = [](LedgerOptions o) { return ledger_view(o).status.field; };
  auto o = worked_example(3);
  o.memory.dk = 0;
  CHECK(field_of(o) == "dk");
  o = worked_example(3);
  o.keys.pop_back();
  CHECK(field_of(o) == "keys");
  o = worked_example(3);
  o.values.push_back(1);
  CHECK(field_of(o) == "values");
  o = worked_example(4);
  CHECK(field_of(o) == "step");
  o = worked_example(3);
  o.query = {1};
  CHECK(field_of(o) == "query");
  o = worked_example(3);
  o.query_index = 3;
  CHECK(field_of(o) == "queryIndex");
  o = worked_example(3);
  o.keys[3] = 1e300;
  CHECK(field_of(o) == "keys[3]");  // the flat place; index.mjs says keys[1][1]
  o = worked_example(0);
  o.keys.assign(2 * (kLedgerMaxAssociations + 1), 1.0);
  o.values = o.keys;
  CHECK(field_of(o) == "associations");
}

TEST_CASE("ledger_view: the angles are between phi(q) and phi(k_i), the space of the overlaps") {
  // elu+1: k1 = (1, 0) and k2 = (0, 1) are perpendicular, but phi(k1) = (2, 1) and phi(k2) = (1, 2)
  // are not: their overlap is 4, and the angle beside it must be theirs, acos(4 / 5).
  auto o = worked_example(3);
  o.memory.feature_map = "elu1";
  auto r = ledger_view(o);
  REQUIRE(r.status.ok);
  const LedgerView& v = r.value;
  CHECK(v.overlaps[1] == 4);
  CHECK(v.angles[0] < 1e-5);  // phi(k1) with itself: acos of a cosine one rounding below 1
  CHECK(v.angles[1] == doctest::Approx(36.86989764584401).epsilon(1e-12));
  // The identity map keeps the raw keys' angles: 90 degrees from k1 to k2.
  auto plain = ledger_view(worked_example(3));
  REQUIRE(plain.status.ok);
  CHECK(plain.value.angles[1] == 90);
}

TEST_CASE("ledger_view: a zero query has no direction, so no angle (NaN), under the identity map") {
  auto o = worked_example(3);
  o.query = {0, 0};
  o.query_index = -1;
  auto r = ledger_view(o);
  REQUIRE(r.status.ok);
  REQUIRE(r.value.angles.size() == 3);
  for (double a : r.value.angles) CHECK(std::isnan(a));
  // Under elu+1, phi(0) = (1, 1) has a direction: 45 degrees from phi(k1) = (2, 1)'s 26.57.
  o.memory.feature_map = "elu1";
  auto elu = ledger_view(o);
  REQUIRE(elu.status.ok);
  CHECK(elu.value.angles[0] == doctest::Approx(18.43494882292201).epsilon(1e-12));
}
