// la.interferenceSweep and its stream, checks and worker shares (interference.hpp): the options
// read by name into SweepOptions; the result's series by the core's one table (kSweepSeries).
#include <memory>
#include <utility>

#include "interference.hpp"
#include "js.hpp"
#include "trials.hpp"

using namespace linattn;
using namespace linattn::js;

namespace {

// { d, ns, trials, seed, beta, keys, rule, gate, step }
Result<SweepConfig> sweep_config(const JsOptions& o) {
  SweepOptions s;
  read_trial_settings(o, s);
  s.d = number_at(o, "d", std::nan(""));
  s.ns = numbers_at(o, "ns");
  s.trials = number_at(o, "trials", s.trials);
  return make_sweep_config(s);
}

val sweepObject(const SweepResult& s) {
  val o = val::object();
  o.set("trials", s.trials);
  for_each_series(s, [&](const char* name, const std::vector<double>& x) { o.set(name, f64(x)); });
  return o;
}

JsResult interferenceSweep(const JsOptions& opts) {
  return computed(sweep_config(opts), interference_sweep, sweepObject);
}

// The sweep's checks alone, without computing: "" when interferenceSweep would accept these.
std::string checkSweep(const JsOptions& opts) {
  return refusal_or_empty(sweep_config(opts).status);
}

// A sweep run a few trials per call (SweepStream). wasm/api/ checks the settings first; settings
// the core refuses still make a handle, whose calls then return the core's message.
class SweepStreamHandle {
 public:
  explicit SweepStreamHandle(const JsOptions& opts) {
    auto cfg = sweep_config(opts);
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

// Trials range.first..first+count-1 of a sweep, as per-trial records (a worker's share).
JsResult interferenceSweepTrials(const JsOptions& opts, const JsOptions& range) {
  return trials_share(sweep_config(opts), range, sweep_trials, "records", &SweepTrials::records);
}

// The sweep over the parts received so far (SweepResult), or the refusal.
JsResult mergeSweepTrials(const JsOptions& opts, const val& parts) {
  return merge_shares(sweep_config(opts), parts, "records", merge_sweep_trials, sweepObject);
}

}  // namespace

EMSCRIPTEN_BINDINGS(linattn_sweep) {
  using emscripten::class_;
  using emscripten::function;
  function("interferenceSweep", &interferenceSweep);
  function("checkSweep", &checkSweep);
  class_<SweepStreamHandle>("SweepStreamHandle")
      .constructor<JsOptions>()
      .function("run", &SweepStreamHandle::run)
      .function("advance", &SweepStreamHandle::advance)
      .function("result", &SweepStreamHandle::result)
      .function("trialWork", &SweepStreamHandle::trialWork)
      .function("workDone", &SweepStreamHandle::workDone)
      .function("trialsDone", &SweepStreamHandle::trialsDone)
      .function("trials", &SweepStreamHandle::trials)
      .function("complete", &SweepStreamHandle::complete);
  function("interferenceSweepTrials", &interferenceSweepTrials);
  function("mergeSweepTrials", &mergeSweepTrials);
}
