#include <doctest.h>

#include <algorithm>
#include <cmath>

#include "approx.hpp"
#include "attention.hpp"
#include "rng.hpp"

using namespace linattn;
using V = std::vector<double>;

namespace {
Sequence random_sequence(int T, int dk, int dv, std::uint64_t seed) {
  Rng g(seed);
  Sequence s{T, dk, dv, V(T * dk), V(T * dk), V(T * dv)};
  for (auto* x : {&s.q, &s.k, &s.v})
    for (auto& e : *x) e = g.normal();
  return s;
}
}  // namespace

TEST_CASE("linear attention: the parallel (masked) and recurrent forms agree to 1e-12") {
  for (auto phi : {FeatureMap::Elu1, FeatureMap::Identity}) {
    for (bool normalize : {true, false}) {
      if (phi == FeatureMap::Identity && normalize) continue;  // denominators may cross 0
      const Sequence s = random_sequence(40, 8, 5, 3);
      auto par = linear_attention(s, phi, normalize, LinearForm::Parallel);
      auto rec = linear_attention(s, phi, normalize, LinearForm::Recurrent);
      REQUIRE(par.status.ok);
      REQUIRE(rec.status.ok);
      CHECK_VEC_APPROX(par.value, rec.value, 1e-12);
    }
  }
}

TEST_CASE("linear attention at t = 1 returns v_1 when normalized (one key, weight 1)") {
  const Sequence s = random_sequence(1, 4, 3, 9);
  auto o = linear_attention(s, FeatureMap::Elu1, true, LinearForm::Recurrent);
  // phi(q).phi(k) / (phi(q).phi(k) + eps) = 1 - tiny
  CHECK_VEC_APPROX(o.value, s.v, 1e-5);
}

TEST_CASE("softmax attention by hand: T = 2, d = 1") {
  // scores at t = 2: q2 k1 = 1*0 = 0, q2 k2 = 1*2 = 2 (scale 1/sqrt(1))
  const Sequence s{2, 1, 1, {0, 1}, {0, 2}, {10, 20}};
  auto o = softmax_attention(s);
  REQUIRE(o.status.ok);
  const double w = std::exp(2.0);
  CHECK_VEC_APPROX(o.value, (V{10, (10 + 20 * w) / (1 + w)}), 1e-15);
}

TEST_CASE("softmax attention: rows are convex combinations, and huge scores do not overflow") {
  Sequence s = random_sequence(16, 4, 2, 5);
  for (auto& x : s.q) x *= 1e5;  // scores ~ 1e10: exp would overflow without the max shift
  auto o = softmax_attention(s);
  REQUIRE(o.status.ok);
  for (double x : o.value) CHECK(std::isfinite(x));
  CHECK(o.value[0] == doctest::Approx(s.v[0]));
  // Every row t is a weighted average of v_1..v_t: each entry within their smallest and largest.
  for (int t = 0; t < s.T; ++t) {
    for (int j = 0; j < s.dv; ++j) {
      double lo = s.v[j], hi = s.v[j];
      for (int i = 1; i <= t; ++i) {
        lo = std::min(lo, s.v[i * s.dv + j]);
        hi = std::max(hi, s.v[i * s.dv + j]);
      }
      const double x = o.value[t * s.dv + j];
      CHECK(x >= lo - 1e-12);
      CHECK(x <= hi + 1e-12);
    }
  }
}

TEST_CASE("attention refuses bad shapes and values") {
  Sequence s = random_sequence(3, 2, 2, 1);
  s.v.pop_back();
  CHECK(softmax_attention(s).status.message == "v must have 6 numbers (got 5)");
  CHECK(softmax_attention(s).status.field == "v");
  s = random_sequence(3, 2, 2, 1);
  s.q[2] = NAN;
  CHECK(linear_attention(s, FeatureMap::Elu1, true, LinearForm::Parallel)
            .status.message.find("q[2]") == 0);
  s.T = 0;
  CHECK(softmax_attention(s).status.message.find("T must be") == 0);
  CHECK(parse_linear_form("chunked").status.message.find("form") == 0);
  CHECK(parse_linear_form("chunked").status.field == "form");
  CHECK(softmax_attention(s).status.field == "T");
  s = random_sequence(1, 4, 4, 1);
  s.T = 4096;  // T*T*(dk+dv) past the work limit: about T
  CHECK(softmax_attention(s).status.field == "T");
}
