// The JavaScript API of the linear-attention core (wasm/index.mjs). Named index.d.mts so that
// TypeScript finds it for `import ... from './index.mjs'` (tests/api/types.test.mjs checks that).
// Every number here is computed by the C++ core (wasm/core/) compiled to WebAssembly.
// Inputs take plain arrays or Float64Array; outputs are Float64Array *copies* (never views into the
// WebAssembly heap). Objects that own WebAssembly memory have delete(): call it when done.
// Bad input never aborts the module: the call throws a LinattnError (a RangeError: a bad value) or a
// LinattnTypeError (a TypeError: a wrong type) whose message names the argument and the allowed
// range and whose `field` names the argument alone; the module stays usable.

export type Vec = ArrayLike<number>;
export type FeatureMap = 'identity' | 'elu1';

/** Limits enforced by the core (also exported at run time as `la.limits`). */
export interface Limits {
  maxDim: number; // dk, dv, d of memories and attention: 1..maxDim (1024)
  maxAbsValue: number; // |x| of every input number (1e6)
  maxAbsCompared: number; // |x| of what compare() takes: results such as reads may pass maxAbsValue (1e150)
  maxHistory: number; // writes kept for readTerms (65536, and at most 4 Mi numbers in all)
  maxSeqLen: number; // T of attention calls (4096)
  maxSweepDim: number; // d of sweeps (512)
  maxSweepN: number; // largest N of a sweep (2048)
  maxSweepTrials: number; // trials (256)
  maxStoreN: number; // n of interferenceStore (1024)
  maxCapacityDims: number; // entries of capacity's dims (64)
  maxLedgerAssociations: number; // associations of ledgerView (64)
  maxBeta: number; // softmax sharpness (1000)
  maxTokens: number; // kvMemory tokens (1e10)
  maxSessions: number; // kvMemory sessions (1e6)
}

export interface MemoryOptions {
  dk: number;
  dv: number;
  featureMap?: FeatureMap; // default 'identity'
  normalize?: boolean; // default false: read = phi(q)^T S; true: / (phi(q)^T z + eps)
  rule?: 'add' | 'delta'; // default 'add'
  beta?: number; // delta-rule step, 0 < beta <= 2 (default 1); converges while beta |phi(k)|^2 < 2
  unitKeys?: boolean; // default false: scale phi(k) (and phi(q)) to unit length
}

/** la.ledgerView's options: a memory's, the associations, how many are written, the query. */
export interface LedgerViewOptions extends MemoryOptions {
  keys: Vec[]; // up to limits.maxLedgerAssociations keys, dk numbers each
  values: Vec[]; // one value per key, dv numbers each
  step: number; // how many of the associations are written, in order: 0..keys.length
  query: Vec; // dk numbers: the read explained term by term (and the angles are measured from)
  queryIndex?: number; // the association whose key the query is, or -1 (default): a free query
}

/** What the ledger demo shows for one state (rows are views of one Float64Array per field). */
export interface LedgerView {
  features: Float64Array[]; // phi(k_i) of every key, written or not
  writes: { stamp: Float64Array; state: Float64Array }[]; // per write: what it added to S, S after it
  state: Float64Array; // S after `step` writes (dk x dv, row-major)
  normalizer: Float64Array; // z after `step` writes
  reads: { read: Float64Array; error: number }[]; // each written key read back; |read - v|
  /** null before the first write. error: |read - v| against association queryIndex once written, else null. */
  query: (ReadTerms & { phiQ: Float64Array; error: number | null }) | null;
  overlaps: Float64Array[]; // phi(k_i) . phi(k_j) of every pair of keys (row i)
  angles: Float64Array; // degrees from φ(q) to each φ(k), the overlaps' space; NaN where either is zero (no direction)
  storage: { cache: number; state: number }; // storageNumbers after `step` writes
}

export interface ReadTerms {
  coefficients: Float64Array; // per write i: phi(q) . phi(k_i)
  terms: Float64Array; // row-major writes x dv: write i's contribution to the read
  denominator: number; // phi(q)^T z + eps when normalized, else 1
  read: Float64Array; // the read itself (= sum of terms)
}

