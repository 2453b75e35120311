// Embind plumbing only: converts JS values to the core's inputs and the core's results to JS.
// Options arrive as one JS object, read here field by field by name into the core's option
// structs (MemoryOptions, ModelSpec, KvOptions, CapacityOptions, Sequence). Every call returns
// either its result or, on bad input, a refusal string "field\x01message" (wasm/wire.hpp), which
// wasm/index.mjs turns into a thrown LinattnError. Nothing here throws: a JS exception unwinding
// through WebAssembly frames would leak stack, and thousands of them abort the module.
#include <emscripten/bind.h>
#include <emscripten/val.h>
#include <malloc.h>

#include <cmath>

#include <memory>
#include <utility>

#include "attention.hpp"
#include "capacity.hpp"
#include "compare.hpp"
#include "interference.hpp"
#include "kv_memory.hpp"
#include "ledger.hpp"
#include "memory.hpp"
#include "rng.hpp"
#include "wire.hpp"

using namespace emscripten;
using namespace linattn;

namespace {

using JsNumbers = val;     // Array<number> | Float64Array (checked by index.mjs)
using JsOptions = val;     // a plain object made by index.mjs (no getters), fields by name
using Float64Array = val;  // a copy, never a view into the heap
using JsResult = val;      // the result, or a string: the refusal (wire::refusal)

std::vector<double> numbers(const JsNumbers& a) { return convertJSArrayToNumberVector<double>(a); }

JsResult failure(const Status& st) { return val(wire::refusal(st)); }

// One field of an options object. Absent: the fallback (the core's default). Present but of the
// wrong type (index.mjs throws a TypeError first): NaN or "", which the core refuses by name.
// as<...>() only ever sees the type it asks for, so it cannot throw.
double number_at(const JsOptions& o, const char* key, double fallback) {
  const val x = o[key];
  if (x.isUndefined()) return fallback;
  return x.isNumber() ? x.as<double>() : std::nan("");
}
std::string string_at(const JsOptions& o, const char* key, const std::string& fallback) {
  const val x = o[key];
  if (x.isUndefined()) return fallback;
  return x.isString() ? x.as<std::string>() : std::string();
}
bool boolean_at(const JsOptions& o, const char* key, bool fallback) {
  const val x = o[key];
  return x.isUndefined() ? fallback : x.isTrue();
}
std::vector<double> numbers_at(const JsOptions& o, const char* key) {
  const val x = o[key];
  return x.isUndefined() ? std::vector<double>{} : numbers(x);
}

Float64Array f64(const std::vector<double>& x) {
  return val(typed_memory_view(x.size(), x.data())).call<val>("slice");
}

std::string u64(std::uint64_t x) { return std::to_string(x); }

MemoryOptions memory_options(const JsOptions& o) {
  MemoryOptions m;
  m.dk = number_at(o, "dk", std::nan(""));
  m.dv = number_at(o, "dv", std::nan(""));
  m.feature_map = string_at(o, "featureMap", m.feature_map);
  m.normalize = boolean_at(o, "normalize", m.normalize);
  m.rule = string_at(o, "rule", m.rule);
  m.beta = number_at(o, "beta", m.beta);
  m.unit_keys = boolean_at(o, "unitKeys", m.unit_keys);
  return m;
}

// A memory, or the refusal of its configuration: a handle made from options the core refuses
// holds no memory, and every call answers with that refusal (index.mjs checks status() first).
class MemoryHandle {
 public:
  explicit MemoryHandle(const JsOptions& opts) {
    auto cfg = make_memory_config(memory_options(opts));
    status_ = cfg.status;
    if (status_) mem_ = std::make_unique<AssociativeMemory>(cfg.value);
  }

