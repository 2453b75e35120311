// embed.html: one demo alone, for an iframe in a course or news page.
//   embed.html?demo=ledger&featureMap=elu1&step=2     settings: web/src/demos/<name>/settings.js
//   theme=light|dark      force a theme (default: the reader's system setting)
//   caption=none          hide the caption
//   childId=…             Pym.js child id (added by pym.js parents); height messages use it
// The query follows the reader's changes (history.replaceState), so the iframe's own URL is a
// permalink too. The standalone embeds (embed-<demo>-standalone.html) are this page built for one
// demo, with everything inlined.
import '../../styles/theme.css';
import '../../styles/base.css';
import './page.css';
import '../shared/figure.css';
import { decodeSettings, encodeSettings, quote, toQuery } from '../shared/settings-codec.js';
import { buildFigure, figureTitle } from '../shared/figure.js';
import { reportHeight } from './resize.js';
import { hashFor } from '../shared/chapter-hash.js';
import { AVAILABLE } from '../../demos/registry.js';
import { mountDemo, pauseWhenHidden } from '../shared/mount.js';
import { replaceStateSoon } from '../../lib/url-state.js';

const WRITE_DELAY_MS = 250; // browsers throttle replaceState; a drag fires far more often
const ONLY = import.meta.env.LINATTN_DEMO;

// Where the page was loaded from decides what it can link to and whether its URL can hold state.
// A file uploaded to a course platform may be shown from file:, from about:srcdoc (iframe.srcdoc),
// from a blob: or data: URL, or in a sandboxed frame with an opaque origin: there is no chapter
// beside it, and history.replaceState either throws or changes nothing a reader can keep.
const servedOverHttp = () => /^https?:$/.test(location.protocol);

/** The chapter beside this page (./index.html), or null when the page has no such neighbour. */
function chapterUrl() {
  if (!servedOverHttp()) return null;
  try {
    return new URL('./index.html', location.href).href;
  } catch {
    return null;
  }
}

function start() {
  const params = new URLSearchParams(location.search);
  const main = document.getElementById('embed');
  const pageNotices = [];
  const inFrame = window.parent !== window;
  if (inFrame) document.documentElement.classList.add('linattn-in-frame');

  const theme = params.get('theme');
  if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;
  else if (theme !== null)
    pageNotices.push(`Setting ${quote('theme')} must be light or dark (got ${quote(theme, 24)}); ignored.`);

  // embed-<demo>.html (one per demo, for oEmbed discovery) names its demo on <html data-demo>.
  const name = ONLY ?? params.get('demo') ?? document.documentElement.dataset.demo ?? null;
  if (ONLY && params.has('demo') && params.get('demo') !== ONLY) {
    pageNotices.push(`This file only holds the ${ONLY} demo; ${quote('demo')} ignored.`);
  }
  if (!AVAILABLE.includes(name)) {
    const p = document.createElement('p');
    p.className = 'linattn-error';
    p.setAttribute('role', 'alert');
    p.textContent =
      `${name === null ? 'No demo was named' : `There is no demo called ${quote(name)}`}. ` +
      `Use ?demo=${AVAILABLE.join(', ?demo=')}.`;
    main.replaceChildren(p);
    if (inFrame) reportHeight({ childId: params.get('childId') });
    return;
  }

  // oEmbed discovery for clients that run scripts (embed-<demo>.html carries the same link in its
  // HTML for those that do not). A file uploaded alone has no oEmbed answer beside it.
  if (!ONLY && !document.querySelector('link[type="application/json+oembed"]')) {
    const link = document.createElement('link');
    link.rel = 'alternate';
    link.type = 'application/json+oembed';
    link.title = 'oEmbed';
    link.href = `./oembed-${name}.json`;
    document.head.append(link);
  }

  const caption = params.get('caption');
  const sourceUrl = chapterUrl();
  const parts = buildFigure(main, name, {
    caption: caption !== 'none' && caption !== 'false',
    sourceUrl: sourceUrl ? `${sourceUrl}#figure-${name}` : null,
  });
  document.title = figureTitle(name);
  // The page's one heading, for screen readers; the caption is what sighted readers see.
  const h1 = document.createElement('h1');
  h1.className = 'linattn-visually-hidden';
  h1.textContent = `${document.title}, interactive figure`;
  main.prepend(h1);

  const { state, notices } = decodeSettings(name, params.entries());
  parts.showNotices([...pageNotices, ...notices]);
  const heights = inFrame ? reportHeight({ childId: params.get('childId') }) : null;

  // Keep the query in step with the demo: the embed's own URL restores what it shows.
  const kept = [...params.entries()].filter(([k]) => ['theme', 'caption', 'childId'].includes(k));
  const sourceLink = parts.figure.querySelector('.linattn-source');
  const writeUrl = servedOverHttp();
  const onStateChange = (next) => {
    replaceStateSoon(() => {
      if (sourceLink) sourceLink.href = `${sourceUrl}${hashFor({ [name]: next })}`;
      if (!writeUrl) return null; // the state simply stays out of the URL
      const query = toQuery([...(ONLY ? [] : [['demo', name]]), ...encodeSettings(name, next), ...kept]);
      return `${location.pathname}?${query}`;
    }, WRITE_DELAY_MS);
  };
  mountDemo(parts.mountEl, name, {
    state: Object.keys(state).length ? state : undefined,
    onStateChange,
  }).then((handle) => {
    /** @type {any} */ (window).linattnEmbed = { name, handle }; // for scripts and tests in the same page
    heights?.refresh(); // the mounted demo's height, even when the frame is off-screen
    pauseWhenHidden(parts.mountEl, handle);
    if (handle && sourceLink && Object.keys(state).length)
      sourceLink.href = `${sourceUrl}${hashFor({ [name]: handle.getState() })}`;
  });
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
