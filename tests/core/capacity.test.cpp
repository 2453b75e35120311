// la.capacity's core (capacity.hpp): capacity against d, with the theory it is compared to.
#include <doctest.h>

#include <cmath>

#include "approx.hpp"
#include "capacity.hpp"
#include "trial_options.hpp"

using namespace linattn;
using V = std::vector<double>;

namespace {
StoreCapacityConfig config(V dims, const char* keys, const char* measure, double level, int trials,
                           const char* rule = "add", double gate = 1, double step = 1,
                           double n_max = 0, double seed = 1) {
  auto c = make_capacity_config(capacity_options(dims, measure, level, trials, n_max,
                                                 trial_settings(seed, keys, 8, rule, gate, step)));
  REQUIRE(c.status.ok);
  return c.value;
}
}  // namespace

TEST_CASE("additive random keys at tau = 0.9: capacity within 15% of 1 + 0.2346 d (d = 64, 256)") {
  // 16 trials, seed 1. The theory line is 1 + d (1/0.81 - 1) = 16.0 at d = 64 and 61.1 at d = 256.
  const StoreCapacityResult r = capacity(config({64, 256}, "random", "cosine", 0.9, 16));
  for (int i = 0; i < 2; ++i) {
    const double d = r.dims[i];
    INFO("d = " << d << ": capacity " << r.capacity_mean[i] << " +- " << r.capacity_std[i]
                << ", theory " << r.theory[i]);
    CHECK(r.theory[i] == doctest::Approx(1 + d * (1 / 0.81 - 1)).epsilon(1e-12));
    CHECK(std::fabs(r.capacity_mean[i] / (1 + 0.2346 * d) - 1) < 0.15);
    CHECK(r.capacity_std[i] > 0);
    CHECK(r.capped[i] == 0);
  }
}

TEST_CASE("orthonormal keys: exact recall up to exactly N = d (cosine, level 1)") {
  // Every trial: reads are exact (to 1e-9) for N <= d and the (d+1)-th key overlaps the others.
  const StoreCapacityResult r = capacity(config({4, 16, 64, 128}, "orthogonal", "cosine", 1.0, 4));
  for (std::size_t i = 0; i < r.dims.size(); ++i) {
    INFO("d = " << r.dims[i]);
    CHECK(r.capacity_mean[i] == r.dims[i]);
    CHECK(r.capacity_std[i] == 0);
    CHECK(r.theory[i] == r.dims[i]);
  }
}

TEST_CASE("top-1 recall capacity: at least d for orthonormal keys, grows with d for random keys") {
  const StoreCapacityResult o = capacity(config({8, 32}, "orthogonal", "recall", 1.0, 4));
  CHECK(o.capacity_mean[0] >= 8);
  CHECK(o.capacity_mean[1] >= 32);
  CHECK(std::isnan(o.theory[0]));
  const StoreCapacityResult r = capacity(config({16, 64}, "random", "recall", 0.9, 8));
  CHECK(r.capacity_mean[1] > 2 * r.capacity_mean[0]);
}

TEST_CASE("the capacity of a trial depends only on (seed, trial), and gate 1 is the ungated rule") {
  const StoreCapacityConfig a = config({16, 48}, "elu1", "cosine", 0.5, 3, "add", 1, 1, 0, 9);
  const StoreCapacityConfig b = config({48}, "elu1", "cosine", 0.5, 5, "add", 1, 1, 0, 9);
  CHECK(trial_capacity(a, 1, 2) == trial_capacity(b, 0, 2));
  const StoreCapacityResult x = capacity(config({16}, "random", "cosine", 0.8, 6, "delta", 1, 1));
  const StoreCapacityResult y =
      capacity(config({16}, "random", "cosine", 0.8, 6, "delta", 1.0, 1.0));
  CHECK(x.capacity_mean == y.capacity_mean);
  CHECK(x.capacity_std == y.capacity_std);
}

TEST_CASE("a trial that never fails reports nMax and is counted as capped") {
  // Orthonormal keys at d = 32 meet cosine 0.5 past N = 20: every trial stops at nMax = 20.
  const StoreCapacityResult r =
      capacity(config({32}, "orthogonal", "cosine", 0.5, 3, "add", 1, 1, 20));
  CHECK(r.capacity_mean[0] == 20);
  CHECK(r.capped[0] == 3);
  CHECK(r.n_max[0] == 20);
}

