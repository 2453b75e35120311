// From one label per layer to the layer groups kvMemory takes, and the per-layer patterns configs
// use to say which layers slide, recur or attend (layer_types, window patterns, block cycles).

import { configError, grouped } from './fields.mjs';

/** One label per layer -> layer groups, merging equal shapes in order of first appearance. */
export function groupLayers(labels, shapes) {
  const groups = [];
  for (const label of labels) {
    for (const shape of shapes[label]) {
      const key = JSON.stringify(shape);
      const g = groups.find((x) => x.key === key);
      if (g) g.layer.count += 1;
      else groups.push({ key, layer: { kind: shape.kind, count: 1, ...shape } });
    }
  }
  return groups.map((g) => {
    const { kind, count, ...rest } = g.layer;
    return { kind, count, ...rest };
  });
}

export function checkLength(r, key, list, layers, unit = 'entries') {
  if (list.length !== layers) {
    throw configError(
      RangeError,
      r.path(key),
      `${r.path(key)} has ${grouped(list.length)} ${unit} but num_hidden_layers is ${grouped(layers)}`,
    );
  }
}

/** Each entry of a per-layer list checked against `allowed` (named in the message). */
export function checkLabels(r, key, list, allowed) {
  list.forEach((t, i) => {
    if (!allowed.includes(t)) {
      throw configError(
        RangeError,
        `${r.path(key)}[${i}]`,
        `${r.path(key)}[${i}] is ${JSON.stringify(t)}: a layer kind not sized here (known: ${allowed.join(', ')})`,
      );
    }
  });
  return list;
}

/** layer_types as given (each entry checked against `allowed`), or null when the config has none. */
export function layerTypes(r, layers, allowed, key = 'layer_types') {
  if (!r.has(key)) return null;
  const list = r.list(key);
  checkLength(r, key, list, layers);
  return checkLabels(r, key, list, allowed);
}

/** transformers' window pattern: layer i slides unless (i + 1) is a multiple of `every`. */
export function slidingEvery(layers, every) {
  return Array.from({ length: layers }, (_, i) => ((i + 1) % every ? 'sliding_attention' : 'full_attention'));
}

/** A short cycle of labels repeated over the layers (RecurrentGemma's block_types). */
export function cycle(list, layers) {
  return Array.from({ length: layers }, (_, i) => list[i % list.length]);
}

/** A 0-based list of layer indices as a set, each checked to be a layer. */
export function indexSet(r, key, layers, base = 0) {
  const list = r.list(key);
  list.forEach((n, j) => {
    if (!Number.isInteger(n) || n < base || n >= layers + base) {
      throw configError(
        RangeError,
        `${r.path(key)}[${j}]`,
        `${r.path(key)}[${j}] must be a layer number from ${base} to ${grouped(layers - 1 + base)} (got ${JSON.stringify(n)})`,
      );
    }
  });
  return new Set(list.map((n) => n - base));
}
