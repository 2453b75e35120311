// The update rules (update_rule.hpp) in the sweep and the single store: the gate and the delta
// rule.
#include <doctest.h>

#include <cmath>
#include <limits>

#include "approx.hpp"
#include "incremental_trial.hpp"
#include "interference.hpp"
#include "trial_options.hpp"

using namespace linattn;
using V = std::vector<double>;

namespace {
SweepConfig sweep(int d, V ns, int trials, const char* keys, const char* rule, double gate,
                  double step = 1, double seed = 1) {
  auto c = make_sweep_config(
      sweep_options(d, ns, trials, trial_settings(seed, keys, 8, rule, gate, step)));
  REQUIRE(c.status.ok);
  return c.value;
}
UpdateRule rule_of(const char* rule, double gate, double step = 1) {
  auto r = make_update_rule(rule, gate, step);
  REQUIRE(r.status.ok);
  return r.value;
}
}  // namespace

TEST_CASE("gate = 1 reproduces the ungated sweep and store bit for bit") {
  for (const char* keys : {"random", "orthogonal", "elu1"}) {
    auto old = make_sweep_config(sweep_options(
        12, {1, 5, 12, 30}, 3, trial_settings(7, keys, 4)));  // the call without a rule
    REQUIRE(old.status.ok);
    const SweepResult a = interference_sweep(old.value);
    auto gated = make_sweep_config(
        sweep_options(12, {1, 5, 12, 30}, 3, trial_settings(7, keys, 4, "add", 1.0, 1.0)));
    REQUIRE(gated.status.ok);
    const SweepResult b = interference_sweep(gated.value);
    for_each_series(a, [&](const char* name, const V& x) {
      INFO(keys << " " << std::string(name));
      bool same = false;
      for_each_series(b, [&](const char* other, const V& y) {
        if (std::string(other) == name) same = x == y;  // exact
      });
      CHECK(same);
    });
    const auto s0 = interference_store(store_options(12, 30, 1, trial_settings(7, keys, 4)));
    const auto s1 =
        interference_store(store_options(12, 30, 1, trial_settings(7, keys, 4, "add", 1.0, 1.0)));
    REQUIRE(s0.status.ok);
    REQUIRE(s1.status.ok);
    CHECK(s0.value.cosine == s1.value.cosine);
    CHECK(s0.value.recalled == s1.value.recalled);
    CHECK(s0.value.softmax_cosine == s1.value.softmax_cosine);
  }
}

TEST_CASE("the general incremental path agrees with the chapter's fast path (gate 1 - 1e-16)") {
  // A gate one ulp below 1 takes the general path; the numbers differ by rounding only (1e-12).
  const double gate = std::nextafter(1.0, 0.0);
  for (const char* keys : {"random", "orthogonal", "elu1"}) {
    const SweepResult a = interference_sweep(sweep(10, {3, 10, 25}, 2, keys, "add", 1.0));
    const SweepResult b = interference_sweep(sweep(10, {3, 10, 25}, 2, keys, "add", gate));
    INFO(keys);
    CHECK(rel_diff(b.cosine_mean, a.cosine_mean) < 1e-12);
    CHECK(rel_diff(b.rel_error_mean, a.rel_error_mean) < 1e-9);
    CHECK(rel_diff(b.crosstalk_mean, a.crosstalk_mean) < 1e-9);
    CHECK(b.recall_mean == a.recall_mean);
    CHECK(rel_diff(b.softmax_cosine_mean, a.softmax_cosine_mean) < 1e-12);
  }
}

TEST_CASE("every rule: the incremental sweep equals the store written directly (1e-9)") {
  struct Case {
    const char* rule;
    double gate, step;
  };
  for (const Case rc : {Case{"add", 0.9, 1}, Case{"delta", 1, 1}, Case{"delta", 0.8, 0.5},
                        Case{"delta", 0.95, 1.7}}) {
    for (const char* keys : {"random", "orthogonal", "elu1"}) {
      const SweepResult r =
          interference_sweep(sweep(12, {5, 20, 37}, 1, keys, rc.rule, rc.gate, rc.step, 77));
      for (std::size_t i = 0; i < r.ns.size(); ++i) {
        auto s = interference_store(
            store_options(12, r.ns[i], 0, trial_settings(77, keys, 8, rc.rule, rc.gate, rc.step)));
        REQUIRE(s.status.ok);
        double cos = 0, rec = 0;
        for (int j = 0; j < s.value.n; ++j) {
          cos += s.value.cosine[j];
          rec += s.value.recalled[j];
        }
        INFO(rc.rule << " gate " << rc.gate << " step " << rc.step << " " << keys
                     << " N = " << r.ns[i]);
        CHECK(r.cosine_mean[i] == doctest::Approx(cos / s.value.n).epsilon(1e-9));
        CHECK(r.recall_mean[i] == doctest::Approx(rec / s.value.n).epsilon(1e-9));
      }
    }
  }
}

