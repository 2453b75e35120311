// The memory demo's settings as text (permalinks, embed.html's query, custom-element attributes):
// each name and how it is written (kinds in web/src/hosts/shared/settings-codec.js). Whether a value is in range
// is the demo's call, not this file's.
export const SETTINGS = {
  preset: 'string',
  linear: 'bool',
  custom: 'json',
  tokens: 'number',
  sessions: 'number',
  kvDtype: 'string',
  stateDtype: 'string',
  weightDtype: 'string',
  gpu: 'string',
  gpuCustom: 'string',
  tp: 'number',
  unit: 'string',
  yScale: 'string',
  settings: 'bool',
};
