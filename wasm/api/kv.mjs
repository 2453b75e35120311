// la.kvMemory, la.kvCrossover and la.kvCapacity (wasm/bindings/kv.cpp): a model's layer groups and
// the query checked for type; byte counts, which arrive as decimal text, returned as BigInt.
import { check, fail, number, options, string, wrongType } from './check.mjs';

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
// object. Fields a kind does not use may be absent; the core checks the ones it uses.
function modelOptions(model) {
  // name, id, modelType, maxContext and notes ride along (la.modelFromConfig gives them).
  options('model', model, ['layers', 'params', 'name', 'id', 'modelType', 'maxContext', 'notes'], 'model');
  const { layers } = model;
  if (!Array.isArray(layers)) wrongType('model.layers must be an array of layer groups', 'model.layers');
  if (layers.length === 0 || layers.length > 64) {
    fail(`model.layers must hold from 1 to 64 layer groups (got ${layers.length})`, 'model.layers');
  }
  const groups = layers.map((layer, i) => {
    const at = `model.layers[${i}]`;
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
  if (model.params !== undefined) out.params = number('model.params', model.params);
  return out;
}

// The options kvMemory and kvCapacity share, checked for type, as the binding reads them.
const KV_OPTIONS = ['tokens', 'sessions', 'kvDtype', 'stateDtype'];
function kvOptions(o) {
  return {
    tokens: number('tokens', o.tokens),
    sessions: number('sessions', o.sessions, 1),
    kvDtype: string('kvDtype', o.kvDtype, 'bf16'),
    stateDtype: string('stateDtype', o.stateDtype, 'bf16'),
  };
}

function bigints(o) {
  const out = {};
  for (const [k, v] of Object.entries(o)) out[k] = typeof v === 'boolean' ? v : BigInt(v);
  return out;
}

export function kvApi(M) {
  return {
    kvMemory(model, opts) {
      const query = kvOptions(options('kvMemory options', opts, KV_OPTIONS));
      return bigints(check(M.kvMemory(modelOptions(model), query)));
    },

    kvCrossover(model, opts) {
      const o = options('kvCrossover options', opts, ['stateBytes', 'kvDtype']);
      let sb = o.stateBytes;
      if (typeof sb === 'number') {
        if (!Number.isSafeInteger(sb) || sb < 0) {
          fail(`stateBytes must be a whole number from 0 to 2^53 (got ${sb})`, 'stateBytes');
        }
        sb = BigInt(sb);
      }
      if (typeof sb !== 'bigint') wrongType('stateBytes must be a number or a BigInt', 'stateBytes');
      if (sb < 0n || sb >= 1n << 63n) fail('stateBytes must be from 0 to 2^63 - 1', 'stateBytes');
      const m = modelOptions(model);
      // The binding takes the byte count as decimal text (a BigInt does not cross Embind here).
      return BigInt(
        check(M.kvCrossover(m, { stateBytes: sb.toString(), kvDtype: string('kvDtype', o.kvDtype, 'bf16') })).tokens,
      );
    },

    kvCapacity(model, opts) {
      const o = options('kvCapacity options', opts, [...KV_OPTIONS, 'gpuBytes', 'weightDtype', 'tp']);
      const query = kvOptions(o);
      const m = modelOptions(model);
      query.gpuBytes = number('gpuBytes', o.gpuBytes);
      query.weightDtype = string('weightDtype', o.weightDtype, 'bf16');
      query.tp = number('tp', o.tp, 1);
      return bigints(check(M.kvCapacity(m, query)));
    },
  };
}
