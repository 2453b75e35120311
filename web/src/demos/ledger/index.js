// The running ledger (§4.1: the worked example one stamp at a time), on the demo kit (lib/demo-kit/):
//   reducer.js   the state and its named actions; state.js, edits.js the settings and edits (pure)
//   requests.js  the core call a proposed edit asks for (la.ledgerView via model.js), on the page
//   view.js      the figure (figure.js, render-*.js) drawn from the state, write-on-change
//   handle.js    what the host drives: getState, update, pause, resume, destroy, exportable, symbols
// Controls dispatch actions; an action and its answer apply, and the view draws, before it returns.
import '../../styles/figure.css'; // the figures' shared styles: one copy for every figure on a page
import './ledger.css';
import { h } from '../../lib/dom.js';
import { createDemo } from '../../lib/demo-kit/demo.js';
import { workTimer } from '../../lib/work-timing.js';
import { cloneState } from './state.js';
import { initialState, reduce } from './reducer.js';
import { requests, pageExecutor } from './requests.js';
import { computeLedger } from './model.js';
import { createFigure } from './figure.js';
import { ledgerView } from './view.js';
import { createAnnouncer, watchScrollables } from './live.js';
import { ledgerHandle, coreMissing } from './handle.js';

/**
 * @param {HTMLElement} root
 * @param {import('../types').MountOptions} options
 * @returns {import('../types').DemoHandle}
 */
export function mount(root, { la, state: input, onStateChange }) {
  const el = root.appendChild(h('div', { class: 'la-ledger' }));
  if (!la || typeof la.ledgerView !== 'function') return coreMissing(el);
  const life = { destroyed: false, paused: false };
  const timed = workTimer('ledger'); // its own work, as User Timing measures la-ledger:*
  /** A control's action: applied, answered by the core and drawn before it returns. */
  const dispatch = (action) => {
    if (life.destroyed) return;
    const [t0, before] = [performance.now(), demo.getState().view];
    demo.dispatch(action);
    demo.flush();
    if (demo.getState().view !== before) timed('frame', t0);
  };
  const figure = createFigure(el, dispatch);
  const [now, alive] = [() => demo.getState(), () => !life.destroyed];
  const announcer = createAnnouncer(figure.live, { state: () => now().settings, view: () => now().view, alive });
  const scrollables = watchScrollables(el, { paused: () => life.paused, alive });
  figure.onScrollableDrawn = () => scrollables.schedule();
  const demo = createDemo({
    initial: initialState(input, la.limits?.maxAbsValue ?? 1e6),
    reduce,
    requests,
    executors: { page: pageExecutor({ ledgerView: (settings) => computeLedger(la, settings) }) },
    keep: 0, // a proposal is computed each time it is made (the page's call is cheap)
    view: ledgerView(el, figure, announcer),
    changed(next, prev) {
      if (next.view === prev.view) return;
      announcer.schedule();
      if (prev.pending?.source === 'reader') onStateChange?.(cloneState(next.settings));
    },
  });
  demo.flush(); // the first paint, before mount returns
  return ledgerHandle({ el, demo, dispatch, figure, announcer, scrollables, life });
}

export default mount;
