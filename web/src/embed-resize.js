// Inside an iframe, tell the parent page how tall the embed is, on load and whenever it changes,
// in the two protocols course and news sites listen for:
//   Pym.js:  'pymxPYMx' + childId + 'xPYMxheightxPYMx' + height   (childId from the query)
//   AMP:     { sentinel: 'amp', type: 'embed-size', height }      (amp-iframe resizable)
// Messages go to any origin ('*'): they carry only a height.

/** Starts reporting the height of `target` (default: <body>). Returns a stop function. */
export function reportHeight({ target = document.body, childId = null } = {}) {
  if (window.parent === window) return () => {};
  let last = -1;
  const send = () => {
    // The body's own box, not the document's scroll height: that never shrinks below the iframe.
    const rect = target.getBoundingClientRect();
    const style = getComputedStyle(target);
    const height = Math.ceil(rect.height + parseFloat(style.marginTop) + parseFloat(style.marginBottom));
    if (height === last) return;
    last = height;
    if (childId !== null) window.parent.postMessage(`pymxPYMx${childId}xPYMxheightxPYMx${height}`, '*');
    window.parent.postMessage({ sentinel: 'amp', type: 'embed-size', height }, '*');
  };
  const ro = new ResizeObserver(send); // also fires once right away
  ro.observe(target);
  window.addEventListener('load', send);
  // Pym parents ask again after they resize the iframe's width.
  const onMessage = (e) => {
    if (e.source === window.parent && typeof e.data === 'string' && e.data.startsWith('pymxPYMx')) {
      last = -1;
      requestAnimationFrame(send);
    }
  };
  window.addEventListener('message', onMessage);
  send();
  return () => {
    ro.disconnect();
    window.removeEventListener('load', send);
    window.removeEventListener('message', onMessage);
  };
}
