// Embind plumbing only: converts JS values to the core's inputs and the core's results to JS.
// Every call returns either its result or, on bad input, the core's message as a string, which
// wasm/index.mjs turns into a thrown Error. Nothing here throws: a JS exception unwinding through
// WebAssembly frames would leak stack, and thousands of them abort the module.
#include <emscripten/bind.h>
#include <emscripten/val.h>
#include <malloc.h>

#include <memory>
#include <utility>

#include "attention.hpp"
#include "compare.hpp"
#include "interference.hpp"
#include "kv_memory.hpp"
#include "memory.hpp"
#include "rng.hpp"

using namespace emscripten;
using namespace linattn;

namespace {

using JsNumbers = val;     // Array<number> | Float64Array (checked by index.mjs)
using Float64Array = val;  // a copy, never a view into the heap
using JsResult = val;      // the result, or a string: the error message

std::vector<double> numbers(const JsNumbers& a) { return convertJSArrayToNumberVector<double>(a); }

Float64Array f64(const std::vector<double>& x) {
  return val(typed_memory_view(x.size(), x.data())).call<val>("slice");
}

std::string u64(std::uint64_t x) { return std::to_string(x); }

class MemoryHandle {
 public:
  MemoryHandle(double dk, double dv, std::string phi, bool normalize, std::string rule, double beta,
               bool unit_keys)
      // index.mjs validates first; an invalid config still yields a valid (default) memory.
      : mem_(make_memory_config(dk, dv, phi, normalize, rule, beta, unit_keys).value) {}

  JsResult write(JsNumbers k, JsNumbers v) {
    auto r = mem_.write(numbers(k), numbers(v));
    return r.status ? f64(r.value) : val(r.status.message);
  }
  JsResult read(JsNumbers q) const {
    auto r = mem_.read(numbers(q));
    return r.status ? f64(r.value) : val(r.status.message);
  }
  JsResult readTerms(JsNumbers q) const {
    auto r = mem_.read_terms(numbers(q));
    if (!r.status) return val(r.status.message);
    val o = val::object();
    o.set("coefficients", f64(r.value.coefficients));
    o.set("terms", f64(r.value.terms));
    o.set("denominator", r.value.denominator);
    o.set("read", f64(r.value.read));
    return o;
  }
  JsResult features(JsNumbers x) const {
    auto r = mem_.features(numbers(x));
    return r.status ? f64(r.value) : val(r.status.message);
  }
  Float64Array state() const { return f64(to_vector(mem_.state())); }
  Float64Array normalizer() const { return f64(to_vector(mem_.normalizer())); }
  double count() const { return static_cast<double>(mem_.count()); }
  int dk() const { return mem_.config().dk; }
  int dv() const { return mem_.config().dv; }
  void reset() { mem_.reset(); }

