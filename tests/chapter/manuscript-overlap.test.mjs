// The chapter is written in this project's own words: no run of 8 or more consecutive words may be
// shared with the manuscript (../shared/manuscript/, beside the repository) outside quotations of
// other authors (block quotes, “double quotes”) and the references (names and titles). The text
// compared is the rendered chapter (tests/chapter/chapter-text.mjs), margin notes and captions
// included. Where the manuscript is absent the test is skipped, saying so; MANUSCRIPT_DIR points
// it at another copy (e.g. from a git worktree, whose ../shared is elsewhere).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chapterText, manuscriptSegments, root, sharedRuns, words } from './chapter-text.mjs';

const RUN = 8;
const dir = process.env.MANUSCRIPT_DIR
  ? path.resolve(process.env.MANUSCRIPT_DIR)
  : path.resolve(root, '../shared/manuscript');
const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.txt')) : [];

test(`no run of ${RUN}+ words is shared with the manuscript outside quotations`, (t) => {
  if (files.length === 0) {
    t.skip(`manuscript not found at ${dir} (set MANUSCRIPT_DIR to check against a copy elsewhere)`);
    return;
  }
  const manuscript = files.flatMap((f) => manuscriptSegments(readFileSync(path.join(dir, f), 'utf8')));
  const { prose } = chapterText();
  assert.ok(words(prose.join(' ')).length > 2000, 'the whole chapter was read');
  const runs = sharedRuns(prose, manuscript, RUN);
  assert.deepEqual(runs, [], `shared with ${dir}:\n${runs.map((r) => `  ${r}`).join('\n')}`);
});

test('the comparison finds a copied sentence in prose, a margin note and a caption, not in a quote', () => {
  const manuscript = manuscriptSegments(
    'Intro line.\nThe model can update that sum as tokens arrive and store itcontextA note that was fused into the line.',
  );
  const copied = 'we note that the model can update that sum as tokens arrive, honestly';
  const found = (md) => sharedRuns(chapterText(md).prose, manuscript, RUN);
  assert.deepEqual(found(`Plain: ${copied}.\n`), ['the model can update that sum as tokens arrive']);
  assert.equal(found(`A [note]^[${copied}] here.\n`).length, 1, 'margin notes are checked');
  assert.equal(found(`::: figure ledger\n**Title.** ${copied}.\n:::\n`).length, 1, 'captions are checked');
  assert.deepEqual(found(`She wrote “${copied}” once.\n`), [], 'a “quotation” is not prose');
  assert.deepEqual(found(`::: quote Someone\n${copied}\n:::\n`), [], 'a block quote is not prose');
  // A margin note fused into the export ("itcontextA …") is split off from the line it was glued to.
  assert.deepEqual(manuscript.slice(1), [
    'The model can update that sum as tokens arrive and store it',
    'A note that was fused into the line.',
  ]);
  // Math reads as its characters: $k_1$ is k₁ of the plain-text export.
  const withMath = manuscriptSegments("so v₃'s stamp inked k₁'s row and nothing else changed");
  const ours = chapterText("so $v_3$'s stamp inked $k_1$'s row and nothing else changed\n").prose;
  assert.equal(sharedRuns(ours, withMath, RUN).length, 1);
});
