// The associative memory of linear attention: the chapter's "ledger".
//
//   write (add rule):    S <- S + phi(k) v^T           z <- z + phi(k)
//   write (delta rule):  S <- S - beta phi(k) (phi(k)^T S - v^T)      (DeltaNet, ch. 05)
//   read:                o = phi(q)^T S                 (normalized: / (phi(q)^T z + eps))
//
// Every write is a rank-1 stamp phi(k) w^T (w = v for the add rule, w = beta (v - S^T phi(k)) for
// the delta rule), so S is the sum of its stamps and a read splits into one term per write:
// (phi(q) . phi(k_i)) w_i. The memory keeps those (phi(k_i), w_i) pairs for readTerms, up to
// limits::maxHistory writes and limits::maxHistoryNumbers numbers; the state itself stays dk x dv
// however many writes arrive.
//
// The delta rule is stable only while beta |phi(k)|^2 <= 2: the update multiplies what S stores
// under k by (1 - beta |phi(k)|^2), and a factor beyond -1 makes every rewrite amplify instead of
// correct. Such writes are refused (unit keys keep |phi(k)| = 1).
#pragma once
#include <string>
#include <vector>

#include "feature_map.hpp"
#include "linalg.hpp"
#include "status.hpp"

namespace linattn {

enum class WriteRule { Add, Delta };

struct MemoryConfig {
  int dk = 2;
  int dv = 2;
  FeatureMap phi = FeatureMap::Identity;
  bool normalize = false;
  WriteRule rule = WriteRule::Add;
  double beta = 1.0;       // delta-rule step, 0 < beta <= 2
  bool unit_keys = false;  // scale phi(k) and phi(q) to unit length
};

// The epsilon added to the normalized read's denominator phi(q)^T z.
inline constexpr double kNormalizerEps = 1e-6;

// A configuration as outside data, unchecked: the options of la.memory, with its defaults.
struct MemoryOptions {
  double dk = 0, dv = 0;
  std::string feature_map = "identity";
  bool normalize = false;
  std::string rule = "add";
  double beta = 1.0;
  bool unit_keys = false;
};
// Validates a configuration given as outside data (messages name the JS API's options).
Result<MemoryConfig> make_memory_config(const MemoryOptions& o);

struct ReadTerms {
  std::vector<double> coefficients;  // per write: phi(q) . phi(k_i)
  std::vector<double> terms;         // writes x dv, row-major: each write's part of the read
  double denominator = 1.0;
  std::vector<double> read;
};

class AssociativeMemory {
 public:
  explicit AssociativeMemory(const MemoryConfig& config);  // config must be valid

  const MemoryConfig& config() const { return config_; }

  // Adds k -> v; returns the stamp (dk x dv row-major) that was added to S.
  Result<std::vector<double>> write(const std::vector<double>& k, const std::vector<double>& v);
  // The same write without its stamp (a run of writes: memory_batch.hpp): no dk x dv vector is
  // made and dropped per write.
  Status write_only(const std::vector<double>& k, const std::vector<double>& v);
  // The same write, its stamp computed into stamp[0 .. dk dv) (left as it is on a refusal only
  // up to what the checks before it touched: the caller drops it).
  Status write_to(const std::vector<double>& k, const std::vector<double>& v, double* stamp);
  Result<std::vector<double>> read(const std::vector<double>& q) const;
  // The same read, its dv numbers appended to `out` (a run of reads) or left out on a refusal.
  Status read_onto(const std::vector<double>& q, std::vector<double>& out) const;
  Result<ReadTerms> read_terms(const std::vector<double>& q) const;
  // phi with this memory's settings (feature map, then unit length if unit_keys).
  Result<std::vector<double>> features(const std::vector<double>& x) const;

  const Mat& state() const { return S_; }
  const Vec& normalizer() const { return z_; }
  long long count() const { return count_; }
  void reset();

 private:
  Result<Vec> featurize(const char* name, const std::vector<double>& x) const;
  // A write's checks and its update of S, z and the history, its stamp computed into `stamp`
  // (dk x dv numbers).
  Status commit(const std::vector<double>& k, const std::vector<double>& v, double* stamp);
  Result<double> denominator(const Vec& phi_q) const;

  MemoryConfig config_;
  Mat S_;
  Vec z_;
  long long count_ = 0;
  std::vector<Vec> history_keys_;    // phi(k_i)
  std::vector<Vec> history_values_;  // w_i
  bool history_complete_ = true;     // false once a write no longer fit in the history
  std::vector<double> scratch_;      // write_only's stamp, dk x dv, made once
};

}  // namespace linattn
