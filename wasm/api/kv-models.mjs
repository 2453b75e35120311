// The models the KV calculator's calls name (wasm/api/kv.mjs): each checked for type here, converted
// once by the core (make_model, wasm/bindings/kv.cpp kvModelNew) and kept there behind a number.
// The numbers of the last MODELS_KEPT models used stay cached by content, so a model passed again,
// as the same object or as an equal copy, is not converted again, and a changed one is (the
// content is its key); older ones are freed in the core, so what the core holds stays bounded
// however many figures come and go.
import { check, fail, number, options, string, wrongType } from './check.mjs';

export const MODELS_KEPT = 16;

const LAYER_FIELDS = [
  'count',
  'kvHeads',
  'headDim',
  'window',
  'chunk',
  'latentDim',
  'heads',
  'keyDim',
  'valueDim',
  'stateDim',
  'convKernel',
  'convChannels',
];

// A model as the binding reads it: { layers: [{ kind, count, ... }], params }, a fresh plain
// object. Fields a kind does not use may be absent; the core checks the ones it uses. `name`
// names it in the fields of its refusals ('model', 'reference', 'original').
function modelOptions(model, name) {
  // name, id, modelType, maxContext and notes ride along (la.modelFromConfig gives them).
  options(name, model, ['layers', 'params', 'name', 'id', 'modelType', 'maxContext', 'notes'], name);
  const { layers } = model;
  if (!Array.isArray(layers)) wrongType(`${name}.layers must be an array of layer groups`, `${name}.layers`);
  if (layers.length === 0 || layers.length > 64) {
    fail(`${name}.layers must hold from 1 to 64 layer groups (got ${layers.length})`, `${name}.layers`);
  }
  const groups = layers.map((layer, i) => {
    const at = `${name}.layers[${i}]`;
    options(at, layer, ['kind', 'name', ...LAYER_FIELDS], at);
    const kind = string(`${at}.kind`, layer.kind, undefined);
    if (kind === undefined) wrongType(`${at}.kind is required ('attention', 'mla', 'linear' or 'ssm')`, `${at}.kind`);
    const group = { kind };
    for (const f of LAYER_FIELDS) {
      if (layer[f] !== undefined) group[f] = number(`${at}.${f}`, layer[f]);
    }
    return group;
  });
  // params absent: the weights are not known (kvCapacity refuses; kvMemory does not need them).
  const out = { layers: groups };
  if (model.params !== undefined) out.params = number(`${name}.params`, model.params);
  return out;
}

// Absent, these mean "none" (the core's 0); any other absent field reads as NaN, which the core
// refuses by name where the layer's kind needs it.
const NONE_WHEN_ABSENT = new Set(['window', 'chunk', 'convKernel', 'convChannels']);
// A checked model as wasm/bindings/kv.cpp reads it: whether params is given (1 or 0), params, then
// each group's LAYER_FIELDS in order; and the groups' kinds.
function flat(checked) {
  const x = new Float64Array(2 + LAYER_FIELDS.length * checked.layers.length);
  x[0] = checked.params === undefined ? 0 : 1;
  x[1] = checked.params ?? 0;
  checked.layers.forEach((g, i) => {
    LAYER_FIELDS.forEach((f, j) => {
      x[2 + LAYER_FIELDS.length * i + j] = g[f] ?? (NONE_WHEN_ABSENT.has(f) ? 0 : Number.NaN);
    });
  });
  return [x, checked.layers.map((g) => g.kind)];
}

// The core's refusals of a model name its fields from "model" (make_model); another argument's
// are renamed to it ("reference.layers[0].count").
function renamed(result, name) {
  if (name === 'model' || typeof result !== 'string') return result;
  return result.split('model.').join(`${name}.`);
}

/** The cache of one module `M`: `check(model, name)` checks `model` for type (a TypeError names
 *  its field), `id(checked)` returns the number the core holds it under, converting it when its
 *  content is new (the core's refusal names its field). Two steps, so that a call checks every
 *  argument's type before the core sees any. */
export function modelCache(M) {
  const ids = new Map(); // content -> number in the core, least recently used first
  return {
    check(model, name = 'model') {
      const checked = modelOptions(model, name);
      return { checked, name, key: JSON.stringify(checked) };
    },
    id({ checked, name, key }) {
      let id = ids.get(key);
      if (id !== undefined) {
        ids.delete(key); // to the end: the most recently used
      } else {
        id = check(renamed(M.kvModelNew(...flat(checked)), name));
        if (ids.size >= MODELS_KEPT) {
          const [oldest, oldId] = ids.entries().next().value;
          ids.delete(oldest);
          M.kvModelFree(oldId);
        }
      }
      ids.set(key, id);
      return id;
    },
    /** Models the core holds now (for tests: at most MODELS_KEPT). */
    held: () => M.kvModelsHeld(),
    /** Frees every model kept (the next call converts its model again). */
    release() {
      for (const id of ids.values()) M.kvModelFree(id);
      ids.clear();
    },
  };
}