 private:
  AssociativeMemory mem_;
};

std::string validateMemory(double dk, double dv, std::string phi, bool normalize, std::string rule,
                           double beta, bool unit_keys) {
  return make_memory_config(dk, dv, phi, normalize, rule, beta, unit_keys).status.message;
}

JsResult attention(std::string kind, double T, double dk, double dv, JsNumbers q, JsNumbers k,
                   JsNumbers v, std::string phi, bool normalize, std::string form) {
  Status st;
  if (!(st = check_int("T", T, 1, limits::maxSeqLen)) ||
      !(st = check_int("dk", dk, 1, limits::maxDim)) ||
      !(st = check_int("dv", dv, 1, limits::maxDim)))
    return val(st.message);
  const Sequence s{static_cast<int>(T), static_cast<int>(dk), static_cast<int>(dv),
                   numbers(q),          numbers(k),           numbers(v)};
  Result<std::vector<double>> r;
  if (kind == "softmax") {
    r = softmax_attention(s);
  } else {
    auto p = parse_feature_map(phi);
    auto f = parse_linear_form(form);
    if (!p.status) return val(p.status.message);
    if (!f.status) return val(f.status.message);
    r = linear_attention(s, p.value, normalize, f.value);
  }
  return r.status ? f64(r.value) : val(r.status.message);
}

val sweepObject(const SweepResult& s) {
  val o = val::object();
  o.set("trials", s.trials);
  o.set("ns", f64(s.ns));
  o.set("cosineMean", f64(s.cosine_mean));
  o.set("cosineStd", f64(s.cosine_std));
  o.set("relErrorMean", f64(s.rel_error_mean));
  o.set("relErrorStd", f64(s.rel_error_std));
  o.set("crosstalkMean", f64(s.crosstalk_mean));
  o.set("crosstalkStd", f64(s.crosstalk_std));
  o.set("recallMean", f64(s.recall_mean));
  o.set("recallStd", f64(s.recall_std));
  o.set("missMean", f64(s.miss_mean));
  o.set("theoryCrosstalk", f64(s.theory_crosstalk));
  o.set("theoryCosine", f64(s.theory_cosine));
  o.set("softmaxCosineMean", f64(s.softmax_cosine_mean));
  o.set("softmaxCosineStd", f64(s.softmax_cosine_std));
  o.set("softmaxRecallMean", f64(s.softmax_recall_mean));
  o.set("softmaxRecallStd", f64(s.softmax_recall_std));
  o.set("stateNumbers", f64(s.state_numbers));
  o.set("cacheNumbers", f64(s.cache_numbers));
  return o;
}

JsResult interferenceSweep(double d, JsNumbers ns, double trials, double seed, std::string keys,
                           double beta) {
  auto cfg = make_sweep_config(d, numbers(ns), trials, seed, keys, beta);
  if (!cfg.status) return val(cfg.status.message);
  return sweepObject(interference_sweep(cfg.value));
}

// A sweep run a few trials per call (SweepStream). index.mjs checks the settings first; settings
// the core refuses still make a handle, whose calls then return the core's message.
class SweepStreamHandle {
 public:
  SweepStreamHandle(double d, JsNumbers ns, double trials, double seed, std::string keys,
                    double beta) {
    auto cfg = make_sweep_config(d, numbers(ns), trials, seed, keys, beta);
    status_ = cfg.status;
    if (status_) stream_ = std::make_unique<SweepStream>(std::move(cfg.value));
  }
  JsResult run(double max_trials) {
    if (!status_) return val(status_.message);
    Status st = check_int("trials", max_trials, 1, limits::maxSweepTrials);
    if (!st) return val(st.message);
    stream_->run(static_cast<int>(max_trials));
    return sweepObject(stream_->result());
  }
  int trialsDone() const { return stream_ ? stream_->trials_done() : 0; }
  int trials() const { return stream_ ? stream_->config().trials : 0; }
  bool complete() const { return stream_ && stream_->complete(); }

