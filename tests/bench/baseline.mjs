// The plain-JavaScript baseline of the benchmark: the core's algorithms written the way a
// hand-made explorable would write them, with typed arrays and no WebAssembly. Benchmark code only:
// the page never uses it. Its results must match the core's (checked by run.mjs), so it uses the
// core's own generator (wasm/core/rng.cpp) bit for bit:
//   splitmix64 (seeding, BigInt), xoshiro256** (in 32-bit halves: BigInt would dominate the
//   timings), the polar normal transform and det_log (frexp + a series; no Math.log).
// The sweep follows wasm/core/interference.cpp step by step (the same incremental algorithm and
// loop structure), the memory wasm/core/memory.cpp, the calculator wasm/core/kv_memory.cpp.

// ---- the generator ---------------------------------------------------------------------------

const M64 = (1n << 64n) - 1n;
function splitmix64(state) {
  // state: { x: BigInt }, advanced as in rng.cpp
  state.x = (state.x + 0x9e3779b97f4a7c15n) & M64;
  let z = state.x;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & M64;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & M64;
  return z ^ (z >> 31n);
}

const F64 = new Float64Array(1);
const U32 = new Uint32Array(F64.buffer); // little-endian: U32[0] low word, U32[1] high word

/** x = m 2^e with m in [0.5, 1), for finite x > 0 (as C's frexp). */
function frexp(x) {
  let bias = 0;
  if (x < 2.2250738585072014e-308) {
    x *= 2 ** 54;
    bias = -54;
  } // subnormal: scale first
  F64[0] = x;
  const e = ((U32[1] >>> 20) & 0x7ff) - 1022;
  U32[1] = (U32[1] & 0x800fffff) | (1022 << 20);
  return [F64[0], e + bias];
}

/** Natural log for x > 0, as rng.cpp's det_log: 2 atanh(s) series, fdlibm's split of ln 2. */
export function detLog(x) {
  let [m, e] = frexp(x);
  if (m < 0.7071067811865475244) {
    m *= 2.0;
    e -= 1;
  }
  const s = (m - 1.0) / (m + 1.0);
  const s2 = s * s;
  let poly = 1.0 / 23.0;
  for (let k = 21; k >= 1; k -= 2) poly = 1.0 / k + s2 * poly;
  const ln2Hi = 6.9314718036912381649e-1;
  const ln2Lo = 1.90821492927058770002e-10;
  return e * ln2Hi + (2.0 * s * poly + e * ln2Lo);
}

export class Rng {
  // s[2i] high and s[2i+1] low 32 bits of the state word i.
  constructor(seed) {
    const st = { x: BigInt(seed) & M64 };
    this.s = new Uint32Array(8);
    for (let i = 0; i < 4; i++) {
      const w = splitmix64(st);
      this.s[2 * i] = Number(w >> 32n);
      this.s[2 * i + 1] = Number(w & 0xffffffffn);
    }
    this.spare = 0;
    this.hasSpare = false;
  }

  static forTrial(seed, trial) {
    const a = splitmix64({ x: BigInt(seed) ^ 0x5deece66dn });
    const b = splitmix64({ x: (BigInt(trial) + 0x632be59bd9b4e019n) & M64 });
    return new Rng(a ^ b);
  }

