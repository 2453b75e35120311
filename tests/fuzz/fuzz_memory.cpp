// libFuzzer harness: the associative memory (la.memory) as the bindings drive it.
//   config: make_memory_config(MemoryOptions{dk, dv, featureMap, normalize, rule, beta, unitKeys})
//   then up to 48 calls of write / read / readTerms / features / reset with fuzzed vectors.
// Checked on every successful call: result sizes, count, read == readTerms().read (same
// arithmetic), and for the add rule that the terms sum to the read (S is the sum of its stamps).
#include <cfloat>

#include "fuzz_input.hpp"
#include "memory.hpp"

using namespace linattn;

namespace {

bool finite(const std::vector<double>& x) {
  for (double e : x)
    if (!std::isfinite(e)) return false;
  return true;
}

bool same(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (!(a[i] == b[i] || (std::isnan(a[i]) && std::isnan(b[i])))) return false;
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  const double dk = fuzz::count(in, 1, 6), dv = fuzz::count(in, 1, 6);
  const std::string phi = fuzz::name(in, {"identity", "elu1"});
  const bool normalize = in.ConsumeBool();
  const std::string rule = fuzz::name(in, {"add", "delta"});
  const double beta = in.ConsumeBool() ? 1.0 : fuzz::real(in, 0.0, 2.0);
  const bool unit_keys = in.ConsumeBool();
  const auto cfg = make_memory_config({dk, dv, phi, normalize, rule, beta, unit_keys});
  if (!cfg.status) {
    FUZZ_CHECK(!cfg.status.message.empty());
    return 0;
  }
  // Valid but too large for milliseconds per input: the core allows up to 1024 x 1024.
  if (cfg.value.dk > 64 || cfg.value.dv > 64) return 0;

  AssociativeMemory mem(cfg.value);
  const int n_k = mem.config().dk, n_v = mem.config().dv;
  std::vector<std::vector<double>> keys, values;  // the writes since the last reset
  for (int op = 0; op < 48 && in.remaining_bytes() > 0; ++op) {
    switch (in.ConsumeIntegralInRange<int>(0, 9)) {
      case 0:
      case 1:
      case 2:
      case 3: {
        auto k = fuzz::vec(in, n_k), v = fuzz::vec(in, n_v);
        const long long before = mem.count();
        auto r = mem.write(k, v);
        if (r.status) {
          FUZZ_CHECK(r.value.size() == static_cast<std::size_t>(n_k * n_v));
          FUZZ_CHECK(mem.count() == before + 1);
          keys.push_back(k);
          values.push_back(v);
        } else {
          FUZZ_CHECK(mem.count() == before && !r.status.message.empty());
        }
        break;
      }
      case 4:
      case 5: {
        auto q = fuzz::vec(in, n_k);
        auto r = mem.read(q);
        if (r.status) FUZZ_CHECK(r.value.size() == static_cast<std::size_t>(n_v));
        break;
      }
      case 6:
      case 7: {
        auto q = fuzz::vec(in, n_k);
        auto r = mem.read_terms(q);
        auto plain = mem.read(q);
        FUZZ_CHECK(static_cast<bool>(r.status) == static_cast<bool>(plain.status));
        if (!r.status) break;
        const std::size_t n = keys.size();
        FUZZ_CHECK(r.value.coefficients.size() == n);
        FUZZ_CHECK(r.value.terms.size() == n * n_v);
        FUZZ_CHECK(same(r.value.read, plain.value));
        if (mem.config().rule != WriteRule::Add || !finite(r.value.read) || !finite(r.value.terms))
          break;
        // sum_i terms_i = read, to within rounding: bound each column by the sum of |products|.
        const auto pq = mem.features(q).value;
        for (int j = 0; j < n_v; ++j) {
          double sum = 0, bound = 0;
          for (std::size_t i = 0; i < n; ++i) {
            sum += r.value.terms[i * n_v + j];
            const auto pk = mem.features(keys[i]).value;
            double c = 0;
            for (int t = 0; t < n_k; ++t) c += std::fabs(pq[t] * pk[t]);
            bound += c * std::fabs(values[i][j]);
          }
          bound /= std::fabs(r.value.denominator);
          const double tol = 8.0 * DBL_EPSILON * (n + n_k + 2) * bound + 1e-300;
          FUZZ_CHECK(std::isfinite(bound) ? std::fabs(sum - r.value.read[j]) <= tol : true);
        }
        break;
      }
      case 8: {
        auto x = fuzz::vec(in, n_k);
        auto r = mem.features(x);
        if (r.status) FUZZ_CHECK(r.value.size() == static_cast<std::size_t>(n_k));
        break;
      }
      default:
        mem.reset();
        keys.clear();
        values.clear();
        FUZZ_CHECK(mem.count() == 0 && mem.state().isZero(0.0));
    }
  }
  FUZZ_CHECK(mem.state().rows() == n_k && mem.state().cols() == n_v);
  return 0;
}
