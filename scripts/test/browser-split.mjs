// Which browser tests run alone on the machine and which run two at a time (npm test's two browser
// stages, scripts/test.mjs), read from the tests themselves:
//
//   - a file named `*.timed.test.mjs` measures time in every test: it runs whole, alone;
//   - a test (or a describe) whose name starts with `timed: ` measures time (a drag's frames, long
//     tasks, layout shift while loading, permalinks under a slowed CPU): the tests so marked run
//     alone, and the rest of their file in the pool;
//   - every other test asserts what the page shows and does, not how fast: two files at a time, one
//     Chromium each.
//
// The tests of a file share one page, and a test may start from the state the tests before it
// leave: an unmarked test that relies on a marked one's page (or the other way round) would break
// when the two parts run apart, so each part starts from the file's fresh page or resets it. A
// describe marked `timed: ` marks its tests too (name them with the mark as well: node matches a
// pattern against a test's name and its parents').
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const TIMED_MARK = 'timed: ';
export const TIMED_FILE = /\.timed\.test\.mjs$/;

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// node --test matches a pattern against a test's name and its parents' (the file's root is
// "<root>"), so the pattern of "all but these" leaves the root out too.
export const namesStarting = (starts) => `^(?:${starts.map(escapeRegExp).join('|')})`;
export const namesNotStarting = (starts) => `^(?!${starts.map(escapeRegExp).join('|')}|<root>$)`;

/** Does this test file's text name a test or describe with the timed mark? */
export const hasTimedTests = (text) => /\b(?:test|describe|it)\(\s*['"`]timed: /.test(text);

/**
 * The browser stages' jobs ({ file, pattern, part }: one `node --test` process each) for the test
 * files `files` of `dir`: `alone` the timed ones (whole `*.timed.test.mjs` files, and the marked
 * tests of the others), `shared` the rest (whole files, and the unmarked tests of files that mark
 * some, `first`: they are the longest).
 */
export function browserJobs(dir, files) {
  const alone = [];
  const shared = [];
  for (const file of files) {
    if (TIMED_FILE.test(file)) alone.push({ file });
    else if (hasTimedTests(readFileSync(path.join(dir, file), 'utf8'))) {
      alone.push({ file, pattern: namesStarting([TIMED_MARK]), part: 'its timed tests' });
      shared.push({ file, pattern: namesNotStarting([TIMED_MARK]), part: 'its untimed tests', first: true });
    } else shared.push({ file });
  }
  return { alone, shared };
}
