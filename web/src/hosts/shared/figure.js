// One demo on its own, as a figure: a notice line for settings that were ignored, the demo, and its
// caption from the chapter. Shared by embed.html (hosts/embed/page.js) and the custom elements
// (hosts/elements/), which put it in a document or in a shadow root. Mounting it, and the error
// box when that fails, is mount.js's (beside this file).
import captions from '../../../generated/embed-captions.json';
import { demoNamed } from '../../demos/registry.js';
import { h, uid } from '../../lib/dom.js';

/** { label: 'Figure 4.1', title: 'The running ledger.', nodes, text } for each demo in the chapter;
 *  nodes: the caption as data (web/build/html-tree.mjs), a string or [tag, attrs, ...children]. */
export const CAPTIONS = captions;

const MATHML_NS = 'http://www.w3.org/1998/Math/MathML';

/** Builds caption nodes with createElement(NS): no HTML strings, so Trusted Types hosts accept it. */
export function buildNodes(doc, nodes, ns = null) {
  return nodes.map((node) => {
    if (typeof node === 'string') return doc.createTextNode(node);
    const [tag, attrs, ...children] = node;
    const inner = tag === 'math' ? MATHML_NS : ns;
    const el = inner ? doc.createElementNS(inner, tag) : doc.createElement(tag);
    for (const [name, value] of Object.entries(attrs)) {
      if (name === 'xmlns' || /^on/i.test(name)) continue; // the namespace is createElementNS's
      el.setAttribute(name, value);
    }
    el.append(...buildNodes(doc, children, inner));
    return el;
  });
}

/** 'Figure 4.1: The running ledger' (the chapter's label and title, or the registry's title). */
export function figureTitle(name) {
  const info = CAPTIONS[name];
  if (info) return `${info.label}: ${info.title.replace(/\.$/, '')}`;
  return demoNamed(name)?.title ?? String(name);
}

/**
 * Builds the figure for demo `name` into `container` (an element or a shadow root).
 * `sourceUrl`: where the chapter shows this figure (a link under the caption), or null.
 * Returns { figure, mountEl, showNotices(list), showCaption(bool) }.
 */
export function buildFigure(container, name, { sourceUrl = null, caption = true } = {}) {
  const figure = h('figure', { class: 'linattn-figure', 'data-demo': name });
  const notice = h('div', { class: 'linattn-notice', role: 'status', hidden: true });
  const mountEl = h('div', { class: 'linattn-mount', 'data-demo': name });
  figure.append(notice, mountEl);
  const info = CAPTIONS[name];
  let figcaption = null;
  if (info) {
    const id = uid(`linattn-caption-${name}`);
    figcaption = h('figcaption', { class: 'linattn-caption', id });
    // Build-time markup from content/chapter.md (markdown + MathML), never text from a URL.
    figcaption.append(...buildNodes(figcaption.ownerDocument, info.nodes));
    if (sourceUrl) {
      const a = h('a', { class: 'linattn-source', href: sourceUrl, target: '_blank', rel: 'noopener' });
      a.textContent = 'Open in the chapter';
      figcaption.append(' ', a);
    }
  }
  /** Shows or hides the caption (an element's caption="none" may change after it is built). */
  const showCaption = (show) => {
    if (show && figcaption) {
      figure.append(figcaption);
      figure.setAttribute('aria-labelledby', figcaption.id);
      figure.removeAttribute('aria-label');
    } else {
      figcaption?.remove();
      figure.removeAttribute('aria-labelledby');
      figure.setAttribute('aria-label', figureTitle(name));
    }
  };
  showCaption(caption);
  container.append(figure);
  return {
    figure,
    mountEl,
    showCaption,
    /** Shows `list` (plain strings from the URL or attributes) as text, one paragraph each. */
    showNotices(list) {
      notice.replaceChildren(...list.map((t) => h('p', { text: t })));
      notice.hidden = list.length === 0;
    },
  };
}
