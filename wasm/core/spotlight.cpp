#include "spotlight.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "feature_map.hpp"
#include "rng.hpp"

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

Vec normals(Rng& rng, int d) {
  Vec x(d);
  for (int c = 0; c < d; ++c) x[c] = rng.normal();
  return x;
}

Vec unit_normals(Rng& rng, int d) {
  Vec x = normals(rng, d);
  const double n = std::sqrt(dot(x.data(), x.data(), d));
  for (int c = 0; c < d; ++c) x[c] /= n;  // n > 0: d >= 2 normals are never all 0
  return x;
}

void set_row(Mat& M, Eigen::Index j, const Vec& x) {
  for (Eigen::Index c = 0; c < x.size(); ++c) M(j, c) = x[c];
}

}  // namespace

SpotlightSequence spotlight_sequence(const SpotlightConfig& c) {
  SpotlightSequence s{Mat(c.n, c.d), Mat(c.n, c.d), Vec(c.d)};
  Rng first = Rng::for_trial(c.seed, 0);
  const Vec t = unit_normals(first, c.d);
  set_row(s.K, c.target, t);
  set_row(s.V, c.target, unit_normals(first, c.d));
  const double off = std::sqrt(std::max(0.0, 1.0 - c.cosine * c.cosine));
  for (int j = 0, other = 1; j < c.n; ++j) {
    if (j == c.target) continue;
    Rng rng = Rng::for_trial(c.seed, static_cast<std::uint64_t>(other++));
    Vec u = normals(rng, c.d);  // projected off t twice (u.t is 0 to rounding), then unit
    for (int pass = 0; pass < 2; ++pass) {
      const double along = dot(u.data(), t.data(), c.d);
      for (int i = 0; i < c.d; ++i) u[i] -= along * t[i];
    }
    const double un = std::sqrt(dot(u.data(), u.data(), c.d));
    for (int i = 0; i < c.d; ++i) s.K(j, i) = c.cosine * t[i] + off * (un > 0 ? u[i] / un : 0.0);
    set_row(s.V, j, unit_normals(rng, c.d));
  }
  Rng noise = Rng::for_trial(c.seed, kNoiseStream);
  const Vec e = normals(noise, c.d);
  const double scale = c.noise / std::sqrt(static_cast<double>(c.d));
  for (int i = 0; i < c.d; ++i) s.q[i] = t[i] + scale * e[i];
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

Vec key_features(const KeyFeatures& phi, const Vec& x) {
  switch (phi.map) {
    case SpotlightMap::Elu1:
      return apply(FeatureMap::Elu1, x);
    case SpotlightMap::Relu:
      return relu_features(x);
    case SpotlightMap::Taylor2:
      return taylor2_features(x);
    case SpotlightMap::Random:
      return random_features(*phi.W, x);
    default:
      return x;
  }
}

SpotlightRead linear_read(const Mat& K, const Mat& V, const Vec& phi_q, const KeyFeatures& phi_k,
                          int target) {
  SpotlightRead r;
  const Eigen::Index n = K.rows(), F = phi_q.size(), dv = V.cols();
  std::vector<double> S(static_cast<std::size_t>(F * dv), 0.0), z(F, 0.0), num(n);
  // Raw pointers in the loops: the WebAssembly build compiles this file for size, where Eigen's
  // element access would stay a call (30 times slower).
  const Eigen::Index d = K.cols();
  Vec k(d);
  for (Eigen::Index j = 0; j < n; ++j) {
    std::copy(K.data() + j * d, K.data() + (j + 1) * d, k.data());
    const Vec phi = key_features(phi_k, k);
    const double *f = phi.data(), *v = V.data() + j * dv;
    double* row = S.data();
    for (Eigen::Index i = 0; i < F; ++i, row += dv) {  // S += phi(k_j) v_j^T, z += phi(k_j)
      for (Eigen::Index c = 0; c < dv; ++c) row[c] += f[i] * v[c];
      z[i] += f[i];
    }
    num[j] = dot(phi_q.data(), f, F);
  }
  const double den = dot(phi_q.data(), z.data(), F);
  // The weights' own sum: the same number as den in another order, but where the features' terms
  // cancel (Taylor's linear terms at a large beta: terms of 1e7 for a kernel of 0.5) the two orders
  // differ by up to 1e-8 of den, and weights over den would not sum to 1.
  double total = 0;
  for (Eigen::Index j = 0; j < n; ++j) total += num[j];
  // Below DBL_MIN the sum has lost the digits of its terms' ratios: no read to speak of.
  const double tiny = std::numeric_limits<double>::min();
  r.empty = !(den >= tiny && total >= tiny) || !std::isfinite(den) || !std::isfinite(total);
  std::vector<double> read(static_cast<std::size_t>(dv), 0.0);  // phi(q)^T S / phi(q)^T z
  r.weights.assign(static_cast<std::size_t>(n), 0.0);
  if (!r.empty) {
    for (Eigen::Index j = 0; j < n; ++j) r.weights[j] = num[j] / total;
    const double* pq = phi_q.data();
    for (Eigen::Index i = 0; i < F; ++i) {
      for (Eigen::Index c = 0; c < dv; ++c) read[c] += pq[i] * S[i * dv + c];
    }
    for (double& x : read) x /= den;
  }
  readouts(r, read, V, target);
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
  for (int j = 0; j < c.n; ++j) out.scores.push_back(dot(&K(j, 0), q.data(), c.d));
  const Mat W = random_feature_weights(c.features, c.d, c.seed, kFeatureStream);
  // The query's random features over their largest entry: exp(Wq - max) <= 1 (see the header).
  Vec random_q(c.features);
  for (int i = 0; i < c.features; ++i) random_q[i] = dot(&W(i, 0), q.data(), c.d);
  const double top = random_q.maxCoeff();
  for (int i = 0; i < c.features; ++i) random_q[i] = std::exp(random_q[i] - top);
  out.reads.push_back(softmax_read(out.scores, s.V, c.target));
  out.reads.push_back(
      linear_read(K, s.V, apply(FeatureMap::Elu1, q), {SpotlightMap::Elu1}, c.target));
  // relu is homogeneous (phi(a x) = a phi(x), a > 0): its weights and read are the same at every
  // beta > 0, so it reads the unscaled vectors, which no tiny beta can underflow.
  out.reads.push_back(linear_read(s.K, s.V, relu_features(s.q), {SpotlightMap::Relu}, c.target));
  out.reads.push_back(linear_read(K, s.V, taylor2_features(q), {SpotlightMap::Taylor2}, c.target));
  out.reads.push_back(linear_read(K, s.V, random_q, {SpotlightMap::Random, &W}, c.target));
  const double bits = static_cast<double>(bits_of(c.dtype));
  for (int i = 0; i < kSpotlightReads; ++i) {
    SpotlightRead& r = out.reads[i];
    r.map = static_cast<SpotlightMap>(i);
    r.state_bytes = std::ceil(r.state_numbers * bits / 8);
  }
  return out;
}

}  // namespace linattn
