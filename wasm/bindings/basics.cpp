// What the main module and the ledger's own module both have: la.limits (status.hpp, capacity.hpp,
// ledger.hpp), the allocator's bytes in use (la.debug) and the flat wire's buffers (js.hpp,
// wasm/api/wire.mjs).
#include <malloc.h>

#include "capacity.hpp"
#include "js.hpp"
#include "ledger.hpp"

using namespace linattn;
using namespace linattn::js;

namespace {

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

// The flat wire's buffers (js.hpp, wasm/api/wire.mjs): room for `n` numbers of a call's input (its
// address; memory may grow, so JS reads the heap's views after this call), where the last answer's
// numbers or words are, and their release.
extern "C" {
EMSCRIPTEN_KEEPALIVE double* la_input(double n) {
  std::vector<double>& in = wire_buffers().in;
  in.resize(n > 0 && n <= 1 << 26 ? static_cast<std::size_t>(n) : 0);
  return in.data();
}
// Frees the buffers once JS has copied the answer: between calls the wire holds no memory, so the
// heap stays as flat as it was without it (tests/api/leak.test.mjs).
EMSCRIPTEN_KEEPALIVE void la_release() {
  Wire& w = wire_buffers();
  std::vector<double>().swap(w.in);
  std::vector<double>().swap(w.out);
  w.words.reset();
  w.word_count = 0;
}
EMSCRIPTEN_KEEPALIVE const double* la_output() { return wire_buffers().out.data(); }
EMSCRIPTEN_KEEPALIVE const std::uint64_t* la_words() { return wire_buffers().words.get(); }
}

EMSCRIPTEN_BINDINGS(linattn_basics) {
  using emscripten::function;
  function("limits", &limitsObject);
  function("heapBytesInUse", &heapBytesInUse);
  function(
      "wireRefusal", +[]() {  // taken, not kept: the heap holds nothing between calls
        std::string text;
        text.swap(wire_buffers().refusal);
        return text;
      });
}
