// The ledger's view over the flat wire (js.hpp), shared by the two modules that answer
// la.ledgerView: the main one (memory.cpp) and the ledger's own (ledger.cpp). Also a memory's
// options read by name (la.memory's MemoryHandle; the ledger's module asks them for the refusal of
// a name that has no code on the wire).
#pragma once
#include <cmath>
#include <cstddef>
#include <vector>

#include "js.hpp"
#include "ledger.hpp"
#include "memory.hpp"

namespace linattn::js {

inline MemoryOptions memory_options(const JsOptions& o) {
  MemoryOptions m;
  m.dk = number_at(o, "dk", std::nan(""));
  m.dv = number_at(o, "dv", std::nan(""));
  read_fields(o, {{"featureMap", m.feature_map},
                  {"normalize", m.normalize},
                  {"rule", m.rule},
                  {"beta", m.beta},
                  {"unitKeys", m.unit_keys}});
  return m;
}

// The ledger demo's whole view in one call (ledger.hpp), packed in one array of numbers
// (wasm/api/ledger.mjs splits it), over the flat wire (js.hpp): the input buffer holds the
// settings, then the keys (nk numbers), the values (nv) and the query (nq). The settings are
// numbers (no option read by name): dk, dv, featureMap (0 identity, 1 elu1), normalize (0 or 1),
// rule (0 add, 1 delta), beta, unitKeys (0 or 1), step, queryIndex. Any other code reads as "",
// which make_memory_config refuses by its field (wasm/api/ledger.mjs asks for the refusal of
// another name, which quotes it: ledger_view checks the memory's settings first, with the same
// function).
constexpr std::size_t kLedgerSettings = 9;
inline double ledger_view_wire(double nk, double nv, double nq) {
  const std::vector<double> h = input_part(0, kLedgerSettings);
  const auto at = [&](std::size_t i) { return i < h.size() ? h[i] : std::nan(""); };
  const auto count = [](double x) {
    return x >= 0 && x <= 1 << 26 ? static_cast<std::size_t>(x) : 0;
  };
  LedgerOptions o;
  o.memory.dk = at(0);
  o.memory.dv = at(1);
  o.memory.feature_map = at(2) == 0 ? "identity" : at(2) == 1 ? "elu1" : "";
  o.memory.normalize = at(3) == 1;
  o.memory.rule = at(4) == 0 ? "add" : at(4) == 1 ? "delta" : "";
  o.memory.beta = at(5);
  o.memory.unit_keys = at(6) == 1;
  o.step = at(7);
  o.query_index = at(8);
  std::size_t from = kLedgerSettings;
  o.keys = input_part(from, count(nk));
  o.values = input_part(from += count(nk), count(nv));
  o.query = input_part(from + count(nv), count(nq));
  auto r = ledger_view(o);
  return r.status ? answer(pack(r.value)) : refuse(r.status);
}

}  // namespace linattn::js
