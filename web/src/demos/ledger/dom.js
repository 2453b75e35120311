// Tiny DOM helpers: elements are created with createElement and text with textContent, never HTML
// strings, so nothing the reader types can become markup.

import { patchAttributes, patchChildren } from '../../dom-patch.js';

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
  for (const c of children.flat(Infinity)) {
    if (c === undefined || c === null || c === false) continue;
    el.append(typeof c === 'string' ? document.createTextNode(c) : c);
  }
  return el;
}

/** Replaces el's children; nested arrays are flattened, null/false/undefined skipped. */
export function replace(el, ...children) {
  el.replaceChildren();
  return append(el, children);
}

/**
 * Like replace(), but keeps the nodes already on the page where the new children have the same
 * shape (same tags in the same places): only text and attributes that differ are written. A drag
 * then rewrites a few numbers instead of rebuilding tables, so the browser restyles, lays out and
 * repaints only what changed. Listeners are not carried over: use it for parts without any.
 */
export function patch(el, ...children) {
  const next = append(document.createDocumentFragment(), children);
  patchChildren(el, Array.from(next.childNodes));
  return el;
}

/** The same for one element: `live` takes `next`'s attributes and children (same tag). */
export function patchElement(live, next) {
  patchAttributes(live, next);
  patchChildren(live, Array.from(next.childNodes));
  return live;
}

/** h('td', {class: 'x'}, 'text', child, ...) */
export function h(tag, attrs, ...children) {
  return append(assign(document.createElement(tag), attrs), children);
}

/** The same for SVG elements. */
export function s(tag, attrs, ...children) {
  return append(assign(document.createElementNS(SVG_NS, tag), attrs), children);
}

/** Visually hidden text for screen readers. */
export function srOnly(text) {
  return h('span', { class: 'la-ledger__sr', text });
}

let counter = 0;
/** Ids unique within the page (demos may be mounted more than once). */
export function uid(prefix) {
  counter += 1;
  return `la-ledger-${prefix}-${counter}`;
}

/** The focused element, also inside a shadow root. */
export function activeElement(node) {
  const root = node.getRootNode();
  return root.activeElement ?? document.activeElement;
}