  /** The next 64 bits as [high, low] (written to this.hi, this.lo). */
  next() {
    const s = this.s;
    // result = rotl(s1 * 5, 7) * 9, with x*5 = (x << 2) + x and x*9 = (x << 3) + x
    let h = s[2],
      l = s[3];
    let lo = (l << 2) >>> 0,
      hi = ((h << 2) | (l >>> 30)) >>> 0;
    let sum = lo + l;
    lo = sum >>> 0;
    hi = (hi + h + (sum > 0xffffffff ? 1 : 0)) >>> 0;
    const rh = ((hi << 7) | (lo >>> 25)) >>> 0,
      rl = ((lo << 7) | (hi >>> 25)) >>> 0;
    lo = (rl << 3) >>> 0;
    hi = ((rh << 3) | (rl >>> 29)) >>> 0;
    sum = lo + rl;
    this.lo = sum >>> 0;
    this.hi = (hi + rh + (sum > 0xffffffff ? 1 : 0)) >>> 0;
    // t = s1 << 17; s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3; s2 ^= t; s3 = rotl(s3, 45)
    const th = ((h << 17) | (l >>> 15)) >>> 0,
      tl = (l << 17) >>> 0;
    s[4] ^= s[0];
    s[5] ^= s[1];
    s[6] ^= s[2];
    s[7] ^= s[3];
    s[2] ^= s[4];
    s[3] ^= s[5];
    s[0] ^= s[6];
    s[1] ^= s[7];
    s[4] ^= th;
    s[5] ^= tl;
    h = s[6];
    l = s[7]; // rotl 45 = swap the halves, then rotl 13
    s[6] = ((l << 13) | (h >>> 19)) >>> 0;
    s[7] = ((h << 13) | (l >>> 19)) >>> 0;
  }

  uniform() {
    // (next >> 11) * 2^-53
    this.next();
    return (this.hi * 2097152 + (this.lo >>> 11)) * 1.1102230246251565e-16;
  }

  normal() {
    if (this.hasSpare) {
      this.hasSpare = false;
      return this.spare;
    }
    let u, v, s;
    do {
      u = 2.0 * this.uniform() - 1.0;
      v = 2.0 * this.uniform() - 1.0;
      s = u * u + v * v;
    } while (s >= 1.0 || s === 0.0);
    const f = Math.sqrt((-2.0 * detLog(s)) / s);
    this.spare = v * f;
    this.hasSpare = true;
    return u * f;
  }
}

export function randomNormals(seed, count) {
  const rng = new Rng(seed);
  const x = new Float64Array(count);
  for (let i = 0; i < count; i++) x[i] = rng.normal();
  return x;
}

// ---- the interference sweep (interference.cpp) -------------------------------------------------

function dot(a, ia, b, ib, n) {
  let s = 0;
  for (let i = 0; i < n; i++) s += a[ia + i] * b[ib + i];
  return s;
}
function axpy(y, iy, a, x, ix, n) {
  // y += a x
  for (let i = 0; i < n; i++) y[iy + i] += a * x[ix + i];
}
function dist2(a, ia, s, b, ib, n) {
  // |a - s b|^2
  let t = 0;
  for (let i = 0; i < n; i++) {
    const e = a[ia + i] - s * b[ib + i];
    t += e * e;
  }
  return t;
}

/** Rows of K and V: unit vectors from the trial's stream (keys 'random' or 'elu1'). */
function makeAssociations(d, n, seed, trial, keys) {
  const rng = Rng.forTrial(seed, trial);
  const K = new Float64Array(n * d),
    V = new Float64Array(n * d);
  const x = new Float64Array(d);
  const unitRow = (M, i) => {
    const norm = Math.sqrt(dot(x, 0, x, 0, d));
    for (let c = 0; c < d; c++) M[i * d + c] = norm > 0 ? x[c] / norm : x[c];
  };
  for (let i = 0; i < n; i++) {
    for (let c = 0; c < d; c++) x[c] = rng.normal();
    if (keys === 'elu1') for (let c = 0; c < d; c++) x[c] = x[c] > 0 ? x[c] + 1 : Math.exp(x[c]);
    unitRow(K, i);
    for (let c = 0; c < d; c++) x[c] = rng.normal();
    unitRow(V, i);
  }
  return { K, V };
}

function recalled(P, row, j, n) {
  // P[row + j] the strict maximum of P[row .. row + n)?
  const own = P[row + j];
  let atLeast = 0;
  for (let m = 0; m < n; m++) atLeast += P[row + m] >= own ? 1 : 0;
  return atLeast === 1;
}

function meanStd(xs) {
  let sum = 0;
  for (const x of xs) sum += x;
  const mean = sum / xs.length;
  let ss = 0;
  for (const x of xs) ss += (x - mean) * (x - mean);
  return [mean, xs.length > 1 ? Math.sqrt(ss / (xs.length - 1)) : 0];
}

