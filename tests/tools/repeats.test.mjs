// scripts/repeats.mjs, the lint stage's repeated-code check (counted as the `duplicates` tool
// counts), on small made-up files.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { countedLines, findRepeats, formatPair, markOf, shapeOf } from '../../scripts/repeats.mjs';

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
const rows = (pairs) => pairs.map(formatPair);

test('two files that share six counted lines make one pair, named by their lines in each file', () => {
  const { pairs } = findRepeats({
    'a.js': ['function f() {', ...body('x'), '}'].join('\n'),
    'b.js': ['// another', '', 'const g = () => {', ...body('x'), '}'].join('\n'),
  });
  assert.deepEqual(rows(pairs), ['a.js:2-7 ~ b.js:4-9']);
  assert.equal(pairs[0].kind, 'exact');
});

test('five shared lines are not a pair', () => {
  const { pairs } = findRepeats({
    'a.js': ['start(1);', ...body('x').slice(0, 5), 'stop(1);'].join('\n'),
    'b.js': ['let begin = 2;', ...body('x').slice(0, 5), 'end += 2;'].join('\n'),
  });
  assert.deepEqual(pairs, []);
});

test('blank lines, comment lines, lone punctuation and import lines are passed over', () => {
  const text = [
    "import { x } from './x.js';",
    'const a = 1;',
    '',
    '  // a note',
    '/* a block',
    ' * of comment',
    ' */',
    '});',
    'const b = 2;',
  ].join('\n');
  assert.deepEqual(
    countedLines(text, markOf('a.js')).map((l) => l.line),
    [2, 9],
  );
  assert.deepEqual(
    countedLines('#!/bin/bash\n# note\nset -e\necho "$x"', markOf('run.sh')).map((l) => l.text),
    ['set -e', 'echo "$x"'],
  );
  assert.deepEqual(
    countedLines('#include <vector>\n// c\nint  main()  {\n  return 0;\n}', markOf('m.cpp')).map((l) => l.text),
    ['int main() {', 'return 0;'],
  );
  // JSON, Markdown and anything under node_modules do not count.
  assert.equal(markOf('data.json'), undefined);
  assert.equal(markOf('README.md'), undefined);
  assert.equal(markOf('node_modules/x/index.js'), undefined);
  assert.equal(markOf('web/src/a.css'), '');
});

test('a run in up to 8 places is paired (every two places a pair); in 9 or more it is too common', () => {
  const places = (n) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`f${i}.js`, body('x').join('\n')]));
  assert.equal(findRepeats(places(2)).pairs.length, 1);
  assert.equal(findRepeats(places(8)).pairs.length, (8 * 7) / 2);
  const nine = findRepeats(places(9));
  assert.deepEqual(nine.pairs, []);
  assert.equal(nine.tooCommon, 1);
});

// Six lines of arithmetic, for one name tag: lines of one shape, with other names, and of substance.
const sums = (t) => [
  `const total${t} = price${t} * quantity${t} + shipping${t};`,
  `let tax${t} = total${t} * rate${t} / hundred${t};`,
  `if (tax${t} > limit${t}) warn(tax${t}, total${t});`,
  `count${t} = count${t} + items${t} - returns${t};`,
  `weight${t} = weight${t} + count${t} * unit${t};`,
  `return total${t} + tax${t} + count${t} * weight${t};`,
];

test('lines of the same shape with other names, strings and numbers make a pair, marked shape', () => {
  const { pairs } = findRepeats({ 'a.js': sums('A').join('\n'), 'b.js': sums('Bee').join('\n') });
  assert.deepEqual(rows(pairs), ['a.js:1-6 ~ b.js:1-6 shape']);
  assert.equal(pairs[0].boilerplate, false);
});

test('a shape that stands in three files of one folder is that folder’s habit: boilerplate', () => {
  const three = (folder) =>
    Object.fromEntries(['A', 'B', 'C'].map((m, i) => [`${folder(i)}/sum${m}.js`, sums(m).join('\n')]));
  const habit = findRepeats(three(() => 'api'));
  assert.deepEqual(rows(habit.pairs), [
    'api/sumA.js:1-6 ~ api/sumB.js:1-6 shape boilerplate',
    'api/sumA.js:1-6 ~ api/sumC.js:1-6 shape boilerplate',
    'api/sumB.js:1-6 ~ api/sumC.js:1-6 shape boilerplate',
  ]);
  // The same three files in three folders are three pairs that count.
  const apart = findRepeats(three((i) => `part${i}`));
  assert.equal(apart.pairs.length, 3);
  assert.ok(apart.pairs.every((p) => !p.boilerplate));
});