  // "" when the memory exists, else the refusal.
  std::string status() const { return status_ ? std::string() : wire::refusal(status_); }
  JsResult write(JsNumbers k, JsNumbers v) {
    if (!mem_) return failure(status_);
    auto r = mem_->write(numbers(k), numbers(v));
    return r.status ? f64(r.value) : failure(r.status);
  }
  JsResult read(JsNumbers q) const {
    if (!mem_) return failure(status_);
    auto r = mem_->read(numbers(q));
    return r.status ? f64(r.value) : failure(r.status);
  }
  JsResult readTerms(JsNumbers q) const {
    if (!mem_) return failure(status_);
    auto r = mem_->read_terms(numbers(q));
    if (!r.status) return failure(r.status);
    val o = val::object();
    o.set("coefficients", f64(r.value.coefficients));
    o.set("terms", f64(r.value.terms));
    o.set("denominator", r.value.denominator);
    o.set("read", f64(r.value.read));
    return o;
  }
  JsResult features(JsNumbers x) const {
    if (!mem_) return failure(status_);
    auto r = mem_->features(numbers(x));
    return r.status ? f64(r.value) : failure(r.status);
  }
  JsResult state() const { return mem_ ? f64(to_vector(mem_->state())) : failure(status_); }
  JsResult normalizer() const {
    return mem_ ? f64(to_vector(mem_->normalizer())) : failure(status_);
  }
  double count() const { return mem_ ? static_cast<double>(mem_->count()) : 0; }
  int dk() const { return mem_ ? mem_->config().dk : 0; }
  int dv() const { return mem_ ? mem_->config().dv : 0; }
  void reset() {
    if (mem_) mem_->reset();
  }

 private:
  Status status_;
  std::unique_ptr<AssociativeMemory> mem_;
};

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

JsResult softmaxAttention(JsOptions opts) {
  auto s = sequence_from(opts);
  if (!s.status) return failure(s.status);
  auto r = softmax_attention(s.value);
  return r.status ? f64(r.value) : failure(r.status);
}

JsResult linearAttention(JsOptions opts) {
  auto s = sequence_from(opts);
  if (!s.status) return failure(s.status);
  auto p = parse_feature_map(string_at(opts, "featureMap", "elu1"));
  if (!p.status) return failure(p.status);
  auto f = parse_linear_form(string_at(opts, "form", "recurrent"));
  if (!f.status) return failure(f.status);
  auto r = linear_attention(s.value, p.value, boolean_at(opts, "normalize", true), f.value);
  return r.status ? f64(r.value) : failure(r.status);
}

// The sweep's series by the core's one table (kSweepSeries): names and order come from there.
val sweepObject(const SweepResult& s) {
  val o = val::object();
  o.set("trials", s.trials);
  for_each_series(s, [&](const char* name, const std::vector<double>& x) { o.set(name, f64(x)); });
  return o;
}

// The sweep's settings in the order index.mjs passes them (sweepArgs).
Result<SweepConfig> sweepConfig(double d, const JsNumbers& ns, double trials, double seed,
                                const std::string& keys, double beta, const std::string& rule,
                                double gate, double step) {
  return make_sweep_config(d, numbers(ns), trials, seed, keys, beta, rule, gate, step);
}

JsResult interferenceSweep(double d, JsNumbers ns, double trials, double seed, std::string keys,
                           double beta, std::string rule, double gate, double step) {
  auto cfg = sweepConfig(d, ns, trials, seed, keys, beta, rule, gate, step);
  if (!cfg.status) return failure(cfg.status);
  return sweepObject(interference_sweep(cfg.value));
}

// A sweep run a few trials per call (SweepStream). index.mjs checks the settings first; settings
// the core refuses still make a handle, whose calls then return the core's message.
class SweepStreamHandle {
 public:
  SweepStreamHandle(double d, JsNumbers ns, double trials, double seed, std::string keys,
                    double beta, std::string rule, double gate, double step) {
    auto cfg = sweepConfig(d, ns, trials, seed, keys, beta, rule, gate, step);
    status_ = cfg.status;
    if (status_) stream_ = std::make_unique<SweepStream>(std::move(cfg.value));
  }
  JsResult run(double max_trials) {
    if (!status_) return failure(status_);
    Status st = check_int("trials", max_trials, 1, limits::maxSweepTrials);
    if (!st) return failure(st);
    stream_->run(static_cast<int>(max_trials));
    return sweepObject(stream_->result());
  }
  // About `work` units of the core's cost model, at most max_trials trials finished: how many were
  // (a number), or the refusal.
  JsResult advance(double work, double max_trials) {
    if (!status_) return failure(status_);
    Status st = check_real("work", work, 1, 1e300);
    if (!st) return failure(st);
    st = check_int("trials", max_trials, 1, limits::maxSweepTrials);
    if (!st) return failure(st);
    return val(stream_->advance(work, static_cast<int>(max_trials)));
  }
  JsResult result() const {
    if (!status_) return failure(status_);
    return sweepObject(stream_->result());
  }
  double trialWork() const { return stream_ ? sweep_trial_work(stream_->config()) : 0; }
  int trialsDone() const { return stream_ ? stream_->trials_done() : 0; }
  double workDone() const { return stream_ ? stream_->work_done() : 0; }
  int trials() const { return stream_ ? stream_->config().trials : 0; }
  bool complete() const { return stream_ && stream_->complete(); }

