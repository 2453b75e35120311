// The flat wire (wasm/bindings/js.hpp): the figures' calls cross with plain numbers over
// WebAssembly memory instead of Embind values. A call writes its arrays into the core's input
// buffer, calls an exported C function with numbers, copies the answer out in one slice and lets
// the core free its buffers, so no JS object is converted field by field, no Embind invoker runs
// and the heap holds nothing between calls. Arrays are checked for type before they are written
// (check.mjs, numbers()); writing a detached Float64Array throws a TypeError here, in JavaScript.

/** The wire of module `M`. */
export function wireOf(M) {
  function write(at, x) {
    if (Array.isArray(x)) {
      // A short Array (a ledger's row) is quicker written number by number than through set().
      const heap = M.HEAPF64;
      for (let i = 0; i < x.length; i++) heap[at + i] = x[i];
    } else {
      try {
        M.HEAPF64.set(x, at);
      } catch (e) {
        M._la_release(); // a detached array: nothing stays allocated
        throw e;
      }
    }
  }
  // The heap as 64-bit words (made again when memory has grown: its buffer is then another).
  let words = null;
  function heapWords() {
    if (words === null || words.buffer !== M.HEAPU8.buffer) words = new BigUint64Array(M.HEAPU8.buffer);
    return words;
  }
  return {
    /** Room for `count` numbers in the input buffer; returns a writer of arrays into it, in order. */
    input(count) {
      let at = M._la_input(count) / 8; // after the call: the heap's views follow any growth
      return (x) => {
        write(at, x);
        at += x.length;
      };
    },
    /** Writes the numbers `x` (an Array or a typed array) into the input buffer from entry `at`. */
    write,
    /** The answer of a call that returned `n`: its numbers, copied; for -1 the refusal's text (as
     *  Embind calls answer: check.mjs check() throws it). */
    numbers(n) {
      if (n < 0) return this.refused();
      const at = M._la_output() / 8;
      const out = M.HEAPF64.slice(at, at + n);
      M._la_release();
      return out;
    },
    /** The same for an answer of unsigned 64-bit words: a BigUint64Array. */
    words(n) {
      if (n < 0) return this.refused();
      const at = M._la_words() / 8;
      const out = heapWords().slice(at, at + n); // one copy, one allocation
      M._la_release();
      return out;
    },
    /** The last call's refusal, "field\u0001message" (the buffers freed). */
    refused() {
      M._la_release();
      return M.wireRefusal();
    },
  };
}
