// The popup of linked reading: what a symbol stands for, its current value in the figure that shows
// it, and, when that figure element is off-screen, a link to it. One popup per page, placed under
// the symbol (above it near the bottom of the window) and laid over the text: it is positioned
// absolutely at the end of <main>, so opening it never moves a line of the chapter. role=tooltip;
// the equation that has focus points at it with aria-describedby. It holds no focus of its own.
import { h, uid, setText } from '../../../lib/dom.js';

const GAP = 6; // px between the symbol and the popup
const MARGIN = 8; // px kept free at the window's edges

/**
 * @param {Document} doc
 * @param {{ onGo: () => void }} on onGo: the reader followed the link to the figure
 */
export function createPopup(doc, on) {
  const title = h('span', { class: 'linked-popup__title' });
  const value = h('span', { class: 'linked-popup__value', 'data-part': 'value' });
  const go = h('a', {
    class: 'linked-popup__go',
    'data-part': 'go',
    href: '#',
    hidden: true,
    onclick: (e) => {
      e.preventDefault();
      on.onGo();
    },
  });
  const el = h(
    'span',
    { class: 'linked-popup', role: 'tooltip', id: uid('linked-popup'), hidden: true },
    title,
    value,
    go,
  );
  (doc.querySelector('main') ?? doc.body).append(el); // inside the landmark its math is in
  let anchor = null;

  /** Puts the popup under `anchor` (or above it when there is no room below), inside the window. */
  function place() {
    if (!anchor || el.hidden) return;
    el.style.left = '0px';
    el.style.top = '0px';
    const origin = el.getBoundingClientRect();
    const a = anchor.getBoundingClientRect();
    const view = doc.documentElement;
    const x = Math.max(MARGIN, Math.min(a.left, view.clientWidth - origin.width - MARGIN));
    const below = a.bottom + GAP;
    const y =
      below + origin.height > view.clientHeight - MARGIN && a.top - GAP - origin.height > MARGIN
        ? a.top - GAP - origin.height
        : below;
    el.style.left = `${Math.round(x - origin.left)}px`;
    el.style.top = `${Math.round(y - origin.top)}px`;
  }

  return {
    el,
    get open() {
      return !el.hidden;
    },
    contains: (node) => el.contains(node),
    /**
     * Shows (or rewrites) the popup for the symbol element `at`.
     * @param {Element} at
     * @param {{ title: string, value: string, link: { href: string, text: string } | null }} content
     */
    show(at, content) {
      const moved = anchor !== at || el.hidden;
      anchor = at;
      setText(title, content.title);
      setText(value, content.value);
      go.hidden = !content.link;
      if (content.link) {
        if (go.getAttribute('href') !== content.link.href) go.setAttribute('href', content.link.href);
        setText(go, content.link.text);
      }
      el.hidden = false;
      if (moved) place();
    },
    place,
    hide() {
      el.hidden = true;
      anchor = null;
    },
  };
}
