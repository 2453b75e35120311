// The models the KV calculator's calls name (wasm/api/kv.mjs): each checked for type here, converted
// once by the core (make_model, wasm/bindings/kv.cpp kvModelNew) and kept there behind a number.
// The numbers of the last MODELS_KEPT models used stay cached by content, so a model passed again,
// as the same object or as an equal copy, is not converted again, and a changed one is (the
// content is its key); older ones are freed in the core, so what the core holds stays bounded
// however many figures come and go.
import { check, fail, number, options, string, wrongType } from './check.mjs';
import { wireOf } from './wire.mjs';

export const MODELS_KEPT = 16;
// The kinds by code: the order of wasm/bindings/kv.cpp, kv_model_new_wire.
const KINDS = ['attention', 'mla', 'linear', 'ssm'];

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

// Absent, these mean "none" (the core's 0); any other absent field reads as NaN, which the core
// refuses by name where the layer's kind needs it.
const NONE_WHEN_ABSENT = new Set(['window', 'chunk', 'convKernel', 'convChannels']);
const ABSENT = LAYER_FIELDS.map((f) => (NONE_WHEN_ABSENT.has(f) ? 0 : Number.NaN));
const MODEL_KEYS = ['layers', 'params', 'name', 'id', 'modelType', 'maxContext', 'notes'];
const LAYER_KEYS = ['kind', 'name', ...LAYER_FIELDS];
const LAYER_KEY_SET = new Set(LAYER_KEYS);
const MODEL_KEY_SET = new Set(MODEL_KEYS);
// A layer group's place, made only for a refusal.
const at = (name, i) => `${name}.layers[${i}]`;
// Whether `x` is a plain object with only `allowed` keys (else options() says why).
function plain(x, allowed) {
  if (x === null || typeof x !== 'object' || Array.isArray(x)) return false;
  // for-in, not Object.keys(): no array made for each model and layer group a figure's update
  // checks (it also meets inherited keys, which send a model to options(), which says why).
  for (const key in x) if (!allowed.has(key)) return false;
  return true;
}

// A model { layers: [{ kind, count, ... }], params }, checked for type, as wasm/bindings/kv.cpp
// reads it: whether params is given (1 or 0), params, then each group's LAYER_FIELDS in order
// (flat numbers), and the groups' kinds. Fields a kind does not use may be absent; the core checks
// the ones it uses. `name` names it in the fields of its refusals ('model', 'reference',
// 'original'). One pass, no object made per group: a figure's update checks its models every time.
function modelNumbers(model, name) {
  // name, id, modelType, maxContext and notes ride along (la.modelFromConfig gives them).
  if (!plain(model, MODEL_KEY_SET)) options(name, model, MODEL_KEYS, name);
  const { layers } = model;
  if (!Array.isArray(layers)) wrongType(`${name}.layers must be an array of layer groups`, `${name}.layers`);
  if (layers.length === 0 || layers.length > 64) {
    fail(`${name}.layers must hold from 1 to 64 layer groups (got ${layers.length})`, `${name}.layers`);
  }
  const width = LAYER_FIELDS.length;
  const flat = new Float64Array(2 + width * layers.length);
  const kinds = new Array(layers.length);
  for (let i = 0; i < layers.length; i++) {
    const layer = layers[i];
    if (!plain(layer, LAYER_KEY_SET)) options(at(name, i), layer, LAYER_KEYS, at(name, i));
    const kind = layer.kind;
    if (typeof kind !== 'string') {
      string(`${at(name, i)}.kind`, kind, undefined);
      wrongType(`${at(name, i)}.kind is required ('attention', 'mla', 'linear' or 'ssm')`, `${at(name, i)}.kind`);
    }
    kinds[i] = kind;
    for (let j = 0; j < width; j++) {
      const x = layer[LAYER_FIELDS[j]];
      if (typeof x === 'number') flat[2 + width * i + j] = x;
      else flat[2 + width * i + j] = x === undefined ? ABSENT[j] : number(`${at(name, i)}.${LAYER_FIELDS[j]}`, x);
    }
  }
  // params absent: the weights are not known (kvCapacity refuses; kvMemory does not need them).
  if (model.params !== undefined) {
    flat[0] = 1;
    flat[1] = number(`${name}.params`, model.params);
  }
  return { flat, kinds };
}

