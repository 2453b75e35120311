// TypeScript sees wasm/index.d.mts when it imports wasm/index.mjs (and spotlight.d.mts for
// spotlight.mjs): tsc type-checks a small importer (fixtures/api-types.mts) that uses the API
// rightly and, under @ts-expect-error, wrongly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const tsc = fileURLToPath(new URL('../../node_modules/typescript/bin/tsc', import.meta.url));
const fixture = 'tests/api/fixtures/api-types.mts';

test('a TypeScript importer of wasm/index.mjs gets its types (tsc --noEmit --strict passes)', () => {
  const r = spawnSync(
    process.execPath,
    [tsc, '--noEmit', '--strict', '--module', 'nodenext', '--target', 'es2022', fixture],
    { cwd: root, encoding: 'utf8', timeout: 540000 },
  );
  assert.equal(r.status, 0, `tsc failed:\n${r.stdout}${r.stderr}`);
});
