// Parameter counts of two families whose layers share weights or carry inputs of their own, worked
// out from the config's fields matrix by matrix, following each family's modeling code
// (modeling_zamba2.py, modeling_gemma3n.py). Biases of the projections are left out, as in
// weights.mjs; norms and per-channel parameters are counted.
//   Zamba2   tied embeddings and the final norm; every layer a Mamba-2 block (its norm, in_proj,
//            conv, A, D, dt bias, gated norm, out_proj); num_mem_blocks shared transformer blocks,
//            each counted once: attention on the concatenated 2 x hidden_size input (q, k, v to
//            heads x attention_head_dim, o back to hidden_size), a gated MLP of intermediate_size
//            (4 x hidden_size when absent), two norms; and per hybrid layer its own linear
//            (hidden_size^2), its MLP adapter (hidden_size x adapter_rank + adapter_rank x 2
//            intermediate_size) and, with use_shared_attention_adapter, q, k and v adapters
//   Gemma 3n the tied embedding; the per-layer embeddings (vocab_size_per_layer_input x layers x
//            hidden_size_per_layer_input) with their projection from hidden_size and its norm;
//            AltUp's altup_num_inputs - 1 projections in and out (hidden_size^2 each); per layer
//            attention (q, k, v, o, q and k norms), a gated MLP of that layer's intermediate_size,
//            four norms, AltUp (router, coefficients, scale, norm), LAuReL (rank laurel_rank) and
//            the per-layer input's gate and projection. Layers that share an earlier layer's cache
//            keep their own projections, so every layer counts.

import { num } from './weights-recurrent.mjs';

/** The Zamba2 model's parameters, or undefined when a field it needs is missing. */
export function zamba2Weights(r, H, V, labels, shapes, ssmWeights) {
  const mamba = shapes.mamba?.[0];
  const att = shapes.hybrid?.[1];
  const heads = num(r, 'num_attention_heads');
  if (!mamba || !att || !heads) return undefined;
  const I = num(r, 'intermediate_size', 'ffn_hidden_size') ?? 4 * H;
  const blocks = num(r, 'num_mem_blocks') ?? 1;
  const rank = num(r, 'adapter_rank', 'lora_rank') ?? 128;
  const qWidth = heads * att.headDim;
  const kvWidth = att.kvHeads * att.headDim;
  const attention = 2 * H * qWidth + 2 * (2 * H * kvWidth) + qWidth * H;
  const block = attention + 3 * H * I + 2 * H + H;
  const adapters = r.flag('use_shared_attention_adapter') || r.flag('use_shared_attention_lora');
  const attentionAdapter = adapters ? 2 * H * rank * 3 + rank * (qWidth + 2 * kvWidth) : 0;
  const hybrid = H * H + (H * rank + rank * 2 * I) + attentionAdapter;
  const tied = r.raw('tie_word_embeddings') !== false;
  const perMamba = H + ssmWeights(mamba);
  const hybrids = labels.filter((l) => l === 'hybrid').length;
  return V * H * (tied ? 1 : 2) + H + labels.length * perMamba + blocks * block + hybrids * hybrid;
}

/** Layer i's intermediate_size: one number for all, or a list with one per layer. */
function layerWidth(r, i) {
  const v = r.value('intermediate_size');
  const w = Array.isArray(v) ? v[i] : v;
  return Number.isInteger(w) && w > 0 ? w : undefined;
}

/** The Gemma 3n text model's parameters, or undefined when a field it needs is missing. */
export function gemma3nWeights(r, H, V, labels, shapes) {
  const heads = num(r, 'num_attention_heads');
  const P = num(r, 'hidden_size_per_layer_input') ?? 0;
  const Vp = num(r, 'vocab_size_per_layer_input') ?? V;
  const n = num(r, 'altup_num_inputs') ?? 1;
  const rank = num(r, 'laurel_rank') ?? 0;
  const local = shapes.sliding_attention?.[0];
  if (!heads || !local) return undefined;
  const L = labels.length;
  let total = V * H + H + Vp * L * P + H * L * P + P + 2 * (n - 1) * H * H;
  const altup = H + n * n + n * n * n + H * n + H;
  const laurel = 2 * H * rank + H;
  const perLayerInput = 2 * H * P + H;
  for (let i = 0; i < L; i++) {
    const I = layerWidth(r, i);
    if (I === undefined) return undefined;
    const shape = labels[i] === 'full_attention' ? shapes.full_attention[0] : local;
    const attention = 2 * H * heads * shape.headDim + 2 * H * shape.kvHeads * shape.headDim + 2 * shape.headDim;
    total += attention + 3 * H * I + 4 * H + altup + laurel + perLayerInput;
  }
  return total;
}
