// libFuzzer harness: interferenceSweep, interferenceStore and capacity as the bindings drive them
// (options by name, the trial settings shared), through make_sweep_config, interference_store and
// make_capacity_config's own checks, with every update rule (rule, gate, step fuzzed). Sizes are
// clamped (d <= 24, N <= 40, trials <= 3) so each input runs in milliseconds; the limits themselves
// are still fuzzed.
// Checked on success: every output aligned with ns (or dims); cosines in [-1, 1], recalls in
// [0, 1]; key overlaps of unit keys in [0, 1]; capacities whole numbers in [0, nMax].
#include "capacity.hpp"
#include "fuzz_input.hpp"
#include "interference.hpp"

using namespace linattn;

namespace {
constexpr double kSlack = 1e-9;
bool in_unit(double x, double lo) { return x >= lo - kSlack && x <= 1.0 + kSlack; }
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  const double d = fuzz::count(in, 1, 24);
  TrialSettings settings;  // what every call shares, checked by check_trial_settings
  settings.seed =
      in.ConsumeBool() ? in.ConsumeIntegral<std::uint32_t>() : fuzz::real(in, 0, 4294967295.0);
  settings.keys = fuzz::name(in, {"random", "orthogonal", "elu1"});
  const double beta = fuzz::real(in, 0.0, 1000.0);  // the sweep and the store (spotlight) only
  settings.rule = fuzz::name(in, {"add", "delta"});
  settings.gate = in.ConsumeBool() ? 1.0 : fuzz::real(in, 0.0, 1.0);
  settings.step = in.ConsumeBool() ? 1.0 : fuzz::real(in, 0.0, 2.0);

  if (in.ConsumeProbability<double>() < 0.2) {  // capacity
    StoreCapacityOptions o;
    static_cast<TrialSettings&>(o) = settings;
    const int n_dims = in.ConsumeIntegralInRange<int>(0, 3);
    for (int i = 0; i < n_dims; ++i) o.dims.push_back(fuzz::count(in, 1, 24));
    o.measure = fuzz::name(in, {"cosine", "recall"});
    o.level = fuzz::real(in, 0.0, 1.0);
    o.trials = fuzz::count(in, 1, 3);
    o.n_max = fuzz::count(in, 0, 40);
    auto cfg = make_capacity_config(o);
    if (!cfg.status) {
      FUZZ_CHECK(!cfg.status.message.empty());
      return 0;
    }
    for (int n : cfg.value.n_max)
      if (n > 96) return 0;
    if (cfg.value.trials > 4) return 0;
    const StoreCapacityResult r = capacity(cfg.value);
    for (auto* v : {&r.dims, &r.capacity_mean, &r.capacity_std, &r.theory, &r.n_max, &r.capped})
      FUZZ_CHECK(v->size() == cfg.value.dims.size());
    for (std::size_t i = 0; i < r.dims.size(); ++i) {
      FUZZ_CHECK(r.capacity_mean[i] >= 0 && r.capacity_mean[i] <= r.n_max[i]);
      FUZZ_CHECK(r.capacity_std[i] >= 0 && r.capped[i] >= 0 && r.capped[i] <= cfg.value.trials);
      FUZZ_CHECK(trial_capacity(cfg.value, static_cast<int>(i), 0) <= r.n_max[i]);
    }
    return 0;
  }

