// One demo on its own, as a figure: a notice line for settings that were ignored, the demo, and its
// caption from the chapter. Shared by embed.html (web/src/embed-page.js) and the custom elements
// (web/src/elements/), which put it in a document or in a shadow root. Mounting it, and the error
// box when that fails, is the page kit's (web/src/lib/mount.js).
import captions from '../generated/embed-captions.json';
import { demoNamed } from './demos/registry.js';
import { h, uid } from './lib/dom.js';

/** { label: 'Figure 4.1', title: 'The running ledger.', html, text } for each demo in the chapter. */
export const CAPTIONS = captions;

/** 'Figure 4.1: The running ledger' (the chapter's label and title, or the registry's title). */
export function figureTitle(name) {
  const info = CAPTIONS[name];
  if (info) return `${info.label}: ${info.title.replace(/\.$/, '')}`;
  return demoNamed(name)?.title ?? String(name);
}

/**
 * Builds the figure for demo `name` into `container` (an element or a shadow root).
 * `sourceUrl`: where the chapter shows this figure (a link under the caption), or null.
 * Returns { figure, mountEl, showNotices(list) }.
 */
export function buildFigure(container, name, { sourceUrl = null, caption = true } = {}) {
  const figure = h('figure', { class: 'linattn-figure', 'data-demo': name });
  const notice = h('div', { class: 'linattn-notice', role: 'status', hidden: true });
  const mountEl = h('div', { class: 'linattn-mount', 'data-demo': name });
  figure.append(notice, mountEl);
  const info = CAPTIONS[name];
  if (caption && info) {
    const id = uid(`linattn-caption-${name}`);
    const figcaption = h('figcaption', { class: 'linattn-caption', id });
    // Build-time HTML from content/chapter.md (markdown + MathML), never text from a URL.
    figcaption.innerHTML = info.html;
    if (sourceUrl) {
      const a = h('a', { class: 'linattn-source', href: sourceUrl, target: '_blank', rel: 'noopener' });
      a.textContent = 'Open in the chapter';
      figcaption.append(' ', a);
    }
    figure.setAttribute('aria-labelledby', id);
    figure.append(figcaption);
  } else {
    figure.setAttribute('aria-label', figureTitle(name));
  }
  container.append(figure);
  return {
    figure,
    mountEl,
    /** Shows `list` (plain strings from the URL or attributes) as text, one paragraph each. */
    showNotices(list) {
      notice.replaceChildren(...list.map((t) => h('p', { text: t })));
      notice.hidden = list.length === 0;
    },
  };
}
