// Inside an iframe, tell the parent page how tall the embed is, on load and whenever it changes,
// in the two protocols course and news sites listen for:
//   Pym.js:  'pymxPYMx' + childId + 'xPYMxheightxPYMx' + height   (childId from the query)
//   AMP:     { sentinel: 'amp', type: 'embed-size', height }      (amp-iframe resizable)
// Messages go to any origin ('*'): they carry only a height.
//
// An iframe far down the host page is off-screen, and Chromium throttles off-screen cross-origin
// frames: no animation frames, and ResizeObserver callbacks wait until the frame is scrolled into
// view. So the height never depends on them alone: DOM changes (a MutationObserver, which runs as
// a microtask), timers after each change and a few after load, and pym's width messages all
// measure at once (getBoundingClientRect lays the page out on demand, throttled or not).

const SETTLE_MS = [0, 100, 400, 1200, 3000]; // after start and after refresh(): late fonts, late layout
const MUTATION_DELAY_MS = 30; // a burst of DOM changes is measured once

/**
 * Starts reporting the height of `target` (default: <body>). Returns
 * { stop(), refresh() }: refresh() measures now and again over the next seconds (call it once the
 * demo has mounted).
 */
export function reportHeight({ target = document.body, childId = null } = {}) {
  if (window.parent === window) return { stop() {}, refresh() {} };
  let last = -1;
  let stopped = false;
  const timers = new Set();
  const send = () => {
    if (stopped) return;
    // The body's own box, not the document's scroll height: that never shrinks below the iframe.
    const rect = target.getBoundingClientRect();
    const style = getComputedStyle(target);
    const height = Math.ceil(rect.height + parseFloat(style.marginTop) + parseFloat(style.marginBottom));
    if (height === last) return;
    last = height;
    if (childId !== null) window.parent.postMessage(`pymxPYMx${childId}xPYMxheightxPYMx${height}`, '*');
    window.parent.postMessage({ sentinel: 'amp', type: 'embed-size', height }, '*');
  };
  const later = (ms) => {
    const t = setTimeout(() => {
      timers.delete(t);
      send();
    }, ms);
    timers.add(t);
  };
  const settle = () => {
    send();
    for (const ms of SETTLE_MS) later(ms);
  };

  const ro = typeof ResizeObserver === 'function' ? new ResizeObserver(send) : null; // fires once right away
  ro?.observe(target);
  let mutationTimer = 0;
  const mo = new MutationObserver(() => {
    clearTimeout(mutationTimer);
    mutationTimer = setTimeout(send, MUTATION_DELAY_MS);
  });
  mo.observe(target, { childList: true, subtree: true, attributes: true, characterData: true });
  window.addEventListener('load', settle);
  document.fonts?.ready.then(send);
  // Pym parents send their width and ask again after they resize the iframe: answer at once
  // (the new width is already laid out; no animation frame is needed, and none comes off-screen).
  const onMessage = (e) => {
    if (e.source === window.parent && typeof e.data === 'string' && e.data.startsWith('pymxPYMx')) {
      last = -1;
      send();
      later(0);
    }
  };
  window.addEventListener('message', onMessage);
  settle();
  return {
    refresh: settle,
    stop() {
      stopped = true;
      ro?.disconnect();
      mo.disconnect();
      clearTimeout(mutationTimer);
      for (const t of timers) clearTimeout(t);
      window.removeEventListener('load', settle);
      window.removeEventListener('message', onMessage);
    },
  };
}
