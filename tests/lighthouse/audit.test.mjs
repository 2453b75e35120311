// The Lighthouse stage (issue 20): accessibility, best practices and SEO score 1.00 on the served
// chapter and on embed.html for each demo. Performance is printed here and reported by
// `npm run bench` for both presets (a loaded test machine makes it too noisy to bound in a test).
//   node --test --test-concurrency=1 tests/lighthouse/audit.test.mjs     (npm run build first)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from '../../scripts/serve.mjs';
import { DIST } from '../browser/harness.mjs';
import { audit } from './lighthouse.mjs';

const CATEGORIES = ['accessibility', 'best-practices', 'seo'];
let server;

before(async () => {
  assert.ok(existsSync(join(DIST, 'index.html')), 'dist/index.html: run npm run build first');
  server = await startServer(DIST, { port: 0 });
});
after(() => server?.close());

const pages = [
  ['the chapter', 'index.html', 'mobile'],
  ...['ledger', 'memory', 'overcapacity'].map((d) => [`embed.html, ${d}`, `embed.html?demo=${d}`, 'mobile']),
];

for (const [label, path, preset] of pages) {
  test(`Lighthouse (${preset}), ${label}: accessibility, best practices and SEO at 1.00`, {
    timeout: 180000,
  }, async () => {
    const categories = path === 'index.html' ? ['performance', ...CATEGORIES] : CATEGORIES;
    const { scores, failing, metrics } = await audit(`${server.url}${path}`, { preset, categories });
    const perf =
      scores.performance === undefined
        ? ''
        : `performance ${scores.performance.toFixed(2)} (FCP ${Math.round(metrics.fcp)} ms, LCP ${Math.round(metrics.lcp)} ms, TBT ${Math.round(metrics.tbt)} ms, CLS ${metrics.cls.toFixed(3)}), `;
    console.log(`# ${label} (${preset}): ${perf}${CATEGORIES.map((c) => `${c} ${scores[c].toFixed(2)}`).join(', ')}`);
    for (const c of CATEGORIES)
      assert.equal(scores[c], 1, `${label}: ${c} ${scores[c]}; below 1:\n  ${failing[c].join('\n  ')}`);
  });
}