const FIELDS = ['cosine', 'relError', 'crosstalk', 'recall', 'softmaxCosine', 'softmaxRecall'];

/** la.interferenceSweep({ d, nMax, trials, seed, keys, beta }) in plain JavaScript (ns = 1..nMax). */
export function interferenceSweep({ d, nMax, trials, seed, keys = 'random', beta = 8 }) {
  const samples = Array.from({ length: nMax }, () => Object.fromEntries(FIELDS.map((f) => [f, []])));
  const R = new Float64Array(nMax * d),
    U = new Float64Array(nMax * d);
  const P = new Float64Array(nMax * nMax),
    Ps = new Float64Array(nMax * nMax);
  const c = new Float64Array(nMax),
    g = new Float64Array(nMax),
    w = new Float64Array(nMax);
  const s = {};
  // Per read j, kept up to date as in interference.cpp (X_j = R_j - c_jj v_j, the crosstalk):
  // rr = |R_j|^2, uu = |U_j|^2, xx = |X_j|^2, xv = X_j . v_j; ckk = k_j . k_j, vv = v_j . v_j.
  const rr = new Float64Array(nMax),
    uu = new Float64Array(nMax),
    xx = new Float64Array(nMax);
  const xv = new Float64Array(nMax),
    ckk = new Float64Array(nMax),
    vv = new Float64Array(nMax);
  const measureRow = (j, n) => {
    // read j's part of the sums, with n stored
    const p = j * nMax,
      cjj = ckk[j],
      e = cjj - 1;
    const rn = Math.sqrt(rr[j]);
    s.cosine += rn > 0 ? P[p + j] / rn : 0;
    s.relError += Math.sqrt(Math.max(0, xx[j] + 2 * e * xv[j] + e * e * vv[j]));
    s.crosstalk += xx[j] / (cjj * cjj);
    s.recall += recalled(P, p, j, n) ? 1 : 0;
    const un = Math.sqrt(uu[j]);
    s.softmaxCosine += un > 0 ? Ps[p + j] / un : 0;
    s.softmaxRecall += recalled(Ps, p, j, n) ? 1 : 0;
  };
  let V;
  for (let trial = 0; trial < trials; trial++) {
    const a = makeAssociations(d, nMax, seed, trial, keys);
    const K = a.K;
    V = a.V;
    R.fill(0);
    U.fill(0);
    P.fill(0);
    Ps.fill(0);
    for (let i = 0; i < nMax; i++) {
      ckk[i] = dot(K, i * d, K, i * d, d);
      vv[i] = dot(V, i * d, V, i * d, d);
    }
    for (let n = 0; n < nMax; n++) {
      const kn = n * d,
        vn = n * d;
      for (let j = 0; j < n; j++) c[j] = dot(K, j * d, K, kn, d);
      for (let m = 0; m <= n; m++) g[m] = dot(V, m * d, V, vn, d);
      for (let j = 0; j < n; j++) w[j] = Math.exp(beta * (c[j] - 1));
      const cnn = ckk[n];
      const wnn = Math.exp(beta * (cnn - 1));
      for (const f of FIELDS) s[f] = 0;

      // Earlier reads: P(j, n) = R_j . v_n; P_j[0..n] += c_j g; R_j += c_j v_n (Ps, U with w_j).
      for (let j = 0; j < n; j++) {
        const r = j * d,
          p = j * nMax;
        P[p + n] = dot(R, r, V, vn, d);
        Ps[p + n] = dot(U, r, V, vn, d);
        const cj = c[j],
          wj = w[j],
          pn = P[p + n],
          psn = Ps[p + n],
          gn = g[n],
          gj = g[j];
        rr[j] += 2 * cj * pn + cj * cj * gn;
        uu[j] += 2 * wj * psn + wj * wj * gn;
        xx[j] += 2 * cj * (pn - ckk[j] * gj) + cj * cj * gn;
        xv[j] += cj * gj;
        axpy(P, p, c[j], g, 0, n + 1);
        axpy(Ps, p, w[j], g, 0, n + 1);
        axpy(R, r, c[j], V, vn, d);
        axpy(U, r, w[j], V, vn, d);
        measureRow(j, n + 1);
      }
      // The new read k_n^T S = sum_{i<=n} c_i v_i, and its similarity to every value.
      const r = n * d,
        p = n * nMax;
      for (let i = 0; i < n; i++) {
        axpy(R, r, c[i], V, i * d, d);
        axpy(U, r, w[i], V, i * d, d);
      }
      axpy(R, r, cnn, V, vn, d);
      axpy(U, r, wnn, V, vn, d);
      for (let m = 0; m <= n; m++) {
        P[p + m] = dot(R, r, V, m * d, d);
        Ps[p + m] = dot(U, r, V, m * d, d);
      }
      rr[n] = dot(R, r, R, r, d);
      uu[n] = dot(U, r, U, r, d);
      xx[n] = dist2(R, r, cnn, V, vn, d);
      xv[n] = P[p + n] - cnn * vv[n];
      measureRow(n, n + 1);
      for (const f of FIELDS) samples[n][f].push(s[f] / (n + 1));
    }
  }
  const out = {};
  for (const f of FIELDS) {
    out[`${f}Mean`] = new Float64Array(nMax);
    out[`${f}Std`] = new Float64Array(nMax);
    for (let i = 0; i < nMax; i++) [out[`${f}Mean`][i], out[`${f}Std`][i]] = meanStd(samples[i][f]);
  }
  return out;
}

