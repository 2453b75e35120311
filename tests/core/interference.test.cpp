#include <doctest.h>

#include <cmath>

#include "approx.hpp"
#include "incremental_trial.hpp"
#include "interference.hpp"
#include "trial_options.hpp"

using namespace linattn;
using V = std::vector<double>;

namespace {
SweepConfig sweep(int d, V ns, int trials, const char* keys, double beta = 8, double seed = 1) {
  auto c = make_sweep_config(sweep_options(d, ns, trials, trial_settings(seed, keys, beta)));
  REQUIRE(c.status.ok);
  return c.value;
}
std::size_t index_of(const SweepResult& r, double n) {
  for (std::size_t i = 0; i < r.ns.size(); ++i)
    if (r.ns[i] == n) return i;
  FAIL("n not in ns");
  return 0;
}
}  // namespace

TEST_CASE("random unit keys follow theory: cosine ~ 1/sqrt(1+(N-1)/d), crosstalk ~ (N-1)/d") {
  // d = 64, 32 trials, seed 1. Tolerances: the cosine's trial-to-trial spread is ~0.01, so 0.02 on
  // the mean; the crosstalk energy's relative spread is ~5%, so 10%.
  const SweepResult r = interference_sweep(sweep(64, {1, 16, 64, 128, 256}, 32, "random"));
  for (double n : {16.0, 64.0, 128.0, 256.0}) {
    const auto i = index_of(r, n);
    INFO("N = " << n << ": cosine " << r.cosine_mean[i] << " vs theory " << r.theory_cosine[i]
                << "; crosstalk " << r.crosstalk_mean[i] << " vs " << r.theory_crosstalk[i]);
    CHECK(std::fabs(r.cosine_mean[i] - r.theory_cosine[i]) < 0.02);
    CHECK(std::fabs(r.crosstalk_mean[i] / r.theory_crosstalk[i] - 1) < 0.10);
  }
  CHECK(r.theory_cosine[index_of(r, 64)] == doctest::Approx(1 / std::sqrt(1 + 63.0 / 64)));
  CHECK(r.theory_cosine[index_of(r, 256)] == doctest::Approx(0.448).epsilon(0.002));
  CHECK(r.cosine_mean[0] == doctest::Approx(1.0).epsilon(1e-12));  // one association: exact
  CHECK(r.recall_mean[0] == 1.0);
  CHECK(r.recall_mean[index_of(r, 256)] < r.recall_mean[index_of(r, 16)]);
  CHECK(r.state_numbers[0] == 4096);
  CHECK(r.cache_numbers[index_of(r, 256)] == 256 * 128);
}

TEST_CASE("orthonormal keys recall exactly up to N = d, and not beyond") {
  const int d = 16;
  V ns;
  for (int n = 1; n <= 3 * d; ++n) ns.push_back(n);
  const SweepResult r = interference_sweep(sweep(d, ns, 4, "orthogonal"));
  for (int n = 1; n <= d; ++n) {
    INFO("N = " << n);
    CHECK(r.crosstalk_mean[n - 1] < 1e-24);
    CHECK(r.rel_error_mean[n - 1] < 1e-12);
    CHECK(r.recall_mean[n - 1] == 1.0);
  }
  CHECK(r.crosstalk_mean[d] > 1e-4);  // the (d+1)-th key must overlap
  CHECK(r.cosine_mean[2 * d] < 0.95);
}

TEST_CASE("the softmax spotlight keeps recall past N = d at high beta") {
  const SweepResult r = interference_sweep(sweep(32, {32, 64, 128}, 8, "random", 60));
  for (std::size_t i = 0; i < r.ns.size(); ++i) {
    INFO("N = " << r.ns[i] << ": softmax recall " << r.softmax_recall_mean[i] << ", linear "
                << r.recall_mean[i]);
    CHECK(r.softmax_cosine_mean[i] > r.cosine_mean[i]);
    CHECK(r.softmax_recall_mean[i] > 0.99);
  }
}

TEST_CASE("elu+1 features overlap every key: recall collapses far below d") {
  const SweepResult r = interference_sweep(sweep(64, {8, 64}, 8, "elu1"));
  CHECK(r.cosine_mean[0] < 0.5);
  CHECK(r.crosstalk_mean[1] > 10);
}

