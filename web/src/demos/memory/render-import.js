// "Your model": paste the text of a Hugging Face config.json or drop the file (or choose it) and the
// figure shows that model. Everything happens on this page: the file is read with File.text(), the
// config by the core's la.modelFromConfig (through compute.js's importConfig); nothing is fetched.
// An unsupported config leaves the previous model on screen and says why, naming the field.
// A file dropped anywhere on the figure is taken here (catchDrops), never opened by the browser;
// a file that is not UTF-8 text (a GGUF, an image) is refused before it reaches the text box.

import { h } from '../../lib/dom.js';

const MAX_CHARS = 1000000; // a config.json is a few kilobytes; anything larger is not one

/** `message` ending a sentence, so that "The previous model stays." reads as the next one. */
const sentence = (message) => (/[.!?]$/.test(message) ? message : `${message}.`);

/** The text of a file's bytes, or null when they are not text: a NUL byte, or not UTF-8. */
function textOf(bytes) {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * Builds the import box with ids from `id`. onText(text) -> { ok: true, notes } or { ok: false,
 * message } imports a config. Returns { el, error, catchDrops(target) }: catchDrops makes a file or
 * text dropped anywhere on `target` (the whole figure) an import.
 */
export function createImport(id, onText) {
  const text = h('textarea', {
    id: `${id}-config`,
    rows: 5,
    spellcheck: 'false',
    autocomplete: 'off',
    placeholder: '{ "model_type": "llama", "num_hidden_layers": 32, … }',
    'aria-describedby': `${id}-config-error ${id}-config-status`,
  });
  const use = h('button', { type: 'button', class: 'lm-button', text: 'Show this model' });
  const file = h('input', { type: 'file', id: `${id}-config-file`, accept: '.json,application/json' });
  const error = h('p', { class: 'lm-error', id: `${id}-config-error`, 'aria-live': 'polite' });
  const status = h('p', { class: 'lm-import-status', id: `${id}-config-status`, 'aria-live': 'polite' });
  const el = h(
    'details',
    { class: 'lm-import' },
    h('summary', { text: 'Your model: paste or drop a config.json' }),
    h(
      'p',
      { class: 'lm-note' },
      'Paste the text of a Hugging Face config.json, or drop the file here. It is read on this page; nothing is sent anywhere.',
    ),
    h('label', { for: text.id, text: 'config.json text' }),
    text,
    h(
      'div',
      { class: 'lm-row' },
      use,
      h('label', { for: file.id, class: 'lm-file', text: 'or choose a file: ' }, file),
    ),
    error,
    status,
  );

  function refuse(message) {
    status.textContent = '';
    error.textContent = `${sentence(message)} The previous model stays.`;
    text.setAttribute('aria-invalid', 'true');
  }
  const tooLong = () =>
    refuse(`That is over ${MAX_CHARS.toLocaleString('en-US')} characters: a config.json is a few thousand`);
  function run(source) {
    status.textContent = '';
    if (source.length > MAX_CHARS) return tooLong();
    const r = onText(source);
    if (r.ok) {
      error.textContent = '';
      text.removeAttribute('aria-invalid');
      const notes = [...new Set(r.notes.map(sentence))];
      status.textContent = `Showing ${r.name}.${notes.length ? ` Assumed: ${notes.join(' ')}` : ''}`;
    } else {
      refuse(r.message);
    }
  }
  async function readFile(f) {
    if (!f) return;
    if (f.size > MAX_CHARS) return tooLong();
    const t = textOf(new Uint8Array(await f.arrayBuffer()));
    if (t === null) {
      const name = String(f.name || 'That file').slice(0, 80);
      return refuse(`${name} is not a text file (a config.json is text; this has bytes that are not UTF-8 text)`);
    }
    text.value = t;
    run(t);
  }

  // The reader's focus stays in the box whatever the import did to the figure around it (the
  // model's editor is rebuilt, the preset list changes): back on the button, or its disclosure.
  function keepFocus() {
    const root = /** @type {Document | ShadowRoot} */ (el.getRootNode());
    const active = root.activeElement;
    if (active && active !== document.body && el.contains(active)) return;
    use.focus();
    if (root.activeElement !== use) el.querySelector('summary')?.focus();
  }
  use.onclick = () => {
    run(text.value);
    keepFocus();
  };
  text.onkeydown = (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) run(text.value);
  };
  file.onchange = () => readFile(file.files?.[0]);
  // Drops: anywhere on the target the page would otherwise open the file and leave this one.
  function catchDrops(target) {
    const over = (e) => {
      e.preventDefault();
      el.classList.add('lm-dropping');
    };
    const leave = (e) => {
      if (!target.contains(/** @type {Node} */ (e.relatedTarget))) el.classList.remove('lm-dropping');
    };
    const drop = (e) => {
      e.preventDefault();
      el.classList.remove('lm-dropping');
      el.open = true;
      const f = e.dataTransfer?.files?.[0];
      if (f) readFile(f);
      else {
        // dragged text: taken when it looks like a JSON object, else left alone
        const t = e.dataTransfer?.getData('text/plain') ?? '';
        if (!t.trimStart().startsWith('{')) return;
        text.value = t;
        run(t);
      }
    };
    target.addEventListener('dragover', over);
    target.addEventListener('dragleave', leave);
    target.addEventListener('drop', drop);
  }
  return { el, error, catchDrops };
}
