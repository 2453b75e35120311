// The chapter page: theme, margin notes, and the three demos, each mounted lazily when its figure
// nears the viewport. A demo that is missing or throws shows a short message in its own figure;
// the rest of the page keeps working.
//
// Demo contract: web/src/demos/<name>/index.js exports
//   mount(root, { la, state, onStateChange }) -> { getState(), setState(obj), destroy() }
import 'katex/dist/katex.min.css';
import '../generated/math.css';
import './styles/theme.css';
import './styles/page.css';
import './styles/sidenotes.css';
import './styles/print.css';
import { getLinattn } from './core.js';
import { initSidenotes } from './sidenotes.js';
import { initTheme } from './theme.js';
import { initialState, rememberState, initPermalinks } from './permalink.js';
import { addEmbedControl } from './embed-control.js';

// One lazy chunk per demo; only folders that exist at build time are listed.
const demoModules = import.meta.glob('./demos/*/index.js');

/** Live demos by name: { handle, state } (state = the latest from onStateChange). */
export const demos = new Map();

function showError(mountEl, name, err) {
  mountEl.replaceChildren();
  const box = document.createElement('p');
  box.className = 'demo-error';
  box.setAttribute('role', 'alert');
  const strong = document.createElement('strong');
  strong.textContent = 'This figure could not load. ';
  box.append(strong, document.createTextNode(err?.message ? String(err.message) : String(err)));
  mountEl.append(box);
  mountEl.dataset.status = 'error';
  console.warn(`demo "${name}" failed:`, err);
}

async function mountDemo(mountEl) {
  if (mountEl.dataset.status) return;
  const name = mountEl.dataset.demo;
  mountEl.dataset.status = 'loading';
  mountEl.setAttribute('aria-busy', 'true');
  try {
    const load = demoModules[`./demos/${name}/index.js`];
    if (!load) throw new Error(`The "${name}" demo is not part of this build.`);
    const [mod, la] = await Promise.all([load(), getLinattn()]);
    if (typeof mod.mount !== 'function') throw new Error(`The "${name}" demo has no mount() function.`);
    const entry = { handle: null, state: undefined };
    entry.handle = mod.mount(mountEl, {
      la,
      state: initialState(name), // from the link's hash (permalinks), if any
      onStateChange: (state) => {
        entry.state = state;
        rememberState(name, state);
      },
    });
    demos.set(name, entry);
    addEmbedControl(mountEl, name, entry.handle);
    mountEl.dataset.status = 'ready';
  } catch (err) {
    showError(mountEl, name, err);
  } finally {
    mountEl.removeAttribute('aria-busy');
  }
}

function mountWhenNear(mounts) {
  if (!('IntersectionObserver' in window)) {
    mounts.forEach(mountDemo);
    return;
  }
  const io = new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        if (!e.isIntersecting) continue;
        io.unobserve(e.target);
        mountDemo(e.target);
      }
    },
    { rootMargin: '600px 0px' },
  );
  mounts.forEach((m) => io.observe(m));
  // Printing shows every figure in its current state, so mount the ones never scrolled to.
  window.addEventListener('beforeprint', () => mounts.forEach(mountDemo));
}

// Wide equations and tables scroll inside their own box on narrow screens; a box that actually
// scrolls becomes focusable so keyboard users can scroll it too.
function markScrollables() {
  for (const box of document.querySelectorAll('.equation, .table-wrap')) {
    const scrolls = box.scrollWidth > box.clientWidth + 1;
    if (scrolls && !box.hasAttribute('tabindex')) {
      box.tabIndex = 0;
      box.setAttribute('role', 'region');
      box.setAttribute('aria-label', box.classList.contains('equation') ? 'Equation, scrollable' : 'Table, scrollable');
    } else if (!scrolls && box.hasAttribute('tabindex')) {
      box.removeAttribute('tabindex');
      box.removeAttribute('role');
      box.removeAttribute('aria-label');
    }
  }
}

function start() {
  initTheme(document.querySelector('.theme-toggle'));
  initSidenotes(document);
  initPermalinks(demos);
  mountWhenNear([...document.querySelectorAll('.demo-mount[data-demo]')]);
  // Widths change with the viewport and when the KaTeX fonts arrive.
  let pending = 0;
  const schedule = () => {
    cancelAnimationFrame(pending);
    pending = requestAnimationFrame(markScrollables);
  };
  markScrollables();
  if ('ResizeObserver' in window) {
    const ro = new ResizeObserver(schedule);
    document.querySelectorAll('.equation, .table-wrap').forEach((box) => ro.observe(box));
  }
  window.addEventListener('resize', schedule);
  document.fonts?.ready.then(schedule);
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
