// Seeded test randomness shared by the node fuzz test and the browser soak (not the core's
// generator: that one lives in wasm/core/rng.cpp).
// mulberry32: a small, well-mixed 32-bit generator.
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
