// Which browser tests run alone on the machine and which run two at a time (npm test's two browser
// stages, scripts/test.mjs).
//
// Browser files that measure time run one at a time, alone on the machine: drags and their frames
// (ledger, memory, overcapacity), steps and long tasks of sweeps on a host page (hosts), the worker
// pool's timing (overcapacity-pool), layout shift while fonts and figures load (layout-shift) and
// permalinks landing under a slowed CPU (landing). Every other file asserts what the page shows
// and does, not how fast: those run two at a time, one Chromium each (the soak's 2,000 actions and
// its heap bounds, and the service worker's offline reloads, among them: none reads a clock). A new
// file that asserts a time belongs in this list.
export const BROWSER_ALONE = new Set([
  'ledger.test.mjs',
  'memory.test.mjs',
  'overcapacity.test.mjs',
  'overcapacity-pool.test.mjs',
  'hosts.test.mjs',
  'layout-shift.test.mjs',
  'landing.test.mjs',
]);

// The tests of those files that measure no time, by the start of their names: they run two at a
// time with the other files (node --test-name-pattern), and only the rest of their file runs alone.
// Each starts from a page of its own or from the state the named tests before it leave (the tests
// of a file share one page: a test that relies on an earlier one's page is named with it, and the
// tests left alone start from the file's fresh page or reset it). What stays alone: the host pages'
// step timing (hosts 10), the permalinks under 4x and 6x CPU throttling (landing), layout shifts
// while the chapter and the embeds load (layout-shift: CLS, and nothing moving), the memory
// figure's drag, the ledger's drag once around the plane, and overcapacity's four timed tests (the
// slider's frame, the drag while d = 256 streams in, the budget refused at once, the worker
// watchdog's 10 s). A test not named here stays alone; a test that asserts a time must not be named.
export const BROWSER_ALONE_UNTIMED = {
  'hosts.test.mjs': ['1. ', '2. ', '3. ', '4. ', '5. ', '5b. ', '6. ', '7. ', '9. ', '9b. '],
  'landing.test.mjs': ['a section anchor and demo settings', 'link settings the page cannot use'],
  // (its CLS and "nothing moves" tests stay alone: when a shift happens depends on the machine)
  'layout-shift.test.mjs': [
    '375 px: the header keeps its height',
    '1280 px: the header keeps its height',
    'wide screens: blocks out of view skip layout only at a measured width',
  ],
  'memory.test.mjs': [
    'dense GQA',
    'MHA (Llama-2-7B)',
    'hybrids:',
    'the fixed state is the same number',
    'KV dtype, state dtype and sessions',
    'bad input gives an inline message',
    'accessible: axe-clean',
    'a drag rewrites only the numbers',
    'a drag released where it began',
    'off-screen the demo pauses',
  ],
  'ledger.test.mjs': [
    'mounts with the chapter example',
    'shows each stamp and the running S',
    'reads (3, 1) and (\u22122, 4)',
    'keyboard: the page buttons',
    'stepping back one write',
    'turning k\u2083 with the keyboard',
    'dragging a key with the mouse or a finger',
    'a drag in the plane fills only the panels in view',
    'sliding the page slider turns the pages in view',
    'a page the slider adds out of view',
    'a page turn adds or removes only the drawings',
    'the lines below the pages wait',
    'the page slider moved by a script',
    'the feature-map toggle',
    'bad input in a field',
    'the reader edits the ledger',
    'receipts grow with each write',
    'axe-core finds nothing',
    'scrolling in the middle of a drag',
    'fits a 360 px wide screen',
    'works in the standalone file too',
    'what the URL accepts the core computes',
    "the chapter's worked example still opens",
    'typing 1e3 into k\u2081',
    'tiny overlaps, normalizers and keys',
    'removing an association or adding the 8th',
    'under forced colours the receipts',
    'at 320 px the \u00d7 buttons fit',
    'a number typed but not yet committed',
    'on a 320 px phone',
  ],
  'overcapacity.test.mjs': [
    'mounts in its default state',
    'random keys at d = 64',
    'the sentence states the plotted numbers',
    'where no read is wrong',
    'the overlap heatmap',
    'every state size d',
    'orthonormal keys',
    'at high \u03b2',
    'dragging \u03b2',
    'bad trials or seed',
    'log axis',
    'axe-core: clean',
    '360 px wide',
    'off-screen, a streaming d = 256 sweep',
    'in the standalone file (file://)',
    'without workers',
  ],
};

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// node --test matches a pattern against a test's name and its parents' (the file's root is
// "<root>"), so the pattern of "all but these" leaves the root out too.
export const namesStarting = (starts) => `^(?:${starts.map(escapeRegExp).join('|')})`;
export const namesNotStarting = (starts) => `^(?!${starts.map(escapeRegExp).join('|')}|<root>$)`;

/**
 * The browser stages' jobs ({ file, pattern, part }: one `node --test` process each) for the test
 * files `files`: `alone` the timed ones (whole files, or the rest of a file named in
 * BROWSER_ALONE_UNTIMED), `shared` the others (whole files, and the untimed tests of those files,
 * marked `first`: they are the longest). Throws on a name that is not a test file of BROWSER_ALONE.
 */
export function browserJobs(files) {
  for (const f of [...BROWSER_ALONE, ...Object.keys(BROWSER_ALONE_UNTIMED)]) {
    if (!BROWSER_ALONE.has(f) || !files.includes(f))
      throw new Error(`BROWSER_ALONE(_UNTIMED) names ${f}, which is not a test file of BROWSER_ALONE`);
  }
  const alone = [...BROWSER_ALONE].map((file) => {
    const untimed = BROWSER_ALONE_UNTIMED[file];
    return untimed ? { file, pattern: namesNotStarting(untimed), part: 'its timed tests' } : { file };
  });
  const shared = files.filter((f) => !BROWSER_ALONE.has(f)).map((file) => ({ file }));
  for (const [file, untimed] of Object.entries(BROWSER_ALONE_UNTIMED))
    shared.push({ file, pattern: namesStarting(untimed), part: 'its untimed tests', first: true });
  return { alone, shared };
}
