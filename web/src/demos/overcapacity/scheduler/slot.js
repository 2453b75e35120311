// One worker of the pool (pool.js), as a slot: { worker, ready, task }. The slot watches its worker
// load; what its answers mean is the pool's business. Every worker the demo starts (the pool's and
// the single stores') is a slot of this kind, so all of them fail the same way: a worker that
// cannot start, cannot load the core or never loads makes workers unavailable (the page thread
// takes over); one that crashes after loading is the pool's to replace.

/** How long a new worker may take to load its script and the core before the pool gives up on
 *  workers and the page thread computes (a few hundred milliseconds normally, a few seconds on a
 *  slow phone). Seen: Chromium holding a worker's script request while a new deployment's service
 *  worker activates, the activation waiting for that request in turn; terminating the worker
 *  frees both. */
export const READY_MS = 10000;

/**
 * Starts a worker in a slot, or returns null when it cannot start.
 * @param spawn () => Worker
 * @param timers the owner's set of timers (cleared on destroy: a pending watchdog would keep a
 *        destroyed demo's worker alive)
 * @param on ( alive(slot) the slot is still the owner's and the owner not stopped; answer(slot,
 *        data) a message that is not 'ready' or 'fatal'; unavailable() workers cannot be used;
 *        crashed(slot) the worker failed after loading )
 */
export function spawnSlot(spawn, timers, on) {
  let worker;
  try {
    worker = spawn();
  } catch {
    return null;
  }
  const slot = { worker, ready: false, task: null };
  // A worker that never loads (its script or the core's fetch never answered) would leave the
  // figure computing forever: after READY_MS the page thread takes over, as when workers fail.
  const t = setTimeout(() => {
    timers.delete(t);
    if (on.alive(slot) && !slot.ready) on.unavailable();
  }, READY_MS);
  timers.add(t);
  worker.addEventListener('message', ({ data }) => {
    if (!on.alive(slot)) return;
    if (data.type === 'ready') {
      slot.ready = true;
      clearTimeout(t);
      timers.delete(t);
    } else if (data.type === 'fatal') on.unavailable();
    else on.answer(slot, data);
  });
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    if (!on.alive(slot)) return;
    if (slot.ready) on.crashed(slot);
    else on.unavailable();
  });
  return slot;
}
