// la.memory (MemoryHandle, with its runs of writes and reads: memory_batch.hpp), la.ledgerView
// (la_ledger_view, over the flat wire) and
// la.storageNumbers: a memory's options read by name into MemoryOptions (memory.hpp, ledger.hpp);
// storage counts (compare.hpp).
#include <memory>

#include "compare.hpp"  // storage_numbers
#include "js.hpp"
#include "ledger_wire.hpp"  // memory_options, ledger_view_wire
#include "memory.hpp"
#include "memory_batch.hpp"

using namespace linattn;
using namespace linattn::js;

namespace {

// A memory, or the refusal of its configuration: a handle made from options the core refuses
// holds no memory, and every call answers with that refusal (wasm/api/memory.mjs checks status()
// first).
class MemoryHandle {
 public:
  explicit MemoryHandle(const JsOptions& opts) {
    auto cfg = make_memory_config(memory_options(opts));
    status_ = cfg.status;
    if (status_) mem_ = std::make_unique<AssociativeMemory>(cfg.value);
  }

  // "" when the memory exists, else the refusal.
  std::string status() const { return refusal_or_empty(status_); }
  JsResult write(JsNumbers k, JsNumbers v) {
    if (!mem_) return failure(status_);
    auto r = mem_->write(numbers(k), numbers(v));
    return r.status ? f64(r.value) : failure(r.status);
  }
  JsResult read(JsNumbers q) const {
    if (!mem_) return failure(status_);
    auto r = mem_->read(numbers(q));
    return r.status ? f64(r.value) : failure(r.status);
  }
  // Runs (memory_batch.hpp): rows as one flat Float64Array each way.
  JsResult writeAndRead(JsNumbers keys, JsNumbers values) {
    if (!mem_) return failure(status_);
    auto r = write_and_read(*mem_, numbers(keys), numbers(values));
    return r.status ? f64(r.value) : failure(r.status);
  }
  JsResult readRows(JsNumbers queries) const {
    if (!mem_) return failure(status_);
    auto r = read_rows(*mem_, numbers(queries));
    return r.status ? f64(r.value) : failure(r.status);
  }
  JsResult readTerms(JsNumbers q) const {
    if (!mem_) return failure(status_);
    auto r = mem_->read_terms(numbers(q));
    if (!r.status) return failure(r.status);
    val o = val::object();
    o.set("coefficients", f64(r.value.coefficients));
    o.set("terms", f64(r.value.terms));
    o.set("denominator", r.value.denominator);
    o.set("read", f64(r.value.read));
    return o;
  }
  JsResult features(JsNumbers x) const {
    if (!mem_) return failure(status_);
    auto r = mem_->features(numbers(x));
    return r.status ? f64(r.value) : failure(r.status);
  }
  JsResult state() const { return mem_ ? f64(to_vector(mem_->state())) : failure(status_); }
  JsResult normalizer() const {
    return mem_ ? f64(to_vector(mem_->normalizer())) : failure(status_);
  }
  double count() const { return mem_ ? static_cast<double>(mem_->count()) : 0; }
  int dk() const { return mem_ ? mem_->config().dk : 0; }
  int dv() const { return mem_ ? mem_->config().dv : 0; }
  void reset() {
    if (mem_) mem_->reset();
  }

 private:
  Status status_;
  std::unique_ptr<AssociativeMemory> mem_;
};

// opts: { dk, dv, n }.
JsResult storageNumbers(const JsOptions& opts) {
  auto r = storage_numbers(number_at(opts, "dk", std::nan("")), number_at(opts, "dv", std::nan("")),
                           number_at(opts, "n", std::nan("")));
  if (!r.status) return failure(r.status);
  val o = val::object();
  o.set("cache", r.value.cache);
  o.set("state", r.value.state);
  return o;
}

}  // namespace

extern "C" EMSCRIPTEN_KEEPALIVE double la_ledger_view(double nk, double nv, double nq) {
  return ledger_view_wire(nk, nv, nq);
}

EMSCRIPTEN_BINDINGS(linattn_memory) {
  using emscripten::class_;
  using emscripten::function;
  class_<MemoryHandle>("MemoryHandle")
      .constructor<JsOptions>()
      .function("status", &MemoryHandle::status)
      .function("write", &MemoryHandle::write)
      .function("read", &MemoryHandle::read)
      .function("writeAndRead", &MemoryHandle::writeAndRead)
      .function("readRows", &MemoryHandle::readRows)
      .function("readTerms", &MemoryHandle::readTerms)
      .function("features", &MemoryHandle::features)
      .function("state", &MemoryHandle::state)
      .function("normalizer", &MemoryHandle::normalizer)
      .function("count", &MemoryHandle::count)
      .function("dk", &MemoryHandle::dk)
      .function("dv", &MemoryHandle::dv)
      .function("reset", &MemoryHandle::reset);
  function("storageNumbers", &storageNumbers);
}
