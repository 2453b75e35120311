// Interference: store N associations k_i -> v_i in one d x d state S = sum_i k_i v_i^T and read
// each back with its own key:
//
//   k_j^T S = (k_j . k_j) v_j^T + sum_{i != j} (k_j . k_i) v_i^T      (target + crosstalk)
//
// With unit keys the target coefficient is 1 and each crosstalk coefficient is a cosine. For random
// unit keys E[(k_j . k_i)^2] = 1/d, so the crosstalk energy is (N-1)/d and the read-back's cosine
// with v_j is about 1/sqrt(1 + (N-1)/d). The same store read through softmax attention,
// o_j = sum_i exp(beta k_j.k_i) v_i / sum_i exp(beta k_j.k_i), is the "spotlight" for contrast.
//
// The store is written by an update rule (update_rule.hpp: add or delta, with a forget gate), the
// chapter's S = sum_i k_i v_i^T being the additive rule without a gate. The spotlight is a cache of
// every association and is neither gated nor overwritten.
#pragma once
#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "associations.hpp"
#include "linalg.hpp"
#include "status.hpp"
#include "trial_settings.hpp"
#include "update_rule.hpp"

namespace linattn {

// A sweep's settings as they arrive (by name, from JS), not yet checked.
struct SweepOptions : TrialSettings {
  double d = 64;
  std::vector<double> ns;  // the N at which to report: ascending whole numbers >= 1
  double trials = 8;
};
// Checked: d, trials, the trial settings (check_trial_settings), ns, then the budget.
struct SweepConfig : TrialSetup {
  int d = 64;
  std::vector<int> ns;  // ascending, >= 1
  int trials = 8;
};
Result<SweepConfig> make_sweep_config(const SweepOptions& o);

// One trial's means over the n reads of a store of n associations (the sweep's samples).
// recall, softmax_recall and miss are counted in whole reads and divided by n once, so that a store
// with no wrong read has recall exactly 1 and miss exactly 0 (summing n times 1/n does not).
struct TrialMeans {
  double cosine = 0, rel_error = 0, crosstalk = 0, recall = 0, softmax_cosine = 0,
         softmax_recall = 0, miss = 0;
};

// Every vector is aligned with ns. Mean and (sample) standard deviation over trials of each
// trial's mean over its n associations. For the rules other than the chapter's, the read's target
// is the value as written (k.k, times step for the delta rule) faded by the gate since; a target
// faded below double range makes crosstalk +Infinity.
struct SweepResult {
  int trials = 0;  // how many trials the means are over (trials 0..trials-1 of the seed)
  std::vector<double> ns;
  std::vector<double> cosine_mean, cosine_std;        // cos(read, v_j)
  std::vector<double> rel_error_mean, rel_error_std;  // |read - v_j| / |v_j|
  std::vector<double> crosstalk_mean, crosstalk_std;  // |read - c_jj v_j|^2 / |c_jj v_j|^2
  std::vector<double> recall_mean, recall_std;        // top-1: nearest stored value is v_j
  std::vector<double> miss_mean;  // wrong reads: per trial (n - recalled) / n, exactly 0 for none
  std::vector<double> theory_crosstalk, theory_cosine;
  std::vector<double> softmax_cosine_mean, softmax_cosine_std;
  std::vector<double> softmax_recall_mean, softmax_recall_std;
  std::vector<double> state_numbers, cache_numbers;  // d*d and N*(dk+dv)
};

// The series of a SweepResult, listed once: their JS names (index.d.ts) and members. The result's
// shape, the binding's JS object and the tests all go through this table.
struct SweepSeries {
  const char* name;
  std::vector<double> SweepResult::*member;
};
inline constexpr SweepSeries kSweepSeries[] = {
    {"ns", &SweepResult::ns},
    {"cosineMean", &SweepResult::cosine_mean},
    {"cosineStd", &SweepResult::cosine_std},
    {"relErrorMean", &SweepResult::rel_error_mean},
    {"relErrorStd", &SweepResult::rel_error_std},
    {"crosstalkMean", &SweepResult::crosstalk_mean},
    {"crosstalkStd", &SweepResult::crosstalk_std},
    {"recallMean", &SweepResult::recall_mean},
    {"recallStd", &SweepResult::recall_std},
    {"missMean", &SweepResult::miss_mean},
    {"theoryCrosstalk", &SweepResult::theory_crosstalk},
    {"theoryCosine", &SweepResult::theory_cosine},
    {"softmaxCosineMean", &SweepResult::softmax_cosine_mean},
    {"softmaxCosineStd", &SweepResult::softmax_cosine_std},
    {"softmaxRecallMean", &SweepResult::softmax_recall_mean},
    {"softmaxRecallStd", &SweepResult::softmax_recall_std},
    {"stateNumbers", &SweepResult::state_numbers},
    {"cacheNumbers", &SweepResult::cache_numbers},
};
// Calls fn(name, series) for every series of r, in the table's order.
template <class Result, class Fn>
void for_each_series(Result& r, Fn&& fn) {
  for (const SweepSeries& s : kSweepSeries) fn(s.name, r.*(s.member));
}

// One trial of a sweep, a step (one association) at a time: the unit of SweepStream and of
// sweep_trials. Trial t always stores the associations of (seed, t), so its means depend only on
// (config, t), never on how its steps are grouped into calls.
class TrialRun;

// A sweep computed a few trials at a time, so that a long one can show its numbers as they firm
// up. Trial t always uses the same associations (seed, t), and the summary is computed from the
// per-trial means in trial order, so after all of config.trials the result is exactly (bit for
// bit) interference_sweep(config), however the work was split into calls.
class SweepStream {
 public:
  explicit SweepStream(SweepConfig config);
  ~SweepStream();
  SweepStream(const SweepStream&) = delete;
  SweepStream& operator=(const SweepStream&) = delete;
  // Runs up to max_trials more trials (at least 1 while any remain; a trial that advance() left
  // half done is finished first and counts); returns how many it finished.
  int run(int max_trials);
  // Does about `work` units of the sweep's cost model (drawing an association of a trial costs
  // 2 d kNormalDrawCost, setting up its store 2 n_max (n_max + d), adding association n n (n + d)),
  // at least one step while any trial remains,
  // and stops early once max_trials trials are finished. Returns how many trials it finished
  // (0 while the current one is still half done). A page thread without workers calls this with
  // a small budget so that no task runs long; the numbers are the same.
  int advance(double work, int max_trials);
  int trials_done() const { return done_; }
  bool complete() const { return done_ == config_.trials; }
  // The cost of the steps done so far, in advance()'s units (what a caller's step actually did,
  // when it ended early at a trial's end).
  double work_done() const { return work_done_; }
  const SweepConfig& config() const { return config_; }
  // Means and standard deviations over the trials finished so far (empty vectors before the
  // first); a half-done trial is not in it.
  SweepResult result() const;

