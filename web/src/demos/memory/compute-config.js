// A pasted or dropped config.json as the memory figure's custom model, read by the core's config
// reader (wasm/model-config.mjs, la.modelFromConfig: pure JS, no numerics). Imported here rather
// than reached through `la`, and only when a reader imports a config (render-import.js loads this
// module then): the page builds leave the reader out of the core's chunk (web/build/plugins.mjs),
// so neither the chapter's first load nor a course page with one element fetches it.
import { modelFromConfig, parseConfig } from '../../../../wasm/model-config.mjs';

/**
 * A config.json (text) as the custom model the figure shows: the core's modelFromConfig reads
 * the layers, parameters and trained context; the all-linear twin follows TWIN_RULE (models.js),
 * so the config's query heads (num_attention_heads) go onto its attention groups, or, for a model
 * without them (MLA only), into `linearTwin` with v_head_dim. Returns { model, notes }; throws the
 * core's Error (with `.field`) for an unsupported or malformed config.
 */
export function importConfig(text) {
  const read = modelFromConfig(text);
  const raw = parseConfig(text, []); // read once more for the query heads (NaN / Infinity as markers)
  const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
  const cfg = ['text_config', 'language_config', 'llm_config'].map((k) => raw[k]).find(isObject) ?? raw;
  const queryHeads = Number.isInteger(cfg.num_attention_heads) ? cfg.num_attention_heads : undefined;
  const model = {
    name: String(read.name).slice(0, 120),
    layers: read.layers.map((g) => (g.kind === 'attention' && queryHeads ? { ...g, queryHeads } : { ...g })),
  };
  if (read.params !== undefined) model.params = read.params;
  if (Number.isInteger(read.maxContext)) model.maxContext = read.maxContext;
  if (!model.layers.some((g) => g.kind === 'attention') && queryHeads) {
    const d = Number.isInteger(cfg.v_head_dim) ? cfg.v_head_dim : cfg.head_dim;
    if (Number.isInteger(d)) model.linearTwin = { heads: queryHeads, keyDim: d, valueDim: d };
  }
  return { model, notes: Array.isArray(read.notes) ? read.notes : [] };
}

/** importConfig's verdict as data, for the reducer: { model, notes }, or { message } where the core
 *  refuses the config. */
export function readConfig(text) {
  try {
    return importConfig(text);
  } catch (e) {
    return { message: e?.message ? e.message : String(e) };
  }
}
