// Parameter counts of the families whose layers are not attention + MLP blocks the general count
// (weights.mjs) knows: each worked out from the config's fields, matrix by matrix, following the
// family's modeling code. As there, the projections' biases are left out (under 0.1 %); norms and
// per-channel parameters (mixing vectors, decays, gates' biases of the recurrences) are counted.
//   RWKV-4, RWKV-5 (rwkv, rwkv5)  embeddings and a separate head (the checkpoints hold head.weight
//       of their own: the Eagle paper's 0.46 B for its smallest model counts it), ln0 and ln_out;
//       per layer two LayerNorms, time mixing (key, value, receptance, output, and RWKV-5's gate
//       and GroupNorm ln_x; decay and bonus per channel; one mixing vector per input) and channel
//       mixing (key H x I, receptance H x H, value I x H; I = intermediate_size, or 4 H for
//       RWKV-4 and int(3.5 H / 32) x 32 for RWKV-5, the configuration classes' rule)
//   RecurrentGemma  tied embeddings; per layer two RMSNorms, a gated MLP of intermediate_size / 2,
//       and either local attention (q, k, v, o) or the recurrent block: linear_x, linear_y and
//       linear_out (H x lru_width each), a depthwise conv of conv1d_width, and the RG-LRU's
//       block-diagonal input and recurrence gates (heads blocks of (lru_width / heads)^2 each)
//   LFM2  embeddings (tied by default); per layer two RMSNorms, a SwiGLU of block_ff_dim (2/3 of it
//       rounded up to block_multiple_of when block_auto_adjust_ff_dim), and either attention with
//       q/k norms or the short conv: in_proj H x 3H, a depthwise conv of conv_L_cache, out_proj H x H
//   RWKV-7 (rwkv7)  embeddings and a separate head, the first layer's LayerNorm and ln_out; per
//       layer two LayerNorms, time mixing (six mixing vectors; receptance, key, value, output H x H
//       each; the low-rank decay, in-context rate and gate of decay_low_rank_dim, a_low_rank_dim
//       and gate_low_rank_dim, the first two with a bias vector; the value-residual low rank of
//       v_low_rank_dim on every layer but the first; k_k, k_a, r_k and the GroupNorm ln_x) and
//       channel mixing (one mixing vector, key H x I, value I x H, no receptance)
//   RWKV-6 (rwkv6)  as RWKV-5 (embeddings, separate head, ln0, ln_out, two LayerNorms a layer,
//       r/k/v/g/output, decay and bonus per channel, GroupNorm ln_x; channel mixing of
//       int(3.5 H / 32) x 32 with its two mixing vectors), with the data-dependent token shift and
//       decay: six mixing vectors, the low-rank mix (H x 5m and 5 x m x H) and the low-rank decay
//       (H x d and d x A); m = 32 and d = 64, or 64 and 128 at H = 4,096 (modeling_rwkv6.py and
//       llama.cpp's conversion use that rule)

/** A non-negative finite number under the first key given (family defaults included), else undefined. */
export function num(r, ...keys) {
  for (const k of keys) {
    if (!r.known(k)) continue;
    const v = r.value(k);
    if (typeof v === 'number' && Number.isFinite(v) && v >= 0) return v;
  }
  return undefined;
}

function rwkvWeights(r, type, H, V, L) {
  const A = num(r, 'attention_hidden_size') ?? H;
  const v5 = type === 'rwkv5';
  const I = num(r, 'intermediate_size') ?? (v5 ? Math.floor((H * 3.5) / 32) * 32 : 4 * H);
  // time mixing: v5 mixes key, value, receptance and gate (4 H), decay and bonus per channel
  // (2 A), four projections in (4 H A) and one out (A H), ln_x (2 A); v4 has no gate nor ln_x.
  const time = v5 ? 4 * H + 2 * A + 4 * H * A + A * H + 2 * A : 3 * H + 2 * A + 3 * H * A + A * H;
  const channel = 2 * H + H * I + H * H + I * H;
  return 2 * V * H + 2 * H + 2 * H + L * (4 * H + time + channel);
}

function rwkv6Weights(r, H, V, L) {
  const A = num(r, 'attention_hidden_size') ?? H;
  const I = num(r, 'intermediate_size') ?? Math.floor((H * 3.5) / 32) * 32;
  const m = H === 4096 ? 64 : 32;
  const d = H === 4096 ? 128 : 64;
  const shift = 6 * H + H * 5 * m + 5 * m * H;
  const time = shift + (A + H * d + d * A) + A + 4 * H * A + A * H + 2 * A;
  const channel = 2 * H + H * I + H * H + I * H;
  return 2 * V * H + 2 * H + 2 * H + L * (4 * H + time + channel);
}

