// The associations a trial stores: n keys k_i and values v_i, unit vectors of dimension d, drawn
// from the trial's own random stream. Association i depends only on (seed, trial, i), never on n,
// so a sweep, a single store and the capacity search of the same seed share their keys.
#pragma once
#include <cstdint>
#include <string>
#include <utility>

#include "linalg.hpp"
#include "rng.hpp"
#include "status.hpp"

namespace linattn {

enum class KeyGeometry {
  Random,      // k = x/|x|, x ~ N(0, I): uniform on the sphere
  Orthogonal,  // the first d keys orthonormal (Gram-Schmidt of the same draws), then random
  Elu1,        // k = phi(x)/|phi(x)| with phi = elu + 1: positive features, all overlapping
};
Result<KeyGeometry> parse_key_geometry(const std::string& name);  // random | orthogonal | elu1

// The associations of one trial: rows of K and V are unit vectors.
struct Associations {
  Mat K, V;  // n x d
};
Associations make_associations(int d, int n, std::uint64_t seed, int trial, KeyGeometry keys);

// What one normal draw costs in the cost units of the streams (about one multiply-add each): a
// polar-method normal is a logarithm, a square root and a rejection loop. Measured natively and in
// Chromium: drawing a trial's 2 n d normals takes about 25 n d multiply-adds' time.
inline constexpr double kNormalDrawCost = 12;

// The same associations drawn one at a time (make_associations is this run to the end), so that a
// store or a sweep's trial can spread the drawing over several short calls (StoreStream,
// SweepStream).
class AssociationDraws {
 public:
  AssociationDraws(int d, int n, std::uint64_t seed, int trial, KeyGeometry keys);
  bool done() const { return next_ == n_; }
  int drawn() const { return static_cast<int>(next_); }
  // Draws association drawn() (k and v); its cost in the store's cost units.
  double next();
  // The sum of next()'s costs over all n associations.
  double total_cost() const;
  const Associations& associations() const { return a_; }
  Associations take() { return std::move(a_); }

 private:
  Rng rng_;
  KeyGeometry keys_;
  Associations a_;
  Vec x_;
  Eigen::Index n_, next_ = 0;
};

}  // namespace linattn
