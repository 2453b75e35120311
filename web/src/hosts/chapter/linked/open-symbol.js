// Linked reading, symbol -> figure: the open symbol, its popup and the highlight of the figure
// element it names. The value comes from that demo's handle, symbols()[name].text, and follows the
// figure while the popup is open (a MutationObserver on the figure: any redraw, whatever caused it).
// `pinned`: opened by focus, click or tap, it stays while the reader works the figure it points at
// (the value follows); opened by hovering, it closes when the pointer leaves.
import { coalesceFrames } from '../../../lib/frame.js';
import { SYMBOLS } from './symbols.js';
import { createPopup } from './popup.js';
import { mountOf, demoFor, inView } from './figures.js';

const ON = 'linked-sym--on'; // the symbol whose popup is open
const TARGET = 'linked-target'; // the figure element a symbol names
const CLOSE_DELAY_MS = 300; // the pointer may cross the gap between a symbol and its popup
const LOADING_RETRY_MS = 250; // a figure still mounting: ask again until its demo is live
const WATCHED = { subtree: true, childList: true, characterData: true, attributes: true };
const WATCHED_ATTRIBUTES = ['data-n', 'data-sweep', 'value', 'class', 'hidden'];

export class OpenSymbol {
  /**
   * @param {Document} doc the chapter
   * @param {Map<string, { handle: import('../../../demos/types').DemoHandle }>} demos the live demos by name
   * @param {{ hint: HTMLElement, live: HTMLElement }} sr the hint the math points at and the live region
   */
  constructor(doc, demos, { hint, live }) {
    this.doc = doc;
    this.demos = demos;
    this.hint = hint;
    this.live = live;
    /** @type {{ sym: HTMLElement, math: HTMLElement, name: string, demo: string | null, targets: Element[], value: string, pinned: boolean } | null} */
    this.current = null;
    this.closeTimer = 0;
    this.retryTimer = 0;
    this.popup = createPopup(doc, { onGo: () => this.go() });
    this.refreshSoon = coalesceFrames(() => this.refresh());
    this.watcher = new MutationObserver(() => this.refreshSoon());
  }

  setTargets(next) {
    for (const el of this.current?.targets ?? []) if (!next.includes(el)) el.classList.remove(TARGET);
    for (const el of next) if (!el.classList.contains(TARGET)) el.classList.add(TARGET);
    if (this.current) this.current.targets = next;
  }

  /** What the demo says about the symbol now: { text, element, elements? } or null. */
  lookup() {
    const handle = this.demos.get(this.current.demo)?.handle;
    return handle && typeof handle.symbols === 'function' ? (handle.symbols()[this.current.name] ?? null) : null;
  }

  /** The popup's value when the demo has none: its figure is loading or failed (then no retry). */
  placeholder(label) {
    const { demo } = this.current;
    clearTimeout(this.retryTimer);
    if (mountOf(this.doc, demo)?.dataset.status === 'error')
      return `${label} could not load, so there is no value to show.`;
    if (!this.demos.get(demo)) this.retryTimer = setTimeout(() => this.refresh(), LOADING_RETRY_MS);
    return `${label} is still loading; its value will show here.`;
  }

  /** Rewrites the popup and the figure's highlight from the demo's current numbers. */
  refresh() {
    if (!this.current) return;
    const info = this.lookup();
    const targets = info ? (info.elements ?? [info.element]).filter(Boolean) : [];
    this.setTargets(targets);
    const meaning = SYMBOLS[this.current.name];
    const figure = mountOf(this.doc, this.current.demo)?.closest('figure');
    const label = figure?.querySelector('.fig-label')?.textContent ?? 'the figure';
    if (info) clearTimeout(this.retryTimer);
    const value = info ? info.text : this.placeholder(label);
    this.current.value = value;
    const offscreen = !targets[0] || !inView(targets[0]);
    this.popup.show(this.current.sym, {
      title: `${meaning.label}: ${meaning.names}`,
      value,
      link: offscreen && figure ? { href: `#${figure.id}`, text: `Show it in ${label}` } : null,
    });
  }

  /** Opens the popup for the symbol element `sym`. */
  select(sym, { announce = false, pin = true } = {}) {
    clearTimeout(this.closeTimer);
    const math = sym.closest('.katex');
    const name = sym.dataset.sym ?? '';
    const current = this.current;
    if (current?.sym === sym) {
      current.pinned ||= pin;
      return;
    }
    current?.sym.classList.remove(ON);
    const demo = demoFor(this.doc, name, math);
    const pinned = pin || Boolean(current?.pinned);
    this.current = { sym, math, name, demo, targets: current?.targets ?? [], value: '', pinned };
    sym.classList.add(ON);
    this.watcher.disconnect();
    const mount = mountOf(this.doc, demo);
    if (mount) this.watcher.observe(mount, { ...WATCHED, attributeFilter: WATCHED_ATTRIBUTES });
    this.refresh();
    math.setAttribute('aria-describedby', this.popup.el.id);
    if (announce) this.live.textContent = `${SYMBOLS[name].label}: ${this.current.value}`;
  }

  close() {
    clearTimeout(this.closeTimer);
    if (!this.current) return;
    this.watcher.disconnect();
    this.refreshSoon.cancel();
    clearTimeout(this.retryTimer);
    this.current.sym.classList.remove(ON);
    this.current.math.setAttribute('aria-describedby', this.hint.id);
    this.setTargets([]);
    this.current = null;
    this.popup.hide();
  }

  closeSoon() {
    clearTimeout(this.closeTimer);
    this.closeTimer = setTimeout(() => this.close(), CLOSE_DELAY_MS);
  }

  /** Inside the popup, the open math or the figure it points at: places that keep a pinned popup. */
  keepsOpen(node) {
    return (
      node instanceof Node &&
      (this.popup.contains(node) ||
        this.current?.math.contains(node) ||
        Boolean(mountOf(this.doc, this.current?.demo)?.contains(node)))
    );
  }

  /** Brings the figure element into view (the popup's link, Enter on a symbol). */
  go() {
    const current = this.current;
    const target = current?.targets[0] ?? (current && mountOf(this.doc, current.demo));
    if (!target) return;
    const smooth = !this.doc.defaultView.matchMedia('(prefers-reduced-motion: reduce)').matches;
    target.scrollIntoView({ block: 'center', behavior: smooth ? 'smooth' : 'auto' });
  }

  /** Closes and lets go of the popup and the figure. */
  destroy() {
    this.close();
    this.watcher.disconnect();
    this.popup.el.remove();
  }
}