export interface Memory {
  readonly dk: number;
  readonly dv: number;
  /** Adds the write; returns its rank-1 stamp (dk x dv, row-major): phi(k) v^T for 'add'. */
  write(k: Vec, v: Vec): Float64Array;
  /** phi(q)^T S (divided by phi(q)^T z + eps when normalized). Length dv. */
  read(q: Vec): Float64Array;
  readTerms(q: Vec): ReadTerms;
  /** S, row-major dk x dv: row i belongs to key coordinate i. */
  state(): Float64Array;
  /** z = sum of phi(k), length dk (zeros when never written). */
  normalizer(): Float64Array;
  /** phi applied to a vector with this memory's settings (feature map, unit keys). */
  features(x: Vec): Float64Array;
  readonly count: number; // number of writes so far
  /** A run in one call: row i of `keys` (n x dk, row after row) written -> row i of `values`
   *  (n x dv), each write followed by a read of its key; returns the n reads (n x dv). Bit for bit
   *  write() and read() called in turn. A refused row stops the run there (the writes before it
   *  stay made); its field is keys[i], keys[i][j], values[i] or values[i][j]. At most 4096 rows. */
  writeAndRead(keys: Vec, values: Vec): Float64Array;
  /** Every row of `queries` (n x dk, row after row) read in one call: n x dv. */
  readRows(queries: Vec): Float64Array;
  reset(): void;
  delete(): void;
}

export interface AttentionOptions {
  q: Vec;
  k: Vec;
  v: Vec; // row-major T x dk, T x dk, T x dv
  T: number;
  dk: number;
  dv: number;
}
export interface LinearAttentionOptions extends AttentionOptions {
  featureMap?: FeatureMap;
  normalize?: boolean; // defaults 'elu1', true
  form?: 'parallel' | 'recurrent'; // default 'recurrent'
}

export type KeyGeometry = 'random' | 'orthogonal' | 'elu1';

/** How the linear store is written (wasm/core/update_rule.hpp; docs/api.md "Definitions"):
 *  'add': S <- gate S + k v^T;  'delta': S <- gate S - step k (k^T (gate S) - v^T).
 *  gate = 1 and rule 'add' is the chapter's store (bit for bit the results without these options). */
export interface UpdateRuleOptions {
  rule?: 'add' | 'delta'; // default 'add'
  gate?: number; // forget gate alpha, 0 < gate <= 1 (default 1: none)
  step?: number; // the delta rule's beta, 0 < step <= 2 (default 1; keys are unit vectors)
}

export interface SweepOptions extends UpdateRuleOptions {
  d: number;
  ns?: Vec; // the N at which to report, ascending integers >= 1 (default 1..nMax)
  nMax?: number; // used when ns is absent
  trials?: number; // default 8
  seed?: number; // integer 0..2^32-1, default 1
  keys?: KeyGeometry; // default 'random'
  beta?: number; // softmax sharpness of the spotlight, default 8 (scores beta * k_j . k_i)
}

/** Every array is aligned with `ns`. Means and standard deviations are over trials of the
 *  per-trial mean over the n stored associations. */
export interface SweepResult {
  trials: number; // how many trials the means are over (trials 0..trials-1 of the seed)
  ns: Float64Array;
  cosineMean: Float64Array;
  cosineStd: Float64Array; // cos(read-back, stored value)
  relErrorMean: Float64Array;
  relErrorStd: Float64Array; // |read - v| / |v|
  crosstalkMean: Float64Array;
  crosstalkStd: Float64Array; // |read - c_jj v_j|^2 / |c_jj v_j|^2
  recallMean: Float64Array;
  recallStd: Float64Array; // top-1 recall, 0..1
  missMean: Float64Array; // reads that pick a wrong value, counted (exactly 0 when none does; = 1 - recallMean to 1e-15)
  theoryCrosstalk: Float64Array; // (N-1)/d
  theoryCosine: Float64Array; // 1/sqrt(1+(N-1)/d)
  softmaxCosineMean: Float64Array;
  softmaxCosineStd: Float64Array;
  softmaxRecallMean: Float64Array;
  softmaxRecallStd: Float64Array;
  stateNumbers: Float64Array; // d*d, the linear state's size (constant)
  cacheNumbers: Float64Array; // N*(dk+dv) = 2*N*d, what softmax keeps
}

