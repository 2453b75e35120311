// The "Embed" control under each demo of the chapter: a disclosure with copyable snippets for the
// demo's CURRENT state (getState()): a link to this page in that state, an iframe of embed.html, and
// the custom element; and "Save this figure" (SVG, PNG, CSV) when the demo's handle offers
// exportable() (made into files by web/src/lib/export.js). Called by main.js once a demo has mounted.
import './share-panel.css';
import { encodeSettings, attributeName, toQuery } from '../shared/settings-codec.js';
import { CAPTIONS, figureTitle } from '../shared/figure.js';
import { EMBED_HEIGHTS_META, iframeCode } from '../shared/embed-code.js';
import { demoNamed } from '../../demos/registry.js';
import { initialNotices, onRemember, permalinkFor, adoptMounted } from './permalink.js';
import { h, uid, setProp } from '../../lib/dom.js';

/** The code that makes the files (lib/export.js, export-sheet.js), fetched at the first save rather
 *  than with the page: most readers never save a figure. */
const fileMakers = () =>
  Promise.all([import('../../lib/export.js'), import('../../lib/export-sheet.js')]).then(([files, sheet]) => ({
    ...files,
    sheetSvg: sheet.sheetSvg,
  }));

// Resizes iframes that report their height (AMP embed-size; pym.js parents use their own script).
const RESIZER =
  '<script>addEventListener("message",function(e){var d=e.data;' +
  'if(!d||d.sentinel!=="amp"||d.type!=="embed-size")return;' +
  'document.querySelectorAll("iframe").forEach(function(f){if(f.contentWindow===e.source)f.style.height=d.height+"px"})});</script>';

const escapeAttr = (s) =>
  String(s).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Where embed.html and linattn-elements.js live: beside this page. A page opened from a file has
 *  no address others can reach, so the snippets say ./ and the note explains. */
function siteBase() {
  return /^https?:$/.test(location.protocol) ? new URL('./', location.href).href : './';
}

/** The figure's embed height at the iframe code's width: measured by the build (a <meta> it writes
 *  into the chapter, web/build/oembed.mjs), else the registry's embedHeight, else `fallback`. */
function embedHeight(name, fallback) {
  try {
    const meta = document.querySelector(`meta[name="${EMBED_HEIGHTS_META}"]`)?.getAttribute('content');
    const measured = meta ? JSON.parse(meta)[name] : undefined;
    if (Number.isFinite(measured) && measured > 0) return measured;
  } catch {
    // a page without the build's heights: fall through
  }
  return demoNamed(name)?.embedHeight ?? Math.max(300, fallback);
}

/** The three snippets for demo `name` in `state`; `height`: the figure's height on this page (used
 *  when neither the build nor the registry knows its embed height). */
export function snippets(name, state, height) {
  const base = siteBase();
  const entries = encodeSettings(name, state);
  const title = figureTitle(name);
  const src = `${base}embed.html?${toQuery([['demo', name], ...entries])}`;
  const iframe = `${iframeCode({ src, title, height: embedHeight(name, height) })}\n${RESIZER}`;
  const attrs = entries.map(([k, v]) => ` ${attributeName(k)}="${escapeAttr(v)}"`).join('');
  const element =
    `<script type="module" src="${escapeAttr(`${base}linattn-elements.js`)}"></script>\n` +
    `<linattn-${name}${attrs}></linattn-${name}>`;
  return { link: permalinkFor(name, state), iframe, element };
}

async function copyText(text, area) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    area.focus();
    area.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
}

/** Adds the notice (for link settings that were ignored) and the Embed control to a mounted demo. */
export function addEmbedControl(mountEl, name, handle) {
  if (!handle || typeof handle.getState !== 'function') return;
  try {
    buildControl(mountEl, name, handle);
  } catch (err) {
    console.warn(`embed control for "${name}" failed:`, err); // the demo itself keeps working
  }
}

