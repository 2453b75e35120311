// The symbol table of linked reading: every symbol the chapter's math marks with
// \sym{name}{…} (content/chapter.md, rendered by web/build/markdown.mjs as data-sym="name"), what
// it stands for, and which demos can show it. Plain data: the build imports it to refuse unknown
// names; the page uses it for the popup's first line and to pick the nearest figure. A demo says
// what a symbol is worth right now through its handle's symbols() (web/src/demos/types.d.ts).

/** @type {Record<string, { label: string, names: string, demos: string[] }>} */
export const SYMBOLS = {
  S: { label: 'S', names: 'the state: every stamp written so far, added up', demos: ['ledger'] },
  stamp: { label: '\u03c6(k)v\u1d40', names: 'one write\u2019s stamp, a key times its value', demos: ['ledger'] },
  z: { label: 'z', names: 'the normalizer: the mapped keys added up', demos: ['ledger'] },
  'phi-k': { label: '\u03c6(k)', names: 'a key after the feature map', demos: ['ledger'] },
  'phi-q': { label: '\u03c6(q)', names: 'the query after the feature map', demos: ['ledger'] },
  q: { label: 'q', names: 'the query: what the read asks with', demos: ['ledger'] },
  v: { label: 'v', names: 'a value, filed under its key', demos: ['ledger'] },
  'k-j': { label: 'k\u2c7c', names: 'the key being read back', demos: ['ledger'] },
  'k-i': { label: 'k\u1d62', names: 'the other stored keys', demos: ['ledger'] },
  target: { label: 'target', names: 'the part of the read that is the stored value', demos: ['ledger'] },
  crosstalk: { label: 'crosstalk', names: 'what the other writes add to the read', demos: ['ledger', 'overcapacity'] },
  N: { label: 'N', names: 'how many associations are stored', demos: ['overcapacity', 'spotlight'] },
  d: {
    label: 'd',
    names: 'the key and value size; the state is d \u00d7 d',
    demos: ['ledger', 'overcapacity', 'spotlight'],
  },
  'w-target': { label: 'w\u2c7c', names: 'the weight a read puts on one earlier token', demos: ['spotlight'] },
  'n-eff': {
    label: 'N_eff',
    names: 'the tokens a read effectively mixes, 1 / \u03a3 w\u2c7c\u00b2',
    demos: ['spotlight'],
  },
  F: { label: 'F', names: 'the features a map keeps: the state is F \u00d7 d', demos: ['spotlight'] },
};

export const SYMBOL_NAMES = Object.keys(SYMBOLS);
