// The parameter count of a decoder, worked out from its config.json: what kvCapacity needs for the
// weights' share of a GPU. Counted per layer from the family reader's labels and shapes, so the
// layers are the ones whose cache is counted:
//   embeddings        vocab_size x hidden_size, twice unless tie_word_embeddings
//   attention         q: H x heads x head_dim (x 2 with an output gate), k and v: H x kv_heads x
//                     head_dim each, o: heads x head_dim x H
//   MLA               q (through q_lora_rank when given), the kv_lora_rank down-projection with
//                     the shared rope key, its up-projection to heads x (nope + v), o
//   dense MLP         3 x H x intermediate_size when gated (SwiGLU/GeGLU), 2 x H x I otherwise
//   mixture of experts every expert (3 x H x moe_intermediate_size each), shared experts, router;
//                     latent experts (moe_latent_size) at that width, with a projection down and up
//   Gated DeltaNet    q, k (key heads), v and the output gate (value heads), b and a, conv, out
//   Mamba             in_proj (x, z), conv, x_proj (dt, B, C), dt_proj, A, D, out_proj
//   Mamba-2           in_proj (x, z, B, C, dt), conv over x, B, C, A, D, dt bias, norm, out_proj
//                     (Nemotron-H, Bamba, GraniteMoeHybrid with its experts and shared MLP)
//   norms             2 x H a layer and H at the end; MTP layers (num_nextn_predict_layers) too
// The language model's biases are left out (under 0.1 % of any model here). RWKV-4/5/6/7,
// RecurrentGemma and LFM2 are counted in weights-recurrent.mjs, Zamba2 and Gemma 3n in
// weights-shared.mjs. A family whose layers this cannot count returns undefined, and its weights
// are not known (kvCapacity then asks for them).

import { familyWeights, num } from './weights-recurrent.mjs';
import { gemma3nWeights, zamba2Weights } from './weights-shared.mjs';

const MAMBA1 = new Set(['mamba', 'falcon_mamba', 'jamba']);
const NO_FFN = new Set(['mamba', 'falcon_mamba', 'mamba2']); // a Mamba block is the whole layer
const GEMMA3N = new Set(['gemma3n', 'gemma3n_text']);
const UNGATED = new Set([
  'gpt2',
  'gptj',
  'bloom',
  'falcon',
  'gpt_bigcode',
  'starcoder2',
  'opt',
  'gpt_neox',
  'phi-msft',
  'phi',
]);
// Families whose configuration class ties the output head to the embeddings by default.
const TIED = new Set([
  'gemma',
  'gemma2',
  'gemma3',
  'gemma3_text',
  'gpt2',
  'bloom',
  'falcon',
  'gpt_bigcode',
  'mamba',
  'cohere',
  'cohere2',
]);
// MoE expert counts and sizes under their several names.
const EXPERTS = ['num_local_experts', 'num_experts', 'n_routed_experts', 'moe_num_experts'];
const EXPERT_SIZE = ['moe_intermediate_size', 'expert_intermediate_size'];
const SHARED_SIZE = [
  'shared_expert_intermediate_size',
  'moe_shared_expert_intermediate_size',
  'shared_intermediate_size',
];

function attentionWeights(r, H, shape) {
  const heads = num(r, 'num_attention_heads', 'n_head');
  if (heads === undefined) return undefined;
  const q = H * heads * shape.headDim * (r.flag('attn_output_gate') ? 2 : 1);
  return q + 2 * H * shape.kvHeads * shape.headDim + heads * shape.headDim * H;
}

function mlaWeights(r, H) {
  const heads = num(r, 'num_attention_heads');
  const rank = num(r, 'kv_lora_rank');
  const nope = num(r, 'qk_nope_head_dim');
  const rope = num(r, 'qk_rope_head_dim');
  const v = num(r, 'v_head_dim');
  if ([heads, rank, nope, rope, v].includes(undefined)) return undefined;
  const qr = num(r, 'q_lora_rank');
  const q = qr ? H * qr + qr + qr * heads * (nope + rope) : H * heads * (nope + rope);
  return q + H * (rank + rope) + rank + rank * heads * (nope + v) + heads * v * H;
}

function linearWeights(r, H, shape) {
  const kHeads = num(r, 'linear_num_key_heads') ?? shape.heads;
  const { heads, keyDim, valueDim } = shape;
  const qk = 2 * H * kHeads * keyDim;
  const vz = 2 * H * heads * valueDim; // values and the output gate
  const conv = (shape.convChannels ?? 0) * (shape.convKernel ?? 0);
  return qk + vz + 2 * H * heads + conv + 3 * heads + valueDim + heads * valueDim * H;
}

function ssmWeights(r, H, shape, type) {
  const k = shape.convKernel ?? 0;
  if (MAMBA1.has(type)) {
    const I = shape.heads * shape.headDim;
    const N = shape.stateDim;
    const R = num(r, 'time_step_rank', 'mamba_dt_rank') ?? Math.ceil(H / 16);
    return H * 2 * I + I * k + I * (R + 2 * N) + R * I + I + I * N + I + I * H;
  }
  const I = shape.heads * shape.headDim;
  const gn = ((shape.convChannels ?? I) - I) / 2; // n_groups x d_state, from the conv's channels
  return H * (2 * I + 2 * gn + shape.heads) + (I + 2 * gn) * k + 3 * shape.heads + I + I * H;
}

