// Status: how the core reports bad input. Every entry point that takes outside data validates it
// and returns a Status instead of throwing, so a WebAssembly caller never unwinds through C++.
#pragma once
#include <cmath>
#include <string>
#include <utility>

namespace linattn {

struct Status {
  bool ok = true;
  std::string message;  // names the argument and the allowed range
  // The argument the message is about, as the message names it ("dk", "q[2]",
  // "model.layers[1].heads"); empty when it is about no single argument (e.g. a total too large).
  std::string field;
  static Status good() { return {}; }
  static Status bad(std::string msg, std::string about = {}) {
    return {false, std::move(msg), std::move(about)};
  }
  explicit operator bool() const { return ok; }
};

// A value with a Status: value is meaningful only when status.ok.
template <class T>
struct Result {
  Status status;
  T value{};
};

// The documented limits of every input (docs/api.md "Limits"; exported to JS as `la.limits`).
namespace limits {
inline constexpr int maxDim = 1024;         // dk, dv of memories and attention
inline constexpr double maxAbsValue = 1e6;  // |x| of every vector entry
// |x| of what compare() takes: it compares results (a read sums up to dk writes of products of
// three inputs, so it may pass maxAbsValue); 1e150 keeps every squared norm finite.
inline constexpr double maxAbsCompared = 1e150;
inline constexpr int maxHistory = 65536;                   // writes kept for readTerms...
inline constexpr long long maxHistoryNumbers = 1LL << 22;  // ...and at most 4 Mi numbers (32 MiB)
inline constexpr int maxSeqLen = 4096;                     // T of attention calls
inline constexpr long long maxAttentionWork = 64LL << 20;  // T*T*(dk+dv) for one call
inline constexpr int maxSweepDim = 512;
inline constexpr int maxSweepN = 2048;  // the sweep keeps two N x N similarity matrices
inline constexpr int maxSweepTrials = 256;
inline constexpr long long maxSweepWork = 1LL << 36;  // trials * nMax^2 * (nMax + d): ~seconds
inline constexpr int maxStoreN = 1024;                // interferenceStore returns an n x n overlap
inline constexpr double maxBeta = 1000.0;
inline constexpr double maxTokens = 1e10;
inline constexpr double maxSessions = 1e6;
}  // namespace limits

std::string fmt_num(double x);  // shortest readable form for messages: 1e+06 -> "1000000"

// Checks an integer-valued argument in [lo, hi]; `name` goes into the message and is the field.
Status check_int(const std::string& name, double x, double lo, double hi);
// Checks a real argument is finite and in [lo, hi] (field: name).
Status check_real(const std::string& name, double x, double lo, double hi);
// Checks a vector: expected length and every entry finite with |x| <= maxAbsValue (field: name,
// or name[i] for a bad entry).
Status check_vec(const std::string& name, const double* x, long long len, long long expected);
// The same with another bound on |x| (compare() takes results, bounded by maxAbsCompared).
Status check_vec(const std::string& name, const double* x, long long len, long long expected,
                 double max_abs);

// The same checks for a name given as C text (most callers): an argument that passes costs no
// std::string, which in WebAssembly is a call to make and one to free at each check of a drag's
// many small calls. A refusal is the one above, word for word.
Status check_int(const char* name, double x, double lo, double hi);
Status check_real(const char* name, double x, double lo, double hi);
Status check_vec(const char* name, const double* x, long long len, long long expected);
Status check_vec(const char* name, const double* x, long long len, long long expected,
                 double max_abs);

}  // namespace linattn
