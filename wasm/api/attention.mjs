// la.softmaxAttention, la.linearAttention and la.compare (wasm/bindings/attention.cpp).
import { boolean, check, number, options, string, vector } from './check.mjs';

// The options both attention calls share, checked for type, as the binding reads them.
const SEQUENCE_OPTIONS = ['q', 'k', 'v', 'T', 'dk', 'dv'];
function sequenceOptions(o) {
  return {
    T: number('T', o.T),
    dk: number('dk', o.dk),
    dv: number('dv', o.dv),
    q: vector('q', o.q),
    k: vector('k', o.k),
    v: vector('v', o.v),
  };
}

export function attentionApi(M) {
  return {
    linearAttention(opts) {
      const o = options('linearAttention options', opts, [...SEQUENCE_OPTIONS, 'featureMap', 'normalize', 'form']);
      return check(
        M.linearAttention({
          ...sequenceOptions(o),
          featureMap: string('featureMap', o.featureMap, 'elu1'),
          normalize: boolean('normalize', o.normalize, true),
          form: string('form', o.form, 'recurrent'),
        }),
      );
    },

    softmaxAttention(opts) {
      const o = options('softmaxAttention options', opts, SEQUENCE_OPTIONS);
      return check(M.softmaxAttention(sequenceOptions(o)));
    },

    compare(a, b) {
      return check(M.compare(vector('a', a), vector('b', b)));
    },
  };
}
