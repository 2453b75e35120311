// Repeated code, counted as the `duplicates` tool counts it: the pairs of places in a folder that
// share a run of 6 or more lines, the same lines or lines of the same shape with other names,
// strings and numbers, and which of them are boilerplate.
//   node scripts/repeats.mjs [--max N] [--root DIR] [FOLDER...]     (default: web wasm scripts)
// Each folder is read on its own, as `duplicates --repo FOLDER` reads it: the files git lists below
// it (tracked, or untracked and not ignored) whose ending names a language, each line's white space
// folded; blank lines, comment lines, lone punctuation and import lines passed over.
// How the counting goes:
//   - every window of 6 counted lines is keyed by its text and, when it has some substance (24
//     tokens, 2 statements), by its shape (each name a placeholder, strings and numbers too);
//   - a key standing in more than 8 places is too common to pair; every two places of the others
//     are a pair of windows, and a file's pairs of windows make one pair of places;
//   - a pair alike only in shape is boilerplate when fewer than half its windows are solid: a
//     window is not solid when its shape stands in 3 files of one folder (a folder's habit) or
//     both its places are thin (more than 60 % punctuation and keywords).
// Prints one row a pair, `D1 a.js:10-24 ~ b.js:40-54 shape boilerplate (+2 more runs)`, per folder,
// then "repeats: N pairs that are not boilerplate (at most M)"; exits 1 over --max (default 4): the
// lint stage's limit (scripts/lint.sh).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const FOLDERS = ['web', 'wasm', 'scripts'];
const WINDOW = 6;
const TOO_COMMON = 8; // places a window may stand in before it is too common to pair
const MIN_TOKENS = 4; // a window's shape counts with 4 tokens a line ...
const MIN_STATEMENTS = 2; // ... and 2 statements
const THIN_SHARE = 0.6;
const HABIT_FILES = 3; // files of one folder a shape may stand in before it is the folder's habit
const LINE_MAX = 2000;
const FILE_MAX = 1 << 20;

// What a comment line starts with, by the file's ending ('' : only the block comments).
const COMMENT_MARKS = {
  '#':
    'py pyi pyx pxd sh bash zsh fish bats nim ex exs rb rake s r pm t tcl cr jl nix tf hcl cmake mk bzl ' +
    'bazel ps1 psm1 pyw gd awk sed graphql',
  '//':
    'rs go v sv sol dart php java kt kts scala sc groovy gradle cs fs fsx swift js mjs cjs jsx ts tsx ' +
    'mts cts c h cc cpp cxx hpp hh hxx ino m mm cu cuh proto thrift zig d pas pp lpr vue svelte astro ' +
    'scss less glsl hlsl wgsl',
  '--': 'lua sql vhd vhdl adb ads hs purs elm rexx rex',
  ';': 'asm lisp cl el scm ss rkt clj cljs cljc',
  '!': 'f f90 f95 f03 f08',
  '%': 'erl hrl pl pro',
  '(*': 'ml mli sml',
  '*': 'cob cbl cpy',
  "'": 'vb vbs bas',
  '': 'css html htm',
};
const MARK_OF = new Map(Object.entries(COMMENT_MARKS).flatMap(([m, e]) => e.split(' ').map((x) => [x, m])));
const NAMED = new Map(
  Object.entries({
    '#':
      'Makefile GNUmakefile Dockerfile Containerfile CMakeLists.txt BUILD WORKSPACE Rakefile Gemfile ' +
      'Vagrantfile SConstruct meson.build',
    '//': 'Jenkinsfile',
  }).flatMap(([m, names]) => names.split(' ').map((n) => [n, m])),
);
const SKIPPED = new Set(['.git', 'vendor', 'third_party', 'thirdparty', 'node_modules']);

const ending = (name) => {
  const base = name.slice(name.lastIndexOf('/') + 1);
  return base.includes('.') ? base.slice(base.lastIndexOf('.') + 1).toLowerCase() : '';
};
/** The comment mark of a file (undefined: a file that does not count). */
export function markOf(name) {
  const base = name.slice(name.lastIndexOf('/') + 1);
  if (
    name
      .split('/')
      .slice(0, -1)
      .some((f) => SKIPPED.has(f.toLowerCase()))
  )
    return undefined;
  return NAMED.get(base) ?? MARK_OF.get(ending(name));
}

