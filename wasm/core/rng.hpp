// The project's own deterministic randomness: xoshiro256** seeded by splitmix64, and a polar
// (Marsaglia) normal transform whose logarithm is computed here with +, *, / and frexp only.
// The standard library's distributions (and libm's log) differ between libstdc++/glibc and
// libc++/musl; these give bit-identical numbers natively and in WebAssembly (with
// -ffp-contract=off).
#pragma once
#include <cstdint>

namespace linattn {

class Rng {
 public:
  explicit Rng(std::uint64_t seed);
  std::uint64_t next_u64();
  double uniform();  // in [0, 1), 53 random bits
  double normal();   // standard normal

  // A stream for one trial of one seed: independent of every other (seed, trial).
  static Rng for_trial(std::uint64_t seed, std::uint64_t trial);

 private:
  std::uint64_t s_[4];
  bool has_spare_ = false;
  double spare_ = 0.0;
};

// Natural log for x > 0, portable to the last bit (error < 1 ulp-ish; tested against std::log).
double det_log(double x);

}  // namespace linattn
