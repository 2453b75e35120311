// The main module's small tools: la.randomNormals (rng.hpp). Its limits, the allocator's bytes in
// use and the flat wire's buffers are basics.cpp's, which the ledger's module shares.
#include "js.hpp"
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

}  // namespace

EMSCRIPTEN_BINDINGS(linattn_module) {
  using emscripten::function;
  function("randomNormals", &randomNormals);
}
