// The config.json reader's entry: modelFromConfig and SUPPORTED_MODEL_TYPES, one file per family
// under wasm/model-config/ (index.mjs says which reads what).
export { modelFromConfig, SUPPORTED_MODEL_TYPES } from './model-config/index.mjs';
export { parseConfig } from './model-config/parse.mjs';
