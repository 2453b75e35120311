// Fuzzing the JavaScript API: thousands of random and hostile calls at every function of the API
// (wasm/index.d.mts) and of the spotlight's own module (wasm/spotlight.d.mts), from a seeded generator written here, so a failure replays exactly:
//   FUZZ_SEED=<seed from the failure message> node --test tests/api/fuzz.test.mjs
// The rules every call is held to: it returns, or it throws an Error with a message (a TypeError or
// RangeError from the wrapper, or the caller's own Error from a hostile getter); never a non-Error,
// never a WebAssembly trap or an Emscripten abort; and afterwards the module still computes the
// chapter's worked example exactly (and the spotlight's module its default numbers).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLinattn } from '../../wasm/index.mjs';
import { createSpotlight } from '../../wasm/spotlight.mjs';
import { prng } from '../prng.mjs';

const la = await createLinattn();
const sp = await createSpotlight(); // a module apart: its own heap, checked as the main one's
const SEED = Number(process.env.FUZZ_SEED ?? 20261129) >>> 0;
const CALLS = Number(process.env.FUZZ_CALLS ?? 20000);

// Errors thrown by the test's own hostile getters and Proxies: propagating them is correct.
class CallerError extends Error {}

function makeGen(rand) {
  const int = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));
  const pick = (xs) => xs[int(0, xs.length - 1)];
  const chance = (p) => rand() < p;

  // Numbers just past the limits, and the usual suspects. No valid-but-huge sizes: those are
  // allowed and merely slow (a sweep to N = 1025 takes seconds), which is not what this test is for.
  const numbers = [
    0,
    -0,
    1,
    2,
    3,
    -1,
    0.5,
    1.5,
    NaN,
    Infinity,
    -Infinity,
    1e6,
    1e6 + 1,
    -1e6 - 1,
    513,
    1000.5,
    1024.5,
    2049,
    4097,
    2 ** 31,
    2 ** 32,
    2 ** 53,
    -(2 ** 53),
    2 ** 64,
    1e300,
    -1e300,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
    Number.EPSILON,
    1e-300,
    4294967295,
    4294967296,
    1e10 + 1,
    1e19,
  ];
  const strings = [
    '',
    'identity',
    'elu1',
    'add',
    'delta',
    'parallel',
    'recurrent',
    'random',
    'orthogonal',
    'bf16',
    'fp32',
    'int4',
    'attention',
    'mla',
    'linear',
    'attention,mla',
    'taylor2',
    'relu',
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    '__proto__',
    'constructor',
    'toString',
    '1',
    'NaN',
    ' identity',
    'IDENTITY',
    'elu1\u0000',
    '\u0000',
    '😀'.repeat(50),
    'x'.repeat(100000),
    '%s%s%n',
    '../../etc/passwd',
  ];

  function typedArray() {
    const n = pick([0, 1, 2, 3, 4, 6, 8, 16]);
    const kinds = [
      Float64Array,
      Float32Array,
      Int8Array,
      Uint8Array,
      Uint8ClampedArray,
      Int16Array,
      Uint16Array,
      Int32Array,
      Uint32Array,
    ];
    switch (int(0, 7)) {
      case 0:
        return new BigInt64Array(n).fill(1n);
      case 1:
        return new DataView(new ArrayBuffer(8 * n));
      case 2: {
        // a view into the middle of a bigger buffer
        const all = new Float64Array(n + 8).map(() => rand() * 4 - 2);
        return all.subarray(3, 3 + n);
      }
      case 3: {
        // a detached buffer: length 0
        const a = new Float64Array(n);
        structuredClone(a.buffer, { transfer: [a.buffer] });
        return a;
      }
      default: {
        const T = pick(kinds);
        return T.from({ length: n }, () => (chance(0.1) ? pick(numbers) : rand() * 8 - 4));
      }
    }
  }

  function hostileObject() {
    switch (int(0, 7)) {
      case 0:
        return Object.create(null);
      case 1:
        return {
          get dk() {
            throw new CallerError('getter dk');
          },
          dv: 2,
        };
      case 2:
        return new Proxy(
          {},
          {
            get() {
              throw new CallerError('proxy get');
            },
          },
        );
      case 3:
        return new Proxy(
          { dk: 2, dv: 2 },
          {
            ownKeys() {
              throw new CallerError('proxy ownKeys');
            },
          },
        );
      case 4:
        return {
          valueOf() {
            throw new CallerError('valueOf');
          },
          toString() {
            throw new CallerError('toString');
          },
        };
      case 5:
        return Object.freeze({ dk: 2, dv: 2, extra: 1 });
      case 6:
        return new Date(0);
      default:
        return { length: 3, 0: 1, 1: 2, 2: 3 }; // array-like, not an array
    }
  }

  function hostileArray() {
    const n = pick([0, 1, 2, 3, 4, 6]);
    switch (int(0, 6)) {
      case 0:
        return Array.from({ length: n }, () => pick([...strings.slice(0, 3), null, undefined, {}, [], 1n]));
      case 1:
        return new Proxy(
          Array.from({ length: n }, () => 1),
          {
            get(t, k) {
              if (k === '0') throw new CallerError('element getter');
              return Reflect.get(t, k);
            },
          },
        );
      case 2: {
        // answers with a number when checked, then a string when read again
        let reads = 0;
        return new Proxy([1, 2], {
          get(t, k) {
            if (k === '0') return ++reads > 1 ? '<script>' : 1;
            return Reflect.get(t, k);
          },
        });
      }
      case 3: {
        const a = [1, 2];
        Object.defineProperty(a, 1, {
          get() {
            throw new CallerError('index getter');
          },
        });
        return a;
      }
      case 4:
        return new Array(pick([5, 100, 2 ** 20])); // holes
      case 5: {
        const a = Array.from({ length: n }, () => rand());
        a.extra = 'x';
        return a;
      }
      default:
        return Array.from({ length: n }, () => pick(numbers));
    }
  }

  // Any value at all; depth keeps nesting finite.
  function any(depth = 0) {
    switch (int(0, 11)) {
      case 0:
      case 1:
        return pick(numbers);
      case 2:
        return rand() * 20 - 10;
      case 3:
        return pick(strings);
      case 4:
        return pick([true, false, null, undefined]);
      case 5:
        return pick([1n, -1n, 2n ** 64n, Symbol('s'), () => 1, new Map(), /re/, new Error('x')]);
      case 6:
        return typedArray();
      case 7:
        return hostileArray();
      case 8:
        return hostileObject();
      case 9:
        return depth > 1
          ? {}
          : Object.fromEntries(
              Array.from({ length: int(0, 4) }, () => [
                pick(['dk', 'dv', 'q', 'k', 'v', 'T', 'd', 'n', 'layers', 'tokens', 'x', '__proto__']),
                any(depth + 1),
              ]),
            );
      default:
        return Array.from({ length: int(0, 4) }, () => rand() * 4 - 2);
    }
  }

  // A valid options object with a few fields replaced, removed or added.
  function mutate(valid) {
    const o = { ...valid };
    const keys = Object.keys(o);
    for (let i = int(0, 2); i >= 0; i--) {
      const r = rand();
      if (r < 0.6 && keys.length) o[pick(keys)] = any();
      else if (r < 0.8 && keys.length) delete o[pick(keys)];
      else o[pick(['extra', 'constructor', 'toString', 'featureMap', 'dK', 'Tt'])] = any();
    }
    return o;
  }

  return { int, pick, chance, any, mutate, numbers };
}

