// The demo contract in types (ARCHITECTURE.md, "The demo contract"): what a host passes to a demo's
// mount() and what it gets back. Checked by `npm run typecheck` through the JSDoc of each demo.
import type { Linattn } from '../../wasm/index.mjs';

/** The second argument of every demo's mount(root, options). */
export interface MountOptions<S = Record<string, unknown>> {
  /** The core, loaded once per page (web/src/hosts/shared/core.js). */
  la: Linattn;
  /** Settings to start from (a permalink, an embed's query, an element's attributes); checked by the demo. */
  state?: Partial<S>;
  /** Called with the whole state after every change the reader makes. */
  onStateChange?: (state: S) => void;
}

/** What mount() returns: the host drives the demo through it. */
export interface DemoHandle<S = Record<string, unknown>> {
  getState(): S;
  /** Merges settings into the state (invalid ones are refused and named) and redraws. */
  update(state: Partial<S>): unknown;
  /** The same as update (the name hosts used before the lifecycle). */
  setState(state: Partial<S>): unknown;
  /** Off-screen: stop background work (sweeps stop streaming). */
  pause(): void;
  /** Back on screen: continue where pause() stopped. */
  resume(): void;
  /** For printing (web/src/hosts/chapter/print.js): computes to the end even while off-screen (a
   *  pause() meanwhile waits until then) and resolves once the figure shows its final numbers.
   *  Optional: a demo that computes everything as it draws has none. */
  finish?(): Promise<void>;
  /** Removes listeners, workers and core objects; the root is left empty. */
  destroy(): void;
  /** What the figure's Embed panel saves as SVG, PNG and CSV (web/src/lib/export.js). Optional. */
  exportable?(): Exportable;
  /** Linked reading (web/src/hosts/chapter/linked/): for each symbol of the chapter's math that this
   *  figure shows (names: web/src/hosts/chapter/linked/symbols.js), its current value as text (the core's numbers
   *  of the current state, formatted) and the figure element that shows it. Optional: a demo no
   *  equation refers to has none, and the custom elements' build leaves it out (no chapter math). */
  symbols?(): Record<string, LinkedSymbol>;
}

/** One symbol as a figure shows it now. */
export interface LinkedSymbol {
  /** "S after 3 writes = [[3, −3], [−2, 1]]" */
  text: string;
  /** The element to highlight (it carries data-symbol); null when the figure does not show it now. */
  element: Element | null;
  /** All elements to highlight when there are several (the crosstalk rows); element is the first. */
  elements?: Element[];
}

/** A figure to take away (each file stands on its own). `name` says the demo and its
 *  settings (a file name without the chapter's figure number); `svg` its main picture as drawn
 *  (null when none is shown); `legend` a key to every mark it draws, each with the element whose
 *  stroke or fill the key copies (a mark of the picture or the page legend's swatch); `axes` axis
 *  titles the picture itself lacks; `settings` every setting that changes its numbers, as
 *  [label, value]; `rows` the numbers that picture plots (units in the column heads, rounded as
 *  the figure shows them); `readerRow` the reader's own point (the context, N) as one more row. */
export interface Exportable {
  name: string;
  svg: SVGSVGElement | null;
  legend: { label: string; mark: Element | null }[];
  axes?: { y?: string };
  settings: (string | number)[][];
  rows: { columns: string[]; rows: (string | number)[][] };
  readerRow: (string | number)[] | null;
}
