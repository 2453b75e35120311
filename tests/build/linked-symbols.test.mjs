// Linked reading at build time: \sym{name}{tex} in the chapter's math becomes data-sym on
// KaTeX's HTML, never in the MathML; KaTeX trusts nothing else. The symbol table and the chapter
// agree. (The page side: tests/browser/linked-reading.test.mjs.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { renderChapter } from '../../web/build/markdown.mjs';
import { SYMBOLS, SYMBOL_NAMES } from '../../web/src/hosts/chapter/linked/symbols.js';
import { DEMO_NAMES } from '../../web/src/demos/registry.js';

const chapter = () => {
  const source = readFileSync(new URL('../../content/chapter.md', import.meta.url), 'utf8');
  return renderChapter(source.replace(/^---\n[\s\S]*?\n---\n/, '').replace(/<!--[\s\S]*?-->\n?/g, '')).html;
};

test('\\sym marks the HTML copy only; the MathML is the same as without it', () => {
  const linked = renderChapter('$\\sym{S}{S_t} = \\sym{stamp}{k\\,v^\\top}$').html;
  const plain = renderChapter('$S_t = k\\,v^\\top$').html;
  assert.match(linked, /<span class="enclosing" data-sym="S">/);
  assert.match(linked, /data-sym="stamp"/);
  // The same tokens in the same order (\sym adds at most an <mrow> group); the TeX annotation has
  // no \sym in it.
  const tokens = (html) => [...html.matchAll(/<(mi|mo|mn|mtext)[^>]*>([^<]*)</g)].map((m) => `${m[1]}:${m[2]}`);
  assert.deepEqual(tokens(linked), tokens(plain));
  assert.ok(tokens(linked).length >= 5);
  assert.match(linked, /<annotation encoding="application\/x-tex">\{S_t\} = \{k\\,v\^\\top\}<\/annotation>/);
});

test('the build refuses unknown symbols, other attributes and every other trusted command', () => {
  assert.throws(() => renderChapter('$\\sym{Q}{Q}$'), /unknown linked symbol "Q"/);
  assert.throws(() => renderChapter('$\\htmlData{sym=S,x=1}{S}$'), /may only set sym/);
  assert.throws(() => renderChapter('$\\htmlData{onclick=x}{S}$'), /may only set sym/);
  for (const tex of [
    '\\href{https://example.org}{x}',
    '\\url{https://example.org}',
    '\\htmlClass{x}{y}',
    '\\htmlId{x}{y}',
    '\\htmlStyle{color:red}{y}',
  ]) {
    assert.throws(() => renderChapter(`$${tex}$`), /not allowed/, tex);
  }
  assert.throws(() => renderChapter('$\\frac{1}{$ x'), /KaTeX|parse/i); // strict mode and TeX errors still fail
});

test('the chapter links every symbol of the table, and each names demos that exist', () => {
  const html = chapter();
  const used = new Set([...html.matchAll(/data-sym="([^"]+)"/g)].map((m) => m[1]));
  assert.deepEqual([...used].sort(), [...SYMBOL_NAMES].sort());
  for (const [name, s] of Object.entries(SYMBOLS)) {
    assert.ok(s.label && s.names, name);
    assert.ok(s.demos.length > 0 && s.demos.every((d) => DEMO_NAMES.includes(d)), `${name}: ${s.demos}`);
  }
  // Equations (2), (3) and (4) are linked; (1), softmax, is not.
  const displays = html
    .split('<div class="equation">')
    .slice(1)
    .map((d) => d.slice(0, d.indexOf('</div>\n')));
  assert.deepEqual(
    displays.map((d) => /data-sym=/.test(d)),
    [false, true, true, true],
  );
});
