// The ledger's settings as text (permalinks, embed.html's query, custom-element attributes): each
// name and how it is written (kinds in web/src/hosts/shared/settings-codec.js). Whether a value is in range is
// state.js's call (mergeState), not this file's.
export const SETTINGS = {
  d: 'number',
  featureMap: 'string',
  associations: 'pairs',
  step: 'number',
  query: 'number',
  freeQuery: 'list',
};
