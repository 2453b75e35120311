// The vision tower of a vision-language wrapper (vision_config), counted with its connector to the
// language model (width H), following each tower's modeling code; biases are counted here:
//   Qwen3-VL / Qwen3.5 (depth, out_hidden_size): a Conv3d patch embedding, learned positions, depth
//     blocks (LayerNorm, qkv, proj, a two-layer MLP), a patch merger of spatial_merge_size^2 patches to
//     out_hidden_size, and one more merger per deepstack_visual_indexes entry
//   CLIP (clip_vision_model, as LLaVA uses): patch and position embeddings, num_hidden_layers blocks,
//     and LLaVA's two-layer projector to H
//   Mllama (mllama_vision_model): a patch embedding (no bias), the class embedding, gated position
//     embeddings with their per-tile table, pre- and post-tile embeddings per aspect ratio (one row
//     per supported_aspect_ratios entry and one for none), LayerNorms before and after,
//     num_hidden_layers blocks and num_global_layers gated blocks (q, k, v, o without bias, a
//     two-layer MLP, two LayerNorms), and the projector from vision_output_dim to H
// Other towers (SigLIP in Gemma, Kimi's MoonViT, audio towers) are not counted: undefined.

function qwenVision(v) {
  const h = v.hidden_size;
  const I = v.intermediate_size;
  const m2 = (v.spatial_merge_size ?? 2) ** 2;
  const patch = (v.in_channels ?? 3) * (v.temporal_patch_size ?? 2) * v.patch_size ** 2 * h + h;
  const block = 4 * h + 4 * h * h + 4 * h + 2 * h * I + I + h;
  const merger = (norm) => 2 * norm + (h * m2) ** 2 + h * m2 + h * m2 * v.out_hidden_size + v.out_hidden_size;
  const deepstack = Array.isArray(v.deepstack_visual_indexes) ? v.deepstack_visual_indexes.length : 0;
  return patch + (v.num_position_embeddings ?? 0) * h + v.depth * block + merger(h) + deepstack * merger(h * m2);
}

function clipVision(v, H) {
  const h = v.hidden_size;
  const I = v.intermediate_size;
  const positions = (v.image_size / v.patch_size) ** 2 + 1;
  const embeddings = h + 3 * v.patch_size ** 2 * h + positions * h + 2 * h;
  const block = 4 * h * h + 4 * h + 2 * h * I + I + h + 4 * h;
  const projector = h * H + H + H * H + H;
  return embeddings + v.num_hidden_layers * block + 2 * h + projector;
}

function mllamaVision(v, H) {
  const h = v.hidden_size;
  const I = v.intermediate_size;
  const patches = (v.image_size / v.patch_size) ** 2 + 1;
  const ratios = (Array.isArray(v.supported_aspect_ratios) ? v.supported_aspect_ratios.length : 8) + 1;
  const tiles = v.max_num_tiles;
  const embeddings = (v.num_channels ?? 3) * v.patch_size ** 2 * h + h + patches * h + 1 + ratios * tiles * patches * h;
  const tileEmbeddings = 2 * (ratios * tiles * h + 1);
  const block = 4 * h * h + h * I + I + I * h + h + 4 * h;
  const global = v.num_global_layers ?? 0;
  const out = v.vision_output_dim ?? h * ((v.intermediate_layers_indices?.length ?? 0) + 1);
  return embeddings + tileEmbeddings + 4 * h + v.num_hidden_layers * block + global * (block + 2) + out * H + H;
}

/** The vision tower's parameters (with its connector to width H), or undefined where not counted. */
export function visionWeights(v, H) {
  if (v === null || typeof v !== 'object' || !H) return undefined;
  const whole = (k) => Number.isInteger(v[k]) && v[k] > 0 && v[k] < 2 ** 24;
  let n;
  if (['depth', 'hidden_size', 'intermediate_size', 'out_hidden_size', 'patch_size'].every(whole)) n = qwenVision(v);
  else if (
    v.model_type === 'clip_vision_model' &&
    ['hidden_size', 'intermediate_size', 'num_hidden_layers', 'patch_size', 'image_size'].every(whole)
  )
    n = clipVision(v, H);
  else if (
    v.model_type === 'mllama_vision_model' &&
    ['hidden_size', 'intermediate_size', 'num_hidden_layers', 'patch_size', 'image_size', 'max_num_tiles'].every(whole)
  )
    n = mllamaVision(v, H);
  return Number.isFinite(n) ? Math.round(n) : undefined;
}