 private:
  Status status_;
  std::unique_ptr<SweepStream> stream_;
};

// The sweep's checks alone, without computing: "" when interferenceSweep would accept these.
std::string checkSweep(double d, JsNumbers ns, double trials, double seed, std::string keys,
                       double beta, std::string rule, double gate, double step) {
  const Status st = sweepConfig(d, ns, trials, seed, keys, beta, rule, gate, step).status;
  return st ? std::string() : wire::refusal(st);
}

// Parts as index.mjs passes them: an array of { first, count, <values> } (checked for type there);
// the core checks the ranges and the numbers. More entries than any sweep has trials are refused
// here, before reading them.
Result<std::vector<TrialsPart>> trialsParts(const val& parts, const char* values) {
  Result<std::vector<TrialsPart>> r;
  const double n = parts.isArray() ? parts["length"].as<double>() : -1;
  if (!(r.status = check_int("parts.length", n, 0, limits::maxSweepTrials))) return r;
  for (int i = 0; i < static_cast<int>(n); ++i) {
    const val part = parts[i];
    r.value.push_back({number_at(part, "first", std::nan("")),
                       number_at(part, "count", std::nan("")), numbers_at(part, values)});
  }
  return r;
}

// Trials first..first+count-1 of a sweep, as per-trial records (a worker's share of a sweep).
JsResult interferenceSweepTrials(double d, JsNumbers ns, double trials, double seed,
                                 std::string keys, double beta, std::string rule, double gate,
                                 double step, double first, double count) {
  auto cfg = sweepConfig(d, ns, trials, seed, keys, beta, rule, gate, step);
  if (!cfg.status) return failure(cfg.status);
  auto r = sweep_trials(cfg.value, first, count);
  if (!r.status) return failure(r.status);
  val o = val::object();
  o.set("first", r.value.first);
  o.set("count", r.value.count);
  o.set("records", f64(r.value.records));
  return o;
}

// The sweep over the parts received so far (SweepResult), or the refusal.
JsResult mergeSweepTrials(double d, JsNumbers ns, double trials, double seed, std::string keys,
                          double beta, std::string rule, double gate, double step, val parts) {
  auto cfg = sweepConfig(d, ns, trials, seed, keys, beta, rule, gate, step);
  if (!cfg.status) return failure(cfg.status);
  auto p = trialsParts(parts, "records");
  if (!p.status) return failure(p.status);
  auto r = merge_sweep_trials(cfg.value, p.value);
  return r.status ? sweepObject(r.value) : failure(r.status);
}

val storeObject(const StoreResult& r) {
  val o = val::object();
  o.set("n", r.n);
  o.set("keyOverlap", f64(r.key_overlap));
  o.set("cosine", f64(r.cosine));
  o.set("recalled", f64(r.recalled));
  o.set("norm", f64(r.norm));
  o.set("softmaxCosine", f64(r.softmax_cosine));
  o.set("softmaxRecalled", f64(r.softmax_recalled));
  o.set("ageCosine", f64(r.age_cosine));
  o.set("ageRecalled", f64(r.age_recalled));
  o.set("ageNorm", f64(r.age_norm));
  return o;
}

JsResult interferenceStore(double d, double n, double seed, double trial, std::string keys,
                           double beta, std::string rule, double gate, double step) {
  auto r = interference_store(d, n, seed, trial, keys, beta, rule, gate, step);
  return r.status ? storeObject(r.value) : failure(r.status);
}

// The store's checks alone: "" when interferenceStore would accept these settings.
std::string checkStore(double d, double n, double seed, double trial, std::string keys, double beta,
                       std::string rule, double gate, double step) {
  const Status st = make_store_config(d, n, seed, trial, keys, beta, rule, gate, step).status;
  return st ? std::string() : wire::refusal(st);
}

// A store computed a piece at a time (StoreStream). index.mjs checks the settings first
// (checkStore); settings the core refuses still make a handle, whose calls then return the core's
// message.
class StoreStreamHandle {
 public:
  StoreStreamHandle(double d, double n, double seed, double trial, std::string keys, double beta,
                    std::string rule, double gate, double step) {
    auto cfg = make_store_config(d, n, seed, trial, keys, beta, rule, gate, step);
    status_ = cfg.status;
    if (status_) stream_ = std::make_unique<StoreStream>(cfg.value);
  }
  // About `work` units of the store's cost: whether it is complete (a boolean), or the refusal.
  JsResult advance(double work) {
    if (!status_) return failure(status_);
    Status st = check_real("work", work, 1, 1e300);
    if (!st) return failure(st);
    return val(stream_->advance(work));
  }
  // The store once complete; index.mjs asks only then.
  JsResult result() const {
    if (!status_) return failure(status_);
    return storeObject(stream_->result());
  }
  bool complete() const { return stream_ && stream_->complete(); }
  double progress() const { return stream_ ? stream_->progress() : 0; }
  double totalWork() const { return stream_ ? stream_->total_work() : 0; }
  double workDone() const { return stream_ ? stream_->work_done() : 0; }