TEST_CASE("delta rule, step 1: the newest association reads back exactly (cosine 1 to 1e-9)") {
  for (const char* keys : {"random", "orthogonal", "elu1"}) {
    for (double n : {1.0, 2.0, 17.0, 64.0, 300.0}) {
      for (double gate : {1.0, 0.7}) {
        auto s = interference_store(
            store_options(16, n, 2, trial_settings(3, keys, 8, "delta", gate, 1.0)));
        REQUIRE(s.status.ok);
        INFO(keys << " N = " << n << " gate " << gate);
        CHECK(std::fabs(s.value.age_cosine[0] - 1) < 1e-9);
        CHECK(std::fabs(s.value.age_norm[0] - 1) < 1e-9);
        CHECK(s.value.age_recalled[0] == 1.0);
      }
    }
  }
  // The same in the incremental sweep: with N = 1..40 every store's newest read is exact, so the
  // crosstalk of store N is at most (N - 1)/N of ... simply: the last read's rel error is ~0.
  const Associations a = make_associations(16, 200, 3, 2, KeyGeometry::Random);
  const Mat R = store_reads(a, rule_of("delta", 1.0));
  CHECK((R.row(199) - a.V.row(199)).norm() < 1e-9);
}

TEST_CASE("orthonormal keys, gated additive rule: association i after m writes reads alpha^m v_i") {
  // |read_i - alpha^m v_i| <= 1e-12 for every i < d (the keys are orthonormal to 1e-16).
  const int d = 24;
  const Associations a = make_associations(d, d, 5, 0, KeyGeometry::Orthogonal);
  for (double alpha : {1.0, 0.9, 0.5, 0.1}) {
    const Mat R = store_reads(a, rule_of("add", alpha));
    for (int i = 0; i < d; ++i) {
      const int m = d - 1 - i;
      INFO("alpha " << alpha << ", i = " << i << ", m = " << m);
      CHECK((R.row(i) - std::pow(alpha, m) * a.V.row(i)).norm() < 1e-12);
    }
    auto s = interference_store(
        store_options(d, d, 0, trial_settings(5, "orthogonal", 8, "add", alpha, 1)));
    REQUIRE(s.status.ok);
    for (int m = 0; m < d; ++m) {
      INFO("alpha " << alpha << ", m = " << m);
      CHECK(std::fabs(s.value.age_norm[m] - std::pow(alpha, m)) < 1e-12);
      // The cosine's error is about 1e-16 / alpha^m (the keys' residual overlaps against the
      // faded target): 1e-12 while alpha^m >= 1e-3.
      if (std::pow(alpha, m) >= 1e-3) CHECK(std::fabs(s.value.age_cosine[m] - 1) < 1e-12);
    }
  }
}

TEST_CASE("recall by age: additive blurs every age alike, delta keeps the newest, a gate fades") {
  // d = 32, N = 96 (three times d), random keys, mean over 8 trials of the newest quarter's and
  // the oldest quarter's cosines (measured: add 0.50 / 0.49, delta 0.71 / 0.06, gate 0.9 oldest
  // 0.00x). Thresholds are loose: add: the two within 0.1; delta (step 1): newest > oldest + 0.3;
  // gate 0.9: the oldest quarter (0.9^72 = 5e-4 of its value left) below 0.1.
  auto quarter = [](const V& x, bool newest) {
    const std::size_t q = x.size() / 4;
    double s = 0;
    for (std::size_t m = 0; m < q; ++m) s += x[newest ? m : x.size() - 1 - m];
    return s / q;
  };
  double add_new = 0, add_old = 0, delta_new = 0, delta_old = 0, gate_old = 0;
  for (int t = 0; t < 8; ++t) {
    auto add =
        interference_store(store_options(32, 96, t, trial_settings(1, "random", 8, "add", 1, 1)));
    auto delta =
        interference_store(store_options(32, 96, t, trial_settings(1, "random", 8, "delta", 1, 1)));
    auto gated =
        interference_store(store_options(32, 96, t, trial_settings(1, "random", 8, "add", 0.9, 1)));
    add_new += quarter(add.value.age_cosine, true) / 8;
    add_old += quarter(add.value.age_cosine, false) / 8;
    delta_new += quarter(delta.value.age_cosine, true) / 8;
    delta_old += quarter(delta.value.age_cosine, false) / 8;
    gate_old += quarter(gated.value.age_cosine, false) / 8;
  }
  INFO("add " << add_new << " / " << add_old << ", delta " << delta_new << " / " << delta_old
              << ", gated oldest " << gate_old);
  CHECK(std::fabs(add_new - add_old) < 0.1);
  CHECK(delta_new > delta_old + 0.3);
  CHECK(std::fabs(gate_old) < 0.1);
}

TEST_CASE("update rule settings out of range are refused") {
  CHECK(make_update_rule("hebb", 1, 1).status.message.find("rule must") == 0);
  CHECK(make_update_rule("add", 0, 1).status.message.find("gate must") == 0);
  CHECK(make_update_rule("add", 1.5, 1).status.message.find("gate must") == 0);
  CHECK(make_update_rule("add", NAN, 1).status.message.find("gate must") == 0);
  CHECK(make_update_rule("delta", 1, 0).status.message.find("step must") == 0);
  CHECK(make_update_rule("delta", 1, 2.5).status.message.find("step must") == 0);
  CHECK(make_update_rule("delta", 1, 2).status.ok);
  CHECK(make_sweep_config(sweep_options(8, {4}, 1, trial_settings(1, "random", 1, "delta", 1, -1)))
            .status.message.find("step") == 0);
  CHECK(interference_store(store_options(8, 4, 0, trial_settings(1, "random", 1, "add", 2, 1)))
            .status.message.find("gate") == 0);
}

