// A demo's state: one value, changed only by reduce(state, action), a pure function of named
// actions ({ type, ...payload }). An action dispatched while another is being applied (a control's
// handler run by a result, a page-thread job answering at once) waits its turn: actions apply one
// at a time, in the order dispatched, and every listener sees each change once.

/**
 * @template S
 * @param {(state: S, action: { type: string }) => S} reduce pure: the same object back when
 *   nothing changed
 * @param {S} initial
 */
export function createStore(reduce, initial) {
  let state = initial;
  /** @type {((next: S, prev: S, action: { type: string }) => void)[]} */
  const listeners = [];
  /** @type {{ type: string }[]} */
  const queue = [];
  let applying = false;

  function dispatch(action) {
    queue.push(action);
    if (applying) return;
    applying = true;
    try {
      while (queue.length) {
        const next = queue.shift();
        const prev = state;
        state = reduce(prev, next);
        if (state !== prev) for (const fn of listeners) fn(state, prev, next);
      }
    } finally {
      applying = false;
      queue.length = 0;
    }
  }

  return {
    /** The state now. */
    get: () => state,
    dispatch,
    /** Calls fn(next, prev, action) after every action that changed the state. */
    subscribe(fn) {
      listeners.push(fn);
      return () => listeners.splice(listeners.indexOf(fn) >>> 0, 1);
    },
  };
}