// ---- the associative memory (memory.cpp) ------------------------------------------------------

export class Memory {
  constructor({ dk, dv, featureMap = 'identity', normalize = false, rule = 'add', beta = 1, unitKeys = false }) {
    Object.assign(this, { dk, dv, featureMap, normalize, rule, beta, unitKeys });
    this.S = new Float64Array(dk * dv); // row-major dk x dv
    this.z = new Float64Array(dk);
    this.count = 0;
  }

  features(x) {
    const f = new Float64Array(this.dk);
    for (let i = 0; i < this.dk; i++) f[i] = this.featureMap === 'elu1' ? (x[i] > 0 ? x[i] + 1 : Math.exp(x[i])) : x[i];
    if (this.unitKeys) {
      const n = Math.sqrt(dot(f, 0, f, 0, this.dk));
      for (let i = 0; i < this.dk; i++) f[i] /= n;
    }
    return f;
  }

  /** S += phi(k) w^T (w = v, or beta (v - S^T phi(k)) for the delta rule); returns the stamp. */
  write(k, v) {
    const { dk, dv, S } = this;
    const phi = this.features(k);
    const w = new Float64Array(dv);
    for (let c = 0; c < dv; c++) w[c] = v[c];
    if (this.rule === 'delta') {
      const sk = new Float64Array(dv);
      for (let i = 0; i < dk; i++) axpy(sk, 0, phi[i], S, i * dv, dv);
      for (let c = 0; c < dv; c++) w[c] = this.beta * (v[c] - sk[c]);
    }
    const stamp = new Float64Array(dk * dv);
    for (let i = 0; i < dk; i++) {
      for (let c = 0; c < dv; c++) stamp[i * dv + c] = phi[i] * w[c];
    }
    for (let i = 0; i < dk * dv; i++) S[i] += stamp[i];
    for (let i = 0; i < dk; i++) this.z[i] += phi[i];
    this.count++;
    return stamp;
  }

  /** Row i of keys (n x dk) -> row i of values, each write followed by a read of its key: n x dv. */
  writeAndRead(keys, values) {
    const { dk, dv } = this;
    const n = keys.length / dk;
    const out = new Float64Array(n * dv);
    for (let i = 0; i < n; i++) {
      const k = keys.subarray(i * dk, (i + 1) * dk);
      this.write(k, values.subarray(i * dv, (i + 1) * dv));
      out.set(this.read(k), i * dv);
    }
    return out;
  }

  /** Every row of queries (n x dk) read: n x dv. */
  readRows(queries) {
    const { dk, dv } = this;
    const n = queries.length / dk;
    const out = new Float64Array(n * dv);
    for (let i = 0; i < n; i++) out.set(this.read(queries.subarray(i * dk, (i + 1) * dk)), i * dv);
    return out;
  }