TEST_CASE("golden numbers: the same seed gives these exactly, natively and in WebAssembly") {
  // tests/api/capacity.test.mjs asserts the same numbers against the WebAssembly module.
  auto c = make_sweep_config(
      sweep_options(16, {1, 7, 24}, 3, trial_settings(5, "random", 8, "delta", 0.9, 0.75)));
  REQUIRE(c.status.ok);
  const SweepResult r = interference_sweep(c.value);
  CHECK(r.cosine_mean == V{1, 0.83663950086755368, 0.41209459545362193});
  CHECK(r.recall_mean == V{1, 1, 0.40277777777777773});
  CHECK(r.crosstalk_mean == V{5.4871170730365935e-33, 0.34775975800672265, 6.9088030272632777});
  auto s =
      interference_store(store_options(16, 24, 1, trial_settings(5, "random", 8, "add", 0.8, 1)));
  REQUIRE(s.status.ok);
  CHECK(V{s.value.age_cosine[0], s.value.age_cosine[1], s.value.age_cosine[5],
          s.value.age_cosine[23]} ==
        V{0.93927132817653591, 0.88116744183263251, 0.59167420806507343, -0.33630695016642009});
}

TEST_CASE("storing a block of associations at once gives add()'s numbers bit for bit") {
  // add_many() visits the store's rows in another order (each row through the whole block) but
  // computes every number as add() (a block of one) does: any block size, any rule, measured or
  // not. A pool's workers and the one-call sweep must agree bit for bit whatever their blocks.
  auto same = [](const TrialMeans& a, const TrialMeans& b) {
    return a.cosine == b.cosine && a.rel_error == b.rel_error && a.crosstalk == b.crosstalk &&
           a.recall == b.recall && a.softmax_cosine == b.softmax_cosine &&
           a.softmax_recall == b.softmax_recall && a.miss == b.miss;
  };
  struct Case {
    int d, n;
    const char* keys;
    const char* rule;
    double gate;
    bool spotlight;
  };
  for (const Case& c :
       {Case{16, 61, "random", "add", 1.0, true}, Case{7, 40, "orthogonal", "add", 1.0, true},
        Case{33, 70, "elu1", "add", 1.0, true}, Case{12, 45, "random", "add", 1.0, false},
        Case{12, 45, "random", "add", 0.95, true}, Case{9, 30, "random", "delta", 1.0, true}}) {
    for (int block : {1, 2, 3, IncrementalTrial::kMaxBlock}) {
      INFO(c.d << " " << c.n << " " << c.keys << " " << c.rule << " gate " << c.gate << " block "
               << block);
      const UpdateRule rule = rule_of(c.rule, c.gate);
      const auto keys = parse_key_geometry(c.keys);
      REQUIRE(keys.status.ok);
      TrialSetup setup;
      setup.seed = 5;
      setup.keys = keys.value;
      setup.beta = 6.0;
      setup.rule = rule;
      IncrementalTrial one(c.d, c.n, setup, 2, c.spotlight);
      IncrementalTrial many = one;  // the same associations, nothing stored yet
      std::vector<TrialMeans> a(c.n), b(c.n);
      for (int i = 0; i < c.n; ++i) one.add(i % 4 == 3 ? nullptr : &a[i]);  // some left unmeasured
      for (int i = 0; i < c.n; i += block) {
        TrialMeans* outs[IncrementalTrial::kMaxBlock];
        for (int k = 0; k < block; ++k)
          outs[k] = i + k < c.n && (i + k) % 4 != 3 ? &b[i + k] : nullptr;
        many.add_many(block, outs);
      }
      CHECK(many.size() == c.n);
      int differ = 0;
      for (int i = 0; i < c.n; ++i) differ += same(a[i], b[i]) ? 0 : 1;
      CHECK(differ == 0);
    }
  }
}

TEST_CASE("a target written with a step too small to square still gives a crosstalk, never NaN") {
  // Found by fuzz_interference: the delta rule with step = 4.9e-324 (the smallest double) makes
  // each target t_j so small that t_j^2 is 0; |X_j|^2 / t_j^2 was 0 / 0 where the reads were 0 too.
  const double step = std::numeric_limits<double>::denorm_min();
  const SweepResult r = interference_sweep(
      sweep(9, {3, 13, 25}, 3, "elu1", "delta", 0.81201804871692407, step, 2930230281.0));
  for (std::size_t i = 0; i < r.ns.size(); ++i) {
    INFO("N = " << r.ns[i]);
    CHECK_FALSE(std::isnan(r.crosstalk_mean[i]));
    CHECK(r.crosstalk_mean[i] >= 0);
    CHECK(std::isfinite(r.rel_error_mean[i]));
  }
}
