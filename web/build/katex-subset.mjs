// KaTeX's fonts cut to the characters the chapter's math shows (build.mjs, before Vite): every
// woff2 face of katex/dist/fonts keeps the glyphs of every character in the visible part of any
// formula (.katex-html), whatever the face, so no character a formula draws can miss from the face
// KaTeX picks for it. The chapter's five faces that a reader's browser fetches go from 56 KB to
// about a third of that. The cut faces are written to <genDir>/katex-fonts/ under their own names;
// plugins.mjs points KaTeX's stylesheet at them. Tested by tests/build/katex-fonts.test.mjs.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import subsetFont from 'subset-font';

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

const decode = (text) =>
  text.replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (whole, name) => {
    if (name[0] !== '#') return ENTITIES[name] ?? whole;
    return String.fromCodePoint(
      name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1)),
    );
  });

/** The text of every <span class="katex-html"> in `html` (KaTeX's visible output), joined. */
function visibleMath(html) {
  let text = '';
  const start = /<span class="katex-html"/g;
  for (let m = start.exec(html); m; m = start.exec(html)) {
    const tag = /<span\b|<\/span>/g;
    tag.lastIndex = m.index;
    let depth = 0;
    for (let t = tag.exec(html); t; t = tag.exec(html)) {
      depth += t[0] === '</span>' ? -1 : 1;
      if (depth === 0) break;
    }
    text += html.slice(m.index, tag.lastIndex).replace(/<[^>]+>/g, '');
    start.lastIndex = tag.lastIndex;
  }
  return decode(text);
}

/** Every character the chapter's formulas show (sorted, each once). */
export function mathCharacters(html) {
  return [...new Set(visibleMath(html))].sort().join('');
}

/** The directory of KaTeX's own fonts (node_modules/katex/dist/fonts). */
export function katexFontDir() {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('katex/package.json')), 'dist', 'fonts');
}

/** Writes the cut faces into <genDir>/katex-fonts/; returns { dir, chars, before, after } (bytes). */
export async function subsetKatexFonts({ genDir, html }) {
  const chars = mathCharacters(html);
  const from = katexFontDir();
  const dir = join(genDir, 'katex-fonts');
  mkdirSync(dir, { recursive: true });
  let before = 0;
  let after = 0;
  for (const name of readdirSync(from).filter((f) => f.endsWith('.woff2'))) {
    const font = readFileSync(join(from, name));
    const cut = await subsetFont(font, chars, { targetFormat: 'woff2' });
    writeFileSync(join(dir, name), cut);
    before += font.length;
    after += cut.length;
  }
  return { dir, chars, before, after };
}