function buildControl(mountEl, name, handle) {
  adoptMounted(name, handle);
  const notes = initialNotices(name);
  if (notes.length) {
    mountEl.before(h('div', { class: 'embed-notice', role: 'status' }, ...notes.map((t) => h('p', { text: t }))));
  }
  const id = uid(`embed-panel-${name}`);
  const toggle = h(
    'button',
    { type: 'button', class: 'embed-toggle', 'aria-expanded': 'false', 'aria-controls': id },
    'Embed or link this figure',
  );
  const status = h('p', { class: 'embed-status', 'aria-live': 'polite' });
  const fields = {};
  const rows = [
    ['link', 'Link to the chapter with this figure as it is now'],
    [
      'iframe',
      'iframe, and a script that fits its height to the figure (leave the script out where scripts are not allowed)',
    ],
    ['element', 'Custom element (pages that allow scripts)'],
  ].map(([key, label]) => {
    const areaId = `${id}-${key}`;
    const area = h('textarea', {
      id: areaId,
      class: 'embed-code',
      readonly: '',
      rows: key === 'link' ? '2' : '4',
      spellcheck: 'false',
    });
    fields[key] = area;
    const copy = h('button', { type: 'button', class: 'embed-copy' }, 'Copy');
    copy.addEventListener('click', async () => {
      refresh();
      const ok = await copyText(area.value, area);
      status.textContent = ok
        ? `Copied the ${key === 'element' ? 'custom element' : key}.`
        : 'Could not copy: select the text and copy it yourself.';
    });
    return h('div', { class: 'embed-row' }, h('label', { for: areaId, text: label }), area, copy);
  });
  const note = h(
    'p',
    { class: 'embed-note' },
    location.protocol === 'file:'
      ? 'This page was opened from a file: put the site (dist/) on a web server and replace ./ in the snippets with its address. '
      : '',
    'The snippets carry the figure\u2019s current settings; change the figure and they follow.',
  );
  const save = typeof handle.exportable === 'function' ? saveRow(name, handle, status) : null;
  const panel = h('div', { id, class: 'embed-panel', hidden: '' }, note, ...rows, save?.el, status);
  const box = h('div', { class: 'embed-control' }, toggle, panel);
  mountEl.after(box);

  function refresh() {
    if (panel.hidden) return;
    const s = snippets(name, handle.getState(), mountEl.getBoundingClientRect().height + 120);
    for (const key of Object.keys(fields)) setProp(fields[key], 'value', s[key]);
  }
  toggle.addEventListener('click', () => {
    const open = panel.hidden;
    panel.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    status.textContent = '';
    refresh();
  });
  onRemember((demo) => {
    if (demo === name) refresh();
  });
}

/** A saved PNG is at least this wide (sharp on a projector). */
const PNG_MIN_PIXELS = 1600;

/** Where a saved figure comes from: the chapter's title, and its address when the build knows it
 *  (SITE_URL, web/build/build.mjs) or the page is served from one. */
function chapterSource() {
  const built = import.meta.env?.LINATTN_CHAPTER ?? { title: '', url: null };
  const served = /^https?:$/.test(location.protocol) ? `${location.origin}${location.pathname}` : null;
  return { title: built.title || document.title, url: built.url ?? served };
}

const FORMATS = [
  ['svg', 'SVG', 'the picture as SVG'],
  ['png', 'PNG', 'the picture as PNG'],
  ['csv', 'CSV', 'the plotted numbers as CSV'],
];

/** "Save this figure": SVG and PNG of the demo's picture, CSV of what it plots; file names say the
 *  figure's number, the demo and its settings (exportable().name). Returns { el }. */
function saveRow(name, handle, status) {
  const label = CAPTIONS[name]?.label ?? '';
  const title = figureTitle(name);
  const buttons = FORMATS.map(([ext, text, what]) =>
    h('button', { type: 'button', class: 'embed-save', 'data-format': ext, 'aria-label': `Save ${what}` }, text),
  );
  const labelId = uid(`embed-save-${name}`);
  const el = h(
    'div',
    { class: 'embed-save-row', role: 'group', 'aria-labelledby': labelId },
    h('span', { id: labelId, class: 'embed-save-label', text: 'Save this figure as it is now' }),
    ...buttons,
  );

  async function save(ext) {
    const { download, fileName, figureCsv, pngOf, svgDocument, sheetSvg } = await fileMakers();
    const offer = handle.exportable();
    const file = fileName(label, offer.name, ext);
    if (ext === 'csv') {
      if (!offer.rows.rows.length) throw new Error('the figure has no numbers yet.');
      download(figureCsv(offer), file, 'text/csv;charset=utf-8');
      return file;
    }
    if (!offer.svg) throw new Error('the figure shows no picture in its current settings.');
    const sheet = sheetSvg(offer, { heading: title, source: chapterSource() });
    const text = svgDocument(sheet);
    if (ext === 'svg') download(text, file, 'image/svg+xml');
    else {
      const [w, h] = ['width', 'height'].map((k) => Number(sheet.getAttribute(k)));
      download(await pngOf(text, w, h, Math.max(PNG_MIN_PIXELS, 2 * w)), file);
    }
    return file;
  }

  buttons.forEach((b, i) => {
    const ext = FORMATS[i][0];
    b.addEventListener('click', async () => {
      try {
        status.textContent = `Saved ${await save(ext)}.`;
      } catch (err) {
        status.textContent = `Could not save the ${ext.toUpperCase()}: ${err instanceof Error ? err.message : String(err)}`;
      }
    });
  });
  return { el };
}
