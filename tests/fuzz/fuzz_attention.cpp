// libFuzzer harness: softmaxAttention and linearAttention (both forms, both feature maps,
// normalized or not) as wasm/bindings/attention.cpp drives them: T, dk, dv arrive as doubles and
// pass check_int first, then validate(Sequence) inside the core checks lengths and values.
// Checked on success: output length T*dv; softmax output finite, and its first row is v_1
// exactly (the first query sees only the first key).
#include "attention.hpp"
#include "fuzz_input.hpp"

using namespace linattn;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  const double T = fuzz::count(in, 1, 12), dk = fuzz::count(in, 1, 6), dv = fuzz::count(in, 1, 6);
  // The binding's own checks, before it builds a Sequence of ints.
  if (!check_int("T", T, 1, limits::maxSeqLen) || !check_int("dk", dk, 1, limits::maxDim) ||
      !check_int("dv", dv, 1, limits::maxDim))
    return 0;
  // Valid but slow for a fuzzer: the core allows T*T*(dk+dv) up to 64M.
  if (T > 32 || dk > 16 || dv > 16) return 0;
  Sequence s{static_cast<int>(T), static_cast<int>(dk), static_cast<int>(dv), {}, {}, {}};
  s.q = fuzz::vec(in, 1LL * s.T * s.dk);
  s.k = fuzz::vec(in, 1LL * s.T * s.dk);
  s.v = fuzz::vec(in, 1LL * s.T * s.dv);
  const bool valid = static_cast<bool>(validate(s));
  const std::size_t out_len = static_cast<std::size_t>(s.T) * s.dv;

  if (in.ConsumeBool()) {
    auto r = softmax_attention(s);
    FUZZ_CHECK(static_cast<bool>(r.status) == valid);
    if (!r.status) return 0;
    FUZZ_CHECK(r.value.size() == out_len);
    for (double o : r.value) FUZZ_CHECK(std::isfinite(o));
    for (int j = 0; j < s.dv; ++j) FUZZ_CHECK(r.value[j] == s.v[j]);
    return 0;
  }
  const auto phi = parse_feature_map(fuzz::name(in, {"identity", "elu1"}));
  const auto form = parse_linear_form(fuzz::name(in, {"parallel", "recurrent"}));
  if (!phi.status || !form.status) return 0;
  const bool normalize = in.ConsumeBool();
  auto r = linear_attention(s, phi.value, normalize, form.value);
  if (!valid) FUZZ_CHECK(!r.status);
  if (!r.status) {
    FUZZ_CHECK(!r.status.message.empty());
    return 0;
  }
  FUZZ_CHECK(r.value.size() == out_len);
  // Entries are at most 1e6 and at most 32 x 16 of them meet: nothing can overflow.
  for (double o : r.value) FUZZ_CHECK(std::isfinite(o));
  return 0;
}
