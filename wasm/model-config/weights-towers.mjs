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
// Other vision towers (SigLIP in Gemma, Kimi's MoonViT, Gemma 3n's MobileNet-V5) are not counted:
// undefined. Audio towers (audio_config), with their connector to H:
//   Whisper-style encoders (qwen2_audio_encoder, whisper; d_model, encoder_layers, encoder_ffn_dim):
//     two convolutions over num_mel_bins (kernel 3, with bias), max_source_positions (1,500 when
//     absent) learned positions, encoder_layers blocks (q, v, o with bias, k without; two
//     LayerNorms; fc1 and fc2 with bias), the final LayerNorm, and Qwen2-Audio's projector d_model
//     -> H with bias
//   Gemma 3n's conformer (gemma3n_audio; Gemma3nAudioConfig's defaults for absent fields): the
//     sub-sampling convolutions (sscp_conv_channel_size, 3 x 3 kernels, each with a norm) and the
//     input projection from channels x the frequency bins left after the strides to hidden_size;
//     conf_num_hidden_layers blocks of two feed-forwards (4 x wide), attention (q, k, v, the
//     relative positions' projection, the output, a per-dimension scale), the light convolution
//     (linear 2 x wide in, a depthwise conv of conf_conv_kernel_size, linear out) and five norms;
//     and the embedder to H (vocab_size rows, two norms, the projection)

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

function whisperAudio(a, H) {
  const d = a.d_model;
  const f = a.encoder_ffn_dim;
  const convs = a.num_mel_bins * d * 3 + d + d * d * 3 + d;
  const block = 4 * d * d + 3 * d + 2 * d * f + f + d + 4 * d;
  const positions = (a.max_source_positions ?? 1500) * d;
  const projector = a.model_type === 'qwen2_audio_encoder' ? d * H + H : 0;
  return convs + positions + a.encoder_layers * block + 2 * d + projector;
}

const GEMMA3N_AUDIO = {
  hidden_size: 1536,
  conf_num_hidden_layers: 12,
  conf_num_attention_heads: 8,
  conf_conv_kernel_size: 5,
  input_feat_size: 128,
  vocab_size: 128,
  sscp_conv_channel_size: [128, 32],
  sscp_conv_stride_size: [
    [2, 2],
    [2, 2],
  ],
};

function gemma3nAudio(given, H) {
  const a = { ...GEMMA3N_AUDIO, ...given };
  const h = a.hidden_size;
  const [c0, c1] = a.sscp_conv_channel_size;
  let bins = a.input_feat_size;
  for (const stride of a.sscp_conv_stride_size) bins = Math.ceil(bins / stride[1]);
  const sscp = 9 * c0 + c0 + 9 * c0 * c1 + c1 + c1 * bins * h;
  const ffw = 8 * h * h + 2 * h;
  const attention = 5 * h * h + 2 * h + h / a.conf_num_attention_heads;
  const lconv = 3 * h * h + h * a.conf_conv_kernel_size + 2 * h;
  const block = 2 * ffw + attention + lconv + h;
  const embedder = a.vocab_size * h + 2 * h + h * H;
  return sscp + a.conf_num_hidden_layers * block + embedder;
}

/**
 * The embedder that joins a vision tower this reader does not count to width H (Gemma 3n's: the
 * timm MobileNet-V5 is named in vision_config, not shaped), or undefined: vocab_size rows of
 * hidden_size, two norms, the projection to H.
 */
export function visionConnector(v, H) {
  if (v === null || typeof v !== 'object' || v.model_type !== 'gemma3n_vision' || !H) return undefined;
  const h = v.hidden_size ?? 2048;
  const rows = v.vocab_size ?? 128;
  const whole = (x) => Number.isInteger(x) && x > 0 && x < 2 ** 24;
  return whole(h) && whole(rows) ? rows * h + 2 * h + h * H : undefined;
}

/** Whether audioWeights counts the tower's connector to the text model (Qwen2-Audio's, Gemma 3n's). */
export function audioConnected(a) {
  return a?.model_type === 'qwen2_audio_encoder' || a?.model_type === 'gemma3n_audio';
}

/** The audio tower's parameters (with its connector to width H), or undefined where not counted. */
export function audioWeights(a, H) {
  if (a === null || typeof a !== 'object' || !H) return undefined;
  const whole = (k) => Number.isInteger(a[k]) && a[k] > 0 && a[k] < 2 ** 24;
  const optional = (k) => a[k] === undefined || whole(k);
  let n;
  if (['d_model', 'encoder_layers', 'encoder_ffn_dim', 'num_mel_bins'].every(whole) && optional('max_source_positions'))
    n = whisperAudio(a, H);
  else if (a.model_type === 'gemma3n_audio') {
    const keys = ['hidden_size', 'conf_num_hidden_layers', 'conf_num_attention_heads', 'conf_conv_kernel_size'];
    const count = (v) => Number.isInteger(v) && v > 0 && v < 2 ** 24;
    const pair = (v) => Array.isArray(v) && v.length === 2 && v.flat().every(count);
    const shaped = ['input_feat_size', 'vocab_size', ...keys].every(optional);
    const lists = [a.sscp_conv_channel_size, a.sscp_conv_stride_size].every((v) => v === undefined || pair(v));
    if (shaped && lists) n = gemma3nAudio(a, H);
  }
  return Number.isFinite(n) ? Math.round(n) : undefined;
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
