// dist/chapter-04-standalone.html opened straight from disk (file://), no server, no network
// (run `npm run build` first):  node --test tests/browser/page-standalone.test.mjs
import { definePageSuite } from './page-suite.mjs';

definePageSuite('standalone file://');
