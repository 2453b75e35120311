// The chapter's stylesheet holds every figure's styles (web/src/demos/styles.js), so that none
// arrives after the load as a sheet of its own (a parse, then a restyle of the page). The list
// there is the registry's demos written out (a bundler needs static imports): this keeps the two
// in step, so a demo added to the registry is not left to load its styles late.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { DEMOS } from '../../web/src/demos/registry.js';

const styles = readFileSync(new URL('../../web/src/demos/styles.js', import.meta.url), 'utf8');
const imported = [...styles.matchAll(/^import '([^']+)';/gm)].map((m) => m[1]);

test("the chapter's stylesheet imports the shared figure styles and each demo's stylesheet", () => {
  assert.ok(imported.includes('../styles/figure.css'), imported.join(', '));
  for (const { name } of DEMOS.filter((d) => d.load))
    assert.ok(imported.includes(`./${name}/${name}.css`), `${name}: not in web/src/demos/styles.js`);
});

test("each demo's index.js imports the shared figure styles before its own", () => {
  for (const { name } of DEMOS.filter((d) => d.load)) {
    const src = readFileSync(new URL(`../../web/src/demos/${name}/index.js`, import.meta.url), 'utf8');
    const shared = src.indexOf("import '../../styles/figure.css';");
    const own = src.indexOf(`import './${name}.css';`);
    assert.ok(shared >= 0 && own > shared, `${name}/index.js`);
  }
});
