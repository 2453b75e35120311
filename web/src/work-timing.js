// Moved to the page kit: web/src/lib/work-timing.js. This shim lasts until the memory and
// overcapacity demos import the kit directly; delete it then.
export { workTimer } from './lib/work-timing.js';
