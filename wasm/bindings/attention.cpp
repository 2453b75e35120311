// la.softmaxAttention, la.linearAttention (attention.hpp) and la.compare (compare.hpp).
#include "attention.hpp"
#include "compare.hpp"
#include "feature_map.hpp"
#include "js.hpp"

using namespace linattn;
using namespace linattn::js;

namespace {

// The shared fields of both attention calls: T, dk, dv, q, k, v.
Result<Sequence> sequence_from(const JsOptions& o) {
  const double T = number_at(o, "T", std::nan("")), dk = number_at(o, "dk", std::nan("")),
               dv = number_at(o, "dv", std::nan(""));
  Status st;
  if (!(st = check_int("T", T, 1, limits::maxSeqLen)) ||
      !(st = check_int("dk", dk, 1, limits::maxDim)) ||
      !(st = check_int("dv", dv, 1, limits::maxDim)))
    return {st, {}};
  return {Status::good(), Sequence{static_cast<int>(T), static_cast<int>(dk), static_cast<int>(dv),
                                   numbers_at(o, "q"), numbers_at(o, "k"), numbers_at(o, "v")}};
}

JsResult softmaxAttention(const JsOptions& opts) {
  auto s = sequence_from(opts);
  if (!s.status) return failure(s.status);
  auto r = softmax_attention(s.value);
  return r.status ? f64(r.value) : failure(r.status);
}

JsResult linearAttention(const JsOptions& opts) {
  auto s = sequence_from(opts);
  if (!s.status) return failure(s.status);
  auto p = parse_feature_map(string_at(opts, "featureMap", "elu1"));
  if (!p.status) return failure(p.status);
  auto f = parse_linear_form(string_at(opts, "form", "recurrent"));
  if (!f.status) return failure(f.status);
  auto r = linear_attention(s.value, p.value, boolean_at(opts, "normalize", true), f.value);
  return r.status ? f64(r.value) : failure(r.status);
}

JsResult compareVectors(const JsNumbers& a, const JsNumbers& b) {
  auto r = compare(numbers(a), numbers(b));
  if (!r.status) return failure(r.status);
  val o = val::object();
  o.set("error", r.value.error);
  o.set("relError", r.value.rel_error);
  o.set("cosine", r.value.cosine);
  o.set("degrees", r.value.degrees);
  o.set("dot", r.value.dot);
  return o;
}

}  // namespace

EMSCRIPTEN_BINDINGS(linattn_attention) {
  using emscripten::function;
  function("softmaxAttention", &softmaxAttention);
  function("linearAttention", &linearAttention);
  function("compare", &compareVectors);
}
