// The iframe code offered to course authors, in one place: the chapter's Embed control
// (hosts/chapter/share-panel.js) and the oEmbed answers (web/build/oembed.mjs) write the same tag,
// with what docs/hosting.md asks authors to keep: a title for screen readers, the width the height
// was measured at, that height, and allow="clipboard-write" for the copy buttons inside the frame.
// Pure (no DOM): the build imports it in node.

/** The width the iframe code states, and the width its height is measured at. */
export const EMBED_WIDTH = 720;

/** The name of the <meta> the build writes into the chapter: each figure's measured embed height. */
export const EMBED_HEIGHTS_META = 'linattn-embed-heights';

const attr = (text) =>
  String(text).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** `<iframe …></iframe>` for `src` titled `title`, `height` CSS pixels tall at EMBED_WIDTH. */
export function iframeCode({ src, title, height }) {
  return (
    `<iframe src="${attr(src)}" title="${attr(title)}" width="${EMBED_WIDTH}" height="${Math.ceil(height)}" ` +
    `style="border:0;width:100%;max-width:${EMBED_WIDTH}px" loading="lazy" allow="clipboard-write"></iframe>`
  );
}
