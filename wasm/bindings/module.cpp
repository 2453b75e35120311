// What the module says about itself and its small tools: la.limits (status.hpp, capacity.hpp,
// ledger.hpp), la.randomNormals (rng.hpp) and the allocator's bytes in use (la.debug).
#include <malloc.h>

#include "capacity.hpp"
#include "js.hpp"
#include "ledger.hpp"
#include "rng.hpp"

using namespace linattn;
using namespace linattn::js;

namespace {

JsResult randomNormals(double seed, double count) {
  Status st;
  if (!(st = check_int("seed", seed, 0, 4294967295.0)) || !(st = check_int("count", count, 0, 1e6)))
    return failure(st);
  Rng rng(static_cast<std::uint64_t>(seed));
  std::vector<double> x(static_cast<std::size_t>(count));
  for (auto& e : x) e = rng.normal();
  return f64(x);
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

EMSCRIPTEN_BINDINGS(linattn_module) {
  using emscripten::function;
  function("limits", &limitsObject);
  function("randomNormals", &randomNormals);
  function("heapBytesInUse", &heapBytesInUse);
}
