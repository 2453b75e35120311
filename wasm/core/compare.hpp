// How close a read-back is to what was stored, and what each kind of memory keeps.
#pragma once
#include <vector>

#include "status.hpp"

namespace linattn {

struct Comparison {
  double error = 0;      // |a - b|
  double rel_error = 0;  // |a - b| / |b|  (0 when both are 0; |a| when only b is 0; at most
                         // the largest double, where a tiny |b| would overflow it)
  double cosine = 0;     // a.b / (|a||b|), 0 when either is the zero vector
  double degrees = 0;    // the angle between a and b, 0..180 (90 when either is zero)
  double dot = 0;
};
Result<Comparison> compare(const std::vector<double>& a, const std::vector<double>& b);

// Numbers kept after n writes: softmax attention keeps every key and value (the "receipts"),
// n (dk + dv); the linear state keeps dk dv whatever n (the "ledger").
struct StorageNumbers {
  double cache = 0, state = 0;
};
Result<StorageNumbers> storage_numbers(double dk, double dv, double n);

}  // namespace linattn