const vec = (n, rand) => Array.from({ length: n }, () => Math.round((rand() * 8 - 4) * 4) / 4);

// One random call. Returns a description for failure messages and a function that makes it.
function randomCall(g, rand, liveMemories) {
  const { int, pick, chance, any, mutate } = g;
  // The update rule's options (sweep, store, capacity), valid: add or delta, gate, step.
  const rule = () => ({ rule: pick(['add', 'delta']), gate: pick([1, 0.5, 0.9]), step: pick([1, 0.5, 2]) });
  const capacityOptions = () => ({
    dims: [int(1, 8), int(1, 8)],
    keys: pick(['random', 'orthogonal', 'elu1']),
    measure: pick(['cosine', 'recall']),
    level: pick([0.5, 0.9, 1]),
    trials: int(1, 2),
    seed: int(0, 9),
    nMax: int(0, 24),
    ...rule(),
  });
  const maybe = (valid) => (chance(0.4) ? valid : chance(0.75) ? mutate(valid) : any());
  const T = int(1, 4),
    dk = int(1, 4),
    dv = int(1, 4);
  const attention = { T, dk, dv, q: vec(T * dk, rand), k: vec(T * dk, rand), v: vec(T * dv, rand) };
  const model = {
    layers: [
      { kind: 'attention', count: 32, kvHeads: 8, headDim: 128, window: int(0, 1) * 4096 },
      { kind: 'linear', count: 4, heads: 8, keyDim: 64, valueDim: 64 },
    ],
    params: 8e9,
  };
  const mutModel = () => {
    if (chance(0.3)) return any();
    if (chance(0.5)) return mutate(model);
    return { ...model, layers: model.layers.map((l) => (chance(0.5) ? mutate(l) : l)) };
  };
  switch (int(0, 18)) {
    case 0:
      return [
        'memory',
        () => {
          const m = la.memory(
            maybe({ dk: 2, dv: 2, featureMap: 'elu1', normalize: true, rule: 'delta', beta: 1, unitKeys: false }),
          );
          liveMemories.push(m);
        },
      ];
    case 1:
    case 2:
    case 3: {
      if (!liveMemories.length)
        return [
          'memory',
          () =>
            liveMemories.push(
              la.memory({
                dk: int(1, 3),
                dv: int(1, 3),
                rule: pick(['add', 'delta']),
                unitKeys: chance(0.3),
                normalize: chance(0.3),
                featureMap: pick(['identity', 'elu1']),
              }),
            ),
        ];
      const m = pick(liveMemories);
      const method = pick([
        'write',
        'write',
        'read',
        'readTerms',
        'features',
        'state',
        'normalizer',
        'reset',
        'dk',
        'count',
        'delete',
      ]);
      const arg = () => (chance(0.5) ? vec(m.deleted ? 2 : m.dk, rand) : any());
      return [
        `memory.${method}`,
        () => {
          if (method === 'dk' || method === 'count') return m[method];
          if (method === 'delete') {
            m.delete();
            m.delete();
            return undefined;
          }
          return method === 'write'
            ? m.write(arg(), chance(0.5) ? vec(m.deleted ? 2 : m.dv, rand) : any())
            : m[method](arg(), any());
        },
      ];
    }
    case 4:
      return [
        'linearAttention',
        () =>
          la.linearAttention(
            maybe({
              ...attention,
              featureMap: pick(['identity', 'elu1']),
              normalize: chance(0.5),
              form: pick(['parallel', 'recurrent']),
            }),
          ),
      ];
    case 5:
      return ['softmaxAttention', () => la.softmaxAttention(maybe(attention))];
    case 6: {
      const opts = maybe(
        chance(0.5)
          ? { d: int(1, 8), ns: [1, 2, int(3, 8)], trials: int(1, 2), seed: int(0, 9), keys: 'orthogonal', beta: 8 }
          : { d: int(1, 8), nMax: int(1, 8), trials: 1, ...rule() },
      );
      if (chance(0.5)) return ['interferenceSweep', () => la.interferenceSweep(opts)];
      return [
        'interferenceSweepStream',
        () => {
          const st = la.interferenceSweepStream(opts);
          try {
            st.next(chance(0.5) ? int(1, 3) : any());
            return st.next();
          } finally {
            st.delete();
          }
        },
      ];
    }
    case 15:
      return [
        'checkSweep',
        () =>
          la.checkSweep(
            maybe(
              chance(0.5)
                ? {
                    d: int(1, 512),
                    ns: [1, 2, int(3, 2048)],
                    trials: int(1, 256),
                    seed: int(0, 9),
                    keys: 'random',
                    beta: 8,
                  }
                : { d: int(1, 8), nMax: int(1, 4096), trials: 1 },
            ),
          ),
      ];
    case 7: {
      const opts = maybe({
        d: int(1, 8),
        n: int(1, 40),
        seed: 3,
        trial: int(0, 3),
        keys: pick(['random', 'elu1']),
        beta: 4,
        ...rule(),
      });
      if (chance(0.5)) return ['interferenceStore', () => la.interferenceStore(opts)];
      return [
        'interferenceStoreStream',
        () => {
          const st = la.interferenceStoreStream(opts);
          try {
            st.advance(chance(0.5) ? int(1, 500) : any());
            while (!st.advance(1e9));
            return st.result();
          } finally {
            st.delete();
          }
        },
      ];
    }
    case 16:
      return ['capacity', () => la.capacity(maybe(capacityOptions()))];
    case 17:
      return [
        'checkCapacity',
        () => la.checkCapacity(maybe({ ...capacityOptions(), dims: [int(1, 512), int(1, 512)], trials: int(1, 256) })),
      ];
    case 8:
      return [
        'kvMemory',
        () =>
          la.kvMemory(
            mutModel(),
            maybe({ tokens: int(0, 1e6), sessions: int(1, 4), kvDtype: 'bf16', stateDtype: 'fp32' }),
          ),
      ];
    case 9:
      return [
        'kvCrossover',
        () =>
          la.kvCrossover(
            mutModel(),
            maybe({ stateBytes: pick([0, 1e6, 2n ** 62n, -1n, 2n ** 63n, 1.5, '5']), kvDtype: 'fp8' }),
          ),
      ];
    case 10:
      return [
        'kvCapacity',
        () => la.kvCapacity(mutModel(), maybe({ tokens: 8192, sessions: 2, gpuBytes: 80e9, weightDtype: 'bf16' })),
      ];
    case 11:
      return [
        'randomNormals',
        () => la.randomNormals(chance(0.5) ? int(0, 100) : any(), chance(0.5) ? int(0, 16) : any()),
      ];
    case 12:
      return ['compare', () => la.compare(chance(0.5) ? vec(3, rand) : any(), chance(0.5) ? vec(3, rand) : any())];
    case 13:
      return ['storageNumbers', () => la.storageNumbers(maybe({ dk: int(1, 8), dv: int(1, 8), n: int(0, 100) }))];
    case 18: {
      const n = int(1, 40);
      const opts = {
        n,
        d: int(2, 16),
        features: int(1, 128),
        beta: pick([0, 1, 8, 1000]),
        cosine: pick([-1, 0, 0.5, 0.99, 1]),
        noise: pick([0, 0.1, 10]),
        seed: int(0, 9),
        target: int(0, n - 1),
        dtype: pick(['bf16', 'fp32', 'int4']),
      };
      return ['spotlight', () => sp.spotlight(maybe(opts))];
    }
    default: {
      // (14) the API's functions called the wrong way: no arguments, too many, unbound
      const name = pick([
        'memory',
        'linearAttention',
        'softmaxAttention',
        'interferenceSweep',
        'interferenceSweepStream',
        'checkSweep',
        'interferenceStore',
        'interferenceStoreStream',
        'capacity',
        'checkCapacity',
        'kvMemory',
        'kvCrossover',
        'kvCapacity',
        'randomNormals',
        'compare',
        'storageNumbers',
        'spotlight',
      ]);
      const args = Array.from({ length: int(0, 4) }, () => any());
      return [
        `${name}(${args.length} random args)`,
        () => {
          const r = (name === 'spotlight' ? sp : la)[name].apply(undefined, args);
          if (r && typeof r.delete === 'function') r.delete();
          return r;
        },
      ];
    }
  }
}

