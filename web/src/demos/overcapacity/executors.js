// Where the demo's requests (requests.js) run, as the demo kit's executors:
//   'pool'   sweeps, capacity numbers and larger stores on the runner (scheduler/runner.js: the
//            pool of workers, or the page thread in short steps where workers are unavailable);
//            the runner answers only its newest sweep and capacity request, and keeps one store
//            in flight with the newest asked for waiting behind it
//   'page'   a store cheap enough for one frame, computed at once (the kit's page executor)
//   'timer'  the N slider's settle time before a large store is asked for (pacing.js)
//   'rest'   a settings slider's rest (pacing.js createRestTimer), counted anew while the pointer
//            still moves on a range input, its value unchanged
// While a sweep computes, the capacity panel takes no new step (the curve first: two cores are
// all many readers have). The N slider's drag holds new work back (holdForDrag).
import { createRunner } from './scheduler/runner.js';
import { runStore } from './scheduler/core-work.js';
import { createRestTimer, createDragHold } from './scheduler/pacing.js';
import { pageExecutor } from '../../lib/demo-kit/page-executor.js';

/** The runner's answers, to the executor call each is for (`live`: the calls running). */
function runnerEvents(live, { mode, paused }) {
  return {
    sweep: (id, result) => live.sweep?.id === id && live.sweep.emit(result, result.complete),
    capacity(id, result, done) {
      const job = live.capacity;
      if (job?.id !== id) return;
      if (result) job.results = [...job.results, result];
      job.emit({ results: job.results, complete: done }, done);
    },
    store(id, result) {
      const job = live.stores.get(id);
      live.stores.delete(id);
      job?.emit(result);
    },
    error(id, kind, message) {
      const job = kind === 'store' ? live.stores.get(id) : live[kind];
      if (job?.id !== id) return;
      if (kind === 'store') live.stores.delete(id);
      job.fail(new Error(message));
    },
    mode,
    paused,
  };
}

/** The 'pool' executor over `runner`. */
function poolExecutor(runner, live) {
  return (request, emit, fail) => {
    if (request.call === 'sweep') {
      const end = () => {
        if (live.sweep !== job) return;
        live.sweep = null;
        runner.capacityWait(false);
      };
      const job = {
        id: 0,
        emit(value, done) {
          if (done) end();
          emit(value, done);
        },
        fail(error) {
          end();
          fail(error);
        },
      };
      live.sweep = job;
      runner.capacityWait(true);
      job.id = runner.sweep(request.args.params, request.args.phases);
      return end;
    }
    if (request.call === 'capacity') {
      const job = { id: 0, results: [], emit, fail };
      live.capacity = job;
      job.id = runner.capacity(request.args);
      return () => {
        if (live.capacity === job) live.capacity = null;
      };
    }
    const id = runner.store(request.args);
    live.stores.set(id, { id, emit, fail });
    return () => {
      if (live.stores.delete(id)) runner.cancelStore(id);
    };
  };
}

/** The 'rest' executor, and the pointer watch that counts its rest anew. */
function restExecutor(root, signal) {
  let timer = null; // the rest being counted
  const moved = (e) => {
    if (timer && e.buttons && e.target instanceof HTMLInputElement && e.target.type === 'range') timer.again();
  };
  root?.addEventListener('pointermove', moved, { capture: true, passive: true, signal });
  return (_request, emit) => {
    const own = createRestTimer(() => {
      if (timer === own) timer = null;
      emit(true);
    });
    timer = own;
    own.start();
    return () => {
      own.stop();
      if (timer === own) timer = null;
    };
  };
}

/**
 * @param la the core
 * @param {HTMLElement | null} root the demo's root (pointer moves on its settings sliders), or none
 * @param {{ mode: (name: string) => void, paused: () => void, signal?: AbortSignal,
 *   workers?: number }} on mode(name): 'main' once workers are unavailable; paused(): the sweep has
 *   stopped after pause()
 */
export function createExecutors(la, root, { mode, paused, signal, workers }) {
  const live = { sweep: null, capacity: null, stores: new Map() };
  const runner = createRunner(la, runnerEvents(live, { mode, paused }), workers ? { workers } : undefined);
  const dragHold = createDragHold((ms) => runner.hold(ms));
  return {
    executors: {
      pool: poolExecutor(runner, live),
      page: pageExecutor({ store: (args) => runStore(la, args) }),
      timer: (request, emit) => {
        const t = setTimeout(() => emit(true), request.args);
        return () => clearTimeout(t);
      },
      rest: restExecutor(root, signal),
    },
    /** The reader is dragging N: a sweep streaming in waits (from its next step on) until the
     *  slider has rested (pacing.js SWEEP_HOLD_MS), so the drag's frames come first. */
    holdForDrag: () => void dragHold(),
    get mode() {
      return runner.mode;
    },
    pause: () => runner.pause(),
    resume: () => runner.resume(),
    get paused() {
      return runner.paused;
    },
    destroy: () => runner.destroy(),
  };
}
