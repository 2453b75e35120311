// The demos as custom elements, from one ES module (dist/linattn-elements.js):
//   <script type="module" src="https://your.host/linattn/linattn-elements.js"></script>
//   <linattn-ledger feature-map="elu1" step="2"></linattn-ledger>
//   <linattn-overcapacity d="32" n="40"></linattn-overcapacity>
//   <linattn-memory preset="llama-3-8b" tokens="1000000" linear></linattn-memory>
// One element per demo of web/src/demos/registry.js. Attributes are the demo's settings (its
// folder's settings.js, camelCase written kebab-case), plus
//   theme="light|dark"   (default: the reader's system setting)   caption="none"
// Each element has its own shadow root with the theme tokens, the figure styles and the demo's CSS,
// and its own state; the WebAssembly core is loaded once and shared (core.js).
// element.state reads or sets the state (getState/update of the demo); the demo pauses while the
// element is off-screen and is destroyed a second after the element leaves the document; element.ready resolves
// once it is mounted; a 'linattn-statechange' event (detail: the state) follows the reader.
import themeCss from '../styles/theme.css?inline';
import figureCss from '../embed-figure.css?inline';
import { DEMOS } from '../demos/registry.js';
import { attributeName, decodeSettings, quote, settingOfAttribute } from '../embed-codec.js';
import { buildFigure } from '../embed-figure.js';
import { mountDemo, pauseWhenHidden } from '../lib/mount.js';

// The page's theme is keyed on <html>; inside a shadow root the same tokens sit on the host, and the
// theme attribute plays data-theme's part.
const hostTheme = themeCss
  .replace(/:root:not\(\[data-theme="light"\]\)/g, ':host(:not([theme="light"]))')
  .replace(/:root\[data-theme="dark"\]/g, ':host([theme="dark"])')
  .replace(/:root/g, ':host');

// Nothing inherited from the host page (fonts, colours, line height, text alignment) reaches in.
const HOST_RESET = ':host { all: initial; display: block; }\n:host([hidden]) { display: none; }\n';
const HOST_BOX =
  ':host { color: var(--fg); background: var(--bg); font-family: var(--font-body); ' +
  'text-align: start; padding: 0.75rem; border-radius: 6px; }\n';

// The host's styles (theme tokens, the figure) are there from the start; the demo's own stylesheet
// (the registry's css(), a lazy import) joins them before the demo mounts.
let hostSheet = null;
function hostStyles() {
  const css = `${HOST_RESET}${hostTheme}\n${HOST_BOX}${figureCss}`;
  if (!('adoptedStyleSheets' in Document.prototype) || typeof CSSStyleSheet.prototype.replaceSync !== 'function') {
    return { css };
  }
  if (!hostSheet) {
    hostSheet = new CSSStyleSheet();
    hostSheet.replaceSync(css);
  }
  return { sheet: hostSheet };
}

const demoSheets = new Map();
/** Resolves to the demo's stylesheet ({ sheet } or, without constructable sheets, { css }). */
function demoStyles(entry) {
  if (!demoSheets.has(entry.name)) {
    demoSheets.set(
      entry.name,
      (entry.css ? entry.css() : Promise.resolve({ default: '' })).then(({ default: css }) => {
        if (!hostStyles().sheet) return { css };
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(css);
        return { sheet };
      }),
    );
  }
  return demoSheets.get(entry.name);
}

/** Puts styles ({ sheet } or { css }) into a shadow root. */
/**
 * @param {ShadowRoot} root
 * @param {{ sheet?: CSSStyleSheet, css?: string }} styles
 */
function adopt(root, { sheet, css }) {
  if (sheet) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  else {
    const style = document.createElement('style');
    style.textContent = css;
    root.append(style);
  }
}

// Attributes any element may carry; they are not demo settings and get no notice.
const GLOBAL_ATTRIBUTES = new Set([
  'id',
  'class',
  'style',
  'title',
  'lang',
  'dir',
  'hidden',
  'tabindex',
  'slot',
  'part',
  'exportparts',
  'role',
  'translate',
  'nonce',
  'autofocus',
  'inert',
  'is',
  'accesskey',
  'draggable',
  'spellcheck',
  'popover',
  'theme',
  'caption',
]);
const isGlobal = (a) => GLOBAL_ATTRIBUTES.has(a) || /^(data|aria)-/.test(a) || /^on[a-z]+$/.test(a);

const DESTROY_AFTER_MS = 1000; // moved elements (disconnect + connect) keep their demo