  /** phi(q)^T S (divided by phi(q)^T z + 1e-6 when normalized). */
  read(q) {
    const { dk, dv, S } = this;
    const phi = this.features(q);
    const den = this.normalize ? dot(phi, 0, this.z, 0, dk) + 1e-6 : 1;
    const o = new Float64Array(dv);
    for (let i = 0; i < dk; i++) axpy(o, 0, phi[i], S, i * dv, dv);
    for (let c = 0; c < dv; c++) o[c] /= den;
    return o;
  }
}

// ---- the KV-cache calculator (kv_memory.cpp), exact in BigInt -----------------------------------

const K_MAX = 1n << 63n;
const BITS = { fp32: 32n, bf16: 16n, fp16: 16n, fp8: 8n, int8: 8n, int4: 4n };
const MAX_TOKENS = 10000000000n,
  MAX_SESSIONS = 1000000n;
const bytesFromBits = (b) => b / 8n + (b % 8n !== 0n ? 1n : 0n);

/** Bits of one session's KV cache at `tokens`: { growing, capped } (null past 2^63). Full
 *  attention and MLA grow with every token; sliding-window and chunked layers stop at their cap. */
function kvBits(model, kv, tokens, peak = true) {
  let growing = 0n,
    capped = 0n;
  for (const g of model.layers) {
    let perToken;
    if (g.kind === 'attention') perToken = 2n * BigInt(g.kvHeads) * BigInt(g.headDim);
    else if (g.kind === 'mla') perToken = BigInt(g.latentDim);
    else continue;
    const cap = capOf(g);
    let t = cap > 0n && tokens > cap ? cap : tokens;
    // A chunked layer holds the chunk in progress; `peak`: the most it held on the way there.
    if (!peak && g.chunk && tokens > 0n) t = tokens - BigInt(g.chunk) * ((tokens - 1n) / BigInt(g.chunk));
    const bits = perToken * BigInt(g.count) * BITS[kv] * t;
    if (cap > 0n) capped += bits;
    else growing += bits;
    if (growing > K_MAX || capped > K_MAX) return null;
  }
  return { growing, capped };
}
const capOf = (g) => (g.kind === 'attention' ? BigInt(Math.max(g.window ?? 0, g.chunk ?? 0)) : 0n);
/** Bits of the fixed state: { matrices, conv } (recurrent and SSM matrices; short convolutions). */
function stateBits(model, st) {
  let matrices = 0n,
    conv = 0n;
  for (const g of model.layers) {
    let x;
    if (g.kind === 'linear') x = BigInt(g.heads) * BigInt(g.keyDim) * BigInt(g.valueDim);
    else if (g.kind === 'ssm') x = BigInt(g.heads) * BigInt(g.headDim) * BigInt(g.stateDim);
    else continue;
    matrices += x * BigInt(g.count) * BITS[st];
    if ((g.convKernel ?? 0) > 1) conv += BigInt(g.convKernel - 1) * BigInt(g.convChannels) * BigInt(g.count) * BITS[st];
  }
  return matrices > K_MAX || conv > K_MAX ? null : { matrices, conv };
}
/** One session's KV bytes at `tokens`, each term rounded up to whole bytes (null past 2^63). */
function kvSessionBytes(model, kv, tokens) {
  const k = kvBits(model, kv, tokens);
  if (k === null) return null;
  const b = bytesFromBits(k.growing) + bytesFromBits(k.capped);
  return b > K_MAX ? null : b;
}
function sessionBytes(model, kv, st, tokens) {
  const kb = kvSessionBytes(model, kv, tokens),
    s = stateBits(model, st);
  if (kb === null || s === null) return null;
  const b = kb + bytesFromBits(s.matrices) + bytesFromBits(s.conv);
  return b > K_MAX ? null : b;
}