 private:
  Status status_;
  std::unique_ptr<SweepStream> stream_;
};

// The sweep's checks alone, without computing: "" when interferenceSweep would accept these.
std::string checkSweep(double d, JsNumbers ns, double trials, double seed, std::string keys,
                       double beta) {
  return make_sweep_config(d, numbers(ns), trials, seed, keys, beta).status.message;
}

JsResult interferenceStore(double d, double n, double seed, double trial, std::string keys,
                           double beta) {
  auto r = interference_store(d, n, seed, trial, keys, beta);
  if (!r.status) return val(r.status.message);
  val o = val::object();
  o.set("n", r.value.n);
  o.set("keyOverlap", f64(r.value.key_overlap));
  o.set("cosine", f64(r.value.cosine));
  o.set("recalled", f64(r.value.recalled));
  o.set("softmaxCosine", f64(r.value.softmax_cosine));
  o.set("softmaxRecalled", f64(r.value.softmax_recalled));
  return o;
}

Result<Model> model_from(const std::string& kinds, const JsNumbers& fields, double params) {
  return make_model_flat(kinds, numbers(fields), params);
}

JsResult kvMemory(std::string kinds, JsNumbers fields, double params, double tokens,
                  double sessions, std::string kv_dtype, std::string state_dtype) {
  auto m = model_from(kinds, fields, params);
  if (!m.status) return val(m.status.message);
  auto q = make_kv_query(tokens, sessions, kv_dtype, state_dtype);
  if (!q.status) return val(q.status.message);
  auto r = kv_memory(m.value, q.value);
  if (!r.status) return val(r.status.message);
  val o = val::object();
  o.set("kvBytesPerToken", u64(r.value.kv_bytes_per_token));
  o.set("kvBytes", u64(r.value.kv_bytes));
  o.set("stateBytes", u64(r.value.state_bytes));
  o.set("totalBytes", u64(r.value.total_bytes));
  o.set("perSessionBytes", u64(r.value.per_session_bytes));
  return o;
}

JsResult kvCrossover(std::string kinds, JsNumbers fields, double params, std::string state_bytes,
                     std::string kv_dtype) {
  auto m = model_from(kinds, fields, params);
  if (!m.status) return val(m.status.message);
  auto kv = parse_dtype("kvDtype", kv_dtype);
  if (!kv.status) return val(kv.status.message);
  auto sb = parse_uint63("stateBytes", state_bytes);
  if (!sb.status) return val(sb.status.message);
  auto r = kv_crossover(m.value, kv.value, sb.value);
  if (!r.status) return val(r.status.message);
  val o = val::object();
  o.set("tokens", std::to_string(r.value));
  return o;
}

JsResult kvCapacity(std::string kinds, JsNumbers fields, double params, double tokens,
                    double sessions, std::string kv_dtype, std::string state_dtype,
                    double gpu_bytes, std::string weight_dtype) {
  auto m = model_from(kinds, fields, params);
  if (!m.status) return val(m.status.message);
  auto q = make_kv_query(tokens, sessions, kv_dtype, state_dtype);
  if (!q.status) return val(q.status.message);
  auto r = kv_capacity(m.value, q.value, gpu_bytes, weight_dtype);
  if (!r.status) return val(r.status.message);
  val o = val::object();
  o.set("weightBytes", u64(r.value.weight_bytes));
  o.set("freeBytes", u64(r.value.free_bytes));
  o.set("sessionsThatFit", u64(r.value.sessions_that_fit));
  o.set("longestContext", u64(r.value.longest_context));
  return o;
}

JsResult randomNormals(double seed, double count) {
  Status st;
  if (!(st = check_int("seed", seed, 0, 4294967295.0)) || !(st = check_int("count", count, 0, 1e6)))
    return val(st.message);
  Rng rng(static_cast<std::uint64_t>(seed));
  std::vector<double> x(static_cast<std::size_t>(count));
  for (auto& e : x) e = rng.normal();
  return f64(x);
}

JsResult compareVectors(JsNumbers a, JsNumbers b) {
  auto r = compare(numbers(a), numbers(b));
  if (!r.status) return val(r.status.message);
  val o = val::object();
  o.set("error", r.value.error);
  o.set("relError", r.value.rel_error);
  o.set("cosine", r.value.cosine);
  o.set("degrees", r.value.degrees);
  o.set("dot", r.value.dot);
  return o;
}

JsResult storageNumbers(double dk, double dv, double n) {
  auto r = storage_numbers(dk, dv, n);
  if (!r.status) return val(r.status.message);
  val o = val::object();
  o.set("cache", r.value.cache);
  o.set("state", r.value.state);
  return o;
}

// Bytes the allocator has handed out and not taken back: for leak tests (la.debug).
double heapBytesInUse() { return static_cast<double>(mallinfo().uordblks); }

val limitsObject() {
  val o = val::object();
  o.set("maxDim", limits::maxDim);
  o.set("maxAbsValue", limits::maxAbsValue);
  o.set("maxAbsCompared", limits::maxAbsCompared);
  o.set("maxHistory", limits::maxHistory);
  o.set("maxSeqLen", limits::maxSeqLen);
  o.set("maxSweepDim", limits::maxSweepDim);
  o.set("maxSweepN", limits::maxSweepN);
  o.set("maxSweepTrials", limits::maxSweepTrials);
  o.set("maxStoreN", limits::maxStoreN);
  o.set("maxBeta", limits::maxBeta);
  o.set("maxTokens", limits::maxTokens);
  o.set("maxSessions", limits::maxSessions);
  return o;
}

}  // namespace

EMSCRIPTEN_BINDINGS(linattn) {
  class_<MemoryHandle>("MemoryHandle")
      .constructor<double, double, std::string, bool, std::string, double, bool>()
      .function("write", &MemoryHandle::write)
      .function("read", &MemoryHandle::read)
      .function("readTerms", &MemoryHandle::readTerms)
      .function("features", &MemoryHandle::features)
      .function("state", &MemoryHandle::state)
      .function("normalizer", &MemoryHandle::normalizer)
      .function("count", &MemoryHandle::count)
      .function("dk", &MemoryHandle::dk)
      .function("dv", &MemoryHandle::dv)
      .function("reset", &MemoryHandle::reset);
  class_<SweepStreamHandle>("SweepStreamHandle")
      .constructor<double, JsNumbers, double, double, std::string, double>()
      .function("run", &SweepStreamHandle::run)
      .function("trialsDone", &SweepStreamHandle::trialsDone)
      .function("trials", &SweepStreamHandle::trials)
      .function("complete", &SweepStreamHandle::complete);
  function("validateMemory", &validateMemory);
  function("attention", &attention);
  function("interferenceSweep", &interferenceSweep);
  function("interferenceStore", &interferenceStore);
  function("checkSweep", &checkSweep);
  function("kvMemory", &kvMemory);
  function("kvCrossover", &kvCrossover);
  function("kvCapacity", &kvCapacity);
  function("randomNormals", &randomNormals);
  function("limits", &limitsObject);
  function("heapBytesInUse", &heapBytesInUse);
  function("compare", &compareVectors);
  function("storageNumbers", &storageNumbers);
}