TEST_CASE("the incremental sweep equals a store computed directly") {
  for (const char* keys : {"random", "orthogonal", "elu1"}) {
    const SweepResult r = interference_sweep(sweep(12, {5, 20, 37}, 1, keys, 5, 77));
    for (std::size_t i = 0; i < r.ns.size(); ++i) {
      auto s = interference_store(store_options(12, r.ns[i], 0, trial_settings(77, keys, 5)));
      REQUIRE(s.status.ok);
      double cos = 0, rec = 0, scos = 0, srec = 0;
      for (int j = 0; j < s.value.n; ++j) {
        cos += s.value.cosine[j];
        rec += s.value.recalled[j];
        scos += s.value.softmax_cosine[j];
        srec += s.value.softmax_recalled[j];
      }
      INFO(keys << " N = " << r.ns[i]);
      CHECK(r.cosine_mean[i] == doctest::Approx(cos / s.value.n).epsilon(1e-12));
      CHECK(r.recall_mean[i] == doctest::Approx(rec / s.value.n).epsilon(1e-12));
      CHECK(r.softmax_cosine_mean[i] == doctest::Approx(scos / s.value.n).epsilon(1e-12));
      CHECK(r.softmax_recall_mean[i] == doctest::Approx(srec / s.value.n).epsilon(1e-12));
    }
  }
}

TEST_CASE("a store's key overlaps are |k_i . k_j| with ones on the diagonal") {
  auto s = interference_store(store_options(8, 10, 0, trial_settings(3, "orthogonal", 8)));
  REQUIRE(s.status.ok);
  for (int i = 0; i < 10; ++i) {
    CHECK(s.value.key_overlap[i * 10 + i] == doctest::Approx(1.0));
    for (int j = 0; j < 8; ++j)
      if (i < 8 && j != i) CHECK(s.value.key_overlap[i * 10 + j] < 1e-14);
  }
}

TEST_CASE("the same seed gives the same sweep; another seed a different one") {
  const SweepResult a = interference_sweep(sweep(16, {10, 30}, 3, "random", 8, 5));
  const SweepResult b = interference_sweep(sweep(16, {10, 30}, 3, "random", 8, 5));
  const SweepResult c = interference_sweep(sweep(16, {10, 30}, 3, "random", 8, 6));
  CHECK(a.cosine_mean == b.cosine_mean);
  CHECK(a.cosine_mean != c.cosine_mean);
  CHECK(a.cosine_std[1] > 0);
}

TEST_CASE("a sweep streamed a few trials at a time ends bit for bit where one call does") {
  for (const char* keys : {"random", "orthogonal", "elu1"}) {
    const SweepConfig cfg = sweep(12, {1, 5, 12, 30, 48}, 7, keys, 4, 3);
    const SweepResult whole = interference_sweep(cfg);
    CHECK(whole.trials == 7);
    SweepStream stream(cfg);
    const SweepResult none = stream.result();
    CHECK(none.trials == 0);
    CHECK(none.ns.empty());
    CHECK(none.cosine_mean.empty());
    CHECK(stream.run(1) == 1);
    // After one trial: the means are that trial's, the spread is zero.
    const SweepResult first = stream.result();
    const SweepResult one = interference_sweep(sweep(12, {1, 5, 12, 30, 48}, 1, keys, 4, 3));
    CHECK(first.trials == 1);
    CHECK(first.cosine_mean == one.cosine_mean);
    CHECK(first.softmax_recall_mean == one.softmax_recall_mean);
    CHECK(first.cosine_std == V(5, 0.0));
    CHECK(stream.run(2) == 2);
    CHECK(stream.trials_done() == 3);
    CHECK_FALSE(stream.complete());
    CHECK(stream.run(100) == 4);  // only the 4 that remain
    CHECK(stream.complete());
    CHECK(stream.run(5) == 0);
    const SweepResult last = stream.result();
    CHECK(last.trials == 7);
    // exact: the same per-trial numbers, summed in order (every series, from the one table)
    for_each_series(last, [&](const char* name, const V& x) {
      for_each_series(whole, [&](const char* other, const V& y) {
        if (std::string(name) == other) {
          INFO(keys << " " << name);
          CHECK(x == y);
        }
      });
    });
  }
}

namespace {
void check_same(const SweepResult& a, const SweepResult& b, const std::string& what) {
  CHECK(a.trials == b.trials);
  for (const SweepSeries& s : kSweepSeries) {
    INFO(what << " " << s.name);
    CHECK(a.*(s.member) == b.*(s.member));  // exact
  }
}
}  // namespace