// An Error we accept: has a message and is not the module breaking (trap, abort, OOM).
function brokenModule(e) {
  return (
    e instanceof WebAssembly.RuntimeError ||
    /abort|unreachable|out of bounds|memory access|Cannot enlarge|table index/i.test(e.message)
  );
}

function describe(x) {
  try {
    return String(
      x instanceof Error ? `${x.constructor.name}: ${x.message}` : typeof x === 'symbol' ? x.toString() : x,
    ).slice(0, 200);
  } catch {
    return typeof x;
  }
}

function workedExample() {
  const m = la.memory({ dk: 2, dv: 2 });
  try {
    m.write([1, 0], [3, 1]);
    m.write([0, 1], [-2, 4]);
    m.write([0.8, 0.6], [0, -5]);
    return { k1: [...m.read([1, 0])], S: [...m.state()] };
  } finally {
    m.delete();
  }
}

test(`${CALLS} random and hostile API calls each return or throw an Error, and the module keeps its numbers (seed ${SEED})`, () => {
  const rand = prng(SEED);
  const g = makeGen(rand);
  const live = [],
    slow = [];
  const tally = { returned: 0, threw: 0, callerErrors: 0 };
  const heapBefore = la.debug.heapBytesInUse();
  const spotHeapBefore = sp.debug.heapBytesInUse();
  const spotBefore = sp.spotlight().reads.map((r) => r.targetWeight);
  const t0 = Date.now();
  for (let i = 0; i < CALLS; i++) {
    const [what, call] = randomCall(g, rand, live);
    const c0 = performance.now();
    try {
      call();
      tally.returned++;
    } catch (e) {
      const where = `call #${i} ${what} (FUZZ_SEED=${SEED})`;
      assert.ok(e instanceof Error, `${where} threw a non-Error: ${describe(e)}`);
      assert.ok(!brokenModule(e), `${where} broke the module: ${describe(e)}\n${e.stack}`);
      if (e instanceof CallerError) tally.callerErrors++;
      else
        assert.ok(typeof e.message === 'string' && e.message.length > 0, `${where} threw an Error without a message`);
      tally.threw++;
    }
    const ms = performance.now() - c0;
    if (ms > 200) slow.push(`call #${i} ${what}: ${ms.toFixed(0)} ms`);
    if (live.length > 20) live.shift().delete();
  }
  for (const m of live) m.delete();
  const secs = (Date.now() - t0) / 1000;
  console.log(
    `fuzz: ${CALLS} calls in ${secs.toFixed(1)} s: ${tally.returned} returned, ${tally.threw} threw (${tally.callerErrors} were the test's own getters); heap ${heapBefore} -> ${la.debug.heapBytesInUse()} bytes`,
  );
  if (slow.length) console.log(`slow calls:\n  ${slow.join('\n  ')}`);
  assert.ok(
    tally.returned > CALLS / 10 && tally.threw > CALLS / 10,
    `both outcomes are exercised: ${JSON.stringify(tally)}`,
  );

  // Every memory was deleted and every refused call was refused before WebAssembly allocated; the
  // models the KV calls keep converted (at most 16) are freed here.
  la.debug.releaseModels();
  assert.equal(la.debug.heapBytesInUse(), heapBefore, `heap bytes in use after fuzzing (FUZZ_SEED=${SEED})`);
  assert.equal(sp.debug.heapBytesInUse(), spotHeapBefore, `spotlight heap after fuzzing (FUZZ_SEED=${SEED})`);
  assert.deepEqual(
    sp.spotlight().reads.map((r) => r.targetWeight),
    spotBefore,
    `the default spotlight's target weights after fuzzing (FUZZ_SEED=${SEED})`,
  );

  const { k1, S } = workedExample();
  assert.deepEqual(
    k1.map((x) => Math.round(x * 1e12) / 1e12),
    [3, -3],
    `worked example k1 read after fuzzing (FUZZ_SEED=${SEED}): ${k1}`,
  );
  assert.deepEqual(
    S.map((x) => Math.round(x * 1e12) / 1e12),
    [3, -3, -2, 1],
    `worked example state after fuzzing: ${S}`,
  );
  const r = la.kvMemory({ layers: [{ kind: 'attention', count: 32, kvHeads: 8, headDim: 128 }] }, { tokens: 1 });
  assert.equal(r.kvBytesPerToken, 131072n, 'Llama-3-8B KV bytes per token after fuzzing');
});

