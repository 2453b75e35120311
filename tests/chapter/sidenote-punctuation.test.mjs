// An opened margin note (narrow screens show it as a block below its anchor) must
// not break a sentence before its full stop: punctuation that follows a note goes with the anchor.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderChapter } from '../../web/build/markdown.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** The character after each margin note (its <span> closed, nested spans counted). */
function notesFollowedBy(html) {
  const out = [];
  for (const m of html.matchAll(/<span class="sidenote"/g)) {
    const tags = /<(\/?)span\b[^>]*>/g;
    tags.lastIndex = m.index;
    let depth = 0;
    for (let t = tags.exec(html); t; t = tags.exec(html)) {
      depth += t[1] ? -1 : 1;
      if (depth === 0) {
        out.push(html[tags.lastIndex]);
        break;
      }
    }
  }
  return out;
}

test('punctuation right after a margin note stays with its anchor, before the note', () => {
  const { html } = renderChapter(
    '[Softmax couples keys]^[A note.]. Computed directly, it is slow; [a]^[b], then [c]^[d] end',
  );
  assert.match(html, /Softmax couples keys\.<sup class="sn-ref"/);
  assert.match(html, /A note\.<\/span> Computed directly/, 'the sentence goes on after the note');
  assert.doesNotMatch(html, /<\/span>\. Computed/);
  assert.match(html, /a,<sup class="sn-ref"/);
  assert.match(html, /b<\/span> then/);
  assert.match(html, /c<sup class="sn-ref"[\s\S]*d<\/span> end/, 'no punctuation: nothing moves');
});

test('no margin note in the chapter is followed by punctuation', () => {
  const chapter = readFileSync(join(root, 'content/chapter.md'), 'utf8');
  const { html } = renderChapter(chapter);
  const after = notesFollowedBy(html);
  assert.ok(after.length >= 8);
  for (const c of after) assert.doesNotMatch(c, /[.,;:!?]/);
});
