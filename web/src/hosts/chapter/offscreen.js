// Wide screens: the chapter's blocks out of view skip layout and paint (styles/offscreen.css), but
// only at a window width at which every block has been laid out once, with the fonts: each then
// remembers its height (contain-intrinsic-size: auto), so skipping it moves nothing. The width is
// a media query in a stylesheet of its own: at any other width nothing is skipped, from the very
// first layout at that width, with no event to wait for; once the window has kept a new width for
// a moment, every block has been laid out at it and that width is measured instead.

import { afterLoad } from '../../lib/after-load.js';

const SETTLE_MS = 250; // a resize that lasted: the window kept its width this long
/** A block with a margin note may be skipped beyond this distance from the view (styles/offscreen.css:
 *  its note hangs outside it). Chromium's own margin for content-visibility: auto is half a window
 *  height, so such a block is always skipped, never shown with the containment that would move its
 *  note. */
const FAR = '150%';

/**
 * Marks the chapter's blocks with a margin note `is-far` while they are far from the view; the
 * stylesheet skips them then, on wide screens at the measured width only (--offscreen-skip).
 */
function markFarNoteBlocks(doc) {
  const win = doc.defaultView;
  const blocks = doc.querySelectorAll('.article > :is(p, ul, ol, blockquote):has(.sidenote)');
  if (!blocks.length || typeof win.IntersectionObserver !== 'function') return;
  const io = new win.IntersectionObserver(
    (entries) => {
      for (const e of entries) e.target.classList.toggle('is-far', !e.isIntersecting);
    },
    { rootMargin: `${FAR} 0px` },
  );
  for (const b of blocks) io.observe(b);
}

/** Starts skipping once the page has loaded and its fonts are ready; follows resizes. */
export function skipOffscreenWhenMeasured(doc = document) {
  const win = doc.defaultView;
  if (!win || typeof win.CSSStyleSheet !== 'function' || !('adoptedStyleSheets' in doc)) return;
  // The sheet is adopted, and written, only where the rule can matter (wide screens): each write
  // restyles the whole chapter, which a phone's start-up should not pay for (Lighthouse TBT).
  const wide = win.matchMedia?.('(min-width: 64rem)');
  let sheet = null;
  let measured = 0; // the width the rule skips at, 0 for none
  const skipAt = (w) => {
    if (w === measured) return;
    if (!sheet) {
      sheet = new win.CSSStyleSheet();
      doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
    }
    measured = w;
    sheet.replaceSync(
      w
        ? `@media (min-width: ${w - 0.5}px) and (max-width: ${w + 0.5}px) { .article { --offscreen-skip: auto; } }`
        : '',
    );
  };
  let timer = 0;
  // Two frames: the blocks are laid out at this width in the first, their heights recorded after it.
  const measure = () =>
    win.requestAnimationFrame(() =>
      win.requestAnimationFrame(() => skipAt(wide && !wide.matches ? 0 : win.innerWidth)),
    );
  Promise.all([afterLoad(win), doc.fonts?.ready]).then(() => {
    measure();
    markFarNoteBlocks(doc);
    win.addEventListener('resize', () => {
      // Heights remembered at the old width are not the new ones; a change of height alone (a
      // browser bar shown or hidden) keeps them, and the chapter is not restyled for it.
      if (win.innerWidth !== measured) skipAt(0);
      clearTimeout(timer);
      timer = win.setTimeout(measure, SETTLE_MS);
    });
  });
}