test('hostile arguments to createLinattn and createSpotlight reject with an Error, and never break the loaded modules', async () => {
  const bad = [
    null,
    1,
    'x',
    [],
    { wasmBinary: 'not wasm' },
    { wasmBinary: new Uint8Array([0, 97, 115, 109]) },
    { locateFile: 5, extra: 1 },
    {
      get wasmBinary() {
        throw new CallerError('getter');
      },
    },
  ];
  for (const opts of bad) {
    for (const [name, create] of [
      ['createLinattn', createLinattn],
      ['createSpotlight', createSpotlight],
    ]) {
      let error;
      try {
        const api = await create(opts);
        error = api ? null : 'resolved to nothing';
      } catch (e) {
        error = e;
      }
      if (error === null) continue; // an option the loader tolerates
      assert.ok(error instanceof Error, `${name}(${describe(opts)}) rejected with a non-Error: ${describe(error)}`);
    }
  }
  assert.deepEqual(workedExample().k1, [3, -3]);
  assert.equal(sp.spotlight().reads.length, 5);
});

test('a detached Float64Array is refused in JavaScript: 40,000 such calls leave the heap and the module intact', () => {
  // Regression: Embind copied it into the heap and threw inside WebAssembly; each call leaked
  // stack and heap, and about 36,000 of them broke the module ("offset is out of bounds").
  const detached = () => {
    const a = new Float64Array(3);
    structuredClone(a.buffer, { transfer: [a.buffer] });
    return a;
  };
  const before = la.debug.heapBytesInUse();
  const m = la.memory({ dk: 3, dv: 3 });
  for (let i = 0; i < 40000; i++) {
    const call = [
      () => la.compare([1, 2, 3], detached()),
      () => m.read(detached()),
      () => la.softmaxAttention({ T: 1, dk: 3, dv: 3, q: [1, 2, 3], k: [1, 2, 3], v: detached() }),
    ][i % 3];
    assert.throws(call, (e) => e instanceof TypeError && /detached/.test(e.message), `call ${i}`);
  }
  m.delete();
  assert.equal(la.debug.heapBytesInUse(), before, 'heap bytes in use');
  assert.deepEqual(workedExample().k1, [3, -3]);
});
