// Repeated code: the pairs of places in the source that share a run of 6 or more lines.
//   node scripts/repeats.mjs [--max N] [--min-lines N] [--root DIR] [FILE...]
// Without FILEs: the files git tracks outside tests/ ending in .js .mjs .cpp .hpp .css .html .sh.
// Lines are compared after folding white space; blank lines, comment lines, lone punctuation and
// import lines (import/export-from, #include, @import, source) are passed over. Boilerplate does not
// count: a run that stands in more than 8 places (too common), or one whose lines are mostly thin
// (more than half of them hold at most one word: `h(`, `null,`, `'tr',`, `return;`, `} else {`).
// One pair of places per two files (or per file, with itself): the longest run shared is named,
// `(+N more runs)` counts the others.
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
const IMPORT = /^(import\b|export\b.*\bfrom\s|#include\b|@import\b|source\s|\.\s+\S)/;

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
    out.push({ text: s, line: i + 1 });
  });
  return out;
}

function push(map, key, value) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * The pairs of places among `files` ({ name, lines: countedLines(...) }) that share a run of
 * `minLines` or more counted lines. Returns one entry per two files (or one file with itself),
 * longest first: { a, b, lines, more } where a and b are { name, from, to } (lines in the files)
 * and `more` counts the other runs the two share.
 */
export function findRepeats(files, { minLines = 6 } = {}) {
  // Every window of minLines counted lines, by its text.
  const windows = new Map();
  files.forEach((f, fi) => {
    for (let i = 0; i + minLines <= f.lines.length; i++) {
      const key = f.lines
        .slice(i, i + minLines)
        .map((l) => l.text)
        .join('\n');
      push(windows, key, [fi, i]);
    }
  });
  // Windows shared by two places, on the same diagonal (same two files, same offset): one run.
  const diagonals = new Map();
  for (const at of windows.values()) {
    if (at.length < 2 || at.length > TOO_COMMON) continue;
    for (let p = 0; p < at.length; p++) {
      for (let q = p + 1; q < at.length; q++) {
        const [fa, ia] = at[p];
        const [fb, ib] = at[q];
        push(diagonals, `${fa} ${fb} ${ib - ia}`, ia);
      }
    }
  }
  const byFiles = new Map();
  for (const [key, starts] of diagonals) {
    const [fa, fb, offset] = key.split(' ').map(Number);
    starts.sort((x, y) => x - y);
    for (let k = 0; k < starts.length; ) {
      let end = k;
      while (end + 1 < starts.length && starts[end + 1] === starts[end] + 1) end++;
      const from = starts[k];
      const to = starts[end] + minLines - 1; // last counted line of the run
      const A = files[fa].lines;
      const B = files[fb].lines;
      k = end + 1;
      const thinLines = A.slice(from, to + 1).filter((l) => thin(l.text)).length;
      if (thinLines * 2 > to - from + 1) continue; // boilerplate: mostly thin lines
      const run = {
        a: { name: files[fa].name, from: A[from].line, to: A[to].line },
        b: { name: files[fb].name, from: B[from + offset].line, to: B[to + offset].line },
        lines: to - from + 1,
      };
      push(byFiles, `${fa} ${fb}`, run);
    }
  }
  const pairs = [];
  for (const runs of byFiles.values()) {
    runs.sort((x, y) => y.lines - x.lines || x.a.from - y.a.from);
    pairs.push({ ...runs[0], more: runs.length - 1 });
  }
  return pairs.sort((x, y) => y.lines - x.lines || x.a.name.localeCompare(y.a.name) || x.a.from - y.a.from);
}

export function formatPair({ a, b, lines, more }) {
  const extra = more ? ` (+${more} more run${more > 1 ? 's' : ''})` : '';
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
