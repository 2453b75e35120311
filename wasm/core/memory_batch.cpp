#include "memory_batch.hpp"

#include <string>

namespace linattn {
namespace {

// A row's refusal named by its place in the run: field "k" or "k[j]" of row i becomes
// "keys[i]" or "keys[i][j]", in the message too.
Status in_row(Status st, const std::string& from, const char* to, std::size_t i) {
  if (st.field.compare(0, from.size(), from) != 0) st.field = from;  // about the row as a whole
  const std::string field = to + ("[" + std::to_string(i) + "]") + st.field.substr(from.size());
  if (st.message.compare(0, st.field.size(), st.field) == 0)
    st.message = field + st.message.substr(st.field.size());
  else
    st.message = field + ": " + st.message;
  st.field = field;
  return st;
}

// Rows of `width` numbers in `flat`, or the refusal naming it.
Status whole_rows(const char* name, const std::vector<double>& flat, int width, std::size_t& rows) {
  rows = flat.size() / static_cast<std::size_t>(width);
  if (flat.size() % static_cast<std::size_t>(width) == 0 &&
      rows <= static_cast<std::size_t>(limits::maxSeqLen))
    return Status::good();
  return Status::bad(std::string(name) + " must hold whole rows of " + std::to_string(width) +
                         " numbers, at most " + fmt_num(limits::maxSeqLen) + " rows (got " +
                         std::to_string(flat.size()) + " numbers)",
                     name);
}

}  // namespace

Result<std::vector<double>> write_and_read(AssociativeMemory& mem, const std::vector<double>& keys,
                                           const std::vector<double>& values) {
  const int dk = mem.config().dk, dv = mem.config().dv;
  std::size_t n = 0, nv = 0;
  Status st;
  if (!(st = whole_rows("keys", keys, dk, n)) || !(st = whole_rows("values", values, dv, nv)))
    return {st, {}};
  if (n != nv) {
    return {Status::bad("values must hold as many rows as keys (" + std::to_string(n) + ", got " +
                            std::to_string(nv) + ")",
                        "values"),
            {}};
  }
  Result<std::vector<double>> out;
  out.value.reserve(n * dv);
  std::vector<double> k(dk), v(dv);
  for (std::size_t i = 0; i < n; ++i) {
    k.assign(keys.begin() + i * dk, keys.begin() + (i + 1) * dk);
    v.assign(values.begin() + i * dv, values.begin() + (i + 1) * dv);
    Status w = mem.write_only(k, v);
    if (!w)
      return {in_row(w, w.field[0] == 'v' ? "v" : "k", w.field[0] == 'v' ? "values" : "keys", i),
              {}};
    if (Status r = mem.read_onto(k, out.value); !r) return {in_row(r, "q", "keys", i), {}};
  }
  return out;
}

Result<std::vector<double>> read_rows(const AssociativeMemory& mem,
                                      const std::vector<double>& queries) {
  const int dk = mem.config().dk;
  std::size_t n = 0;
  if (Status st = whole_rows("queries", queries, dk, n); !st) return {st, {}};
  Result<std::vector<double>> out;
  out.value.reserve(n * mem.config().dv);
  std::vector<double> q(dk);
  for (std::size_t i = 0; i < n; ++i) {
    q.assign(queries.begin() + i * dk, queries.begin() + (i + 1) * dk);
    if (Status r = mem.read_onto(q, out.value); !r) return {in_row(r, "q", "queries", i), {}};
  }
  return out;
}

}  // namespace linattn
