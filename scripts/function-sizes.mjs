// The lint stage's function sizes: every function of the product's code (web/src, web/build, wasm:
// JS by TypeScript's parser, C++ by its braces as clang-format lays them out) at most MAX lines,
// counted from its first line to its last. A function's lines include those of the functions
// inside it: a module made of one giant closure is one giant function.
//
//   node scripts/function-sizes.mjs [--max 80] [--list]
//
// Prints "function sizes: N over MAX lines" and each (file:line name lines); exits 1 on any that
// is not in scripts/function-sizes.todo.json, the functions still waiting to be split, each with
// the size it had when listed (a listed function may shrink, never grow; once under MAX it leaves
// the list, and the check says so).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const args = process.argv.slice(2);
const MAX = Number(args[args.indexOf('--max') + 1]) || 80;

/** The tracked files of the product's code. */
function productFiles() {
  const out = execFileSync('git', ['ls-files', 'web/src', 'web/build', 'wasm'], { cwd: root, encoding: 'utf8' });
  return out.split('\n').filter((f) => /\.(js|mjs|cpp|hpp)$/.test(f));
}

/** A function node's name: its own, its variable's, its property's or its method's. */
function nameOf(node) {
  if (node.name) return node.name.getText();
  const p = node.parent;
  if (p && (ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p)))
    return p.name.getText();
  return '(anonymous)';
}

/** { name, line, lines } of every JS function. */
export function jsFunctions(file, text) {
  const src = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const found = [];
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = src.getLineAndCharacterOfPosition(node.getStart(src)).line;
      const last = src.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ name: nameOf(node), line: first + 1, lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(src);
  return found;
}

/** { name, line, lines } of every C++ function defined at namespace level (clang-format puts its
 *  opening line at column 0 and its closing brace alone at column 0) or inside a class (indented
 *  the same). Lambdas are counted with the function that holds them. */
export function cppFunctions(text) {
  const lines = text.split('\n');
  const found = [];
  for (let i = 0; i < lines.length; i++) {
    const m = /^(\s*)(?!namespace|struct|class|enum|union|extern)[A-Za-z_].*?([A-Za-z_~][\w:~]*)\s*\([^;]*$/.exec(
      lines[i],
    );
    if (!m) continue;
    const indent = m[1];
    let j = i;
    while (j < lines.length && !lines[j].trimEnd().endsWith('{') && !lines[j].includes(';')) j++;
    if (j >= lines.length || !lines[j].trimEnd().endsWith('{') || lines[j].includes('}')) continue;
    let k = j + 1;
    while (k < lines.length && lines[k] !== `${indent}}` && lines[k] !== `${indent}};`) k++;
    if (k >= lines.length) continue;
    found.push({ name: m[2], line: i + 1, lines: k - i + 1 });
    i = k;
  }
  return found;
}

function main() {
  const over = [];
  for (const file of productFiles()) {
    const text = readFileSync(path.join(root, file), 'utf8');
    const fns = /\.[ch]pp$/.test(file) ? cppFunctions(text) : jsFunctions(file, text);
    for (const f of fns) if (f.lines > MAX) over.push({ file, ...f, key: `${file} ${f.name}` });
  }
  over.sort((a, b) => b.lines - a.lines);

  if (args.includes('--list')) {
    console.log(JSON.stringify(Object.fromEntries(over.map((f) => [f.key, f.lines])), null, 2));
    return 0;
  }
  const todo = JSON.parse(readFileSync(path.join(root, 'scripts/function-sizes.todo.json'), 'utf8'));
  let problems = 0;
  for (const f of over) {
    const listed = todo[f.key];
    const mark = listed === undefined ? 'NEW' : f.lines > listed ? `grew from ${listed}` : 'listed';
    if (listed === undefined || f.lines > listed) problems++;
    console.log(`  ${f.file}:${f.line} ${f.name}: ${f.lines} lines (${mark})`);
  }
  const seen = new Set(over.map((f) => f.key));
  for (const key of Object.keys(todo))
    if (!seen.has(key)) {
      problems++;
      console.log(`  ${key}: no longer over ${MAX} lines (or gone): take it off scripts/function-sizes.todo.json`);
    }
  console.log(`function sizes: ${over.length} over ${MAX} lines, ${Object.keys(todo).length} listed to split`);
  return problems ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname))
  process.exit(main());
