// la.interferenceStore and its stream (interference.hpp: StoreConfig, StoreStream): the options
// read by name into StoreOptions.
#include <memory>

#include "interference.hpp"
#include "js.hpp"
#include "trials.hpp"

using namespace linattn;
using namespace linattn::js;

namespace {

// { d, n, trial, seed, beta, keys, rule, gate, step }
StoreOptions store_options(const JsOptions& o) {
  StoreOptions s;
  read_trial_settings(o, s);
  s.d = number_at(o, "d", std::nan(""));
  s.n = number_at(o, "n", std::nan(""));
  s.trial = number_at(o, "trial", s.trial);
  return s;
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

JsResult interferenceStore(const JsOptions& opts) {
  auto r = interference_store(store_options(opts));
  return r.status ? storeObject(r.value) : failure(r.status);
}

// The store's checks alone: "" when interferenceStore would accept these settings.
std::string checkStore(const JsOptions& opts) {
  return refusal_or_empty(make_store_config(store_options(opts)).status);
}

// A store computed a piece at a time (StoreStream). wasm/api/ checks the settings first
// (checkStore); settings the core refuses still make a handle, whose calls then return the core's
// message.
class StoreStreamHandle {
 public:
  explicit StoreStreamHandle(const JsOptions& opts) {
    auto cfg = make_store_config(store_options(opts));
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
  // The store once complete; wasm/api/ asks only then.
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

}  // namespace

EMSCRIPTEN_BINDINGS(linattn_store) {
  using emscripten::class_;
  using emscripten::function;
  function("interferenceStore", &interferenceStore);
  function("checkStore", &checkStore);
  class_<StoreStreamHandle>("StoreStreamHandle")
      .constructor<JsOptions>()
      .function("advance", &StoreStreamHandle::advance)
      .function("result", &StoreStreamHandle::result)
      .function("complete", &StoreStreamHandle::complete)
      .function("progress", &StoreStreamHandle::progress)
      .function("totalWork", &StoreStreamHandle::totalWork)
      .function("workDone", &StoreStreamHandle::workDone);
}
