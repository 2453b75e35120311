// Multi-head latent attention (configuration_deepseek_v2.py, configuration_deepseek_v3.py; Kimi K2
// and GLM-5 keep DeepSeek-V3's layout): each layer caches one latent of kv_lora_rank +
// qk_rope_head_dim numbers per token, whatever num_key_value_heads says. Any config with
// kv_lora_rank is read this way.

import { grouped, LIMITS, within } from './fields.mjs';

export function latent(r) {
  const n = r.dim('kv_lora_rank') + r.dim('qk_rope_head_dim');
  return {
    kind: 'mla',
    latentDim: within(r, n, LIMITS.latentDim, ['kv_lora_rank', 'qk_rope_head_dim'], 'The latent width'),
  };
}

export function mla(r) {
  const L = r.layers();
  const mtp = r.raw('num_nextn_predict_layers');
  if (typeof mtp === 'number' && mtp > 0) {
    r.notes.push(`The ${grouped(mtp)} multi-token-prediction layer(s) (num_nextn_predict_layers) are not counted.`);
  }
  if (r.has('index_topk') || r.has('index_head_dim')) {
    r.notes.push("The sparse-attention indexer's own keys (index_head_dim per token and layer) are not counted.");
  }
  return { labels: Array(L).fill('mla'), shapes: { mla: [latent(r)] } };
}
