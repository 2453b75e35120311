// Light/dark theme. With no saved choice the page follows the system (prefers-color-scheme);
// the toggle stores an explicit choice in localStorage ('la-theme'), read again before first
// paint by the small inline script in index.html.
const KEY = 'la-theme';
const dark = window.matchMedia('(prefers-color-scheme: dark)');

function current() {
  const set = document.documentElement.dataset.theme;
  if (set === 'light' || set === 'dark') return set;
  return dark.matches ? 'dark' : 'light';
}

export function initTheme(button) {
  if (!button) return;
  const label = button.querySelector('.theme-toggle-label');
  const sync = () => {
    const isDark = current() === 'dark';
    button.setAttribute('aria-pressed', String(isDark));
    if (label) label.textContent = 'Dark theme';
    button.title = isDark ? 'Switch to the light theme' : 'Switch to the dark theme';
  };
  button.addEventListener('click', () => {
    const next = current() === 'dark' ? 'light' : 'dark';
    document.documentElement.dataset.theme = next;
    try {
      localStorage.setItem(KEY, next);
    } catch {
      /* storage blocked: the choice lasts this visit */
    }
    sync();
  });
  dark.addEventListener('change', sync);
  button.hidden = false;
  sync();
}
