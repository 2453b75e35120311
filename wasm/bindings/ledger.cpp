// The ledger's own module (build/wasm/linattn-ledger.mjs, loaded by wasm/ledger.mjs): la.ledgerView
// over the flat wire (ledger_wire.hpp) and, for a feature map or rule with no code on the wire, the
// refusal of a memory's settings read by name. With basics.cpp (limits, the wire's buffers, the
// allocator's bytes in use) it is all the module binds, so the linker takes only what the ledger's
// view reaches: no sweep, store, capacity search or KV calculator.
#include "js.hpp"
#include "ledger_wire.hpp"

using namespace linattn;
using namespace linattn::js;

extern "C" EMSCRIPTEN_KEEPALIVE double la_ledger_view(double nk, double nv, double nq) {
  return ledger_view_wire(nk, nv, nq);
}

EMSCRIPTEN_BINDINGS(linattn_ledger) {
  using emscripten::function;
  // "" when the settings make a memory, else the refusal (what MemoryHandle's status() says).
  function(
      "memoryRefusal", +[](const JsOptions& opts) {
        return refusal_or_empty(make_memory_config(memory_options(opts)).status);
      });
}
