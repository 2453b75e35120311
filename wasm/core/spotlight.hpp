// The spotlight and the floodlight: how sharply one read can focus on one earlier token, under
// softmax and under linear attention's feature maps, and what each map's fixed state costs.
//
// The sequence (unit vectors of dimension d, deterministic from the seed): a target key t and N - 1
// other keys at cosine c to it, each with a random unit value, and a query that is the target's key
// plus a little noise (an induction-style lookup):
//   t = x / |x|,                                x ~ N(0, I_d)
//   o_i = c t + sqrt(1 - c^2) u_i,              u_i = unit(y - (y.t) t),  y ~ N(0, I_d)
//   v = z / |z|  (every token's value),         z ~ N(0, I_d)
//   q = t + noise * e / sqrt(d),                e ~ N(0, I_d)       (|q - t| is about noise)
// so o_i.t = c and |o_i| = 1 exactly (up to rounding). The target sits at position `target`; the
// other positions hold o_1, o_2, ... in order. Token streams: the target's key and value come from
// Rng::for_trial(seed, 0), other i's from (seed, i): a token depends only on (seed, i), never on N,
// c or the noise, so moving N adds or drops tokens and moving c turns the same keys. The noise e
// and the random features' w come from streams of their own (kNoiseStream, kFeatureStream).
//
// Every read sees the same scores s_j = beta q.k_j, i.e. the scaled vectors q~ = sqrt(beta) q and
// k~_j = sqrt(beta) k_j:
//   softmax (the spotlight):  w_j = exp(s_j) / sum_i exp(s_i)                (the KV cache: 2 N d)
//   linear, map phi:          S = sum_j phi(k~_j) v_j^T,  z = sum_j phi(k~_j)  (the state: F x d)
//                             read = phi(q~)^T S / phi(q~)^T z
//                             w_j = phi(q~).phi(k~_j) / phi(q~)^T z  (so read = sum_j w_j v_j)
// with the maps of feature_map.hpp: elu1 and relu (F = d), taylor2 (F = 1 + d + d^2: its kernel is
// 1 + s + s^2/2, exp(s) to second order) and random (F = m: its kernel estimates exp(s), so as m
// grows its weights tend to softmax's). The random features of the query are divided by their
// largest entry (a factor common to every token, which cancels in w and the read) so that no
// exponential overflows. relu is homogeneous, so its weights are the same at every beta > 0: it
// reads q and k_j unscaled (at beta = 0 too, the limit of beta -> 0). A read with phi(q~)^T z = 0
// (relu, when no coordinate of q is positive where a key's is) or below DBL_MIN is empty: every
// weight 0, the read the zero vector.
// Per read: the weights, the weight on the target, the effective number of tokens read
// 1 / sum_j w_j^2 (1: one token; N: all alike; 0 for an empty read), the read's cosine with the
// target's value (0 for a zero read), and the numbers of its state (the normalizer z, F more, is
// not counted, as la.storageNumbers does not) and their bytes in `dtype`.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "kv_memory.hpp"
#include "linalg.hpp"
#include "status.hpp"

namespace linattn {

namespace limits {
inline constexpr int maxSpotlightN = 4096;         // tokens N
inline constexpr int maxSpotlightDim = 64;         // d
inline constexpr int maxSpotlightFeatures = 4096;  // m, the random features
inline constexpr double maxSpotlightNoise = 10;    // the query's noise
// N d (2 d + 1 + d + d^2 + m): what writing the four states would cost, about one multiply-add
// each (the reads never write them: they cost about N d (m + 6) multiply-adds and N m exps).
inline constexpr long long maxSpotlightWork = 1LL << 27;
}  // namespace limits

inline constexpr std::uint64_t kNoiseStream = 1ULL << 32;
inline constexpr std::uint64_t kFeatureStream = (1ULL << 32) + 1;

// As they arrive from outside (la.spotlight's options, by name), not yet checked; the defaults are
// the JS API's (wasm/index.d.mts).
struct SpotlightOptions {
  double n = 32;         // tokens N, 1..maxSpotlightN
  double d = 16;         // 2..maxSpotlightDim (the other keys need a direction off the target)
  double features = 64;  // m, 1..maxSpotlightFeatures
  double beta = 8;       // the scores' sharpness, 0..maxBeta
  double cosine = 0;     // c, -1..1: 0 unrelated, near 1 near misses
  double noise = 0.1;    // 0..maxSpotlightNoise
  double seed = 1;       // 0..2^32 - 1
  double target = 0;     // the target's position, 0..N - 1
  std::string dtype = "bf16";  // the bytes of the states (kv_memory.hpp's number formats)
};
// Checked: n, d, features, beta, cosine, noise, seed, target, dtype, then the work (field 'n').
struct SpotlightConfig {
  int n = 32, d = 16, features = 64, target = 0;
  double beta = 8, cosine = 0, noise = 0.1;
  std::uint64_t seed = 1;
  Dtype dtype = Dtype::BF16;
};
Result<SpotlightConfig> make_spotlight_config(const SpotlightOptions& o);

// The sequence above: keys and values N x d (row j is token j), the query.
struct SpotlightSequence {
  Mat K, V;
  Vec q;
};
// The last (seed, d)'s draws of the other tokens are kept between calls, in a fixed 2 MB array
// (spotlight.cpp): a drag of N or c draws no token twice. Not thread-safe (one module, one thread).
SpotlightSequence spotlight_sequence(const SpotlightConfig& c);

enum class SpotlightMap { Softmax, Elu1, Relu, Taylor2, Random };
inline constexpr int kSpotlightReads = 5;        // in this order
const char* spotlight_map_name(SpotlightMap m);  // softmax | elu1 | relu | taylor2 | random

struct SpotlightRead {
  SpotlightMap map = SpotlightMap::Softmax;
  std::vector<double> weights;  // N, summing to 1 (all 0 when empty)
  bool empty = false;
  double target_weight = 0, effective_tokens = 0, read_cosine = 0;
  double feature_count = 0;  // F (softmax: 0, it keeps no features)
  double state_numbers = 0;  // F d; softmax: its KV cache, 2 N d
  double state_bytes = 0;    // in dtype, rounded up to whole bytes
};
struct SpotlightResult {
  int n = 0, d = 0, target = 0;
  std::vector<double> scores;        // s_j = beta q.k_j
  double query_cosine = 0;           // cos(q, t): how much the noise turned the query
  std::vector<SpotlightRead> reads;  // softmax, elu1, relu, taylor2, random
};
SpotlightResult spotlight(const SpotlightConfig& c);

// The map of a linear read: elu1, relu, taylor2, or random with its weights W (m x d, from
// random_feature_weights).
struct LinearMap {
  SpotlightMap map = SpotlightMap::Elu1;
  const Mat* W = nullptr;  // random: the m x d weights
};

// One linear read through a fixed state, as above: q and the rows of K (the keys) as the map reads
// them (already scaled), V the values. Fills weights, empty, the readouts and feature_count;
// spotlight() runs it per map. It never forms the state or any key's F features: it needs only
// each key's kernel phi(q).phi(k_j), d terms for elu1 and relu, 1 + s + s^2/2 (s = q.k_j) for
// taylor2, m features made and used one at a time for random (O(N m d) in all), and the read
// phi(q)^T S / phi(q)^T z is sum_j w_j v_j. Nothing is allocated per token.
SpotlightRead linear_read(const Mat& K, const Mat& V, const Vec& q, const LinearMap& phi,
                          int target);

}  // namespace linattn
