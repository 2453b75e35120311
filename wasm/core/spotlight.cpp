#include "spotlight.hpp"

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

Vec normals(Rng& rng, int d) {
  Vec x(d);
  for (int c = 0; c < d; ++c) x[c] = rng.normal();
  return x;
}

// A unit vector orthogonal to the unit vector t, from the draw y (projected out twice, so that
// u.t is 0 to rounding).
Vec orthogonal_unit(Vec y, const Vec& t) {
  for (int pass = 0; pass < 2; ++pass) y -= y.dot(t) * t;
  return unit(y);
}

}  // namespace

SpotlightSequence spotlight_sequence(const SpotlightConfig& c) {
  SpotlightSequence s{Mat(c.n, c.d), Mat(c.n, c.d), Vec(c.d)};
  Rng first = Rng::for_trial(c.seed, 0);
  const Vec t = unit(normals(first, c.d));
  s.K.row(c.target) = t.transpose();
  s.V.row(c.target) = unit(normals(first, c.d)).transpose();
  const double off = std::sqrt(std::max(0.0, 1.0 - c.cosine * c.cosine));
  for (int j = 0, other = 1; j < c.n; ++j) {
    if (j == c.target) continue;
    Rng rng = Rng::for_trial(c.seed, static_cast<std::uint64_t>(other++));
    const Vec u = orthogonal_unit(normals(rng, c.d), t);
    s.K.row(j) = (c.cosine * t + off * u).transpose();
    s.V.row(j) = unit(normals(rng, c.d)).transpose();
  }
  Rng noise = Rng::for_trial(c.seed, kNoiseStream);
  s.q = t + (c.noise / std::sqrt(static_cast<double>(c.d))) * normals(noise, c.d);
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

double cosine_of(const Vec& a, const Vec& b) {
  const double n = a.norm() * b.norm();
  return n > 0 ? a.dot(b) / n : 0.0;
}

// The weight on the target, the effective number of tokens and the read's cosine with the
// target's value, from the weights and the read.
void readouts(SpotlightRead& r, const Vec& read, const Mat& V, int target) {
  double sq = 0;
  for (double w : r.weights) sq += w * w;
  r.target_weight = r.weights[target];
  r.effective_tokens = sq > 0 ? 1.0 / sq : 0.0;
  r.read_cosine = cosine_of(read, V.row(target).transpose());
}

SpotlightRead softmax_read(const Vec& scores, const Mat& V, int target) {
  SpotlightRead r;
  const Vec e = (scores.array() - scores.maxCoeff()).exp().matrix();  // <= 1: no overflow
  const Vec w = e / e.sum();
  r.weights = to_vector(w);
  readouts(r, V.transpose() * w, V, target);
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
  const Eigen::Index n = K.rows(), F = phi_q.size();
  Mat S = Mat::Zero(F, V.cols());
  Vec z = Vec::Zero(F), num(n);
  for (Eigen::Index j = 0; j < n; ++j) {
    const Vec f = key_features(phi_k, K.row(j).transpose());
    S.noalias() += f * V.row(j);  // the write phi(k_j) v_j^T
    z += f;
    num[j] = phi_q.dot(f);
  }
  const double den = phi_q.dot(z);
  // Below DBL_MIN the sum has lost the digits of its terms' ratios: no read to speak of.
  r.empty = !(den >= std::numeric_limits<double>::min()) || !std::isfinite(den);
  const Vec w = r.empty ? Vec::Zero(n) : Vec(num / den);
  const Vec read = r.empty ? Vec::Zero(V.cols()) : Vec(S.transpose() * phi_q / den);
  r.weights = to_vector(w);
  readouts(r, read, V, target);
  r.feature_count = static_cast<double>(F);
  r.state_numbers = static_cast<double>(F) * static_cast<double>(V.cols());
  return r;
}

SpotlightResult spotlight(const SpotlightConfig& c) {
  const SpotlightSequence s = spotlight_sequence(c);
  const double root = std::sqrt(c.beta);
  const Mat K = root * s.K;
  const Vec q = root * s.q;
  SpotlightResult out{c.n, c.d, c.target, {}, cosine_of(s.q, s.K.row(c.target).transpose()), {}};
  const Vec scores = K * q;
  out.scores = to_vector(scores);
  const Mat W = random_feature_weights(c.features, c.d, c.seed, kFeatureStream);
  // The query's random features over their largest entry: exp(Wq - max) <= 1 (see the header).
  const Vec wq = W * q;
  const Vec random_q = (wq.array() - wq.maxCoeff()).exp().matrix();
  out.reads.push_back(softmax_read(scores, s.V, c.target));
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