 private:
  Status status_;
  std::unique_ptr<StoreStream> stream_;
};

// la.capacity's settings in the order index.mjs passes them (capacityArgs).
Result<StoreCapacityConfig> capacityConfig(const JsNumbers& dims, const std::string& keys,
                                           const std::string& rule, double gate,
                                           const std::string& measure, double level, double trials,
                                           double seed, double step, double n_max) {
  return make_capacity_config(numbers(dims), keys, rule, gate, measure, level, trials, seed, step,
                              n_max);
}

val capacityObject(const StoreCapacityResult& r) {
  val o = val::object();
  o.set("trials", r.trials);
  o.set("dims", f64(r.dims));
  o.set("capacityMean", f64(r.capacity_mean));
  o.set("capacityStd", f64(r.capacity_std));
  o.set("theory", f64(r.theory));
  o.set("nMax", f64(r.n_max));
  o.set("capped", f64(r.capped));
  return o;
}

JsResult capacityOf(JsNumbers dims, std::string keys, std::string rule, double gate,
                    std::string measure, double level, double trials, double seed, double step,
                    double n_max) {
  auto cfg = capacityConfig(dims, keys, rule, gate, measure, level, trials, seed, step, n_max);
  if (!cfg.status) return failure(cfg.status);
  return capacityObject(capacity(cfg.value));
}

// Trials first..first+count-1 of a capacity call: { first, count, capacities } (dims-major).
JsResult capacityTrials(JsNumbers dims, std::string keys, std::string rule, double gate,
                        std::string measure, double level, double trials, double seed, double step,
                        double n_max, double first, double count) {
  auto cfg = capacityConfig(dims, keys, rule, gate, measure, level, trials, seed, step, n_max);
  if (!cfg.status) return failure(cfg.status);
  auto r = capacity_trials(cfg.value, first, count);
  if (!r.status) return failure(r.status);
  val o = val::object();
  o.set("first", r.value.first);
  o.set("count", r.value.count);
  o.set("capacities", f64(r.value.values));
  return o;
}

JsResult mergeCapacityTrials(JsNumbers dims, std::string keys, std::string rule, double gate,
                             std::string measure, double level, double trials, double seed,
                             double step, double n_max, val parts) {
  auto cfg = capacityConfig(dims, keys, rule, gate, measure, level, trials, seed, step, n_max);
  if (!cfg.status) return failure(cfg.status);
  auto p = trialsParts(parts, "capacities");
  if (!p.status) return failure(p.status);
  auto r = merge_capacity_trials(cfg.value, p.value);
  return r.status ? capacityObject(r.value) : failure(r.status);
}

// The capacity's checks alone: "" when capacity would accept these settings.
std::string checkCapacity(JsNumbers dims, std::string keys, std::string rule, double gate,
                          std::string measure, double level, double trials, double seed,
                          double step, double n_max) {
  const Status st =
      capacityConfig(dims, keys, rule, gate, measure, level, trials, seed, step, n_max).status;
  return st ? std::string() : wire::refusal(st);
}

// model.layers[i] by name; fields a kind does not use may be absent (the core ignores them).
Result<Model> model_from(const JsOptions& model) {
  ModelSpec spec;
  spec.params = number_at(model, "params", 0);
  const val layers = model["layers"];
  const int n = layers.isArray() ? layers["length"].as<int>() : 0;
  for (int i = 0; i < n; ++i) {
    const val g = layers[i];
    LayerSpec s;
    s.kind = string_at(g, "kind", "");
    s.count = number_at(g, "count", std::nan(""));
    s.kv_heads = number_at(g, "kvHeads", std::nan(""));
    s.head_dim = number_at(g, "headDim", std::nan(""));
    s.window = number_at(g, "window", 0);  // absent: no sliding window
    s.latent_dim = number_at(g, "latentDim", std::nan(""));
    s.heads = number_at(g, "heads", std::nan(""));
    s.key_dim = number_at(g, "keyDim", std::nan(""));
    s.value_dim = number_at(g, "valueDim", std::nan(""));
    s.chunk = number_at(g, "chunk", 0);  // absent: no chunked attention
    s.state_dim = number_at(g, "stateDim", std::nan(""));
    s.conv_kernel = number_at(g, "convKernel", 0);  // absent: no convolution state
    s.conv_channels = number_at(g, "convChannels", 0);
    spec.layers.push_back(s);
  }
  return make_model(spec);
}

KvOptions kv_options(const JsOptions& o) {
  KvOptions q;
  q.tokens = number_at(o, "tokens", std::nan(""));
  q.sessions = number_at(o, "sessions", q.sessions);
  q.kv_dtype = string_at(o, "kvDtype", q.kv_dtype);
  q.state_dtype = string_at(o, "stateDtype", q.state_dtype);
  return q;
}

JsResult kvMemory(JsOptions model, JsOptions opts) {
  auto m = model_from(model);
  if (!m.status) return failure(m.status);
  auto q = make_kv_query(kv_options(opts));
  if (!q.status) return failure(q.status);
  auto r = kv_memory(m.value, q.value);
  if (!r.status) return failure(r.status);
  val o = val::object();
  o.set("kvBytesPerToken", u64(r.value.kv_bytes_per_token));
  o.set("growingBytesPerToken", u64(r.value.growing_bytes_per_token));
  o.set("cappedBytesPerToken", u64(r.value.capped_bytes_per_token));
  o.set("kvBytes", u64(r.value.kv_bytes));
  o.set("growingBytes", u64(r.value.growing_bytes));
  o.set("cappedBytes", u64(r.value.capped_bytes));
  o.set("cappedFullTokens", u64(r.value.capped_full_tokens));
  o.set("stateBytes", u64(r.value.state_bytes));
  o.set("convBytes", u64(r.value.conv_bytes));
  o.set("totalBytes", u64(r.value.total_bytes));
  o.set("perSessionBytes", u64(r.value.per_session_bytes));
  return o;
}

// opts.stateBytes arrives as decimal text (index.mjs turns the BigInt or number into it).
JsResult kvCrossover(JsOptions model, JsOptions opts) {
  auto m = model_from(model);
  if (!m.status) return failure(m.status);
  auto kv = parse_dtype("kvDtype", string_at(opts, "kvDtype", "bf16"));
  if (!kv.status) return failure(kv.status);
  auto sb = wire::parse_uint63("stateBytes", string_at(opts, "stateBytes", ""));
  if (!sb.status) return failure(sb.status);
  auto r = kv_crossover(m.value, kv.value, sb.value);
  if (!r.status) return failure(r.status);
  val o = val::object();
  o.set("tokens", std::to_string(r.value));
  return o;
}

JsResult kvCapacity(JsOptions model, JsOptions opts) {
  auto m = model_from(model);
  if (!m.status) return failure(m.status);
  CapacityOptions c;
  c.kv = kv_options(opts);
  c.gpu_bytes = number_at(opts, "gpuBytes", std::nan(""));
  c.weight_dtype = string_at(opts, "weightDtype", c.weight_dtype);
  c.tp = number_at(opts, "tp", c.tp);
  auto q = make_capacity_query(c);
  if (!q.status) return failure(q.status);
  auto r = kv_capacity(m.value, q.value);
  if (!r.status) return failure(r.status);
  val o = val::object();
  o.set("weightBytes", u64(r.value.weight_bytes));
  o.set("freeBytes", u64(r.value.free_bytes));
  o.set("sessionsThatFit", u64(r.value.sessions_that_fit));
  o.set("longestContext", u64(r.value.longest_context));
  o.set("sessionBytes", u64(r.value.session_bytes));
  o.set("kvHeadsReplicated", r.value.kv_heads_replicated);
  return o;
}

JsResult randomNormals(double seed, double count) {
  Status st;
  if (!(st = check_int("seed", seed, 0, 4294967295.0)) || !(st = check_int("count", count, 0, 1e6)))
    return failure(st);
  Rng rng(static_cast<std::uint64_t>(seed));
  std::vector<double> x(static_cast<std::size_t>(count));
  for (auto& e : x) e = rng.normal();
  return f64(x);
}

JsResult compareVectors(JsNumbers a, JsNumbers b) {
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

// The ledger demo's whole view in one call (ledger.hpp), packed in one Float64Array (index.mjs
// splits it).
JsResult ledgerView(const JsOptions& opts) {
  LedgerOptions o;
  o.memory = memory_options(opts);
  o.keys = numbers_at(opts, "keys");
  o.values = numbers_at(opts, "values");
  o.step = number_at(opts, "step", std::nan(""));
  o.query = numbers_at(opts, "query");
  o.query_index = number_at(opts, "queryIndex", -1);
  auto r = ledger_view(o);
  return r.status ? f64(pack(r.value)) : failure(r.status);
}

JsResult storageNumbers(double dk, double dv, double n) {
  auto r = storage_numbers(dk, dv, n);
  if (!r.status) return failure(r.status);
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
  o.set("maxCapacityDims", limits::maxCapacityDims);
  o.set("maxLedgerAssociations", kLedgerMaxAssociations);
  o.set("maxBeta", limits::maxBeta);
  o.set("maxTokens", limits::maxTokens);
  o.set("maxSessions", limits::maxSessions);
  return o;
}

}  // namespace

EMSCRIPTEN_BINDINGS(linattn) {
  class_<MemoryHandle>("MemoryHandle")
      .constructor<JsOptions>()
      .function("status", &MemoryHandle::status)
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
      .constructor<double, JsNumbers, double, double, std::string, double, std::string, double,
                   double>()
      .function("run", &SweepStreamHandle::run)
      .function("advance", &SweepStreamHandle::advance)
      .function("result", &SweepStreamHandle::result)
      .function("trialWork", &SweepStreamHandle::trialWork)
      .function("workDone", &SweepStreamHandle::workDone)
      .function("trialsDone", &SweepStreamHandle::trialsDone)
      .function("trials", &SweepStreamHandle::trials)
      .function("complete", &SweepStreamHandle::complete);
  function("softmaxAttention", &softmaxAttention);
  function("linearAttention", &linearAttention);
  function("interferenceSweep", &interferenceSweep);
  function("interferenceStore", &interferenceStore);
  function("checkStore", &checkStore);
  class_<StoreStreamHandle>("StoreStreamHandle")
      .constructor<double, double, double, double, std::string, double, std::string, double,
                   double>()
      .function("advance", &StoreStreamHandle::advance)
      .function("result", &StoreStreamHandle::result)
      .function("complete", &StoreStreamHandle::complete)
      .function("progress", &StoreStreamHandle::progress)
      .function("totalWork", &StoreStreamHandle::totalWork)
      .function("workDone", &StoreStreamHandle::workDone);
  function("checkSweep", &checkSweep);
  function("interferenceSweepTrials", &interferenceSweepTrials);
  function("mergeSweepTrials", &mergeSweepTrials);
  function("capacityTrials", &capacityTrials);
  function("mergeCapacityTrials", &mergeCapacityTrials);
  function("capacity", &capacityOf);
  function("checkCapacity", &checkCapacity);
  function("kvMemory", &kvMemory);
  function("kvCrossover", &kvCrossover);
  function("kvCapacity", &kvCapacity);
  function("randomNormals", &randomNormals);
  function("limits", &limitsObject);
  function("heapBytesInUse", &heapBytesInUse);
  function("compare", &compareVectors);
  function("storageNumbers", &storageNumbers);
  function("ledgerView", &ledgerView);
}
