// Quotation marks are a promise that someone wrote those words. Every quotation in the chapter (a
// ::: quote block, or text in “double quotes” outside the references) must be a run of words from a
// passage in content/quotations.json, each checked against its source; a block quote must credit
// that passage's author. (The chapter once put words in Songlin Yang's mouth.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chapterText, root, words } from './chapter-text.mjs';

const verified = JSON.parse(readFileSync(path.join(root, 'content/quotations.json'), 'utf8')).quotations;

/** The verified passage whose words contain `text`'s words as one contiguous run, or undefined. */
function sourceOf(text) {
  const w = words(text).join(' ');
  return verified.find((q) => ` ${words(q.text).join(' ')} `.includes(` ${w} `));
}

test('every verified passage names its author, work, URL and when it was checked', () => {
  assert.ok(verified.length > 0);
  for (const q of verified) {
    for (const key of ['author', 'work', 'url', 'text', 'checked'])
      assert.ok(typeof q[key] === 'string' && q[key].length > 0, `${JSON.stringify(q).slice(0, 80)}: ${key}`);
    assert.match(q.url, /^https:\/\//);
  }
});

test('every quotation in the chapter is a run of words from a verified passage', () => {
  const { quotations } = chapterText();
  assert.ok(quotations.length > 0, 'the chapter quotes someone (the block quote of 4.3)');
  for (const q of quotations) {
    const source = sourceOf(q.text);
    assert.ok(source, `“${q.text}” is not in content/quotations.json: quote only checked words`);
    if (q.credit !== null) {
      assert.ok(q.credit.includes(source.author), `the quote “${q.text}” is credited to ${source.author}`);
    }
  }
});

test('the words once misattributed to Songlin Yang are not presented as hers', () => {
  const { quotations } = chapterText();
  for (const q of quotations) assert.doesNotMatch(q.text, /whiteboard|store more than/i);
});

test('the check catches an unlisted quotation and a block quote credited to the wrong author', () => {
  const fake = chapterText('Plain text with “words nobody wrote down anywhere” in it.\n');
  assert.equal(sourceOf(fake.quotations[0].text), undefined);
  const quoted = chapterText(
    '::: quote Someone Else\n…in a $d$-dimensional space, you can only have at most $d$ orthogonal vectors.\n:::\n',
  );
  assert.equal(quoted.quotations.length, 1);
  const source = sourceOf(quoted.quotations[0].text);
  assert.equal(source?.author, 'Songlin Yang', 'the words themselves are verified');
  assert.ok(!quoted.quotations[0].credit.includes(source.author), 'but this credit does not name her');
});
