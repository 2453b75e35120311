// The demos as custom elements, from one small ES module (dist/linattn-elements.js) that loads each
// demo's code and the core from dist/linattn-elements/ the first time an element needs them
// (web/build/embed.mjs, ARCHITECTURE.md "The custom elements' files"):
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
// once it is mounted (attributes set and state assigned before that are applied then); a
// 'linattn-statechange' event (detail: the state) follows the reader's changes only, never
// changes made by attributes or element.state. Removing a setting's attribute brings back its
// default; caption="none" may be set and removed at any time.
import themeCss from '../../styles/theme.css?inline';
import figureCss from '../shared/figure.css?inline';
import figureStylesCss from '../../styles/figure.css?inline';
import { DEMOS } from '../../demos/registry.js';
import { attributeName, decodeSettings, quote, settingOfAttribute } from '../shared/settings-codec.js';
import { buildFigure } from '../shared/figure.js';
import { shareOneCore } from '../shared/core.js';
import { mountDemo, pauseWhenHidden } from '../shared/mount.js';

// A page that also shows an element of a demo with no core of its own loads the shared core
// anyway: then every element takes that one (core.js, shareOneCore), and a <linattn-ledger> beside
// it fetches no module of its own. Alone (or with only elements that have their own), each
// element's demo loads only its own core.
function shareIfLoaded() {
  const shared = DEMOS.filter((d) => d.load && !d.core).map((d) => `linattn-${d.name}`);
  if (shared.length && document.querySelector(shared.join(', '))) shareOneCore();
}

// Isolation from the host page. Its rules cannot select anything inside the shadow root, but two
// things still reach in: inherited properties (set on the element itself, even with !important)
// and rem units (relative to the host page's <html> font size). So the figure sits in a wrapper
// that resets every inherited property (all: initial) and sets its own, and the demos' rem sizes
// are measured against --la-rem: the reader's default font size (font-size: medium), not the
// host's. The theme tokens are theme.css's own rules for :host (theme="light|dark").
const HOST_CSS = ':host { display: block; }\n:host([hidden]) { display: none; }\n';
let remValue = '16px';
try {
  // A registered <length> computes 1em where it is declared (on the wrapper, at font-size: medium),
  // so it stays the same length everywhere inside. Without registration 16px is the fallback.
  CSS.registerProperty({ name: '--la-rem', syntax: '<length>', inherits: true, initialValue: '16px' });
  remValue = '1em';
} catch (err) {
  if (err?.name === 'InvalidModificationError') remValue = '1em'; // registered by another copy
}
const WRAPPER_CSS =
  `.linattn-element { all: initial; display: block; color-scheme: inherit; font-size: medium; --la-rem: ${remValue}; ` +
  'color: var(--fg); background: var(--bg); font-family: var(--font-body); line-height: 1.5; ' +
  'text-align: start; padding: calc(0.75 * var(--la-rem)); border-radius: 6px; }\n';