TEST_CASE("a sweep advanced a few associations at a time ends bit for bit where one call does") {
  auto delta = make_sweep_config(
      sweep_options(12, {1, 5, 12, 30, 48}, 5, trial_settings(2, "random", 4, "delta", 0.9, 0.7)));
  REQUIRE(delta.status.ok);
  for (const SweepConfig& cfg : {sweep(12, {1, 5, 12, 30, 48}, 5, "elu1", 4, 3), delta.value}) {
    const SweepResult whole = interference_sweep(cfg);
    for (double work : {1.0, 300.0, 5000.0}) {
      SweepStream stream(cfg);
      int finished = 0, calls = 0;
      while (!stream.complete()) {
        finished += stream.advance(work, 100);
        ++calls;
        CHECK(stream.result().trials == finished);  // a half-done trial is not in it
      }
      CHECK(finished == 5);
      // One piece per call: each trial draws its 48 associations one by one (a trial's drawing is
      // not one long piece), sets up its store, then adds the associations a block at a time.
      const int blocks = (48 + IncrementalTrial::kMaxBlock - 1) / IncrementalTrial::kMaxBlock;
      if (work == 1) CHECK(calls == 5 * (48 + 1 + blocks));
      check_same(whole, stream.result(), "advance");
    }
    SweepStream mixed(cfg);  // advance, then run: the half-done trial is finished first
    CHECK(mixed.advance(10, 1) == 0);
    CHECK(mixed.run(2) == 2);
    CHECK(mixed.advance(1e300, 1) == 1);
    CHECK(mixed.run(10) == 2);
    check_same(whole, mixed.result(), "mixed");
  }
}

TEST_CASE(
    "per-trial records merged in any order give the sweep bit for bit; bad parts are refused") {
  const SweepConfig cfg = sweep(16, {1, 8, 16, 40, 64}, 6, "random", 8, 5);
  const SweepResult whole = interference_sweep(cfg);
  auto part = [&](int first, int count) {
    auto r = sweep_trials(cfg, first, count);
    REQUIRE(r.status.ok);
    CHECK(r.value.records.size() == static_cast<std::size_t>(count) * 5 * kTrialFields);
    return TrialsPart{static_cast<double>(first), static_cast<double>(count), r.value.records};
  };
  const std::vector<TrialsPart> parts = {part(4, 2), part(0, 1), part(1, 3)};
  auto merged = merge_sweep_trials(cfg, parts);
  REQUIRE(merged.status.ok);
  check_same(whole, merged.value, "merged");
  auto partial = merge_sweep_trials(cfg, {parts[1], parts[2]});
  REQUIRE(partial.status.ok);
  check_same(interference_sweep(sweep(16, {1, 8, 16, 40, 64}, 4, "random", 8, 5)), partial.value,
             "first four");

  CHECK(merge_sweep_trials(cfg, {parts[0], parts[0]}).status.field == "parts[1].first");
  CHECK(merge_sweep_trials(cfg, {TrialsPart{5, 2, parts[0].values}}).status.field ==
        "parts[0].count");
  TrialsPart short_part = parts[1];
  short_part.values.pop_back();
  CHECK(merge_sweep_trials(cfg, {short_part}).status.field == "parts[0].records");
  TrialsPart nan_part = parts[1];
  nan_part.values[0] = std::nan("");
  CHECK_FALSE(merge_sweep_trials(cfg, {nan_part}).status.ok);
  TrialsPart count_part = parts[1];
  count_part.values[3] = 1.5;  // recall
  CHECK_FALSE(merge_sweep_trials(cfg, {count_part}).status.ok);
  CHECK_FALSE(sweep_trials(cfg, 6, 1).status.ok);
  CHECK_FALSE(sweep_trials(cfg, 2, 5).status.ok);
  CHECK_FALSE(sweep_trials(cfg, 0.5, 1).status.ok);
}

TEST_CASE("the sweep's series table lists every series once, all aligned with ns") {
  const SweepResult r = interference_sweep(sweep(8, {2, 9}, 2, "random"));
  int count = 0;
  for_each_series(r, [&](const char* name, const V& x) {
    INFO(name);
    CHECK(x.size() == 2);
    ++count;
  });
  CHECK(count == static_cast<int>(sizeof(SweepResult) / sizeof(V)));  // every vector member
  for (std::size_t i = 0; i < std::size(kSweepSeries); ++i)
    for (std::size_t j = 0; j < i; ++j)
      CHECK(std::string(kSweepSeries[i].name) != kSweepSeries[j].name);
}

