// The spotlight's own module (wasm/spotlight.mjs): a WebAssembly module apart from the main one
// (index.mjs), loaded only by what reads with it. Named spotlight.d.mts so that TypeScript finds it
// for `import ... from './spotlight.mjs'`. Every number is computed by the C++ core
// (wasm/core/spotlight.hpp); bad options throw the main API's LinattnError / LinattnTypeError,
// with `field`.
import type { Dtype } from './index.mjs';

export { LinattnError, LinattnTypeError } from './index.mjs';

/** The spotlight's limits, enforced by the core (also at run time as `limits`). */
export interface SpotlightLimits {
  maxSpotlightN: number; // n (4096)
  maxSpotlightDim: number; // d (64)
  maxSpotlightFeatures: number; // features, the random features m (4096)
  maxSpotlightNoise: number; // noise (10)
}

/** spotlight()'s options; every one optional (defaults below). The sequence: a target key t and
 *  n - 1 other unit keys at cosine `cosine` to it (o = c t + sqrt(1 - c^2) u, u a unit vector
 *  orthogonal to t), random unit values, and the query q = t + noise e / sqrt(d), e ~ N(0, I);
 *  token i depends only on (seed, i) (docs/api.md "Definitions"). The work,
 *  n * d * (2d + 1 + d + d^2 + features), must be at most 2^27 (else refused with field 'n'). */
export interface SpotlightOptions {
  n?: number; // tokens N, 1..4096 (default 32)
  d?: number; // 2..64 (default 16)
  features?: number; // m, the random features, 1..4096 (default 64)
  beta?: number; // the scores' sharpness, 0..1000 (default 8): every read sees s_j = beta q.k_j (relu's weights do not depend on it)
  cosine?: number; // the other keys' cosine to the target, -1..1 (default 0: unrelated; near 1: near misses)
  noise?: number; // the query's noise, 0..10 (default 0.1)
  seed?: number; // integer 0..2^32-1 (default 1)
  target?: number; // the target's position, 0..n-1 (default 0)
  dtype?: Dtype; // the number format of stateBytes (default 'bf16')
}
export type SpotlightMap = 'softmax' | 'elu1' | 'relu' | 'taylor2' | 'random';
/** One read over the sequence: softmax's weights exp(s_j) / sum exp(s_i); a linear map's
 *  phi(q).phi(k_j) / phi(q)^T z, the weights its fixed state's read applies. */
export interface SpotlightRead {
  map: SpotlightMap;
  weights: Float64Array; // n, summing to 1 (all 0 when empty)
  empty: boolean; // phi(q)^T z = 0 (relu, when q and the keys share no positive coordinate): no read
  targetWeight: number; // the weight on the target
  effectiveTokens: number; // 1 / sum w_j^2: 1 reads one token, n all alike (0 when empty)
  readCosine: number; // the read's cosine with the target's value (0 for a zero read)
  featureCount: number; // F: d (elu1, relu), 1 + d + d^2 (taylor2), features (random); softmax 0
  stateNumbers: number; // F x d; softmax: its KV cache at this n, 2 n d
  stateBytes: number; // stateNumbers in dtype, rounded up to whole bytes
}
export interface SpotlightResult {
  n: number;
  d: number;
  target: number;
  scores: Float64Array; // s_j = beta q.k_j, the scores every read sees
  queryCosine: number; // cos(q, t): how far the noise turned the query
  reads: SpotlightRead[]; // softmax, elu1, relu, taylor2, random: always these five, in this order
}

export interface Spotlight {
  readonly limits: SpotlightLimits;
  /** How sharply one read can focus: a sequence with one target read by softmax (the spotlight) and
   *  by linear attention under elu1, relu, taylor2 and random features, with each read's weights,
   *  focus, read-back and state size (wasm/core/spotlight.hpp). */
  spotlight(opts?: SpotlightOptions): SpotlightResult;
  /** For tests: this module's allocator's bytes in use, and the size of its memory. */
  readonly debug: { heapBytesInUse(): number; memoryBytes(): number };
}

/** Loads the spotlight's module (its own .wasm) and resolves to its API. wasmBinary: the .wasm's
 *  bytes (in Node read from build/wasm/ when absent); locateFile: where the browser fetches it. */
export function createSpotlight(opts?: {
  wasmBinary?: ArrayBuffer | Uint8Array;
  locateFile?: (path: string) => string;
}): Promise<Spotlight>;
export default createSpotlight;
