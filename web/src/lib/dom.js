// The page kit's DOM helpers: elements are built with createElement and text with textContent,
// never from strings of HTML, so nothing a reader types (or a URL carries) can become markup.
// patch()/patchElement() update a live subtree in place, writing only what differs: a drag then
// rewrites a few numbers instead of rebuilding tables, and a focused control keeps its focus.

const SVG_NS = 'http://www.w3.org/2000/svg';

function assign(el, attrs) {
  for (const [name, value] of Object.entries(attrs ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name === 'text') el.textContent = value;
    else if (name === 'class') el.setAttribute('class', value);
    else if (name.startsWith('on') && typeof value === 'function') el.addEventListener(name.slice(2), value);
    else el.setAttribute(name, value === true ? '' : String(value));
  }
  return el;
}

function append(el, children) {
  const doc = el.ownerDocument ?? document;
  for (const c of children.flat(Infinity)) {
    if (c === undefined || c === null || c === false) continue;
    el.append(typeof c === 'string' ? doc.createTextNode(c) : c);
  }
  return el;
}

/**
 * An HTML element: h('td', { class: 'x', onclick: fn, hidden: true }, 'text', child, [more]).
 * attrs: `text` sets textContent, `on<event>` functions become listeners, true gives an empty
 * attribute, null/false/undefined are skipped. Children are flattened; strings become text nodes.
 */
export function h(tag, attrs, ...children) {
  return append(assign(document.createElement(tag), attrs), children);
}

/** The same as h() for SVG elements. */
export function s(tag, attrs, ...children) {
  return append(assign(document.createElementNS(SVG_NS, tag), attrs), children);
}

/** Replaces el's children (flattened; null/false/undefined skipped). Returns el. */
export function replace(el, ...children) {
  el.replaceChildren();
  return append(el, children);
}

/**
 * Like replace(), but keeps the nodes already on the page where the new children have the same
 * shape (same tags in the same places): only text and attributes that differ are written.
 * Listeners are not carried over: use it for parts without any.
 */
export function patch(el, ...children) {
  const next = append((el.ownerDocument ?? document).createDocumentFragment(), children);
  patchChildren(el, Array.from(next.childNodes));
  return el;
}

/** The same for one element: `live` takes `next`'s attributes and children (same tag). */
export function patchElement(live, next) {
  patchAttributes(live, next);
  patchChildren(live, Array.from(next.childNodes));
  return live;
}

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
  // (Most elements have none: skip making the two style objects, a cost on every patched node.)
  if (!live.hasAttribute('style') && !next.hasAttribute('style')) return;
  const from = next.style;
  const to = live.style;
  if (!from || !to) return;
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

/** Sets an attribute only when it differs. */
export function setAttr(el, name, value) {
  const v = String(value);
  if (el.getAttribute(name) !== v) el.setAttribute(name, v);
}

let counter = 0;
/** An id unique within the page, `${prefix}-${n}` (demos may be mounted more than once). */
export function uid(prefix) {
  counter += 1;
  return `${prefix}-${counter}`;
}

/** The focused element, also inside a shadow root. */
export function activeElement(node) {
  const root = node.getRootNode();
  return root.activeElement ?? document.activeElement;
}
