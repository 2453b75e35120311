// libFuzzer harness: the ledger demo's one-call view (la.ledgerView) as the bindings drive it:
// fuzzed memory options, up to 9 associations of fuzzed keys and values (now and then a row of the
// wrong length, a NaN, a value past maxAbsValue), a fuzzed step, query and query index.
// Checked on every success: every size, and that the view is bit for bit the same memory calls
// made one at a time (what the demo did before its one-call view): S, z and each read. On refusal:
// a message.
#include <cmath>

#include "fuzz_input.hpp"
#include "ledger.hpp"

using namespace linattn;

namespace {

bool same(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (!(a[i] == b[i] || (std::isnan(a[i]) && std::isnan(b[i])))) return false;
  return true;
}

std::vector<double> row(const std::vector<double>& m, int i, int width) {
  return {m.begin() + static_cast<long>(i) * width, m.begin() + static_cast<long>(i + 1) * width};
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  LedgerOptions o;
  const double d = fuzz::count(in, 1, 5);
  o.memory.dk = d;
  o.memory.dv = in.ConsumeBool() ? d : fuzz::count(in, 1, 5);
  o.memory.feature_map = fuzz::name(in, {"identity", "elu1"});
  o.memory.normalize = in.ConsumeBool();
  // Valid but too large for milliseconds per input: the core allows up to 1024.
  const long long dk = std::isfinite(o.memory.dk) && o.memory.dk >= 1 && o.memory.dk <= 8
                           ? static_cast<long long>(o.memory.dk)
                           : 2;
  const long long dv = std::isfinite(o.memory.dv) && o.memory.dv >= 1 && o.memory.dv <= 8
                           ? static_cast<long long>(o.memory.dv)
                           : 2;
  const int n = in.ConsumeIntegralInRange<int>(0, 9);
  for (int i = 0; i < n; ++i) {
    auto k = fuzz::vec(in, dk), v = fuzz::vec(in, dv);
    o.keys.insert(o.keys.end(), k.begin(), k.end());
    o.values.insert(o.values.end(), v.begin(), v.end());
  }
  o.step = fuzz::count(in, 0, n);
  o.query = fuzz::vec(in, dk);
  o.query_index = fuzz::count(in, -1, n > 0 ? n - 1 : -1);

  auto r = ledger_view(o);
  if (!r.status) {
    FUZZ_CHECK(!r.status.message.empty());
    return 0;
  }
  const LedgerView& v = r.value;
  const auto cells = static_cast<std::size_t>(v.dk * v.dv);
  // The core sees flat rows (index.mjs checks each row's length): n is what the numbers hold.
  FUZZ_CHECK(static_cast<std::size_t>(v.n * v.dk) == o.keys.size() && v.step >= 0 && v.step <= v.n);
  FUZZ_CHECK(v.features.size() == o.keys.size());
  FUZZ_CHECK(v.stamps.size() == v.step * cells && v.states.size() == v.step * cells);
  FUZZ_CHECK(v.state.size() == cells && v.normalizer.size() == static_cast<std::size_t>(v.dk));
  FUZZ_CHECK(v.reads.size() == static_cast<std::size_t>(v.step * v.dv));
  FUZZ_CHECK(v.errors.size() == static_cast<std::size_t>(v.step));
  FUZZ_CHECK(v.has_query == (v.step > 0));
  FUZZ_CHECK(v.overlaps.size() == static_cast<std::size_t>(v.n * v.n));
  FUZZ_CHECK(v.angles.size() == static_cast<std::size_t>(v.n));

  // The same memory, one call at a time.
  AssociativeMemory mem(make_memory_config(o.memory).value);
  for (int i = 0; i < v.step; ++i)
    FUZZ_CHECK(mem.write(row(o.keys, i, v.dk), row(o.values, i, v.dv)).status);
  FUZZ_CHECK(same(v.state, to_vector(mem.state())));
  FUZZ_CHECK(same(v.normalizer, to_vector(mem.normalizer())));
  for (int i = 0; i < v.step; ++i) {
    auto read = mem.read(row(o.keys, i, v.dk));
    FUZZ_CHECK(read.status && same(read.value, row(v.reads, i, v.dv)));
  }
  return 0;
}