export function kvMemory(model, { tokens, sessions = 1, kvDtype = 'bf16', stateDtype = 'bf16' }) {
  const t = BigInt(tokens),
    n = BigInt(sessions);
  const one = kvBits(model, kvDtype, 1n),
    k = kvBits(model, kvDtype, t, false),
    s = stateBits(model, stateDtype);
  if (one === null || k === null || s === null) throw new RangeError('larger than 2^63 bytes');
  const growing = bytesFromBits(k.growing),
    capped = bytesFromBits(k.capped),
    conv = bytesFromBits(s.conv),
    state = bytesFromBits(s.matrices) + conv;
  const growingBytes = growing * n,
    cappedBytes = capped * n,
    kvBytes = growingBytes + cappedBytes,
    stateBytes = state * n,
    totalBytes = kvBytes + stateBytes;
  if (totalBytes > K_MAX) throw new RangeError('larger than 2^63 bytes');
  let cappedFullTokens = 0n;
  for (const g of model.layers) if (capOf(g) > cappedFullTokens) cappedFullTokens = capOf(g);
  const growingBytesPerToken = bytesFromBits(one.growing),
    cappedBytesPerToken = bytesFromBits(one.capped);
  return {
    kvBytesPerToken: growingBytesPerToken + cappedBytesPerToken,
    growingBytesPerToken,
    cappedBytesPerToken,
    kvBytes,
    growingBytes,
    cappedBytes,
    cappedFullTokens,
    stateBytes,
    convBytes: conv * n,
    totalBytes,
    perSessionBytes: growing + capped + state,
  };
}

export function kvCrossover(model, { stateBytes, kvDtype = 'bf16' }) {
  const sb = BigInt(stateBytes);
  const kvAt = (t) => kvSessionBytes(model, kvDtype, t);
  const atMax = kvAt(MAX_TOKENS);
  if (atMax !== null && atMax <= sb) return -1n;
  let lo = 0n,
    hi = MAX_TOKENS;
  while (hi - lo > 1n) {
    const mid = lo + (hi - lo) / 2n;
    const b = kvAt(mid);
    if (b === null || b > sb) hi = mid;
    else lo = mid;
  }
  return hi;
}

export function kvCapacity(
  model,
  { tokens, sessions = 1, kvDtype = 'bf16', stateDtype = 'bf16', gpuBytes, weightDtype = 'bf16' },
) {
  const weightBytes = bytesFromBits(BigInt(model.params ?? 0) * BITS[weightDtype]);
  const gpu = BigInt(gpuBytes),
    s = BigInt(sessions);
  const freeBytes = gpu > weightBytes ? gpu - weightBytes : 0n;
  const per = sessionBytes(model, kvDtype, stateDtype, BigInt(tokens));
  let sessionsThatFit = 0n;
  if (per !== null && weightBytes <= gpu)
    sessionsThatFit = per === 0n ? MAX_SESSIONS : freeBytes / per < MAX_SESSIONS ? freeBytes / per : MAX_SESSIONS;
  const fits = (t) => {
    const b = sessionBytes(model, kvDtype, stateDtype, t);
    return b !== null && b * s <= K_MAX && b * s <= freeBytes;
  };
  let longestContext;
  if (weightBytes > gpu || !fits(0n)) longestContext = 0n;
  else if (fits(MAX_TOKENS)) longestContext = MAX_TOKENS;
  else {
    let lo = 0n,
      hi = MAX_TOKENS;
    while (hi - lo > 1n) {
      const mid = lo + (hi - lo) / 2n;
      if (fits(mid)) lo = mid;
      else hi = mid;
    }
    longestContext = lo;
  }
  return { weightBytes, freeBytes, sessionsThatFit, longestContext };
}

// A curve, as the core's (wasm/core/kv_batch.hpp): the per-query call at each context length,
// results as columns ({ tokens, <field>: BigUint64Array }); the first refusal refuses the curve.
function curve(f, model, opts) {
  const rows = Array.from(opts.tokens, (tokens) => f(model, { ...opts, tokens }));
  const out = { tokens: Float64Array.from(opts.tokens) };
  for (const k of Object.keys(rows[0] ?? {})) out[k] = BigUint64Array.from(rows, (r) => r[k]);
  return out;
}
export const kvMemoryCurve = (model, opts) => curve(kvMemory, model, opts);
export const kvCapacityCurve = (model, opts) => curve(kvCapacity, model, opts);
