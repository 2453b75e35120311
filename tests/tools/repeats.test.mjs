// scripts/repeats.mjs, the lint stage's repeated-code check, on small made-up files.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { countedLines, findRepeats, formatPair, shapeOf } from '../../scripts/repeats.mjs';

const SCRIPT = fileURLToPath(new URL('../../scripts/repeats.mjs', import.meta.url));

// Six lines of real code, each with more than one word.
const body = (tag) => [
  `const first = read(${tag});`,
  'const second = first * 2;',
  'if (second > limit) warn(second);',
  'total += second;',
  'count += 1;',
  'log(total, count);',
];
const file = (name, lines, kind = 'js') => ({ name, lines: countedLines(lines.join('\n'), kind) });

test('two files that share six counted lines make one pair, named by their lines in each file', () => {
  const a = file('a.js', ['function f() {', ...body('x'), '}']);
  const b = file('b.js', ['// another', '', 'const g = () => {', ...body('x'), '}']);
  const pairs = findRepeats([a, b]);
  assert.equal(pairs.length, 1);
  assert.equal(formatPair(pairs[0]), 'a.js:2-7 ~ b.js:4-9 (6 lines)');
});

test('five shared lines are not a pair', () => {
  const a = file('a.js', ['start(1);', ...body('x').slice(0, 5), 'stop(1);']);
  const b = file('b.js', ['let begin = 2;', ...body('x').slice(0, 5), 'end += 2;']);
  assert.deepEqual(findRepeats([a, b]), []);
});

test('blank lines, comments, lone punctuation and imports are passed over, neither counted nor breaking a run', () => {
  const lines = body('x');
  const a = file('a.js', [
    "import { x } from './x.js';",
    'import {',
    '  y,',
    '  z,',
    "} from './y.js';",
    ...lines.slice(0, 3),
    '',
    '  // a note',
    '/* a block',
    ' * of comment',
    ' */',
    '});',
    ...lines.slice(3),
  ]);
  assert.deepEqual(
    a.lines.map((l) => l.line),
    [6, 7, 8, 15, 16, 17],
  );
  const b = file('b.js', lines);
  assert.equal(formatPair(findRepeats([a, b])[0]), 'a.js:6-17 ~ b.js:1-6 (6 lines)');
  // Five real lines and an import line are five.
  const c = file('c.js', [...lines.slice(0, 5), "import w from './w.js';"]);
  const d = file('d.js', [...lines.slice(0, 5), "import w from './w.js';"]);
  assert.deepEqual(findRepeats([c, d]), []);
});

test('shell and HTML comments, #include and @import are passed over', () => {
  assert.deepEqual(
    countedLines('#!/bin/bash\n# note\nset -e\nsource ./lib.sh\necho "$x"', 'sh').map((l) => l.text),
    ['set -e', 'echo "$x"'],
  );
  assert.deepEqual(
    countedLines('<!-- a\nnote -->\n<p>one two</p>\n<!-- short -->', 'html').map((l) => l.text),
    ['<p>one two</p>'],
  );
  assert.deepEqual(
    countedLines('#include <vector>\n// c\nint  main()  {\n  return 0;\n}', 'cpp').map((l) => l.text),
    ['int main() {', 'return 0;'],
  );
  assert.deepEqual(
    countedLines("@import './a.css';\n.x {\n  color:   red;\n}", 'css').map((l) => l.text),
    ['.x {', 'color: red;'],
  );
});

test('a run in up to 8 places is counted (every two places a pair); in 9 or more it is boilerplate', () => {
  const places = (n) => Array.from({ length: n }, (_, i) => file(`f${i}.js`, [`own(${i});`, ...body('x')]));
  assert.equal(findRepeats(places(2)).length, 1);
  assert.equal(findRepeats(places(8)).length, (8 * 7) / 2);
  assert.deepEqual(findRepeats(places(9)), []);
});

test('a run of mostly thin lines (one word or none) is boilerplate', () => {
  const thin = ['h(', "'thead',", 'null,', 'h(', "'tr',", 'null,', "h('th', { scope: 'col' }, 'key'),"];
  assert.deepEqual(findRepeats([file('a.js', thin), file('b.js', thin)]), []);
  // Half thin, half real code still counts.
  const half = ['return;', 'const held = until - now();', 'if (held > 0) {', 'later(step, held);', 'return;', 'try {'];
  assert.equal(findRepeats([file('a.js', half), file('b.js', half)]).length, 1);
});

