// oEmbed (called by build.mjs once dist/ holds the pages):
//   dist/embed-<demo>.html      embed.html for one demo (<html data-demo>), with discovery of its own
//                               oEmbed file: consumers read the link without running scripts, so a
//                               query (?demo=) cannot choose it
//   dist/oembed.json            the chapter's answer (its first figure), linked from index.html
//   dist/oembed-<demo>.json     each figure's answer
// Heights are measured: the built embed of each demo is opened in Chromium at the stated width
// (measure-embeds.mjs); without a browser the registry's embedHeight is used, with a warning.
//
// SITE_URL=https://courses.example.edu/linattn/ npm run build  writes absolute URLs (oEmbed
// consumers require them) into the JSON files and the <link rel="alternate"> tags; without it
// they are relative to the site (./…).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { measureEmbeds } from './measure-embeds.mjs';
import { EMBED_HEIGHTS_META, EMBED_WIDTH, iframeCode } from '../src/hosts/shared/embed-code.js';

/** The width an oEmbed answer states, and the width its iframe is written with. */
export const OEMBED_WIDTH = EMBED_WIDTH;

/** SITE_URL, checked and ending in '/', or null. */
export function siteUrlFrom(raw = process.env.SITE_URL) {
  if (raw === undefined || raw === '') return null;
  let url;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(
      `SITE_URL must be an absolute http(s) address, e.g. https://courses.example.edu/linattn/ (got ${JSON.stringify(raw)})`,
    );
  }
  if (!/^https?:$/.test(url.protocol))
    throw new Error(`SITE_URL must start with https:// or http:// (got ${JSON.stringify(raw)})`);
  if (url.search || url.hash)
    throw new Error(`SITE_URL must be the site's folder, without ?query or #hash (got ${JSON.stringify(raw)})`);
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url.href;
}

/** A file of the site, as a link: absolute under SITE_URL, else relative (./file). */
export const siteLink = (siteUrl, file) => (siteUrl ? new URL(file, siteUrl).href : `./${file}`);

const attr = (text) => String(text).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const oembedLink = (href, title) =>
  `<link rel="alternate" type="application/json+oembed" href="${attr(href)}" title="${attr(title)}">`;
const OEMBED_LINK_RE = /<link rel="alternate" type="application\/json\+oembed"[^>]*>/;
const HEIGHTS_META_RE = new RegExp(`<meta name="${EMBED_HEIGHTS_META}"[^>]*>\\n?`);

/** The chapter page with each figure's measured embed height in a <meta> (read by its Embed control). */
export function withEmbedHeights(html, heights) {
  const meta = `<meta name="${EMBED_HEIGHTS_META}" content="${attr(JSON.stringify(heights))}">`;
  if (HEIGHTS_META_RE.test(html)) return html.replace(HEIGHTS_META_RE, `${meta}\n`);
  return html.replace('</title>', `</title>\n${meta}`);
}

/** The JSON answers: { 'oembed.json': {...}, 'oembed-<demo>.json': {...} }. Pure (tested in node). */
export function oembedAnswers({ meta, captions, demos, heights, siteUrl = null }) {
  const chapter = `${meta.kicker ?? ''} — ${meta.title ?? ''}`.replace(/^ — /, '');
  const base = {
    version: '1.0',
    type: 'rich',
    provider_name: chapter,
    provider_url: siteLink(siteUrl, 'index.html'),
    cache_age: 86400,
  };
  const title = (demo) =>
    `${captions[demo]?.label ?? demo}: ${(captions[demo]?.title ?? '').replace(/\.$/, '')}`.replace(/: $/, '');
  const answer = (demo, fileTitle) => {
    const height = heights[demo];
    const html = iframeCode({ src: siteLink(siteUrl, `embed.html?demo=${demo}`), title: title(demo), height });
    return { ...base, title: fileTitle, width: OEMBED_WIDTH, height, html };
  };
  const first = demos[0].name;
  const files = { 'oembed.json': answer(first, `${chapter} (interactive figures)`) };
  for (const { name } of demos) files[`oembed-${name}.json`] = answer(name, title(name));
  return files;
}

/** embed.html with its demo fixed on <html data-demo> and the link to that demo's oEmbed file. */
export function demoPage(embedHtml, demo, { siteUrl = null, title = demo } = {}) {
  const link = oembedLink(siteLink(siteUrl, `oembed-${demo}.json`), `oEmbed: ${title}`);
  const withDemo = embedHtml.replace(/<html\b([^>]*)>/, (_m, rest) => `<html${rest} data-demo="${attr(demo)}">`);
  if (OEMBED_LINK_RE.test(withDemo)) return withDemo.replace(OEMBED_LINK_RE, link);
  return withDemo.replace('</title>', `</title>\n${link}`);
}

/** Writes the oEmbed files and the per-demo pages into dist/, and makes index.html's link absolute
 *  under SITE_URL. Resolves to { heights, measured }. */
export async function writeOembed({ distDir, meta, captions, demos, siteUrl = siteUrlFrom() }) {
  const embedHtml = readFileSync(join(distDir, 'embed.html'), 'utf8');
  for (const { name } of demos) {
    const title = captions[name] ? `${captions[name].label}: ${captions[name].title}` : name;
    writeFileSync(join(distDir, `embed-${name}.html`), demoPage(embedHtml, name, { siteUrl, title }));
  }
  const indexPath = join(distDir, 'index.html');
  const index = readFileSync(indexPath, 'utf8');
  if (OEMBED_LINK_RE.test(index)) {
    writeFileSync(indexPath, index.replace(OEMBED_LINK_RE, oembedLink(siteLink(siteUrl, 'oembed.json'), 'oEmbed')));
  }

  let heights;
  let measured = false;
  try {
    heights = await measureEmbeds({ distDir, demos: demos.map((d) => d.name), width: OEMBED_WIDTH });
    measured = true;
  } catch (err) {
    console.warn(
      `oEmbed: could not measure the embeds in a browser (${err.message}); using the registry's embedHeight`,
    );
    heights = Object.fromEntries(demos.map((d) => [d.name, d.embedHeight]));
  }
  writeFileSync(indexPath, withEmbedHeights(readFileSync(indexPath, 'utf8'), heights));
  for (const [file, body] of Object.entries(oembedAnswers({ meta, captions, demos, heights, siteUrl }))) {
    writeFileSync(join(distDir, file), `${JSON.stringify(body, null, 2)}\n`);
  }
  console.log(
    `oEmbed: heights at ${OEMBED_WIDTH} px ${measured ? 'measured' : 'from the registry'}: ${demos
      .map((d) => `${d.name} ${heights[d.name]}`)
      .join(', ')}${siteUrl ? `; links under ${siteUrl}` : ''}`,
  );
  return { heights, measured };
}
