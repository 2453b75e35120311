// What transformers' configuration classes supply when a config.json leaves a key out, per
// model_type, from each class's __init__ defaults (huggingface/transformers,
// src/transformers/models/<family>/configuration_<family>.py). Only the keys this reader uses.
// Every value taken from here is listed in the figure's notes with its class.
// Derived defaults are not listed here but applied by the family readers: num_key_value_heads =
// num_attention_heads (Llama, Gemma, Zamba2, RecurrentGemma), head_dim = hidden_size /
// num_attention_heads, lru_width = hidden_size (RecurrentGemma).

const TABLE = {
  // configuration_llama.py, LlamaConfig (also the text model LlavaConfig builds by default)
  llama: {
    source: 'LlamaConfig',
    values: {
      vocab_size: 32000,
      hidden_size: 4096,
      intermediate_size: 11008,
      num_hidden_layers: 32,
      num_attention_heads: 32,
      max_position_embeddings: 2048,
    },
  },
  // configuration_gemma.py, GemmaConfig
  gemma: {
    source: 'GemmaConfig',
    values: {
      num_hidden_layers: 28,
      num_attention_heads: 16,
      num_key_value_heads: 16,
      head_dim: 256,
      max_position_embeddings: 8192,
    },
  },
  // configuration_gemma2.py, Gemma2Config
  gemma2: {
    source: 'Gemma2Config',
    values: {
      num_hidden_layers: 26,
      num_attention_heads: 8,
      num_key_value_heads: 4,
      head_dim: 256,
      max_position_embeddings: 8192,
      sliding_window: 4096,
    },
  },
  // configuration_gemma3.py, Gemma3TextConfig (Gemma3Config builds its text_config from it)
  gemma3_text: {
    source: 'Gemma3TextConfig',
    values: {
      num_hidden_layers: 26,
      num_attention_heads: 8,
      num_key_value_heads: 4,
      head_dim: 256,
      max_position_embeddings: 131072,
      sliding_window: 4096,
      sliding_window_pattern: 6,
    },
  },
  // configuration_recurrent_gemma.py, RecurrentGemmaConfig
  recurrent_gemma: {
    source: 'RecurrentGemmaConfig',
    values: {
      num_hidden_layers: 26,
      hidden_size: 2560,
      num_attention_heads: 10,
      attention_window_size: 2048,
      conv1d_width: 4,
      block_types: ['recurrent', 'recurrent', 'attention'],
    },
  },
  // configuration_zamba2.py, Zamba2Config
  zamba2: {
    source: 'Zamba2Config',
    values: {
      vocab_size: 32000,
      max_position_embeddings: 4096,
      hidden_size: 2560,
      num_hidden_layers: 54,
      mamba_d_state: 64,
      mamba_d_conv: 4,
      mamba_expand: 2,
      mamba_ngroups: 1,
      n_mamba_heads: 8,
      num_attention_heads: 32,
      layers_block_type: [
        'mamba',
        ...Array(7).fill(['mamba', 'mamba', 'mamba', 'mamba', 'mamba', 'hybrid']).flat(),
        ...['mamba', 'mamba', 'mamba', 'mamba', 'hybrid', 'mamba', 'mamba', 'mamba', 'hybrid', 'mamba', 'mamba'],
      ],
    },
  },
  // configuration_rwkv6.py, Rwkv6Config
  rwkv6: {
    source: 'Rwkv6Config',
    values: { vocab_size: 65536, hidden_size: 768, num_hidden_layers: 24, head_size: 64 },
  },
  // configuration_qwen2.py, Qwen2Config (the text model Qwen2AudioConfig builds by default)
  qwen2: {
    source: 'Qwen2Config',
    values: {
      vocab_size: 151936,
      hidden_size: 4096,
      intermediate_size: 22016,
      num_hidden_layers: 32,
      num_attention_heads: 32,
      num_key_value_heads: 32,
      use_sliding_window: false,
    },
  },
  // configuration_lfm2.py, Lfm2Config
  lfm2: {
    source: 'Lfm2Config',
    values: {
      hidden_size: 2560,
      num_hidden_layers: 32,
      num_attention_heads: 32,
      num_key_value_heads: 8,
      max_position_embeddings: 128000,
      conv_L_cache: 3,
    },
  },
  // configuration_mamba.py, MambaConfig (FalconMambaConfig has the same defaults)
  mamba: { source: 'MambaConfig', values: { state_size: 16, expand: 2, conv_kernel: 4 } },
  // configuration_mamba2.py, Mamba2Config
  mamba2: {
    source: 'Mamba2Config',
    values: { num_heads: 128, head_dim: 64, state_size: 128, n_groups: 8, conv_kernel: 4, expand: 2 },
  },
};
TABLE.falcon_mamba = { ...TABLE.mamba, source: 'FalconMambaConfig' };
// configuration_falcon.py, FalconConfig: Falcon-7B/40B's config.json leave the context out.
TABLE.falcon = { source: 'FalconConfig', values: { max_position_embeddings: 2048 } };

// Wrappers whose text model is built from another class when text_config leaves model_type out.
const TEXT_MODEL = {
  __proto__: null,
  gemma3: 'gemma3_text',
  llava: 'llama',
  llava_next: 'llama',
};

/** The defaults for a (text) model_type, or null when this reader lists none for it. */
export function defaultsFor(type, wrapperType) {
  const key = Object.hasOwn(TABLE, type) ? type : TEXT_MODEL[wrapperType ?? type];
  return key && Object.hasOwn(TABLE, key) ? TABLE[key] : null;
}
