#include <doctest.h>

#include <cmath>

#include "approx.hpp"
#include "memory.hpp"

using namespace linattn;
using V = std::vector<double>;

namespace {
AssociativeMemory ledger(const std::string& phi = "identity", bool normalize = false,
                         const std::string& rule = "add") {
  auto cfg = make_memory_config({2, 2, phi, normalize, rule, 1.0, false});
  REQUIRE(cfg.status.ok);
  return AssociativeMemory(cfg.value);
}
V state(const AssociativeMemory& m) { return to_vector(m.state()); }
}  // namespace

TEST_CASE("the chapter's worked example: two perpendicular writes, then an overlapping third") {
  AssociativeMemory m = ledger();

  auto s1 = m.write({1, 0}, {3, 1});
  REQUIRE(s1.status.ok);
  CHECK(s1.value == V{3, 1, 0, 0});  // stamp k1 v1^T
  CHECK(state(m) == V{3, 1, 0, 0});

  auto s2 = m.write({0, 1}, {-2, 4});
  CHECK(s2.value == V{0, 0, -2, 4});
  CHECK(state(m) == V{3, 1, -2, 4});
  CHECK(m.read({1, 0}).value == V{3, 1});   // exactly v1
  CHECK(m.read({0, 1}).value == V{-2, 4});  // exactly v2

  auto s3 = m.write({0.8, 0.6}, {0, -5});
  CHECK_VEC_APPROX(s3.value, (V{0, -4, 0, -3}), 1e-15);
  CHECK_VEC_APPROX(state(m), (V{3, -3, -2, 1}), 1e-15);
  CHECK_VEC_APPROX(m.read({1, 0}).value, (V{3, -3}), 1e-15);          // was (3, 1)
  CHECK_VEC_APPROX(m.read({0.8, 0.6}).value, (V{1.2, -1.8}), 1e-15);  // was (0, -5)
  CHECK(m.count() == 3);
}

TEST_CASE("readTerms splits a read into each stamp's contribution (q.k_i) v_i") {
  AssociativeMemory m = ledger();
  m.write({1, 0}, {3, 1});
  m.write({0, 1}, {-2, 4});
  m.write({0.8, 0.6}, {0, -5});
  auto t = m.read_terms({1, 0});
  REQUIRE(t.status.ok);
  CHECK_VEC_APPROX(t.value.coefficients, (V{1, 0, 0.8}), 1e-15);
  CHECK_VEC_APPROX(t.value.terms, (V{3, 1, 0, 0, 0, -4}), 1e-15);  // v3's stamp inked k1's row
  CHECK_VEC_APPROX(t.value.read, (V{3, -3}), 1e-15);
  CHECK(t.value.denominator == 1.0);
}

TEST_CASE("the normalizer z sums phi(k) and divides the read") {
  AssociativeMemory m = ledger("elu1", true);
  m.write({1, 0}, {3, 1});
  m.write({0, 1}, {-2, 4});
  const double e1 = elu1(1), e0 = elu1(0);  // phi(1) = 2, phi(0) = 1
  CHECK(e1 == 2.0);
  CHECK(e0 == 1.0);
  CHECK_VEC_APPROX(to_vector(m.normalizer()), (V{3, 3}), 1e-15);
  // phi(k1) = (2,1), phi(k2) = (1,2); S = (2,1)(3,1)^T + (1,2)(-2,4)^T = [[4,6],[-1,9]]
  CHECK_VEC_APPROX(state(m), (V{4, 6, -1, 9}), 1e-15);
  // q = k1: phi(q) = (2,1); phi(q)^T S = (7, 21); phi(q)^T z = 9
  auto r = m.read({1, 0});
  CHECK_VEC_APPROX(r.value, (V{7 / (9 + kNormalizerEps), 21 / (9 + kNormalizerEps)}), 1e-15);
  auto t = m.read_terms({1, 0});
  CHECK(t.value.denominator == doctest::Approx(9 + kNormalizerEps).epsilon(1e-15));
  CHECK_VEC_APPROX(t.value.read, r.value, 1e-15);
}

TEST_CASE("the delta rule overwrites: writing the same key twice keeps only the latest value") {
  AssociativeMemory m = ledger("identity", false, "delta");
  m.write({1, 0}, {3, 1});
  auto st = m.write({1, 0}, {5, -2});
  CHECK_VEC_APPROX(st.value, (V{2, -3, 0, 0}), 1e-15);  // beta phi(k)(v - S^T phi(k))^T
  CHECK_VEC_APPROX(m.read({1, 0}).value, (V{5, -2}), 1e-15);
  // the additive rule would have summed them
  AssociativeMemory a = ledger();
  a.write({1, 0}, {3, 1});
  a.write({1, 0}, {5, -2});
  CHECK_VEC_APPROX(a.read({1, 0}).value, (V{8, -1}), 1e-15);
}

