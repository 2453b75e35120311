// The spotlight figure (section 4.3, "Spotlight and floodlight"): one target among N earlier
// tokens, read by softmax and by linear attention under four feature maps, each read's weights,
// focus and state; built on the demo kit (lib/demo-kit/). Its core is the spotlight's own module
// (wasm/spotlight.mjs), which the hosts load for this demo and hand over as `la`.
import '../../styles/figure.css'; // the figures' shared styles: one copy for every figure on a page
import './spotlight.css';
import { createDemo } from '../../lib/demo-kit/demo.js';
import { spotlightExecutors } from './compute.js';
import { exportOf } from './export.js';
import { createFigure } from './figure.js';
import { initialState, linkState, reduce, requests } from './state.js';
import { spotlightSymbols } from './symbols.js';

/** @param {HTMLElement} root @param {{ la: any, state?: object, onStateChange?: (s: object) => void }} options */
export function mount(root, { la: sp, state, onStateChange }) {
  const dispatch = (action) => demo.dispatch(action);
  const figure = createFigure(root, dispatch, sp.limits);
  const demo = createDemo({
    initial: initialState(state),
    reduce,
    requests,
    executors: spotlightExecutors(sp, root.ownerDocument?.defaultView ?? globalThis),
    view: figure.view,
    changed: (next, prev) => {
      if (next.from === 'reader' && next.settings !== prev.settings) onStateChange?.(linkState(next.settings));
    },
  });
  // The view reads the figure's width as it draws; a window resize asks for a draw at the new one.
  const win = root.ownerDocument?.defaultView ?? window;
  const resized = () => dispatch({ type: 'width', width: figure.el.clientWidth });
  win.addEventListener('resize', resized);
  demo.flush();
  const update = (input) => {
    demo.dispatch({ type: 'propose', patch: input, from: 'outside' });
    demo.flush();
  };
  return {
    getState: () => linkState(demo.getState().settings),
    update,
    setState: update,
    pause: demo.pause,
    resume: demo.resume,
    destroy() {
      win.removeEventListener('resize', resized);
      figure.destroy();
      demo.destroy();
      figure.el.remove();
    },
    exportable: () => exportOf(figure.shown() ?? { result: null, settings: null }, figure),
    symbols: import.meta.env.LINATTN_ELEMENTS ? undefined : () => spotlightSymbols(figure.shown(), figure.el),
  };
}