// A module loader, twice, for two modules: alike in shape, but most of each line is punctuation.
const loader = (m) => [
  "const fs = await import(['node', 'fs'].join(':'));",
  `const file = '../build/wasm/${m}.wasm';`,
  `options('create${m} options', opts, ['wasmBinary', 'locateFile']);`,
  'if (opts.wasmBinary) moduleOptions.wasmBinary = opts.wasmBinary;',
  'else if (isNode) moduleOptions.wasmBinary = await nodeWasmBinary();',
  `const M = await create${m}Module(moduleOptions);`,
];

test('a shape whose lines are mostly punctuation and keywords on both sides is boilerplate', () => {
  const { pairs } = findRepeats({ 'a.js': loader('A').join('\n'), 'b.js': loader('B').join('\n') });
  assert.deepEqual(rows(pairs), ['a.js:1-6 ~ b.js:1-6 shape boilerplate']);
});

test('a window with little in it (few tokens, fewer than two statements) is paired only when its lines are the same', () => {
  const list = (t) => ['a', 'b', 'c', 'd', 'e', 'f'].map((n) => `${n}${t}: 1,`);
  assert.deepEqual(findRepeats({ 'a.js': list('x').join('\n'), 'b.js': list('y').join('\n') }).pairs, []);
  assert.equal(findRepeats({ 'a.js': list('x').join('\n'), 'b.js': list('x').join('\n') }).pairs.length, 1);
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
  const { pairs } = findRepeats({
    'a.js': [...long, 'apart(1);', ...other].join('\n'),
    'b.js': [...other, 'let gap = 2;', ...long].join('\n'),
  });
  assert.deepEqual(rows(pairs), ['a.js:1-7 ~ b.js:8-14 (+1 more run)']);
  const self = findRepeats({ 'c.js': [...body('z'), 'between(a, b);', ...body('z')].join('\n') });
  assert.deepEqual(rows(self.pairs), ['c.js:1-6 ~ c.js:8-13']);
});

test('the shape of a line: names, strings and numbers as placeholders, the rest kept', () => {
  assert.equal(shapeOf("const total = read('a', 2);").shape, 'x x = x ( s , 0 ) ;');
  assert.deepEqual(shapeOf("const total = read('a', 2);").names, ['const', 'total', 'read']);
  assert.equal(shapeOf('stroke-width: 2.5;').shape, 'x - x : 0 ;');
  assert.equal(shapeOf('φ = "a \\" b";').shape, 'x = s ;');
});

test('the command reads each folder of a checkout as its own tree and fails over --max', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'repeats-'));
  try {
    for (const folder of ['one', 'two']) mkdirSync(path.join(dir, folder));
    for (const n of ['a', 'b', 'c']) writeFileSync(path.join(dir, 'one', `${n}.js`), `${body('x').join('\n')}\n`);
    writeFileSync(path.join(dir, 'two', 'd.js'), `${body('x').join('\n')}\n`);
    execFileSync('git', ['init', '-q'], { cwd: dir });
    const args = [SCRIPT, '--root', dir, 'one', 'two'];
    const over = spawnSync(process.execPath, [...args, '--max', '2'], { encoding: 'utf8' });
    assert.equal(over.status, 1, over.stdout + over.stderr);
    assert.match(over.stdout, /^ {2}D1 a\.js:1-6 ~ b\.js:1-6$/m);
    assert.match(over.stdout, /^one: 3 pairs, 3 not boilerplate/m);
    assert.match(over.stdout, /^two: 0 pairs/m); // d.js is alone in its folder
    assert.match(over.stdout, /^repeats: 3 pairs that are not boilerplate \(at most 2\)$/m);
    const within = execFileSync(process.execPath, [...args, '--max', '3'], { encoding: 'utf8' });
    assert.match(within, /repeats: 3 pairs/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