const STATEMENT_WORDS = new Set(
  (
    'if for while loop return let var const else elif try except catch with raise throw yield await ' +
    'defer go do unsafe assert del goto continue break'
  ).split(' '),
);
const DECLARATION_WORDS = new Set('impl class struct enum interface trait union typedef pub export'.split(' '));
const KEYWORDS = new Set([
  ...STATEMENT_WORDS,
  ...DECLARATION_WORDS,
  ...(
    'case switch default func def fn function nil null none None true false err error self this new ' +
    'end then in not and or static void int bool string public private final mut match Ok Err Some'
  ).split(' '),
]);
const NO_SUBSTANCE = /^[\s{}()[\];,:.]*$/;
const HEADER_LINE = new RegExp(
  '^(import\\b|from \\S+ import\\b|use [\\w:{]|(pub(\\([\\w:]+\\))? )?(use|mod) [\\w:{]+;?$|' +
    '#\\s*(?:include|import)\\b|package [\\w.]+;?$|(const |var |let )?[\\w{}, ]+ = require\\(|export \\{[^}]*\\} from )',
);
const OPERAND = '(?:[sx0_](?: [:.] [:.]? ?x)*(?: \\( [sx0_ .:,]*\\)?)?)';
const ARM = new RegExp(`^(?:x )?${OPERAND} (?:= >|:|- >) (?:x )?${OPERAND} [,;]?$`);
const PLAIN = /[A-Za-z_][A-Za-z0-9_]*|[0-9][0-9a-fA-FxX_.]*|\S/g;
const NAME_START = /^[\p{L}_]/u;
const DIGIT_START = /^[\p{Nd}\u00B2\u00B3\u00B9\u2070-\u2079\u2080-\u2089]/u;

/** A line with its white space folded, or '' when it does not count (too short, a comment, punctuation). */
export function folded(line, mark) {
  const s = line.split(/\s+/).filter(Boolean).join(' ');
  if (s.length < 3 || s.length > LINE_MAX || NO_SUBSTANCE.test(s)) return '';
  const aside = ['/*', '*', "'''", '"""', ...(['#', '//', '--'].includes(mark) ? [mark] : [])];
  return aside.some((a) => s.startsWith(a)) && !s.startsWith('*/') ? '' : s;
}

