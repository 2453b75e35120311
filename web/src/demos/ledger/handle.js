// What the host drives (web/src/demos/types.d.ts, DemoHandle): the ledger's settings out and in,
// pause and resume off-screen, destroy, the Embed panel's files and linked reading's symbols.
import { h } from '../../lib/dom.js';
import { cloneState } from './state.js';
import { ledgerSymbols } from './symbols.js';
import { exportOf } from './export.js';

/** The handle of a ledger whose core did not load: a sentence, and nothing to drive. */
export function coreMissing(el) {
  el.append(h('p', { class: 'lg-bad' }, 'The ledger needs the WebAssembly core, which did not load.'));
  const none = () => {};
  return { getState: () => null, update: none, setState: none, pause: none, resume: none, destroy: () => el.remove() };
}

/** Drops any work waiting for an animation frame: the slider's page turn, a drag's last move,
 *  the scrollable-box check. */
function cancelFrames(figure, scrollables) {
  figure.stepper.turn.cancel();
  for (const hd of figure.plane.handleList ?? []) hd.frames?.cancel();
  figure.plane.dragMatrix?.forget(); // a drag cut short: its scroll and resize listeners go too
  scrollables.cancel();
}

/**
 * @param {{ el: HTMLElement, demo: { getState(): import('./reducer.js').LedgerState, pause(): void,
 *   resume(): void, destroy(): void },
 *   dispatch: (action: import('./reducer.js').LedgerAction) => void, figure: any, announcer: { cancel(): void },
 *   scrollables: ReturnType<typeof import('./live.js').watchScrollables>,
 *   life: { destroyed: boolean, paused: boolean } }} parts
 * @returns {import('../types').DemoHandle}
 */
export function ledgerHandle({ el, demo, dispatch, figure, announcer, scrollables, life }) {
  /** Settings from outside (a permalink, an attribute, element.state): merged, checked, shown. */
  const update = (settings) => dispatch({ type: 'update', settings });
  const shown = () => demo.getState();
  return {
    getState: () => cloneState(shown().settings),
    update,
    setState: update,
    pause() {
      life.paused = true;
      demo.pause();
      cancelFrames(figure, scrollables);
    },
    resume() {
      if (!life.paused || life.destroyed) return;
      life.paused = false;
      demo.resume();
      scrollables.schedule(); // the layout may have changed while it was off-screen
    },
    /** What the chapter's Embed panel saves (web/src/lib/export.js, export-sheet.js): the values'
     *  plane (d = 2) with its key and settings, and each read (export.js). */
    exportable: import.meta.env.LINATTN_ELEMENTS
      ? undefined
      : () => exportOf(shown().settings, shown().view, figure.plane.valueLayer.ownerSVGElement),
    /** Linked reading (web/src/hosts/chapter/linked/): each symbol of the chapter's math this figure
     *  shows. Both are left out of the custom elements' build, which has no chapter math to link and
     *  no Embed panel (build-time constants: the bundler drops symbols.js and export.js there). */
    symbols: import.meta.env.LINATTN_ELEMENTS ? undefined : () => ledgerSymbols(shown().settings, shown().view, el),
    destroy() {
      life.destroyed = true;
      announcer.cancel();
      cancelFrames(figure, scrollables);
      scrollables.disconnect();
      figure.disconnect();
      demo.destroy();
      // la.ledgerView makes and frees its memories within the call: no WebAssembly object is alive here.
      el.remove();
    },
  };
}