/** A sweep computed a few trials per call, so its numbers can be shown as they firm up. Trial t
 *  always stores the same associations, and after all `trials` the result is bit for bit the one
 *  interferenceSweep(opts) returns. Holds core memory: call delete() when done. */
export interface SweepStream {
  readonly trials: number; // as asked for
  readonly trialsDone: number;
  readonly complete: boolean; // trialsDone === trials
  /** Runs up to `trials` more trials (default 1; none once complete) and returns the sweep over
   *  every trial run so far. */
  next(trials?: number): SweepResult;
  /** Does about `work` units of the core's cost model (about one multiply-add each: drawing an
   *  association of a trial costs 24 d, setting up its store 2 nMax (nMax + d), adding association n
   *  n (n + d)), at least one step, finishing at most `trials`
   *  trials (default maxSweepTrials). Returns how many trials it finished: 0 while the current one
   *  is still half done. The page thread without workers calls this with a small budget so that no
   *  task runs long; the numbers are bit for bit the same. */
  advance(work: number, trials?: number): number;
  /** The sweep over the trials finished so far (a half-done trial is not in it). */
  result(): SweepResult;
  /** One trial's cost in advance()'s units: nMax^2 (nMax + d). */
  readonly trialWork: number;
  /** The cost of the steps done so far, in advance()'s units. A call that ended early at a trial's
   *  end did less than it was given: a caller timing its steps divides this, not the budget. */
  readonly workDone: number;
  delete(): void;
  readonly deleted: boolean;
}

/** A range of trials of a sweep or a capacity call: trials first..first+count-1. */
export interface TrialRange {
  first: number; // 0..trials-1
  count: number; // 1..trials-first
}
/** A worker's share of a sweep: the per-trial means of its trials. records[(t * ns.length + i) * 7
 *  + f] is field f of trial first + t at ns[i], the fields being cosine, relError, crosstalk,
 *  recall, softmaxCosine, softmaxRecall, miss (each the trial's mean over its n reads). */
export interface SweepTrials extends TrialRange {
  records: Float64Array;
}
/** A worker's share of a capacity call: capacities[i * count + t] is trial first + t's capacity
 *  at dims[i]. */
export interface CapacityTrials extends TrialRange {
  capacities: Float64Array;
}

export interface StoreOptions extends UpdateRuleOptions {
  d: number;
  n: number;
  seed?: number;
  trial?: number;
  keys?: KeyGeometry;
  beta?: number;
}
/** One store of the sweep (same keys as trial `trial` of a sweep with the same seed). */
export interface StoreResult {
  n: number;
  keyOverlap: Float64Array; // n x n, |k_i . k_j| (row-major)
  cosine: Float64Array; // per association
  recalled: Float64Array; // 1 when top-1 recall is right, else 0
  norm: Float64Array; // per association: |read|
  softmaxCosine: Float64Array;
  softmaxRecalled: Float64Array;
  /** Recall by age: entry m is association n-1-m, the one with m later writes after it. */
  ageCosine: Float64Array;
  ageRecalled: Float64Array;
  ageNorm: Float64Array;
}

/** A store computed a piece at a time, so that a page thread without workers never runs one long
 *  task: associations drawn, then written (rules other than the chapter's), then read back 16 at a
 *  time. The pieces depend only on the settings, so the result is bit for bit interferenceStore's.
 *  Holds core memory: call delete() when done. */
export interface StoreStream {
  readonly complete: boolean;
  /** The share of the store's cost done so far, 0..1. */
  readonly progress: number;
  /** The whole store's cost in advance()'s units (about one multiply-add each: 5 n^2 d + n^2 for
   *  the reads, 24 n d to draw, 3 n d^2 to write by a rule other than the chapter's). */
  readonly totalWork: number;
  /** The cost of the pieces done so far (progress × totalWork). */
  readonly workDone: number;
  /** Does about `work` units (at least one piece while any remains); returns `complete`. */
  advance(work: number): boolean;
  /** The store; throws (field 'result') until complete. */
  result(): StoreResult;
  delete(): void;
  readonly deleted: boolean;
}

