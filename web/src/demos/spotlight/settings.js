// The spotlight demo's settings as text (permalinks, embed.html's query, custom-element attributes):
// each name and how it is written (kinds in web/src/hosts/shared/settings-codec.js). Whether a value
// is in range is the core's call (wasm/core/spotlight.hpp), not this file's.
export const SETTINGS = {
  n: 'number',
  cosine: 'number',
  beta: 'number',
  features: 'number',
  d: 'number',
  noise: 'number',
  seed: 'number',
  target: 'number',
  dtype: 'string',
  settings: 'bool',
};
