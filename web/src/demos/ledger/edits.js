// The reader's edits to the ledger, as pure changes to a candidate state (a clone; reducer.js
// proposes it, and it becomes the state only if the core accepts it). No DOM, no core: node-testable.
import { isZeroVector, newAssociation, resize } from './state.js';

/** Turns the page: 'back', 'forward', 'end' or a page number (clamped to 0…writes). */
export function stepTo(s, where) {
  const n = s.associations.length;
  if (where === 'back') s.step = Math.max(0, s.step - 1);
  else if (where === 'forward') s.step = Math.min(n, s.step + 1);
  else if (where === 'end') s.step = n;
  else if (Number.isInteger(where)) s.step = Math.max(0, Math.min(n, where));
}

/** Removes association i; the page and the decomposed read follow it. */
export function removeAssociation(s, i) {
  s.associations.splice(i, 1);
  if (i < s.step) s.step -= 1;
  s.step = Math.min(s.step, s.associations.length);
  if (s.query === i) s.query = s.associations.length ? 0 : -1;
  else if (s.query > i) s.query -= 1;
}

/** Adds a fresh association; a ledger shown in full stays shown in full. */
export function addAssociation(s) {
  const atEnd = s.step === s.associations.length;
  s.associations.push(newAssociation(s.d, s.associations.length));
  if (atEnd) s.step = s.associations.length;
}

/** Switches d, padding or cutting every vector; returns the indices of keys dropped because they
 *  were left all zeros. */
export function changeDim(s, d) {
  const dropped = [];
  s.d = d;
  s.associations = s.associations
    .map((a) => ({ k: resize(a.k, d), v: resize(a.v, d) }))
    .filter((a, i) => {
      if (!isZeroVector(a.k)) return true;
      dropped.push(i);
      return false;
    });
  s.freeQuery = resize(s.freeQuery, d);
  s.step = Math.min(s.step, s.associations.length);
  if (s.query >= s.associations.length) s.query = s.associations.length ? 0 : -1;
  return dropped;
}