test('one pair per two files: the longest run is named, the others counted; a file can repeat itself', () => {
  const long = [...body('x'), 'extra(line, here);'];
  const other = [
    'for (const k of keys) seen.add(k);',
    'if (!seen.size) throw new Error(`none`);',
    'const sorted = [...seen].sort();',
    'while (queue.length > 0) queue.pop();',
    'let last = sorted.at(-1) ?? null;',
    'return { sorted, last };',
  ];
  const a = file('a.js', [...long, 'apart(1);', ...other]);
  const b = file('b.js', [...other, 'let gap = 2;', ...long]);
  const pairs = findRepeats([a, b]);
  assert.equal(pairs.length, 1);
  assert.equal(formatPair(pairs[0]), 'a.js:1-7 ~ b.js:8-14 (7 lines) (+1 more run)');
  const self = findRepeats([file('c.js', [...body('z'), 'between(a, b);', ...body('z')])]);
  assert.equal(formatPair(self[0]), 'c.js:1-6 ~ c.js:8-13 (6 lines)');
});

test('the command prints each pair and fails when there are more than --max', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'repeats-'));
  try {
    for (const n of ['a', 'b', 'c']) writeFileSync(path.join(dir, `${n}.js`), `${body('x').join('\n')}\n`);
    const args = [SCRIPT, '--root', dir, 'a.js', 'b.js', 'c.js'];
    const over = spawnSync(process.execPath, [...args, '--max', '2'], { encoding: 'utf8' });
    assert.equal(over.status, 1, over.stdout + over.stderr);
    assert.match(over.stdout, /^a\.js:1-6 ~ b\.js:1-6 \(6 lines\)$/m);
    assert.match(over.stdout, /^repeats: 3 pairs of places share 6 or more lines in 3 files \(at most 2\)$/m);
    const within = execFileSync(process.execPath, [...args, '--max', '3'], { encoding: 'utf8' });
    assert.match(within, /repeats: 3 pairs/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// A module loader, twice, for two modules: lines of one shape, sharing most of their names.
const loader = (m) => [
  "const fs = await import(['node', 'fs'].join(':'));",
  `const file = '../build/wasm/${m}.wasm';`,
  `options('create${m} options', opts, ['wasmBinary', 'locateFile']);`,
  'if (opts.wasmBinary) moduleOptions.wasmBinary = opts.wasmBinary;',
  'else if (isNode) moduleOptions.wasmBinary = await nodeWasmBinary();',
  `const M = await create${m}Module(moduleOptions);`,
];

test('lines of the same shape with other names, strings and numbers make a pair, marked shape', () => {
  const pairs = findRepeats([file('a.js', loader('A')), file('b.js', loader('B'))]);
  assert.equal(pairs.length, 1);
  assert.equal(formatPair(pairs[0]), 'a.js:1-6 ~ b.js:1-6 (6 lines) shape');
});

const setters = (names) => names.map((n) => `o.set("${n}", f64(r.${n}_field));`);
test('a shape is boilerplate in three places, overlapping itself, or sharing few names', () => {
  const six = (tag) => setters(['a', 'b', 'c', 'd', 'e', 'f'].map((n) => n + tag));
  const three = ['1', '2', '3'].map((t) => file(`${t}.cpp`, six(t), 'cpp'));
  assert.deepEqual(findRepeats(three), []);
  // One list of twelve alike lines is not two repeats of six.
  assert.deepEqual(findRepeats([file('list.cpp', [...six('x'), ...six('y')], 'cpp')]), []);
  // Alike lines that share one or two names: what is alike is punctuation and keywords.
  const few = (t) => ['a', 'b', 'c', 'd', 'e', 'f'].map((n) => `const ${n}${t} = read${t}(${n}${t});`);
  assert.deepEqual(findRepeats([file('p.js', few('p')), file('q.js', few('q'))]), []);
});

test('the shape of a line: names, strings and numbers as placeholders, keywords and CSS properties kept', () => {
  assert.equal(shapeOf("const total = read('a', 2);", 'js'), 'const x = x("", 0);');
  assert.equal(shapeOf('stroke-width: 2.5;', 'css'), 'stroke-width: 0;');
  assert.equal(
    shapeOf('if (!(st = check_int("n", n, 1, 64))) return st;', 'cpp'),
    'if (!(x = x("", x, 0, 0))) return x;',
  );
});
