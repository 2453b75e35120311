// The spoken summary: a polite live region that says the model, the cache and the state at the
// reader's context, and what fits on the GPU, once the reader pauses (not in every frame of a drag).
// Its first words come with the figure's first numbers: written later, they would push everything
// below down a line under the reader's pointer (a click aimed at "Settings" would miss it).

import { h, setText } from '../../lib/dom.js';
import { summaryText } from './labels.js';

const DELAY_MS = 350;

/** Returns { el, update(state, results), pause(), resume(), destroy() }. */
export function createSummary() {
  const el = h('p', { class: 'lm-summary fig-notice', 'aria-live': 'polite' });
  /** @type {ReturnType<typeof setTimeout> | 0} */
  let timer = 0;
  let due = null; // [state, results] waiting to be said
  let dueAt = 0; // when: DELAY_MS after the latest render
  let paused = false;
  const say = ([state, results]) => setText(el, summaryText(state, results));

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
    say(due);
    due = null;
  }
  function start() {
    dueAt = performance.now() + DELAY_MS;
    if (!timer) timer = setTimeout(fire, DELAY_MS);
  }
  function update(state, results) {
    // The first words, and any change while the figure is off-screen (paused: a permalink, a hash
    // edited by hand, a config read in the background), are written at once: no drag is under way
    // there, and a sentence held back until the figure came back on screen would print, or be read
    // beside the rest of the figure, as the previous model's.
    if (el.textContent === '' || paused) {
      due = null;
      say([state, results]);
      return;
    }
    due = [state, results];
    start();
  }
  function pause() {
    paused = true;
    clearTimeout(timer);
    timer = 0;
    // What was waiting to be said is written as the figure leaves the screen (no drag goes on
    // there), so it never shows, prints or reads as the settings before.
    if (due) say(due);
    due = null;
  }
  function resume() {
    paused = false;
    if (due) start();
  }
  return { el, update, pause, resume, destroy: () => clearTimeout(timer) };
}
