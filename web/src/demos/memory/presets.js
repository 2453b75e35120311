// The presets of the memory demo are data: content/presets/models.json (see its "about").
import presetData from '../../../../content/presets/models.json' with { type: 'json' };

export const PRESETS = presetData.presets;

export function findPreset(id) {
  return PRESETS.find((p) => p.id === id) || null;
}