TEST_CASE("reset empties the state, the normalizer and the history") {
  AssociativeMemory m = ledger("elu1", true);
  m.write({1, 2}, {3, 4});
  m.reset();
  CHECK(m.count() == 0);
  CHECK(state(m) == V{0, 0, 0, 0});
  CHECK(to_vector(m.normalizer()) == V{0, 0});
  CHECK(m.read_terms({1, 0}).value.coefficients.empty());
}

TEST_CASE("unit keys: phi(k) is scaled to length 1, and a zero key is refused") {
  auto cfg = make_memory_config({2, 1, "identity", false, "add", 1, true});
  AssociativeMemory m(cfg.value);
  CHECK_VEC_APPROX(m.features({3, 4}).value, (V{0.6, 0.8}), 1e-15);
  auto bad = m.write({0, 0}, {1});
  CHECK_FALSE(bad.status.ok);
  CHECK(bad.status.message.find("zero vector") != std::string::npos);
  CHECK(m.count() == 0);
}

TEST_CASE("bad configurations and inputs are refused with messages naming the argument") {
  CHECK(make_memory_config({0, 2, "identity", false, "add", 1, false}).status.message.find("dk") ==
        0);
  CHECK(
      make_memory_config({2, 1e9, "identity", false, "add", 1, false}).status.message.find("dv") ==
      0);
  CHECK(make_memory_config({2.5, 2, "identity", false, "add", 1, false})
            .status.message.find("whole") != std::string::npos);
  CHECK(make_memory_config({2, 2, "relu", false, "add", 1, false})
            .status.message.find("featureMap") == 0);
  CHECK(make_memory_config({2, 2, "identity", false, "erase", 1, false})
            .status.message.find("rule") == 0);
  CHECK(make_memory_config({2, 2, "identity", false, "delta", 0, false})
            .status.message.find("beta") == 0);
  CHECK(make_memory_config({2, 2, "identity", false, "delta", NAN, false})
            .status.message.find("beta") == 0);

  AssociativeMemory m = ledger();
  CHECK(m.write({1}, {1, 2}).status.message == "k must have 2 numbers (got 1)");
  CHECK(m.write({1, 0}, {1, NAN}).status.message.find("v[1]") == 0);
  CHECK(m.write({1, INFINITY}, {1, 2}).status.message.find("k[1]") == 0);
  CHECK(m.write({1e7, 0}, {1, 2}).status.message.find("k[0]") == 0);
  CHECK(m.read({1, 2, 3}).status.message.find("q must have 2") == 0);
  CHECK(m.count() == 0);  // nothing was written by the refused calls
  CHECK(state(m) == V{0, 0, 0, 0});
}

TEST_CASE("each refusal names its field: the option, or the vector entry") {
  auto field = [](const MemoryOptions& o) { return make_memory_config(o).status.field; };
  CHECK(field({0, 2}) == "dk");
  CHECK(field({2, NAN}) == "dv");
  CHECK(field({2, 2, "relu"}) == "featureMap");
  CHECK(field({2, 2, "identity", false, "erase"}) == "rule");
  CHECK(field({2, 2, "identity", false, "delta", 0}) == "beta");
  CHECK(field({2, 2, "identity", false, "delta", 3}) == "beta");
  AssociativeMemory m = ledger();
  CHECK(m.write({1}, {1, 2}).status.field == "k");
  CHECK(m.write({1, 0}, {1, NAN}).status.field == "v[1]");
  CHECK(m.read({1, 2, 3}).status.field == "q");
  CHECK(m.features({INFINITY, 0}).status.field == "x[0]");
  CHECK(m.write({1, 0}, {1, 2}).status.field.empty());  // accepted: no field
}

TEST_CASE("a normalized read whose denominator is 0 is refused, not divided") {
  auto cfg = make_memory_config({2, 1, "identity", true, "add", 1, false});
  AssociativeMemory m(cfg.value);
  m.write({1, 0}, {1});
  auto r = m.read({-kNormalizerEps, 0});  // phi(q).z = -eps: the denominator is exactly 0
  CHECK_FALSE(r.status.ok);
}

