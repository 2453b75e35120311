// The overcapacity demo's settings as text (permalinks, embed.html's query, custom-element
// attributes): each name and how it is written (kinds in web/src/embed-codec.js). Whether a value
// is in range is the demo's call, not this file's.
export const SETTINGS = {
  d: 'number',
  n: 'number',
  keys: 'string',
  trials: 'number',
  seed: 'number',
  beta: 'number',
  scale: 'string',
};
