// Margin notes. On wide screens CSS places every note in the gutter and the toggles are hidden.
// On narrow screens each note folds behind a numbered toggle button after its anchor: click, tap,
// Enter or Space opens it (a native <button>), Escape closes it and returns focus to the toggle.

function noteOf(toggle) {
  const root = toggle.getRootNode();
  return root.getElementById?.(toggle.getAttribute('aria-controls')) ?? null;
}

function setOpen(toggle, open) {
  const note = noteOf(toggle);
  if (!note) return;
  toggle.setAttribute('aria-expanded', String(open));
  note.classList.toggle('is-open', open);
}

export function initSidenotes(root = document) {
  root.addEventListener('click', (event) => {
    const toggle = /** @type {Element} */ (event.target).closest?.('.sn-toggle');
    if (!toggle) return;
    setOpen(toggle, toggle.getAttribute('aria-expanded') !== 'true');
  });
  root.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const open = /** @type {HTMLElement[]} */ ([...root.querySelectorAll('.sn-toggle[aria-expanded="true"]')]);
    if (!open.length) return;
    const active = root.activeElement ?? document.activeElement;
    // Close the note that holds focus (or whose toggle has it); otherwise every open note.
    const focused = open.find((t) => t === active || noteOf(t)?.contains(active));
    for (const t of focused ? [focused] : open) setOpen(t, false);
    if (focused) focused.focus();
  });
}