/** rem lengths of a stylesheet, measured against the element's --la-rem instead of the host's <html>. */
const remToElement = (css) => css.replace(/(^|[^\w.#-])(-?\d*\.?\d+)rem\b/g, '$1calc($2 * var(--la-rem))');

// The host's styles (theme tokens, the figure's frame, the figures' shared styles) are there from
// the start, one sheet for every element of the page; the demo's own stylesheet
// (the registry's css(), a lazy import) joins them before the demo mounts.
let hostSheet = null;
function hostStyles() {
  const css = `${HOST_CSS}${themeCss}\n${WRAPPER_CSS}${remToElement(figureCss)}\n${remToElement(figureStylesCss)}`;
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
      (entry.css ? entry.css() : Promise.resolve({ default: '' })).then(({ default: raw }) => {
        const css = remToElement(raw);
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

/** A demo's element; defineDemoElement makes one subclass per registry entry, naming its demo. */
class DemoElementBase extends HTMLElement {
  /** @type {(typeof DEMOS)[number]} */
  #entry;
  /** @type {string} */
  #demo;
  #handle = null;
  #parts = null;
  #wrapper = null;
  #starting = null;
  #lastState = undefined;
  #destroyTimer = 0;
  #resolveReady = null;
  #stopWatching = () => {};
  #styled = false;
  #attributesRead = false; // the attributes were read for the mount under way
  #attributesChanged = false; // and changed after that, before the demo was there to take them
  #readKeys = []; // the settings the mount under way took from attributes
  #pending = []; // element.state assignments made before the demo was mounted, in order
  #remounting = Promise.resolve();

  /** @param {(typeof DEMOS)[number]} entry the demo's registry entry */
  constructor(entry) {
    super();
    this.#entry = entry;
    this.#demo = entry.name;
    const root = this.attachShadow({ mode: 'open' });
    adopt(root, hostStyles());
    this.#wrapper = document.createElement('div');
    this.#wrapper.className = 'linattn-element';
    root.append(this.#wrapper);
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
        this.#parts?.figure.remove();
        this.#parts = null;
        this.#starting = null;
        this.#attributesRead = false;
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
      const key = settingOfAttribute(this.#demo, attr);
      if (key) entries.push([key, this.getAttribute(attr)]);
      else if (!isGlobal(attr)) strangers.push(attr);
    }
    const { state, notices } = decodeSettings(this.#demo, [...entries, ...strangers.map((a) => [a, ''])]);
    const theme = this.getAttribute('theme');
    if (theme !== null && theme !== 'light' && theme !== 'dark') {
      notices.unshift(`Attribute ${quote('theme')} must be light or dark (got ${quote(theme, 24)}); ignored.`);
    }
    return { state, notices };
  }

  #mountOptions(state) {
    return {
      state,
      // The demo calls this for the reader's changes only (never for update()): the event
      // follows the reader, not the page's own scripts.
      onStateChange: (next) => {
        this.dispatchEvent(new CustomEvent('linattn-statechange', { detail: next, bubbles: true, composed: true }));
      },
    };
  }

  async #start() {
    const source = /^https?:/.test(import.meta.url)
      ? new URL(`./index.html#figure-${this.#demo}`, import.meta.url).href
      : null;
    this.#parts = buildFigure(this.#wrapper, this.#demo, {
      caption: this.getAttribute('caption') !== 'none',
      sourceUrl: source,
    });
    this.#parts.showNotices(this.#readAttributes().notices);
    if (!this.#styled) {
      this.#styled = true;
      try {
        adopt(this.shadowRoot, await demoStyles(this.#entry));
      } catch (err) {
        console.warn(`styles of the "${this.#demo}" demo failed to load:`, err); // the demo still works
      }
    }
    // Attributes are read as late as possible: a script that appends the element and then sets
    // attributes (before any await of its own) has its settings in the first picture.
    await Promise.resolve();
    const { state, notices } = this.#readAttributes();
    this.#parts.showNotices(notices);
    this.#attributesRead = true;
    this.#attributesChanged = false;
    this.#readKeys = Object.keys(state);
    const initial = this.#lastState ?? (Object.keys(state).length ? state : undefined);
    await this.#mount(initial);
    this.#catchUp();
    this.#resolveReady(this);
  }

  /** Mounts the demo with `state` (its code and the core load the first time any element needs
   *  them) and pauses it while the element is off-screen. */
  async #mount(state) {
    shareIfLoaded();
    this.#handle = await mountDemo(this.#parts.mountEl, this.#demo, this.#mountOptions(state));
    this.#stopWatching = pauseWhenHidden(this, this.#handle);
  }

  /** Applies what arrived while the demo was loading: attribute changes, then state assignments. */
  #catchUp() {
    if (!this.#handle) return;
    if (this.#attributesChanged) {
      this.#attributesChanged = false;
      const { state, notices } = this.#readAttributes();
      this.#parts.showNotices(notices);
      if (Object.keys(state).length) this.#handle.update(state);
      for (const key of this.#readKeys) if (!(key in state)) this.#remountWithout(key);
    }
    const pending = this.#pending;
    this.#pending = [];
    for (const obj of pending) this.#handle.update(obj);
  }

  /** A removed setting goes back to the demo's default: the demo is mounted again with the current
   *  state without that setting (the demo fills in its default). */
  #remountWithout(key) {
    this.#remounting = this.#remounting.then(async () => {
      if (!this.#handle || !this.#parts) return;
      const state = this.#handle.getState();
      delete state[key];
      this.#stopWatching();
      this.#handle.destroy();
      this.#handle = null;
      await this.#mount(state);
      this.#catchUp();
    });
  }

  attributeChangedCallback(attr, oldValue, value) {
    if (oldValue === value || attr === 'theme') return; // the theme is the stylesheet's (:host([theme]))
    if (attr === 'caption') {
      this.#parts?.showCaption(value !== 'none');
      return;
    }
    const key = settingOfAttribute(this.#demo, attr);
    if (!key) return;
    if (!this.#handle) {
      // Not mounted yet: the attributes are read when the mount starts, or caught up after it.
      if (this.#attributesRead) this.#attributesChanged = true;
      return;
    }
    if (value === null) {
      this.#remountWithout(key);
      return;
    }
    const { state, notices } = decodeSettings(this.#demo, [[key, value]]);
    this.#parts.showNotices(notices);
    if (Object.keys(state).length) this.#handle.update(state);
  }

  /** The demo's current state (a copy), or null before it is mounted. */
  get state() {
    return this.#handle ? this.#handle.getState() : null;
  }

  /** Applies settings as the demo's update() does: unknown or invalid fields are ignored with a
   *  visible notice. Before the demo is mounted, the settings wait and are applied once it is. */
  set state(obj) {
    if (this.#handle) this.#handle.update(obj);
    else this.#pending.push(obj);
  }
}

/** The element class of one registry entry: its observed attributes are its settings'. */
function defineDemoElement(entry) {
  const settingAttributes = Object.keys(entry.settings).flatMap((k) => [
    ...new Set([attributeName(k), k.toLowerCase()]),
  ]);
  return class LinattnDemoElement extends DemoElementBase {
    static get observedAttributes() {
      return [...settingAttributes, 'theme', 'caption'];
    }

    constructor() {
      super(entry);
    }
  };
}

for (const entry of DEMOS) {
  const tag = `linattn-${entry.name}`;
  if (!customElements.get(tag)) customElements.define(tag, defineDemoElement(entry));
}