export interface StoreCapacityOptions extends UpdateRuleOptions {
  dims: Vec; // the d to measure, 1..512 each, at most 64 of them
  keys?: KeyGeometry; // default 'random'
  measure?: 'cosine' | 'recall'; // default 'cosine': mean cosine; 'recall': top-1 recall fraction
  level?: number; // the tolerance, 0 < level <= 1 (default 0.9); met when measure >= level - 1e-9
  trials?: number; // default 8
  seed?: number; // default 1; trial t stores the sweep's associations of (seed, t)
  nMax?: number; // largest N searched (default 0: min(2048, max(16, 4d)) per d)
}
/** Aligned with dims. A trial's capacity: the largest N such that every store of 1..N
 *  associations meets the level (nMax when none fails up to nMax). */
export interface StoreCapacityResult {
  trials: number; // how many trials the numbers are over (fewer than asked only in a partial merge)
  dims: Float64Array;
  capacityMean: Float64Array; // over trials
  capacityStd: Float64Array; // sample standard deviation over trials
  /** 1 + d (1/level^2 - 1) for random keys (cosine, rule 'add', gate 1); d for orthonormal keys at
   *  cosine level 1; NaN where there is no closed form. */
  theory: Float64Array;
  nMax: Float64Array; // the largest N searched at each d
  capped: Float64Array; // trials that met the level all the way to nMax
}

export type Dtype = 'fp32' | 'bf16' | 'fp16' | 'fp8' | 'int8' | 'int4';
/** Layer groups of a model. What each keeps per session:
 *  - attention: 2 x kvHeads x headDim numbers per token; with `window` (sliding) or `chunk`
 *    (chunked attention, Llama 4) only the last min(tokens, window or chunk) tokens: flat once full.
 *    window and chunk exclude each other.
 *  - mla: latentDim numbers per token (kv_lora_rank + qk_rope_head_dim).
 *  - linear: heads x keyDim x valueDim numbers, fixed; plus (convKernel - 1) x convChannels numbers
 *    of short-convolution state when given (Gated DeltaNet, Kimi Delta Attention).
 *  - ssm (Mamba): heads x headDim x stateDim numbers, fixed, plus the convolution state as for
 *    linear. Mamba-1 (Jamba): heads = d_inner channels, headDim 1. A Falcon-H1 layer (attention and
 *    Mamba-2 side by side) is one attention group and one ssm group of the same count. */
export type LayerGroup =
  | { kind: 'attention'; count: number; kvHeads: number; headDim: number; window?: number; chunk?: number }
  | { kind: 'mla'; count: number; latentDim: number }
  | {
      kind: 'linear';
      count: number;
      heads: number;
      keyDim: number;
      valueDim: number;
      convKernel?: number;
      convChannels?: number;
    }
  | {
      kind: 'ssm';
      count: number;
      heads: number;
      headDim: number;
      stateDim: number;
      convKernel?: number;
      convChannels?: number;
    };
