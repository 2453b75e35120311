// The demos as custom elements, from one ES module (dist/linattn-elements.js):
//   <script type="module" src="https://your.host/linattn/linattn-elements.js"></script>
//   <linattn-ledger feature-map="elu1" step="2"></linattn-ledger>
//   <linattn-overcapacity d="32" n="40"></linattn-overcapacity>
//   <linattn-memory preset="llama-3-8b" tokens="1000000" linear></linattn-memory>
// Attributes are the demo's settings (embed-codec.js SCHEMAS, camelCase written kebab-case), plus
//   theme="light|dark"   (default: the reader's system setting)   caption="none"
// Each element has its own shadow root with the theme tokens, the figure styles and the demo's CSS,
// and its own state; the WebAssembly core is loaded once and shared (core.js).
// element.state reads or sets the state (getState/setState of the demo); element.ready resolves
// once it is mounted; a 'linattn-statechange' event (detail: the state) follows the reader.
import themeCss from '../styles/theme.css?inline';
import figureCss from '../embed-figure.css?inline';
import ledgerCss from '../demos/ledger/ledger.css?inline';
import overcapacityCss from '../demos/overcapacity/overcapacity.css?inline';
import memoryCss from '../demos/memory/memory.css?inline';
import { SCHEMAS, attributeName, decodeSettings, quote, settingOfAttribute } from '../embed-codec.js';
import { buildFigure, mountDemo } from '../embed-figure.js';

const DEMO_CSS = { ledger: ledgerCss, overcapacity: overcapacityCss, memory: memoryCss };

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

const sheets = {};
function stylesFor(demo) {
  const css = `${HOST_RESET}${hostTheme}\n${HOST_BOX}${figureCss}\n${DEMO_CSS[demo]}`;
  if (!('adoptedStyleSheets' in Document.prototype) || typeof CSSStyleSheet.prototype.replaceSync !== 'function') {
    return { css };
  }
  if (!sheets[demo]) {
    sheets[demo] = new CSSStyleSheet();
    sheets[demo].replaceSync(css);
  }
  return { sheet: sheets[demo] };
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

function defineDemoElement(demo) {
  const settingAttributes = Object.keys(SCHEMAS[demo]).flatMap((k) => [
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

    constructor() {
      super();
      const root = this.attachShadow({ mode: 'open' });
      const { sheet, css } = stylesFor(demo);
      if (sheet) root.adoptedStyleSheets = [sheet];
      else {
        const style = document.createElement('style');
        style.textContent = css;
        root.append(style);
      }
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
      const initial = this.#lastState ?? (Object.keys(state).length ? state : undefined);
      this.#handle = await mountDemo(this.#parts.mountEl, demo, {
        state: initial,
        onStateChange: (next) => {
          this.dispatchEvent(new CustomEvent('linattn-statechange', { detail: next, bubbles: true, composed: true }));
        },
      });
      this.#resolveReady(this);
    }

    attributeChangedCallback(attr, oldValue, value) {
      if (!this.#handle || oldValue === value || value === null || attr === 'theme') return;
      const key = settingOfAttribute(demo, attr);
      if (!key) return;
      const { state, notices } = decodeSettings(demo, [[key, value]]);
      this.#parts.showNotices(notices);
      if (Object.keys(state).length) this.#handle.setState(state);
    }

    /** The demo's current state (a copy), or null before it is mounted. */
    get state() {
      return this.#handle ? this.#handle.getState() : null;
    }

    /** Applies settings as the demo's setState does: unknown or invalid fields are ignored with a
     *  visible notice. */
    set state(obj) {
      this.#handle?.setState(obj);
    }
  }
  return LinattnDemoElement;
}

for (const demo of Object.keys(SCHEMAS)) {
  const tag = `linattn-${demo}`;
  if (!customElements.get(tag)) customElements.define(tag, defineDemoElement(demo));
}
