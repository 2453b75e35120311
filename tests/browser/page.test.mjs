// The chapter page served from dist/ over HTTP (run `npm run build` first):
//   node --test tests/browser/page.test.mjs
// The same suite runs on the standalone file in page-standalone.test.mjs.
import { definePageSuite } from './page-suite.mjs';

definePageSuite('served dist/');
