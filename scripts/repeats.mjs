// Repeated code: the pairs of places in the source that share a run of 6 or more lines, the same
// lines or lines of the same shape with other names, strings and numbers, counted as the
// `duplicates` tool counts them. A line's shape has each name, string and number made one
// placeholder, keywords and punctuation kept (in CSS, the property's name kept too).
//   node scripts/repeats.mjs [--max N] [--min-lines N] [--root DIR] [FILE...]
// Without FILEs: the files git tracks outside tests/ ending in .js .mjs .cpp .hpp .css .html .sh.
// Lines are compared after folding white space; blank lines, comment lines, lone punctuation and
// import lines (import/export-from, #include, using namespace, @import, source) are passed over.
// Boilerplate does not count:
//   - a run of the same lines that stands in more than 8 places (too common), or one whose lines
//     are mostly thin (more than half of them hold at most one word: `h(`, `null,`, `return;`);
//   - a run alike only in shape that stands in more than 2 places (a folder's habit: a list of
//     settings, a binding block's tail), overlaps itself (one list of alike lines), is mostly of
//     lines whose two places share at most 3 names (what is alike is punctuation and keywords),
//     or mostly of shapes found more than 4 times in the tree (a check and its early return).
// One pair of places per two files (or per file, with itself): the longest run shared is named,
// `(+N more runs)` counts the others; `shape` marks a run alike in shape only.
// Prints one row a pair, `a.js:10-24 ~ b.js:40-54 (8 lines)`, then "repeats: N pairs (at most M)";
// exits 1 when there are more than --max (default 4): the lint stage's limit (scripts/lint.sh).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SOURCE = /\.(js|mjs|cpp|hpp|css|html|sh)$/;
export const TOO_COMMON = 8; // places a run may stand in before it is boilerplate

const PUNCTUATION = /^[{}()[\];,.:]*$/;
const WORD = /[A-Za-z_$][\w$-]*|'[^']*'|"[^"]*"|`[^`]*`|\d[\w.]*/g;
const thin = (text) => (text.match(WORD) ?? []).length <= 1;

const SHARED_NAMES = 3; // names two lines of one shape may share and still be thin
const COMMON_SHAPE = 4; // lines of one shape in the tree before the shape is common
const NAME = /[A-Za-z_$][\w$-]*/g;
/** Do two lines of one shape share at most one name (what is alike is punctuation and keywords)? */
function thinShared(a, b) {
  if (a === b) return false;
  const left = (a.match(NAME) ?? []).filter((w) => !KEYWORDS.has(w));
  const right = new Set(b.match(NAME) ?? []);
  return left.filter((w) => right.has(w)).length <= SHARED_NAMES;
}
const KEYWORDS = new Set(
  (
    'async await auto bool break case catch char class const constexpr continue default delete do ' +
    'double else enum explicit export extends false float for from function if import in inline int ' +
    'let long namespace new noexcept null nullptr of private protected public return short static ' +
    'struct switch template this throw true try typeof typename undefined unsigned using var void ' +
    'while yield'
  ).split(' '),
);
const STRING = /'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`/g;
const TOKEN = /[A-Za-z_$][\w$-]*|\d[\w.]*/g;

/** A line's shape: each name, string and number one placeholder; keywords, punctuation and (in
 *  CSS) the property's name kept. */
