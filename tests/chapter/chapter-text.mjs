// The chapter's text as a reader sees it, for tests that check the prose itself (its own words, its
// quotations, the numbers in its captions). Renders content/chapter.md with the build's own
// renderer (web/build/markdown.mjs), so it needs no page build, and splits the result into:
//   prose       the text in the project's own words, one segment per paragraph, cell, heading,
//               caption or margin note (a run of words never continues from one into the next)
//   quotations  the words of others: block quotes and spans in “double quotes” (titles included)
//   captions    each figure's caption, by demo name
//   after       the paragraph right after each figure, by demo name (what the figure holds beyond
//               its caption: its disclosures and settings)
// The references section is left out (names and titles). Math keeps the text of its MathML
// (k_1 reads "k1"), so a copied sentence with a symbol in it is still one run.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderChapter } from '../../web/build/markdown.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** content/chapter.md without its front matter and authoring comments. */
export function chapterSource() {
  return readFileSync(path.join(root, 'content/chapter.md'), 'utf8')
    .replace(/^---\n[\s\S]*?\n---\n/, '')
    .replace(/<!--[\s\S]*?-->\n?/g, '');
}

const BREAK = '\u2029'; // paragraph separator: a boundary no run of words crosses

/** Index just past the element that opens at `start` (balanced on its own tag name). */
function elementEnd(html, start, tag) {
  const re = new RegExp(`<${tag}[\\s>]|</${tag}>`, 'g');
  re.lastIndex = start;
  let depth = 0;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    depth += m[0].startsWith('</') ? -1 : 1;
    if (depth === 0) return m.index + m[0].length;
  }
  throw new Error(`unbalanced <${tag}> at ${start}`);
}

/** Replaces every element whose opening tag matches `open` by what `fn(outerHtml)` returns. */
function replaceElements(html, open, tag, fn) {
  let out = '';
  let at = 0;
  for (;;) {
    open.lastIndex = at;
    const m = open.exec(html);
    if (!m) return out + html.slice(at);
    const end = elementEnd(html, m.index, tag);
    out += html.slice(at, m.index) + fn(html.slice(m.index, end));
    at = end;
  }
}

const decode = (s) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');

const stripTags = (s) => decode(s.replace(/<[^>]*>/g, ''));

/** The chapter as { prose: string[], quotations: {text, credit}[], captions: {name: string},
 *  after: {name: string} }. */
export function chapterText(source = chapterSource()) {
  let html = renderChapter(source).html;
  html = html.replace(/<section class="references"[\s\S]*?<\/section>/, BREAK);
  // Math: keep the MathML's characters as one piece of text, drop KaTeX's visual copy.
  html = replaceElements(html, /<span class="katex-html"/g, 'span', () => '');
  html = html.replace(/<annotation[^>]*>[\s\S]*?<\/annotation>/g, '');
  html = html.replace(/<math[\s\S]*?<\/math>/g, (m) => stripTags(m));
  // Margin notes become their own segments; their numbers and toggles are not text.
  html = html.replace(/<sup class="sn-ref"[^>]*>[\s\S]*?<\/sup>|<button[^>]*>[\s\S]*?<\/button>/g, '');
  html = replaceElements(html, /<span class="sn-num"/g, 'span', () => '');
  const notes = [];
  html = replaceElements(html, /<span class="sidenote"/g, 'span', (note) => {
    notes.push(note);
    return '';
  });
  const captions = {};
  for (const m of html.matchAll(/<figcaption id="figure-(\w+)-caption">([\s\S]*?)<\/figcaption>/g)) {
    captions[m[1]] = stripTags(m[2].replace(/<span class="fig-label">[\s\S]*?<\/span>/, ''))
      .replace(/\s+/g, ' ')
      .trim();
  }
  const after = {};
  for (const m of html.matchAll(/<figcaption id="figure-(\w+)-caption">[\s\S]*?<\/figure>\s*<p>([\s\S]*?)<\/p>/g)) {
    after[m[1]] = stripTags(m[2]).replace(/\s+/g, ' ').trim();
  }
  const quotations = []; // { text, credit } (credit: the block quote's credit line, else null)
  const clean = (s) => stripTags(s).replace(/\s+/g, ' ').trim();
  html = html.replace(
    /<blockquote>([\s\S]*?)<\/blockquote>\s*(?:<figcaption class="quote-credit">([\s\S]*?)<\/figcaption>)?/g,
    (_, q, credit) => {
      quotations.push({ text: clean(q), credit: credit ? clean(credit).replace(/^—\s*/, '') : null });
      return BREAK;
    },
  );
  const blocks = /<\/(p|li|td|th|h\d|figcaption|blockquote|caption|div|section|footer|figure)>|<br\s*\/?>/g;
  const prose = [];
  for (const part of [html, ...notes]) {
    const text = stripTags(part.replace(blocks, BREAK));
    for (const segment of text.split(BREAK)) {
      // Text in “double quotes” is someone else's words (or a title): a quotation, not prose.
      const own = segment.replace(/“([^”]*)”/g, (_, q) => {
        quotations.push({ text: q.replace(/\s+/g, ' ').trim(), credit: null });
        return BREAK;
      });
      for (const s of own.split(BREAK)) if (s.trim()) prose.push(s.replace(/\s+/g, ' ').trim());
    }
  }
  return { prose, quotations, captions, after };
}

/** Words for comparison: NFKC (k₁ -> k1, ᵀ -> T), lower case, letters and digits only; `_` and `^`
 *  dropped so that k_j and k_j^⊤ in plain text read as the MathML's kj. */
export function words(text) {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[_^]/g, '')
      .match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu) ?? []
  ).map((w) => w.replace(/['’]s$/, ''));
}

/** The manuscript export as segments: lines, and the margin notes fused into them ("keyscontext
 *  Its …", see its README) split off where the word "context" is glued to the previous one. */
export function manuscriptSegments(text) {
  return text
    .split(/\n+/)
    .flatMap((line) => line.split(/(?<=[\p{L}\p{N}.)])context(?=\s|\p{Lu})/u))
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Every run of `n` or more consecutive words that `ours` shares with `theirs` (both arrays of
 *  segments), longest first, as strings. */
export function sharedRuns(ours, theirs, n = 8) {
  const grams = new Set();
  for (const seg of theirs) {
    const w = words(seg);
    for (let i = 0; i + n <= w.length; i++) grams.add(w.slice(i, i + n).join(' '));
  }
  const runs = [];
  for (const seg of ours) {
    const w = words(seg);
    let i = 0;
    while (i + n <= w.length) {
      if (!grams.has(w.slice(i, i + n).join(' '))) {
        i++;
        continue;
      }
      let j = i + n; // extend the run while each next n-gram is shared too
      while (j < w.length && grams.has(w.slice(j - n + 1, j + 1).join(' '))) j++;
      runs.push(w.slice(i, j).join(' '));
      i = j;
    }
  }
  return runs.sort((a, b) => b.length - a.length);
}