TEST_CASE("the delta rule refuses writes it cannot converge on (beta |phi(k)|^2 > 2)") {
  auto cfg = make_memory_config({2, 1, "identity", false, "delta", 1.0, false});
  AssociativeMemory m(cfg.value);
  auto bad = m.write({1000, 1000}, {1});
  CHECK_FALSE(bad.status.ok);
  CHECK(bad.status.message.find("beta |phi(k)|^2 <= 2") != std::string::npos);
  CHECK(bad.status.message.find("below 2 it converges, at 2 the state only stays bounded") !=
        std::string::npos);
  CHECK(m.count() == 0);
  CHECK(m.write({1, 1}, {1}).status.ok);  // |k|^2 = 2: the limit itself is allowed (bounded)
  for (int i = 0; i < 100; ++i) REQUIRE(m.write({1, 0.5}, {1}).status.ok);
  for (double x : to_vector(m.state())) CHECK(std::isfinite(x));
}

TEST_CASE("readTerms' history is bounded by numbers as well as writes; the state keeps going") {
  // dk = 1024, dv = 1: each write keeps 1025 numbers, so the numbers bound (4 Mi) comes first.
  auto cfg = make_memory_config({1024, 1, "identity", false, "add", 1, false});
  AssociativeMemory m(cfg.value);
  std::vector<double> k(1024, 0.0), v(1, 1.0);
  const int fit = static_cast<int>(limits::maxHistoryNumbers / 1025);  // 4092 writes
  for (int i = 0; i <= fit; ++i) {
    k[i % 1024] = 1.0;
    REQUIRE(m.write(k, v).status.ok);
    k[i % 1024] = 0.0;
  }
  CHECK(m.count() == fit + 1);
  auto t = m.read_terms(k);
  CHECK_FALSE(t.status.ok);
  CHECK(t.status.message.find("readTerms keeps the first 4092 writes") == 0);
  CHECK(m.read(k).status.ok);
  m.reset();
  m.write(k, v);
  CHECK(m.read_terms(k).status.ok);
}

TEST_CASE("writes and reads give Eigen's own products bit for bit, at every shape") {
  // The write's stamp and the read are plain loops the compiler vectorizes; each must give exactly
  // the numbers of the Eigen expressions they replaced: phi(k) w^T, and (S^T phi(q)) / den, whose
  // scalar product sums over S's rows in order (in blocks from 128 rows on; a dot product for one
  // column).
  std::uint64_t seed = 12345;
  auto next = [&seed]() {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<double>(seed >> 11) / 9007199254740992.0 * 4.0 - 2.0;
  };
  int checked = 0;
  for (int dk : {1, 2, 3, 7, 32, 127, 128, 150}) {
    for (int dv : {1, 2, 3, 33}) {
      for (const char* rule : {"add", "delta"}) {
        auto cfg = make_memory_config({double(dk), double(dv), "elu1", true, rule, 0.5, true});
        REQUIRE(cfg.status.ok);
        AssociativeMemory m(cfg.value);
        V k(dk), v(dv), q(dk);
        for (int w = 0; w < 5; ++w) {
          for (double& x : k) x = next();
          for (double& x : v) x = next();
          const Mat before = m.state();
          const Vec phi = Eigen::Map<const Vec>(m.features(k).value.data(), dk);
          auto stamp = m.write(k, v);
          REQUIRE(stamp.status.ok);
          const Mat after = m.state();
          // S after = S before + stamp; the stamp's rank-1 form: phi times the stamp's row scale
          const Mat expected = before + Eigen::Map<const Mat>(stamp.value.data(), dk, dv);
          CHECK((after.array() == expected.array()).all());
          if (std::string(rule) == "add") {
            const Mat outer = phi * Eigen::Map<const Vec>(v.data(), dv).transpose();
            CHECK(
                (Eigen::Map<const Mat>(stamp.value.data(), dk, dv).array() == outer.array()).all());
          }
          for (double& x : q) x = next();
          auto read = m.read(q);
          REQUIRE(read.status.ok);
          const Vec pq = Eigen::Map<const Vec>(m.features(q).value.data(), dk);
          const double den = pq.dot(m.normalizer()) + kNormalizerEps;
          const Vec want = (m.state().transpose() * pq) / den;
          CHECK((Eigen::Map<const Vec>(read.value.data(), dv).array() == want.array()).all());
          ++checked;
        }
      }
    }
  }
  CHECK(checked == 8 * 4 * 2 * 5);
}