TEST_CASE("the delta rule keeps more of a store than the additive rule at high tolerance") {
  // Random keys at d = 32, cosine 0.9: the delta rule's newest reads are exact, and the mean over
  // the store stays above the level longer (measured: see the test's INFO on failure).
  const StoreCapacityResult add = capacity(config({32}, "random", "cosine", 0.9, 8));
  const StoreCapacityResult delta =
      capacity(config({32}, "random", "cosine", 0.9, 8, "delta", 1, 1));
  INFO("add " << add.capacity_mean[0] << ", delta " << delta.capacity_mean[0]);
  CHECK(delta.capacity_mean[0] > add.capacity_mean[0]);
}

TEST_CASE("capacity settings out of range are refused") {
  auto msg = [](V dims, const char* measure, double level, double trials, double n_max) {
    return make_capacity_config(capacity_options(dims, measure, level, trials, n_max,
                                                 trial_settings(1, "random", 8, "add", 1, 1)))
        .status.message;
  };
  CHECK(msg({}, "cosine", 0.9, 1, 0).find("dims must") == 0);
  CHECK(msg({0}, "cosine", 0.9, 1, 0).find("dims[0]") == 0);
  CHECK(msg({8.5}, "cosine", 0.9, 1, 0).find("dims[0]") == 0);
  CHECK(msg({8}, "top5", 0.9, 1, 0).find("measure must") == 0);
  CHECK(msg({8}, "cosine", 0, 1, 0).find("level must") == 0);
  CHECK(msg({8}, "cosine", 1.2, 1, 0).find("level must") == 0);
  CHECK(msg({8}, "cosine", 0.9, 0, 0).find("trials") == 0);
  CHECK(msg({8}, "cosine", 0.9, 1, 5000).find("nMax") == 0);
  CHECK(msg({512, 512}, "cosine", 0.9, 256, 2048).find("trials * sum") == 0);
  CHECK(make_capacity_config(capacity_options({8}, "cosine", 0.9, 1, 0,
                                              trial_settings(1, "random", 8, "delta", 1, 3)))
            .status.message.find("step") == 0);
}

TEST_CASE(
    "golden numbers: the same seed gives this capacity exactly, natively and in WebAssembly") {
  // tests/api/capacity.test.mjs asserts the same numbers against the WebAssembly module.
  const StoreCapacityResult r =
      capacity(config({8, 24}, "random", "cosine", 0.8, 5, "delta", 0.95, 1.5, 0, 3));
  CHECK(r.capacity_mean == V{3.3999999999999999, 9});
  CHECK(r.capacity_std == V{0.89442719099991586, 3.4641016151377544});
}

TEST_CASE(
    "capacity trials merged in any order give capacity() bit for bit; bad parts are refused") {
  auto c = make_capacity_config(
      capacity_options({8, 24}, "cosine", 0.9, 5, 0, trial_settings(3, "random", 8, "add", 1, 1)));
  REQUIRE(c.status.ok);
  const StoreCapacityResult whole = capacity(c.value);
  auto part = [&](int first, int count) {
    auto r = capacity_trials(c.value, first, count);
    REQUIRE(r.status.ok);
    CHECK(r.value.values.size() == static_cast<std::size_t>(count) * 2);
    return r.value;
  };
  auto merged = merge_capacity_trials(c.value, {part(3, 2), part(0, 3)});
  REQUIRE(merged.status.ok);
  CHECK(merged.value.trials == 5);
  CHECK(merged.value.capacity_mean == whole.capacity_mean);
  CHECK(merged.value.capacity_std == whole.capacity_std);
  CHECK(merged.value.capped == whole.capped);
  TrialsPart bad = part(0, 1);
  bad.values[1] = 97;  // over nMax = 96 at d = 24
  CHECK(merge_capacity_trials(c.value, {bad}).status.field == "parts[0].capacities[1]");
  CHECK(merge_capacity_trials(c.value, {part(0, 2), part(1, 1)}).status.field == "parts[1].first");
}
