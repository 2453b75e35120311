// What the ledger does after it has drawn: the polite live region (read verdicts, said once the
// reader pauses) and the scrollable-box check (asked after the frame that shows the update).
import { formatNumber, formatVector } from './format.js';
import { keyLabel } from './render-tables.js';
import { markScrollables } from '../../lib/scrollables.js';
import { coalesceAfterFrames } from '../../lib/frame.js';

const ANNOUNCE_DELAY_MS = 500;

/**
 * The live region's voice.
 * @param {HTMLElement} live the aria-live element
 * @param {{ state: () => any, view: () => any, alive: () => boolean }} get
 * @returns {{ say: (text: string) => void, schedule: () => void, cancel: () => void }}
 */
export function createAnnouncer(live, get) {
  /** @type {ReturnType<typeof setTimeout> | 0} */
  let timer = 0;
  let lastAnnounced = '';

  function say(text) {
    live.textContent = text;
    lastAnnounced = text;
  }

  /** Read verdicts for the polite live region, after the reader pauses (drags would flood it). */
  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (!get.alive()) return;
      const state = get.state();
      const view = get.view();
      const n = state.associations.length;
      const parts = view.reads
        .slice(0, 4)
        .map(
          (r) =>
            `${keyLabel(r.index)} reads ${formatVector(r.read)}, ` +
            (r.exact ? 'exact' : `off by ${formatNumber(r.error)}`),
        );
      if (view.reads.length > 4) parts.push('and more');
      const text =
        `After ${state.step} of ${n} writes: ` + (parts.length ? parts.join('; ') + '.' : 'nothing to read.');
      if (text !== lastAnnounced) say(text);
    }, ANNOUNCE_DELAY_MS);
  }

  return { say, schedule, cancel: () => clearTimeout(timer) };
}

/**
 * Which boxes scroll is a question about layout: asked after the frame that shows the update has
 * been drawn (layout is then up to date), never right after writing to the DOM, which would force
 * a second layout of the whole chapter inside every frame of a drag. A box that scrolls sideways
 * (narrow screens) becomes focusable so the keyboard can scroll it.
 * @param el the demo's element (a box inside it that scrolls sideways is marked)
 * @param {{ paused: () => boolean, alive: () => boolean }} get
 * @returns {{ schedule: () => void, cancel: () => void, disconnect: () => void }}
 */
export function watchScrollables(el, get) {
  const mark = () => markScrollables(el, '.lg-scroll');
  const after = coalesceAfterFrames(() => {
    if (get.alive() && !get.paused()) mark();
  });

  function schedule() {
    if (!get.paused()) after();
  }

  // Marked after the frame, never in the observer's callback: a box marked focusable becomes a
  // 24 px touch target (styles/figure.css), a size the observer would have to report again in the
  // same frame (Firefox then fires "ResizeObserver loop completed with undelivered notifications").
  const resized = coalesceAfterFrames(() => {
    if (get.alive()) mark();
  });
  const resizeObserver = typeof ResizeObserver === 'function' ? new ResizeObserver(() => resized()) : null;
  resizeObserver?.observe(el);

  return {
    schedule,
    cancel: after.cancel,
    disconnect: () => {
      resized.cancel();
      resizeObserver?.disconnect();
    },
  };
}