/** Which layers' feed-forward is a mixture of experts, per the family's key. */
function isMoeLayer(r, i) {
  const first = num(r, 'first_k_dense_replace');
  if (first !== undefined && i < first) return false;
  const only = r.known('mlp_only_layers') ? r.value('mlp_only_layers') : null;
  if (Array.isArray(only) && only.includes(i)) return false;
  const step = num(r, 'decoder_sparse_step', 'interleave_moe_layer_step', 'moe_layer_freq', 'expert_layer_period');
  const offset = num(r, 'expert_layer_offset') ?? (r.known('expert_layer_period') ? 0 : step - 1);
  if (step && step > 1) return i % step === offset;
  return true;
}

function ffnWeights(r, H, i, type) {
  const experts = num(r, ...EXPERTS);
  const I = num(r, 'intermediate_size', 'n_inner', 'ffn_hidden_size') ?? (UNGATED.has(type) ? 4 * H : undefined);
  const matrices = UNGATED.has(type) || r.has('mlp_hidden_act') ? 2 : 3;
  const dense = (size) => matrices * H * size;
  if (experts && experts > 1 && isMoeLayer(r, i)) {
    const E = num(r, ...EXPERT_SIZE) ?? I;
    if (E === undefined) return undefined;
    // Latent experts (Nemotron 3 Super, Ultra) work at moe_latent_size: the routed experts' matrices
    // are that wide, with one projection down from H and one back up, shared by the layer's experts.
    const latent = num(r, 'moe_latent_size');
    const routed = latent ? experts * matrices * latent * E + 2 * H * latent : experts * dense(E);
    const sharedSize = num(r, ...SHARED_SIZE);
    // Llama 4 has one shared expert of the experts' size in every MoE layer.
    const sharedCount = num(r, 'n_shared_experts', 'num_shared_experts') ?? (type.startsWith('llama4') ? 1 : 0);
    // Qwen's shared expert has a gate of its own (H -> 1); Nemotron-H's and Granite's do not.
    const gate = r.known('shared_expert_intermediate_size') ? H : 0;
    const shared = sharedSize ? dense(sharedSize) + gate : dense(E) * sharedCount;
    return routed + shared + H * experts;
  }
  let size = r.known('intermediate_size_mlp') ? num(r, 'intermediate_size_mlp') : I;
  // GraniteMoeHybrid without experts (num_local_experts 0) keeps only its shared MLP.
  if (type === 'granitemoehybrid') size = num(r, 'shared_intermediate_size') ?? size;
  return size === undefined ? undefined : dense(size);
}

/**
 * The parameter count for the layers `labels` names (shapes as the family reader gave them), or
 * undefined when some layer is of a kind this cannot count.
 */
export function countWeights(r, type, labels, shapes) {
  const own = familyWeights(r, type, labels, shapes);
  if (own !== null) return own;
  const H = num(r, 'hidden_size', 'n_embd', 'd_model');
  const V = num(r, 'vocab_size');
  if (!H || !V) return undefined;
  if (type === 'zamba2' || GEMMA3N.has(type)) {
    const n =
      type === 'zamba2'
        ? zamba2Weights(r, H, V, labels, shapes, (shape) => ssmWeights(r, H, shape, type))
        : gemma3nWeights(r, H, V, labels, shapes);
    return Number.isFinite(n) ? Math.round(n) : undefined;
  }
  const tiedGiven = r.raw('tie_word_embeddings');
  const tied = typeof tiedGiven === 'boolean' ? tiedGiven : TIED.has(type);
  // Mllama's embedding has 8 rows past vocab_size (its image tokens).
  let n = (V + (type.startsWith('mllama') ? 8 : 0)) * H + (tied ? 0 : V * H) + H;
  const ffnOnly = new Set(['mlp', 'moe']); // Nemotron-H's feed-forward layers
  for (let i = 0; i < labels.length; i++) {
    const label = labels[i];
    const parts = shapes[label] ?? [];
    let layer = 2 * H;
    if (ffnOnly.has(label)) layer = H + ffnWeights(r, H, i, type);
    else {
      // Mllama's cross-attention layers: attention of the self-attention layers' shape (keys and values
      // from the projected image, H wide), q and k norms, and a gate each on attention and MLP.
      if (label === 'cross' && shapes.full_attention) {
        const att = shapes.full_attention[0];
        layer += attentionWeights(r, H, att) + 2 * att.headDim + 2;
      } else if (parts.length === 0) return undefined; // shared caches: not counted here
      for (const shape of parts) {
        if (shape.kind === 'attention') layer += attentionWeights(r, H, shape);
        else if (shape.kind === 'mla') layer += mlaWeights(r, H);
        else if (shape.kind === 'linear') layer += linearWeights(r, H, shape);
        else if (shape.kind === 'ssm') layer += ssmWeights(r, H, shape, type);
      }
      // Nemotron-H's FFNs are layers of their own (shapes.mlp); a pure Mamba layer has none.
      if (!shapes.mlp && !NO_FFN.has(type)) layer += ffnWeights(r, H, i, type);
    }
    if (!Number.isFinite(layer)) return undefined;
    n += layer;
  }
  const mtp = num(r, 'num_nextn_predict_layers', 'mtp_num_hidden_layers') ?? 0;
  if (mtp > 0 && labels.length > 0) {
    const last = labels.length - 1;
    // Nemotron-H's MTP block ('*E') attends as its attention layers do, its last layer being an FFN.
    const shape = shapes[labels[last]]?.[0] ?? shapes.attention?.[0];
    const mixer = shape?.kind === 'mla' ? mlaWeights(r, H) : shape ? attentionWeights(r, H, shape) : undefined;
    const block = 2 * H + mixer + ffnWeights(r, H, last, type) + 2 * H * H + 3 * H;
    if (!Number.isFinite(block)) return undefined;
    n += mtp * block;
  }
  return Number.isFinite(n) ? Math.round(n) : undefined;
}
