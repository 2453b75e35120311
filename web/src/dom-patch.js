// Updates a live subtree to match freshly built nodes, keeping the nodes already on the page where
// the shape is the same (same tags in the same places) and writing only the text and attributes
// that differ. A drag then rewrites a few numbers instead of rebuilding a list, so the browser
// restyles, lays out and repaints only what changed, and a focused figure keeps its focus.
// Listeners are not carried over: use it for parts without any. Shared by the ledger and memory demos.

/** Makes live's children look like `nodes` (which may be moved into live). */
export function patchChildren(live, nodes) {
  nodes.forEach((n, i) => {
    const l = live.childNodes[i];
    if (!l) live.append(n);
    else if (l.nodeType === 3 && n.nodeType === 3) {
      if (l.data !== n.data) l.data = n.data;
    } else if (l.nodeType === 1 && n.nodeType === 1 && l.namespaceURI === n.namespaceURI && l.tagName === n.tagName) {
      patchAttributes(l, n);
      patchChildren(l, Array.from(n.childNodes));
    } else live.replaceChild(n, l);
  });
  while (live.childNodes.length > nodes.length) live.lastChild.remove();
}

/** Makes live's attributes (and CSSOM styles) those of `next`. */
export function patchAttributes(live, next) {
  for (const a of Array.from(live.attributes)) {
    if (a.name !== 'style' && !next.hasAttribute(a.name)) live.removeAttribute(a.name);
  }
  for (const a of Array.from(next.attributes)) {
    if (a.name !== 'style' && live.getAttribute(a.name) !== a.value) live.setAttribute(a.name, a.value);
  }
  // Inline styles through the CSSOM only: the page's CSP blocks writing the style attribute.
  const from = next.style;
  const to = live.style;
  for (let i = to.length - 1; i >= 0; i--) if (!from.getPropertyValue(to[i])) to.removeProperty(to[i]);
  for (let i = 0; i < from.length; i++) {
    const value = from.getPropertyValue(from[i]);
    if (to.getPropertyValue(from[i]) !== value) to.setProperty(from[i], value);
  }
}

/** Sets text only when it differs (writing the same text still invalidates layout). */
export function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}
