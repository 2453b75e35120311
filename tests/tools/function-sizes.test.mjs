// The lint stage's function sizes (scripts/function-sizes.mjs): how it finds a function and counts
// its lines, in JS (TypeScript's parser) and C++ (braces at the function's own indent).
import assert from 'node:assert/strict';
import test from 'node:test';
import { cppFunctions, jsFunctions } from '../../scripts/function-sizes.mjs';

test('JS: declarations, arrows held by a variable, methods and nested closures, each counted whole', () => {
  const text = [
    'export function outer(a) {', // 1
    '  const inner = (b) => {', // 2
    '    return b + 1;', // 3
    '  };', // 4
    '  return inner(a);', // 5
    '}', // 6
    'const obj = { method() { return 1; } };', // 7
    'class C {', // 8
    '  run() {', // 9
    '    return 2;', // 10
    '  }', // 11
    '}', // 12
  ].join('\n');
  const got = jsFunctions('x.js', text).map(({ name, line, lines }) => `${name}@${line}:${lines}`);
  assert.deepEqual(got, ['outer@1:6', 'inner@2:3', 'method@7:1', 'run@9:3']);
});

test('C++: namespace-level and member functions from their first line to their closing brace', () => {
  const text = [
    'namespace la {', // 1
    'Status check(const Options& o,', // 2
    '             int n) {', // 3
    '  if (n < 0) {', // 4
    '    return Status::bad();', // 5
    '  }', // 6
    '  return {};', // 7
    '}', // 8
    'int declared_only(int x);', // 9
    'struct S {', // 10
    '  int get() const {', // 11
    '    return 1;', // 12
    '  }', // 13
    '};', // 14
    '}  // namespace la', // 15
  ].join('\n');
  const got = cppFunctions(text).map(({ name, line, lines }) => `${name}@${line}:${lines}`);
  assert.deepEqual(got, ['check@2:7', 'get@11:3']);
});