export function shapeOf(text, kind) {
  const property = kind === 'css' ? /^([\w-]+):(?!:)/.exec(text)?.[1] : undefined;
  const rest = property === undefined ? text : text.slice(property.length);
  const shape = rest.replace(STRING, '""').replace(TOKEN, (t) => (KEYWORDS.has(t) ? t : /^\d/.test(t) ? '0' : 'x'));
  return (property ?? '') + shape;
}
const IMPORT = /^(import\b|export\b.*\bfrom\s|#include\b|using namespace\b|@import\b|source\s|\.\s+\S)/;

/**
 * The lines of `text` that count, as { text, line } (line: 1-based, in the file), with white space
 * folded. `kind`: the file's ending, which says what a comment looks like.
 */
export function countedLines(text, kind) {
  const hash = kind === 'sh';
  const html = kind === 'html';
  const out = [];
  let inBlock = false; // inside /* ... */ (or <!-- ... --> in HTML)
  let inImport = false; // inside a multi-line `import { ... } from` / `export { ... } from`
  text.split('\n').forEach((raw, i) => {
    const s = raw.trim().replace(/\s+/g, ' ');
    if (inBlock) {
      if (s.includes(html ? '-->' : '*/')) inBlock = false;
      return;
    }
    if (inImport) {
      if (/\bfrom\s|^}\s*;?$/.test(s) || s.endsWith(';')) inImport = false;
      return;
    }
    if (s === '' || PUNCTUATION.test(s)) return;
    if (hash ? s.startsWith('#') : s.startsWith('//')) return;
    const open = html ? '<!--' : hash ? null : '/*';
    if (open && s.startsWith(open)) {
      inBlock = !s.includes(html ? '-->' : '*/', open.length);
      return;
    }
    if (!hash && !html && (s.startsWith('*') || s.startsWith('*/'))) return;
    if (IMPORT.test(s)) {
      if (/^(import|export)\b/.test(s) && !/\bfrom\s|^import\s+['"]/.test(s) && !s.endsWith(';')) inImport = true;
      return;
    }
    out.push({ text: s, line: i + 1, shape: shapeOf(s, kind) });
  });
  return out;
}

function push(map, key, value) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * The runs of `minLines` or more lines that two places share, by `key` (a line's text or its
 * shape): [{ fa, fb, from, to, offset }] (counted lines: from..to of file fa stand again from
 * from + offset of file fb), leaving out runs that stand in more than TOO_COMMON places.
 */
function sharedRuns(files, minLines, key, most) {
  // Every window of minLines counted lines, by its key.
  const windows = new Map();
  files.forEach((f, fi) => {
    for (let i = 0; i + minLines <= f.lines.length; i++) {
      push(
        windows,
        f.lines
          .slice(i, i + minLines)
          .map(key)
          .join('\n'),
        [fi, i],
      );
    }
  });
  // Windows shared by two places, on the same diagonal (same two files, same offset): one run.
  const diagonals = new Map();
  for (const at of windows.values()) {
    if (at.length < 2 || at.length > most) continue;
    for (let p = 0; p < at.length; p++) {
      for (let q = p + 1; q < at.length; q++) {
        const [fa, ia] = at[p];
        const [fb, ib] = at[q];
        push(diagonals, `${fa} ${fb} ${ib - ia}`, ia);
      }
    }
  }
  const runs = [];
  for (const [k, starts] of diagonals) {
    const [fa, fb, offset] = k.split(' ').map(Number);
    starts.sort((x, y) => x - y);
    for (let i = 0; i < starts.length; ) {
      let end = i;
      while (end + 1 < starts.length && starts[end + 1] === starts[end] + 1) end++;
      runs.push({ fa, fb, offset, from: starts[i], to: starts[end] + minLines - 1 });
      i = end + 1;
    }
  }
  return runs;
}

/**
 * The pairs of places among `files` ({ name, lines: countedLines(...) }) that share a run of
 * `minLines` or more counted lines, the same or of the same shape. Returns one entry per two files
 * (or one file with itself), longest first: { a, b, lines, more, shape } where a and b are
 * { name, from, to } (lines in the files), `more` counts the other runs the two share and `shape`
 * says the longest is alike only in shape.
 */
export function findRepeats(files, { minLines = 6 } = {}) {
  // How many lines of the tree have each shape: a run whose lines are mostly of shapes found all
  // over (a check and its early return, an option copied into a struct) is a habit.
  const shapes = new Map();
  for (const f of files) for (const l of f.lines) shapes.set(l.shape, (shapes.get(l.shape) ?? 0) + 1);
  const common = (l) => shapes.get(l.shape) > COMMON_SHAPE;
  // A shape that stands in more than two places is a folder's habit (a list of settings, a
  // binding block's tail); a run overlapping itself is one list of alike lines.
  const alike = sharedRuns(files, minLines, (l) => l.shape, 2).filter(
    (r) =>
      !(r.fa === r.fb && r.offset <= r.to - r.from) &&
      files[r.fa].lines.slice(r.from, r.to + 1).filter(common).length * 2 <= r.to - r.from + 1 &&
      !mostlyThin(files, r),
  );
  // The same lines, unless a run alike in shape holds them already.
  const covers = (s, r) => s.fa === r.fa && s.fb === r.fb && s.offset === r.offset && s.from <= r.from && r.to <= s.to;
  const same = sharedRuns(files, minLines, (l) => l.text, TOO_COMMON).filter(
    (r) => !mostlyThin(files, r) && !alike.some((s) => covers(s, r)),
  );
  const byFiles = new Map();
  for (const r of [...alike, ...same]) push(byFiles, `${r.fa} ${r.fb}`, place(files, r));
  const pairs = [];
  for (const runs of byFiles.values()) {
    runs.sort((x, y) => y.lines - x.lines || x.a.from - y.a.from);
    pairs.push({ ...runs[0], more: runs.length - 1 });
  }
  return pairs.sort((x, y) => y.lines - x.lines || x.a.name.localeCompare(y.a.name) || x.a.from - y.a.from);
}

/** Boilerplate: more than half of the run's lines are thin, or share at most a few names. */
function mostlyThin(files, r) {
  const A = files[r.fa].lines;
  const B = files[r.fb].lines;
  let thinLines = 0;
  for (let i = r.from; i <= r.to; i++) {
    if (thin(A[i].text) || thinShared(A[i].text, B[i + r.offset].text)) thinLines++;
  }
  return thinLines * 2 > r.to - r.from + 1;
}

/** A run as its two places: { a, b, lines, shape } (`shape`: alike in shape only). */
function place(files, r) {
  const A = files[r.fa].lines;
  const B = files[r.fb].lines;
  const run = A.slice(r.from, r.to + 1);
  return {
    a: { name: files[r.fa].name, from: A[r.from].line, to: A[r.to].line },
    b: { name: files[r.fb].name, from: B[r.from + r.offset].line, to: B[r.to + r.offset].line },
    lines: run.length,
    shape: run.some((l, i) => l.text !== B[r.from + r.offset + i].text),
  };
}

export function formatPair({ a, b, lines, more, shape }) {
  const extra = `${shape ? ' shape' : ''}${more ? ` (+${more} more run${more > 1 ? 's' : ''})` : ''}`;
  return `${a.name}:${a.from}-${a.to} ~ ${b.name}:${b.from}-${b.to} (${lines} lines)${extra}`;
}

/** The files the lint stage looks at: tracked, source, outside tests/. */
export function trackedSources(root) {
  return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((f) => f && !f.startsWith('tests/') && SOURCE.test(f));
}

function main(argv) {
  let max = 4;
  let minLines = 6;
  let root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const names = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--max') max = Number(argv[++i]);
    else if (argv[i] === '--min-lines') minLines = Number(argv[++i]);
    else if (argv[i] === '--root') root = path.resolve(argv[++i]);
    else names.push(argv[i]);
  }
  if (!(max >= 0) || !(minLines >= 2)) {
    console.error('usage: node scripts/repeats.mjs [--max N] [--min-lines N>=2] [--root DIR] [FILE...]');
    return 2;
  }
  const files = (names.length ? names : trackedSources(root)).map((name) => ({
    name,
    lines: countedLines(readFileSync(path.resolve(root, name), 'utf8'), path.extname(name).slice(1)),
  }));
  const pairs = findRepeats(files, { minLines });
  for (const p of pairs) console.log(formatPair(p));
  console.log(
    `repeats: ${pairs.length} pairs of places share ${minLines} or more lines in ${files.length} files (at most ${max})`,
  );
  return pairs.length > max ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