function defineDemoElement(entry) {
  const demo = entry.name;
  const settingAttributes = Object.keys(entry.settings).flatMap((k) => [
    ...new Set([attributeName(k), k.toLowerCase()]),
  ]);

  class LinattnDemoElement extends HTMLElement {
    static get observedAttributes() {
      return [...settingAttributes, 'theme'];
    }

    #handle = null;
    #parts = null;
    #starting = null;
    #lastState = undefined;
    #destroyTimer = 0;
    #resolveReady = null;
    #stopWatching = () => {};
    #styled = false;

    constructor() {
      super();
      adopt(this.attachShadow({ mode: 'open' }), hostStyles());
      /** Resolves to the element once its demo is mounted (or failed to). */
      this.ready = new Promise((resolve) => {
        this.#resolveReady = resolve;
      });
    }

    connectedCallback() {
      clearTimeout(this.#destroyTimer);
      if (!this.#starting) this.#starting = this.#start();
    }

    disconnectedCallback() {
      clearTimeout(this.#destroyTimer);
      this.#destroyTimer = setTimeout(() => {
        if (this.isConnected || !this.#starting) return;
        this.#starting.then(() => {
          if (this.isConnected) return;
          this.#lastState = this.#handle?.getState() ?? this.#lastState;
          this.#stopWatching();
          this.#handle?.destroy();
          this.#handle = null;
          this.shadowRoot.querySelector('.linattn-figure')?.remove();
          this.#starting = null;
          this.ready = new Promise((resolve) => {
            this.#resolveReady = resolve;
          });
        });
      }, DESTROY_AFTER_MS);
    }

    /** Settings from the attributes, and what was ignored. */
    #readAttributes() {
      const entries = [];
      const strangers = [];
      for (const attr of this.getAttributeNames()) {
        const key = settingOfAttribute(demo, attr);
        if (key) entries.push([key, this.getAttribute(attr)]);
        else if (!isGlobal(attr)) strangers.push(attr);
      }
      const { state, notices } = decodeSettings(demo, [...entries, ...strangers.map((a) => [a, ''])]);
      const theme = this.getAttribute('theme');
      if (theme !== null && theme !== 'light' && theme !== 'dark') {
        notices.unshift(`Attribute ${quote('theme')} must be light or dark (got ${quote(theme, 24)}); ignored.`);
      }
      return { state, notices };
    }

    async #start() {
      const { state, notices } = this.#readAttributes();
      const source = /^https?:/.test(import.meta.url)
        ? new URL(`./index.html#figure-${demo}`, import.meta.url).href
        : null;
      this.#parts = buildFigure(this.shadowRoot, demo, {
        caption: this.getAttribute('caption') !== 'none',
        sourceUrl: source,
      });
      this.#parts.showNotices(notices);
      if (!this.#styled) {
        this.#styled = true;
        try {
          adopt(this.shadowRoot, await demoStyles(entry));
        } catch (err) {
          console.warn(`styles of the "${demo}" demo failed to load:`, err); // the demo still works
        }
      }
      const initial = this.#lastState ?? (Object.keys(state).length ? state : undefined);
      this.#handle = await mountDemo(this.#parts.mountEl, demo, {
        state: initial,
        onStateChange: (next) => {
          this.dispatchEvent(new CustomEvent('linattn-statechange', { detail: next, bubbles: true, composed: true }));
        },
      });
      this.#stopWatching = pauseWhenHidden(this, this.#handle);
      this.#resolveReady(this);
    }

    attributeChangedCallback(attr, oldValue, value) {
      if (!this.#handle || oldValue === value || value === null || attr === 'theme') return;
      const key = settingOfAttribute(demo, attr);
      if (!key) return;
      const { state, notices } = decodeSettings(demo, [[key, value]]);
      this.#parts.showNotices(notices);
      if (Object.keys(state).length) this.#handle.update(state);
    }

    /** The demo's current state (a copy), or null before it is mounted. */
    get state() {
      return this.#handle ? this.#handle.getState() : null;
    }

    /** Applies settings as the demo's setState does: unknown or invalid fields are ignored with a
     *  visible notice. */
    set state(obj) {
      this.#handle?.update(obj);
    }
  }
  return LinattnDemoElement;
}

for (const entry of DEMOS) {
  const tag = `linattn-${entry.name}`;
  if (!customElements.get(tag)) customElements.define(tag, defineDemoElement(entry));
}
