// The spoken summary: a polite live region that says the model, the cache and the state at the
// reader's context, and what fits on the GPU, once the reader pauses (not in every frame of a drag).
// Its first words come with the figure's first numbers: written later, they would push everything
// below down a line under the reader's pointer (a click aimed at "Settings" would miss it).

import { h, setText } from '../../lib/dom.js';
import { summaryText } from './labels.js';

const DELAY_MS = 350;

/** Returns { el, update(state, results), pause(), resume(), destroy() }. */
export function createSummary() {
  const el = h('p', { class: 'lm-summary', 'aria-live': 'polite' });
  let timer = 0;
  let due = null; // [state, results] waiting to be said (kept over a pause)
  let dueAt = 0; // when: DELAY_MS after the latest render
  let paused = false;

  // One timer for a whole drag: each frame moves dueAt on, and the timer, when it fires early,
  // waits for the rest (a timer cleared and set again in every frame costs the frame more).
  function fire() {
    timer = 0;
    if (!due || paused) return;
    const wait = dueAt - performance.now();
    if (wait > 1) {
      timer = setTimeout(fire, wait);
      return;
    }
    const [state, results] = due;
    due = null;
    setText(el, summaryText(state, results));
  }
  function start() {
    dueAt = performance.now() + DELAY_MS;
    if (!timer) timer = setTimeout(fire, DELAY_MS);
  }
  function update(state, results) {
    if (el.textContent === '') {
      setText(el, summaryText(state, results));
      return;
    }
    due = [state, results];
    if (!paused) start();
  }
  function pause() {
    paused = true;
    clearTimeout(timer);
    timer = 0;
  }
  function resume() {
    paused = false;
    if (due) start();
  }
  return { el, update, pause, resume, destroy: () => clearTimeout(timer) };
}