function rwkv7Weights(r, H, V, L) {
  const I = num(r, 'intermediate_size');
  const ranks = ['decay_low_rank_dim', 'a_low_rank_dim', 'v_low_rank_dim', 'gate_low_rank_dim'].map((k) => num(r, k));
  if (I === undefined || ranks.includes(undefined)) return undefined;
  const [w, a, v, g] = ranks;
  const time = 6 * H + 4 * H * H + (2 * H * w + H) + (2 * H * a + H) + 2 * H * g + 3 * H + 2 * H;
  const channel = H + 2 * H * I;
  const valueResidual = (L - 1) * (2 * H * v + H);
  return 2 * V * H + 2 * H + 2 * H + L * (4 * H + time + channel) + valueResidual;
}

function recurrentGemmaWeights(r, H, V, labels, shapes) {
  const I = num(r, 'intermediate_size');
  const heads = num(r, 'num_attention_heads');
  const att = shapes.attention?.[0];
  const lru = shapes.recurrent?.[0];
  if (I === undefined || !heads || !att || !lru) return undefined;
  const W = lru.heads; // lru_width
  const mlp = 3 * H * Math.floor(I / 2);
  const attention = H * heads * att.headDim + 2 * H * att.kvHeads * att.headDim + heads * att.headDim * H;
  const gates = 2 * heads * (W / heads) ** 2 + 2 * W; // input and recurrence gates with their biases
  const recurrent = 2 * H * W + W * H + W * lru.convKernel + gates + W; // + recurrent_param
  let n = V * H + H;
  for (const label of labels) n += 2 * H + mlp + (label === 'attention' ? attention : recurrent);
  return n;
}

function lfm2FeedForward(r) {
  let ff = num(r, 'block_ff_dim', 'intermediate_size');
  if (ff === undefined) return undefined;
  if (r.raw('block_auto_adjust_ff_dim') !== false) {
    // Lfm2Config's defaults: auto-adjust on, multiplier 1.0, multiple of 256.
    ff = Math.floor((2 * ff) / 3);
    const mult = num(r, 'block_ffn_dim_multiplier');
    if (mult !== undefined) ff = Math.floor(mult * ff);
    const m = num(r, 'block_multiple_of') || 256;
    ff = m * Math.ceil(ff / m);
  }
  return ff;
}

function lfm2Weights(r, H, V, labels, shapes) {
  const ff = lfm2FeedForward(r);
  const heads = num(r, 'num_attention_heads');
  const att = shapes.full_attention?.[0];
  if (ff === undefined || !heads || !att) return undefined;
  const kernel = num(r, 'conv_L_cache') ?? 3;
  const attention = 2 * H * heads * att.headDim + 2 * H * att.kvHeads * att.headDim + 2 * att.headDim;
  const conv = 3 * H * H + H * kernel + H * H;
  const tied = r.raw('tie_word_embeddings') !== false;
  let n = V * H * (tied ? 1 : 2) + H;
  for (const label of labels) n += 2 * H + 3 * H * ff + (label === 'conv' ? conv : attention);
  return n;
}

/**
 * The parameter count of a family counted here (undefined when its fields do not give it), or
 * null when `type` is not one of these families.
 */
export function familyWeights(r, type, labels, shapes) {
  if (!['rwkv', 'rwkv5', 'rwkv6', 'rwkv7', 'recurrent_gemma', 'lfm2'].includes(type)) return null;
  const H = num(r, 'hidden_size');
  const V = num(r, 'vocab_size');
  if (!H || !V) return undefined;
  let n;
  if (type === 'rwkv' || type === 'rwkv5') n = rwkvWeights(r, type, H, V, labels.length);
  else if (type === 'rwkv6') n = rwkv6Weights(r, H, V, labels.length);
  else if (type === 'rwkv7') n = rwkv7Weights(r, H, V, labels.length);
  else if (type === 'recurrent_gemma') n = recurrentGemmaWeights(r, H, V, labels, shapes);
  else n = lfm2Weights(r, H, V, labels, shapes);
  return Number.isFinite(n) ? Math.round(n) : undefined;
}
