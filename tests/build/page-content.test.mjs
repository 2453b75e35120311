// The chapter's build-time rendering (web/build/): Markdown + TeX -> HTML, margin notes, figures,
// chapter cross-references, CSP. No browser needed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderChapter } from '../../web/build/markdown.mjs';
import { hoistInlineStyles } from '../../web/build/hoist-styles.mjs';
import { cspFor } from '../../web/build/inline.mjs';
import { pruneFontFaces } from '../../web/build/plugins.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const chapter = readFileSync(join(root, 'content/chapter.md'), 'utf8')
  .replace(/^---\n[\s\S]*?\n---\n/, '')
  .replace(/<!--[\s\S]*?-->\n?/g, '');

test('the chapter renders its four display equations, eight margin notes and four figures in order', () => {
  const { html, env } = renderChapter(chapter);
  assert.equal(env.displayEquations, 4);
  assert.equal(env.notes, 8);
  assert.deepEqual(env.figures, ['ledger', 'memory', 'overcapacity', 'spotlight']);
  assert.equal((html.match(/class="demo-mount" data-demo="/g) ?? []).length, 4);
  assert.equal((html.match(/<math /g) ?? []).length, env.equations, 'every equation keeps MathML');
  assert.doesNotMatch(html, /katex-error/);
  for (const tag of ['\\tag{1}', '\\tag{2}', '\\tag{3}', '\\tag{4}'])
    assert.ok(chapter.includes(tag), `${tag} in the source`);
});

test('the worked example keeps the manuscript numbers', () => {
  const { html } = renderChapter(chapter);
  const text = html.replace(/<annotation[^>]*>[\s\S]*?<\/annotation>/g, '');
  for (const tex of ['(3, -3)', '(1.2, -1.8)', '(0.8, 0.6)', '(0, -5)', '(-2, 4)', '(3, 1)']) {
    assert.ok(chapter.includes(`$${tex}$`), `${tex} appears in the source tables`);
  }
  assert.ok(text.includes('4,096'), 'the 4,096 numbers of note 5');
  assert.ok(text.includes('6× decoding throughput at 1M context'), 'the quoted headline figure of note 6');
});

test('chapter cross-references become links only when CHAPTER_LINKS maps them', () => {
  const plain = renderChapter(chapter).html;
  assert.doesNotMatch(plain, /href="chapter:/);
  assert.doesNotMatch(plain, /class="chapter-link"/);
  assert.match(plain, /<span class="chapter-ref" data-chapter="03">chapter 03<\/span>/);
  const linked = renderChapter(chapter, { chapterLinks: { '03': 'https://example.org/ch03/', contents: '../' } }).html;
  assert.match(linked, /<a href="https:\/\/example.org\/ch03\/" class="chapter-link" rel="noopener">chapter 03<\/a>/);
  assert.match(linked, /<a href="..\/" class="chapter-link">Contents<\/a>/);
  assert.match(linked, /<span class="chapter-ref" data-chapter="05">/, 'unmapped chapters stay plain text');
});

test('a TeX error fails the build instead of shipping broken math', () => {
  assert.throws(() => renderChapter('Broken: $\\frac{1}{$ here.'), /KaTeX|parse/i);
});

test('inline styles are hoisted into classes so the CSP needs no unsafe-inline', () => {
  const { html } = renderChapter(chapter);
  const hoisted = hoistInlineStyles(html);
  assert.doesNotMatch(hoisted.html, /\sstyle="/);
  assert.ok(hoisted.count > 10);
  assert.match(hoisted.css, /^\.ks0\{[^}]*!important/);
  const one = hoistInlineStyles('<span class="strut" style="height:1em;"></span><span style="top:-2em;">x</span>');
  assert.equal(one.html, '<span class="strut ks0"></span><span class="ks1">x</span>');
});

test('the CSP hashes inline code and never allows eval or inline scripts by name', () => {
  const html =
    '<meta http-equiv="Content-Security-Policy" content="__CSP__"><script>var a=1</script><style>p{}</style>';
  for (const standalone of [false, true]) {
    const csp = cspFor(html, { standalone });
    assert.ok(!csp.split(/[\s;]+/).includes("'unsafe-eval'"));
    assert.ok(!csp.includes("'unsafe-inline'"));
    assert.match(csp, /script-src [^;]*'sha256-[A-Za-z0-9+/=]+'/);
    assert.match(csp, /'wasm-unsafe-eval'/);
  }
  assert.match(cspFor(html, { standalone: true }), /worker-src blob:/);
});

test('font pruning keeps the faces the chapter uses and drops the others', () => {
  const css =
    '@font-face{font-family:KaTeX_Main;font-style:normal;font-weight:400;src:url(a)}' +
    '@font-face{font-family:KaTeX_Math;font-style:italic;font-weight:400;src:url(b)}' +
    '@font-face{font-family:KaTeX_Fraktur;font-style:normal;font-weight:400;src:url(c)}' +
    '.katex .mathnormal{font-family:KaTeX_Math;font-style:italic}.katex .mathfrak{font-family:KaTeX_Fraktur}';
  const out = pruneFontFaces(css, '<span class="mord mathnormal">x</span>');
  assert.match(out, /KaTeX_Main;font-style:normal/);
  assert.match(out, /KaTeX_Math;font-style:italic;font-weight:400;src/);
  assert.doesNotMatch(out, /@font-face\{font-family:KaTeX_Fraktur/);
});