TEST_CASE("sweep parameters out of range are refused") {
  CHECK(make_sweep_config(sweep_options(0, {1}, 1, trial_settings(1, "random", 1)))
            .status.message.find("d must") == 0);
  CHECK(make_sweep_config(sweep_options(8, {}, 1, trial_settings(1, "random", 1)))
            .status.message.find("ns must") == 0);
  CHECK(make_sweep_config(sweep_options(8, {3, 2}, 1, trial_settings(1, "random", 1)))
            .status.message.find("ascending") != std::string::npos);
  CHECK(make_sweep_config(sweep_options(8, {0}, 1, trial_settings(1, "random", 1)))
            .status.message.find("ns[0]") == 0);
  CHECK(make_sweep_config(sweep_options(8, {1.5}, 1, trial_settings(1, "random", 1)))
            .status.message.find("ns[0]") == 0);
  CHECK(make_sweep_config(sweep_options(8, {4}, 0, trial_settings(1, "random", 1)))
            .status.message.find("trials") == 0);
  CHECK(make_sweep_config(sweep_options(8, {4}, 1, trial_settings(-1, "random", 1)))
            .status.message.find("seed") == 0);
  CHECK(make_sweep_config(sweep_options(8, {4}, 1, trial_settings(1, "gaussian", 1)))
            .status.message.find("keys") == 0);
  CHECK(make_sweep_config(sweep_options(8, {4}, 1, trial_settings(1, "random", INFINITY)))
            .status.message.find("beta") == 0);
  CHECK(make_sweep_config(sweep_options(512, {2048}, 256, trial_settings(1, "random", 1)))
            .status.message.find("trials * N^2") == 0);
  CHECK(interference_store(store_options(8, 2000, 0, trial_settings(1, "random", 1)))
            .status.message.find("n must") == 0);
}

TEST_CASE("recall and misses are counted, not summed in fractions: no read wrong means exactly 0") {
  // At the defaults (d = 64, random keys, seed 1, 8 trials) every read at
  // N = 49 is right, yet summing 49 times 1/49 gave recall 0.9999999999999999 and a miss rate of
  // 1.1e-16 ("under 0.1% would pick the wrong value"). Counts divided once are exact.
  const SweepResult r = interference_sweep(sweep(64, {1, 7, 49, 63, 64}, 8, "random"));
  for (std::size_t i = 0; i < r.ns.size(); ++i) {
    CHECK(r.recall_mean[i] == 1.0);
    CHECK(r.miss_mean[i] == 0.0);
  }
  // Where reads do go wrong, the miss rate is a whole number of misses over n (per trial).
  const SweepResult o = interference_sweep(sweep(16, {40}, 1, "random"));
  const double misses = o.miss_mean[0] * 40;
  CHECK(misses > 0);
  CHECK(std::abs(misses - std::round(misses)) < 1e-12);
  CHECK(std::abs(o.miss_mean[0] + o.recall_mean[0] - 1.0) < 1e-15);
}

namespace {
StoreConfig store(int d, int n, const char* keys, const char* rule = "add", double gate = 1,
                  int trial = 0) {
  auto c = make_store_config(store_options(d, n, trial, trial_settings(7, keys, 6, rule, gate, 1)));
  REQUIRE(c.status.ok);
  return c.value;
}
void check_same(const StoreResult& a, const StoreResult& b) {
  CHECK(a.n == b.n);
  CHECK(a.key_overlap == b.key_overlap);  // exact, every series
  CHECK(a.cosine == b.cosine);
  CHECK(a.recalled == b.recalled);
  CHECK(a.norm == b.norm);
  CHECK(a.softmax_cosine == b.softmax_cosine);
  CHECK(a.softmax_recalled == b.softmax_recalled);
  CHECK(a.age_cosine == b.age_cosine);
  CHECK(a.age_recalled == b.age_recalled);
  CHECK(a.age_norm == b.age_norm);
}
}  // namespace

TEST_CASE("a store streamed in short pieces ends bit for bit where one call does") {
  // The page thread without workers computes a store a piece at a time. The pieces are
  // fixed by n (kStoreBlockRows reads a block), never by the work asked per call.
  for (const char* keys : {"random", "orthogonal", "elu1"}) {
    for (const char* rule : {"add", "delta"}) {
      for (int n : {1, 15, 16, 17, 40}) {
        INFO(keys << " " << rule << " n = " << n);
        const StoreConfig cfg = store(12, n, keys, rule, std::string(rule) == "add" ? 1 : 0.9);
        auto whole = interference_store(
            store_options(12, n, 0, trial_settings(7, keys, 6, rule, cfg.rule.gate, 1)));
        REQUIRE(whole.status.ok);
        for (double work : {1.0, 97.0, 5000.0}) {
          StoreStream stream(cfg);
          double last = stream.progress();
          CHECK(last == 0);
          int calls = 0;
          while (!stream.advance(work)) {
            CHECK(stream.progress() >= last);
            last = stream.progress();
            ++calls;
          }
          CHECK(stream.progress() == doctest::Approx(1.0));
          if (work == 1.0) CHECK(calls >= n);  // one piece a call: at least one per association
          check_same(stream.result(), whole.value);
        }
      }
    }
  }
}

