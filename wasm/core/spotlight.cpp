#include "spotlight.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "feature_map.hpp"
#include "rng.hpp"
#include "spotlight_kernels.hpp"

namespace linattn {

Result<SpotlightConfig> make_spotlight_config(const SpotlightOptions& o) {
  Result<SpotlightConfig> r;
  if (!(r.status = check_int("n", o.n, 1, limits::maxSpotlightN))) return r;
  if (!(r.status = check_int("d", o.d, 2, limits::maxSpotlightDim))) return r;
  if (!(r.status = check_int("features", o.features, 1, limits::maxSpotlightFeatures))) return r;
  if (!(r.status = check_real("beta", o.beta, 0, limits::maxBeta))) return r;
  if (!(r.status = check_real("cosine", o.cosine, -1, 1))) return r;
  if (!(r.status = check_real("noise", o.noise, 0, limits::maxSpotlightNoise))) return r;
  if (!(r.status = check_int("seed", o.seed, 0, 4294967295.0))) return r;
  if (!(r.status = check_int("target", o.target, 0, o.n - 1))) return r;
  auto dtype = parse_dtype("dtype", o.dtype);
  if (!(r.status = dtype.status)) return r;
  const double d = o.d, work = o.n * d * (2 * d + taylor2_size(o.d) + o.features);
  if (work > static_cast<double>(limits::maxSpotlightWork)) {
    r.status = Status::bad("n * d * (2 d + 1 + d + d^2 + features) must be at most " +
                               fmt_num(static_cast<double>(limits::maxSpotlightWork)) + " (got " +
                               fmt_num(work) + "): use fewer tokens, a smaller d or fewer features",
                           "n");
    return r;
  }
  SpotlightConfig& c = r.value;
  c.n = static_cast<int>(o.n);
  c.d = static_cast<int>(o.d);
  c.features = static_cast<int>(o.features);
  c.target = static_cast<int>(o.target);
  c.beta = o.beta;
  c.cosine = o.cosine;
  c.noise = o.noise;
  c.seed = static_cast<std::uint64_t>(o.seed);
  c.dtype = dtype.value;
  return r;
}

namespace {

// Plain loops, not Eigen expressions: the spotlight's work is small, and each Eigen expression is
// code of its own in the module (these loops keep the spotlight's share of the wasm small).
double dot(const double* a, const double* b, Eigen::Index n) {
  double s = 0;
  for (Eigen::Index i = 0; i < n; ++i) s += a[i] * b[i];
  return s;
}

// x[0..d) = d normals from rng.
void normals(Rng& rng, int d, double* x) {
  for (int c = 0; c < d; ++c) x[c] = rng.normal();
}

// x[0..d) = the unit vector along d normals from rng.
void unit_normals(Rng& rng, int d, double* x) {
  normals(rng, d, x);
  const double n = std::sqrt(dot(x, x, d));
  for (int c = 0; c < d; ++c) x[c] /= n;  // n > 0: d >= 2 normals are never all 0
}

// The other tokens' draws depend on (seed, d) alone: token o's unit direction off the target
// (its d normals projected off t, which is (seed, d)'s too, then unit) and its unit value. A drag
// of N or c asks for the same draws frame after frame, and drawing them (the polar method's
// logarithms) was a third of a read at N = 4,096, so the last (seed, d)'s are kept: in a fixed
// array, not on the heap, so that a call leaves the allocator as it found it. 2 MB: N = 4,096 at
// d = 32; a larger N d is drawn afresh each call.
struct DrawCache {
  static constexpr std::size_t kDoubles = std::size_t{1} << 18;
  std::uint64_t seed = 0;
  int d = 0, filled = 0;  // tokens 1..filled are drawn, 2 d numbers each
  double x[kDoubles];
};
DrawCache draw_cache;

// Other token o's draws into out[0..2d): its direction off t (unit, or 0 if none), its value.
void draw_other(const SpotlightConfig& c, const double* t, std::uint64_t o, double* out) {
  Rng rng = Rng::for_trial(c.seed, o);
  double* u = out;
  normals(rng, c.d, u);  // projected off t twice (u.t is 0 to rounding), then unit
  for (int pass = 0; pass < 2; ++pass) {
    const double along = dot(u, t, c.d);
    for (int i = 0; i < c.d; ++i) u[i] -= along * t[i];
  }
  const double un = std::sqrt(dot(u, u, c.d));
  for (int i = 0; i < c.d; ++i) u[i] = un > 0 ? u[i] / un : 0.0;
  unit_normals(rng, c.d, out + c.d);
}

// Other token o's draws: from the cache where they fit (drawn into it first if need be), else
// drawn into `scratch`.
const double* other_draws(const SpotlightConfig& c, const double* t, int o, double* scratch) {
  DrawCache& cache = draw_cache;
  const std::size_t per = 2 * static_cast<std::size_t>(c.d);
  if (static_cast<std::size_t>(o) * per > DrawCache::kDoubles) {
    draw_other(c, t, static_cast<std::uint64_t>(o), scratch);
    return scratch;
  }
  if (cache.seed != c.seed || cache.d != c.d) {  // (field by field: no 2 MB temporary)
    cache.seed = c.seed;
    cache.d = c.d;
    cache.filled = 0;
  }
  double* at = cache.x + (static_cast<std::size_t>(o) - 1) * per;
  for (; cache.filled < o; ++cache.filled) {
    draw_other(c, t, static_cast<std::uint64_t>(cache.filled) + 1,
               cache.x + static_cast<std::size_t>(cache.filled) * per);
  }
  return at;
}

}  // namespace

// Written into K's and V's rows and buffers of d: nothing is allocated per token.
SpotlightSequence spotlight_sequence(const SpotlightConfig& c) {
  SpotlightSequence s{Mat(c.n, c.d), Mat(c.n, c.d), Vec(c.d)};
  Rng first = Rng::for_trial(c.seed, 0);
  // Raw pointers in the loops: this file is compiled for size, where Eigen's element access stays
  // a call.
  std::vector<double> buf(4 * static_cast<std::size_t>(c.d));
  double *t = buf.data(), *e = t + c.d, *scratch = e + c.d;
  unit_normals(first, c.d, t);
  std::copy(t, t + c.d, &s.K(c.target, 0));
  unit_normals(first, c.d, &s.V(c.target, 0));
  const double off = std::sqrt(std::max(0.0, 1.0 - c.cosine * c.cosine));
  for (int j = 0, other = 1; j < c.n; ++j) {
    if (j == c.target) continue;
    const double* u = other_draws(c, t, other++, scratch);
    double* k = &s.K(j, 0);
    for (int i = 0; i < c.d; ++i) k[i] = c.cosine * t[i] + off * u[i];
    std::copy(u + c.d, u + 2 * c.d, &s.V(j, 0));
  }
  Rng noise = Rng::for_trial(c.seed, kNoiseStream);
  normals(noise, c.d, e);
  const double scale = c.noise / std::sqrt(static_cast<double>(c.d));
  for (int i = 0; i < c.d; ++i) s.q.data()[i] = t[i] + scale * e[i];
  return s;
}

const char* spotlight_map_name(SpotlightMap m) {
  switch (m) {
    case SpotlightMap::Softmax:
      return "softmax";
    case SpotlightMap::Elu1:
      return "elu1";
    case SpotlightMap::Relu:
      return "relu";
    case SpotlightMap::Taylor2:
      return "taylor2";
    default:
      return "random";
  }
}

namespace {

double cosine_of(const double* a, const double* b, Eigen::Index n) {
  const double norms = std::sqrt(dot(a, a, n)) * std::sqrt(dot(b, b, n));
  return norms > 0 ? dot(a, b, n) / norms : 0.0;
}

// read = sum_j w_j v_j (softmax's read, and a linear read's weights applied to the values).
std::vector<double> blend(const std::vector<double>& w, const Mat& V) {
  std::vector<double> read(static_cast<std::size_t>(V.cols()), 0.0);
  const Eigen::Index dv = V.cols();
  for (Eigen::Index j = 0; j < V.rows(); ++j) {
    const double* v = V.data() + j * dv;
    for (Eigen::Index c = 0; c < dv; ++c) read[c] += w[j] * v[c];
  }
  return read;
}

// The weight on the target, the effective number of tokens and the read's cosine with the
// target's value, from the weights and the read.
void readouts(SpotlightRead& r, const std::vector<double>& read, const Mat& V, int target) {
  double sq = 0;
  for (double w : r.weights) sq += w * w;
  r.target_weight = r.weights[target];
  r.effective_tokens = sq > 0 ? 1.0 / sq : 0.0;
  r.read_cosine = cosine_of(read.data(), &V(target, 0), V.cols());
}

SpotlightRead softmax_read(const std::vector<double>& scores, const Mat& V, int target) {
  SpotlightRead r;
  double top = scores[0], total = 0;
  for (double s : scores) top = std::max(top, s);
  r.weights.resize(scores.size());
  for (std::size_t j = 0; j < scores.size(); ++j) total += r.weights[j] = std::exp(scores[j] - top);
  for (double& w : r.weights) w /= total;  // exp(s - max) <= 1: no overflow
  readouts(r, blend(r.weights, V), V, target);
  r.state_numbers = 2.0 * static_cast<double>(V.rows()) * static_cast<double>(V.cols());
  return r;
}

}  // namespace

SpotlightRead linear_read(const Mat& K, const Mat& V, const Vec& q, const LinearMap& phi,
                          int target) {
  SpotlightRead r;
  const Eigen::Index n = K.rows(), dv = V.cols();
  r.weights.assign(static_cast<std::size_t>(n), 0.0);  // the kernels first, then the weights
  const Eigen::Index F = linear_kernels(K, q, phi, r.weights);
  // The weights over their own sum (phi(q)^T z in another order), so that they sum to 1 to
  // rounding even where a sum in another order would part from it.
  double total = 0;
  for (double x : r.weights) total += x;
  // Below DBL_MIN the sum has lost the digits of its terms' ratios: no read to speak of.
  r.empty = !(total >= std::numeric_limits<double>::min()) || !std::isfinite(total);
  for (double& w : r.weights) w = r.empty ? 0.0 : w / total;
  readouts(r, blend(r.weights, V), V, target);  // phi(q)^T S / phi(q)^T z = sum_j w_j v_j
  r.feature_count = static_cast<double>(F);
  r.state_numbers = static_cast<double>(F) * static_cast<double>(dv);
  return r;
}

SpotlightResult spotlight(const SpotlightConfig& c) {
  const SpotlightSequence s = spotlight_sequence(c);
  const double root = std::sqrt(c.beta);
  Mat K = s.K;
  Vec q = s.q;
  for (Eigen::Index i = 0; i < K.size(); ++i) K.data()[i] *= root;
  for (int i = 0; i < c.d; ++i) q[i] *= root;
  SpotlightResult out{c.n, c.d, c.target, {}, cosine_of(s.q.data(), &s.K(c.target, 0), c.d), {}};
  out.scores.reserve(static_cast<std::size_t>(c.n));
  for (int j = 0; j < c.n; ++j) out.scores.push_back(dot(&K(j, 0), q.data(), c.d));
  const Mat W = random_feature_weights(c.features, c.d, c.seed, kFeatureStream);
  out.reads.push_back(softmax_read(out.scores, s.V, c.target));
  out.reads.push_back(linear_read(K, s.V, q, {SpotlightMap::Elu1}, c.target));
  // relu is homogeneous (phi(a x) = a phi(x), a > 0): its weights and read are the same at every
  // beta > 0, so it reads the unscaled vectors, which no tiny beta can underflow.
  out.reads.push_back(linear_read(s.K, s.V, s.q, {SpotlightMap::Relu}, c.target));
  out.reads.push_back(linear_read(K, s.V, q, {SpotlightMap::Taylor2}, c.target));
  out.reads.push_back(linear_read(K, s.V, q, {SpotlightMap::Random, &W}, c.target));
  const double bits = static_cast<double>(bits_of(c.dtype));
  for (int i = 0; i < kSpotlightReads; ++i) {
    SpotlightRead& r = out.reads[i];
    r.map = static_cast<SpotlightMap>(i);
    r.state_bytes = std::ceil(r.state_numbers * bits / 8);
  }
  return out;
}

}  // namespace linattn
