// Writing a demo's state into the URL as the reader changes it. Browsers throttle
// history.replaceState (and throw when called too often), and a drag fires far more often than
// that, so writes wait until the reader pauses; only the last URL is written.

let timer = 0;
let pendingUrl = null;

function write() {
  timer = 0;
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

/**
 * replaceState(url) `ms` after the last call (one timer for the page: the latest URL wins). `url`
 * may be a function, called when the write happens (to read the freshest state); when it
 * returns null nothing is written. Never throws.
 */
export function replaceStateSoon(url, ms = 150) {
  pendingUrl = url;
  clearTimeout(timer);
  timer = setTimeout(write, ms);
}