// Whether two checked models hold the same kinds and numbers (NaN, an absent field, equals NaN).
function same(a, b) {
  if (a.flat.length !== b.flat.length || a.kinds.length !== b.kinds.length) return false;
  for (let i = 0; i < a.kinds.length; i++) if (a.kinds[i] !== b.kinds[i]) return false;
  for (let i = 0; i < a.flat.length; i++) if (!Object.is(a.flat[i], b.flat[i])) return false;
  return true;
}

// Whether `model` still holds what `checked` (modelNumbers of it, earlier) holds, read with the
// same type rules but nothing made: a figure checks the same models on every update. false when
// anything differs or is of a wrong type (modelNumbers then checks it again and says why).
function unchanged(model, { flat, kinds }) {
  if (!plain(model, MODEL_KEY_SET)) return false;
  const { layers, params } = model;
  if (!Array.isArray(layers) || layers.length !== kinds.length) return false;
  const width = LAYER_FIELDS.length;
  for (let i = 0; i < layers.length; i++) {
    const layer = layers[i];
    if (!plain(layer, LAYER_KEY_SET) || layer.kind !== kinds[i]) return false;
    for (let j = 0; j < width; j++) {
      const x = layer[LAYER_FIELDS[j]];
      const was = flat[2 + width * i + j];
      if (typeof x === 'number' ? !Object.is(x, was) : x !== undefined || !Object.is(ABSENT[j], was)) return false;
    }
  }
  if (params === undefined) return flat[0] === 0;
  return typeof params === 'number' && flat[0] === 1 && Object.is(params, flat[1]);
}

// A model's content as a Map key: its kinds, then its numbers' bytes as text (exact, and far
// quicker than JSON).
function contentKey({ flat, kinds }) {
  const halves = new Uint16Array(flat.buffer);
  let key = kinds.join(',');
  for (let i = 0; i < halves.length; i += 4096) key += String.fromCharCode.apply(null, halves.subarray(i, i + 4096));
  return key;
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
  const ids = new Map(); // content -> { id: its number in the core, used: when last asked for }
  let clock = 0;
  const seen = new WeakMap(); // a model object -> its last { checked, key }: a figure passes the same one
  const wire = wireOf(M);
  // Converted by the core: over the flat wire when every kind is a known one (as codes), else
  // through Embind with the kinds' names (the core's refusal quotes the unknown one).
  function convert({ flat, kinds }) {
    const codes = kinds.map((k) => KINDS.indexOf(k));
    if (codes.includes(-1)) return M.kvModelNew(flat, kinds);
    const put = wire.input(flat.length + codes.length);
    put(flat);
    put(codes);
    const id = M._la_kv_model_new(codes.length);
    if (id < 0) return wire.refused();
    M._la_release();
    return id;
  }
  return {
    check(model, name = 'model') {
      const last = seen.get(model);
      if (last && unchanged(model, last.checked)) return { checked: last.checked, name, key: last.key };
      const checked = modelNumbers(model, name);
      if (last && same(last.checked, checked)) return { checked, name, key: last.key };
      const key = contentKey(checked);
      seen.set(model, { checked, key });
      return { checked, name, key };
    },
    id({ checked, name, key }) {
      const held = ids.get(key);
      if (held !== undefined) {
        held.used = ++clock; // the most recently used: no entry moved in the map
        return held.id;
      }
      const id = check(renamed(convert(checked), name));
      if (ids.size >= MODELS_KEPT) {
        let oldest = null; // the least recently used entry: [key, { id, used }]
        for (const entry of ids) if (oldest === null || entry[1].used < oldest[1].used) oldest = entry;
        M.kvModelFree(oldest[1].id);
        ids.delete(oldest[0]);
      }
      ids.set(key, { id, used: ++clock });
      return id;
    },
    /** Models the core holds now (for tests: at most MODELS_KEPT). */
    held: () => M.kvModelsHeld(),
    /** Frees every model kept (the next call converts its model again). */
    release() {
      for (const { id } of ids.values()) M.kvModelFree(id);
      ids.clear();
    },
  };
}
