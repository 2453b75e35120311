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
  return object(out("n", r.n), out("keyOverlap", r.key_overlap), out("cosine", r.cosine),
                out("recalled", r.recalled), out("norm", r.norm),
                out("softmaxCosine", r.softmax_cosine), out("softmaxRecalled", r.softmax_recalled),
                out("ageCosine", r.age_cosine), out("ageRecalled", r.age_recalled),
                out("ageNorm", r.age_norm));
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
