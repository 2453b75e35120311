// What the host drives (web/src/demos/types.d.ts, DemoHandle): the settings out and in, pause,
// resume and finish off-screen or for print, destroy, the Embed panel's files and linked
// reading's symbols.
import { linkState, sweepKey } from './state.js';
import { indexOfN } from './sweep.js';
import { overcapacitySymbols } from './symbols.js';
import { exportOf } from './export.js';

/**
 * @param {{ root: HTMLElement, demo: any, dispatch: any, figure: any, lifecycle: any, work: any,
 *   ac: AbortController, life: { destroyed: boolean } }} parts
 * @returns {import('../types').DemoHandle}
 */
export function overcapacityHandle({ root, demo, dispatch, figure, lifecycle, work, ac, life }) {
  const settings = () => demo.getState().settings;
  const entry = () => demo.getState().sweeps.get(sweepKey(settings())) || null;
  const getState = () => linkState(settings());
  const update = (obj) => {
    dispatch({ type: 'update', settings: obj });
    return getState();
  };
  return {
    getState,
    update,
    setState: update,
    /** What the Embed panel saves (web/src/lib/export.js, export-sheet.js): the curve with its key
     *  and settings, and the sweep's numbers it plots (rounded as its table shows them). */
    exportable: () => exportOf(entry(), settings(), root),
    /** Linked reading (web/src/hosts/chapter/linked/): N, d and the crosstalk at N, from the sweep.
     *  Left out of the custom elements' build, which has no chapter math to link (a build-time
     *  constant). */
    symbols: import.meta.env.LINATTN_ELEMENTS
      ? undefined
      : () => {
          const sweep = entry()?.sweep ?? null;
          return overcapacitySymbols(settings(), sweep, indexOfN(sweep, settings().n), root);
        },
    pause: lifecycle.pause,
    resume: lifecycle.resume,
    finish: lifecycle.finish,
    destroy() {
      life.destroyed = true;
      lifecycle.destroy();
      ac.abort();
      dispatch.cancel();
      demo.destroy();
      work.destroy();
      figure.destroy();
      root.replaceChildren();
      root.classList.remove('la-overcapacity');
      for (const name of ['sweep', 'n', 'work']) delete root.dataset[name];
    },
  };
}
