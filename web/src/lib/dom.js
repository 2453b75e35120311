// The page kit's DOM helpers: elements are built with createElement and text with textContent,
// never from strings of HTML, so nothing a reader types (or a URL carries) can become markup.
// patch()/patchElement() update a live subtree in place, writing only what differs: a drag then
// rewrites a few numbers instead of rebuilding tables, and a focused control keeps its focus.

const SVG_NS = 'http://www.w3.org/2000/svg';

function assign(el, attrs) {
  if (!attrs) return el;
  for (const name in attrs) {
    const value = attrs[name];
    if (value === undefined || value === null || value === false) continue;
    if (name === 'text') el.textContent = value;
    else if (name === 'class') el.setAttribute('class', value);
    else if (name.startsWith('on') && typeof value === 'function') el.addEventListener(name.slice(2), value);
    else el.setAttribute(name, value === true ? '' : String(value));
  }
  return el;
}

function append(el, children) {
  appendAll(el, el.ownerDocument ?? document, children);
  return el;
}

// Nested arrays are walked in place (no flattened copy per element: h() runs for every node that
// patch() compares on each frame of a drag).
function appendAll(el, doc, children) {
  for (const c of children) {
    if (c === undefined || c === null || c === false) continue;
    if (Array.isArray(c)) appendAll(el, doc, c);
    else el.appendChild(typeof c === 'object' ? c : doc.createTextNode(String(c)));
  }
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
  // Walks the live children by sibling links (no array of them per element): patch() runs on every
  // frame of a drag, and this walk was the largest share of the ledger's script time per frame.
  let l = live.firstChild;
  for (const n of nodes) {
    if (!l) {
      live.append(n);
      continue;
    }
    const after = l.nextSibling;
    if (l.nodeType === 3 && n.nodeType === 3) {
      if (l.data !== n.data) l.data = n.data;
    } else if (l.nodeType === 1 && n.nodeType === 1 && l.namespaceURI === n.namespaceURI && l.tagName === n.tagName) {
      patchAttributes(l, n);
      patchChildren(l, Array.from(n.childNodes));
    } else live.replaceChild(n, l);
    l = after;
  }
  while (l) {
    const after = l.nextSibling;
    l.remove();
    l = after;
  }
}

/** Makes live's attributes (and CSSOM styles) those of `next`. */
export function patchAttributes(live, next) {
  const wanted = next.attributes;
  // Same count and every wanted name present means no attribute is left to remove.
  let extra = live.attributes.length !== wanted.length;
  for (let i = 0; i < wanted.length; i++) {
    const a = wanted[i];
    if (a.name === 'style') {
      if (!live.hasAttribute('style')) extra = true;
      continue;
    }
    const value = live.getAttribute(a.name);
    if (value === null) extra = true;
    if (value !== a.value) live.setAttribute(a.name, a.value);
  }
  if (extra) {
    for (const a of Array.from(live.attributes)) {
      if (a.name !== 'style' && !next.hasAttribute(a.name)) live.removeAttribute(a.name);
    }
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

/**
 * Sets text only when it differs (writing the same text still invalidates layout). An element whose
 * only child is a text node keeps that node and gets new data: replacing it (textContent) would
 * take its layout object away and insert a new one, with a style pass for it, on every drag frame.
 * A bare text node gets its data set the same way (only when it differs).
 */
export function setText(node, text) {
  const only = node.firstChild;
  if (only && only.nodeType === 3 && !only.nextSibling) {
    if (only.data !== text) only.data = text;
  } else if (node.textContent !== text) node.textContent = text;
}

/**
 * Makes el's children exactly `nodes` (nodes kept from frame to frame, in order), touching only the
 * children that differ: a drawing whose parts come and go keeps its nodes and moves them by their
 * attributes, instead of building new ones for patch() to compare on every frame of a drag. The
 * children not wanted go, the wanted ones missing are put in their place, and those already in
 * order stay where they are (each node moved is styled, laid out and painted again: a read's three
 * nodes coming into the ledger's plane used to take its 80 others out and back in).
 */
export function keepChildren(el, nodes) {
  const wanted = new Set(nodes);
  for (let c = el.firstChild; c; ) {
    const next = c.nextSibling;
    if (!wanted.has(c)) c.remove();
    c = next;
  }
  let c = el.firstChild;
  for (const n of nodes) {
    if (c === n) c = c.nextSibling;
    else el.insertBefore(n, c);
  }
  return el;
}

/** Sets an attribute only when it differs. */
export function setAttr(el, name, value) {
  const v = String(value);
  if (el.getAttribute(name) !== v) el.setAttribute(name, v);
}

/**
 * Sets a property (hidden, disabled, checked, value, max…) only when it differs. Writing the same
 * value is not free: the browser still records an attribute change and, for `hidden` or a slider's
 * value, re-styles or re-lays out the element, on every frame of a drag.
 */
export function setProp(el, name, value) {
  if (el[name] !== value) el[name] = value;
}

// The inline style each element was last given through setStyle.
const styled = new WeakMap();
/**
 * Sets one inline style property (camelCase name) only when it differs from what setStyle last
 * wrote there: reading el.style back would serialize the declaration on every frame of a drag, and
 * a calc() never reads back as written. Only for properties nothing else writes.
 */
export function setStyle(el, name, value) {
  let written = styled.get(el);
  if (!written) {
    written = {};
    styled.set(el, written);
  }
  if (written[name] === value) return;
  written[name] = value;
  el.style[name] = value;
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

/**
 * A <details> whose open state lives in a demo's state: a click on its summary opens it at once,
 * and its toggle event (a task queued after the click) tells `onToggle(open)`. `show(open)` applies
 * the state only when the state changed since it last did, so a drawing between the reader's click
 * and its toggle event cannot close what the reader just opened.
 * @param {HTMLDetailsElement} details @param {(open: boolean) => void} onToggle
 * @param {{ signal?: AbortSignal }} [options] removes the listener when the signal aborts
 */
export function stateDisclosure(details, onToggle, { signal } = {}) {
  let shown = details.open;
  details.addEventListener('toggle', () => onToggle(details.open), { signal });
  return {
    /** @param {boolean | undefined} open (absent: closed) */
    show(open) {
      if (Boolean(open) === shown) return;
      shown = Boolean(open);
      details.open = shown;
    },
  };
}
