// KaTeX's fonts cut to the chapter's math (web/build/katex-subset.mjs): the characters read from
// the rendered formulas, split by the family that draws them, and every face still drawing each of
// its characters that it drew before. In node; the faces are read with HarfBuzz (harfbuzzjs), the
// woff2 unpacked by fontverter.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import katex from 'katex';
import fontverter from 'fontverter';
import * as hb from 'harfbuzzjs';
import { renderChapter } from '../../web/build/markdown.mjs';
import { charactersFor, katexFontDir, mathCharacters, subsetKatexFonts } from '../../web/build/katex-subset.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const chapterHtml = () => {
  const source = readFileSync(join(root, 'content/chapter.md'), 'utf8')
    .replace(/^---\n[\s\S]*?\n---\n/, '')
    .replace(/<!--[\s\S]*?-->\n?/g, '');
  return renderChapter(source).html;
};

/** The characters a woff2 face maps to glyphs (its cmap). */
async function charactersOf(woff2) {
  const sfnt = await fontverter.convert(woff2, 'truetype');
  const face = new hb.Face(new hb.Blob(sfnt));
  return new Set([...face.collectUnicodes()].map((u) => String.fromCodePoint(u)));
}

test('mathCharacters: what the formulas show, by family; not their TeX source or MathML', () => {
  const tex = '\\sum_{i=1}^{n} \\alpha_i x \\le 2 \\text{ and } A^\\top \\boldsymbol{b}';
  const html = katex.renderToString(tex, { output: 'htmlAndMathml' });
  const { math, other } = mathCharacters(`<p>before</p>${html}<p>after</p>`);
  for (const c of ['α', 'i', 'x', 'n', 'A', 'b']) assert.ok(math.includes(c), `${c}: a variable (KaTeX_Math)`);
  for (const c of ['∑', '≤', '2', '=', '1', 'a', 'd', '⊤'])
    assert.ok(other.includes(c), `${c}: KaTeX_Main or a Size face`);
  assert.ok(!math.includes('2') && !math.includes('d'), 'digits and \\text stay out of the Math faces');
  for (const c of ['\\', '{', '}', '^', '_', 'f', 'e']) assert.ok(!(math + other).includes(c), `no ${c}`);
  assert.equal(new Set(other).size, [...other].length, 'each once');
  assert.deepEqual(mathCharacters('<p>no math</p>'), { math: '', other: '' });
  assert.equal(charactersFor('KaTeX_Math-Italic.woff2', { math: 'x', other: '2' }), 'x');
  assert.equal(charactersFor('KaTeX_Main-Regular.woff2', { math: 'x', other: '2' }), '2');
});

test('every KaTeX face cut to the chapter keeps each of its characters that it had', async () => {
  const html = chapterHtml();
  const chars = mathCharacters(html);
  assert.ok(chars.math.length > 15 && chars.other.length > 30, `${chars.math} | ${chars.other}`);
  for (const c of ['α', 'β', 'q', 'k', 'v']) assert.ok(chars.math.includes(c), c);
  for (const c of ['∑', '→', '≤', '⊤', '0', '9', '(']) assert.ok(chars.other.includes(c), c);
  const genDir = mkdtempSync(join(tmpdir(), 'la-katex-'));
  try {
    const cut = await subsetKatexFonts({ genDir, html });
    assert.ok(cut.after < cut.before / 2, `${cut.after} of ${cut.before} bytes`);
    const faces = readdirSync(katexFontDir()).filter((f) => f.endsWith('.woff2'));
    assert.deepEqual(readdirSync(cut.dir).sort(), faces.sort(), 'every face, under its own name');
    for (const name of faces) {
      const wanted = [...charactersFor(name, chars)];
      const before = await charactersOf(readFileSync(join(katexFontDir(), name)));
      const after = await charactersOf(readFileSync(join(cut.dir, name)));
      const missing = wanted.filter((c) => before.has(c) && !after.has(c));
      assert.deepEqual(missing, [], `${name} still draws every character it is to draw`);
      const extra = [...after].filter((c) => !wanted.includes(c) && c !== ' ');
      assert.ok(extra.length < 5, `${name} keeps little else: ${extra.join('')}`);
      assert.ok(after.size < before.size, `${name}: ${after.size} of ${before.size} characters`);
    }
  } finally {
    rmSync(genDir, { recursive: true, force: true });
  }
});
