// Keyboard focus through edits that rebuild or disable the control that had it:
// removing an association rebuilds the editor's rows, adding the 8th disables "Add". Without help
// the browser drops focus to <body> and a keyboard reader starts again from the top of the page.
import { activeElement } from '../../lib/dom.js';

/** The control with focus inside `root`, or null. */
function focusedIn(root) {
  const active = activeElement(root);
  return active && active !== root && root.contains(active) ? active : null;
}

/** A name that survives a rebuild: the control's data-action or data-part. */
function nameOf(node) {
  if (node.dataset?.action) return `[data-action="${node.dataset.action}"]`;
  if (node.dataset?.part) return `[data-part="${node.dataset.part}"]`;
  return null;
}

function usable(node) {
  return node?.isConnected && !node.disabled && !node.closest('[hidden]');
}

/**
 * Runs `change()`; if focus was inside `root` before and is lost after (its control was removed or
 * disabled), moves it to the first usable of: the control of the same name (a rebuilt row keeps
 * its names), then each selector in `fallbacks`. Focus outside `root` is never touched.
 */
export function keepingFocus(root, change, fallbacks = []) {
  const before = focusedIn(root);
  change();
  if (!before || (focusedIn(root) && usable(before))) return;
  const name = nameOf(before);
  const candidates = [...(name && !usable(before) ? [name] : []), ...fallbacks];
  for (const selector of candidates) {
    const target = root.querySelector(selector);
    if (usable(target)) {
      target.focus();
      return;
    }
  }
}