TEST_CASE("a store's reads are the full matrices' reads, block by block") {
  // The blocks give the numbers the whole-matrix formulas give (to rounding): overlaps C = K K^T,
  // reads R = C V (the chapter's rule) or K S (any rule, S from its writes), the spotlight's
  // numerators exp(beta (C - 1)) V.
  for (const char* rule : {"add", "delta"}) {
    const StoreConfig cfg = store(10, 37, "random", rule);
    const Associations a = make_associations(10, 37, 7, 0, KeyGeometry::Random);
    const Mat C = a.K * a.K.transpose();
    const Mat R = store_reads(a, cfg.rule);
    const Mat U = (6 * (C.array() - 1.0)).exp().matrix() * a.V;
    StoreStream stream(cfg);
    stream.advance(1e300);
    const StoreResult& s = stream.result();
    for (int j = 0; j < 37; ++j) {
      INFO(rule << " j = " << j);
      CHECK(s.norm[j] == doctest::Approx(R.row(j).norm()).epsilon(1e-12));
      CHECK(s.cosine[j] ==
            doctest::Approx(R.row(j).dot(a.V.row(j)) / R.row(j).norm()).epsilon(1e-12));
      CHECK(s.softmax_cosine[j] ==
            doctest::Approx(U.row(j).dot(a.V.row(j)) / U.row(j).norm()).epsilon(1e-12));
      for (int i = 0; i < 37; ++i)
        CHECK(s.key_overlap[j * 37 + i] == doctest::Approx(std::abs(C(j, i))).epsilon(1e-12));
    }
  }
}

TEST_CASE("drawing associations one at a time gives make_associations' keys and values") {
  for (const char* keys : {"random", "orthogonal", "elu1"}) {
    auto geometry = parse_key_geometry(keys);
    const Associations whole = make_associations(9, 14, 3, 2, geometry.value);
    AssociationDraws draws(9, 14, 3, 2, geometry.value);
    int count = 0;
    double cost = 0;
    while (!draws.done()) {
      const double c = draws.next();
      CHECK(c > 0);
      cost += c;
      ++count;
    }
    CHECK(count == 14);
    CHECK(cost == draws.total_cost());  // what a store's totalWork counts for the drawing
    CHECK(draws.associations().K == whole.K);
    CHECK(draws.associations().V == whole.V);
  }
}

TEST_CASE("a store's settings are checked with the sweep's messages") {
  CHECK(make_store_config(store_options(8, 0, 0, trial_settings(1, "random", 1)))
            .status.message.find("n must") == 0);
  CHECK(make_store_config(store_options(8, 1025, 0, trial_settings(1, "random", 1)))
            .status.message.find("n must") == 0);
  CHECK(make_store_config(store_options(0, 4, 0, trial_settings(1, "random", 1)))
            .status.message.find("d must") == 0);
  CHECK(make_store_config(store_options(8, 4, 0, trial_settings(1, "square", 1)))
            .status.message.find("keys must") == 0);
  CHECK(make_store_config(store_options(8, 4, 0, trial_settings(1, "random", 1, "delta", 1, 3)))
            .status.message.find("step") == 0);
  CHECK(make_store_config(store_options(8, 4, 0, trial_settings(1, "random", 1))).status.ok);
}

TEST_CASE("sweep, store and capacity refuse a bad trial setting with the same message and field") {
  // check_trial_settings serves all three: the same refusal, word for word, whichever call.
  for (const TrialSettings& bad :
       {trial_settings(1.5, "random", 8), trial_settings(1, "random", -1),
        trial_settings(1, "square", 8), trial_settings(1, "random", 8, "hebb"),
        trial_settings(1, "random", 8, "add", 1.5),
        trial_settings(1, "random", 8, "delta", 1, 3)}) {
    const Status want = check_trial_settings(bad).status;
    REQUIRE(!want.ok);
    INFO(want.message);
    for (const Status& got :
         {make_sweep_config(sweep_options(8, {4}, 1, bad)).status,
          make_store_config(store_options(8, 4, 0, bad)).status,
          make_capacity_config(capacity_options({8}, "cosine", 0.9, 1, 0, bad)).status}) {
      CHECK(got.message == want.message);
      CHECK(got.field == want.field);
    }
  }
  CHECK(check_trial_settings(trial_settings(1.5, "random", 8)).status.field == "seed");
  CHECK(check_trial_settings(trial_settings(1, "random", 8)).status.ok);
}
