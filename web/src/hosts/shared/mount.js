// Mounting a demo into a figure, the same way in every host (the chapter, embed.html, the custom
// elements): load its code and the core, call its mount(), or show why it could not load, in the
// figure itself and as text. Then, while it is mounted, pause it when its figure leaves the screen
// and resume it when it returns (the demo lifecycle, ARCHITECTURE.md).
import { getCore } from './core.js';
import { demoNamed } from '../../demos/registry.js';

/** Shows `err` in mountEl in place of the demo (role=alert; text, never HTML). */
export function showDemoError(mountEl, name, err) {
  const doc = mountEl.ownerDocument ?? document;
  const box = doc.createElement('p');
  box.className = 'demo-error linattn-error';
  box.setAttribute('role', 'alert');
  const strong = doc.createElement('strong');
  strong.textContent = 'This figure could not load. ';
  box.append(strong, doc.createTextNode(err?.message ? String(err.message) : String(err)));
  mountEl.replaceChildren(box);
  mountEl.dataset.status = 'error';
  console.warn(`demo "${name}" failed:`, err);
}

/**
 * Mounts demo `name` (a registry name) into `mountEl`. Resolves to the demo's handle
 * { getState, update, setState, pause, resume, destroy }, or to null after showing the error.
 * mountEl.dataset.status becomes 'ready' or 'error'; aria-busy is set meanwhile.
 */
/**
 * @param {HTMLElement} mountEl
 * @param {string} name
 * @param {{ state?: object, onStateChange?: (state: object) => void }} [options]
 */
export async function mountDemo(mountEl, name, options = {}) {
  mountEl.setAttribute('aria-busy', 'true');
  let loaded;
  try {
    loaded = await loadDemo(name);
  } catch (err) {
    showDemoError(mountEl, name, err);
    mountEl.removeAttribute('aria-busy');
    return null;
  }
  return mountLoaded(mountEl, name, loaded, options);
}

/** Loads demo `name`'s code and its core (its entry's own `core`, else the page's): resolves to
 *  { mod, la } (what mountLoaded takes). */
export async function loadDemo(name) {
  const entry = demoNamed(name);
  if (!entry?.load)
    throw new Error(`There is no demo called ${JSON.stringify(String(name).slice(0, 30))} in this build.`);
  const [mod, la] = await Promise.all([entry.load(), getCore(entry)]);
  return { mod, la };
}

/**
 * mountDemo's second half, synchronous: mounts demo `name` from its loaded code and core
 * (loadDemo's { mod, la }). For a print that cannot wait (hosts/chapter/print.js): the figure is
 * drawn in the same task. Returns the handle, or null after showing the error.
 * @param {HTMLElement} mountEl
 * @param {string} name
 * @param {{ mod: any, la: any }} loaded
 * @param {{ state?: object, onStateChange?: (state: object) => void }} [options]
 */
export function mountLoaded(mountEl, name, { mod, la }, { state, onStateChange } = {}) {
  try {
    if (typeof mod.mount !== 'function') throw new Error(`The "${name}" demo has no mount() function.`);
    const handle = mod.mount(mountEl, { la, state, onStateChange });
    mountEl.dataset.status = 'ready';
    return withLifecycle(handle);
  } catch (err) {
    showDemoError(mountEl, name, err);
    return null;
  } finally {
    mountEl.removeAttribute('aria-busy');
  }
}

/** The full lifecycle on any handle: update/setState alias each other; pause/resume may be absent. */
function withLifecycle(handle) {
  if (!handle) return handle;
  const update = handle.update ?? handle.setState;
  return Object.assign(handle, {
    update,
    setState: handle.setState ?? update,
    pause: handle.pause ?? (() => {}),
    resume: handle.resume ?? (() => {}),
  });
}

/**
 * Pauses `handle` while `el` is off-screen and resumes it when it comes back (an
 * IntersectionObserver; a margin of `margin` around the viewport counts as on-screen). Returns a
 * function that stops watching. Without IntersectionObserver the demo simply never pauses.
 */
export function pauseWhenHidden(el, handle, { margin = '200px 0px' } = {}) {
  if (!handle || typeof IntersectionObserver !== 'function') return () => {};
  let paused = false;
  const io = new IntersectionObserver(
    (entries) => {
      const visible = entries[entries.length - 1].isIntersecting;
      if (visible && paused) {
        paused = false;
        handle.resume();
      } else if (!visible && !paused) {
        paused = true;
        handle.pause();
      }
    },
    { rootMargin: margin },
  );
  io.observe(el);
  return () => io.disconnect();
}
