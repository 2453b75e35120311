// Writing a demo's state into the URL as the reader changes it. Browsers throttle
// history.replaceState (and throw when called too often), and a drag fires far more often than
// that, so writes wait until the reader pauses; only the last URL is written. A write is also work
// on the page's thread (1.3-13 ms a call on the 2-core host: a settings slider that
// rested a moment in the middle of a drag wrote the URL inside a frame of it), so it waits while a
// pointer is held (a drag; at most HOLD_MAX_MS, then it is written anyway) and then for an idle
// moment.

import { readerInput } from './reader-input.js';

// How long a held pointer holds the write back: until its release, as long as a drag lasts. A cap of
// 2 s wrote the URL in the middle of the phone run's drags (at 4x CPU a 40-move drag lasts
// 3-8 s), an idle-callback task of 64-67 ms there; this cap only guards against a press whose
// release the page never heard of.
const HOLD_MAX_MS = 60000;
const IDLE_TIMEOUT_MS = 500;

let timer = 0;
let idleId = 0;
let pendingUrl = null;
let heldSince = 0;
const idle =
  typeof requestIdleCallback === 'function'
    ? (fn) => requestIdleCallback(fn, { timeout: IDLE_TIMEOUT_MS })
    : (fn) => setTimeout(fn, 0);

function write() {
  idleId = 0;
  const url = pendingUrl;
  pendingUrl = null;
  const next = typeof url === 'function' ? url() : url;
  if (next === null || next === undefined) return;
  try {
    history.replaceState(history.state, '', next);
  } catch (err) {
    console.warn('Could not update the address bar:', err);
  }
}

/** The reader has paused: write in an idle moment, unless a pointer is still held. */
function due() {
  timer = 0;
  if (typeof window !== 'undefined' && readerInput(window).held()) {
    const now = performance.now();
    if (!heldSince) heldSince = now;
    if (now - heldSince < HOLD_MAX_MS) {
      timer = setTimeout(due, 100);
      return;
    }
  }
  heldSince = 0;
  if (!idleId) idleId = idle(write);
}

/**
 * replaceState(url) `ms` after the last call (one timer for the page: the latest URL wins), once no
 * pointer is held (or after HOLD_MAX_MS of one), in an idle moment. `url` may be a function, called
 * when the write happens (to read the freshest state); when it returns null nothing is written.
 * Never throws.
 */
export function replaceStateSoon(url, ms = 150) {
  if (typeof window !== 'undefined') readerInput(window); // watched from the first call
  pendingUrl = url;
  clearTimeout(timer);
  timer = setTimeout(due, ms);
}
