// la.interferenceSweepStream and la.interferenceStoreStream: a sweep or a store computed a piece at
// a time (wasm/bindings/sweep.cpp, store.cpp; see index.d.mts). Each takes the options as the
// binding reads them (wasm/api/interference.mjs) and throws at once on settings the core refuses.
import { check, checkOnly, fail, number } from './check.mjs';
import { CoreObject, HANDLE } from './core-object.mjs';

export function streamClasses(M, limits) {
  // A sweep computed a few trials per call (see index.d.mts, SweepStream).
  class SweepStream extends CoreObject {
    constructor(settings) {
      checkOnly(M.checkSweep(settings));
      super(new M.SweepStreamHandle(settings), 'sweep stream');
    }
    get trials() {
      return this[HANDLE]().trials();
    }
    get trialsDone() {
      return this[HANDLE]().trialsDone();
    }
    get complete() {
      return this[HANDLE]().complete();
    }
    next(trials = 1) {
      return check(this[HANDLE]().run(number('trials', trials)));
    }
    /** About `work` units of the core's cost model (see trialWork), finishing at most `trials`
     *  trials: how many it finished (0 while the current trial is still half done). */
    advance(work, trials = limits.maxSweepTrials) {
      return check(this[HANDLE]().advance(number('work', work), number('trials', trials)));
    }
    /** The sweep over the trials finished so far. */
    result() {
      return check(this[HANDLE]().result());
    }
    /** One trial's cost in the units advance() counts. */
    get trialWork() {
      return this[HANDLE]().trialWork();
    }
    /** The cost of the work done so far, in the units advance() counts. */
    get workDone() {
      return this[HANDLE]().workDone();
    }
  }

  // A store computed a piece at a time (see index.d.mts, StoreStream).
  class StoreStream extends CoreObject {
    constructor(settings) {
      checkOnly(M.checkStore(settings));
      super(new M.StoreStreamHandle(settings), 'store stream');
    }
    get complete() {
      return this[HANDLE]().complete();
    }
    /** The share of the store's cost done so far, 0..1. */
    get progress() {
      return this[HANDLE]().progress();
    }
    /** The whole store's cost in the units advance() counts. */
    get totalWork() {
      return this[HANDLE]().totalWork();
    }
    /** The cost of the pieces done so far, in the units advance() counts. */
    get workDone() {
      return this[HANDLE]().workDone();
    }
    /** About `work` units of the store's cost (at least one piece): whether it is complete now. */
    advance(work) {
      return check(this[HANDLE]().advance(number('work', work)));
    }
    /** The store, once complete. */
    result() {
      const h = this[HANDLE]();
      if (!h.complete()) fail('the store is not complete yet: advance() until it is', 'result');
      return check(h.result());
    }
  }

  return { SweepStream, StoreStream };
}
