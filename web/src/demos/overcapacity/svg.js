// Tiny helpers for building SVG and HTML without strings of markup.
const SVG_NS = 'http://www.w3.org/2000/svg';

export function svg(name, attrs = {}, parent = null) {
  const el = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (parent) parent.appendChild(el);
  return el;
}

export function html(name, props = {}, parent = null) {
  const el = document.createElement(name);
  for (const [k, v] of Object.entries(props)) {
    if (k === 'text') el.textContent = v;
    else if (k === 'class') el.className = v;
    else if (
      k.startsWith('aria-') ||
      k.startsWith('data-') ||
      k === 'role' ||
      k === 'for' ||
      k === 'inputmode' ||
      k === 'autocomplete' ||
      k === 'spellcheck' ||
      k === 'tabindex'
    )
      el.setAttribute(k, v);
    else el[k] = v;
  }
  if (parent) parent.appendChild(el);
  return el;
}

let counter = 0;
/** An id unique on the page, for aria-labelledby, clip paths and label/for pairs. */
export function uid(prefix) {
  counter += 1;
  return `${prefix}-${counter}`;
}

/** Writes text only when it changed (the pages' shared helper). */
export { setText } from '../../dom-patch.js';

/** Sets an attribute only when it changed. */
export function setAttr(el, name, value) {
  const v = String(value);
  if (el.getAttribute(name) !== v) el.setAttribute(name, v);
}
