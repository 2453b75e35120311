// "Your model": paste the text of a Hugging Face config.json or drop the file (or choose it) and the
// figure shows that model. Everything happens on this page: the file is read with File.text(), the
// config by the core's config reader (compute-config.js's readConfig, the verdict handed to
// reducer.js); nothing is sent. The reader is code of its own (13 KB gzip), fetched when the box
// opens or a config arrives, not with the figure. An unsupported config leaves the previous model on screen and says why (show), naming
// the field. A file dropped anywhere on the figure is taken here (catchDrops), never opened by the
// browser; a file that is not UTF-8 text (a GGUF, an image) is refused before it reaches the text box.

import { h } from '../../lib/dom.js';

const MAX_CHARS = 1000000; // a config.json is a few kilobytes; anything larger is not one

let reader = null;
/** compute-config.js's readConfig, loaded once (a failed load is tried again next time). */
const configReader = () => {
  reader ??= import('./compute-config.js').then(
    (m) => m.readConfig,
    (err) => {
      reader = null;
      throw err;
    },
  );
  return reader;
};

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

/** The import box's elements, with ids from `id`. */
function importParts(id) {
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
  const error = h('p', { class: 'lm-error fig-error', id: `${id}-config-error`, 'aria-live': 'polite' });
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
  return { el, text, use, file, error, status };
}

/** Makes a file or text dropped anywhere on `target` (the whole figure) an import through `take`. */
function catchDropsOn(target, el, take) {
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
    if (f) take.file(f);
    else {
      // dragged text: taken when it looks like a JSON object, else left alone
      const t = e.dataTransfer?.getData('text/plain') ?? '';
      if (t.trimStart().startsWith('{')) take.text(t);
    }
  };
  target.addEventListener('dragover', over);
  target.addEventListener('dragleave', leave);
  target.addEventListener('drop', drop);
}

/**
 * Builds the import box with ids from `id`; a config is imported by dispatching { type: 'import',
 * read } (compute-config.js readConfig's verdict on the text). Returns { el, error, show(imported) (the core's verdict: reducer.js `imported`),
 * catchDrops(target) }.
 */
export function createImport(id, dispatch) {
  const p = importParts(id);
  const { el, text, use, error, status } = p;
  function refuse(message) {
    status.textContent = '';
    error.textContent = `${sentence(message)} The previous model stays.`;
    text.setAttribute('aria-invalid', 'true');
  }
  const tooLong = () =>
    refuse(`That is over ${MAX_CHARS.toLocaleString('en-US')} characters: a config.json is a few thousand`);
  /** Reads `source` with the config reader (loaded on first use) and dispatches the verdict. */
  async function run(source) {
    status.textContent = '';
    if (source.length > MAX_CHARS) return tooLong();
    let read;
    try {
      read = await configReader();
    } catch {
      return refuse('The config reader could not be loaded (offline?); try again');
    }
    dispatch({ type: 'import', read: read(source) });
  }
  function show(r) {
    if (!r) return;
    if (!r.ok) return refuse(r.message);
    error.textContent = '';
    text.removeAttribute('aria-invalid');
    const notes = [...new Set(r.notes.map(sentence))];
    status.textContent = `Showing ${r.name}.${notes.length ? ` Assumed: ${notes.join(' ')}` : ''}`;
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
    await run(t);
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
  use.onclick = () => run(text.value).then(keepFocus);
  // The reader's code comes as the box opens, so that a paste finds it here.
  el.addEventListener('toggle', () => {
    if (/** @type {HTMLDetailsElement} */ (el).open) configReader().catch(() => {});
  });
  text.onkeydown = (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) run(text.value);
  };
  p.file.onchange = () => readFile(p.file.files?.[0]);
  const take = {
    file: readFile,
    text: (t) => {
      text.value = t;
      run(t);
    },
  };
  return { el, error, show, catchDrops: (target) => catchDropsOn(target, el, take) };
}
