// The overcapacity demo's settings as text (permalinks, embed.html's query, custom-element
// attributes): each name and how it is written (kinds in web/src/hosts/shared/settings-codec.js). Whether a value
// is in range is the demo's call, not this file's.
export const SETTINGS = {
  d: 'number',
  n: 'number',
  keys: 'string',
  trials: 'number',
  seed: 'number',
  beta: 'number',
  scale: 'string',
  measure: 'string', // the capacity panel's tolerance: 'cosine' or 'recall'
  level: 'number', // its level (0.5…0.99 for cosine, 0.5…1 for recall)
  rule: 'string', // 'add' (the chapter's) or 'delta'
  gate: 'number', // forget gate α, 1 = none
  step: 'number', // the delta rule's step
  settings: 'bool', // the Settings disclosure open (only written when true)
};
