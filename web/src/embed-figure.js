// One demo on its own, as a figure: a notice line for settings that were ignored, the demo, and its
// caption from the chapter. Shared by embed.html (web/src/embed-page.js) and the custom elements
// (web/src/elements/), which put it in a document or in a shadow root.
import captions from '../generated/embed-captions.json';
import { getLinattn } from './core.js';

// A standalone embed is built for one demo (import.meta.env.LINATTN_DEMO, see web/build/embed.mjs);
// the other demos' imports are then dead code and left out of the file.
const ONLY = import.meta.env.LINATTN_DEMO;
const LOADERS = {
  ledger: !ONLY || ONLY === 'ledger' ? () => import('./demos/ledger/index.js') : null,
  overcapacity: !ONLY || ONLY === 'overcapacity' ? () => import('./demos/overcapacity/index.js') : null,
  memory: !ONLY || ONLY === 'memory' ? () => import('./demos/memory/index.js') : null,
};

/** Demo names this build can show. */
export const AVAILABLE = Object.keys(LOADERS).filter((n) => LOADERS[n]);

/** { label: 'Figure 4.1', title: 'The running ledger.', html, text } for each demo. */
export const CAPTIONS = captions;

function el(doc, tag, cls, text) {
  const node = doc.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * Builds the figure for demo `name` into `container` (an element or a shadow root).
 * `sourceUrl`: where the chapter shows this figure (a link under the caption), or null.
 * Returns { figure, mountEl, showNotices(list) }.
 */
export function buildFigure(container, name, { sourceUrl = null, caption = true } = {}) {
  const doc = container.ownerDocument ?? document;
  const figure = el(doc, 'figure', 'linattn-figure');
  figure.dataset.demo = name;
  const notice = el(doc, 'div', 'linattn-notice');
  notice.setAttribute('role', 'status');
  notice.hidden = true;
  const mountEl = el(doc, 'div', 'linattn-mount');
  mountEl.dataset.demo = name;
  figure.append(notice, mountEl);
  const info = CAPTIONS[name];
  if (caption && info) {
    const id = `linattn-caption-${name}-${Math.random().toString(36).slice(2, 8)}`;
    const figcaption = el(doc, 'figcaption', 'linattn-caption');
    figcaption.id = id;
    // Build-time HTML from content/chapter.md (markdown + MathML), never text from a URL.
    figcaption.innerHTML = info.html;
    if (sourceUrl) {
      const a = el(doc, 'a', 'linattn-source', 'Open in the chapter');
      a.href = sourceUrl;
      a.target = '_blank';
      a.rel = 'noopener';
      figcaption.append(' ', a);
    }
    figure.setAttribute('aria-labelledby', id);
    figure.append(figcaption);
  } else if (info) {
    figure.setAttribute('aria-label', `${info.label}: ${info.title}`);
  }
  container.append(figure);
  return {
    figure,
    mountEl,
    /** Shows `list` (plain strings from the URL or attributes) as text, one paragraph each. */
    showNotices(list) {
      notice.replaceChildren(...list.map((t) => el(doc, 'p', null, t)));
      notice.hidden = list.length === 0;
    },
  };
}

/** Mounts demo `name` into `mountEl`. Resolves to the demo's handle; on failure shows the error in
 *  place (as text) and resolves to null. */
export async function mountDemo(mountEl, name, { state, onStateChange } = {}) {
  mountEl.setAttribute('aria-busy', 'true');
  try {
    const load = LOADERS[name];
    if (!load) throw new Error(`There is no demo called ${JSON.stringify(String(name).slice(0, 30))} in this build.`);
    const [mod, la] = await Promise.all([load(), getLinattn()]);
    const handle = mod.mount(mountEl, { la, state, onStateChange });
    mountEl.dataset.status = 'ready';
    return handle;
  } catch (err) {
    const box = el(mountEl.ownerDocument, 'p', 'linattn-error');
    box.setAttribute('role', 'alert');
    box.append(el(mountEl.ownerDocument, 'strong', null, 'This figure could not load. '), String(err?.message ?? err));
    mountEl.replaceChildren(box);
    mountEl.dataset.status = 'error';
    console.warn(`demo "${name}" failed:`, err);
    return null;
  } finally {
    mountEl.removeAttribute('aria-busy');
  }
}