export interface Model {
  layers: LayerGroup[];
  /** Parameter count, for the weights' share of a GPU. Absent: not known, and kvCapacity refuses
   *  (field 'model.params'); 0 states that the weights are not to be counted. */
  params?: number;
  /** Carried along, not read by the core (modelFromConfig fills them). */
  name?: string;
  id?: string;
  modelType?: string;
  maxContext?: number;
  notes?: string[];
}
/** la.modelFromConfig(config): a model read from a Hugging Face config.json. */
export interface ConfigModel extends Model {
  name: string; // _name_or_path, else the architecture and model_type
  modelType: string; // config.model_type
  maxContext?: number; // max_position_embeddings (or model_max_length) where the config has it
  params?: number; // worked out from the config (embeddings, attention/MLA/recurrent/SSM blocks, MLP or every expert, norms, MTP); absent where this family's weights are not counted
  notes: string[]; // what was assumed or left out, each once (e.g. 'num_key_value_heads: 4, Gemma3TextConfig default.')
}
export interface KvOptions {
  tokens: number;
  sessions?: number;
  kvDtype?: Dtype;
  stateDtype?: Dtype;
}
/** All byte counts are BigInt (exact). */
export interface KvResult {
  kvBytesPerToken: bigint; // at short context (every layer still growing): growing + capped
  growingBytesPerToken: bigint; // full attention + MLA: every token, at any length
  cappedBytesPerToken: bigint; // windowed + chunked layers, until their window or chunk is full
  kvBytes: bigint; // all sessions, at `tokens`: growingBytes + cappedBytes
  growingBytes: bigint; // all sessions
  cappedBytes: bigint; // all sessions: windowed layers at min(tokens, window), chunked ones at the chunk in progress
  cappedFullTokens: bigint; // the largest window or chunk (0n: none): from there a window is full, a chunk starts over
  stateBytes: bigint; // fixed per sequence, all sessions: recurrent + SSM + convolution state (stateDtype)
  convBytes: bigint; // the convolution part of stateBytes
  totalBytes: bigint;
  perSessionBytes: bigint;
}
export interface CapacityOptions extends KvOptions {
  gpuBytes: number; // memory budget of each GPU, in bytes
  weightDtype?: Dtype; // default 'bf16'; weights = model.params * bytes
  /** Tensor parallelism: GPUs the model is split over (1..1024, default 1). Weights are shared out
   *  equally; each layer's KV heads, recurrent/SSM heads and convolution channels are divided among
   *  the GPUs (rounded up), so a layer with fewer KV heads than GPUs keeps one replicated head on
   *  each; MLA latents are kept whole on every GPU. */
  tp?: number;
}
export interface CapacityResult {
  weightBytes: bigint; // per GPU
  freeBytes: bigint; // per GPU, after its weights
  sessionsThatFit: bigint; // at `tokens`
  longestContext: bigint; // for `sessions` sessions (capped at limits.maxTokens)
  sessionBytes: bigint; // one session at `tokens` (a chunked layer at its fullest), on each GPU
  kvHeadsReplicated: boolean; // some attention layer has fewer KV heads than GPUs
  sessionsAtLimit: boolean; // sessionsThatFit is limits.maxSessions and more would fit: a bound, not a count
  longestAtLimit: boolean; // longestContext is limits.maxTokens and longer would fit
  weightsFit: boolean; // false: the weights alone need more than gpuBytes (nothing fits)
}

/** A curve: `tokens` (as given) and one column per field of KvResult, entry i at tokens[i]. */
export type KvCurve = { tokens: Float64Array } & { [K in keyof KvResult]: BigUint64Array };
export type KvCurveOptions = Omit<KvOptions, 'tokens'> & { tokens: Vec }; // at most 4096 lengths
/** The flags of a capacity, 0 or 1 in a curve. */
type CapacityFlag = 'kvHeadsReplicated' | 'sessionsAtLimit' | 'longestAtLimit' | 'weightsFit';
export type CapacityCurve = { tokens: Float64Array } & { [K in CapacityFlag]: Uint8Array } & {
  [K in Exclude<keyof CapacityResult, CapacityFlag>]: BigUint64Array;
};
export type CapacityCurveOptions = Omit<CapacityOptions, 'tokens'> & { tokens: Vec };
/** What the memory figure shows for one state (kvView): the query is kvCapacity's. */
export interface KvViewOptions extends CapacityOptions {
  reference?: Model | null; // the flat line's model (refusals name 'reference.layers[i]....')
  original?: Model | null; // the model before it was made linear ('original....')
  curve?: Vec; // context lengths to sample each model at (default: none)
  crossover?: boolean; // with a reference whose state per session is above 0 (default false)
  /** The fields each curve holds (default: all of KvResult's); only these cross from the core, so
   *  a figure that draws three columns copies 3 of 11. An unknown name is a LinattnTypeError
   *  ('curveFields[i]'), none at all a LinattnError ('curveFields'). */
  curveFields?: readonly (keyof KvResult)[];
}
/** A curve of kvView: `tokens` and the columns its curveFields named (F), entry i at tokens[i]. */
export type KvViewCurve<F extends keyof KvResult = keyof KvResult> = { tokens: Float64Array } & {
  [K in F]: BigUint64Array;
};
export interface KvView<F extends keyof KvResult = keyof KvResult> {
  now: KvResult; // kvMemory(model, query)
  /** kvCapacity(model, query); null where the model's weights are not known (kvCapacity would
   *  refuse, naming model.params): the rest of the view is still the model's. */
  capacity: CapacityResult | null;
  refNow: KvResult | null; // kvMemory(reference, query)
  refPerSession: bigint | null; // the reference's stateBytes at 1 token, 1 session
  /** kvCrossover(model, { stateBytes: refPerSession, kvDtype }) when asked and refPerSession > 0n;
   *  its refusal alone is returned, not thrown. */
  crossover: bigint | { error: string } | null;
  originalNow: KvResult | null; // kvMemory(original, query)
  curve: KvViewCurve<F> | null; // each at `curve`, null without one
  refCurve: KvViewCurve<F> | null;
  originalCurve: KvViewCurve<F> | null;
}

