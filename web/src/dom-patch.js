// Moved to the page kit: web/src/lib/dom.js. This shim lasts until the memory and overcapacity
// demos import the kit directly; delete it then.
export { patchAttributes, patchChildren, setText } from './lib/dom.js';
