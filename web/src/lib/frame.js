// Input can outpace the screen (pointer moves, slider input events): work once per animation frame
// with the latest value. Where requestAnimationFrame is missing (node), a 16 ms timer stands in.

const raf =
  typeof requestAnimationFrame === 'function' ? (fn) => requestAnimationFrame(fn) : (fn) => setTimeout(fn, 16);
const caf = typeof cancelAnimationFrame === 'function' ? (id) => cancelAnimationFrame(id) : (id) => clearTimeout(id);

/**
 * Returns schedule(value): fn(latest value) runs once in the next animation frame, however often
 * schedule is called before it. schedule.flush() runs a pending call now (e.g. on 'change' or
 * pointerup); schedule.cancel() drops it (e.g. on destroy or pause).
 */
export function coalesceFrames(fn) {
  /** @type {ReturnType<typeof setTimeout> | number} */
  let frame = 0;
  let pending = false;
  let latest;
  const run = () => {
    frame = 0;
    if (!pending) return;
    pending = false;
    const value = latest;
    latest = undefined;
    fn(value);
  };
  const schedule = (value) => {
    latest = value;
    pending = true;
    if (!frame) frame = raf(run);
  };
  schedule.flush = () => {
    if (frame) caf(frame);
    run();
  };
  schedule.cancel = () => {
    if (frame) caf(frame);
    frame = 0;
    pending = false;
    latest = undefined;
  };
  /** True while a call waits for its frame. */
  schedule.pending = () => pending;
  return schedule;
}

/**
 * Like coalesceFrames, but fn runs right after the next frame has been rendered (a 0 ms timer
 * queued from the frame callback), when style and layout are clean: for reading layout without
 * forcing it (in the frame's own callbacks, before its style and layout, the reads would lay the
 * page out first). Calls while one is waiting join it. schedule.cancel() drops it.
 */
export function coalesceAfterFrames(fn) {
  /** @type {ReturnType<typeof setTimeout> | 0} */
  let timer = 0;
  const frame = coalesceFrames(() => {
    timer = setTimeout(() => {
      timer = 0;
      fn();
    }, 0);
  });
  const schedule = () => {
    if (!timer) frame();
  };
  schedule.cancel = () => {
    frame.cancel();
    clearTimeout(timer);
    timer = 0;
  };
  return schedule;
}