/** The line's tokens: names, numbers, closed strings ('…' or "…") whole, any other character alone. */
export function tokens(line) {
  const out = [];
  let rest = 0;
  let look = 0;
  const readTo = { '"': 0, "'": 0 };
  const plain = (from, to) => out.push(...(line.slice(from, to).match(PLAIN) ?? []));
  for (;;) {
    const m = /["']/.exec(line.slice(look));
    if (!m) break;
    const at = look + m.index;
    const quote = m[0];
    look = at + 1;
    if (at < readTo[quote]) continue;
    const body = (quote === '"' ? /^(?:[^"\\]|\\.)*/s : /^(?:[^'\\]|\\.)*/s).exec(line.slice(look));
    const end = look + body[0].length;
    if (line[end] === quote) {
      plain(rest, at);
      out.push(line.slice(at, end + 1));
      rest = end + 1;
      look = end + 1;
    } else readTo[quote] = end;
  }
  plain(rest, line.length);
  return out;
}

/** A line's shape (names 'x', strings 's', numbers '0', the rest as it is) and its names. */
export function shapeOf(line) {
  const toks = tokens(line);
  const names = toks.filter((t) => NAME_START.test(t));
  const letter = (t) => (NAME_START.test(t) ? 'x' : t[0] === '"' || t[0] === "'" ? 's' : DIGIT_START.test(t) ? '0' : t);
  return { shape: toks.map(letter).join(' '), names };
}

/** Does a line of this shape do something (a statement), rather than list or declare? */
function isStatement(shape, names) {
  const toks = shape.split(' ').filter(Boolean);
  if (!toks.length || toks[0] === '#' || ARM.test(shape)) return false;
  if (names.length && STATEMENT_WORDS.has(names[0])) return true;
  const opens = '{(:'.includes(toks.at(-1)) && !toks.includes('=');
  if (names.length && DECLARATION_WORDS.has(names[0]) && opens) return false;
  for (let k = 0; k < toks.length; k++) {
    const alone = k + 1 >= toks.length || !'=>'.includes(toks[k + 1]);
    if (toks[k] === '=' && alone && (k === 0 || !'=!<>'.includes(toks[k - 1]))) return true;
  }
  return toks.length >= 8;
}

/** The tokens of a line that are punctuation or keywords. */
const thinTokens = (shape, names) =>
  shape.split(' ').filter((t) => t && !['x', 's', '0'].includes(t)).length +
  names.filter((n) => KEYWORDS.has(n)).length;

/** The counted lines of a file's text: { text, shape, line, size, statement, thin }. */
export function countedLines(text, mark) {
  const rows = [];
  text.split('\n').forEach((raw, i) => {
    const s = folded(raw, mark);
    if (!s || HEADER_LINE.test(s)) return;
    const { shape, names } = shapeOf(s);
    const size = shape.split(' ').filter(Boolean).length;
    rows.push({
      text: s,
      shape,
      line: i + 1,
      size,
      statement: isStatement(shape, names),
      thin: thinTokens(shape, names),
    });
  });
  return rows;
}

/** Every window of WINDOW counted lines of a file: { exact, shaped ('' : too slight), from, to, thin }. */
export function windows(rows) {
  const out = [];
  for (let i = 0; i + WINDOW <= rows.length; i++) {
    const chunk = rows.slice(i, i + WINDOW);
    const count = chunk.reduce((n, r) => n + r.size, 0);
    const statements = chunk.filter((r) => r.statement).length;
    const slight = count < MIN_TOKENS * WINDOW || statements < MIN_STATEMENTS;
    out.push({
      exact: chunk.map((r) => r.text).join('\n'),
      shaped: slight ? '' : chunk.map((r) => r.shape).join('\n'),
      from: chunk[0].line,
      to: chunk[WINDOW - 1].line,
      thin: chunk.reduce((n, r) => n + r.thin, 0) > THIN_SHARE * Math.max(1, count),
    });
  }
  return out;
}

const byPlace = (p, q) => (p.file < q.file ? -1 : p.file > q.file ? 1 : p.from - q.from || p.to - q.to);
const folderOf = (file) => file.slice(0, Math.max(0, file.lastIndexOf('/')));
/** Does a shape stand in HABIT_FILES files of one folder (a folder's habit)? */
function habit(places) {
  const folders = new Map();
  for (const p of places) folders.set(folderOf(p.file), (folders.get(folderOf(p.file)) ?? new Set()).add(p.file));
  return [...folders.values()].some((files) => files.size >= HABIT_FILES);
}

/** The windows of `texts` ({ file: text }) by key: [exact buckets, shape buckets] (Maps of places). */
function buckets(texts) {
  const exact = new Map();
  const shaped = new Map();
  const add = (map, key, place) => (map.get(key) ?? map.set(key, []).get(key)).push(place);
  for (const file of Object.keys(texts).sort()) {
    for (const w of windows(countedLines(texts[file], markOf(file)))) {
      const place = { file, from: w.from, to: w.to, thin: w.thin };
      add(exact, w.exact, place);
      if (w.shaped) add(shaped, w.shaped, place);
    }
  }
  return [exact, shaped];
}

/** Runs of windows that follow on in both files, merged: [[a1, a2, b1, b2], ...]. */
function mergeRuns(hits) {
  const unique = [...new Map(hits.map((h) => [h.join(' '), h])).values()];
  unique.sort((x, y) => x[0] - y[0] || x[1] - y[1] || x[2] - y[2] || x[3] - y[3]);
  const runs = [];
  for (const [a1, a2, b1, b2] of unique) {
    const r = runs
      .slice(-4)
      .reverse()
      .find((q) => q[0] < a1 && a1 <= q[1] + 1 && q[2] < b1 && b1 <= q[3] + 1);
    if (r) {
      r[1] = Math.max(r[1], a2);
      r[3] = Math.max(r[3], b2);
    } else runs.push([a1, a2, b1, b2]);
  }
  return { runs, windows: unique.length };
}

/**
 * The pairs of places of `texts` ({ file: text }), most shared first: { a, b, windows, runs, kind,
 * boilerplate } (a, b: { file, from, to }, the longest run; kind 'exact' or 'shape'), and how many
 * keys were too common to pair.
 */
export function findRepeats(texts) {
  const pairs = new Map(); // "fileA\0fileB" -> { hits, solid, kind }
  let tooCommon = 0;
  const common = new Set(); // places of exact windows too common to pair
  const placeId = (p) => `${p.file}\0${p.from}\0${p.to}\0${p.thin}`;
  for (const [kind, map] of buckets(texts).map((m, i) => [i ? 'shape' : 'exact', m])) {
    for (const key of [...map.keys()].sort()) {
      const places = [...new Map(map.get(key).map((p) => [placeId(p), p])).values()];
      places.sort(byPlace);
      if (places.length > TOO_COMMON) {
        // counted once: a shape too common only where its exact lines are is not counted again
        const unseen = places.filter((p) => !common.has(placeId(p)));
        if (kind === 'exact') for (const p of places) common.add(placeId(p));
        if (unseen.length) tooCommon++;
        continue;
      }
      const folderHabit = kind === 'shape' && habit(places);
      places.forEach((a, j) => {
        for (const b of places.slice(j + 1)) {
          if (a.file === b.file && b.from <= a.to) continue;
          const id = `${a.file}\0${b.file}`;
          const pair = pairs.get(id) ?? pairs.set(id, { a: a.file, b: b.file, hits: [], solid: 0, kind }).get(id);
          pair.hits.push([a.from, a.to, b.from, b.to]);
          pair.solid += folderHabit || (kind === 'shape' && a.thin && b.thin) ? 0 : 1;
        }
      });
    }
  }
  const out = [...pairs.values()].map(({ a, b, hits, solid, kind }) => {
    const { runs, windows: w } = mergeRuns(hits);
    const [a1, a2, b1, b2] = runs.reduce((m, r) =>
      r[1] - r[0] > m[1] - m[0] || (r[1] - r[0] === m[1] - m[0] && r[0] < m[0]) ? r : m,
    );
    return {
      a: { file: a, from: a1, to: a2 },
      b: { file: b, from: b1, to: b2 },
      windows: w,
      runs: runs.length,
      kind,
      boilerplate: kind === 'shape' && 2 * solid < w,
    };
  });
  const text = (x, y) => (x < y ? -1 : x > y ? 1 : 0);
  out.sort(
    (p, q) =>
      p.boilerplate - q.boilerplate ||
      q.windows - p.windows ||
      text(p.a.file, q.a.file) ||
      p.a.from - q.a.from ||
      text(p.b.file, q.b.file) ||
      p.b.from - q.b.from,
  );
  return { pairs: out, tooCommon };
}

/** A pair as the tool prints its row (without the leading "Dn "). */
export function formatPair({ a, b, runs, kind, boilerplate }) {
  const more = runs > 1 ? ` (+${runs - 1} more run${runs > 2 ? 's' : ''})` : '';
  return `${a.file}:${a.from}-${a.to} ~ ${b.file}:${b.from}-${b.to}${kind === 'shape' ? ' shape' : ''}${boilerplate ? ' boilerplate' : ''}${more}`;
}

/** The texts of the files git lists below `dir` (tracked, or untracked and not ignored) that count. */
export function folderTexts(dir) {
  const ls = (...more) =>
    execFileSync('git', ['ls-files', '-z', '--exclude-standard', ...more], { cwd: dir, encoding: 'utf8' }).split('\0');
  const texts = {};
  for (const file of [...new Set([...ls('--cached'), ...ls('--others')])].filter(Boolean).sort()) {
    if (markOf(file) === undefined) continue;
    let data;
    try {
      data = readFileSync(path.join(dir, file));
    } catch {
      continue; // listed but gone (a deletion not yet staged)
    }
    if (data.length <= FILE_MAX && !data.includes(0)) texts[file] = data.toString('utf8');
  }
  return texts;
}

function main(argv) {
  let max = 4;
  let root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const folders = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--max') max = Number(argv[++i]);
    else if (argv[i] === '--root') root = path.resolve(argv[++i]);
    else folders.push(argv[i]);
  }
  if (!(max >= 0)) {
    console.error('usage: node scripts/repeats.mjs [--max N] [--root DIR] [FOLDER...]');
    return 2;
  }
  let counted = 0;
  for (const folder of folders.length ? folders : FOLDERS) {
    const { pairs, tooCommon } = findRepeats(folderTexts(path.resolve(root, folder)));
    const product = pairs.filter((p) => !p.boilerplate);
    counted += product.length;
    console.log(`${folder}: ${pairs.length} pairs, ${product.length} not boilerplate (${tooCommon} runs too common)`);
    pairs.forEach((p, i) => console.log(`  D${i + 1} ${formatPair(p)}`));
  }
  console.log(`repeats: ${counted} pairs that are not boilerplate (at most ${max})`);
  return counted > max ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