  if (in.ConsumeBool()) {
    StoreOptions o;
    static_cast<TrialSettings&>(o) = settings;
    o.beta = beta;
    o.d = d;
    o.n = fuzz::count(in, 1, 40);
    o.trial = fuzz::count(in, 0, 255);
    const double n = o.n;
    if (check_int("d", d, 1, limits::maxSweepDim) && d > 64) return 0;
    if (check_int("n", n, 1, limits::maxStoreN) && n > 64) return 0;
    auto r = interference_store(o);
    if (!r.status) {
      FUZZ_CHECK(!r.status.message.empty());
      return 0;
    }
    const auto N = static_cast<std::size_t>(r.value.n);
    FUZZ_CHECK(static_cast<double>(N) == n);
    FUZZ_CHECK(r.value.key_overlap.size() == N * N);
    for (double c : r.value.key_overlap) FUZZ_CHECK(in_unit(c, 0.0));
    for (auto* v :
         {&r.value.cosine, &r.value.recalled, &r.value.norm, &r.value.softmax_cosine,
          &r.value.softmax_recalled, &r.value.age_cosine, &r.value.age_recalled, &r.value.age_norm})
      FUZZ_CHECK(v->size() == N);
    for (std::size_t j = 0; j < N; ++j) {
      FUZZ_CHECK(in_unit(r.value.cosine[j], -1.0) && in_unit(r.value.softmax_cosine[j], -1.0));
      FUZZ_CHECK(r.value.recalled[j] == 0.0 || r.value.recalled[j] == 1.0);
      FUZZ_CHECK(r.value.age_cosine[j] == r.value.cosine[N - 1 - j]);
      FUZZ_CHECK(std::isfinite(r.value.norm[j]) && r.value.norm[j] >= 0);
    }
    return 0;
  }

  SweepOptions o;
  static_cast<TrialSettings&>(o) = settings;
  o.beta = beta;
  o.d = d;
  std::vector<double>& ns = o.ns;
  const int n_ns = in.ConsumeIntegralInRange<int>(0, 6);
  double at = 0;
  for (int i = 0; i < n_ns; ++i) {
    switch (in.ConsumeIntegralInRange<int>(0, 9)) {
      case 0:
        ns.push_back(fuzz::hostile(in));
        break;
      case 1:
        ns.push_back(at);
        break;  // not ascending
      default:
        at += in.ConsumeIntegralInRange<int>(1, 12);
        ns.push_back(at);
    }
  }
  o.trials = fuzz::count(in, 1, 3);
  auto cfg = make_sweep_config(o);
  if (!cfg.status) {
    FUZZ_CHECK(!cfg.status.message.empty());
    return 0;
  }
  if (cfg.value.d > 32 || cfg.value.ns.back() > 64 || cfg.value.trials > 4) return 0;
  const SweepResult s = interference_sweep(cfg.value);
  const std::size_t m = cfg.value.ns.size();
  for_each_series(s, [&](const char*, const std::vector<double>& v) { FUZZ_CHECK(v.size() == m); });
  for (std::size_t i = 0; i < m; ++i) {
    FUZZ_CHECK(s.ns[i] == cfg.value.ns[i]);
    FUZZ_CHECK(in_unit(s.cosine_mean[i], -1.0) && in_unit(s.softmax_cosine_mean[i], -1.0));
    FUZZ_CHECK(in_unit(s.recall_mean[i], 0.0) && in_unit(s.softmax_recall_mean[i], 0.0));
    // crosstalk is +Infinity when a gate faded a target below double range, never NaN.
    FUZZ_CHECK(std::isfinite(s.rel_error_mean[i]) && !std::isnan(s.crosstalk_mean[i]));
  }
  // The same sweep streamed in fuzzed steps ends bit for bit where the one call did.
  SweepStream stream(cfg.value);
  while (!stream.complete()) {
    const int before = stream.trials_done();
    FUZZ_CHECK(stream.run(in.ConsumeIntegralInRange<int>(-2, 3)) >= 1);
    FUZZ_CHECK(stream.trials_done() > before && stream.trials_done() <= cfg.value.trials);
    FUZZ_CHECK(stream.result().trials == stream.trials_done());
  }
  const SweepResult t = stream.result();
  FUZZ_CHECK(t.cosine_mean == s.cosine_mean && t.cosine_std == s.cosine_std &&
             t.recall_mean == s.recall_mean && t.softmax_recall_std == s.softmax_recall_std &&
             t.crosstalk_mean == s.crosstalk_mean);
  return 0;
}