export interface Linattn {
  readonly limits: Limits;
  memory(opts: MemoryOptions): Memory;
  linearAttention(opts: LinearAttentionOptions): Float64Array; // T x dv
  softmaxAttention(opts: AttentionOptions): Float64Array; // T x dv, scale 1/sqrt(dk)
  interferenceSweep(opts: SweepOptions): SweepResult;
  /** The same sweep, run in steps of a few trials (throws at once on settings interferenceSweep refuses). */
  interferenceSweepStream(opts: SweepOptions): SweepStream;
  /** Throws the Error interferenceSweep(opts) would throw (bad or over-budget settings), computing nothing. */
  checkSweep(opts: SweepOptions): void;
  /** A share of the sweep for a worker: the per-trial records of trials first..first+count-1. */
  interferenceSweepTrials(opts: SweepOptions, range: TrialRange): SweepTrials;
  /** The sweep over the parts received so far, in any order: trial order is restored and the
   *  summary computed as interferenceSweep does, so with every trial in it is bit for bit
   *  interferenceSweep(opts) (`trials` says how many are in). Refuses (LinattnError, field
   *  'parts[i]....') overlapping parts, ranges outside the trials, wrong lengths and values no trial
   *  can have. */
  mergeSweepTrials(opts: SweepOptions, parts: SweepTrials[]): SweepResult;
  interferenceStore(opts: StoreOptions): StoreResult;
  /** The same store, computed in short pieces (throws at once on settings interferenceStore refuses). */
  interferenceStoreStream(opts: StoreOptions): StoreStream;
  /** Capacity against d: the largest N whose reads still meet a tolerance. */
  capacity(opts: StoreCapacityOptions): StoreCapacityResult;
  /** Throws the Error capacity(opts) would throw (bad or over-budget settings), computing nothing. */
  checkCapacity(opts: StoreCapacityOptions): void;
  /** A share of a capacity call for a worker: the capacities of trials first..first+count-1. */
  capacityTrials(opts: StoreCapacityOptions, range: TrialRange): CapacityTrials;
  /** The capacity over the parts received so far, in any order; bit for bit capacity(opts) once
   *  every trial is in. Refuses overlaps, ranges outside the trials, wrong lengths, and capacities
   *  that are not whole numbers from 0 to nMax. */
  mergeCapacityTrials(opts: StoreCapacityOptions, parts: CapacityTrials[]): StoreCapacityResult;
  kvMemory(model: Model, opts: KvOptions): KvResult;
  /** Smallest context (tokens) at which one session's KV cache exceeds `stateBytes` bytes;
   *  -1n when it never does (every growing layer has a sliding window). */
  kvCrossover(model: Model, opts: { stateBytes: number | bigint; kvDtype?: Dtype }): bigint;
  kvCapacity(model: Model, opts: CapacityOptions): CapacityResult;
  /** kvMemory at every context length of opts.tokens, in one call into the core: bit for bit the
   *  one-query results. A refused length refuses the curve (field 'tokens[i]'). */
  kvMemoryCurve(model: Model, opts: KvCurveOptions): KvCurve;
  /** kvCapacity at every context length of opts.tokens, in one call. */
  kvCapacityCurve(model: Model, opts: CapacityCurveOptions): CapacityCurve;
  /** Everything the memory figure shows for one state, in one call into the core: bit for bit
   *  what kvMemory, kvCapacity and kvCrossover give one at a time, refused in the same order. */
  kvView<F extends keyof KvResult = keyof KvResult>(
    model: Model,
    opts: KvViewOptions & { curveFields?: readonly F[] },
  ): KvView<F>;
  /** Models the core holds converted (the KV calls keep the last 16 used, by content: a model
   *  passed again, or an equal copy, is not converted again; a changed one is). For tests. */
  kvModelsHeld(): number;
  /** A Hugging Face config.json (its text, or the parsed object) as a model kvMemory takes, read
   *  offline (wasm/model-config/: one file per family; index.mjs lists the model_types read by name).
   *  The language model of a wrapper (text_config, language_config, llm_config) is read; the
   *  config's layer pattern decides which layers grow (layer_types, sliding_window_pattern,
   *  use_sliding_window, full_attention_interval, hybrid_override_pattern, attn_layer_period/offset,
   *  layers_block_type, block_types, linear_attn_config.full_attn_layers (1-based), attn_type_list,
   *  no_rope_layers + attention_chunk_size); head_dim is read where given. Keys left out are filled
   *  with transformers' configuration-class defaults, each listed in notes. An unknown model_type
   *  with the standard decoder keys is read as attention (MLA when it has kv_lora_rank), noted.
   *  Throws a LinattnTypeError (not JSON, a missing field) or LinattnError (a layer kind it cannot
   *  size, NaN / Infinity in a field it uses, absurd or inconsistent sizes) whose field names the
   *  config key ('config.text_config.num_hidden_layers'). */
  modelFromConfig(config: string | object): ConfigModel;
  /** Deterministic generator of the core (xoshiro256** + polar normal). */
  randomNormals(seed: number, count: number): Float64Array;
  /** How close a is to b (e.g. a read-back to the stored value): |a-b|, |a-b|/|b|, cosine, the
   *  angle in degrees (0..180; 90 when either is the zero vector) and a.b. Same length required.
   *  Norms are computed without underflow or overflow (1e-200 and 1e150 entries are exact);
   *  relError saturates at Number.MAX_VALUE when a tiny |b| would overflow it: every field is finite. */
  compare(a: Vec, b: Vec): { error: number; relError: number; cosine: number; degrees: number; dot: number };
  /** The running ledger's whole view for one state, in one call (the ledger demo's model): the
   *  same numbers, bit for bit, as la.memory's features/write/state/read/readTerms, la.compare and
   *  la.storageNumbers called one at a time. */
  ledgerView(opts: LedgerViewOptions): LedgerView;
  /** Numbers kept after n writes: softmax's cache n(dk+dv) ("receipts") vs the state dk*dv ("ledger"). */
  storageNumbers(opts: { dk: number; dv: number; n: number }): { cache: number; state: number };
  /** For leak tests: bytes the allocator has in use; the WebAssembly memory's size. */
  readonly debug: {
    heapBytesInUse(): number;
    memoryBytes(): number;
    /** Frees the models the KV calls keep converted in the core (the next call converts again). */
    releaseModels(): void;
  };
}

