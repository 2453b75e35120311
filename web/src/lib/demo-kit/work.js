// The work a demo's state asks for. requests(state) names core calls as plain data
// ({ key, on, call, args }); want(list) starts each call not yet held or on its way, on the
// executor its `on` names ('page': the page thread, 'pool': the worker pool, or any executor the
// demo adds), and stops the ones no longer asked for. An executor streams answers through
// emit(value, done) and may be stopped by the function it returns. Finished answers are kept
// (the newest `keep` of them no longer asked for) so that going back to a setting costs nothing.

/**
 * @typedef {{ key: string, on: string, call: string, args?: unknown }} Request
 * @typedef {{ value?: unknown, error?: Error, done: boolean }} Held
 * @typedef {(request: Request, emit: (value: unknown, done?: boolean) => void,
 *   fail: (error: Error) => void) => (void | (() => void))} Executor
 */

/**
 * @param {{ executors: Record<string, Executor>, onAnswer: (key: string, held: Held) => void,
 *   keep?: number }} options onAnswer runs after each answer is held (partial, done or failed)
 */
export function createWork({ executors, onAnswer, keep = 32 }) {
  /** @type {Map<string, Held>} */
  const held = new Map();
  /** @type {Map<string, () => void>} */
  const running = new Map();
  let wanted = new Set();

  function start(request) {
    const run = executors[request.on];
    if (!run) throw new Error(`no executor "${request.on}" for ${request.call}`);
    let live = true;
    const answer = (h) => {
      if (!live) return;
      if (h.done) {
        live = false;
        running.delete(request.key);
      }
      held.set(request.key, h);
      onAnswer(request.key, h);
    };
    running.set(request.key, () => {}); // an executor that answers at once ends before it returns
    const stop = run(
      request,
      (value, done = true) => answer({ value, done }),
      (error) => answer({ error, done: true }),
    );
    if (!live) return;
    running.set(request.key, () => {
      live = false;
      if (typeof stop === 'function') stop();
    });
  }

  /** Forgets finished answers no longer asked for, oldest first, beyond `keep`. */
  function trim() {
    const spare = [...held.keys()].filter((k) => !wanted.has(k) && !running.has(k));
    for (const k of spare.slice(0, Math.max(0, spare.length - keep))) held.delete(k);
  }

  return {
    /** Makes `requests` the work in hand: new keys start, keys no longer asked for stop. */
    want(requests) {
      wanted = new Set(requests.map((r) => r.key));
      for (const [key, stop] of [...running]) {
        if (wanted.has(key)) continue;
        running.delete(key);
        if (!held.get(key)?.done) held.delete(key); // a stream cut short is no answer
        stop();
      }
      for (const r of requests) if (!running.has(r.key) && !held.get(r.key)?.done) start(r);
      trim();
    },
    /** The answer held for `key` ({ value, done } or { error, done }), or undefined. */
    get: (key) => held.get(key),
    /** True while the call for `key` streams or waits. */
    busy: (key) => running.has(key),
    /** Stops everything and forgets every answer. */
    destroy() {
      for (const stop of running.values()) stop();
      running.clear();
      held.clear();
      wanted = new Set();
    },
  };
}