 private:
  SweepConfig config_;
  int done_ = 0;
  double work_done_ = 0;
  std::unique_ptr<TrialRun> current_;             // the trial advance() is in, if any
  std::vector<std::vector<TrialMeans>> samples_;  // [ns index][trial]
};

// The sweep's cost model for one trial: n_max^2 (n_max + d) (the budget's unit, see
// make_sweep_config).
double sweep_trial_work(const SweepConfig& config);

// ---- splitting a sweep over workers ----------------------------------------------------------
// A pool of workers each computes the per-trial means of a range of trials (sweep_trials); the
// page merges whatever has arrived, in any order (merge_sweep_trials). The merge puts the trials
// back in trial order and summarizes them exactly as SweepStream does, so once every trial is in
// the result is bit for bit interference_sweep(config), whatever the split.

// The fields of one record, in TrialMeans order: a record is kTrialFields numbers per N of ns.
inline constexpr int kTrialFields = 7;  // cosine, rel_error, crosstalk, recall, softmax_cosine,
                                        // softmax_recall, miss

// The per-trial means of trials first..first+count-1: records[(t * ns.size() + i) * kTrialFields
// + f] is field f of trial first + t at ns[i].
struct SweepTrials {
  int first = 0, count = 0;
  std::vector<double> records;
};
// Checks a trial range against the config: 0 <= first, 1 <= count, first + count <= trials.
Status check_trial_range(int trials, double first, double count);
Result<SweepTrials> sweep_trials(const SweepConfig& config, double first, double count);

// One part as it arrives from outside (a worker's message), not yet checked.
struct TrialsPart {
  double first = 0, count = 0;
  std::vector<double> values;  // records (sweep) or capacities (capacity)
};
// The checks both merges make, part by part, before any part is used: at most `trials` parts; each
// part's range (check_trial_range); its number of values, per_trial a trial, `values` naming them
// and `shape` saying how many in the message ("count * dims.length"); no trial in two parts; and
// every value, by check_value(at, p, k) (at = "parts[p]"). Returns which part holds each trial
// (-1: not arrived yet), or the first refusal (its field names the part).
using TrialValueCheck = std::function<Status(const std::string& at, std::size_t p, std::size_t k)>;
Result<std::vector<int>> trial_owners(int trials, const std::vector<TrialsPart>& parts,
                                      std::size_t per_trial, const std::string& values,
                                      const std::string& shape, const TrialValueCheck& check_value);
// The summary of the parts received so far: trials = how many trials they hold (trial order is
// restored, so a partial result is the mean over exactly those trials). Refuses a part whose range
// is outside 0..trials-1, overlaps another part, has the wrong number of values, or holds a value
// no trial can have (NaN anywhere, a count outside 0..1, a negative error, an infinite cosine,
// a crosstalk of -1 or less).
Result<SweepResult> merge_sweep_trials(const SweepConfig& config,
                                       const std::vector<TrialsPart>& parts);

// Incremental (incremental_trial.hpp): adding association n updates the earlier reads and their
// similarities to every stored value in O(n (n + d)), for every rule, so one pass over
// n = 1..max(ns) serves every N.
SweepResult interference_sweep(const SweepConfig& config);

// One store, computed directly (and so also the reference the incremental sweep is tested against):
// the n associations written one after another by the rule, then every one read back.
struct StoreResult {
  int n = 0;
  std::vector<double> key_overlap;  // n x n, |k_i . k_j|
  // Per association i (in order of writing): cos(read, v_i), top-1 recall (0 or 1), |read|.
  std::vector<double> cosine, recalled, norm, softmax_cosine, softmax_recalled;
  // Recall by age: entry m is association n-1-m, the one with m later writes after it.
  std::vector<double> age_cosine, age_recalled, age_norm;
};
// One store's settings as they arrive, not yet checked.
struct StoreOptions : TrialSettings {
  double d = 64;
  double n = 1;      // 1..limits::maxStoreN
  double trial = 0;  // which trial of the seed: its associations are that trial's of a sweep
};
// Checked: d, n, trial, then the trial settings, with the same messages as the sweep's.
struct StoreConfig : TrialSetup {
  int d = 64, n = 1;
  int trial = 0;
};
Result<StoreConfig> make_store_config(const StoreOptions& o);

// A store computed a piece at a time, so that a page thread without workers never runs one long
// task (a d = 256, n = 1024 store is 100-300 ms in one call). The pieces: drawing each
// association, writing each one (the rules other than the chapter's), then reading back
// kStoreBlockRows associations at a time (their overlaps with every key, the reads and the
// spotlight's). The blocks are fixed by n, never by the work asked per call, so the result is bit
// for bit the same however the calls are split; interference_store is this stream run in one call.
inline constexpr int kStoreBlockRows = 16;
class StoreStream {
 public:
  explicit StoreStream(StoreConfig config);
  // Does about `work` units of cost (about one multiply-add each), at least one piece while any
  // remains; returns complete().
  bool advance(double work);
  bool complete() const { return rows_done_ == config_.n; }
  // The share of the store's cost done so far, 0..1.
  double progress() const { return total_work_ > 0 ? std::min(1.0, done_work_ / total_work_) : 1; }
  double total_work() const { return total_work_; }
  double work_done() const { return done_work_; }
  const StoreConfig& config() const { return config_; }
  // The store; complete() only (before, its vectors are partly filled).
  const StoreResult& result() const { return result_; }

 private:
  double piece();  // does the next piece; returns its cost
  double block_work(int rows) const;
  void read_block();

  StoreConfig config_;
  AssociationDraws draws_;
  bool drawn_ = false;
  Associations a_;  // once drawn
  Mat S_;           // the state, for the rules other than the chapter's
  int written_ = 0, rows_done_ = 0;
  double total_work_ = 0, done_work_ = 0;
  StoreResult result_;
};

Result<StoreResult> interference_store(const StoreOptions& o);
// The reads k_j^T S (rows) of that store, for tests: the rule's writes done directly (update_rule).
Mat store_reads(const Associations& a, const UpdateRule& rule);

}  // namespace linattn