/** A value the core (or the wrapper) refuses: out of range, wrong length, unknown name. */
export class LinattnError extends RangeError {
  constructor(message: string, field?: string | null);
  /** The argument or option the error is about, spelled as the message spells it: 'dk', 'tokens',
   *  'q[2]' (an entry of q), 'model.layers[1].heads', 'model.params'. null when the error is about
   *  no single argument (e.g. a total larger than 2^63 bytes, a read that cannot be normalized). */
  readonly field: string | null;
  readonly name: 'LinattnError';
}
/** A value of the wrong type (a string for a number, a missing required option, an unknown option). */
export class LinattnTypeError extends TypeError {
  constructor(message: string, field?: string | null);
  /** As LinattnError.field; for an unknown option, the option's own name ('colour'). */
  readonly field: string | null;
  readonly name: 'LinattnTypeError';
}

export function createLinattn(opts?: {
  wasmBinary?: ArrayBuffer | Uint8Array;
  locateFile?: (path: string) => string;
  /** The core already compiled (a page's, posted to its worker): instantiated, nothing fetched. */
  wasmModule?: WebAssembly.Module;
}): Promise<Linattn>;
/** The compiled module behind an API, where its loader keeps it (the custom elements' build). */
export function compiledModule(la: Linattn): WebAssembly.Module | undefined;
export default createLinattn;
