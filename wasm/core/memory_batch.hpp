// Runs of writes and reads on one AssociativeMemory in one call: a loop over its write() and
// read() (memory.hpp), so each number is bit for bit what those calls give one at a time, and a
// run crosses the JS/WebAssembly boundary once with flat arrays instead of once per write or read.
#pragma once
#include <vector>

#include "memory.hpp"
#include "status.hpp"

namespace linattn {

// Writes row i of `keys` (n x dk, row-major) -> row i of `values` (n x dv), each write followed by
// a read of its key: the n reads, n x dv. A refused row stops the run there (the writes before it
// stay made), its field named keys[i], keys[i][j], values[i] or values[i][j].
Result<std::vector<double>> write_and_read(AssociativeMemory& mem, const std::vector<double>& keys,
                                           const std::vector<double>& values);
// Reads every row of `queries` (n x dk): n x dv; a refused row is named queries[i] (or [i][j]).
Result<std::vector<double>> read_rows(const AssociativeMemory& mem,
                                      const std::vector<double>& queries);

}  // namespace linattn
