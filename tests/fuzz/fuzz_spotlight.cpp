// libFuzzer harness: la.spotlight (spotlight.hpp) through make_spotlight_config, as the binding
// drives it, with options mostly in range and sometimes hostile. A refusal must name its field; an
// accepted call must give, for every read, finite weights in [0, 1] summing to 1 (or all 0 for an
// empty read), 1 <= effective tokens <= N, a cosine in [-1, 1], and the state sizes of the header.
#include <cmath>

#include "feature_map.hpp"
#include "fuzz_input.hpp"
#include "spotlight.hpp"

using namespace linattn;

namespace {

void check_read(const SpotlightConfig& c, const SpotlightRead& r, double features) {
  double total = 0;
  FUZZ_CHECK(r.weights.size() == static_cast<std::size_t>(c.n));
  for (double w : r.weights) {
    FUZZ_CHECK(std::isfinite(w) && w >= 0 && w <= 1 + 1e-12);
    total += w;
  }
  if (r.empty) {
    FUZZ_CHECK(total == 0 && r.effective_tokens == 0 && r.read_cosine == 0);
  } else {
    FUZZ_CHECK(std::fabs(total - 1) < 1e-9);
    FUZZ_CHECK(r.effective_tokens >= 1 - 1e-9 && r.effective_tokens <= c.n + 1e-9);
    FUZZ_CHECK(std::fabs(r.read_cosine) <= 1 + 1e-12);
  }
  FUZZ_CHECK(r.target_weight == r.weights[c.target]);
  FUZZ_CHECK(r.feature_count == features);
  const double numbers = r.map == SpotlightMap::Softmax ? 2.0 * c.n * c.d : features * c.d;
  FUZZ_CHECK(r.state_numbers == numbers);
  FUZZ_CHECK(r.state_bytes >= numbers / 2 && r.state_bytes <= numbers * 4);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  SpotlightOptions o;
  o.n = fuzz::count(in, 1, 64);
  o.d = fuzz::count(in, 2, 16);
  o.features = fuzz::count(in, 1, 256);
  o.beta = fuzz::real(in, 0, 1000);
  o.cosine = fuzz::real(in, -1, 1);
  o.noise = fuzz::real(in, 0, 10);
  o.seed = fuzz::count(in, 0, 1000);
  o.target = fuzz::count(in, 0, 63);
  o.dtype = fuzz::name(in, {"bf16", "fp32", "fp16", "fp8", "int8", "int4"});
  auto c = make_spotlight_config(o);
  if (!c.status) {
    FUZZ_CHECK(!c.status.message.empty() && !c.status.field.empty());
    return 0;
  }
  const SpotlightConfig& cfg = c.value;
  const SpotlightResult r = spotlight(cfg);
  FUZZ_CHECK(r.reads.size() == static_cast<std::size_t>(kSpotlightReads));
  FUZZ_CHECK(r.scores.size() == static_cast<std::size_t>(cfg.n));
  for (double s : r.scores) FUZZ_CHECK(std::isfinite(s));
  FUZZ_CHECK(!r.reads[0].empty && !r.reads[1].empty && !r.reads[3].empty);  // always positive
  const double features[] = {0, static_cast<double>(cfg.d), static_cast<double>(cfg.d),
                             static_cast<double>(taylor2_size(cfg.d)),
                             static_cast<double>(cfg.features)};
  for (int i = 0; i < kSpotlightReads; ++i) check_read(cfg, r.reads[i], features[i]);
  return 0;
}
