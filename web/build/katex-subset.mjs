// KaTeX's fonts cut to the characters the chapter's math shows (build.mjs, before Vite): the two
// KaTeX_Math faces keep the glyphs of every character inside the classes that select them
// (mathnormal, boldsymbol), every other face those of every other character of the visible part of
// the formulas (.katex-html), so no character a formula draws can miss from the face KaTeX's
// stylesheet picks for it. The five faces the chapter fetches go from 55.9 to about 14 KB gzip. The cut faces are written to <genDir>/katex-fonts/ under their own names;
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

/** The end of the element whose start tag begins at `start` (balanced <span>…</span>). */
function spanEnd(html, start) {
  const tag = /<span\b|<\/span>/g;
  tag.lastIndex = start;
  let depth = 0;
  for (let t = tag.exec(html); t; t = tag.exec(html)) {
    depth += t[0] === '</span>' ? -1 : 1;
    if (depth === 0) return tag.lastIndex;
  }
  return html.length;
}

// KaTeX's stylesheet sets the KaTeX_Math family (its two faces) on these classes alone, with no
// other family after it: text inside them is drawn by a Math face and by no other KaTeX face.
const MATH_FAMILY = /(^|\s)(mathnormal|boldsymbol)(\s|$)/;

/** The characters a formula shows (the text of every .katex-html, KaTeX's visible output), split
 *  by the family that draws them: { math } inside MATH_FAMILY's classes, { other } everywhere else;
 *  each a string, sorted, each character once. */
export function mathCharacters(html) {
  const math = new Set();
  const other = new Set();
  const start = /<span class="katex-html"/g;
  for (let m = start.exec(html); m; m = start.exec(html)) {
    const end = spanEnd(html, m.index);
    const inMath = [false];
    const token = /<(\/?)([a-zA-Z][\w-]*)([^>]*)>|([^<]+)/g;
    token.lastIndex = m.index;
    for (let t = token.exec(html); t && t.index < end; t = token.exec(html)) {
      const [, close, , attrs, text] = t;
      if (text !== undefined) {
        for (const c of decode(text)) (inMath.at(-1) ? math : other).add(c);
      } else if (close) inMath.pop();
      else if (!attrs.endsWith('/')) {
        const cls = /\bclass="([^"]*)"/.exec(attrs)?.[1] ?? '';
        inMath.push(inMath.at(-1) || MATH_FAMILY.test(cls));
      }
    }
    start.lastIndex = end;
  }
  const sorted = (set) => [...set].sort().join('');
  return { math: sorted(math), other: sorted(other) };
}

/** The characters face `name` (a KaTeX woff2 file name) has to draw. */
export const charactersFor = (name, chars) => (/^KaTeX_Math-/.test(name) ? chars.math : chars.other);

/** The directory of KaTeX's own fonts (node_modules/katex/dist/fonts). */
export function katexFontDir() {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('katex/package.json')), 'dist', 'fonts');
}

/** Writes the cut faces into <genDir>/katex-fonts/; returns { dir, chars, before, after } (bytes).
 *  The faces lose their hinting programs too (the same 3.6 KB in each, ttfautohint's): outlines,
 *  advances and kerning stay as they were, so the math lays out the same; only a rasterizer that
 *  runs TrueType hints (Windows, at small sizes) draws its edges a little differently. */
export async function subsetKatexFonts({ genDir, html }) {
  const chars = mathCharacters(html);
  const from = katexFontDir();
  const dir = join(genDir, 'katex-fonts');
  mkdirSync(dir, { recursive: true });
  let before = 0;
  let after = 0;
  for (const name of readdirSync(from).filter((f) => f.endsWith('.woff2'))) {
    const font = readFileSync(join(from, name));
    const cut = await subsetFont(font, charactersFor(name, chars), { targetFormat: 'woff2', noHinting: true });
    writeFileSync(join(dir, name), cut);
    before += font.length;
    after += cut.length;
  }
  return { dir, chars, before, after };
}
